// Matrix built-ins (docs/builtins.md, Matrix):
//   __bang_matmul(dst, lhs, rhs, m, k, n): dst[m x n] = lhs[m x k] * rhs[k x n]
//   __bang_conv(dst, src, kernel, ci, h, w, kh, kw, sw, sh, co): NHWC
//     convolution of one [h, w, ci] image with a [co, kh, kw, ci] kernel, no
//     padding, dst [(h-kh)/sh+1, (w-kw)/sw+1, co].
// lhs/src and dst in NRAM, rhs/kernel in WRAM, all row-major; float
// accumulation. Overloads: float inputs with float dst, half inputs with
// float or half dst (half dst is the float result rounded to nearest even).
// Counted in Family::kMatrix as multiply-accumulates.
//
// Both are one GEMM: the lhs of conv is the image seen through the kernel
// window (row i = output pixel i, depth p = (ky, kx, c): kh segments of
// kw*ci contiguous values), read in place, never materialised. The depth is
// cut into blocks of kDepthBlock; each block of rhs is packed into panels of
// kPanel columns (one panel stays in L1 while the lhs rows of a row block
// stream past it), and a register-blocked kTileRows x kPanel micro-kernel
// (12 FMA accumulators, broadcast lhs, vector rhs rows) computes each tile.
// Half operands are converted to float once per call: lhs into thread_local
// scratch, rhs while it is packed; a half dst is rounded from float scratch.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>
#include <xsimd/xsimd.hpp>

#include "xbang/builtins/conversion.h"
#include "xbang/builtins/detail/entry.h"
#include "xbang/core/half.h"
#include "xbang/runtime/checked.h"
#include "xbang/runtime/task.h"

namespace xbang {
namespace detail {
namespace gemm {

using Target = simd::TunedTarget;
using Vec = xsimd::batch<float, Target>;
inline constexpr int kVec = int(Vec::size);
inline constexpr int kTileRows = 6;      // micro-tile rows
inline constexpr int kPanel = 2 * kVec;  // micro-tile columns (two vectors)
inline constexpr int kDepthBlock = 256;  // a kDepthBlock x kPanel panel: 16 KB
inline constexpr int kRowBlock = 16 * kTileRows;  // 96 rows: 96 KB of lhs

using AlignedFloats = std::vector<float, xsimd::aligned_allocator<float, 64>>;

struct Scratch {
  AlignedFloats lhs_float, rhs_pack, result;
};
inline Scratch& scratch() {
  thread_local Scratch s;
  return s;
}
inline float* grow(AlignedFloats& v, size_t n) {
  if (v.size() < n) v.resize(n);
  return v.data();
}

inline float to_float(float x) { return x; }
inline float to_float(half x) { return half_bits_to_float(half_bits(x)); }

// Where lhs element (i, p) lives. Row i starts at
//   (i / row_width) * row_step_y + (i % row_width) * row_step_x
// and depth index p = s * segment + q (q < segment) is at s * segment_step + q.
// A plain matrix is one row of width 1 (row_step_y = k) and one segment.
struct LhsLayout {
  long row_width, row_step_x, row_step_y;
  long segment, segment_step;
  long row_start(long i) const {
    return (i / row_width) * row_step_y + (i % row_width) * row_step_x;
  }
};

// Where rhs element (p, j) lives: p * depth_step + j * column_step.
struct RhsLayout {
  long depth_step, column_step;
};

// Width of the panel starting at column j0 of n: a whole panel, or one
// vector when at most one vector's worth of columns remains.
inline int panel_width(long n, long j0) {
  return n - j0 > kVec ? kPanel : kVec;
}

// Packs rhs depth rows [p0, p0 + depth) into consecutive panels; panel j0 is
// depth x panel_width(j0) floats at pack + j0 * depth, zero-padded past n.
template <class T>
void pack_rhs(float* pack, const T* rhs, RhsLayout layout, long p0, long depth,
              long n) {
  for (long j0 = 0; j0 < n; j0 += kPanel) {
    const int width = panel_width(n, j0);
    const long columns = std::min<long>(width, n - j0);
    float* panel = pack + j0 * depth;
    for (long p = 0; p < depth; ++p) {
      const T* row =
          rhs + (p0 + p) * layout.depth_step + j0 * layout.column_step;
      float* out = panel + p * width;
      if constexpr (std::is_same_v<T, float>) {
        if (layout.column_step == 1 && columns == width) {
          for (int v = 0; v < width; v += kVec) {
            Vec::load_unaligned(row + v).store_aligned(out + v);
          }
          continue;
        }
      }
      long j = 0;
      for (; j < columns; ++j) out[j] = to_float(row[j * layout.column_step]);
      for (; j < width; ++j) out[j] = 0.f;
    }
  }
}

// c[rows x cols] (+)= lhs tile (kTileRows rows) * panel (depth x kVec*NV).
// The tile's rows are read in place: rows[r] points at depth p0 of row r
// (rows past the matrix repeat its last row and are not stored). Depth runs
// through segments of `segment` contiguous values, `segment_step` apart,
// starting at offset q0 inside the first one.
template <int NV>
void micro_kernel(const float* const* rows, long segment, long segment_step,
                  long q0, long depth, const float* panel, float* c, long ldc,
                  int nrows, int cols, bool accumulate) {
  // Fully unrolled so that the accumulators live in registers.
  Vec acc[kTileRows][NV];
  const float* a[kTileRows];
#pragma GCC unroll 8
  for (int r = 0; r < kTileRows; ++r) {
    a[r] = rows[r];
#pragma GCC unroll 2
    for (int v = 0; v < NV; ++v) acc[r][v] = Vec(0.f);
  }
  long q = q0;
  while (depth > 0) {
    const long run = std::min(depth, segment - q);
    for (long t = 0; t < run; ++t) {
      Vec b[NV];
#pragma GCC unroll 2
      for (int v = 0; v < NV; ++v) b[v] = Vec::load_aligned(panel + v * kVec);
#pragma GCC unroll 8
      for (int r = 0; r < kTileRows; ++r) {
        const Vec x(a[r][t]);
#pragma GCC unroll 2
        for (int v = 0; v < NV; ++v) acc[r][v] = xsimd::fma(x, b[v], acc[r][v]);
      }
      panel += NV * kVec;
    }
#pragma GCC unroll 8
    for (int r = 0; r < kTileRows; ++r) a[r] += segment_step - q;
    depth -= run;
    q = 0;
  }
  // Unrolled with constant indices (a runtime row bound would keep the
  // accumulators in memory, zeroed and spilled on every call).
  if (cols == NV * kVec) {
#pragma GCC unroll 8
    for (int r = 0; r < kTileRows; ++r) {
      if (r >= nrows) break;
      float* out = c + r * ldc;
#pragma GCC unroll 2
      for (int v = 0; v < NV; ++v) {
        Vec x = acc[r][v];
        if (accumulate) x += Vec::load_unaligned(out + v * kVec);
        x.store_unaligned(out + v * kVec);
      }
    }
  } else {
    alignas(64) float lanes[NV * kVec];
#pragma GCC unroll 8
    for (int r = 0; r < kTileRows; ++r) {
      if (r >= nrows) break;
      float* out = c + r * ldc;
#pragma GCC unroll 2
      for (int v = 0; v < NV; ++v) acc[r][v].store_aligned(lanes + v * kVec);
      for (int j = 0; j < cols; ++j) {
        out[j] = accumulate ? out[j] + lanes[j] : lanes[j];
      }
    }
  }
}

// c[m x n] (row stride n) = lhs (m x depth, float, per layout) * rhs
// (depth x n).
template <class T>
void gemm(float* c, const float* lhs, const LhsLayout& lhs_layout, const T* rhs,
          RhsLayout rhs_layout, long m, long depth, long n) {
  if (m <= 0 || n <= 0) return;
  if (depth <= 0) {
    std::fill(c, c + m * n, 0.f);
    return;
  }
  const long padded_n = (n + kPanel - 1) / kPanel * kPanel;
  const long block_depth = std::min<long>(depth, kDepthBlock);
  float* rhs_pack = grow(scratch().rhs_pack, size_t(padded_n * block_depth));
  const long segment = lhs_layout.segment;

  for (long p0 = 0; p0 < depth; p0 += kDepthBlock) {
    const long kc = std::min<long>(kDepthBlock, depth - p0);
    pack_rhs(rhs_pack, rhs, rhs_layout, p0, kc, n);
    // Offset of depth p0 inside a row.
    const long p0_offset =
        (p0 / segment) * lhs_layout.segment_step + p0 % segment;
    for (long i0 = 0; i0 < m; i0 += kRowBlock) {
      const long mc = std::min<long>(kRowBlock, m - i0);
      // The block's row pointers, once for all its panels (rows past the
      // matrix repeat its last row).
      const float* block_rows[kRowBlock + kTileRows];
      for (long r = 0; r < mc + kTileRows; ++r) {
        block_rows[r] =
            lhs + lhs_layout.row_start(std::min(i0 + r, m - 1)) + p0_offset;
      }
      for (long j0 = 0; j0 < n; j0 += kPanel) {
        const int width = panel_width(n, j0);
        const int cols = int(std::min<long>(width, n - j0));
        const float* panel = rhs_pack + j0 * kc;
        for (long t0 = i0; t0 < i0 + mc; t0 += kTileRows) {
          const int nrows = int(std::min<long>(kTileRows, m - t0));
          const float* const* rows = block_rows + (t0 - i0);
          float* out = c + t0 * n + j0;
          if (width == kPanel) {
            micro_kernel<2>(rows, segment, lhs_layout.segment_step,
                            p0 % segment, kc, panel, out, n, nrows, cols,
                            p0 > 0);
          } else {
            micro_kernel<1>(rows, segment, lhs_layout.segment_step,
                            p0 % segment, kc, panel, out, n, nrows, cols,
                            p0 > 0);
          }
        }
      }
    }
  }
}

// lhs as float: itself, or converted once into thread_local scratch.
template <class T>
const float* lhs_as_float(const T* lhs, long count) {
  if constexpr (std::is_same_v<T, float>) {
    return lhs;
  } else {
    float* converted =
        grow(scratch().lhs_float, size_t(std::max<long>(count, 1)));
    conv::convert_array<half, float, RoundMode::kRn>(converted, lhs, count, 0);
    return converted;
  }
}

// Runs `compute(float* result)` into dst directly (float) or through float
// scratch rounded to nearest even (half).
template <class D, class Compute>
void into_dst(D* dst, long count, Compute compute) {
  if constexpr (std::is_same_v<D, float>) {
    compute(dst);
  } else {
    float* result = grow(scratch().result, size_t(std::max<long>(count, 1)));
    compute(result);
    conv::convert_array<float, half, RoundMode::kRn>(dst, result, count, 0);
  }
}

template <class D, class T>
void matmul_builtin(D* dst, const T* lhs, const T* rhs, int m, int k, int n) {
  const long dst_bytes = long(m) * n * long(sizeof(D));
  const long lhs_bytes = long(m) * k * long(sizeof(T));
  const long rhs_bytes = long(k) * n * long(sizeof(T));
  run_builtin(
      "__bang_matmul",
      Tally::elements(Family::kMatrix,
                      m > 0 && n > 0 && k >= 0 ? long(m) * k * n : 0),
      [&](Contract& c) {
        c.count(m).count(k).count(n).dst(dst, dst_bytes);
        c.disjoint_src("lhs", lhs, lhs_bytes)
            .operand("rhs", rhs, rhs_bytes, Space::kWram)
            .pending(rhs, rhs_bytes);
      },
      [&] {
        if (m <= 0 || n <= 0 || k < 0) return;
        const LhsLayout lhs_layout{1, 0, k, std::max(k, 1), 0};
        const RhsLayout rhs_layout{n, 1};
        const float* lhs_float = lhs_as_float(lhs, long(m) * k);
        into_dst(dst, long(m) * n, [&](float* c) {
          gemm(c, lhs_float, lhs_layout, rhs, rhs_layout, m, k, n);
        });
      });
}

template <class D, class T>
void conv_builtin(D* dst, const T* src, const T* kernel, int ci, int h, int w,
                  int kh, int kw, int sw, int sh, int co) {
  const bool geometry_ok = ci >= 0 && co >= 0 && kh >= 1 && kw >= 1 &&
                           sw >= 1 && sh >= 1 && kh <= h && kw <= w;
  const long out_h = geometry_ok ? (h - kh) / sh + 1 : 0;
  const long out_w = geometry_ok ? (w - kw) / sw + 1 : 0;
  const long depth = long(kh) * kw * ci;
  const long pixels = out_h * out_w;
  run_builtin(
      "__bang_conv",
      Tally::elements(Family::kMatrix, geometry_ok ? pixels * co * depth : 0),
      [&](Contract& c) {
        c.require(geometry_ok, [] {
          return std::string(
              "bad geometry: need ci, co >= 0, 1 <= kh <= h, "
              "1 <= kw <= w, sw, sh >= 1");
        });
        const long kernel_bytes = long(co) * depth * long(sizeof(T));
        c.dst(dst, pixels * co * long(sizeof(D)))
            .disjoint_src("src", src, long(h) * w * ci * long(sizeof(T)))
            .operand("kernel", kernel, kernel_bytes, Space::kWram)
            .pending(kernel, kernel_bytes);
      },
      [&] {
        if (!geometry_ok || co == 0) return;
        // Output pixel (y, x) reads rows y*sh.. and columns x*sw.. of the
        // image; depth index p = (ky, kx, c) walks kh segments of kw*ci
        // contiguous values.
        const LhsLayout lhs_layout{out_w, long(sw) * ci, long(sh) * w * ci,
                                   std::max<long>(long(kw) * ci, 1),
                                   long(w) * ci};
        const RhsLayout rhs_layout{1, depth};  // kernel[o][p] is rhs(p, o)
        const float* src_float = lhs_as_float(src, long(h) * w * ci);
        into_dst(dst, pixels * co, [&](float* c) {
          gemm(c, src_float, lhs_layout, kernel, rhs_layout, pixels, depth, co);
        });
      });
}

}  // namespace gemm
}  // namespace detail
}  // namespace xbang

inline void __bang_matmul(float* dst, const float* lhs, const float* rhs, int m,
                          int k, int n) {
  xbang::detail::gemm::matmul_builtin(dst, lhs, rhs, m, k, n);
}
inline void __bang_matmul(float* dst, const half* lhs, const half* rhs, int m,
                          int k, int n) {
  xbang::detail::gemm::matmul_builtin(dst, lhs, rhs, m, k, n);
}
inline void __bang_matmul(half* dst, const half* lhs, const half* rhs, int m,
                          int k, int n) {
  xbang::detail::gemm::matmul_builtin(dst, lhs, rhs, m, k, n);
}

inline void __bang_conv(float* dst, const float* src, const float* kernel,
                        int ci, int h, int w, int kh, int kw, int sw, int sh,
                        int co) {
  xbang::detail::gemm::conv_builtin(dst, src, kernel, ci, h, w, kh, kw, sw, sh,
                                    co);
}
inline void __bang_conv(float* dst, const half* src, const half* kernel, int ci,
                        int h, int w, int kh, int kw, int sw, int sh, int co) {
  xbang::detail::gemm::conv_builtin(dst, src, kernel, ci, h, w, kh, kw, sw, sh,
                                    co);
}
inline void __bang_conv(half* dst, const half* src, const half* kernel, int ci,
                        int h, int w, int kh, int kw, int sw, int sh, int co) {
  xbang::detail::gemm::conv_builtin(dst, src, kernel, ci, h, w, kh, kw, sw, sh,
                                    co);
}
