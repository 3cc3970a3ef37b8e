// CNNL's RoiAlign and RoiPooling: forward against plain loops (RoiAlign's
// average of a linear image is the image at each bin's centre; RoiPooling's
// maximum is searched bin by bin), backward as the adjoint of forward
// (<forward(x), g> = <x, backward(g)>), float and half, and bad calls.
#include <gtest/gtest.h>

#include <cfloat>
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

struct RoiAlignDesc {
  cnnlRoiAlignDescriptor_t d = nullptr;
  RoiAlignDesc(int ph, int pw, int ratio, float scale, int mode, bool aligned) {
    EXPECT_EQ(cnnlCreateRoiAlignDescriptor(&d), CNNL_STATUS_SUCCESS);
    EXPECT_EQ(
        cnnlSetRoiAlignDescriptor_v2(d, ph, pw, ratio, scale, mode, aligned),
        CNNL_STATUS_SUCCESS);
  }
  ~RoiAlignDesc() { cnnlDestroyRoiAlignDescriptor(d); }
};

double dot(const std::vector<double>& a, const std::vector<double>& b) {
  double s = 0;
  for (size_t i = 0; i < a.size(); ++i) s += a[i] * b[i];
  return s;
}

class RoiAlign : public testing::TestWithParam<cnnlDataType_t> {};

TEST_P(RoiAlign, AverageOfALinearImageIsItsValueAtTheBinCentre) {
  const cnnlDataType_t dtype = GetParam();
  Handle handle;
  constexpr int kH = 9, kW = 11, kC = 3, kPh = 2, kPw = 3;
  Tensor image(CNNL_LAYOUT_NHWC, dtype, {2, kH, kW, kC});
  // Image n, channel k: f = 0.5 y + 0.25 x + k + 4 n (exact in half).
  for (int n = 0; n < 2; ++n)
    for (int y = 0; y < kH; ++y)
      for (int x = 0; x < kW; ++x)
        for (int k = 0; k < kC; ++k)
          image.set(((n * kH + y) * kW + x) * kC + k,
                    0.5 * y + 0.25 * x + k + 4 * n);
  Tensor boxes(CNNL_LAYOUT_ARRAY, dtype, {2, 5});
  // Boxes well inside the image, in a 2x scaled frame.
  const double rows[2][5] = {{1, 2, 4, 14, 12}, {0, 4, 2, 16, 14}};
  for (int r = 0; r < 2; ++r)
    for (int j = 0; j < 5; ++j) boxes.set(r * 5 + j, rows[r][j]);
  for (bool aligned : {false, true}) {
    for (int ratio : {0, 2}) {
      RoiAlignDesc desc(kPh, kPw, ratio, 0.5f, 1, aligned);
      Tensor out(CNNL_LAYOUT_NHWC, dtype, {2, kPh, kPw, kC});
      ASSERT_EQ(cnnlRoiAlign_v2(handle.get(), desc.d, image.desc, image.data(),
                                boxes.desc, boxes.data(), out.desc, out.data(),
                                nullptr, nullptr, nullptr, nullptr),
                CNNL_STATUS_SUCCESS);
      const double off = aligned ? 0.5 : 0.0;
      for (int r = 0; r < 2; ++r) {
        const double x1 = rows[r][1] * 0.5 - off, y1 = rows[r][2] * 0.5 - off;
        const double bw = (rows[r][3] * 0.5 - off - x1) / kPw;
        const double bh = (rows[r][4] * 0.5 - off - y1) / kPh;
        for (int ph = 0; ph < kPh; ++ph)
          for (int pw = 0; pw < kPw; ++pw)
            for (int k = 0; k < kC; ++k) {
              const double cy = y1 + (ph + 0.5) * bh, cx = x1 + (pw + 0.5) * bw;
              const double e = 0.5 * cy + 0.25 * cx + k + 4 * rows[r][0];
              EXPECT_NEAR(out.get(((r * kPh + ph) * kPw + pw) * kC + k), e,
                          tolerance(dtype, e))
                  << aligned << ratio << r << ph << pw << k;
            }
      }
    }
  }
}

TEST_P(RoiAlign, MaxOfALinearImageIsItsLastSampleAndBackwardIsTheAdjoint) {
  const cnnlDataType_t dtype = GetParam();
  Handle handle;
  constexpr int kH = 8, kW = 8, kC = 2, kP = 2;
  Tensor image(CNNL_LAYOUT_NHWC, dtype, {1, kH, kW, kC});
  for (int y = 0; y < kH; ++y)
    for (int x = 0; x < kW; ++x)
      for (int k = 0; k < kC; ++k)
        image.set((y * kW + x) * kC + k, 0.5 * y + 0.25 * x - k);
  Tensor boxes(CNNL_LAYOUT_ARRAY, dtype, {1, 5});
  const double row[5] = {0, 1, 1, 5, 5};
  for (int j = 0; j < 5; ++j) boxes.set(j, row[j]);
  RoiAlignDesc desc(kP, kP, 2, 1.0f, 0, false);
  Tensor out(CNNL_LAYOUT_NHWC, dtype, {1, kP, kP, kC});
  Tensor ax(CNNL_LAYOUT_NHWC, dtype, {1, kP, kP, kC});
  Tensor ay(CNNL_LAYOUT_NHWC, dtype, {1, kP, kP, kC});
  ASSERT_EQ(cnnlRoiAlign_v2(handle.get(), desc.d, image.desc, image.data(),
                            boxes.desc, boxes.data(), out.desc, out.data(),
                            ax.desc, ax.data(), ay.desc, ay.data()),
            CNNL_STATUS_SUCCESS);
  // Bins of 2 pixels, 2x2 samples at +0.5 and +1.5: the largest value of an
  // increasing image is at the bin's last sample.
  for (int ph = 0; ph < kP; ++ph)
    for (int pw = 0; pw < kP; ++pw)
      for (int k = 0; k < kC; ++k) {
        const int at = (ph * kP + pw) * kC + k;
        const double y = 1 + 2 * ph + 1.5, x = 1 + 2 * pw + 1.5;
        EXPECT_NEAR(ay.get(at), y, tolerance(dtype, y));
        EXPECT_NEAR(ax.get(at), x, tolerance(dtype, x));
        const double e = 0.5 * y + 0.25 * x - k;
        EXPECT_NEAR(out.get(at), e, tolerance(dtype, e));
      }
  // Backward of max mode with these argmaxes: the adjoint of sampling there.
  std::mt19937 rng(3);
  Tensor g(CNNL_LAYOUT_NHWC, dtype, {1, kP, kP, kC});
  g.fill_uniform(&rng, -1, 1);
  Tensor gi(CNNL_LAYOUT_NHWC, dtype, {1, kH, kW, kC});
  ASSERT_EQ(
      cnnlRoiAlignBackward_v2(handle.get(), g.desc, g.data(), boxes.desc,
                              boxes.data(), ax.desc, ax.data(), ay.desc,
                              ay.data(), 1.0f, 2, false, 0, gi.desc, gi.data()),
      CNNL_STATUS_SUCCESS);
  const double lhs = dot(out.values(), g.values());
  const double rhs = dot(image.values(), gi.values());
  EXPECT_NEAR(lhs, rhs, dtype == CNNL_DTYPE_HALF ? 0.05 : 1e-4);
}

TEST_P(RoiAlign, AverageBackwardIsTheAdjointOfForward) {
  const cnnlDataType_t dtype = GetParam();
  Handle handle;
  std::mt19937 rng(9);
  constexpr int kN = 2, kH = 7, kW = 6, kC = 4, kPh = 3, kPw = 2, kR = 3;
  Tensor boxes(CNNL_LAYOUT_ARRAY, dtype, {kR, 5});
  // Boxes partly outside the image, one smaller than a pixel.
  const double rows[kR][5] = {
      {1, -2, -1, 9, 5}, {0, 1.5, 2.25, 5.5, 6.75}, {1, 3, 3, 3.5, 3.25}};
  for (int r = 0; r < kR; ++r)
    for (int j = 0; j < 5; ++j) boxes.set(r * 5 + j, rows[r][j]);
  for (bool aligned : {false, true}) {
    for (int ratio : {0, 1, 3}) {
      // The adjoint relation is linear in x: probe it with unit images.
      Tensor g(CNNL_LAYOUT_NHWC, dtype, {kR, kPh, kPw, kC});
      g.fill_uniform(&rng, -1, 1);
      Tensor gi(CNNL_LAYOUT_NHWC, dtype, {kN, kH, kW, kC});
      ASSERT_EQ(cnnlRoiAlignBackward_v2(handle.get(), g.desc, g.data(),
                                        boxes.desc, boxes.data(), nullptr,
                                        nullptr, nullptr, nullptr, 1.0f, ratio,
                                        aligned, 1, gi.desc, gi.data()),
                CNNL_STATUS_SUCCESS);
      Tensor x(CNNL_LAYOUT_NHWC, dtype, {kN, kH, kW, kC});
      x.fill_uniform(&rng, -1, 1);
      RoiAlignDesc desc(kPh, kPw, ratio, 1.0f, 1, aligned);
      Tensor out(CNNL_LAYOUT_NHWC, dtype, {kR, kPh, kPw, kC});
      ASSERT_EQ(cnnlRoiAlign_v2(handle.get(), desc.d, x.desc, x.data(),
                                boxes.desc, boxes.data(), out.desc, out.data(),
                                nullptr, nullptr, nullptr, nullptr),
                CNNL_STATUS_SUCCESS);
      const double lhs = dot(out.values(), g.values());
      const double rhs = dot(x.values(), gi.values());
      EXPECT_NEAR(lhs, rhs, dtype == CNNL_DTYPE_HALF ? 0.05 : 1e-4)
          << aligned << ratio;
    }
  }
}

TEST(RoiAlignEmptyBins, MaxReadsMinusFltMaxAndAverageZero) {
  // An aligned box of zero size with an adaptive ratio takes no samples.
  Handle handle;
  Tensor image(CNNL_LAYOUT_NHWC, CNNL_DTYPE_FLOAT, {1, 4, 4, 1});
  for (int i = 0; i < 16; ++i) image.set(i, i);
  Tensor boxes(CNNL_LAYOUT_ARRAY, CNNL_DTYPE_FLOAT, {1, 5});
  const double row[5] = {0, 2, 2, 2, 2};
  for (int j = 0; j < 5; ++j) boxes.set(j, row[j]);
  Tensor out(CNNL_LAYOUT_NHWC, CNNL_DTYPE_FLOAT, {1, 1, 1, 1});
  Tensor ax(CNNL_LAYOUT_NHWC, CNNL_DTYPE_FLOAT, {1, 1, 1, 1});
  Tensor ay(CNNL_LAYOUT_NHWC, CNNL_DTYPE_FLOAT, {1, 1, 1, 1});
  RoiAlignDesc max_desc(1, 1, 0, 1.0f, 0, true);
  ASSERT_EQ(cnnlRoiAlign_v2(handle.get(), max_desc.d, image.desc, image.data(),
                            boxes.desc, boxes.data(), out.desc, out.data(),
                            ax.desc, ax.data(), ay.desc, ay.data()),
            CNNL_STATUS_SUCCESS);
  EXPECT_EQ(out.get(0), -FLT_MAX);
  EXPECT_EQ(ax.get(0), -1);
  EXPECT_EQ(ay.get(0), -1);
  RoiAlignDesc avg_desc(1, 1, 0, 1.0f, 1, true);
  ASSERT_EQ(cnnlRoiAlign_v2(handle.get(), avg_desc.d, image.desc, image.data(),
                            boxes.desc, boxes.data(), out.desc, out.data(),
                            nullptr, nullptr, nullptr, nullptr),
            CNNL_STATUS_SUCCESS);
  EXPECT_EQ(out.get(0), 0);
}

class RoiPooling : public testing::TestWithParam<cnnlDataType_t> {};

TEST_P(RoiPooling, ForwardMatchesLoopsAndBackwardIsTheAdjoint) {
  const cnnlDataType_t dtype = GetParam();
  Handle handle;
  std::mt19937 rng(13);
  constexpr int kN = 2, kH = 6, kW = 7, kC = 3, kPh = 2, kPw = 3, kR = 3;
  Tensor x(CNNL_LAYOUT_NHWC, dtype, {kN, kH, kW, kC});
  x.fill_uniform(&rng, -4, 4);
  Tensor rois(CNNL_LAYOUT_ARRAY, dtype, {kR, 5});
  const double rows[kR][5] = {
      {1, 0, 0, 12, 10}, {0, 3, 2, 9, 11}, {1, 20, 20, 30, 30}};
  for (int r = 0; r < kR; ++r)
    for (int j = 0; j < 5; ++j) rois.set(r * 5 + j, rows[r][j]);
  const float scale = 0.5f;
  Tensor out(CNNL_LAYOUT_NHWC, dtype, {kR, kPh, kPw, kC});
  std::vector<int> argmax(size_t(out.count()), 7);
  ASSERT_EQ(cnnlRoiPoolingForward(handle.get(), CNNL_POOLING_MAX, x.desc,
                                  x.data(), rois.desc, rois.data(), scale,
                                  out.desc, out.data(), argmax.data()),
            CNNL_STATUS_SUCCESS);
  const std::vector<double> xs = x.values();
  for (int r = 0; r < kR; ++r) {
    const int n = int(rows[r][0]);
    const int x1 = int(std::round(rows[r][1] * scale));
    const int y1 = int(std::round(rows[r][2] * scale));
    const int x2 = int(std::round(rows[r][3] * scale));
    const int y2 = int(std::round(rows[r][4] * scale));
    const double bh = std::max(y2 - y1 + 1, 1) / double(kPh);
    const double bw = std::max(x2 - x1 + 1, 1) / double(kPw);
    for (int ph = 0; ph < kPh; ++ph)
      for (int pw = 0; pw < kPw; ++pw)
        for (int k = 0; k < kC; ++k) {
          int hs = int(std::floor(ph * bh)) + y1,
              he = int(std::ceil((ph + 1) * bh)) + y1;
          int ws = int(std::floor(pw * bw)) + x1,
              we = int(std::ceil((pw + 1) * bw)) + x1;
          hs = std::min(std::max(hs, 0), kH);
          he = std::min(std::max(he, 0), kH);
          ws = std::min(std::max(ws, 0), kW);
          we = std::min(std::max(we, 0), kW);
          double best = (he <= hs || we <= ws) ? 0.0 : -DBL_MAX;
          int at = -1;
          for (int y = hs; y < he; ++y)
            for (int xx = ws; xx < we; ++xx) {
              const double v = xs[((n * kH + y) * kW + xx) * kC + k];
              if (v > best) {
                best = v;
                at = y * kW + xx;
              }
            }
          const int o = ((r * kPh + ph) * kPw + pw) * kC + k;
          EXPECT_EQ(out.get(o), best) << r << ph << pw << k;
          EXPECT_EQ(argmax[o], at) << r << ph << pw << k;
        }
  }
  // The third roi lies outside the image: empty bins, 0 and -1.
  EXPECT_EQ(argmax[size_t(out.count() - 1)], -1);
  Tensor arg_t(CNNL_LAYOUT_NHWC, CNNL_DTYPE_INT32, {kR, kPh, kPw, kC});
  for (int64_t i = 0; i < arg_t.count(); ++i) arg_t.set(i, argmax[size_t(i)]);
  Tensor g(CNNL_LAYOUT_NHWC, dtype, {kR, kPh, kPw, kC});
  g.fill_uniform(&rng, -1, 1);
  Tensor gi(CNNL_LAYOUT_NHWC, dtype, {kN, kH, kW, kC});
  ASSERT_EQ(cnnlRoiPoolingBackward(handle.get(), CNNL_POOLING_MAX, g.desc,
                                   g.data(), rois.desc, rois.data(), arg_t.desc,
                                   reinterpret_cast<const int*>(arg_t.data()),
                                   scale, gi.desc, gi.data()),
            CNNL_STATUS_SUCCESS);
  EXPECT_NEAR(dot(out.values(), g.values()), dot(xs, gi.values()),
              dtype == CNNL_DTYPE_HALF ? 0.05 : 1e-4);
}

const auto kTypes = testing::Values(CNNL_DTYPE_FLOAT, CNNL_DTYPE_HALF);
const auto kTypeName = [](const testing::TestParamInfo<cnnlDataType_t>& i) {
  return std::string(i.param == CNNL_DTYPE_FLOAT ? "Float" : "Half");
};
INSTANTIATE_TEST_SUITE_P(Types, RoiAlign, kTypes, kTypeName);
INSTANTIATE_TEST_SUITE_P(Types, RoiPooling, kTypes, kTypeName);

// --- Bad calls ---------------------------------------------------------------

struct Objects {
  Handle handle;
  RoiAlignDesc avg{2, 2, 1, 1.0f, 1, false};
  RoiAlignDesc max{2, 2, 1, 1.0f, 0, false};
  cnnlRoiAlignDescriptor_t unset = nullptr;
  Tensor image{CNNL_LAYOUT_NHWC, CNNL_DTYPE_FLOAT, {1, 4, 4, 2}};
  Tensor image3d{CNNL_LAYOUT_ARRAY, CNNL_DTYPE_FLOAT, {4, 4, 2}};
  Tensor boxes{CNNL_LAYOUT_ARRAY, CNNL_DTYPE_FLOAT, {1, 5}};
  Tensor boxes4{CNNL_LAYOUT_ARRAY, CNNL_DTYPE_FLOAT, {1, 4}};
  Tensor boxes_half{CNNL_LAYOUT_ARRAY, CNNL_DTYPE_HALF, {1, 5}};
  Tensor far_batch{CNNL_LAYOUT_ARRAY, CNNL_DTYPE_FLOAT, {1, 5}};
  Tensor nan_box{CNNL_LAYOUT_ARRAY, CNNL_DTYPE_FLOAT, {1, 5}};
  Tensor out{CNNL_LAYOUT_NHWC, CNNL_DTYPE_FLOAT, {1, 2, 2, 2}};
  Tensor out33{CNNL_LAYOUT_NHWC, CNNL_DTYPE_FLOAT, {1, 3, 3, 2}};
  Tensor out_c3{CNNL_LAYOUT_NHWC, CNNL_DTYPE_FLOAT, {1, 2, 2, 3}};
  Tensor arg{CNNL_LAYOUT_NHWC, CNNL_DTYPE_INT32, {1, 2, 2, 2}};
  Tensor bad_arg{CNNL_LAYOUT_NHWC, CNNL_DTYPE_INT32, {1, 2, 2, 2}};
  Objects() {
    cnnlCreateRoiAlignDescriptor(&unset);
    const double row[5] = {0, 0, 0, 3, 3};
    for (int j = 0; j < 5; ++j) boxes.set(j, row[j]);
    far_batch.set(0, 3);
    nan_box.set(3, NAN);
    for (int64_t i = 0; i < bad_arg.count(); ++i) bad_arg.set(i, 16);
  }
  ~Objects() { cnnlDestroyRoiAlignDescriptor(unset); }
  cnnlStatus_t align(cnnlRoiAlignDescriptor_t d, Tensor& img, Tensor& b,
                     Tensor& o) {
    return cnnlRoiAlign_v2(handle.get(), d, img.desc, img.data(), b.desc,
                           b.data(), o.desc, o.data(), nullptr, nullptr,
                           nullptr, nullptr);
  }
};

using BadCnnlCall = BadCall<cnnlStatus_t, Objects&>;
constexpr cnnlStatus_t kBad = CNNL_STATUS_BAD_PARAM;

const BadCnnlCall kBadCalls[] = {
    {"CreateNullOut",
     [](Objects&) { return cnnlCreateRoiAlignDescriptor(nullptr); }, kBad},
    {"DestroyNull",
     [](Objects&) { return cnnlDestroyRoiAlignDescriptor(nullptr); }, kBad},
    {"SetZeroPooledSize",
     [](Objects& o) {
       return cnnlSetRoiAlignDescriptor_v2(o.unset, 0, 2, 1, 1.0f, 1, false);
     },
     kBad},
    {"SetNegativeRatio",
     [](Objects& o) {
       return cnnlSetRoiAlignDescriptor_v2(o.unset, 2, 2, -1, 1.0f, 1, false);
     },
     kBad},
    {"SetZeroScale",
     [](Objects& o) {
       return cnnlSetRoiAlignDescriptor_v2(o.unset, 2, 2, 1, 0.0f, 1, false);
     },
     kBad},
    {"SetUnknownMode",
     [](Objects& o) {
       return cnnlSetRoiAlignDescriptor_v2(o.unset, 2, 2, 1, 1.0f, 2, false);
     },
     kBad},
    {"AlignUnsetDescriptor",
     [](Objects& o) { return o.align(o.unset, o.image, o.boxes, o.out); },
     kBad},
    {"AlignImageNot4D",
     [](Objects& o) { return o.align(o.avg.d, o.image3d, o.boxes, o.out); },
     kBad},
    {"AlignBoxesNotFive",
     [](Objects& o) { return o.align(o.avg.d, o.image, o.boxes4, o.out); },
     kBad},
    {"AlignBoxesOtherType",
     [](Objects& o) { return o.align(o.avg.d, o.image, o.boxes_half, o.out); },
     kBad},
    {"AlignBatchIndexOutside",
     [](Objects& o) { return o.align(o.avg.d, o.image, o.far_batch, o.out); },
     kBad},
    {"AlignBoxCoordinateNan",
     [](Objects& o) { return o.align(o.avg.d, o.image, o.nan_box, o.out); },
     kBad},
    {"PoolingBoxCoordinateNan",
     [](Objects& o) {
       return cnnlRoiPoolingForward(o.handle.get(), CNNL_POOLING_MAX,
                                    o.image.desc, o.image.data(),
                                    o.nan_box.desc, o.nan_box.data(), 1.0f,
                                    o.out.desc, o.out.data(), nullptr);
     },
     kBad},
    {"AlignOutputNotPooledSize",
     [](Objects& o) { return o.align(o.avg.d, o.image, o.boxes, o.out33); },
     kBad},
    {"AlignOutputOtherChannels",
     [](Objects& o) { return o.align(o.avg.d, o.image, o.boxes, o.out_c3); },
     kBad},
    {"AlignMaxWithoutArgmax",
     [](Objects& o) { return o.align(o.max.d, o.image, o.boxes, o.out); },
     kBad},
    {"AlignBackwardMaxWithoutArgmax",
     [](Objects& o) {
       return cnnlRoiAlignBackward_v2(o.handle.get(), o.out.desc, o.out.data(),
                                      o.boxes.desc, o.boxes.data(), nullptr,
                                      nullptr, nullptr, nullptr, 1.0f, 1, false,
                                      0, o.image.desc, o.image.data());
     },
     kBad},
    {"AlignBackwardUnknownMode",
     [](Objects& o) {
       return cnnlRoiAlignBackward_v2(o.handle.get(), o.out.desc, o.out.data(),
                                      o.boxes.desc, o.boxes.data(), nullptr,
                                      nullptr, nullptr, nullptr, 1.0f, 1, false,
                                      5, o.image.desc, o.image.data());
     },
     kBad},
    {"PoolingAverageNotSupported",
     [](Objects& o) {
       return cnnlRoiPoolingForward(
           o.handle.get(), CNNL_POOLING_AVERAGE_COUNT_INCLUDE_PADDING,
           o.image.desc, o.image.data(), o.boxes.desc, o.boxes.data(), 1.0f,
           o.out.desc, o.out.data(), nullptr);
     },
     CNNL_STATUS_NOT_SUPPORTED},
    {"PoolingNegativeScale",
     [](Objects& o) {
       return cnnlRoiPoolingForward(o.handle.get(), CNNL_POOLING_MAX,
                                    o.image.desc, o.image.data(), o.boxes.desc,
                                    o.boxes.data(), -1.0f, o.out.desc,
                                    o.out.data(), nullptr);
     },
     kBad},
    {"PoolingNullInput",
     [](Objects& o) {
       return cnnlRoiPoolingForward(o.handle.get(), CNNL_POOLING_MAX,
                                    o.image.desc, nullptr, o.boxes.desc,
                                    o.boxes.data(), 1.0f, o.out.desc,
                                    o.out.data(), nullptr);
     },
     kBad},
    {"PoolingBackwardArgmaxOutsidePlane",
     [](Objects& o) {
       return cnnlRoiPoolingBackward(
           o.handle.get(), CNNL_POOLING_MAX, o.out.desc, o.out.data(),
           o.boxes.desc, o.boxes.data(), o.bad_arg.desc,
           reinterpret_cast<const int*>(o.bad_arg.data()), 1.0f, o.image.desc,
           o.image.data());
     },
     kBad},
    {"PoolingBackwardArgmaxNotInt",
     [](Objects& o) {
       return cnnlRoiPoolingBackward(o.handle.get(), CNNL_POOLING_MAX,
                                     o.out.desc, o.out.data(), o.boxes.desc,
                                     o.boxes.data(), o.out.desc,
                                     reinterpret_cast<const int*>(o.out.data()),
                                     1.0f, o.image.desc, o.image.data());
     },
     kBad},
};

class RoiBadInput : public testing::TestWithParam<BadCnnlCall> {};

TEST_P(RoiBadInput, ReturnsTheCnnlCode) {
  Objects o;
  const std::vector<uint8_t> image_before = o.image.bytes,
                             out_before = o.out.bytes;
  const cnnlStatus_t status = GetParam().call(o);
  EXPECT_EQ(status, GetParam().expected) << cnnlGetErrorString(status);
  EXPECT_EQ(o.image.bytes, image_before);
  EXPECT_EQ(o.out.bytes, out_before);
}

INSTANTIATE_TEST_SUITE_P(Table, RoiBadInput, testing::ValuesIn(kBadCalls),
                         BadCallName());

}  // namespace
