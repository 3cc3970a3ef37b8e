// CNNL's DCN functions: forward against a plain loop over every output,
// kernel point and channel (float and half, with and without mask and bias,
// grouped), backward data as the adjoint of forward in input and mask and
// as the finite difference in offset, backward weight as the adjoint in
// filter; a table of bad calls.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <random>
#include <vector>

#include "bad_call_table.h"
#include "cnnl_vision_test_util.h"

namespace {

using cnnl_vision_test::Handle;
using cnnl_vision_test::Tensor;
using cnnl_vision_test::tolerance;

struct Shape {
  int n, hi, wi, ci, co, kh, kw, dg, g;
  int pad[4], stride[2], dilation[2];
  int ho() const {
    return (hi + pad[0] + pad[1] - (dilation[0] * (kh - 1) + 1)) / stride[0] +
           1;
  }
  int wo() const {
    return (wi + pad[2] + pad[3] - (dilation[1] * (kw - 1) + 1)) / stride[1] +
           1;
  }
};

struct DcnDesc {
  cnnlDCNDescriptor_t d = nullptr;
  explicit DcnDesc(const Shape& s) {
    EXPECT_EQ(cnnlCreateDCNDescriptor(&d), CNNL_STATUS_SUCCESS);
    EXPECT_EQ(cnnlSetDCNDescriptor(d, 4, s.pad, s.stride, s.dilation, s.dg, s.g,
                                   1, CNNL_DTYPE_FLOAT),
              CNNL_STATUS_SUCCESS);
  }
  ~DcnDesc() { cnnlDestroyDCNDescriptor(d); }
};

// The tensors of one convolution, filled at random.
struct Problem {
  Shape s;
  Tensor input, offset, mask, filter, bias, output;
  Problem(const Shape& shape, cnnlDataType_t t, std::mt19937* rng)
      : s(shape),
        input(CNNL_LAYOUT_NHWC, t, {s.n, s.hi, s.wi, s.ci}),
        offset(CNNL_LAYOUT_NHWC, t,
               {s.n, s.ho(), s.wo(), s.dg * s.kh * s.kw * 2}),
        mask(CNNL_LAYOUT_NHWC, t, {s.n, s.ho(), s.wo(), s.dg * s.kh * s.kw}),
        filter(CNNL_LAYOUT_NHWC, t, {s.co, s.kh, s.kw, s.ci / s.g}),
        bias(CNNL_LAYOUT_ARRAY, t, {s.co}),
        output(CNNL_LAYOUT_NHWC, t, {s.n, s.ho(), s.wo(), s.co}) {
    input.fill_uniform(rng, -1, 1);
    // Offsets away from whole pixels, so finite differences stay on one
    // bilinear patch; some samples fall outside the image.
    std::uniform_int_distribution<int> whole(-2, 2);
    std::uniform_real_distribution<double> frac(0.2, 0.8);
    for (int64_t i = 0; i < offset.count(); ++i) {
      offset.set(i, whole(*rng) + frac(*rng));
    }
    mask.fill_uniform(rng, 0, 1);
    filter.fill_uniform(rng, -1, 1);
    bias.fill_uniform(rng, -1, 1);
  }
  cnnlStatus_t forward(cnnlHandle_t h, const DcnDesc& d, bool with_mask,
                       bool with_bias) {
    return cnnlDCNForward(h, d.d, input.desc, input.data(), offset.desc,
                          offset.data(), with_mask ? mask.desc : nullptr,
                          with_mask ? mask.data() : nullptr, filter.desc,
                          filter.data(), with_bias ? bias.desc : nullptr,
                          with_bias ? bias.data() : nullptr, nullptr, 0,
                          output.desc, output.data());
  }
};

double sample(const Tensor& x, const Shape& s, int n, int c, double h,
              double w) {
  if (h <= -1 || w <= -1 || h >= s.hi || w >= s.wi) return 0;
  const int h0 = int(std::floor(h)), w0 = int(std::floor(w));
  double v = 0;
  for (int dy = 0; dy < 2; ++dy)
    for (int dx = 0; dx < 2; ++dx) {
      const int y = h0 + dy, xx = w0 + dx;
      if (y < 0 || y >= s.hi || xx < 0 || xx >= s.wi) continue;
      const double wy = dy ? h - h0 : 1 - (h - h0);
      const double wx = dx ? w - w0 : 1 - (w - w0);
      v += wy * wx * x.get(((n * s.hi + y) * s.wi + xx) * s.ci + c);
    }
  return v;
}

std::vector<double> reference(const Problem& p, bool with_mask,
                              bool with_bias) {
  const Shape& s = p.s;
  std::vector<double> out(size_t(p.output.count()));
  const int kk = s.kh * s.kw, cpg = s.ci / s.g, opg = s.co / s.g;
  for (int n = 0; n < s.n; ++n)
    for (int oh = 0; oh < s.ho(); ++oh)
      for (int ow = 0; ow < s.wo(); ++ow)
        for (int o = 0; o < s.co; ++o) {
          const int pix = (n * s.ho() + oh) * s.wo() + ow;
          double sum = with_bias ? p.bias.get(o) : 0.0;
          for (int i = 0; i < s.kh; ++i)
            for (int j = 0; j < s.kw; ++j)
              for (int cl = 0; cl < cpg; ++cl) {
                const int c = (o / opg) * cpg + cl;
                const int group = c / (s.ci / s.dg);
                const int at = group * kk + i * s.kw + j;
                const double h = oh * s.stride[0] - s.pad[0] +
                                 i * s.dilation[0] +
                                 p.offset.get((pix * s.dg * kk + at) * 2);
                const double w = ow * s.stride[1] - s.pad[2] +
                                 j * s.dilation[1] +
                                 p.offset.get((pix * s.dg * kk + at) * 2 + 1);
                const double m =
                    with_mask ? p.mask.get(pix * s.dg * kk + at) : 1.0;
                sum += p.filter.get(((o * s.kh + i) * s.kw + j) * cpg + cl) *
                       m * sample(p.input, s, n, c, h, w);
              }
          out[size_t(pix * s.co + o)] = sum;
        }
  return out;
}

double dot(const std::vector<double>& a, const std::vector<double>& b) {
  double s = 0;
  for (size_t i = 0; i < a.size(); ++i) s += a[i] * b[i];
  return s;
}

const Shape kShapes[] = {
    {2, 5, 6, 4, 6, 3, 3, 2, 2, {1, 1, 1, 1}, {1, 1}, {1, 1}},
    {1, 7, 5, 3, 2, 2, 3, 1, 1, {0, 2, 1, 0}, {2, 1}, {2, 1}},
};

class Dcn : public testing::TestWithParam<cnnlDataType_t> {};

TEST_P(Dcn, ForwardMatchesThePlainLoop) {
  const cnnlDataType_t dtype = GetParam();
  Handle handle;
  std::mt19937 rng(17);
  for (const Shape& s : kShapes) {
    Problem p(s, dtype, &rng);
    DcnDesc d(s);
    size_t ws = 1;
    ASSERT_EQ(cnnlGetDCNForwardWorkspaceSize(
                  handle.get(), d.d, p.input.desc, p.offset.desc, p.mask.desc,
                  p.filter.desc, p.bias.desc, p.output.desc, &ws),
              CNNL_STATUS_SUCCESS);
    EXPECT_EQ(ws, 0u);
    for (int variant = 0; variant < 3; ++variant) {
      const bool with_mask = variant != 1, with_bias = variant != 2;
      ASSERT_EQ(p.forward(handle.get(), d, with_mask, with_bias),
                CNNL_STATUS_SUCCESS);
      const std::vector<double> e = reference(p, with_mask, with_bias);
      for (int64_t i = 0; i < p.output.count(); ++i) {
        EXPECT_NEAR(p.output.get(i), e[size_t(i)],
                    tolerance(dtype, e[size_t(i)]) * 8)
            << variant << " " << i;
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Types, Dcn,
                         testing::Values(CNNL_DTYPE_FLOAT, CNNL_DTYPE_HALF),
                         [](const testing::TestParamInfo<cnnlDataType_t>& i) {
                           return std::string(
                               i.param == CNNL_DTYPE_FLOAT ? "Float" : "Half");
                         });

TEST(DcnBackward, DataAndWeightAreTheDerivativesOfForward) {
  Handle handle;
  std::mt19937 rng(23);
  for (const Shape& s : kShapes) {
    Problem p(s, CNNL_DTYPE_FLOAT, &rng);
    DcnDesc d(s);
    Tensor gout(CNNL_LAYOUT_NHWC, CNNL_DTYPE_FLOAT,
                {s.n, s.ho(), s.wo(), s.co});
    gout.fill_uniform(&rng, -1, 1);
    Tensor gin(CNNL_LAYOUT_NHWC, CNNL_DTYPE_FLOAT, p.input.dims);
    Tensor goff(CNNL_LAYOUT_NHWC, CNNL_DTYPE_FLOAT, p.offset.dims);
    Tensor gmask(CNNL_LAYOUT_NHWC, CNNL_DTYPE_FLOAT, p.mask.dims);
    Tensor gfilter(CNNL_LAYOUT_NHWC, CNNL_DTYPE_FLOAT, p.filter.dims);
    Tensor gbias(CNNL_LAYOUT_ARRAY, CNNL_DTYPE_FLOAT, {s.co});
    size_t ws = 1;
    ASSERT_EQ(
        cnnlGetDCNBakcwardDataWorkspaceSize(
            handle.get(), d.d, p.input.desc, p.offset.desc, p.mask.desc,
            p.filter.desc, gout.desc, gin.desc, goff.desc, gmask.desc, &ws),
        CNNL_STATUS_SUCCESS);
    EXPECT_EQ(ws, 0u);
    ASSERT_EQ(cnnlGetDCNBackwardWeightWorkspaceSize(
                  handle.get(), d.d, p.input.desc, p.offset.desc, p.mask.desc,
                  gout.desc, gfilter.desc, gbias.desc, &ws),
              CNNL_STATUS_SUCCESS);
    ASSERT_EQ(
        cnnlDCNBackwardData(
            handle.get(), d.d, p.input.desc, p.input.data(), p.offset.desc,
            p.offset.data(), p.mask.desc, p.mask.data(), p.filter.desc,
            p.filter.data(), gout.desc, gout.data(), nullptr, 0, gin.desc,
            gin.data(), goff.desc, goff.data(), gmask.desc, gmask.data()),
        CNNL_STATUS_SUCCESS);
    ASSERT_EQ(
        cnnlDCNBackwardWeight(
            handle.get(), d.d, p.input.desc, p.input.data(), p.offset.desc,
            p.offset.data(), p.mask.desc, p.mask.data(), gout.desc, gout.data(),
            nullptr, 0, gfilter.desc, gfilter.data(), gbias.desc, gbias.data()),
        CNNL_STATUS_SUCCESS);
    const std::vector<double> g = gout.values();
    // Without bias the output is linear in input, mask and filter apart.
    const std::vector<double> y = reference(p, true, false);
    const double loss = dot(y, g);
    EXPECT_NEAR(dot(p.input.values(), gin.values()), loss, 1e-3);
    EXPECT_NEAR(dot(p.mask.values(), gmask.values()), loss, 1e-3);
    EXPECT_NEAR(dot(p.filter.values(), gfilter.values()), loss, 1e-3);
    for (int o = 0; o < s.co; ++o) {
      double sum = 0;
      for (size_t i = size_t(o); i < g.size(); i += size_t(s.co)) sum += g[i];
      EXPECT_NEAR(gbias.get(o), sum, 1e-4);
    }
    // Offsets: central differences of the loss.
    for (int64_t i = 0; i < p.offset.count(); i += 5) {
      const double x0 = p.offset.get(i), step = 1e-3;
      p.offset.set(i, x0 + step);
      const double up = dot(reference(p, true, false), g);
      p.offset.set(i, x0 - step);
      const double down = dot(reference(p, true, false), g);
      p.offset.set(i, x0);
      EXPECT_NEAR(goff.get(i), (up - down) / (2 * step), 2e-3) << i;
    }
  }
}

// --- Bad calls ---------------------------------------------------------------

const Shape kSmall = {1, 4, 4, 2, 2, 2, 2, 1, 1, {0, 0, 0, 0}, {1, 1}, {1, 1}};

struct Objects {
  Handle handle;
  std::mt19937 rng{1};
  Problem p{kSmall, CNNL_DTYPE_FLOAT, &rng};
  DcnDesc desc{kSmall};
  cnnlDCNDescriptor_t unset = nullptr;
  Tensor wrong_out{CNNL_LAYOUT_NHWC, CNNL_DTYPE_FLOAT, {1, 4, 4, 2}};
  Tensor short_offset{CNNL_LAYOUT_NHWC, CNNL_DTYPE_FLOAT, {1, 3, 3, 4}};
  Tensor half_filter{CNNL_LAYOUT_NHWC, CNNL_DTYPE_HALF, {2, 2, 2, 2}};
  Tensor wide_filter{CNNL_LAYOUT_NHWC, CNNL_DTYPE_FLOAT, {2, 2, 2, 3}};
  Tensor bias3{CNNL_LAYOUT_ARRAY, CNNL_DTYPE_FLOAT, {3}};
  Objects() { cnnlCreateDCNDescriptor(&unset); }
  ~Objects() { cnnlDestroyDCNDescriptor(unset); }
  cnnlStatus_t forward(cnnlDCNDescriptor_t d, Tensor& off, Tensor& filter,
                       Tensor& out) {
    return cnnlDCNForward(handle.get(), d, p.input.desc, p.input.data(),
                          off.desc, off.data(), nullptr, nullptr, filter.desc,
                          filter.data(), nullptr, nullptr, nullptr, 0, out.desc,
                          out.data());
  }
  cnnlStatus_t set(int dim_nb, std::vector<int> pad, std::vector<int> stride,
                   int dg, int g, int step, cnnlDataType_t type) {
    const int dilation[2] = {1, 1};
    return cnnlSetDCNDescriptor(unset, dim_nb, pad.data(), stride.data(),
                                dilation, dg, g, step, type);
  }
};

using BadCnnlCall = BadCall<cnnlStatus_t, Objects&>;
constexpr cnnlStatus_t kBad = CNNL_STATUS_BAD_PARAM;

const BadCnnlCall kBadCalls[] = {
    {"CreateNullOut", [](Objects&) { return cnnlCreateDCNDescriptor(nullptr); },
     kBad},
    {"DestroyNull", [](Objects&) { return cnnlDestroyDCNDescriptor(nullptr); },
     kBad},
    {"SetDimNbThree",
     [](Objects& o) {
       return o.set(3, {0, 0, 0, 0}, {1, 1}, 1, 1, 1, CNNL_DTYPE_FLOAT);
     },
     kBad},
    {"SetNegativePad",
     [](Objects& o) {
       return o.set(4, {0, -1, 0, 0}, {1, 1}, 1, 1, 1, CNNL_DTYPE_FLOAT);
     },
     kBad},
    {"SetZeroStride",
     [](Objects& o) {
       return o.set(4, {0, 0, 0, 0}, {0, 1}, 1, 1, 1, CNNL_DTYPE_FLOAT);
     },
     kBad},
    {"SetZeroGroups",
     [](Objects& o) {
       return o.set(4, {0, 0, 0, 0}, {1, 1}, 0, 1, 1, CNNL_DTYPE_FLOAT);
     },
     kBad},
    {"SetHalfComputeType",
     [](Objects& o) {
       return o.set(4, {0, 0, 0, 0}, {1, 1}, 1, 1, 1, CNNL_DTYPE_HALF);
     },
     kBad},
    {"SetNullPad",
     [](Objects& o) {
       const int s[2] = {1, 1};
       return cnnlSetDCNDescriptor(o.unset, 4, nullptr, s, s, 1, 1, 1,
                                   CNNL_DTYPE_FLOAT);
     },
     kBad},
    {"ForwardUnsetDescriptor",
     [](Objects& o) {
       return o.forward(o.unset, o.p.offset, o.p.filter, o.p.output);
     },
     kBad},
    {"ForwardWrongOutputShape",
     [](Objects& o) {
       return o.forward(o.desc.d, o.p.offset, o.p.filter, o.wrong_out);
     },
     kBad},
    {"ForwardWrongOffsetShape",
     [](Objects& o) {
       return o.forward(o.desc.d, o.short_offset, o.p.filter, o.p.output);
     },
     kBad},
    {"ForwardMixedTypes",
     [](Objects& o) {
       return o.forward(o.desc.d, o.p.offset, o.half_filter, o.p.output);
     },
     kBad},
    {"ForwardFilterChannels",
     [](Objects& o) {
       return o.forward(o.desc.d, o.p.offset, o.wide_filter, o.p.output);
     },
     kBad},
    {"ForwardBiasLength",
     [](Objects& o) {
       return cnnlDCNForward(
           o.handle.get(), o.desc.d, o.p.input.desc, o.p.input.data(),
           o.p.offset.desc, o.p.offset.data(), nullptr, nullptr,
           o.p.filter.desc, o.p.filter.data(), o.bias3.desc, o.bias3.data(),
           nullptr, 0, o.p.output.desc, o.p.output.data());
     },
     kBad},
    {"ForwardMaskDescWithoutData",
     [](Objects& o) {
       return cnnlDCNForward(
           o.handle.get(), o.desc.d, o.p.input.desc, o.p.input.data(),
           o.p.offset.desc, o.p.offset.data(), o.p.mask.desc, nullptr,
           o.p.filter.desc, o.p.filter.data(), nullptr, nullptr, nullptr, 0,
           o.p.output.desc, o.p.output.data());
     },
     kBad},
    {"BackwardDataMaskWithoutGradMask",
     [](Objects& o) {
       return cnnlDCNBackwardData(
           o.handle.get(), o.desc.d, o.p.input.desc, o.p.input.data(),
           o.p.offset.desc, o.p.offset.data(), o.p.mask.desc, o.p.mask.data(),
           o.p.filter.desc, o.p.filter.data(), o.p.output.desc,
           o.p.output.data(), nullptr, 0, o.p.input.desc, o.p.input.data(),
           o.p.offset.desc, o.p.offset.data(), nullptr, nullptr);
     },
     kBad},
    {"BackwardWeightNullWorkspaceOut",
     [](Objects& o) {
       return cnnlGetDCNBackwardWeightWorkspaceSize(
           o.handle.get(), o.desc.d, o.p.input.desc, o.p.offset.desc, nullptr,
           o.p.output.desc, o.p.filter.desc, nullptr, nullptr);
     },
     kBad},
    {"BackwardWeightNullHandle",
     [](Objects& o) {
       return cnnlDCNBackwardWeight(
           nullptr, o.desc.d, o.p.input.desc, o.p.input.data(), o.p.offset.desc,
           o.p.offset.data(), nullptr, nullptr, o.p.output.desc,
           o.p.output.data(), nullptr, 0, o.p.filter.desc, o.p.filter.data(),
           nullptr, nullptr);
     },
     kBad},
};

class DcnBadInput : public testing::TestWithParam<BadCnnlCall> {};

TEST_P(DcnBadInput, ReturnsTheCnnlCode) {
  Objects o;
  const std::vector<uint8_t> out_before = o.p.output.bytes,
                             in_before = o.p.input.bytes;
  const cnnlStatus_t status = GetParam().call(o);
  EXPECT_EQ(status, GetParam().expected) << cnnlGetErrorString(status);
  EXPECT_EQ(o.p.output.bytes, out_before);
  EXPECT_EQ(o.p.input.bytes, in_before);
}

INSTANTIATE_TEST_SUITE_P(Table, DcnBadInput, testing::ValuesIn(kBadCalls),
                         BadCallName());

}  // namespace
