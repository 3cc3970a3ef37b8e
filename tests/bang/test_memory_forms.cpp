// Fills, scalar access, space predicates, strided __bang_move, the
// __bang_gather forms and the task-model spellings (bang/include/xbang/
// builtins/memset.h, scalar_access.h, memory.h, gather_scatter.h,
// task_spellings.h).
// This executable has its own WRAM and SRAM variables.
#include <atomic>
#include <numeric>

#include "harness.h"
#include "report_check.h"

namespace bang_test {
namespace {

constexpr int kOnchipFloats = 4096;
__wram__ float wram_floats[kOnchipFloats];
__mlu_shared__ float sram_floats[kOnchipFloats];

// Core 0 of a Union1 cluster runs `body`; every other core returns.
void run_on_core0(const std::function<void()>& body, const char* name) {
  xbang::checked::clear_reports();
  const cnrtRet_t ret = launch_checked(
      {4, 1, 1}, cnrtFuncTypeUnion1,
      [&] {
        if (__is_mpu() || coreId != 0) return;
        body();
      },
      name);
  ASSERT_EQ(ret, cnrtSuccess) << name << reports_text();
  EXPECT_TRUE(xbang::checked::reports().empty()) << reports_text();
}

// The runs a strided fill writes: count elements every stride_bytes.
template <class T>
std::vector<T> filled(std::vector<T> base, int count, T value, int stride,
                      int segnum) {
  for (int s = 0; s <= segnum; ++s) {
    for (int i = 0; i < count; ++i) {
      base[s * stride / int(sizeof(T)) + i] = value;
    }
  }
  return base;
}

TEST(Fill, EverySpaceAndForm) {
  constexpr int kN = 300;
  const std::vector<float> zeros(kN, 0.f);
  xbang_test::DeviceBuffer g_gdram(zeros), g_nram(zeros), g_sram(zeros),
      g_wram(zeros), g_async(zeros), g_int(std::vector<int32_t>(kN, 0)),
      g_half(std::vector<half>(kN, half(0.f)));
  run_on_core0(
      [&] {
        float* gd = static_cast<float*>(g_gdram.get());
        __gdramset(gd, 37, -1.5f);
        __gdramset(gd + 40, 3, 2.0, 64, 4);  // 5 runs of 3, 16 floats apart
        __gdramset(static_cast<int32_t*>(g_int.get()), 101, 7);
        __gdramset(static_cast<half*>(g_half.get()), 19, half(0.25f));
        float* n = reinterpret_cast<float*>(nram_arena());
        __nramset(n, kN, 0.f);
        __nramset(n, 9, 4.f, 40, 6);
        __memcpy(g_nram.get(), n, kN * 4, NRAM2GDRAM);
        __sramset(sram_floats, kN, 0.f);
        __sramset(sram_floats + 1, 1, -INFINITY, 12, 20);
        __memcpy(g_sram.get(), sram_floats, kN * 4, SRAM2GDRAM);
        __wramset(wram_floats, kN, 0.f);
        __wramset(wram_floats, 250, 9.f);
        __memcpy(n, wram_floats, kN * 4, WRAM2NRAM);
        __memcpy(g_wram.get(), n, kN * 4, NRAM2GDRAM);
        // mutual_information's first column of a [s][t] matrix, then a row.
        __nramset(n, kN, 0.f);
        __nramset_async(n, 1, -INFINITY, 10 * int(sizeof(float)), 9);
        __nramset_async(n + 1, 9, -1.0e30f, 0, 0);
        __sync();
        __memcpy(g_async.get(), n, kN * 4, NRAM2GDRAM);
      },
      "fill_every_space");
  std::vector<float> want_gdram = filled(zeros, 37, -1.5f, 0, 0);
  for (int run = 0; run <= 4; ++run) {
    for (int i = 0; i < 3; ++i) want_gdram[40 + run * 16 + i] = 2.f;
  }
  EXPECT_EQ(g_gdram.to_host<float>(), want_gdram);
  auto ints = g_int.to_host<int32_t>();
  for (int i = 0; i < kN; ++i) ASSERT_EQ(ints[i], i < 101 ? 7 : 0) << i;
  auto halves = g_half.to_host<half>();
  for (int i = 0; i < kN; ++i) {
    ASSERT_EQ(half_value(halves[i]), i < 19 ? 0.25f : 0.f) << i;
  }
  EXPECT_EQ(g_nram.to_host<float>(), filled(zeros, 9, 4.f, 40, 6));
  std::vector<float> want_sram(zeros);
  for (int s = 0; s <= 20; ++s) want_sram[1 + s * 3] = -INFINITY;
  EXPECT_EQ(g_sram.to_host<float>(), want_sram);
  EXPECT_EQ(g_wram.to_host<float>(), filled(zeros, 250, 9.f, 0, 0));
  std::vector<float> want_async(zeros);
  for (int s = 0; s < 10; ++s) want_async[s * 10] = -INFINITY;
  for (int i = 1; i < 10; ++i) want_async[i] = -1.0e30f;
  EXPECT_EQ(g_async.to_host<float>(), want_async);
}

// The LDRAM and remaining async spellings, each into its own space.
// A one-byte value fills bytes whatever the pointer's type: mlu-ops' complex
// abs writes the bit masks 0xAA and 0x55 with
// __bang_write_value((float*)aux, n * sizeof(float), (int8_t)0xAA), and
// roi_align_rotated a run of bytes through a T pointer.
TEST(Fill, ByteValueFillsBytes) {
  constexpr int kBytes = 24, kFloats = 16;
  xbang_test::DeviceBuffer g(std::vector<float>(kFloats, 1.f));
  run_on_core0(
      [&] {
        float* n = reinterpret_cast<float*>(nram_arena());
        __bang_write_value(n, kFloats, 1.f);
        __bang_write_value(n, kBytes, (int8_t)0x55);
        __memset_nram(n + 8, 4, (uint8_t)0xAA);
        __memcpy(g.get(), n, kFloats * 4, NRAM2GDRAM);
      },
      "byte_fill");
  const auto bytes = g.to_host<uint8_t>();
  for (int i = 0; i < kBytes; ++i) ASSERT_EQ(bytes[i], 0x55) << "byte " << i;
  for (int i = 32; i < 36; ++i) ASSERT_EQ(bytes[i], 0xAA) << "byte " << i;
  const auto floats = g.to_host<float>();
  for (int i : {6, 7, 9, 15}) EXPECT_EQ(floats[i], 1.f) << "float " << i;
}

TEST(Fill, LdramAndAsyncSpellings) {
  constexpr int kN = 64;
  xbang_test::DeviceBuffer g_ldram(std::vector<int16_t>(kN, 0)),
      g_async(std::vector<float>(kN, 0.f)), g_sram(std::vector<float>(kN, 0.f)),
      g_wram(std::vector<float>(kN, 0.f));
  run_on_core0(
      [&] {
        __ldramset(static_cast<int16_t*>(g_ldram.get()), 5, int16_t(300));
        __ldramset(static_cast<int16_t*>(g_ldram.get()) + 10, 2, int16_t(-4), 8,
                   3);
        __gdramset_async(static_cast<float*>(g_async.get()), 3, 1.f, 16, 2);
        __sramset_async(sram_floats, kN, 2.f);
        __wramset_async(wram_floats, kN, 0.f);
        __wramset_async(wram_floats, 1, 3.f, 8, 7);
        __sync();
        __memcpy(g_sram.get(), sram_floats, kN * 4, SRAM2GDRAM);
        float* n = reinterpret_cast<float*>(nram_arena());
        __memcpy(n, wram_floats, kN * 4, WRAM2NRAM);
        __memcpy(g_wram.get(), n, kN * 4, NRAM2GDRAM);
      },
      "fill_spellings");
  std::vector<int16_t> want_ldram(kN, 0);
  for (int i = 0; i < 5; ++i) want_ldram[i] = 300;
  for (int s = 0; s <= 3; ++s)
    want_ldram[10 + 4 * s] = want_ldram[11 + 4 * s] = -4;
  EXPECT_EQ(g_ldram.to_host<int16_t>(), want_ldram);
  EXPECT_EQ(g_async.to_host<float>(),
            filled(std::vector<float>(kN, 0.f), 3, 1.f, 16, 2));
  EXPECT_EQ(g_sram.to_host<float>(), std::vector<float>(kN, 2.f));
  EXPECT_EQ(g_wram.to_host<float>(),
            filled(std::vector<float>(kN, 0.f), 1, 3.f, 8, 7));
}

TEST(Fill, CheckedModeReports) {
  expect_report(
      "__gdramset",
      [](int8_t* nram) { __gdramset(reinterpret_cast<float*>(nram), 4, 1.f); },
      "GDRAM");
  expect_report(
      "__nramset_async",
      [](int8_t* nram) {
        __nramset_async(reinterpret_cast<float*>(nram), 8, 1.f, 16, 3);
      },
      "shorter");
  expect_report("__nramset", [](int8_t* nram) {
    __nramset(reinterpret_cast<float*>(nram), int(kArenaBytes), 0.f);
  });
  expect_report("__wramset", [](int8_t* nram) { __wramset(nram, 8, 0); });
}

TEST(ScalarAccess, LoadsStoresAndPredicates) {
  xbang_test::DeviceBuffer g(std::vector<float>{1.f, 2.f, 3.f, 4.f});
  xbang_test::DeviceBuffer flags(std::vector<int32_t>(16, -1));
  run_on_core0(
      [&] {
        float* gd = static_cast<float*>(g.get());
        float* n = reinterpret_cast<float*>(nram_arena());
        __store_nram(n, 5.5f);
        __store_wram(wram_floats + 3, 6.5);
        __store_sram(sram_floats + 2, half(7.5f));
        __store_gdram(gd + 1, __load_gdram(gd + 3) + __load_nram(n) +
                                  __load_wram(wram_floats + 3) +
                                  __load_sram(sram_floats + 2));
        int32_t* f = static_cast<int32_t*>(flags.get());
        const void* where[4] = {n, wram_floats, sram_floats, gd};
        for (int i = 0; i < 4; ++i) {
          f[4 * i + 0] = __is_nram(where[i]);
          f[4 * i + 1] = __is_wram(where[i]);
          f[4 * i + 2] = __is_sram(where[i]);
          f[4 * i + 3] = __is_dram(where[i]);
        }
      },
      "scalar_access");
  EXPECT_EQ(g.to_host<float>()[1], 4.f + 5.5f + 6.5f + 7.5f);
  const auto f = flags.to_host<int32_t>();
  for (int i = 0; i < 4; ++i) {
    for (int j = 0; j < 4; ++j) {
      EXPECT_EQ(f[4 * i + j], i == j ? 1 : 0) << "space " << i << " test " << j;
    }
  }
  // Outside a launch nothing is NRAM or WRAM.
  float host = 0;
  EXPECT_FALSE(__is_nram(&host));
  EXPECT_FALSE(__is_wram(&host));
  EXPECT_TRUE(__is_dram(&host));
}

TEST(ScalarAccess, WrongSpaceIsReportedAndSkipped) {
  xbang_test::DeviceBuffer g(std::vector<float>{1.f});
  expect_report(
      "__load_gdram",
      [](int8_t* nram) {
        float v = __load_gdram(reinterpret_cast<float*>(nram));
        EXPECT_EQ(v, 0.f);
      },
      "GDRAM");
  expect_report("__store_nram", [&](int8_t*) {
    __store_nram(static_cast<float*>(g.get()), 9.f);
  });
  EXPECT_EQ(g.to_host<float>()[0], 1.f) << "a reported store must not write";
}

TEST(StridedMove, InterleavesLikeTheFftKernel) {
  constexpr int kCount = 37;
  std::vector<float> cos_values(kCount), sin_values(kCount);
  std::iota(cos_values.begin(), cos_values.end(), 1.f);
  std::iota(sin_values.begin(), sin_values.end(), 100.f);
  NramCase c;
  const int ic = c.add(cos_values), is = c.add(sin_values);
  const int io = c.add_filled<float>(2 * kCount + 4, -1.f);
  ASSERT_TRUE(c.run([&](const NramCase& k) {
    float* out = k.ptr<float>(io);
    __bang_move(out, k.ptr<float>(ic), sizeof(float), 2 * sizeof(float),
                sizeof(float), kCount);
    __bang_move(out + 1, k.ptr<float>(is), sizeof(float), 2 * sizeof(float),
                sizeof(float), kCount);
  }));
  const auto got = c.get<float>(io);
  for (int i = 0; i < kCount; ++i) {
    ASSERT_EQ(got[2 * i], cos_values[i]) << i;
    ASSERT_EQ(got[2 * i + 1], sin_values[i]) << i;
  }
  for (int i = 2 * kCount; i < 2 * kCount + 4; ++i) EXPECT_EQ(got[i], -1.f);
  expect_report("__bang_move", [](int8_t* nram) {
    __bang_move(nram, nram + 64, 4, 8, 4, int(kArenaBytes / 4));
  });
}

TEST(BangGather, FromGdramAndSramWithAndWithoutMask) {
  constexpr int kRows = 20, kRow = 12;  // floats per row
  std::vector<float> table(kRows * kRow);
  std::iota(table.begin(), table.end(), 0.f);
  xbang_test::DeviceBuffer g_table(table);
  std::vector<uint32_t> offsets = {19, 0, 7, 7, 3, 11, 2, 18, 5};
  for (auto& o : offsets) o *= kRow * sizeof(float);
  const int n = int(offsets.size());
  const uint8_t mask[2] = {0b10110101, 0b1};
  xbang_test::DeviceBuffer g_out(std::vector<float>(4 * n * kRow, -1.f));
  run_on_core0(
      [&] {
        float* out = reinterpret_cast<float*>(nram_arena());
        uint32_t* off = reinterpret_cast<uint32_t*>(out + 4 * n * kRow);
        uint8_t* m = reinterpret_cast<uint8_t*>(off + 16);
        std::memcpy(off, offsets.data(), n * 4);
        std::memcpy(m, mask, 2);
        __nramset(out, 4 * n * kRow, -1.f);
        __memcpy(sram_floats, g_table.get(), int(table.size() * 4), GDRAM2SRAM);
        const int row_bytes = kRow * sizeof(float);
        __bang_gather(out, g_table.get(), off, row_bytes, row_bytes, n);
        __bang_gather_async(out + n * kRow, g_table.get(), off, m, row_bytes,
                            row_bytes, n);
        __bang_gather(out + 2 * n * kRow, sram_floats, off, m, row_bytes,
                      row_bytes, n);
        __bang_gather_async(out + 3 * n * kRow, sram_floats, off, row_bytes,
                            row_bytes, n);
        __sync();
        __memcpy(g_out.get(), out, 4 * n * kRow * 4, NRAM2GDRAM);
      },
      "bang_gather_forms");
  const auto got = g_out.to_host<float>();
  for (int form = 0; form < 4; ++form) {
    const bool masked = form == 1 || form == 2;
    for (int i = 0; i < n; ++i) {
      const bool on = !masked || ((mask[i / 8] >> (i % 8)) & 1);
      for (int j = 0; j < kRow; ++j) {
        const float want = on ? table[offsets[i] / sizeof(float) + j] : -1.f;
        ASSERT_EQ(got[(form * n + i) * kRow + j], want)
            << "form " << form << " row " << i;
      }
    }
  }
}

TEST(TaskSpellings, ClusterSyncSeesEveryCoresSramWrite) {
  xbang_test::DeviceBuffer g_seen(std::vector<float>(8, 0.f));
  xbang::checked::clear_reports();
  const cnrtRet_t ret = launch_checked(
      {8, 1, 1}, cnrtFuncTypeUnion1,
      [&] {
        if (__is_mpu()) return;
        __store_sram(sram_floats + coreId, float(coreId + 1 + 10 * clusterId));
        __sync_all_ipu_within_cluster();
        float sum = 0;
        for (int i = 0; i < coreDim; ++i) sum += __load_sram(sram_floats + i);
        static_cast<float*>(g_seen.get())[taskId] = sum;
      },
      "sync_all_ipu_within_cluster");
  ASSERT_EQ(ret, cnrtSuccess) << reports_text();
  const auto seen = g_seen.to_host<float>();
  for (int t = 0; t < 8; ++t) {
    const int cluster = t / 4;
    EXPECT_EQ(seen[t], 10.f + 40.f * cluster) << "task " << t;
  }
}

TEST(TaskSpellings, LockMakesAReadModifyWriteExclusive) {
  constexpr int kRounds = 2000;
  xbang_test::DeviceBuffer g_count(std::vector<int64_t>(1, 0));
  const cnrtRet_t ret = launch_checked(
      {16, 1, 1}, cnrtFuncTypeBlock,
      [&] {
        volatile int64_t* count = static_cast<int64_t*>(g_count.get());
        for (int i = 0; i < kRounds; ++i) {
          __bang_lock(0, 0);
          const int64_t seen = *count;
          *count = seen + 1;
          __bang_unlock(0, 0);
        }
      },
      "bang_lock");
  ASSERT_EQ(ret, cnrtSuccess) << reports_text();
  EXPECT_EQ(g_count.to_host<int64_t>()[0], 16 * kRounds);
}

TEST(TaskSpellings, PrintfFormatsLikePrintf) {
  ::testing::internal::CaptureStdout();
  const int written =
      __bang_printf("[taskId : %d] %s %.2f %.1f\n", 3, "x", 1.25f, half(0.5f));
  __bang_printf("plain\n");
  std::fflush(stdout);
  const std::string out = ::testing::internal::GetCapturedStdout();
  EXPECT_EQ(out, "[taskId : 3] x 1.25 0.5\nplain\n");
  EXPECT_EQ(written, 24);
}

}  // namespace
}  // namespace bang_test

namespace bang_test {
namespace {

// mmcv's NMS reduction: each cluster copies its partial result into cluster
// 0's SRAM (__memcpy(..., SRAM2SRAM, 0)), cluster 0 gathers them and
// broadcasts the answer back to every other cluster's SRAM.
TEST(MemcpyToClusterSram, GatherThenBroadcast) {
  constexpr int kClusters = 3, kSlot = 8;
  xbang_test::DeviceBuffer gathered(std::vector<float>(kClusters * kSlot, 0.f));
  xbang_test::DeviceBuffer seen(std::vector<float>(kClusters * kSlot, 0.f));
  xbang::checked::clear_reports();
  const cnrtRet_t ret = launch_checked(
      {4, kClusters, 1}, cnrtFuncTypeUnion1,
      [&] {
        const bool leader = !__is_mpu() && coreId == 0;
        float* own = sram_floats + kSlot * clusterId;
        if (leader) {
          for (int i = 0; i < kSlot; ++i) own[i] = float(clusterId * 100 + i);
        }
        __sync_all();
        if (leader && clusterId != 0) {
          __memcpy(own, own, kSlot * 4, SRAM2SRAM, 0);
        }
        __sync_all();
        float* answer = sram_floats + 1024;
        if (leader && clusterId == 0) {
          __memcpy(gathered.get(), sram_floats, kClusters * kSlot * 4,
                   SRAM2GDRAM);
          for (int i = 0; i < kSlot; ++i) answer[i] = float(-1 - i);
          for (int c = 1; c < clusterDim; ++c) {
            __memcpy(answer, answer, kSlot * 4, SRAM2SRAM, c);
          }
        }
        __sync_all();
        if (leader) {
          __memcpy(static_cast<float*>(seen.get()) + kSlot * clusterId, answer,
                   kSlot * 4, SRAM2GDRAM);
        }
      },
      "memcpy_cluster_sram");
  ASSERT_EQ(ret, cnrtSuccess) << reports_text();
  const auto got = gathered.to_host<float>();
  const auto broadcast = seen.to_host<float>();
  for (int c = 0; c < kClusters; ++c) {
    for (int i = 0; i < kSlot; ++i) {
      EXPECT_EQ(got[c * kSlot + i], float(c * 100 + i)) << c << " " << i;
      EXPECT_EQ(broadcast[c * kSlot + i], float(-1 - i)) << c << " " << i;
    }
  }
}

TEST(MemcpyToClusterSramChecked, OnlySram2SramTakesAClusterId) {
  expect_report(
      "__memcpy",
      [](int8_t* nram) { __memcpy(nram, sram_floats, 16, SRAM2NRAM, 0); },
      "only SRAM2SRAM");
}

}  // namespace
}  // namespace bang_test
