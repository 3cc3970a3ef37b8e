// CNNL's adaptive pooling, max pooling with indices and the second pooling
// forms against plain loops over layouts (NCHW, NHWC), data types (float,
// half, bfloat16) and strides (a padded channel stride), and their bad
// calls.
#include <cnnl.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "bad_call_table.h"
#include "cnnl_test_support.h"

namespace {

using cnnl_test::Buffer;
using cnnl_test::Desc;
using cnnl_test::fill;
using cnnl_test::Handle;
using cnnl_test::Layout;
using cnnl_test::tolerance;

struct PoolCase {
  cnnlTensorLayout_t layout;
  cnnlDataType_t dtype;
  cnnlPoolingMode_t mode;
  bool padded;
};

// x [2, 3, 7, 5] into [2, 3, 3, 2] adaptively (uneven, overlapping
// windows), then its gradient back.
void check_adaptive(const PoolCase& k) {
  Handle handle;
  const Layout xl{k.layout, 2, 3, 7, 5, k.padded ? 5 : 3};
  const Layout yl{k.layout, 2, 3, 3, 2, 3};
  Buffer xb(k.dtype, xl.size()), yb(k.dtype, yl.size());
  fill(&xb, xl.size(), 81);
  Desc xd(k.layout, k.dtype, xl.dims(), xl.strides());
  Desc yd(k.layout, k.dtype, yl.dims());
  Desc id(k.layout, CNNL_DTYPE_INT32, yl.dims());
  std::vector<int32_t> index(yl.size(), -1);
  const bool max = k.mode == CNNL_POOLING_MAX;
  size_t ws = 1;
  ASSERT_EQ(cnnlGetAdaptivePoolingForwardWorkspaceSize(handle.get(), xd.get(),
                                                       k.mode, yd.get(), &ws),
            CNNL_STATUS_SUCCESS);
  EXPECT_EQ(ws, 0u);
  ASSERT_EQ(cnnlAdaptivePoolingForward_v2(handle.get(), xd.get(), xb.data(),
                                          k.mode, nullptr, 0, yd.get(),
                                          yb.data(), max ? id.get() : nullptr,
                                          max ? index.data() : nullptr),
            CNNL_STATUS_SUCCESS);
  const float tol = tolerance(k.dtype);
  for (int64_t n = 0; n < 2; ++n) {
    for (int64_t c = 0; c < 3; ++c) {
      for (int64_t i = 0; i < 3; ++i) {
        for (int64_t j = 0; j < 2; ++j) {
          const int64_t h0 = i * 7 / 3, h1 = ((i + 1) * 7 + 2) / 3;
          const int64_t w0 = j * 5 / 2, w1 = ((j + 1) * 5 + 1) / 2;
          double sum = 0, best = -1e30;
          int64_t best_at = -1;
          for (int64_t h = h0; h < h1; ++h) {
            for (int64_t w = w0; w < w1; ++w) {
              const double v = xb.get(xl.at(n, c, h, w));
              sum += v;
              if (v > best) {
                best = v;
                best_at = h * 5 + w;
              }
            }
          }
          const double want = max ? best : sum / double((h1 - h0) * (w1 - w0));
          EXPECT_NEAR(yb.get(yl.at(n, c, i, j)), want,
                      tol * (1 + std::fabs(want)));
          if (max) EXPECT_EQ(index[yl.at(n, c, i, j)], best_at);
        }
      }
    }
  }
  // The gradient: dy spread over (average) or sent to (max) the window.
  Buffer dyb(k.dtype, yl.size()), dxb(k.dtype, xl.size());
  fill(&dyb, yl.size(), 82);
  ASSERT_EQ(cnnlAdaptivePoolingBackward(
                handle.get(), yd.get(), dyb.data(), max ? id.get() : nullptr,
                max ? index.data() : nullptr, k.mode, xd.get(), dxb.data()),
            CNNL_STATUS_SUCCESS);
  std::vector<double> dx(size_t(2 * 3 * 7 * 5), 0.0);
  for (int64_t n = 0; n < 2; ++n) {
    for (int64_t c = 0; c < 3; ++c) {
      for (int64_t i = 0; i < 3; ++i) {
        for (int64_t j = 0; j < 2; ++j) {
          const double g = dyb.get(yl.at(n, c, i, j));
          const int64_t base = (n * 3 + c) * 35;
          if (max) {
            dx[size_t(base + index[yl.at(n, c, i, j)])] += g;
            continue;
          }
          const int64_t h0 = i * 7 / 3, h1 = ((i + 1) * 7 + 2) / 3;
          const int64_t w0 = j * 5 / 2, w1 = ((j + 1) * 5 + 1) / 2;
          for (int64_t h = h0; h < h1; ++h) {
            for (int64_t w = w0; w < w1; ++w) {
              dx[size_t(base + h * 5 + w)] += g / double((h1 - h0) * (w1 - w0));
            }
          }
        }
      }
    }
  }
  for (int64_t n = 0; n < 2; ++n) {
    for (int64_t c = 0; c < 3; ++c) {
      for (int64_t h = 0; h < 7; ++h) {
        for (int64_t w = 0; w < 5; ++w) {
          const double want = dx[size_t((n * 3 + c) * 35 + h * 5 + w)];
          EXPECT_NEAR(dxb.get(xl.at(n, c, h, w)), want,
                      tol * (1 + std::fabs(want)));
        }
      }
    }
  }
}

TEST(CnnlAdaptivePooling, AverageNhwcFloat) {
  check_adaptive({CNNL_LAYOUT_NHWC, CNNL_DTYPE_FLOAT,
                  CNNL_POOLING_AVERAGE_COUNT_INCLUDE_PADDING, false});
}
TEST(CnnlAdaptivePooling, AverageNchwHalfPadded) {
  check_adaptive({CNNL_LAYOUT_NCHW, CNNL_DTYPE_HALF,
                  CNNL_POOLING_AVERAGE_COUNT_EXCLUDE_PADDING, true});
}
TEST(CnnlAdaptivePooling, MaxNhwcBfloat16Padded) {
  check_adaptive(
      {CNNL_LAYOUT_NHWC, CNNL_DTYPE_BFLOAT16, CNNL_POOLING_MAX, true});
}
TEST(CnnlAdaptivePooling, MaxNchwFloatFirstForm) {
  Handle handle;
  const std::vector<float> x = {1, 5, 2, 5, 0, 3, 4, 1, 2};  // [1, 1, 3, 3]
  float y[1] = {};
  int64_t index[1] = {};
  Desc xd(CNNL_LAYOUT_NCHW, CNNL_DTYPE_FLOAT, {1, 1, 3, 3});
  Desc yd(CNNL_LAYOUT_NCHW, CNNL_DTYPE_FLOAT, {1, 1, 1, 1});
  Desc id(CNNL_LAYOUT_NCHW, CNNL_DTYPE_INT64, {1, 1, 1, 1});
  ASSERT_EQ(cnnlAdaptivePoolingForward(handle.get(), xd.get(), x.data(),
                                       CNNL_POOLING_MAX, yd.get(), y, id.get(),
                                       index),
            CNNL_STATUS_SUCCESS);
  EXPECT_EQ(y[0], 5.0f);
  EXPECT_EQ(index[0], 1);  // the first of the two maxima
}

// Max pooling 3x3, stride 2, pad 1, ceil mode, with PyTorch's indices.
void check_with_index(cnnlTensorLayout_t layout, cnnlDataType_t dtype,
                      bool padded) {
  Handle handle;
  const Layout xl{layout, 2, 3, 6, 7, padded ? 4 : 3};
  const int64_t ho = 4, wo = 4;  // ceil((6 + 2 - 3) / 2) + 1, same for 7
  const Layout yl{layout, 2, 3, ho, wo, 3};
  Buffer xb(dtype, xl.size()), yb(dtype, yl.size());
  fill(&xb, xl.size(), 83);
  Desc xd(layout, dtype, xl.dims(), xl.strides());
  Desc yd(layout, dtype, yl.dims()), id(layout, CNNL_DTYPE_INT64, yl.dims());
  cnnlPoolingDescriptor_t pool = nullptr;
  ASSERT_EQ(cnnlCreatePoolingDescriptor(&pool), CNNL_STATUS_SUCCESS);
  const int window[] = {3, 3}, padding[] = {1, 1, 1, 1}, stride[] = {2, 2},
            dilation[] = {1, 1};
  ASSERT_EQ(cnnlSetPoolingNdDescriptor_v2(pool, CNNL_POOLING_MAX,
                                          CNNL_NOT_PROPAGATE_NAN, 4, window,
                                          padding, stride, dilation, true),
            CNNL_STATUS_SUCCESS);
  std::vector<int64_t> index(yl.size(), -1);
  size_t ws = 1;
  ASSERT_EQ(cnnlGetPoolingWithIndexWorkspaceSize(handle.get(), xd.get(),
                                                 yd.get(), &ws),
            CNNL_STATUS_SUCCESS);
  EXPECT_EQ(ws, 0u);
  ASSERT_EQ(cnnlPoolingForwardWithIndex(handle.get(), pool, nullptr, xd.get(),
                                        xb.data(), nullptr, yd.get(), yb.data(),
                                        id.get(), index.data(), nullptr, 0),
            CNNL_STATUS_SUCCESS);
  for (int64_t n = 0; n < 2; ++n) {
    for (int64_t c = 0; c < 3; ++c) {
      for (int64_t i = 0; i < ho; ++i) {
        for (int64_t j = 0; j < wo; ++j) {
          double best = -1e30;
          int64_t best_at = -1;
          for (int64_t h = 2 * i - 1; h < 2 * i + 2; ++h) {
            for (int64_t w = 2 * j - 1; w < 2 * j + 2; ++w) {
              if (h < 0 || h >= 6 || w < 0 || w >= 7) continue;
              const double v = xb.get(xl.at(n, c, h, w));
              if (v > best) {
                best = v;
                best_at = h * 7 + w;
              }
            }
          }
          EXPECT_EQ(yb.get(yl.at(n, c, i, j)), float(best));
          EXPECT_EQ(index[yl.at(n, c, i, j)], best_at);
        }
      }
    }
  }
  // The second form of the plain forward call agrees on the values.
  Buffer y2(dtype, yl.size());
  ASSERT_EQ(
      cnnlPoolingForward_v2(handle.get(), pool, nullptr, xd.get(), xb.data(),
                            nullptr, nullptr, yd.get(), y2.data(), nullptr, 0),
      CNNL_STATUS_SUCCESS);
  for (size_t i = 0; i < yl.size(); ++i) EXPECT_EQ(y2.get(i), yb.get(i)) << i;
  cnnlDestroyPoolingDescriptor(pool);
}
TEST(CnnlPoolingWithIndex, NhwcFloat) {
  check_with_index(CNNL_LAYOUT_NHWC, CNNL_DTYPE_FLOAT, false);
}
TEST(CnnlPoolingWithIndex, NchwHalfPadded) {
  check_with_index(CNNL_LAYOUT_NCHW, CNNL_DTYPE_HALF, true);
}
TEST(CnnlPoolingWithIndex, NhwcBfloat16Padded) {
  check_with_index(CNNL_LAYOUT_NHWC, CNNL_DTYPE_BFLOAT16, true);
}

TEST(CnnlPoolingExtraInput, SizeZeroAndInitWritesNothing) {
  Handle handle;
  size_t size = 7;
  ASSERT_EQ(cnnlGetPoolingExtraInputSize(
                handle.get(), CNNL_POOLING_AVERAGE_COUNT_INCLUDE_PADDING, 4, 4,
                &size),
            CNNL_STATUS_SUCCESS);
  EXPECT_EQ(size, 0u);
  cnnlPoolingDescriptor_t pool = nullptr;
  ASSERT_EQ(cnnlCreatePoolingDescriptor(&pool), CNNL_STATUS_SUCCESS);
  const int window[] = {2, 2}, padding[] = {0, 0, 0, 0}, stride[] = {2, 2};
  ASSERT_EQ(cnnlSetPoolingNdDescriptor(
                pool, CNNL_POOLING_AVERAGE_COUNT_INCLUDE_PADDING,
                CNNL_NOT_PROPAGATE_NAN, 4, window, padding, stride),
            CNNL_STATUS_SUCCESS);
  Desc xd(CNNL_LAYOUT_NHWC, CNNL_DTYPE_FLOAT, {1, 8, 8, 1});
  Desc yd(CNNL_LAYOUT_NHWC, CNNL_DTYPE_FLOAT, {1, 4, 4, 1});
  const std::vector<uint8_t> before(16, 0xAB);
  std::vector<uint8_t> table = before;
  EXPECT_EQ(cnnlInitPoolingExtraInput(handle.get(), pool, xd.get(), yd.get(),
                                      table.data()),
            CNNL_STATUS_SUCCESS);
  EXPECT_EQ(table, before);
  cnnlDestroyPoolingDescriptor(pool);
}

// ---- Reflection and replication padding ----

// x [2, 3, 4, 5] padded by {left 2, right 1, top 3, bottom 0}, then the
// gradient folded back.
void check_pad(bool reflect, cnnlTensorLayout_t layout, cnnlDataType_t dtype,
               bool padded) {
  Handle handle;
  const int pad[] = {2, 1, 3, 0};
  const Layout xl{layout, 2, 3, 4, 5, padded ? 4 : 3};
  const Layout yl{layout, 2, 3, 7, 8, 3};
  Buffer xb(dtype, xl.size()), yb(dtype, yl.size());
  fill(&xb, xl.size(), 84);
  Desc xd(layout, dtype, xl.dims(), xl.strides()), yd(layout, dtype, yl.dims());
  auto source = [&](int64_t o, int64_t in) -> int64_t {
    if (reflect) return o < 0 ? -o : o >= in ? 2 * (in - 1) - o : o;
    return o < 0 ? 0 : o >= in ? in - 1 : o;
  };
  const cnnlStatus_t status =
      reflect ? cnnlReflectionPad2d(handle.get(), xd.get(), xb.data(), pad,
                                    yd.get(), yb.data())
              : cnnlReplicationPad2d(handle.get(), xd.get(), xb.data(), pad,
                                     yd.get(), yb.data());
  ASSERT_EQ(status, CNNL_STATUS_SUCCESS);
  for (int64_t n = 0; n < 2; ++n) {
    for (int64_t c = 0; c < 3; ++c) {
      for (int64_t h = 0; h < 7; ++h) {
        for (int64_t w = 0; w < 8; ++w) {
          EXPECT_EQ(yb.get(yl.at(n, c, h, w)),
                    xb.get(xl.at(n, c, source(h - 3, 4), source(w - 2, 5))));
        }
      }
    }
  }
  Buffer dyb(dtype, yl.size()), dxb(dtype, xl.size());
  fill(&dyb, yl.size(), 85);
  const cnnlStatus_t back =
      reflect ? cnnlReflectionPadBackward(handle.get(), yd.get(), dyb.data(),
                                          pad, xd.get(), dxb.data())
              : cnnlReplicationPadBackward(handle.get(), yd.get(), dyb.data(),
                                           pad, xd.get(), dxb.data());
  ASSERT_EQ(back, CNNL_STATUS_SUCCESS);
  std::vector<double> want(2 * 3 * 4 * 5, 0.0);
  for (int64_t n = 0; n < 2; ++n) {
    for (int64_t c = 0; c < 3; ++c) {
      for (int64_t h = 0; h < 7; ++h) {
        for (int64_t w = 0; w < 8; ++w) {
          want[size_t(((n * 3 + c) * 4 + source(h - 3, 4)) * 5 +
                      source(w - 2, 5))] += dyb.get(yl.at(n, c, h, w));
        }
      }
    }
  }
  const float tol = tolerance(dtype);
  for (int64_t n = 0; n < 2; ++n) {
    for (int64_t c = 0; c < 3; ++c) {
      for (int64_t h = 0; h < 4; ++h) {
        for (int64_t w = 0; w < 5; ++w) {
          const double v = want[size_t(((n * 3 + c) * 4 + h) * 5 + w)];
          EXPECT_NEAR(dxb.get(xl.at(n, c, h, w)), v,
                      4 * tol * (1 + std::fabs(v)));
        }
      }
    }
  }
}
TEST(CnnlPad, ReflectionNchwFloat) {
  check_pad(true, CNNL_LAYOUT_NCHW, CNNL_DTYPE_FLOAT, false);
}
TEST(CnnlPad, ReflectionNhwcHalfPadded) {
  check_pad(true, CNNL_LAYOUT_NHWC, CNNL_DTYPE_HALF, true);
}
TEST(CnnlPad, ReplicationNhwcFloatPadded) {
  check_pad(false, CNNL_LAYOUT_NHWC, CNNL_DTYPE_FLOAT, true);
}
TEST(CnnlPad, ReplicationNchwBfloat16) {
  check_pad(false, CNNL_LAYOUT_NCHW, CNNL_DTYPE_BFLOAT16, false);
}
TEST(CnnlPad, ReplicationSequenceNlc) {
  Handle handle;
  const std::vector<int32_t> x = {1, 2, 3, 4, 5, 6};  // [1, 3, 2] NLC
  std::vector<int32_t> y(12, -1);
  const int pad[] = {2, 1, 0, 0};
  Desc xd(CNNL_LAYOUT_NLC, CNNL_DTYPE_INT32, {1, 3, 2});
  Desc yd(CNNL_LAYOUT_NLC, CNNL_DTYPE_INT32, {1, 6, 2});
  ASSERT_EQ(cnnlReplicationPad2d(handle.get(), xd.get(), x.data(), pad,
                                 yd.get(), y.data()),
            CNNL_STATUS_SUCCESS);
  EXPECT_EQ(y, (std::vector<int32_t>{1, 2, 1, 2, 1, 2, 3, 4, 5, 6, 5, 6}));
}

// ---- Bad calls: status, a log line naming the function, nothing written.

struct Objects {
  Handle handle;
  Desc x{CNNL_LAYOUT_NHWC, CNNL_DTYPE_FLOAT, {1, 4, 4, 2}};
  Desc y{CNNL_LAYOUT_NHWC, CNNL_DTYPE_FLOAT, {1, 2, 2, 2}};
  Desc y_channels{CNNL_LAYOUT_NHWC, CNNL_DTYPE_FLOAT, {1, 2, 2, 3}};
  Desc y_half{CNNL_LAYOUT_NHWC, CNNL_DTYPE_HALF, {1, 2, 2, 2}};
  Desc x_array{CNNL_LAYOUT_ARRAY, CNNL_DTYPE_FLOAT, {1, 4, 4, 2}};
  Desc x_int{CNNL_LAYOUT_NHWC, CNNL_DTYPE_INT32, {1, 4, 4, 2}};
  Desc y_int{CNNL_LAYOUT_NHWC, CNNL_DTYPE_INT32, {1, 2, 2, 2}};
  Desc index{CNNL_LAYOUT_NHWC, CNNL_DTYPE_INT32, {1, 2, 2, 2}};
  Desc index_float{CNNL_LAYOUT_NHWC, CNNL_DTYPE_FLOAT, {1, 2, 2, 2}};
  cnnlPoolingDescriptor_t pool = nullptr, avg = nullptr, unset = nullptr;
  float in[64] = {1, 2, 3};
  int32_t idx_bad[8] = {0, 1, 99, 1, 0, 1, 0, 1};
  float out[64] = {};
  Objects() {
    cnnlCreatePoolingDescriptor(&pool);
    cnnlCreatePoolingDescriptor(&avg);
    cnnlCreatePoolingDescriptor(&unset);
    cnnlSetPooling2dDescriptor_v2(pool, CNNL_POOLING_MAX, CNNL_PROPAGATE_NAN, 2,
                                  2, 0, 0, 0, 0, 2, 2, 1, 1, false);
    cnnlSetPooling2dDescriptor_v2(
        avg, CNNL_POOLING_AVERAGE_COUNT_INCLUDE_PADDING, CNNL_PROPAGATE_NAN, 2,
        2, 0, 0, 0, 0, 2, 2, 1, 1, false);
  }
  ~Objects() {
    cnnlDestroyPoolingDescriptor(pool);
    cnnlDestroyPoolingDescriptor(avg);
    cnnlDestroyPoolingDescriptor(unset);
  }
  cnnlStatus_t adaptive(cnnlHandle_t h, cnnlTensorDescriptor_t xd,
                        cnnlTensorDescriptor_t yd,
                        cnnlPoolingMode_t mode = CNNL_POOLING_MAX,
                        cnnlTensorDescriptor_t id = nullptr,
                        size_t workspace_size = 0) {
    return cnnlAdaptivePoolingForward_v2(h, xd, in, mode, nullptr,
                                         workspace_size, yd, out, id,
                                         id != nullptr ? out + 32 : nullptr);
  }
  cnnlStatus_t with_index(cnnlHandle_t h, cnnlPoolingDescriptor_t p,
                          cnnlTensorDescriptor_t xd, cnnlTensorDescriptor_t yd,
                          cnnlTensorDescriptor_t id) {
    return cnnlPoolingForwardWithIndex(h, p, nullptr, xd, in, nullptr, yd, out,
                                       id, out + 32, nullptr, 0);
  }
};
using Bad = BadCall<cnnlStatus_t, Objects&>;
constexpr cnnlStatus_t kBad = CNNL_STATUS_BAD_PARAM;
constexpr cnnlStatus_t kNotSupported = CNNL_STATUS_NOT_SUPPORTED;

const Bad kBadCalls[] = {
    {"AdaptiveNullHandle",
     [](Objects& o) { return o.adaptive(nullptr, o.x.get(), o.y.get()); },
     kBad},
    {"AdaptiveArrayLayout",
     [](Objects& o) {
       return o.adaptive(o.handle.get(), o.x_array.get(), o.y.get());
     },
     kBad},
    {"AdaptiveChannelMismatch",
     [](Objects& o) {
       return o.adaptive(o.handle.get(), o.x.get(), o.y_channels.get());
     },
     kBad},
    {"AdaptiveTypeMismatch",
     [](Objects& o) {
       return o.adaptive(o.handle.get(), o.x.get(), o.y_half.get());
     },
     kBad},
    {"AdaptiveIntNotSupported",
     [](Objects& o) {
       return o.adaptive(o.handle.get(), o.x_int.get(), o.y_int.get());
     },
     kNotSupported},
    {"AdaptiveFixedNotSupported",
     [](Objects& o) {
       return o.adaptive(o.handle.get(), o.x.get(), o.y.get(),
                         CNNL_POOLING_FIXED);
     },
     kNotSupported},
    {"AdaptiveFloatIndex",
     [](Objects& o) {
       return o.adaptive(o.handle.get(), o.x.get(), o.y.get(), CNNL_POOLING_MAX,
                         o.index_float.get());
     },
     kBad},
    {"AdaptiveWorkspaceMissing",
     [](Objects& o) {
       return o.adaptive(o.handle.get(), o.x.get(), o.y.get(), CNNL_POOLING_MAX,
                         nullptr, 32);
     },
     kBad},
    {"AdaptiveBackwardMaxWithoutIndex",
     [](Objects& o) {
       return cnnlAdaptivePoolingBackward(o.handle.get(), o.y.get(), o.in,
                                          nullptr, nullptr, CNNL_POOLING_MAX,
                                          o.x.get(), o.out);
     },
     kBad},
    {"AdaptiveBackwardIndexOutOfRange",
     [](Objects& o) {
       return cnnlAdaptivePoolingBackward(o.handle.get(), o.y.get(), o.in,
                                          o.index.get(), o.idx_bad,
                                          CNNL_POOLING_MAX, o.x.get(), o.out);
     },
     kBad},
    {"AdaptiveWorkspaceQueryNullSize",
     [](Objects& o) {
       return cnnlGetAdaptivePoolingForwardWorkspaceSize(
           o.handle.get(), o.x.get(), CNNL_POOLING_MAX, o.y.get(), nullptr);
     },
     kBad},
    {"WithIndexNullHandle",
     [](Objects& o) {
       return o.with_index(nullptr, o.pool, o.x.get(), o.y.get(),
                           o.index.get());
     },
     kBad},
    {"WithIndexUnsetDescriptor",
     [](Objects& o) {
       return o.with_index(o.handle.get(), o.unset, o.x.get(), o.y.get(),
                           o.index.get());
     },
     kBad},
    {"WithIndexAverageMode",
     [](Objects& o) {
       return o.with_index(o.handle.get(), o.avg, o.x.get(), o.y.get(),
                           o.index.get());
     },
     kBad},
    {"WithIndexOutputSizeMismatch",
     [](Objects& o) {
       return o.with_index(o.handle.get(), o.pool, o.x.get(), o.x.get(),
                           o.index.get());
     },
     kBad},
    {"WithIndexMissingIndex",
     [](Objects& o) {
       return o.with_index(o.handle.get(), o.pool, o.x.get(), o.y.get(),
                           nullptr);
     },
     kBad},
    {"ForwardV2WorkspaceMissing",
     [](Objects& o) {
       return cnnlPoolingForward_v2(o.handle.get(), o.pool, nullptr, o.x.get(),
                                    o.in, nullptr, nullptr, o.y.get(), o.out,
                                    nullptr, 8);
     },
     kBad},
    {"ForwardV2OutputSizeMismatch",
     [](Objects& o) {
       return cnnlPoolingForward_v2(o.handle.get(), o.pool, nullptr, o.x.get(),
                                    o.in, nullptr, nullptr, o.x.get(), o.out,
                                    nullptr, 0);
     },
     kBad},
    {"SetNdThreeDimensional",
     [](Objects& o) {
       const int window[3] = {2, 2, 2}, padding[6] = {}, stride[3] = {1, 1, 1};
       return cnnlSetPoolingNdDescriptor(o.unset, CNNL_POOLING_MAX,
                                         CNNL_PROPAGATE_NAN, 5, window, padding,
                                         stride);
     },
     kNotSupported},
    {"SetNdNullWindow",
     [](Objects& o) {
       const int padding[4] = {}, stride[2] = {1, 1};
       return cnnlSetPoolingNdDescriptor(o.unset, CNNL_POOLING_MAX,
                                         CNNL_PROPAGATE_NAN, 4, nullptr,
                                         padding, stride);
     },
     kBad},
    {"ExtraInputSizeNull",
     [](Objects& o) {
       return cnnlGetPoolingExtraInputSize(o.handle.get(), CNNL_POOLING_MAX, 2,
                                           2, nullptr);
     },
     kBad},
    {"ReflectionPadNullHandle",
     [](Objects& o) {
       const int pad[] = {1, 1, 1, 1};
       return cnnlReflectionPad2d(nullptr, o.y.get(), o.in, pad, o.x.get(),
                                  o.out);
     },
     kBad},
    {"ReflectionPadTooWide",
     [](Objects& o) {
       const int pad[] = {2, 0, 2, 0};
       return cnnlReflectionPad2d(o.handle.get(), o.y.get(), o.in, pad,
                                  o.x.get(), o.out);
     },
     kBad},
    {"ReplicationPadShapeMismatch",
     [](Objects& o) {
       const int pad[] = {1, 0, 1, 0};
       return cnnlReplicationPad2d(o.handle.get(), o.y.get(), o.in, pad,
                                   o.x.get(), o.out);
     },
     kBad},
    {"ReplicationPadArrayLayout",
     [](Objects& o) {
       const int pad[] = {0, 0, 0, 0};
       return cnnlReplicationPad2d(o.handle.get(), o.x_array.get(), o.in, pad,
                                   o.x_array.get(), o.out);
     },
     kBad},
    {"ReplicationPadNullPad",
     [](Objects& o) {
       return cnnlReplicationPad2d(o.handle.get(), o.x.get(), o.in, nullptr,
                                   o.x.get(), o.out);
     },
     kBad},
    {"ReflectionPadBackwardTypeMismatch",
     [](Objects& o) {
       const int pad[] = {1, 1, 1, 1};
       return cnnlReflectionPadBackward(o.handle.get(), o.x.get(), o.in, pad,
                                        o.y_half.get(), o.out);
     },
     kBad},
    {"ReplicationPadBackwardNegativePad",
     [](Objects& o) {
       const int pad[] = {-1, 1, 1, 1};
       return cnnlReplicationPadBackward(o.handle.get(), o.x.get(), o.in, pad,
                                         o.y.get(), o.out);
     },
     kBad},
};

class CnnlPoolingBadInput : public testing::TestWithParam<Bad> {};

TEST_P(CnnlPoolingBadInput, ReturnsTheStatusLogsAndWritesNothing) {
  Objects objects;
  cnnl_test::expect_refused(objects, GetParam());
}

INSTANTIATE_TEST_SUITE_P(Table, CnnlPoolingBadInput,
                         testing::ValuesIn(kBadCalls), BadCallName());

}  // namespace
