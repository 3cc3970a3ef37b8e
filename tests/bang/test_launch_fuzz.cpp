// A seeded fuzz of the launch surface: random dims (zero, huge, wrapping),
// function types (every value of the enum's range), kernel behaviours
// (barriers, mismatched barriers, throws, checked-mode reports, launches from
// inside the kernel) and CNRT memory and queue calls around them. Each
// outcome is compared with the documented rules, written here independently.
//
// XBANG_FUZZ_SEED and XBANG_FUZZ_ITERATIONS override the defaults.
#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "harness.h"

namespace bang_test {
namespace {

long env_long(const char* name, long fallback) {
  const char* env = std::getenv(name);
  return env != nullptr && std::atol(env) > 0 ? std::atol(env) : fallback;
}

// The documented launch rules: 0 = Block, N = UnionN, -1 = not a type.
int union_of(int type) {
  switch (type) {
    case 1:
      return 0;
    case 4:
      return 1;
    case 8:
      return 2;
    case 16:
      return 4;
    case 32:
      return 8;
    case 64:
      return 16;
  }
  return -1;
}

bool legal(cnrtDim3_t dim, int type, long* tasks) {
  const int n = union_of(type);
  if (n < 0 || dim.x == 0 || dim.y == 0 || dim.z == 0) return false;
  const unsigned __int128 product = (unsigned __int128)dim.x * dim.y * dim.z;
  if (product > (1u << 20)) return false;
  *tasks = long(product);
  return n == 0 || *tasks % (4 * n) == 0;
}

unsigned random_extent(std::mt19937_64& rng) {
  switch (rng() % 6) {
    case 0:
      return 0;
    case 1:
      return unsigned(rng());  // anything, negative ints included
    case 2:
      return 1u << (rng() % 32);
    case 3:
      return 4u * unsigned(1 + rng() % 8);
    default:
      return unsigned(1 + rng() % 16);
  }
}

int random_type(std::mt19937_64& rng) {
  static const int kTypes[] = {1, 4, 8, 16, 32, 64};
  // Mostly real types; otherwise any value of the enum's range (0..127).
  return rng() % 4 != 0 ? kTypes[rng() % 6] : int(rng() % 128);
}

enum class Behaviour {
  kCount,
  kBarriers,
  kMismatched,
  kThrows,
  kReports,
  kNested,
  kCount_
};

TEST(BangLaunchFuzz, RandomLaunchesFollowTheRules) {
  const uint64_t seed = uint64_t(env_long("XBANG_FUZZ_SEED", 20261125));
  const long iterations = env_long("XBANG_FUZZ_ITERATIONS", 600);
  std::mt19937_64 rng(seed);
  testing::internal::CaptureStderr();
  long wrong = 0;
  std::string first_wrong;
  auto fail = [&](long i, const std::string& what) {
    if (wrong++ == 0) {
      first_wrong = "iteration " + std::to_string(i) + " (seed " +
                    std::to_string(seed) + "): " + what;
    }
  };
  std::vector<void*> allocations;
  for (long i = 0; i < iterations; ++i) {
    // CNRT memory and queue calls between launches.
    if (rng() % 3 == 0) {
      void* p = nullptr;
      const size_t bytes = 1 + rng() % 4096;
      if (cnrtMalloc(&p, bytes) == cnrtSuccess) {
        std::vector<uint8_t> host(bytes, uint8_t(i));
        if (cnrtMemcpy(p, host.data(), bytes, cnrtMemcpyHostToDev) !=
                cnrtSuccess ||
            cnrtMemset(p, int(i & 0xff), bytes) != cnrtSuccess ||
            cnrtMemcpy(host.data(), p, bytes, cnrtMemcpyDevToHost) !=
                cnrtSuccess ||
            host != std::vector<uint8_t>(bytes, uint8_t(i & 0xff))) {
          fail(i, "CNRT memory round trip");
        }
        allocations.push_back(p);
      }
      if (allocations.size() > 8) {
        const size_t k = rng() % allocations.size();
        if (cnrtFree(allocations[k]) != cnrtSuccess) fail(i, "cnrtFree");
        allocations.erase(allocations.begin() + long(k));
      }
    }
    cnrtQueue_t queue = test_queue();
    const bool own_queue = rng() % 4 == 0;
    if (own_queue && cnrtQueueCreate(&queue) != cnrtSuccess) {
      fail(i, "cnrtQueueCreate");
      continue;
    }
    cnrtDim3_t dim{random_extent(rng), random_extent(rng), random_extent(rng)};
    const int type = random_type(rng);
    long tasks = 0;
    // Keep legal launches small: the fuzz is about the surface.
    if (legal(dim, type, &tasks) && tasks > 4096) dim = {4, 2, 2};
    const bool ok = legal(dim, type, &tasks);
    const bool is_union = ok && union_of(type) > 0;
    const auto behaviour =
        static_cast<Behaviour>(rng() % int(Behaviour::kCount_));
    std::atomic<long> runs{0}, nested_ok{0};
    const cnrtRet_t ret = xbang::launch(
        dim, static_cast<cnrtFunctionType_t>(type), queue,
        [&, behaviour] {
          ++runs;
          switch (behaviour) {
            case Behaviour::kCount:
              break;
            case Behaviour::kBarriers:
              __sync_cluster();
              __sync_all();
              break;
            case Behaviour::kMismatched:
              if (__is_mpu()) {
                __sync_all();
              } else {
                __sync_cluster();
              }
              break;
            case Behaviour::kThrows:
              if (taskId == 0) throw std::runtime_error("fuzz");
              break;
            case Behaviour::kReports:
              if (taskId == 0 && !__is_mpu()) {
                __bang_write_value(static_cast<int32_t*>(nullptr), 32, 0);
              }
              break;
            case Behaviour::kNested:
              if (xbang::launch(
                      {1, 1, 1}, cnrtFuncTypeBlock, queue, [] {},
                      "fuzz_inner") == cnrtSuccess) {
                ++nested_ok;
              }
              break;
            case Behaviour::kCount_:
              break;
          }
        },
        "fuzz_kernel");
    if (own_queue && cnrtQueueDestroy(queue) != cnrtSuccess) {
      fail(i, "cnrtQueueDestroy");
    }
    const std::string what =
        "dim {" + std::to_string(dim.x) + ", " + std::to_string(dim.y) + ", " +
        std::to_string(dim.z) + "} type " + std::to_string(type) +
        " behaviour " + std::to_string(int(behaviour));
    if (!ok) {
      if (ret != cnrtErrorArgsInvalid || runs.load() != 0) {
        fail(i, what + ": an illegal launch ran or did not fail");
      }
      continue;
    }
    const long cores = is_union ? tasks + tasks / 4 : tasks;
    bool want_failure = behaviour == Behaviour::kThrows ||
                        behaviour == Behaviour::kReports ||
                        (behaviour == Behaviour::kMismatched && is_union);
    if (ret != (want_failure ? cnrtErrorLaunchFailed : cnrtSuccess)) {
      fail(i, what + ": returned " + std::to_string(int(ret)));
    }
    if (behaviour != Behaviour::kMismatched &&
        behaviour != Behaviour::kThrows && runs.load() != cores) {
      fail(i, what + ": ran " + std::to_string(runs.load()) + " cores of " +
                  std::to_string(cores));
    }
    if (nested_ok.load() != 0) fail(i, what + ": a nested launch ran");
  }
  for (void* p : allocations) cnrtFree(p);
  testing::internal::GetCapturedStderr();
  xbang::checked::clear_reports();
  EXPECT_EQ(wrong, 0) << first_wrong;
}

}  // namespace
}  // namespace bang_test
