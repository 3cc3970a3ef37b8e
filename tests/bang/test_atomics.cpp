// Atomics (docs/builtins.md) from 16 and more tasks: int32 exact whatever the
// interleaving, float within tolerance, deterministic mode bit-reproducible,
// and __bang_atomic_add handing back a consistent history of old values.
#include <algorithm>
#include <cstring>
#include <mutex>

#include "harness.h"

namespace bang_test {
namespace {

// Restores concurrent scheduling even when a test fails half way.
struct DeterministicScope {
  explicit DeterministicScope(bool on) { xbang::set_deterministic(on); }
  ~DeterministicScope() { xbang::set_deterministic(false); }
};

struct AtomicLaunch {
  cnrtDim3_t dim;
  cnrtFunctionType_t type;
  const char* what;
};
const AtomicLaunch kLaunches[] = {
    {{16, 1, 1}, cnrtFuncTypeBlock, "Block16"},
    {{4, 2, 2}, cnrtFuncTypeUnion1, "Union1x16"},
    {{32, 1, 1}, cnrtFuncTypeUnion2, "Union2x32"}};

int task_count(const AtomicLaunch& l) { return l.dim.x * l.dim.y * l.dim.z; }

// Each compute task adds its contribution `repeats` times; the destination
// starts one element into a buffer so that pieces straddle lock regions.
template <class T, class Contribution>
cnrtRet_t reduce_from_tasks(const AtomicLaunch& l, T* dst, int n, int repeats,
                            Contribution contribution, int op,
                            xbang::Counters* counters) {
  xbang::checked::clear_reports();
  return launch_checked(
      l.dim, l.type,
      [=] {
        if (__is_mpu()) return;
        T* src = reinterpret_cast<T*>(nram_arena());
        for (int i = 0; i < n; ++i) src[i] = contribution(taskId, i);
        for (int r = 0; r < repeats; ++r) {
          switch (op) {
            case 0:
              __bang_atomic_reduce_add(dst, src, n);
              break;
            case 1:
              __bang_atomic_reduce_min(dst, src, n);
              break;
            case 2:
              __bang_atomic_reduce_max(dst, src, n);
              break;
          }
        }
      },
      "atomic_reduce", 30, counters);
}

TEST(AtomicReduceAdd, Int32ExactFromManyTasks) {
  const int repeats = 20;
  for (const auto& l : kLaunches) {
    for (int n : {1, 7, 64, 1000}) {
      SCOPED_TRACE(std::string(l.what) + " n=" + std::to_string(n));
      std::vector<int32_t> init(n + 1);
      for (int i = 0; i <= n; ++i) init[i] = 5 * i - 300;
      xbang_test::DeviceBuffer g(init);
      auto contribution = [](int t, int i) { return int32_t(t * 1000 + i); };
      xbang::Counters counters;
      ASSERT_EQ(reduce_from_tasks(l, static_cast<int32_t*>(g.get()) + 1, n,
                                  repeats, contribution, 0, &counters),
                cnrtSuccess)
          << reports_text();
      const auto got = g.to_host<int32_t>();
      EXPECT_EQ(got[0], init[0]) << "wrote before dst";
      for (int i = 0; i < n; ++i) {
        int64_t want = init[i + 1];
        for (int t = 0; t < task_count(l); ++t) {
          want += int64_t(repeats) * contribution(t, i);
        }
        ASSERT_EQ(got[i + 1], want) << "element " << i;
      }
      EXPECT_EQ(counters.atomic_updates, uint64_t(task_count(l)) * repeats * n);
    }
  }
}

TEST(AtomicReduceAdd, FloatWithinTolerance) {
  const int n = 1000, repeats = 4;
  for (const auto& l : kLaunches) {
    SCOPED_TRACE(l.what);
    std::vector<float> init(n, 0.5f);
    xbang_test::DeviceBuffer g(init);
    auto contribution = [](int t, int i) {
      return float(((t * 131 + i * 17) % 1000) - 400) * 1e-3f;
    };
    ASSERT_EQ(reduce_from_tasks(l, static_cast<float*>(g.get()), n, repeats,
                                contribution, 0, nullptr),
              cnrtSuccess)
        << reports_text();
    const auto got = g.to_host<float>();
    for (int i = 0; i < n; ++i) {
      double want = init[i], magnitude = std::fabs(init[i]);
      for (int t = 0; t < task_count(l); ++t) {
        want += double(repeats) * contribution(t, i);
        magnitude += repeats * std::fabs(contribution(t, i));
      }
      ASSERT_NEAR(got[i], want, 1e-6 * magnitude + 1e-6) << "element " << i;
    }
  }
}

TEST(AtomicReduceAdd, HalfWithinTolerance) {
  const int n = 200;
  const AtomicLaunch& l = kLaunches[1];
  std::vector<half> init(n, make_half(1.0f));
  xbang_test::DeviceBuffer g(init);
  auto contribution = [](int t, int i) {
    return make_half(float((t + i) % 8) * 0.125f);
  };
  ASSERT_EQ(reduce_from_tasks(l, static_cast<half*>(g.get()), n, 1,
                              contribution, 0, nullptr),
            cnrtSuccess)
      << reports_text();
  const auto got = g.to_host<half>();
  for (int i = 0; i < n; ++i) {
    double want = 1.0;
    for (int t = 0; t < task_count(l); ++t) {
      want += half_value(contribution(t, i));
    }
    // Every partial sum is a multiple of 1/8 below 2048: exact in half.
    ASSERT_EQ(half_value(got[i]), want) << "element " << i;
  }
}

// In deterministic mode tasks run one at a time in taskId order: the float
// sum is exactly the sequential sum in that order, on every run.
TEST(AtomicReduceAdd, DeterministicModeIsBitReproducible) {
  DeterministicScope deterministic(true);
  const int n = 333, repeats = 3;
  auto contribution = [](int t, int i) {
    return 1.0f / float(3 + t * 7 + i % 13) * (i % 2 ? 1.f : -1.f);
  };
  for (const auto& l : kLaunches) {
    SCOPED_TRACE(l.what);
    std::vector<float> want(n, 0.1f);
    for (int t = 0; t < task_count(l); ++t) {
      for (int r = 0; r < repeats; ++r) {
        for (int i = 0; i < n; ++i) {
          want[i] = want[i] + contribution(t, i);
        }
      }
    }
    for (int run = 0; run < 3; ++run) {
      xbang_test::DeviceBuffer g(std::vector<float>(n, 0.1f));
      ASSERT_EQ(reduce_from_tasks(l, static_cast<float*>(g.get()), n, repeats,
                                  contribution, 0, nullptr),
                cnrtSuccess)
          << reports_text();
      EXPECT_TRUE(arrays_equal(g.to_host<float>(), want)) << "run " << run;
    }
  }
}

template <class T>
void check_min_max(bool max) {
  const int n = 500;
  for (const auto& l : kLaunches) {
    SCOPED_TRACE(std::string(max ? "max " : "min ") + Elem<T>::name() + " " +
                 l.what);
    const std::vector<T> init(n, Elem<T>::make(max ? -1.0 : 1.0));
    xbang_test::DeviceBuffer g(init);
    auto contribution = [](int t, int i) {
      return Elem<T>::make(double(((t * 37 + i * 11) % 101) - 50));
    };
    ASSERT_EQ(reduce_from_tasks(l, static_cast<T*>(g.get()), n, 2, contribution,
                                max ? 2 : 1, nullptr),
              cnrtSuccess)
        << reports_text();
    std::vector<T> want = init;
    for (int i = 0; i < n; ++i) {
      for (int t = 0; t < task_count(l); ++t) {
        const T v = contribution(t, i);
        const double a = Elem<T>::value(want[i]), b = Elem<T>::value(v);
        if (max ? b > a : b < a) want[i] = v;
      }
    }
    EXPECT_TRUE(arrays_equal(g.to_host<T>(), want));
  }
}

TEST(AtomicReduceMinMax, Int32) {
  check_min_max<int32_t>(false);
  check_min_max<int32_t>(true);
}
TEST(AtomicReduceMinMax, Float) {
  check_min_max<float>(false);
  check_min_max<float>(true);
}
TEST(AtomicReduceMinMax, Half) {
  check_min_max<half>(false);
  check_min_max<half>(true);
}

// Every task adds 1 to each element `repeats` times and keeps the old
// values: per element the old values seen by all updates must be exactly
// init, init + 1, ..., init + updates - 1 (a valid serialisation).
template <class T>
void check_atomic_add_history(bool scalar_form) {
  const int n = 64, repeats = 5;
  for (const auto& l : kLaunches) {
    SCOPED_TRACE(std::string(Elem<T>::name()) + " " + l.what +
                 (scalar_form ? " scalar" : " array"));
    const int tasks = task_count(l);
    xbang_test::DeviceBuffer g(std::vector<T>(n, Elem<T>::make(10)));
    std::vector<T> olds(size_t(tasks) * repeats * n, Elem<T>::make(-1));
    T* dst = static_cast<T*>(g.get());
    T* olds_host = olds.data();
    xbang::Counters counters;
    xbang::checked::clear_reports();
    ASSERT_EQ(launch_checked(
                  l.dim, l.type,
                  [=] {
                    if (__is_mpu()) return;
                    T* ones = reinterpret_cast<T*>(nram_arena());
                    T* old = ones + n;
                    for (int i = 0; i < n; ++i) ones[i] = Elem<T>::make(1);
                    for (int r = 0; r < repeats; ++r) {
                      if (scalar_form) {
                        __bang_atomic_add(old, dst, Elem<T>::make(1), n);
                      } else {
                        __bang_atomic_add(old, dst, ones, n);
                      }
                      std::memcpy(
                          olds_host + (size_t(taskId) * repeats + r) * n, old,
                          n * sizeof(T));
                    }
                  },
                  "atomic_add_old", 30, &counters),
              cnrtSuccess)
        << reports_text();
    const int updates = tasks * repeats;
    const auto final_values = g.to_host<T>();
    for (int i = 0; i < n; ++i) {
      ASSERT_EQ(Elem<T>::value(final_values[i]), 10.0 + updates) << i;
      std::vector<double> seen;
      for (int u = 0; u < updates; ++u) {
        seen.push_back(Elem<T>::value(olds[size_t(u) * n + i]));
      }
      std::sort(seen.begin(), seen.end());
      for (int u = 0; u < updates; ++u) {
        ASSERT_EQ(seen[u], 10.0 + u) << "element " << i;
      }
    }
    EXPECT_EQ(counters.atomic_updates, uint64_t(updates) * n);
  }
}

// One core at a time in taskId order: task t's r-th update sees exactly
// init + t*repeats + r.
TEST(AtomicAdd, DeterministicModeOldValuesFollowTaskOrder) {
  DeterministicScope deterministic(true);
  const int n = 16, repeats = 3, tasks = 16;
  xbang_test::DeviceBuffer g(std::vector<int32_t>(n, 7));
  std::vector<int32_t> olds(size_t(tasks) * repeats * n, -1);
  int32_t* dst = static_cast<int32_t*>(g.get());
  int32_t* olds_host = olds.data();
  ASSERT_EQ(launch_checked(
                {uint32_t(tasks), 1, 1}, cnrtFuncTypeBlock,
                [=] {
                  int32_t* old = reinterpret_cast<int32_t*>(nram_arena());
                  for (int r = 0; r < repeats; ++r) {
                    __bang_atomic_add(old, dst, int32_t(1), n);
                    std::memcpy(olds_host + (size_t(taskId) * repeats + r) * n,
                                old, n * 4);
                  }
                },
                "atomic_add_deterministic"),
            cnrtSuccess)
      << reports_text();
  for (int t = 0; t < tasks; ++t) {
    for (int r = 0; r < repeats; ++r) {
      for (int i = 0; i < n; ++i) {
        ASSERT_EQ(olds[(size_t(t) * repeats + r) * n + i], 7 + t * repeats + r)
            << "task " << t << " repeat " << r << " element " << i;
      }
    }
  }
}

TEST(AtomicAdd, ReturnsOldValuesInt32) {
  check_atomic_add_history<int32_t>(false);
  check_atomic_add_history<int32_t>(true);
}
TEST(AtomicAdd, ReturnsOldValuesFloat) {
  check_atomic_add_history<float>(false);
  check_atomic_add_history<float>(true);
}
TEST(AtomicAdd, ReturnsOldValuesHalf) { check_atomic_add_history<half>(false); }

}  // namespace
}  // namespace bang_test
