// Data movement (docs/builtins.md): every __memcpy direction and form with its
// bytes counted, async copies and their syncs, fills, __bang_move, and
// __gather/__scatter with and without a mask. This executable is the only
// one with WRAM and SRAM variables.
#include <algorithm>
#include <atomic>
#include <limits>
#include <numeric>
#include <thread>

#include "harness.h"

namespace bang_test {
namespace {

constexpr int kOnchipBytes = 64 * 1024;
__wram__ int8_t wram_buffer[kOnchipBytes];
__mlu_shared__ int8_t sram_buffer[kOnchipBytes];

std::vector<uint8_t> pattern(size_t n, uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<uint8_t> v(n);
  for (auto& x : v) x = uint8_t(rng());
  return v;
}

uint64_t bytes_of(const xbang::Counters& c, mluMemcpyDirection_t dir) {
  return c.copy_bytes[int(dir)];
}

// One compute core (coreId 0 of a Union1 cluster, so SRAM is its cluster's)
// runs `body`; every other core, the MPU included, returns at once.
cnrtRet_t run_on_core0(const std::function<void()>& body, const char* name,
                       xbang::Counters* counters = nullptr) {
  xbang::checked::clear_reports();
  return launch_checked(
      {4, 1, 1}, cnrtFuncTypeUnion1,
      [&] {
        if (__is_mpu() || coreId != 0) return;
        body();
      },
      name, 20, counters);
}

// A byte chain through every one of the 13 directions; each direction's
// bytes must appear in its own counter.
TEST(BangMemcpy, EveryDirectionCopiesAndCounts) {
  const int size = 999;  // odd on purpose
  const auto src = pattern(size, 1);
  xbang_test::DeviceBuffer g_src(src);
  std::vector<std::unique_ptr<xbang_test::DeviceBuffer>> g_out;
  for (int i = 0; i < 5; ++i) {
    g_out.push_back(std::make_unique<xbang_test::DeviceBuffer>(
        std::vector<uint8_t>(size, 0)));
  }
  auto out = [&](int i) { return g_out[i]->get(); };
  xbang::Counters counters;
  const cnrtRet_t ret = run_on_core0(
      [&] {
        int8_t* nram = nram_arena();
        int8_t* n[6];
        for (int i = 0; i < 6; ++i) n[i] = nram + i * 1024;
        int8_t* w[3] = {wram_buffer, wram_buffer + 1024, wram_buffer + 2048};
        int8_t* s[3] = {sram_buffer, sram_buffer + 1024, sram_buffer + 2048};
        __memcpy(n[0], g_src.get(), size, GDRAM2NRAM);
        __memcpy(n[1], n[0], size, NRAM2NRAM);
        __memcpy(w[0], n[1], size, NRAM2WRAM);
        __memcpy(n[2], w[0], size, WRAM2NRAM);
        __memcpy(s[0], n[2], size, NRAM2SRAM);
        __memcpy(s[1], s[0], size, SRAM2SRAM);
        __memcpy(w[1], s[1], size, SRAM2WRAM);
        __memcpy(w[2], g_src.get(), size, GDRAM2WRAM);
        __memcpy(s[2], g_src.get(), size, GDRAM2SRAM);
        __memcpy(n[3], s[2], size, SRAM2NRAM);
        __memcpy(out(0), s[1], size, SRAM2GDRAM);
        __memcpy(out(1), n[3], size, NRAM2GDRAM);
        __memcpy(out(2), g_src.get(), size, GDRAM2GDRAM);
        __memcpy(n[4], w[1], size, WRAM2NRAM);
        __memcpy(out(3), n[4], size, NRAM2GDRAM);
        __memcpy(n[5], w[2], size, WRAM2NRAM);
        __memcpy(out(4), n[5], size, NRAM2GDRAM);
      },
      "memcpy_every_direction", &counters);
  ASSERT_EQ(ret, cnrtSuccess) << reports_text();
  for (int i = 0; i < 5; ++i) {
    EXPECT_EQ(g_out[i]->to_host<uint8_t>(), src) << "output " << i;
  }
  const int expected_uses[13] = {
      /*GDRAM2NRAM*/ 1, /*NRAM2GDRAM*/ 3,
      /*GDRAM2SRAM*/ 1, /*SRAM2GDRAM*/ 1,
      /*SRAM2NRAM*/ 1,  /*NRAM2SRAM*/ 1,
      /*NRAM2NRAM*/ 1,  /*NRAM2WRAM*/ 1,
      /*WRAM2NRAM*/ 3,  /*GDRAM2WRAM*/ 1,
      /*SRAM2WRAM*/ 1,  /*SRAM2SRAM*/ 1,
      /*GDRAM2GDRAM*/ 1};
  for (int d = 0; d < 13; ++d) {
    EXPECT_EQ(counters.copy_bytes[d], uint64_t(expected_uses[d]) * size)
        << xbang::direction_name(d);
  }
  EXPECT_EQ(counters.total_copy_bytes(), uint64_t(17) * size);
}

// The strided form copies segnum + 1 segments (kernels pass count - 1) and
// nothing between them.
TEST(BangMemcpy, StridedSegnumIsCountMinusOne) {
  struct Case {
    int size, dst_stride, src_stride, count;
  };
  for (const Case& c :
       {Case{12, 16, 40, 5}, Case{4, 4, 4, 1}, Case{1, 3, 7, 100},
        Case{64, 64, 200, 9}, Case{33, 40, 33, 17}}) {
    SCOPED_TRACE("size=" + std::to_string(c.size) +
                 " count=" + std::to_string(c.count));
    const size_t src_bytes = size_t(c.src_stride) * (c.count - 1) + c.size;
    const size_t dst_bytes = size_t(c.dst_stride) * (c.count - 1) + c.size;
    const auto src = pattern(src_bytes, c.size * 31 + c.count);
    std::vector<uint8_t> want(dst_bytes + 16, 0xCD);
    for (int i = 0; i < c.count; ++i) {
      std::copy_n(src.begin() + i * c.src_stride, c.size,
                  want.begin() + i * c.dst_stride);
    }
    xbang_test::DeviceBuffer g_src(src);
    xbang_test::DeviceBuffer g_dst(std::vector<uint8_t>(dst_bytes + 16, 0xCD));
    xbang::Counters counters;
    const cnrtRet_t ret = run_on_core0(
        [&] {
          int8_t* a = nram_arena();
          int8_t* b = a + 64 * 1024;
          // GDRAM -> NRAM strided, then the same layout back contiguous
          // through NRAM2NRAM and NRAM2GDRAM so each form is used.
          __memset_nram(a, int(dst_bytes + 16), int8_t(0xCD));
          __memcpy(a, g_src.get(), c.size, GDRAM2NRAM, c.dst_stride,
                   c.src_stride, c.count - 1);
          __memcpy(b, a, int(dst_bytes + 16), NRAM2NRAM);
          __memcpy(g_dst.get(), b, int(dst_bytes + 16), NRAM2GDRAM);
        },
        "memcpy_strided", &counters);
    ASSERT_EQ(ret, cnrtSuccess) << reports_text();
    EXPECT_EQ(g_dst.to_host<uint8_t>(), want);
    EXPECT_EQ(bytes_of(counters, GDRAM2NRAM), uint64_t(c.size) * c.count);
  }
}

TEST(BangMemcpy, StridedToGdramAndBetweenNram) {
  const int size = 20, count = 6, nram_stride = 24, gdram_stride = 50;
  const auto src = pattern(size_t(nram_stride) * count, 5);
  std::vector<uint8_t> want(size_t(gdram_stride) * count, 0x11);
  for (int i = 0; i < count; ++i) {
    std::copy_n(src.begin() + i * nram_stride, size,
                want.begin() + i * gdram_stride);
  }
  xbang_test::DeviceBuffer g_src(src);
  xbang_test::DeviceBuffer g_dst(want.size());
  cnrtMemset(g_dst.get(), 0x11, want.size());
  xbang::Counters counters;
  ASSERT_EQ(run_on_core0(
                [&] {
                  int8_t* a = nram_arena();
                  int8_t* b = a + 4096;
                  __memcpy(a, g_src.get(), int(src.size()), GDRAM2NRAM);
                  // NRAM2NRAM strided with equal strides, then NRAM2GDRAM
                  // strided into a wider pitch.
                  __memcpy(b, a, size, NRAM2NRAM, nram_stride, nram_stride,
                           count - 1);
                  __memcpy(g_dst.get(), b, size, NRAM2GDRAM, gdram_stride,
                           nram_stride, count - 1);
                },
                "memcpy_strided_out", &counters),
            cnrtSuccess)
      << reports_text();
  EXPECT_EQ(g_dst.to_host<uint8_t>(), want);
  EXPECT_EQ(bytes_of(counters, NRAM2GDRAM), uint64_t(size) * count);
  EXPECT_EQ(bytes_of(counters, NRAM2NRAM), uint64_t(size) * count);
}

// The 3D form: (segnum0 + 1) * (segnum1 + 1) segments, segment (i, j) at
// base + i*stride0 + j*stride1 on each side.
TEST(BangMemcpy, ThreeDimensionalForm) {
  const int size = 8;
  const int dst_stride0 = 8, dst_stride1 = 40, src_stride0 = 24,
            src_stride1 = 200;
  const int n0 = 4, n1 = 3;  // segnum0 = 3, segnum1 = 2
  const size_t src_bytes =
      size_t(src_stride1) * (n1 - 1) + size_t(src_stride0) * (n0 - 1) + size;
  const size_t dst_bytes = size_t(dst_stride1) * n1 + 16;
  const auto src = pattern(src_bytes, 9);
  std::vector<uint8_t> want(dst_bytes, 0x5A);
  for (int j = 0; j < n1; ++j) {
    for (int i = 0; i < n0; ++i) {
      std::copy_n(src.begin() + i * src_stride0 + j * src_stride1, size,
                  want.begin() + i * dst_stride0 + j * dst_stride1);
    }
  }
  xbang_test::DeviceBuffer g_src(src);
  xbang_test::DeviceBuffer g_dst(std::vector<uint8_t>(dst_bytes, 0x5A));
  xbang::Counters counters;
  ASSERT_EQ(run_on_core0(
                [&] {
                  int8_t* a = nram_arena();
                  __memcpy(a, g_dst.get(), int(dst_bytes), GDRAM2NRAM);
                  __memcpy(a, g_src.get(), size, GDRAM2NRAM, dst_stride0,
                           n0 - 1, dst_stride1, n1 - 1, src_stride0, n0 - 1,
                           src_stride1, n1 - 1);
                  __memcpy(g_dst.get(), a, int(dst_bytes), NRAM2GDRAM);
                },
                "memcpy_3d", &counters),
            cnrtSuccess)
      << reports_text();
  EXPECT_EQ(g_dst.to_host<uint8_t>(), want);
  EXPECT_EQ(bytes_of(counters, GDRAM2NRAM),
            uint64_t(dst_bytes) + uint64_t(size) * n0 * n1);
}

TEST(BangMemcpy, ZeroSizeCopiesNothing) {
  xbang_test::DeviceBuffer g(std::vector<uint8_t>(16, 7));
  xbang::Counters counters;
  ASSERT_EQ(run_on_core0(
                [&] {
                  int8_t* a = nram_arena();
                  a[0] = 1;
                  __memcpy(a, g.get(), 0, GDRAM2NRAM);
                  __memcpy(g.get(), a, 0, NRAM2GDRAM);
                },
                "memcpy_zero", &counters),
            cnrtSuccess)
      << reports_text();
  EXPECT_EQ(g.to_host<uint8_t>(), std::vector<uint8_t>(16, 7));
  EXPECT_EQ(counters.total_copy_bytes(), 0u);
}

// With XBANG_ASYNC=late an async copy lands only at the core's next sync, by
// every sync form: a plain read before it sees the old bytes, a read after it
// the new ones.
TEST(BangMemcpyAsync, LateModeVisibleOnlyAfterSync) {
  AsyncCopiesMode late(xbang::AsyncCopies::kLate);
  const int size = 256;
  const auto src = pattern(size, 3);
  xbang_test::DeviceBuffer g_src(src);
  const char* sync_names[] = {"__sync_io",
                              "__sync_move",
                              "__sync_compute",
                              "__sync",
                              "__sync_io_move_compute",
                              "__sync_io_move_compute(6 flags)"};
  for (int form = 0; form < 6; ++form) {
    SCOPED_TRACE(sync_names[form]);
    std::vector<uint8_t> before(size), after(size);
    xbang::Counters counters;
    ASSERT_EQ(run_on_core0(
                  [&] {
                    int8_t* a = nram_arena();
                    __memset_nram(a, size, int8_t(0x42));
                    __memcpy_async(a, g_src.get(), size, GDRAM2NRAM);
                    std::memcpy(before.data(), a, size);
                    switch (form) {
                      case 0:
                        __sync_io();
                        break;
                      case 1:
                        __sync_move();
                        break;
                      case 2:
                        __sync_compute();
                        break;
                      case 3:
                        __sync();
                        break;
                      case 4:
                        __sync_io_move_compute();
                        break;
                      case 5:
                        __sync_io_move_compute(true, false, false, false, true,
                                               false);
                        break;
                    }
                    std::memcpy(after.data(), a, size);
                  },
                  "memcpy_async", &counters),
              cnrtSuccess)
        << reports_text();
    EXPECT_EQ(before, std::vector<uint8_t>(size, 0x42))
        << "async copy visible before its sync";
    EXPECT_EQ(after, src);
    EXPECT_EQ(bytes_of(counters, GDRAM2NRAM), uint64_t(size));
  }
}

// The strided forms both ways; before the sync the GDRAM destination holds
// the copy in the default (eager) mode and the old bytes in late mode.
class BangMemcpyAsyncByMode
    : public ::testing::TestWithParam<xbang::AsyncCopies> {};

INSTANTIATE_TEST_SUITE_P(Modes, BangMemcpyAsyncByMode,
                         ::testing::Values(xbang::AsyncCopies::kEager,
                                           xbang::AsyncCopies::kLate),
                         [](const auto& info) {
                           return info.param == xbang::AsyncCopies::kEager
                                      ? "eager"
                                      : "late";
                         });

TEST_P(BangMemcpyAsyncByMode, ToGdramAndStridedForms) {
  AsyncCopiesMode mode(GetParam());
  const bool late = GetParam() == xbang::AsyncCopies::kLate;
  const int size = 16, count = 4, stride = 32;
  const auto src = pattern(size_t(stride) * count, 8);
  xbang_test::DeviceBuffer g_src(src);
  xbang_test::DeviceBuffer g_out(
      std::vector<uint8_t>(size_t(stride) * count, 0));
  std::vector<uint8_t> gdram_before, gdram_after;
  std::vector<uint8_t> want(size_t(stride) * count, 0);
  for (int i = 0; i < count; ++i) {
    std::copy_n(src.begin() + i * stride, size, want.begin() + i * stride);
  }
  ASSERT_EQ(run_on_core0(
                [&] {
                  int8_t* a = nram_arena();
                  __memcpy_async(a, g_src.get(), size, GDRAM2NRAM, size, stride,
                                 count - 1);
                  __sync_io();
                  __memcpy_async(g_out.get(), a, size, NRAM2GDRAM, stride, size,
                                 count - 1);
                  const auto* g = static_cast<const uint8_t*>(g_out.get());
                  gdram_before.assign(g, g + stride * count);
                  __sync_io();
                  gdram_after.assign(g, g + stride * count);
                },
                "memcpy_async_strided"),
            cnrtSuccess)
      << reports_text();
  EXPECT_EQ(gdram_before,
            late ? std::vector<uint8_t>(size_t(stride) * count, 0) : want);
  EXPECT_EQ(gdram_after, want);
  EXPECT_EQ(g_out.to_host<uint8_t>(), want);
}

// The 3D async form: the (i, j) segments after the sync, and before it in
// the default mode (stale in late mode).
TEST_P(BangMemcpyAsyncByMode, ThreeDimensionalForm) {
  AsyncCopiesMode mode(GetParam());
  const bool late = GetParam() == xbang::AsyncCopies::kLate;
  const int size = 4, n0 = 3, n1 = 2, src_stride0 = 12, src_stride1 = 64;
  const auto src = pattern(256, 21);
  std::vector<uint8_t> want(size_t(size) * n0 * n1 + 8, 0x77);
  for (int j = 0; j < n1; ++j) {
    for (int i = 0; i < n0; ++i) {
      std::copy_n(src.begin() + i * src_stride0 + j * src_stride1, size,
                  want.begin() + (j * n0 + i) * size);
    }
  }
  xbang_test::DeviceBuffer g_src(src);
  std::vector<uint8_t> before, after;
  ASSERT_EQ(run_on_core0(
                [&] {
                  auto* a = reinterpret_cast<uint8_t*>(nram_arena());
                  __memset_nram(a, int(want.size()), uint8_t(0x77));
                  __memcpy_async(a, g_src.get(), size, GDRAM2NRAM, size, n0 - 1,
                                 size * n0, n1 - 1, src_stride0, n0 - 1,
                                 src_stride1, n1 - 1);
                  before.assign(a, a + want.size());
                  __sync_io();
                  after.assign(a, a + want.size());
                },
                "memcpy_async_3d"),
            cnrtSuccess)
      << reports_text();
  EXPECT_EQ(before, late ? std::vector<uint8_t>(want.size(), 0x77) : want);
  EXPECT_EQ(after, want);
}

// A copy never synced inside the kernel still lands by the kernel's end.
TEST_P(BangMemcpyAsyncByMode, KernelEndCompletesCopies) {
  AsyncCopiesMode mode(GetParam());
  const auto src = pattern(128, 4);
  xbang_test::DeviceBuffer g_src(src);
  xbang_test::DeviceBuffer g_out(std::vector<uint8_t>(128, 0));
  ASSERT_EQ(run_on_core0(
                [&] {
                  int8_t* a = nram_arena();
                  __memcpy(a, g_src.get(), 128, GDRAM2NRAM);
                  __memcpy_async(g_out.get(), a, 128, NRAM2GDRAM);
                },
                "memcpy_async_unsynced"),
            cnrtSuccess)
      << reports_text();
  EXPECT_EQ(g_out.to_host<uint8_t>(), src);
}

// Checked mode off, the one-segment __memcpy takes a shorter path (a plain
// memmove): it still copies exactly `size` bytes, counts them under its
// direction, and does nothing for sizes of 0 or less.
TEST(BangMemcpy, UncheckedOneSegmentPath) {
  const int size = 333;
  const auto src = pattern(size, 12);
  xbang_test::DeviceBuffer g_src(src);
  xbang_test::DeviceBuffer g_out(std::vector<uint8_t>(size + 8, 0x5A));
  const bool was_checked = xbang::checked::enabled();
  xbang::checked::set_enabled(false);
  xbang::Counters counters;
  const cnrtRet_t ret = run_on_core0(
      [&] {
        int8_t* a = nram_arena();
        __memcpy(a, g_src.get(), size, GDRAM2NRAM);
        __memcpy(a + 1024, a, size, NRAM2NRAM);
        __memcpy(g_out.get(), a + 1024, size, NRAM2GDRAM);
        __memcpy(g_out.get(), a, 0, NRAM2GDRAM);
        __memcpy(g_out.get(), a, -8, NRAM2GDRAM);
      },
      "memcpy_unchecked", &counters);
  xbang::checked::set_enabled(was_checked);
  ASSERT_EQ(ret, cnrtSuccess) << reports_text();
  std::vector<uint8_t> want = src;
  want.resize(size + 8, 0x5A);
  EXPECT_EQ(g_out.to_host<uint8_t>(), want);
  EXPECT_EQ(bytes_of(counters, GDRAM2NRAM), uint64_t(size));
  EXPECT_EQ(bytes_of(counters, NRAM2NRAM), uint64_t(size));
  EXPECT_EQ(bytes_of(counters, NRAM2GDRAM), uint64_t(size));
}

// Checked mode off, late mode still delays an async copy to the sync (it
// prefetches the source and copies there), so a kernel missing its
// __sync_io reads the same stale bytes with checking on or off.
TEST(BangMemcpyAsync, LateModeDelaysUntilSyncUnchecked) {
  AsyncCopiesMode late(xbang::AsyncCopies::kLate);
  const int size = 192;
  const auto src = pattern(size, 5);
  xbang_test::DeviceBuffer g_src(src);
  std::vector<uint8_t> before, after;
  const bool was_checked = xbang::checked::enabled();
  xbang::checked::set_enabled(false);
  const cnrtRet_t ret = run_on_core0(
      [&] {
        auto* a = reinterpret_cast<uint8_t*>(nram_arena());
        __memset_nram(a, size, uint8_t(0x11));
        __memcpy_async(a, g_src.get(), size, GDRAM2NRAM);
        before.assign(a, a + size);
        __sync_io();
        after.assign(a, a + size);
      },
      "memcpy_async_unchecked");
  xbang::checked::set_enabled(was_checked);
  ASSERT_EQ(ret, cnrtSuccess) << reports_text();
  EXPECT_EQ(before, std::vector<uint8_t>(size, 0x11));
  EXPECT_EQ(after, src);
}

// More copies in flight than late mode keeps pending (and checked mode
// follows): every one lands, in issue order (the later copy of a byte wins).
TEST_P(BangMemcpyAsyncByMode, ManyCopiesInFlightLandInOrder) {
  AsyncCopiesMode mode(GetParam());
  const int rows = 1000, row = 16;
  const auto src = pattern(size_t(rows) * row, 6);
  xbang_test::DeviceBuffer g_src(src);
  std::vector<uint8_t> got;
  ASSERT_EQ(
      run_on_core0(
          [&] {
            auto* a = reinterpret_cast<uint8_t*>(nram_arena());
            for (int i = 0; i < rows; ++i) {
              __memcpy_async(a + i * row,
                             static_cast<const uint8_t*>(g_src.get()) + i * row,
                             row, GDRAM2NRAM);
            }
            // Row 0 again, from the last source row: issued last, wins.
            __memcpy_async(
                a, static_cast<const uint8_t*>(g_src.get()) + (rows - 1) * row,
                row, GDRAM2NRAM);
            __sync_io();
            got.assign(a, a + rows * row);
          },
          "memcpy_async_many"),
      cnrtSuccess)
      << reports_text();
  std::vector<uint8_t> want = src;
  std::copy_n(src.end() - row, row, want.begin());
  EXPECT_EQ(got, want);
}

// A barrier completes the async copies issued before it: another core reads
// them after __sync_all.
TEST_P(BangMemcpyAsyncByMode, BarrierCompletesCopiesForOtherCores) {
  AsyncCopiesMode mode(GetParam());
  const auto src = pattern(256, 9);
  xbang_test::DeviceBuffer g_src(src);
  xbang_test::DeviceBuffer g_mid(std::vector<uint8_t>(256, 0));
  xbang_test::DeviceBuffer g_out(std::vector<uint8_t>(256, 0));
  xbang::checked::clear_reports();
  ASSERT_EQ(launch_checked(
                {4, 1, 1}, cnrtFuncTypeUnion1,
                [&] {
                  if (__is_mpu()) return;
                  int8_t* a = nram_arena();
                  if (coreId == 0) {
                    __memcpy(a, g_src.get(), 256, GDRAM2NRAM);
                    __memcpy_async(g_mid.get(), a, 256, NRAM2GDRAM);
                  }
                  __sync_all_ipu();
                  if (coreId == 1) {
                    __memcpy(a, g_mid.get(), 256, GDRAM2NRAM);
                    __memcpy(g_out.get(), a, 256, NRAM2GDRAM);
                  }
                },
                "memcpy_async_barrier"),
            cnrtSuccess)
      << reports_text();
  EXPECT_EQ(g_out.to_host<uint8_t>(), src);
}

template <class T>
class Fill : public ::testing::Test {};
using FillTypes = ::testing::Types<half, float, int8_t, int16_t, int32_t>;
TYPED_TEST_SUITE(Fill, FillTypes);

// Exactly elem_count elements of the pointee type get the value.
TYPED_TEST(Fill, MemsetNramAndWriteValue) {
  using T = TypeParam;
  const T value = Elem<T>::make(-3.0);
  const T old = Elem<T>::make(9.0);
  for (int n : all_counts<T>(2)) {
    SCOPED_TRACE(std::string(Elem<T>::name()) + " n=" + std::to_string(n));
    NramCase c;
    const int a = c.add_filled<T>(n + 8, old), b = c.add_filled<T>(n + 8, old);
    ASSERT_TRUE(c.run([&](const NramCase& k) {
      __memset_nram(k.ptr<T>(a), n, value);
      __bang_write_value(k.ptr<T>(b), n, value);
    }));
    std::vector<T> want(n + 8, old);
    std::fill_n(want.begin(), n, value);
    EXPECT_TRUE(arrays_equal(c.get<T>(a), want)) << "__memset_nram";
    EXPECT_TRUE(arrays_equal(c.get<T>(b), want)) << "__bang_write_value";
  }
}

// The value's own type is the element written, whatever dst points to, as
// the device's fills are overloaded on the value (dst is void*): an int32
// bit pattern into a float buffer stays those bits, a float into a half
// buffer writes floats. A value the device has no overload for (double)
// converts to the pointee type.
TEST(BangFillValueType, ValueTypeDecidesTheElement) {
  constexpr int32_t kInfBits = 0x7f800000;
  NramCase c;
  const int inf_bits = c.add_filled<float>(9, 0.0f);
  const int step = c.add_filled<float>(9, 0.0f);
  const int halves = c.add_filled<half>(12, make_half(0));
  const int from_double = c.add_filled<float>(9, 0.0f);
  const int memset_bits = c.add_filled<float>(9, 0.0f);
  ASSERT_TRUE(c.run([&](const NramCase& k) {
    __bang_write_value(k.ptr<float>(inf_bits), 9, kInfBits);
    __bang_write_value(k.ptr<float>(step), 9, int32_t(3));
    __bang_write_value(k.ptr<half>(halves), 4, 1.5f);
    __bang_write_value(k.ptr<float>(from_double), 9, 2.0);
    __memset_nram(k.ptr<float>(memset_bits), 9, kInfBits);
  }));
  EXPECT_EQ(c.get<float>(inf_bits),
            std::vector<float>(9, std::numeric_limits<float>::infinity()));
  EXPECT_EQ(c.get<int32_t>(step), std::vector<int32_t>(9, 3));
  const std::vector<float> as_floats = c.get<float>(halves);
  EXPECT_EQ(std::vector<float>(as_floats.begin(), as_floats.begin() + 4),
            std::vector<float>(4, 1.5f));
  EXPECT_EQ(std::vector<float>(as_floats.begin() + 4, as_floats.end()),
            std::vector<float>(2, 0.0f));
  EXPECT_EQ(c.get<float>(from_double), std::vector<float>(9, 2.0f));
  EXPECT_EQ(c.get<float>(memset_bits),
            std::vector<float>(9, std::numeric_limits<float>::infinity()));
}

TEST(BangBangMove, CopiesBytesWithinNram) {
  for (int size : {0, 1, 7, 1000, 100000}) {
    SCOPED_TRACE("size=" + std::to_string(size));
    const auto src = pattern(size, size + 1);
    NramCase c;
    const int s = c.add(src);
    const int d = c.add_filled<uint8_t>(size + 8, 0xEE);
    ASSERT_TRUE(c.run([&](const NramCase& k) {
      __bang_move(k.ptr<uint8_t>(d), k.ptr<uint8_t>(s), size);
    }));
    auto want = src;
    want.resize(size + 8, 0xEE);
    EXPECT_EQ(c.get<uint8_t>(d), want);
  }
}

// ---------------------------------------------------------------------------
// __gather / __scatter

struct GatherCase {
  int transfer_size;
  int stride;  // dst_stride of a gather, src_stride of a scatter
  int data_num;
};
const GatherCase kGatherCases[] = {{4, 4, 0},    {4, 4, 1},     {4, 8, 7},
                                   {12, 12, 8},  {12, 16, 13},  {64, 64, 64},
                                   {1, 1, 1000}, {6, 10, 1000}, {4, 4, 5000}};

std::vector<uint32_t> random_offsets(int n, uint32_t limit, uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<uint32_t> v(n);
  for (auto& x : v) x = rng() % limit;
  return v;
}
std::vector<uint8_t> random_mask(int n, uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<uint8_t> m((n + 7) / 8 + 1);
  for (auto& x : m) x = uint8_t(rng());
  return m;
}
bool mask_bit(const std::vector<uint8_t>& mask, int i) {
  return (mask[i / 8] >> (i % 8)) & 1;
}

void check_gather(const GatherCase& g, bool masked, mluMemcpyDirection_t dir,
                  bool async) {
  SCOPED_TRACE("transfer=" + std::to_string(g.transfer_size) +
               " stride=" + std::to_string(g.stride) + " data_num=" +
               std::to_string(g.data_num) + (masked ? " masked" : "") +
               (async ? " async" : "") + " dir=" + xbang::direction_name(dir));
  const uint32_t src_bytes = 20000;
  const auto src = pattern(src_bytes, g.data_num + 3);
  const auto offsets =
      random_offsets(g.data_num, src_bytes - g.transfer_size, g.data_num);
  const auto mask = random_mask(g.data_num, g.data_num + 17);
  const size_t dst_bytes =
      g.data_num == 0
          ? 16
          : size_t(g.stride) * (g.data_num - 1) + g.transfer_size + 16;
  std::vector<uint8_t> want(dst_bytes, 0xB7);
  uint64_t moved = 0;
  for (int i = 0; i < g.data_num; ++i) {
    if (masked && !mask_bit(mask, i)) continue;
    std::copy_n(src.begin() + offsets[i], g.transfer_size,
                want.begin() + size_t(i) * g.stride);
    moved += g.transfer_size;
  }
  xbang_test::DeviceBuffer g_src(src);
  NramCase c;
  const int off = c.add(offsets.empty() ? std::vector<uint32_t>{0} : offsets);
  const int msk = c.add(mask);
  const int n_src = dir == NRAM2NRAM ? c.add(src) : c.add(std::vector<int>{});
  const int dst = c.add(std::vector<uint8_t>(dst_bytes, 0xB7));
  ASSERT_TRUE(c.run([&](const NramCase& k) {
    const void* from = dir == NRAM2NRAM
                           ? static_cast<const void*>(k.ptr<uint8_t>(n_src))
                           : g_src.get();
    if (async) {
      if (masked) {
        __gather_async(k.ptr<uint8_t>(dst), from, k.ptr<uint32_t>(off),
                       k.ptr<uint8_t>(msk), g.transfer_size, dir, g.stride,
                       g.data_num);
      } else {
        __gather_async(k.ptr<uint8_t>(dst), from, k.ptr<uint32_t>(off),
                       g.transfer_size, dir, g.stride, g.data_num);
      }
      __sync_io();
    } else if (masked) {
      __gather(k.ptr<uint8_t>(dst), from, k.ptr<uint32_t>(off),
               k.ptr<uint8_t>(msk), g.transfer_size, dir, g.stride, g.data_num);
    } else {
      __gather(k.ptr<uint8_t>(dst), from, k.ptr<uint32_t>(off), g.transfer_size,
               dir, g.stride, g.data_num);
    }
  }));
  EXPECT_EQ(c.get<uint8_t>(dst), want);
  // Staging moved dst_bytes + the operands; the gather its own bytes.
  uint64_t staged = dst_bytes + mask.size() +
                    std::max<size_t>(1, offsets.size()) * 4 +
                    (dir == NRAM2NRAM ? src.size() : 0);
  if (dir == GDRAM2NRAM) {
    EXPECT_EQ(bytes_of(c.counters(), GDRAM2NRAM), staged + moved);
  } else {
    EXPECT_EQ(bytes_of(c.counters(), NRAM2NRAM), moved);
  }
}

TEST(BangGather, FromGdramWithoutMask) {
  for (const auto& g : kGatherCases) check_gather(g, false, GDRAM2NRAM, false);
}
TEST(BangGather, FromGdramWithMask) {
  for (const auto& g : kGatherCases) check_gather(g, true, GDRAM2NRAM, false);
}
TEST(BangGather, NramToNram) {
  for (const auto& g : kGatherCases) {
    check_gather(g, false, NRAM2NRAM, false);
    check_gather(g, true, NRAM2NRAM, false);
  }
}
TEST(BangGather, AsyncForms) {
  for (const auto& g : kGatherCases) {
    check_gather(g, false, GDRAM2NRAM, true);
    check_gather(g, true, GDRAM2NRAM, true);
  }
}

void check_scatter(const GatherCase& g, bool masked, bool async) {
  SCOPED_TRACE("transfer=" + std::to_string(g.transfer_size) +
               " stride=" + std::to_string(g.stride) +
               " data_num=" + std::to_string(g.data_num) +
               (masked ? " masked" : "") + (async ? " async" : ""));
  // Distinct, non-overlapping destination slots in a shuffled order.
  const int slot = g.transfer_size + 3;
  std::vector<uint32_t> offsets(g.data_num);
  for (int i = 0; i < g.data_num; ++i) offsets[i] = uint32_t(i * slot + 1);
  std::shuffle(offsets.begin(), offsets.end(), std::mt19937(g.data_num));
  const size_t src_bytes =
      g.data_num == 0 ? 16
                      : size_t(g.stride) * (g.data_num - 1) + g.transfer_size;
  const auto src = pattern(src_bytes, g.data_num + 5);
  const auto mask = random_mask(g.data_num, g.data_num + 23);
  const size_t dst_bytes = size_t(slot) * g.data_num + 8;
  std::vector<uint8_t> want(dst_bytes, 0x3C);
  uint64_t moved = 0;
  for (int i = 0; i < g.data_num; ++i) {
    if (masked && !mask_bit(mask, i)) continue;
    std::copy_n(src.begin() + size_t(i) * g.stride, g.transfer_size,
                want.begin() + offsets[i]);
    moved += g.transfer_size;
  }
  xbang_test::DeviceBuffer g_dst(std::vector<uint8_t>(dst_bytes, 0x3C));
  NramCase c;
  const int off = c.add(offsets.empty() ? std::vector<uint32_t>{0} : offsets);
  const int msk = c.add(mask);
  const int s = c.add(src);
  ASSERT_TRUE(c.run([&](const NramCase& k) {
    if (masked && async) {
      __scatter_async(g_dst.get(), k.ptr<uint8_t>(s), k.ptr<uint32_t>(off),
                      k.ptr<uint8_t>(msk), g.transfer_size, NRAM2GDRAM,
                      g.stride, g.data_num);
    } else if (masked) {
      __scatter(g_dst.get(), k.ptr<uint8_t>(s), k.ptr<uint32_t>(off),
                k.ptr<uint8_t>(msk), g.transfer_size, NRAM2GDRAM, g.stride,
                g.data_num);
    } else if (async) {
      __scatter_async(g_dst.get(), k.ptr<uint8_t>(s), k.ptr<uint32_t>(off),
                      g.transfer_size, NRAM2GDRAM, g.stride, g.data_num);
    } else {
      __scatter(g_dst.get(), k.ptr<uint8_t>(s), k.ptr<uint32_t>(off),
                g.transfer_size, NRAM2GDRAM, g.stride, g.data_num);
    }
    if (async) __sync_io();
  }));
  EXPECT_EQ(g_dst.to_host<uint8_t>(), want);
  const uint64_t staged =
      src.size() + mask.size() + std::max<size_t>(1, offsets.size()) * 4;
  EXPECT_EQ(bytes_of(c.counters(), NRAM2GDRAM), staged + moved);
}

TEST(BangScatter, WithoutMask) {
  for (const auto& g : kGatherCases) check_scatter(g, false, false);
}
TEST(BangScatter, WithMask) {
  for (const auto& g : kGatherCases) check_scatter(g, true, false);
}
TEST(BangScatter, AsyncForms) {
  for (const auto& g : kGatherCases) {
    check_scatter(g, false, true);
    check_scatter(g, true, true);
  }
}

// A mask made by a bit-index comparison drives a gather (the form the spec
// names): only elements with x[i] > threshold are fetched.
TEST(BangGather, MaskFromBitIndexComparison) {
  const int n = 64;
  std::vector<float> x(n), threshold(n, 0.5f);
  std::vector<uint32_t> offsets(n);
  std::vector<float> table(n);
  for (int i = 0; i < n; ++i) {
    x[i] = float((i * 37) % 11) / 10.f;
    offsets[i] = uint32_t((n - 1 - i) * 4);
    table[i] = float(1000 + i);
  }
  std::vector<float> want(n, -1.f);
  for (int i = 0; i < n; ++i) {
    if (x[i] > 0.5f) want[i] = table[n - 1 - i];
  }
  xbang_test::DeviceBuffer g_table(table);
  NramCase c;
  const int ix = c.add(x), it = c.add(threshold), io = c.add(offsets);
  const int im = c.add(std::vector<uint8_t>(n / 8, 0));
  const int id = c.add(std::vector<float>(n, -1.f));
  ASSERT_TRUE(c.run([&](const NramCase& k) {
    __bang_gt_bitindex(reinterpret_cast<float*>(k.ptr<uint8_t>(im)),
                       k.ptr<float>(ix), k.ptr<float>(it), n);
    __gather(k.ptr<float>(id), g_table.get(), k.ptr<uint32_t>(io),
             k.ptr<uint8_t>(im), 4, GDRAM2NRAM, 4, n);
  }));
  EXPECT_TRUE(arrays_equal(c.get<float>(id), want));
}

// __extension: element i repeated repeats[i] times, in order (the
// [h, w] grid indices roi_align_rotated builds from one sequence).
TEST(BangExtension, RepeatsEachElementItsCount) {
  const std::vector<float> order = {0.f, 1.f, 2.f, 3.f, 4.f};
  const std::vector<uint8_t> repeats = {3, 0, 1, 255, 2};
  std::vector<float> want;
  for (size_t i = 0; i < order.size(); ++i) {
    want.insert(want.end(), repeats[i], order[i]);
  }
  want.resize(want.size() + 4, -1.f);  // past the end stays
  NramCase c;
  const int is = c.add(order), ir = c.add(repeats);
  const int id = c.add(std::vector<float>(want.size(), -1.f));
  xbang::Counters counters;
  ASSERT_TRUE(c.run([&](const NramCase& k) {
    __extension(k.ptr<float>(id), k.ptr<float>(is), k.ptr<uint8_t>(ir),
                sizeof(float), NRAM2NRAM, int(order.size()));
  }));
  EXPECT_EQ(c.get<float>(id), want);
}

TEST(BangExtension, FromGdramAndZeroCount) {
  const std::vector<int16_t> values = {7, -8, 9};
  xbang_test::DeviceBuffer g_values(values);
  NramCase c;
  const int ir = c.add(std::vector<uint8_t>{2, 1, 2});
  const int id = c.add(std::vector<int16_t>(6, 0));
  ASSERT_TRUE(c.run([&](const NramCase& k) {
    __extension(k.ptr<int16_t>(id), g_values.get(), k.ptr<uint8_t>(ir),
                sizeof(int16_t), GDRAM2NRAM, 3);
    // count 0 writes nothing and reads no repeats
    __extension(k.ptr<int16_t>(id), g_values.get(), nullptr, sizeof(int16_t),
                GDRAM2NRAM, 0);
  }));
  EXPECT_EQ(c.get<int16_t>(id), (std::vector<int16_t>{7, 7, -8, 9, 9, 0}));
}

// ---------------------------------------------------------------------------
// SRAM is one copy per cluster, with cluster barriers only.
TEST(BangSram, OneCopyPerClusterWithClusterBarriers) {
  const int clusters = 3;
  const int task_dim = 4 * clusters;
  std::vector<int32_t> seen(task_dim, -1);
  std::vector<int32_t> tables(16 * clusters);
  for (int i = 0; i < 16 * clusters; ++i) tables[i] = 100 * (i / 16) + i % 16;
  xbang_test::DeviceBuffer g_tables(tables);
  xbang::checked::clear_reports();
  const cnrtRet_t ret = launch_checked(
      {uint32_t(task_dim), 1, 1}, cnrtFuncTypeUnion1,
      [&] {
        auto* table = reinterpret_cast<int32_t*>(sram_buffer);
        if (__is_mpu()) {
          // The memory core moves GDRAM to its cluster's SRAM.
          __memcpy(table,
                   static_cast<int32_t*>(g_tables.get()) + 16 * clusterId, 64,
                   GDRAM2SRAM);
        }
        __sync_cluster();
        if (__is_ipu()) seen[taskId] = table[coreId];
        __sync_cluster();
      },
      "sram_per_cluster_cluster_sync");
  ASSERT_EQ(ret, cnrtSuccess) << reports_text();
  for (int t = 0; t < task_dim; ++t) {
    EXPECT_EQ(seen[t], 100 * (t / 4) + t % 4) << "taskId " << t;
  }
}

// __wram__ is private per core like NRAM.
TEST(BangWram, PrivatePerCore) {
  std::atomic<int> corrupted{0};
  ASSERT_EQ(launch_checked(
                {8, 1, 1}, cnrtFuncTypeBlock,
                [&] {
                  auto* w = reinterpret_cast<int32_t*>(wram_buffer);
                  auto* n = reinterpret_cast<int32_t*>(nram_arena());
                  for (int round = 0; round < 20; ++round) {
                    __bang_write_value(n, 1024, int32_t(taskId + round));
                    __memcpy(w, n, 4096, NRAM2WRAM);
                    std::this_thread::yield();
                    __memcpy(n + 1024, w, 4096, WRAM2NRAM);
                    for (int i = 0; i < 1024; ++i) {
                      if (n[1024 + i] != taskId + round) {
                        ++corrupted;
                        break;
                      }
                    }
                  }
                },
                "wram_private"),
            cnrtSuccess)
      << reports_text();
  EXPECT_EQ(corrupted.load(), 0);
}

// Atomics into SRAM (docs/builtins.md allows an SRAM destination): each
// cluster accumulates into its own SRAM copy.
TEST(BangSram, AtomicsIntoClusterSram) {
  const int clusters = 2, n = 32;
  xbang_test::DeviceBuffer out(std::vector<int32_t>(clusters * n, -1));
  int32_t* out_ptr = static_cast<int32_t*>(out.get());
  ASSERT_EQ(launch_checked(
                {uint32_t(4 * clusters), 1, 1}, cnrtFuncTypeUnion1,
                [=] {
                  auto* acc = reinterpret_cast<int32_t*>(sram_buffer);
                  if (__is_mpu()) {
                    for (int i = 0; i < n; ++i) acc[i] = 1000 * clusterId;
                  }
                  __sync_cluster();
                  if (__is_ipu()) {
                    auto* mine = reinterpret_cast<int32_t*>(nram_arena());
                    for (int i = 0; i < n; ++i)
                      mine[i] = (coreId + 1) * (i + 1);
                    __bang_atomic_reduce_add(acc, mine, n);
                  }
                  __sync_cluster();
                  if (__is_mpu()) {
                    __memcpy(out_ptr + clusterId * n, acc, n * 4, SRAM2GDRAM);
                  }
                },
                "atomics_into_sram"),
            cnrtSuccess)
      << reports_text();
  std::vector<int32_t> want(clusters * n);
  for (int c = 0; c < clusters; ++c) {
    for (int i = 0; i < n; ++i) want[c * n + i] = 1000 * c + 10 * (i + 1);
  }
  EXPECT_EQ(out.to_host<int32_t>(), want);
}

// Each cluster's MPU loads its own table, the
// compute cores read it after __sync_cluster, and again after a launch-wide
// __sync_all (every cluster alive at once must still see its own SRAM).
TEST(BangSram, OneCopyPerClusterAcrossSyncAll) {
  const int clusters = 3;
  const int task_dim = 4 * clusters;
  std::vector<int32_t> seen_before(task_dim, -1), seen_after(task_dim, -1);
  std::vector<std::atomic<int>> arrived(task_dim);
  std::atomic<int> mpu_runs{0}, missing{0};
  xbang::checked::clear_reports();
  const cnrtRet_t ret = launch_checked(
      {uint32_t(task_dim), 1, 1}, cnrtFuncTypeUnion1,
      [&] {
        auto* table = reinterpret_cast<int32_t*>(sram_buffer);
        if (__is_mpu()) {
          ++mpu_runs;
          for (int i = 0; i < 16; ++i) table[i] = 100 * clusterId + i;
        }
        __sync_cluster();
        if (__is_ipu()) {
          seen_before[taskId] = table[coreId];
          arrived[taskId].store(1);
        }
        __sync_all();
        if (__is_ipu()) {
          seen_after[taskId] = table[coreId];
          // Every compute core of every cluster got here first.
          for (int t = 0; t < task_dim; ++t) missing += 1 - arrived[t].load();
        }
      },
      "sram_per_cluster");
  ASSERT_EQ(ret, cnrtSuccess) << reports_text();
  EXPECT_EQ(mpu_runs.load(), clusters);
  EXPECT_EQ(missing.load(), 0) << "__sync_all let a core through early";
  for (int t = 0; t < task_dim; ++t) {
    const int want = 100 * (t / 4) + t % 4;
    EXPECT_EQ(seen_before[t], want) << "taskId " << t << " before __sync_all";
    EXPECT_EQ(seen_after[t], want) << "taskId " << t << " after __sync_all";
  }
}

// Checked mode with WRAM and SRAM (only this executable has them).
void expect_single_report(const std::function<void()>& bad, const char* builtin,
                          const char* kernel) {
  xbang::checked::clear_reports();
  const cnrtRet_t ret = launch_checked(
      {4, 1, 1}, cnrtFuncTypeUnion1,
      [&] {
        if (__is_ipu() && taskId == 1) bad();
      },
      kernel);
  EXPECT_EQ(ret, cnrtErrorLaunchFailed);
  const auto reports = xbang::checked::reports();
  ASSERT_FALSE(reports.empty()) << kernel << ": nothing reported";
  for (const auto& r : reports) {
    EXPECT_EQ(r.builtin, builtin) << r.text();
    EXPECT_EQ(r.kernel, kernel) << r.text();
    EXPECT_EQ(r.task_id, 1) << r.text();
  }
  xbang::checked::clear_reports();
}

TEST(BangCheckedSpaces, WramPointerPassedAsNram) {
  expect_single_report(
      [] {
        auto* w = reinterpret_cast<float*>(wram_buffer);
        auto* n = reinterpret_cast<float*>(nram_arena());
        __bang_add(n, w, n, 16);
      },
      "__bang_add", "wram_as_nram");
}

TEST(BangCheckedSpaces, SramCopyWithGdramSource) {
  xbang_test::DeviceBuffer g(std::vector<uint8_t>(64, 1));
  expect_single_report([&] { __memcpy(nram_arena(), g.get(), 64, SRAM2NRAM); },
                       "__memcpy", "gdram_as_sram");
}

TEST(BangCheckedSpaces, WramCopyRunningPastTheWramVariables) {
  xbang_test::DeviceBuffer g(std::vector<uint8_t>(256, 1));
  // Opaque to the compiler, which would otherwise warn about the overflow
  // this test makes on purpose.
  volatile int size = 256;
  expect_single_report(
      [&] {
        __memcpy(wram_buffer + kOnchipBytes - 128, g.get(), size, GDRAM2WRAM);
      },
      "__memcpy", "wram_overflow");
}

TEST(BangCheckedSpaces, ExtensionOutputRunningPastNram) {
  xbang_test::DeviceBuffer g(std::vector<uint8_t>(64 * 64, 1));
  expect_single_report(
      [&] {
        auto* repeats = reinterpret_cast<uint8_t*>(nram_arena());
        for (int i = 0; i < 64; ++i) repeats[i] = 255;
        // 64 elements of 64 bytes, 255 times each: 1 MB, more than NRAM.
        __extension(nram_arena() + 64, g.get(), repeats, 64, GDRAM2NRAM, 64);
      },
      "__extension", "extension_overflow");
}

TEST(BangCheckedSpaces, UnknownDirection) {
  xbang_test::DeviceBuffer g(std::vector<uint8_t>(64, 1));
  expect_single_report(
      [&] {
        // 15: within the enum's range (its enumerators need four bits), so
        // a defined value, but no direction.
        __memcpy(nram_arena(), g.get(), 64,
                 static_cast<mluMemcpyDirection_t>(15));
      },
      "__memcpy", "unknown_direction");
}

}  // namespace
}  // namespace bang_test
