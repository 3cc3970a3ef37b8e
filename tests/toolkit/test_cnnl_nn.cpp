// CNNL's convolution (forward and backward), pooling, activation and
// softmax against plain loops over layouts (NCHW, NHWC), data types (float,
// half, bfloat16) and strides, and their bad calls.
#include <cnnl.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "bad_call_table.h"
#include "cnnl_test_support.h"
#include "xbang/core/bfloat16.h"

namespace {

using cnnl_test::Handle;
using cnnl_test::random_floats;

using cnnl_test::Buffer;
using cnnl_test::Desc;
using cnnl_test::fill;
using cnnl_test::tolerance;

using cnnl_test::Layout;

struct ConvCase {
  cnnlTensorLayout_t layout;
  cnnlDataType_t dtype;
  int groups, stride, pad, dilation;
  bool bias, padded, scaled;
};

void check_conv(const ConvCase& k) {
  Handle handle;
  const int64_t n = 2, ci = 4, h = 7, w = 6, co = 6, kh = 3, kw = 2;
  const int64_t cig = ci / k.groups;
  const int64_t ho = (h + 2 * k.pad - k.dilation * (kh - 1) - 1) / k.stride + 1;
  const int64_t wo = (w + 2 * k.pad - k.dilation * (kw - 1) - 1) / k.stride + 1;
  const Layout xl{k.layout, n, ci, h, w, k.padded ? ci + 3 : ci};
  const Layout yl{k.layout, n, co, ho, wo, co};
  const Layout wl{k.layout, co, cig, kh, kw, cig};
  Buffer xb(k.dtype, xl.size()), wb(k.dtype, wl.size()), yb(k.dtype, yl.size()),
      bb(k.dtype, size_t(co));
  const std::vector<float> x = fill(&xb, xl.size(), 11);
  const std::vector<float> wt = fill(&wb, wl.size(), 12);
  const std::vector<float> bias = fill(&bb, size_t(co), 13);
  const std::vector<float> y0 = fill(&yb, yl.size(), 14);
  Desc xd(k.layout, k.dtype, xl.dims(), xl.strides());
  Desc wd(k.layout, k.dtype, wl.dims()), yd(k.layout, k.dtype, yl.dims());
  Desc bd(CNNL_LAYOUT_ARRAY, k.dtype, {co});
  cnnlConvolutionDescriptor_t conv = nullptr;
  ASSERT_EQ(cnnlCreateConvolutionDescriptor(&conv), CNNL_STATUS_SUCCESS);
  const int pad[] = {k.pad, k.pad, k.pad, k.pad};
  const int stride[] = {k.stride, k.stride};
  const int dilation[] = {k.dilation, k.dilation};
  ASSERT_EQ(cnnlSetConvolutionDescriptor(conv, 4, pad, stride, dilation,
                                         k.groups, CNNL_DTYPE_FLOAT),
            CNNL_STATUS_SUCCESS);
  cnnlConvolutionForwardAlgo_t algo;
  ASSERT_EQ(cnnlGetConvolutionForwardAlgorithm(
                handle.get(), conv, xd.get(), wd.get(), yd.get(),
                CNNL_CONVOLUTION_FWD_FASTEST, &algo),
            CNNL_STATUS_SUCCESS);
  size_t workspace = 9;
  ASSERT_EQ(cnnlGetConvolutionForwardWorkspaceSize(handle.get(), xd.get(),
                                                   wd.get(), yd.get(), bd.get(),
                                                   conv, algo, &workspace),
            CNNL_STATUS_SUCCESS);
  const float alpha = 0.5f, beta = 2.0f;
  ASSERT_EQ(cnnlConvolutionForward(
                handle.get(), conv, algo, k.scaled ? &alpha : nullptr, xd.get(),
                xb.data(), wd.get(), wb.data(), k.bias ? bd.get() : nullptr,
                k.bias ? bb.data() : nullptr, nullptr, workspace,
                k.scaled ? &beta : nullptr, yd.get(), yb.data()),
            CNNL_STATUS_SUCCESS);
  cnnlDestroyConvolutionDescriptor(conv);
  const int64_t cog = co / k.groups;
  for (int64_t in = 0; in < n; ++in) {
    for (int64_t oc = 0; oc < co; ++oc) {
      const int64_t g = oc / cog;
      for (int64_t oh = 0; oh < ho; ++oh) {
        for (int64_t ow = 0; ow < wo; ++ow) {
          double sum = k.bias ? bias[size_t(oc)] : 0.0;
          for (int64_t ic = 0; ic < cig; ++ic) {
            for (int64_t r = 0; r < kh; ++r) {
              for (int64_t s = 0; s < kw; ++s) {
                const int64_t ih = oh * k.stride - k.pad + r * k.dilation;
                const int64_t iw = ow * k.stride - k.pad + s * k.dilation;
                if (ih < 0 || ih >= h || iw < 0 || iw >= w) continue;
                sum += double(x[xl.at(in, g * cig + ic, ih, iw)]) *
                       double(wt[wl.at(oc, ic, r, s)]);
              }
            }
          }
          const size_t at = yl.at(in, oc, oh, ow);
          const double want = k.scaled ? 0.5 * sum + 2.0 * y0[at] : sum;
          EXPECT_NEAR(yb.get(at), want,
                      tolerance(k.dtype) * (4 + std::fabs(want)))
              << "n " << in << " c " << oc << " h " << oh << " w " << ow;
        }
      }
    }
  }
}

TEST(CnnlConvolutionForward, NhwcFloat) {
  check_conv(
      {CNNL_LAYOUT_NHWC, CNNL_DTYPE_FLOAT, 1, 1, 1, 1, true, false, false});
}
TEST(CnnlConvolutionForward, NchwFloatStridedDilatedGrouped) {
  check_conv(
      {CNNL_LAYOUT_NCHW, CNNL_DTYPE_FLOAT, 2, 2, 2, 2, true, false, false});
}
TEST(CnnlConvolutionForward, NhwcFloatPaddedChannelsAlphaBeta) {
  check_conv(
      {CNNL_LAYOUT_NHWC, CNNL_DTYPE_FLOAT, 1, 2, 1, 1, false, true, true});
}
TEST(CnnlConvolutionForward, NhwcHalf) {
  check_conv(
      {CNNL_LAYOUT_NHWC, CNNL_DTYPE_HALF, 2, 1, 1, 1, true, false, false});
}
TEST(CnnlConvolutionForward, NchwHalfStrided) {
  check_conv({CNNL_LAYOUT_NCHW, CNNL_DTYPE_HALF, 1, 1, 0, 1, true, true, true});
}
TEST(CnnlConvolutionForward, NhwcBfloat16) {
  check_conv(
      {CNNL_LAYOUT_NHWC, CNNL_DTYPE_BFLOAT16, 1, 1, 1, 1, true, false, false});
}

// diff_x and diff_w of y = conv(x, w) against the forward loop's adjoint:
// each product x * w of the forward sum sends diff_y * w to diff_x and
// diff_y * x to diff_w.
void check_conv_backward(const ConvCase& k) {
  Handle handle;
  const int64_t n = 2, ci = 4, h = 7, w = 6, co = 6, kh = 3, kw = 2;
  const int64_t cig = ci / k.groups, cog = co / k.groups;
  const int64_t ho = (h + 2 * k.pad - k.dilation * (kh - 1) - 1) / k.stride + 1;
  const int64_t wo = (w + 2 * k.pad - k.dilation * (kw - 1) - 1) / k.stride + 1;
  const Layout xl{k.layout, n, ci, h, w, k.padded ? ci + 3 : ci};
  const Layout yl{k.layout, n, co, ho, wo, co};
  const Layout wl{k.layout, co, cig, kh, kw, cig};
  Buffer xb(k.dtype, xl.size()), wb(k.dtype, wl.size()),
      dyb(k.dtype, yl.size()), dxb(k.dtype, xl.size()), dwb(k.dtype, wl.size());
  const std::vector<float> x = fill(&xb, xl.size(), 51);
  const std::vector<float> wt = fill(&wb, wl.size(), 52);
  const std::vector<float> dy = fill(&dyb, yl.size(), 53);
  const std::vector<float> dx0 = fill(&dxb, xl.size(), 54);
  const std::vector<float> dw0 = fill(&dwb, wl.size(), 55);
  Desc xd(k.layout, k.dtype, xl.dims(), xl.strides());
  Desc wd(k.layout, k.dtype, wl.dims()), yd(k.layout, k.dtype, yl.dims());
  cnnlConvolutionDescriptor_t conv = nullptr;
  ASSERT_EQ(cnnlCreateConvolutionDescriptor(&conv), CNNL_STATUS_SUCCESS);
  const int pad[] = {k.pad, k.pad, k.pad, k.pad};
  const int stride[] = {k.stride, k.stride};
  const int dilation[] = {k.dilation, k.dilation};
  ASSERT_EQ(cnnlSetConvolutionDescriptor(conv, 4, pad, stride, dilation,
                                         k.groups, CNNL_DTYPE_FLOAT),
            CNNL_STATUS_SUCCESS);
  cnnlConvolutionBwdDataAlgo_t data_algo;
  cnnlConvolutionBwdFilterAlgo_t filter_algo;
  size_t data_ws = 9, filter_ws = 9;
  ASSERT_EQ(cnnlGetConvolutionBackwardDataAlgorithm(
                handle.get(), wd.get(), yd.get(), conv, xd.get(),
                CNNL_CONVOLUTION_BWD_DATA_FASTEST, &data_algo),
            CNNL_STATUS_SUCCESS);
  ASSERT_EQ(cnnlGetConvolutionBackwardDataWorkspaceSize(
                handle.get(), wd.get(), yd.get(), conv, xd.get(), data_algo,
                &data_ws),
            CNNL_STATUS_SUCCESS);
  ASSERT_EQ(cnnlGetConvolutionBackwardFilterAlgorithm(
                handle.get(), conv, xd.get(), yd.get(), wd.get(),
                CNNL_CONVOLUTION_BWD_FILTER_FASTEST, &filter_algo),
            CNNL_STATUS_SUCCESS);
  ASSERT_EQ(cnnlGetConvolutionBackwardFilterWorkspaceSize(
                handle.get(), xd.get(), yd.get(), wd.get(), conv, filter_algo,
                &filter_ws),
            CNNL_STATUS_SUCCESS);
  const float alpha = 0.5f, beta = 2.0f;
  ASSERT_EQ(cnnlConvolutionBackwardData(
                handle.get(), k.scaled ? &alpha : nullptr, wd.get(), wb.data(),
                yd.get(), dyb.data(), conv, data_algo, nullptr, data_ws,
                k.scaled ? &beta : nullptr, xd.get(), dxb.data()),
            CNNL_STATUS_SUCCESS);
  ASSERT_EQ(cnnlConvolutionBackwardFilter(
                handle.get(), k.scaled ? &alpha : nullptr, xd.get(), xb.data(),
                yd.get(), dyb.data(), conv, filter_algo, nullptr, filter_ws,
                k.scaled ? &beta : nullptr, wd.get(), dwb.data()),
            CNNL_STATUS_SUCCESS);
  cnnlDestroyConvolutionDescriptor(conv);
  std::vector<double> dx(xl.size(), 0.0), dw(wl.size(), 0.0);
  for (int64_t in = 0; in < n; ++in) {
    for (int64_t oc = 0; oc < co; ++oc) {
      const int64_t g = oc / cog;
      for (int64_t oh = 0; oh < ho; ++oh) {
        for (int64_t ow = 0; ow < wo; ++ow) {
          const double d = dy[yl.at(in, oc, oh, ow)];
          for (int64_t ic = 0; ic < cig; ++ic) {
            for (int64_t r = 0; r < kh; ++r) {
              for (int64_t s = 0; s < kw; ++s) {
                const int64_t ih = oh * k.stride - k.pad + r * k.dilation;
                const int64_t iw = ow * k.stride - k.pad + s * k.dilation;
                if (ih < 0 || ih >= h || iw < 0 || iw >= w) continue;
                const size_t xa = xl.at(in, g * cig + ic, ih, iw);
                const size_t wa = wl.at(oc, ic, r, s);
                dx[xa] += d * wt[wa];
                dw[wa] += d * x[xa];
              }
            }
          }
        }
      }
    }
  }
  for (int64_t in = 0; in < n; ++in) {
    for (int64_t ic = 0; ic < ci; ++ic) {
      for (int64_t ih = 0; ih < h; ++ih) {
        for (int64_t iw = 0; iw < w; ++iw) {
          const size_t at = xl.at(in, ic, ih, iw);
          const double want = k.scaled ? 0.5 * dx[at] + 2.0 * dx0[at] : dx[at];
          EXPECT_NEAR(dxb.get(at), want,
                      tolerance(k.dtype) * (4 + std::fabs(want)));
        }
      }
    }
  }
  for (size_t at = 0; at < wl.size(); ++at) {
    const double want = k.scaled ? 0.5 * dw[at] + 2.0 * dw0[at] : dw[at];
    EXPECT_NEAR(dwb.get(at), want, tolerance(k.dtype) * (8 + std::fabs(want)));
  }
}

TEST(CnnlConvolutionBackward, NhwcFloat) {
  check_conv_backward(
      {CNNL_LAYOUT_NHWC, CNNL_DTYPE_FLOAT, 1, 1, 1, 1, false, false, false});
}
TEST(CnnlConvolutionBackward, NchwFloatStridedDilatedGroupedAlphaBeta) {
  check_conv_backward(
      {CNNL_LAYOUT_NCHW, CNNL_DTYPE_FLOAT, 2, 2, 2, 2, false, false, true});
}
TEST(CnnlConvolutionBackward, NhwcHalfPaddedChannels) {
  check_conv_backward(
      {CNNL_LAYOUT_NHWC, CNNL_DTYPE_HALF, 2, 1, 1, 1, false, true, false});
}

struct PoolCase {
  cnnlTensorLayout_t layout;
  cnnlDataType_t dtype;
  cnnlPoolingMode_t mode;
  int window, stride, pad, dilation;
  bool ceil_mode, padded;
};

int64_t pool_out(int64_t in, const PoolCase& k) {
  const int64_t room = in + 2 * k.pad - k.dilation * (k.window - 1) - 1;
  int64_t out =
      (k.ceil_mode ? (room + k.stride - 1) / k.stride : room / k.stride) + 1;
  if (k.ceil_mode && (out - 1) * k.stride >= in + k.pad) --out;
  return out;
}

void check_pool(const PoolCase& k) {
  Handle handle;
  const int64_t n = 2, c = 3, h = 7, w = 8;
  const int64_t ho = pool_out(h, k), wo = pool_out(w, k);
  const Layout xl{k.layout, n, c, h, w, k.padded ? c + 2 : c};
  const Layout yl{k.layout, n, c, ho, wo, c};
  Buffer xb(k.dtype, xl.size()), yb(k.dtype, yl.size());
  const std::vector<float> x = fill(&xb, xl.size(), 21);
  Desc xd(k.layout, k.dtype, xl.dims(), xl.strides());
  Desc yd(k.layout, k.dtype, yl.dims());
  cnnlPoolingDescriptor_t pool = nullptr;
  ASSERT_EQ(cnnlCreatePoolingDescriptor(&pool), CNNL_STATUS_SUCCESS);
  ASSERT_EQ(cnnlSetPooling2dDescriptor_v2(pool, k.mode, CNNL_PROPAGATE_NAN,
                                          k.window, k.window, k.pad, k.pad,
                                          k.pad, k.pad, k.stride, k.stride,
                                          k.dilation, k.dilation, k.ceil_mode),
            CNNL_STATUS_SUCCESS);
  size_t workspace = 9;
  ASSERT_EQ(cnnlGetPoolingWorkspaceSize(handle.get(), k.mode, int(wo), int(ho),
                                        &workspace),
            CNNL_STATUS_SUCCESS);
  ASSERT_EQ(
      cnnlPoolingForward(handle.get(), pool, nullptr, xd.get(), xb.data(),
                         nullptr, yd.get(), yb.data(), nullptr, workspace),
      CNNL_STATUS_SUCCESS);
  cnnlDestroyPoolingDescriptor(pool);
  for (int64_t in = 0; in < n; ++in) {
    for (int64_t ic = 0; ic < c; ++ic) {
      for (int64_t oh = 0; oh < ho; ++oh) {
        for (int64_t ow = 0; ow < wo; ++ow) {
          double best = -INFINITY, sum = 0;
          int count = 0;
          for (int r = 0; r < k.window; ++r) {
            for (int s = 0; s < k.window; ++s) {
              const int64_t ih = oh * k.stride - k.pad + r * k.dilation;
              const int64_t iw = ow * k.stride - k.pad + s * k.dilation;
              if (ih < 0 || ih >= h || iw < 0 || iw >= w) continue;
              const double v = x[xl.at(in, ic, ih, iw)];
              best = std::max(best, v);
              sum += v;
              ++count;
            }
          }
          const double want =
              k.mode == CNNL_POOLING_MAX ? best
              : k.mode == CNNL_POOLING_AVERAGE_COUNT_EXCLUDE_PADDING
                  ? sum / count
                  : sum / (k.window * k.window);
          EXPECT_NEAR(yb.get(yl.at(in, ic, oh, ow)), want,
                      tolerance(k.dtype) * (1 + std::fabs(want)));
        }
      }
    }
  }
}

TEST(CnnlPoolingForward, MaxNhwcFloat) {
  check_pool({CNNL_LAYOUT_NHWC, CNNL_DTYPE_FLOAT, CNNL_POOLING_MAX, 3, 2, 1, 1,
              false, false});
}
TEST(CnnlPoolingForward, MaxNchwHalfCeilModeDilated) {
  check_pool({CNNL_LAYOUT_NCHW, CNNL_DTYPE_HALF, CNNL_POOLING_MAX, 2, 2, 0, 2,
              true, false});
}
TEST(CnnlPoolingForward, AverageIncludingPaddingNchwFloatStrided) {
  check_pool({CNNL_LAYOUT_NCHW, CNNL_DTYPE_FLOAT,
              CNNL_POOLING_AVERAGE_COUNT_INCLUDE_PADDING, 3, 2, 1, 1, false,
              true});
}
TEST(CnnlPoolingForward, AverageExcludingPaddingNhwcHalfStrided) {
  check_pool({CNNL_LAYOUT_NHWC, CNNL_DTYPE_HALF,
              CNNL_POOLING_AVERAGE_COUNT_EXCLUDE_PADDING, 3, 1, 1, 1, true,
              true});
}
TEST(CnnlPoolingForward, MaxNhwcBfloat16) {
  check_pool({CNNL_LAYOUT_NHWC, CNNL_DTYPE_BFLOAT16, CNNL_POOLING_MAX, 2, 2, 0,
              1, false, false});
}

// diff_x of a pooling: each diff_y to its window's maximum, or spread over
// the window's counted cells.
void check_pool_backward(const PoolCase& k) {
  Handle handle;
  const int64_t n = 2, c = 3, h = 7, w = 8;
  const int64_t ho = pool_out(h, k), wo = pool_out(w, k);
  const Layout xl{k.layout, n, c, h, w, c};
  const Layout yl{k.layout, n, c, ho, wo, c};
  Buffer xb(k.dtype, xl.size()), dyb(k.dtype, yl.size()),
      dxb(k.dtype, xl.size());
  const std::vector<float> x = fill(&xb, xl.size(), 61);
  const std::vector<float> dy = fill(&dyb, yl.size(), 62);
  Desc xd(k.layout, k.dtype, xl.dims()), yd(k.layout, k.dtype, yl.dims());
  cnnlPoolingDescriptor_t pool = nullptr;
  ASSERT_EQ(cnnlCreatePoolingDescriptor(&pool), CNNL_STATUS_SUCCESS);
  ASSERT_EQ(cnnlSetPooling2dDescriptor_v2(pool, k.mode, CNNL_PROPAGATE_NAN,
                                          k.window, k.window, k.pad, k.pad,
                                          k.pad, k.pad, k.stride, k.stride,
                                          k.dilation, k.dilation, k.ceil_mode),
            CNNL_STATUS_SUCCESS);
  ASSERT_EQ(cnnlPoolingBackward(handle.get(), pool, nullptr, nullptr, nullptr,
                                yd.get(), dyb.data(), xd.get(), xb.data(),
                                nullptr, xd.get(), dxb.data()),
            CNNL_STATUS_SUCCESS);
  cnnlDestroyPoolingDescriptor(pool);
  std::vector<double> dx(xl.size(), 0.0);
  for (int64_t in = 0; in < n; ++in) {
    for (int64_t ic = 0; ic < c; ++ic) {
      for (int64_t oh = 0; oh < ho; ++oh) {
        for (int64_t ow = 0; ow < wo; ++ow) {
          std::vector<size_t> cells;
          size_t best = 0;
          for (int r = 0; r < k.window; ++r) {
            for (int s2 = 0; s2 < k.window; ++s2) {
              const int64_t ih = oh * k.stride - k.pad + r * k.dilation;
              const int64_t iw = ow * k.stride - k.pad + s2 * k.dilation;
              if (ih < 0 || ih >= h || iw < 0 || iw >= w) continue;
              const size_t at = xl.at(in, ic, ih, iw);
              if (cells.empty() || x[at] > x[best]) best = at;
              cells.push_back(at);
            }
          }
          const double d = dy[yl.at(in, ic, oh, ow)];
          if (k.mode == CNNL_POOLING_MAX) {
            dx[best] += d;
          } else {
            const double count =
                k.mode == CNNL_POOLING_AVERAGE_COUNT_EXCLUDE_PADDING
                    ? double(cells.size())
                    : double(k.window * k.window);
            for (const size_t at : cells) dx[at] += d / count;
          }
        }
      }
    }
  }
  for (size_t at = 0; at < xl.size(); ++at) {
    EXPECT_NEAR(dxb.get(at), dx[at],
                tolerance(k.dtype) * (2 + std::fabs(dx[at])))
        << at;
  }
}

TEST(CnnlPoolingBackward, MaxNhwcFloat) {
  check_pool_backward({CNNL_LAYOUT_NHWC, CNNL_DTYPE_FLOAT, CNNL_POOLING_MAX, 3,
                       2, 1, 1, false, false});
}
TEST(CnnlPoolingBackward, AverageIncludingPaddingNchwFloat) {
  check_pool_backward({CNNL_LAYOUT_NCHW, CNNL_DTYPE_FLOAT,
                       CNNL_POOLING_AVERAGE_COUNT_INCLUDE_PADDING, 3, 2, 1, 1,
                       false, false});
}
TEST(CnnlPoolingBackward, AverageExcludingPaddingNhwcHalf) {
  check_pool_backward({CNNL_LAYOUT_NHWC, CNNL_DTYPE_HALF,
                       CNNL_POOLING_AVERAGE_COUNT_EXCLUDE_PADDING, 2, 1, 1, 1,
                       false, false});
}

double activation_ref(cnnlActivationMode_t mode, double x, bool approximate) {
  const double coef = 0.25, gamma = 0.2, scale = 0.5;
  switch (mode) {
    case CNNL_ACTIVATION_RELU:
      return std::max(x, 0.0);
    case CNNL_ACTIVATION_LEAKYRELU:
      return x > 0 ? x : coef * x;
    case CNNL_ACTIVATION_RELU6:
      return std::min(std::max(x, 0.0), 6.0);
    case CNNL_ACTIVATION_SIGMOID:
      return 1 / (1 + std::exp(-x));
    case CNNL_ACTIVATION_TANH:
      return std::tanh(x);
    case CNNL_ACTIVATION_ELU:
      return x > 0 ? x : coef * (std::exp(x) - 1);
    case CNNL_ACTIVATION_SELU:
      return scale * (x > 0 ? x : gamma * (std::exp(x) - 1));
    case CNNL_ACTIVATION_GELU:
      return approximate ? 0.5 * x *
                               (1 + std::tanh(0.7978845608028654 *
                                              (x + 0.044715 * x * x * x)))
                         : 0.5 * x * (1 + std::erf(x / std::sqrt(2.0)));
    case CNNL_ACTIVATION_SILU:
      return x / (1 + std::exp(-x));
    case CNNL_ACTIVATION_HARDSWISH:
      return x * std::min(std::max(x + 3, 0.0), 6.0) / 6;
    case CNNL_ACTIVATION_HARDSIGMOID:
      return std::max(0.0, std::min(1.0, gamma * x + scale));
    case CNNL_ACTIVATION_IDENTITY:
      return x;
    default:
      return NAN;
  }
}

void check_activation(cnnlDataType_t dtype, bool strided, bool scaled) {
  Handle handle;
  const cnnlActivationMode_t modes[] = {
      CNNL_ACTIVATION_RELU,        CNNL_ACTIVATION_LEAKYRELU,
      CNNL_ACTIVATION_RELU6,       CNNL_ACTIVATION_SIGMOID,
      CNNL_ACTIVATION_TANH,        CNNL_ACTIVATION_ELU,
      CNNL_ACTIVATION_SELU,        CNNL_ACTIVATION_GELU,
      CNNL_ACTIVATION_SILU,        CNNL_ACTIVATION_HARDSWISH,
      CNNL_ACTIVATION_HARDSIGMOID, CNNL_ACTIVATION_IDENTITY};
  const int64_t rows = 5, cols = 6, pitch = strided ? 9 : cols;
  Buffer xb(dtype, size_t(rows * pitch));
  const std::vector<float> x = fill(&xb, size_t(rows * pitch), 31, -8, 8);
  Desc xd(CNNL_LAYOUT_ARRAY, dtype, {rows, cols}, {pitch, 1});
  Desc yd(CNNL_LAYOUT_ARRAY, dtype, {rows, cols});
  for (const cnnlActivationMode_t mode : modes) {
    for (const bool approximate : {false, true}) {
      Buffer yb(dtype, size_t(rows * cols));
      const std::vector<float> y0 = fill(&yb, size_t(rows * cols), 32);
      cnnlActivationDescriptor_t act = nullptr;
      ASSERT_EQ(cnnlCreateActivationDescriptor(&act), CNNL_STATUS_SUCCESS);
      ASSERT_EQ(
          cnnlSetActivationDescriptor_v6(
              act, mode, CNNL_ACTIVATION_HIGH_PRECISION, CNNL_NOT_PROPAGATE_NAN,
              0.25f, -1, 0.2f, 0.5f, false, approximate),
          CNNL_STATUS_SUCCESS);
      const float alpha = 2.0f, beta = -1.0f;
      ASSERT_EQ(cnnlActivationForward(
                    handle.get(), act, scaled ? &alpha : nullptr, xd.get(),
                    xb.data(), scaled ? &beta : nullptr, yd.get(), yb.data()),
                CNNL_STATUS_SUCCESS);
      cnnlDestroyActivationDescriptor(act);
      for (int64_t i = 0; i < rows; ++i) {
        for (int64_t j = 0; j < cols; ++j) {
          const size_t at = size_t(i * cols + j);
          double want =
              activation_ref(mode, x[size_t(i * pitch + j)], approximate);
          if (scaled) want = 2.0 * want - y0[at];
          EXPECT_NEAR(yb.get(at), want,
                      tolerance(dtype) * (2 + std::fabs(want)))
              << "mode " << mode << " approximate " << approximate;
        }
      }
    }
  }
}

TEST(CnnlActivationForward, FloatModes) {
  check_activation(CNNL_DTYPE_FLOAT, false, false);
}
TEST(CnnlActivationForward, FloatStridedAlphaBeta) {
  check_activation(CNNL_DTYPE_FLOAT, true, true);
}
TEST(CnnlActivationForward, HalfStrided) {
  check_activation(CNNL_DTYPE_HALF, true, false);
}
TEST(CnnlActivationForward, Bfloat16) {
  check_activation(CNNL_DTYPE_BFLOAT16, false, true);
}

double activation_grad(cnnlActivationMode_t mode, double x) {
  const double coef = 0.25;
  const double sig = 1 / (1 + std::exp(-x));
  switch (mode) {
    case CNNL_ACTIVATION_RELU:
      return x > 0 ? 1 : 0;
    case CNNL_ACTIVATION_LEAKYRELU:
      return x > 0 ? 1 : coef;
    case CNNL_ACTIVATION_RELU6:
      return x > 0 && x < 6 ? 1 : 0;
    case CNNL_ACTIVATION_SIGMOID:
      return sig * (1 - sig);
    case CNNL_ACTIVATION_TANH:
      return 1 - std::tanh(x) * std::tanh(x);
    case CNNL_ACTIVATION_ELU:
      return x > 0 ? 1 : coef * std::exp(x);
    case CNNL_ACTIVATION_GELU:
      return 0.5 * (1 + std::erf(x / std::sqrt(2.0))) +
             x * std::exp(-x * x / 2) / std::sqrt(2 * M_PI);
    case CNNL_ACTIVATION_SILU:
      return sig * (1 + x * (1 - sig));
    default:
      return NAN;
  }
}

void check_activation_backward(cnnlDataType_t dtype, bool from_y) {
  Handle handle;
  const cnnlActivationMode_t from_x_modes[] = {
      CNNL_ACTIVATION_RELU,    CNNL_ACTIVATION_LEAKYRELU, CNNL_ACTIVATION_RELU6,
      CNNL_ACTIVATION_SIGMOID, CNNL_ACTIVATION_TANH,      CNNL_ACTIVATION_ELU,
      CNNL_ACTIVATION_GELU,    CNNL_ACTIVATION_SILU};
  const cnnlActivationMode_t from_y_modes[] = {
      CNNL_ACTIVATION_RELU, CNNL_ACTIVATION_SIGMOID, CNNL_ACTIVATION_TANH,
      CNNL_ACTIVATION_ELU};
  const size_t n = 40;
  Buffer xb(dtype, n), dyb(dtype, n);
  const std::vector<float> x = fill(&xb, n, 81, -7, 7);
  const std::vector<float> dy = fill(&dyb, n, 82);
  Desc td(CNNL_LAYOUT_ARRAY, dtype, {int64_t(n)});
  const size_t count = from_y ? 4 : 8;
  for (size_t m = 0; m < count; ++m) {
    const cnnlActivationMode_t mode =
        from_y ? from_y_modes[m] : from_x_modes[m];
    cnnlActivationDescriptor_t act = nullptr;
    ASSERT_EQ(cnnlCreateActivationDescriptor(&act), CNNL_STATUS_SUCCESS);
    ASSERT_EQ(cnnlSetActivationDescriptor_v5(
                  act, mode, CNNL_ACTIVATION_HIGH_PRECISION,
                  CNNL_NOT_PROPAGATE_NAN, 0.25f, -1, 0.2f, 0.5f, false),
              CNNL_STATUS_SUCCESS);
    Buffer yb(dtype, n), dxb(dtype, n);
    if (from_y) {
      ASSERT_EQ(cnnlActivationForward(handle.get(), act, nullptr, td.get(),
                                      xb.data(), nullptr, td.get(), yb.data()),
                CNNL_STATUS_SUCCESS);
    }
    ASSERT_EQ(cnnlActivationBackward(
                  handle.get(), act, nullptr, from_y ? td.get() : nullptr,
                  from_y ? yb.data() : nullptr, td.get(), dyb.data(),
                  from_y ? nullptr : td.get(), from_y ? nullptr : xb.data(),
                  nullptr, td.get(), dxb.data()),
              CNNL_STATUS_SUCCESS);
    cnnlDestroyActivationDescriptor(act);
    for (size_t i = 0; i < n; ++i) {
      // Derivatives from y round through y's type: a looser bound there.
      const double want = activation_grad(mode, x[i]) * dy[i];
      EXPECT_NEAR(dxb.get(i), want,
                  (from_y ? 4 : 1) * tolerance(dtype) * (2 + std::fabs(want)))
          << "mode " << mode << " x " << x[i];
    }
  }
}

TEST(CnnlActivationBackward, FromXFloatAndHalf) {
  check_activation_backward(CNNL_DTYPE_FLOAT, false);
  check_activation_backward(CNNL_DTYPE_HALF, false);
}
TEST(CnnlActivationBackward, FromYFloat) {
  check_activation_backward(CNNL_DTYPE_FLOAT, true);
}

void check_softmax(cnnlDataType_t dtype, cnnlSoftmaxMode_t mode,
                   cnnlSoftmaxAlgorithm_t algorithm, bool strided) {
  Handle handle;
  const int64_t d0 = 3, d1 = 4, d2 = 5, pitch = strided ? 7 : d2;
  Buffer xb(dtype, size_t(d0 * d1 * pitch));
  const std::vector<float> x = fill(&xb, size_t(d0 * d1 * pitch), 41, -3, 3);
  Buffer yb(dtype, size_t(d0 * d1 * d2));
  Desc xd(CNNL_LAYOUT_ARRAY, dtype, {d0, d1, d2}, {d1 * pitch, pitch, 1});
  Desc yd(CNNL_LAYOUT_ARRAY, dtype, {d0, d1, d2});
  ASSERT_EQ(cnnlSoftmaxForward_v2(
                handle.get(), algorithm, mode, CNNL_COMPUTATION_HIGH_PRECISION,
                nullptr, xd.get(), xb.data(), nullptr, yd.get(), yb.data()),
            CNNL_STATUS_SUCCESS);
  const int axis = mode == CNNL_SOFTMAX_MODE_LOW_DIMENSION      ? 2
                   : mode == CNNL_SOFTMAX_MODE_MEDIUM_DIMENSION ? 1
                                                                : 0;
  const int64_t extent[3] = {d0, d1, d2};
  for (int64_t i = 0; i < d0; ++i) {
    for (int64_t j = 0; j < d1; ++j) {
      for (int64_t l = 0; l < d2; ++l) {
        int64_t idx[3] = {i, j, l};
        double mx = -INFINITY;
        for (int64_t t = 0; t < extent[axis]; ++t) {
          idx[axis] = t;
          mx = std::max(
              mx, double(x[size_t((idx[0] * d1 + idx[1]) * pitch + idx[2])]));
        }
        double sum = 0;
        for (int64_t t = 0; t < extent[axis]; ++t) {
          idx[axis] = t;
          sum +=
              std::exp(x[size_t((idx[0] * d1 + idx[1]) * pitch + idx[2])] - mx);
        }
        const double v = x[size_t((i * d1 + j) * pitch + l)];
        const double want = algorithm == CNNL_SOFTMAX_LOG
                                ? v - mx - std::log(sum)
                                : std::exp(v - mx) / sum;
        EXPECT_NEAR(yb.get(size_t((i * d1 + j) * d2 + l)), want,
                    tolerance(dtype) * (1 + std::fabs(want)));
      }
    }
  }
}

TEST(CnnlSoftmaxForward, EveryModeFloat) {
  for (const cnnlSoftmaxMode_t mode :
       {CNNL_SOFTMAX_MODE_LOW_DIMENSION, CNNL_SOFTMAX_MODE_MEDIUM_DIMENSION,
        CNNL_SOFTMAX_MODE_HIGH_DIMENSION}) {
    check_softmax(CNNL_DTYPE_FLOAT, mode, CNNL_SOFTMAX_ACCURATE, false);
    check_softmax(CNNL_DTYPE_FLOAT, mode, CNNL_SOFTMAX_LOG, true);
  }
}
TEST(CnnlSoftmaxForward, HalfAndBfloat16) {
  check_softmax(CNNL_DTYPE_HALF, CNNL_SOFTMAX_MODE_LOW_DIMENSION,
                CNNL_SOFTMAX_ACCURATE, true);
  check_softmax(CNNL_DTYPE_BFLOAT16, CNNL_SOFTMAX_MODE_MEDIUM_DIMENSION,
                CNNL_SOFTMAX_LOG, false);
}

void check_softmax_backward(cnnlDataType_t dtype,
                            cnnlSoftmaxAlgorithm_t algorithm) {
  Handle handle;
  const int64_t d0 = 3, d1 = 4, d2 = 5;
  const size_t count = size_t(d0 * d1 * d2);
  Buffer yb(dtype, count), dyb(dtype, count), dxb(dtype, count);
  const std::vector<float> y = fill(&yb, count, 71, 0.05f, 0.5f);
  const std::vector<float> dy = fill(&dyb, count, 72);
  Desc td(CNNL_LAYOUT_ARRAY, dtype, {d0, d1, d2});
  ASSERT_EQ(cnnlSoftmaxBackward(handle.get(), algorithm,
                                CNNL_SOFTMAX_MODE_MEDIUM_DIMENSION, nullptr,
                                td.get(), yb.data(), td.get(), dyb.data(),
                                nullptr, td.get(), dxb.data()),
            CNNL_STATUS_SUCCESS);
  for (int64_t i = 0; i < d0; ++i) {
    for (int64_t l = 0; l < d2; ++l) {
      double dot = 0, sum = 0;
      for (int64_t j = 0; j < d1; ++j) {
        const size_t at = size_t((i * d1 + j) * d2 + l);
        dot += double(dy[at]) * y[at];
        sum += dy[at];
      }
      for (int64_t j = 0; j < d1; ++j) {
        const size_t at = size_t((i * d1 + j) * d2 + l);
        const double want = algorithm == CNNL_SOFTMAX_LOG
                                ? dy[at] - std::exp(double(y[at])) * sum
                                : y[at] * (dy[at] - dot);
        EXPECT_NEAR(dxb.get(at), want,
                    tolerance(dtype) * (2 + std::fabs(want)));
      }
    }
  }
}

TEST(CnnlSoftmaxBackward, AccurateAndLogFloat) {
  check_softmax_backward(CNNL_DTYPE_FLOAT, CNNL_SOFTMAX_ACCURATE);
  check_softmax_backward(CNNL_DTYPE_FLOAT, CNNL_SOFTMAX_LOG);
}
TEST(CnnlSoftmaxBackward, Half) {
  check_softmax_backward(CNNL_DTYPE_HALF, CNNL_SOFTMAX_ACCURATE);
}

// ---- Bad calls: status, a log line naming the function, nothing written.

struct Objects {
  Handle handle;
  // x [1, 4, 4, 2] NHWC, w [2, 3, 3, 2], y [1, 4, 4, 2] with pad 1.
  Desc x{CNNL_LAYOUT_NHWC, CNNL_DTYPE_FLOAT, {1, 4, 4, 2}};
  Desc w{CNNL_LAYOUT_NHWC, CNNL_DTYPE_FLOAT, {2, 3, 3, 2}};
  Desc y{CNNL_LAYOUT_NHWC, CNNL_DTYPE_FLOAT, {1, 4, 4, 2}};
  Desc y_small{CNNL_LAYOUT_NHWC, CNNL_DTYPE_FLOAT, {1, 3, 3, 2}};
  Desc y_half{CNNL_LAYOUT_NHWC, CNNL_DTYPE_HALF, {1, 4, 4, 2}};
  Desc array{CNNL_LAYOUT_ARRAY, CNNL_DTYPE_FLOAT, {1, 4, 4, 2}};
  Desc ints{CNNL_LAYOUT_NHWC, CNNL_DTYPE_INT32, {1, 4, 4, 2}};
  Desc bias3{CNNL_LAYOUT_ARRAY, CNNL_DTYPE_FLOAT, {3}};
  cnnlConvolutionDescriptor_t conv = nullptr, conv_unset = nullptr;
  cnnlPoolingDescriptor_t pool = nullptr;
  cnnlActivationDescriptor_t act = nullptr;
  float in[64] = {1, 2, 3};
  float out[64] = {};
  Objects() {
    cnnlCreateConvolutionDescriptor(&conv);
    cnnlCreateConvolutionDescriptor(&conv_unset);
    const int pad[] = {1, 1, 1, 1}, one[] = {1, 1};
    cnnlSetConvolutionDescriptor(conv, 4, pad, one, one, 1, CNNL_DTYPE_FLOAT);
    cnnlCreatePoolingDescriptor(&pool);
    cnnlSetPooling2dDescriptor_v2(pool, CNNL_POOLING_MAX, CNNL_PROPAGATE_NAN, 3,
                                  3, 1, 1, 1, 1, 1, 1, 1, 1, false);
    cnnlCreateActivationDescriptor(&act);
    cnnlSetActivationDescriptor_v5(act, CNNL_ACTIVATION_RELU,
                                   CNNL_ACTIVATION_HIGH_PRECISION,
                                   CNNL_NOT_PROPAGATE_NAN, 0, -1, 0, 0, false);
  }
  ~Objects() {
    cnnlDestroyConvolutionDescriptor(conv);
    cnnlDestroyConvolutionDescriptor(conv_unset);
    cnnlDestroyPoolingDescriptor(pool);
    cnnlDestroyActivationDescriptor(act);
  }
  cnnlStatus_t convolve(cnnlHandle_t h, cnnlConvolutionDescriptor_t c,
                        cnnlTensorDescriptor_t xd, cnnlTensorDescriptor_t wd,
                        cnnlTensorDescriptor_t bd, cnnlTensorDescriptor_t yd) {
    return cnnlConvolutionForward(
        h, c, CNNL_CONVOLUTION_FWD_ALGO_DIRECT, nullptr, xd, in, wd, in, bd,
        bd != nullptr ? in : nullptr, nullptr, 0, nullptr, yd, out);
  }
};
using Bad = BadCall<cnnlStatus_t, Objects&>;
constexpr cnnlStatus_t kBad = CNNL_STATUS_BAD_PARAM;
constexpr cnnlStatus_t kNotSupported = CNNL_STATUS_NOT_SUPPORTED;

const Bad kBadCalls[] = {
    {"ConvNullHandle",
     [](Objects& o) {
       return o.convolve(nullptr, o.conv, o.x.get(), o.w.get(), nullptr,
                         o.y.get());
     },
     kBad},
    {"ConvUnsetDescriptor",
     [](Objects& o) {
       return o.convolve(o.handle.get(), o.conv_unset, o.x.get(), o.w.get(),
                         nullptr, o.y.get());
     },
     kBad},
    {"ConvArrayLayout",
     [](Objects& o) {
       return o.convolve(o.handle.get(), o.conv, o.array.get(), o.w.get(),
                         nullptr, o.y.get());
     },
     kBad},
    {"ConvOutputSizeMismatch",
     [](Objects& o) {
       return o.convolve(o.handle.get(), o.conv, o.x.get(), o.w.get(), nullptr,
                         o.y_small.get());
     },
     kBad},
    {"ConvTypeMismatch",
     [](Objects& o) {
       return o.convolve(o.handle.get(), o.conv, o.x.get(), o.w.get(), nullptr,
                         o.y_half.get());
     },
     kBad},
    {"ConvChannelsMismatch",
     [](Objects& o) {
       return o.convolve(o.handle.get(), o.conv, o.x.get(), o.y.get(), nullptr,
                         o.y.get());
     },
     kBad},
    {"ConvBiasSizeMismatch",
     [](Objects& o) {
       return o.convolve(o.handle.get(), o.conv, o.x.get(), o.w.get(),
                         o.bias3.get(), o.y.get());
     },
     kBad},
    {"ConvIntNotSupported",
     [](Objects& o) {
       return o.convolve(o.handle.get(), o.conv, o.ints.get(), o.w.get(),
                         nullptr, o.y.get());
     },
     kNotSupported},
    {"ConvSetThreeDimensional",
     [](Objects& o) {
       const int pad[6] = {}, one[3] = {1, 1, 1};
       return cnnlSetConvolutionDescriptor(o.conv_unset, 5, pad, one, one, 1,
                                           CNNL_DTYPE_FLOAT);
     },
     kNotSupported},
    {"ConvSetZeroStride",
     [](Objects& o) {
       const int pad[4] = {}, zero[2] = {0, 0}, one[2] = {1, 1};
       return cnnlSetConvolutionDescriptor(o.conv_unset, 4, pad, zero, one, 1,
                                           CNNL_DTYPE_FLOAT);
     },
     kBad},
    {"ConvWorkspaceSizeNull",
     [](Objects& o) {
       return cnnlGetConvolutionForwardWorkspaceSize(
           o.handle.get(), o.x.get(), o.w.get(), o.y.get(), nullptr, o.conv,
           CNNL_CONVOLUTION_FWD_ALGO_DIRECT, nullptr);
     },
     kBad},
    {"ConvBackwardDataNullHandle",
     [](Objects& o) {
       return cnnlConvolutionBackwardData(
           nullptr, nullptr, o.w.get(), o.in, o.y.get(), o.in, o.conv,
           CNNL_CONVOLUTION_BWD_DATA_ALGO_DIRECT, nullptr, 0, nullptr,
           o.x.get(), o.out);
     },
     kBad},
    {"ConvBackwardDataShapeMismatch",
     [](Objects& o) {
       return cnnlConvolutionBackwardData(
           o.handle.get(), nullptr, o.w.get(), o.in, o.y_small.get(), o.in,
           o.conv, CNNL_CONVOLUTION_BWD_DATA_ALGO_DIRECT, nullptr, 0, nullptr,
           o.x.get(), o.out);
     },
     kBad},
    {"ConvBackwardFilterArrayLayout",
     [](Objects& o) {
       return cnnlConvolutionBackwardFilter(
           o.handle.get(), nullptr, o.array.get(), o.in, o.y.get(), o.in,
           o.conv, CNNL_CONVOLUTION_BWD_FILTER_ALGO_DIRECT, nullptr, 0, nullptr,
           o.w.get(), o.out);
     },
     kBad},
    {"ConvBackwardFilterUnsetDescriptor",
     [](Objects& o) {
       return cnnlConvolutionBackwardFilter(
           o.handle.get(), nullptr, o.x.get(), o.in, o.y.get(), o.in,
           o.conv_unset, CNNL_CONVOLUTION_BWD_FILTER_ALGO_DIRECT, nullptr, 0,
           nullptr, o.w.get(), o.out);
     },
     kBad},
    {"PoolNullHandle",
     [](Objects& o) {
       return cnnlPoolingForward(nullptr, o.pool, nullptr, o.x.get(), o.in,
                                 nullptr, o.y.get(), o.out, nullptr, 0);
     },
     kBad},
    {"PoolArrayLayout",
     [](Objects& o) {
       return cnnlPoolingForward(o.handle.get(), o.pool, nullptr, o.array.get(),
                                 o.in, nullptr, o.y.get(), o.out, nullptr, 0);
     },
     kBad},
    {"PoolOutputSizeMismatch",
     [](Objects& o) {
       return cnnlPoolingForward(o.handle.get(), o.pool, nullptr, o.x.get(),
                                 o.in, nullptr, o.y_small.get(), o.out, nullptr,
                                 0);
     },
     kBad},
    {"PoolFixedNotSupported",
     [](Objects& o) {
       return cnnlSetPooling2dDescriptor_v2(o.pool, CNNL_POOLING_FIXED,
                                            CNNL_PROPAGATE_NAN, 3, 3, 1, 1, 1,
                                            1, 1, 1, 1, 1, false);
     },
     kNotSupported},
    {"PoolNegativePadding",
     [](Objects& o) {
       return cnnlSetPooling2dDescriptor(o.pool, CNNL_POOLING_MAX,
                                         CNNL_PROPAGATE_NAN, 3, 3, -1, 1, 1, 1,
                                         1, 1);
     },
     kBad},
    {"PoolBackwardNullHandle",
     [](Objects& o) {
       return cnnlPoolingBackward(nullptr, o.pool, nullptr, nullptr, nullptr,
                                  o.y.get(), o.in, o.x.get(), o.in, nullptr,
                                  o.x.get(), o.out);
     },
     kBad},
    {"PoolBackwardDiffXShapeMismatch",
     [](Objects& o) {
       return cnnlPoolingBackward(o.handle.get(), o.pool, nullptr, nullptr,
                                  nullptr, o.y.get(), o.in, o.x.get(), o.in,
                                  nullptr, o.y_small.get(), o.out);
     },
     kBad},
    {"SoftmaxBackwardShapeMismatch",
     [](Objects& o) {
       return cnnlSoftmaxBackward(o.handle.get(), CNNL_SOFTMAX_ACCURATE,
                                  CNNL_SOFTMAX_MODE_LOW_DIMENSION, nullptr,
                                  o.y.get(), o.in, o.y_small.get(), o.in,
                                  nullptr, o.y.get(), o.out);
     },
     kBad},
    {"ActivationNullHandle",
     [](Objects& o) {
       return cnnlActivationForward(nullptr, o.act, nullptr, o.x.get(), o.in,
                                    nullptr, o.y.get(), o.out);
     },
     kBad},
    {"ActivationShapeMismatch",
     [](Objects& o) {
       return cnnlActivationForward(o.handle.get(), o.act, nullptr, o.x.get(),
                                    o.in, nullptr, o.y_small.get(), o.out);
     },
     kBad},
    {"ActivationIntNotSupported",
     [](Objects& o) {
       return cnnlActivationForward(o.handle.get(), o.act, nullptr,
                                    o.ints.get(), o.in, nullptr, o.ints.get(),
                                    o.out);
     },
     kNotSupported},
    {"ActivationModeNotSupported",
     [](Objects& o) {
       cnnlSetActivationDescriptor_v5(
           o.act, CNNL_ACTIVATION_GLU, CNNL_ACTIVATION_HIGH_PRECISION,
           CNNL_NOT_PROPAGATE_NAN, 0, -1, 0, 0, false);
       return cnnlActivationForward(o.handle.get(), o.act, nullptr, o.x.get(),
                                    o.in, nullptr, o.y.get(), o.out);
     },
     kNotSupported},
    {"ActivationBackwardNeedsX",
     [](Objects& o) {
       cnnlSetActivationDescriptor_v6(
           o.act, CNNL_ACTIVATION_GELU, CNNL_ACTIVATION_HIGH_PRECISION,
           CNNL_NOT_PROPAGATE_NAN, 0, -1, 0, 0, false, false);
       return cnnlActivationBackward(o.handle.get(), o.act, nullptr, o.y.get(),
                                     o.in, o.y.get(), o.in, nullptr, nullptr,
                                     nullptr, o.x.get(), o.out);
     },
     kNotSupported},
    {"ActivationBackwardShapeMismatch",
     [](Objects& o) {
       return cnnlActivationBackward(o.handle.get(), o.act, nullptr, nullptr,
                                     nullptr, o.y.get(), o.in, o.x.get(), o.in,
                                     nullptr, o.y_small.get(), o.out);
     },
     kBad},
    {"SoftmaxNullHandle",
     [](Objects& o) {
       return cnnlSoftmaxForward_v2(nullptr, CNNL_SOFTMAX_ACCURATE,
                                    CNNL_SOFTMAX_MODE_LOW_DIMENSION,
                                    CNNL_COMPUTATION_FAST, nullptr, o.x.get(),
                                    o.in, nullptr, o.y.get(), o.out);
     },
     kBad},
    {"SoftmaxShapeMismatch",
     [](Objects& o) {
       return cnnlSoftmaxForward(o.handle.get(), CNNL_SOFTMAX_ACCURATE,
                                 CNNL_SOFTMAX_MODE_LOW_DIMENSION, nullptr,
                                 o.x.get(), o.in, nullptr, o.y_small.get(),
                                 o.out);
     },
     kBad},
    {"SoftmaxUnknownAlgorithm",
     [](Objects& o) {
       return cnnlSoftmaxForward(o.handle.get(), cnnlSoftmaxAlgorithm_t(9),
                                 CNNL_SOFTMAX_MODE_LOW_DIMENSION, nullptr,
                                 o.x.get(), o.in, nullptr, o.y.get(), o.out);
     },
     kBad},
};

class CnnlNnBadInput : public testing::TestWithParam<Bad> {};

TEST_P(CnnlNnBadInput, ReturnsTheStatusLogsAndWritesNothing) {
  Objects objects;
  const float before[64] = {};
  testing::internal::CaptureStderr();
  const cnnlStatus_t status = GetParam().call(objects);
  const std::string log = testing::internal::GetCapturedStderr();
  EXPECT_EQ(status, GetParam().expected)
      << cnnlGetErrorString(status) << " instead of "
      << cnnlGetErrorString(GetParam().expected);
  EXPECT_NE(log.find("[xbang] cnnl"), std::string::npos) << log;
  EXPECT_EQ(std::memcmp(objects.out, before, sizeof(before)), 0);
}

INSTANTIATE_TEST_SUITE_P(Table, CnnlNnBadInput, testing::ValuesIn(kBadCalls),
                         BadCallName());

}  // namespace
