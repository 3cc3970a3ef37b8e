// CNNL's Nms_v2 against a plain loop (boxes sorted by confidence, each kept
// unless it overlaps a kept one by more than the IoU threshold), every
// output mode, both input layouts, both box modes, the boundary offset and
// padding; a table of bad calls.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <functional>
#include <numeric>
#include <random>
#include <vector>

#include "bad_call_table.h"
#include "cnnl_vision_test_util.h"

namespace {

using cnnl_vision_test::Handle;
using cnnl_vision_test::Tensor;

struct NmsDesc {
  cnnlNmsDescriptor_t d = nullptr;
  NmsDesc() { EXPECT_EQ(cnnlCreateNmsDescriptor(&d), CNNL_STATUS_SUCCESS); }
  ~NmsDesc() { cnnlDestroyNmsDescriptor(d); }
  template <class T>
  void set(cnnlNmsDescAttribute_t attr, T value) {
    ASSERT_EQ(cnnlSetNmsDescAttr(d, attr, &value, sizeof(value)),
              CNNL_STATUS_SUCCESS);
  }
};

struct Config {
  int layout, box_mode;
  float offset, iou, confidence;
  int max_out;
};

// Indices kept by the plain loop; boxes as [n][4] in the box mode.
std::vector<int> reference(const std::vector<std::array<double, 4>>& boxes,
                           const std::vector<double>& score, const Config& c) {
  const int n = int(boxes.size());
  std::vector<int> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](int a, int b) { return score[a] > score[b]; });
  auto corners = [&](int i) {
    std::array<double, 4> q = boxes[i];
    if (c.box_mode == 1) {
      return std::array<double, 4>{q[0] - q[2] / 2, q[1] - q[3] / 2,
                                   q[0] + q[2] / 2, q[1] + q[3] / 2};
    }
    return std::array<double, 4>{std::min(q[0], q[2]), std::min(q[1], q[3]),
                                 std::max(q[0], q[2]), std::max(q[1], q[3])};
  };
  std::vector<int> kept;
  for (int i : order) {
    if (int(kept.size()) == c.max_out || score[i] <= c.confidence) break;
    const auto a = corners(i);
    bool drop = false;
    for (int k : kept) {
      const auto b = corners(k);
      const double w =
          std::max(0.0, std::min(a[2], b[2]) - std::max(a[0], b[0]) + c.offset);
      const double h =
          std::max(0.0, std::min(a[3], b[3]) - std::max(a[1], b[1]) + c.offset);
      const double area_a = (a[2] - a[0] + c.offset) * (a[3] - a[1] + c.offset);
      const double area_b = (b[2] - b[0] + c.offset) * (b[3] - b[1] + c.offset);
      if (w * h / (area_a + area_b - w * h) > c.iou) drop = true;
    }
    if (!drop) kept.push_back(i);
  }
  return kept;
}

class Nms : public testing::TestWithParam<cnnlDataType_t> {};

TEST_P(Nms, EveryModeMatchesThePlainLoop) {
  const cnnlDataType_t dtype = GetParam();
  Handle handle;
  std::mt19937 rng(21);
  constexpr int kN = 40;
  // Clustered boxes so that many overlap; values exact in half.
  std::vector<std::array<double, 4>> boxes(kN);
  std::vector<double> score(kN);
  for (int i = 0; i < kN; ++i) {
    const int cx = 8 * int(rng() % 4), cy = 8 * int(rng() % 3);
    boxes[i] = {double(cx + int(rng() % 3)), double(cy + int(rng() % 3)),
                double(cx + 4 + int(rng() % 4)),
                double(cy + 4 + int(rng() % 4))};
    score[i] = double(rng() % 64) / 64.0;
  }
  const Config configs[] = {{0, 0, 0.0f, 0.5f, 0.0f, 10},
                            {1, 0, 1.0f, 0.3f, 0.2f, 40},
                            {0, 1, 0.0f, 0.2f, 0.1f, 5},
                            {1, 1, 1.0f, 0.6f, 0.5f, 0}};
  for (const Config& c : configs) {
    Tensor b(CNNL_LAYOUT_ARRAY, dtype,
             c.layout == 0 ? std::vector<int>{kN, 4} : std::vector<int>{4, kN});
    Tensor conf(CNNL_LAYOUT_ARRAY, dtype, {kN});
    for (int i = 0; i < kN; ++i) {
      conf.set(i, score[i]);
      for (int j = 0; j < 4; ++j) {
        b.set(c.layout == 0 ? i * 4 + j : j * kN + i, boxes[i][j]);
      }
    }
    const std::vector<int> want = reference(boxes, score, c);
    for (int mode = 0; mode <= 3; ++mode) {
      NmsDesc d;
      d.set(CNNL_NMS_DESC_BOX_MODE, cnnlNmsBoxPointMode_t(c.box_mode));
      d.set(CNNL_NMS_DESC_OUTPUT_MODE, cnnlNmsOutputMode_t(mode));
      d.set(CNNL_NMS_DESC_IOU_THRESHOLD, c.iou);
      d.set(CNNL_NMS_DESC_MAX_OUTPUT_SIZE, c.max_out);
      d.set(CNNL_NMS_DESC_CONFIDENCE_THRESHOLD, c.confidence);
      d.set(CNNL_NMS_DESC_OFFSET, c.offset);
      d.set(CNNL_NMS_DESC_INPUT_LAYOUT, c.layout);
      d.set(CNNL_NMS_DESC_PAD_TO_MAX_OUTPUT_SIZE, true);
      const int rows = std::max(c.max_out, 1);
      std::vector<int> shape = mode == 0   ? std::vector<int>{rows}
                               : mode == 2 ? std::vector<int>{5, rows}
                               : mode == 3 ? std::vector<int>{rows, 3}
                                           : std::vector<int>{rows, 5};
      Tensor out(CNNL_LAYOUT_ARRAY,
                 mode == 0 || mode == 3 ? CNNL_DTYPE_INT32 : dtype, shape);
      for (int64_t i = 0; i < out.count(); ++i) out.set(i, 77);
      size_t workspace = 1;
      ASSERT_EQ(cnnlGetNmsWorkspaceSize_v4(handle.get(), d.d, b.desc, conf.desc,
                                           &workspace),
                CNNL_STATUS_SUCCESS);
      EXPECT_EQ(workspace, 0u);
      int32_t count = -1;
      ASSERT_EQ(
          cnnlNms_v2(handle.get(), d.d, b.desc, b.data(), conf.desc,
                     conf.data(), nullptr, 0, out.desc, out.data(), &count),
          CNNL_STATUS_SUCCESS);
      ASSERT_EQ(count, int(want.size())) << mode;
      for (int r = 0; r < rows; ++r) {
        const bool k = r < count;
        const int i = k ? want[r] : 0;
        switch (mode) {
          case 0:
            EXPECT_EQ(out.get(r), k ? i : 0) << r;
            break;
          case 3:
            EXPECT_EQ(out.get(r * 3), 0);
            EXPECT_EQ(out.get(r * 3 + 1), 0);
            EXPECT_EQ(out.get(r * 3 + 2), k ? i : 0) << r;
            break;
          default:
            for (int j = 0; j < 5; ++j) {
              const double e = !k ? 0.0 : j == 0 ? score[i] : boxes[i][j - 1];
              EXPECT_EQ(out.get(mode == 1 ? r * 5 + j : j * rows + r), e)
                  << mode << " " << r << " " << j;
            }
        }
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Types, Nms,
                         testing::Values(CNNL_DTYPE_FLOAT, CNNL_DTYPE_HALF),
                         [](const testing::TestParamInfo<cnnlDataType_t>& i) {
                           return std::string(
                               i.param == CNNL_DTYPE_FLOAT ? "Float" : "Half");
                         });

TEST(NmsPadding, RowsBeyondTheKeptOnesStayWithoutPadding) {
  Handle handle;
  Tensor b(CNNL_LAYOUT_ARRAY, CNNL_DTYPE_FLOAT, {2, 4});
  const float coords[8] = {0, 0, 4, 4, 0, 0, 4, 4};  // the same box twice
  for (int i = 0; i < 8; ++i) b.set(i, coords[i]);
  Tensor conf(CNNL_LAYOUT_ARRAY, CNNL_DTYPE_FLOAT, {2});
  conf.set(0, 0.5);
  conf.set(1, 0.9);
  NmsDesc d;
  d.set(CNNL_NMS_DESC_MAX_OUTPUT_SIZE, 2);
  Tensor out(CNNL_LAYOUT_ARRAY, CNNL_DTYPE_INT32, {2});
  out.set(0, 55);
  out.set(1, 55);
  int32_t count = 0;
  ASSERT_EQ(cnnlNms_v2(handle.get(), d.d, b.desc, b.data(), conf.desc,
                       conf.data(), nullptr, 0, out.desc, out.data(), &count),
            CNNL_STATUS_SUCCESS);
  EXPECT_EQ(count, 1);
  EXPECT_EQ(out.get(0), 1);
  EXPECT_EQ(out.get(1), 55);
}

// 3-D boxes: x, y, z, dx, dy, dz, heading, [n, 7] or [7, n].
std::vector<int> nms_3d(const std::vector<std::array<double, 7>>& boxes,
                        float iou, int layout, cnnlDataType_t dtype) {
  Handle handle;
  const int n = int(boxes.size());
  Tensor b(CNNL_LAYOUT_ARRAY, dtype,
           layout == 0 ? std::vector<int>{n, 7} : std::vector<int>{7, n});
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < 7; ++j)
      b.set(layout == 0 ? i * 7 + j : j * n + i, boxes[i][j]);
  NmsDesc d;
  d.set(CNNL_NMS_DESC_IOU_THRESHOLD, iou);
  d.set(CNNL_NMS_DESC_INPUT_LAYOUT, layout);
  Tensor out(CNNL_LAYOUT_ARRAY, CNNL_DTYPE_INT32, {n});
  int32_t count = -1;
  EXPECT_EQ(cnnlNms_v2(handle.get(), d.d, b.desc, b.data(), nullptr, nullptr,
                       nullptr, 0, out.desc, out.data(), &count),
            CNNL_STATUS_SUCCESS);
  std::vector<int> kept;
  for (int i = 0; i < count; ++i) kept.push_back(int(out.get(i)));
  return kept;
}

TEST(Nms3d, SquareAndItsQuarterTurnOverlapByOneOverSqrtTwo) {
  // A 2 x 2 square and the same square turned 45 degrees meet in a regular
  // octagon: IoU = 1 / sqrt(2) = 0.7071.
  const std::vector<std::array<double, 7>> boxes = {
      {0, 0, 0, 2, 2, 1, 0}, {0, 0, 5, 2, 2, 1, M_PI / 4}};
  for (int layout : {0, 1}) {
    EXPECT_EQ(nms_3d(boxes, 0.70f, layout, CNNL_DTYPE_FLOAT),
              (std::vector<int>{0}));
    EXPECT_EQ(nms_3d(boxes, 0.71f, layout, CNNL_DTYPE_FLOAT),
              (std::vector<int>{0, 1}));
  }
}

TEST(Nms3d, AxisAlignedBoxesMatchThePlainLoopAndRotationChangesNothing) {
  std::mt19937 rng(31);
  std::uniform_real_distribution<double> pos(0, 6), size(0.5, 3);
  std::vector<std::array<double, 7>> boxes(30);
  for (auto& q : boxes)
    q = {pos(rng), pos(rng), pos(rng), size(rng), size(rng), 1, 0};
  const float iou = 0.25f;
  // Plain loop: in input order, axis-aligned overlaps.
  std::vector<int> want;
  std::vector<bool> dropped(boxes.size(), false);
  for (size_t i = 0; i < boxes.size(); ++i) {
    if (dropped[i]) continue;
    want.push_back(int(i));
    for (size_t j = i + 1; j < boxes.size(); ++j) {
      const auto& a = boxes[i];
      const auto& c = boxes[j];
      const double w =
          std::max(0.0, std::min(a[0] + a[3] / 2, c[0] + c[3] / 2) -
                            std::max(a[0] - a[3] / 2, c[0] - c[3] / 2));
      const double h =
          std::max(0.0, std::min(a[1] + a[4] / 2, c[1] + c[4] / 2) -
                            std::max(a[1] - a[4] / 2, c[1] - c[4] / 2));
      if (w * h / (a[3] * a[4] + c[3] * c[4] - w * h) > iou) dropped[j] = true;
    }
  }
  ASSERT_GT(want.size(), 3u);
  ASSERT_LT(want.size(), boxes.size());
  EXPECT_EQ(nms_3d(boxes, iou, 0, CNNL_DTYPE_FLOAT), want);
  // The same scene turned by 0.6 rad, and with every box turned a quarter
  // (dx and dy swapped): the same boxes survive.
  std::vector<std::array<double, 7>> turned = boxes, quarter = boxes;
  const double c = std::cos(0.6), s = std::sin(0.6);
  for (size_t i = 0; i < boxes.size(); ++i) {
    turned[i][0] = boxes[i][0] * c - boxes[i][1] * s;
    turned[i][1] = boxes[i][0] * s + boxes[i][1] * c;
    turned[i][6] = 0.6;
    quarter[i][3] = boxes[i][4];
    quarter[i][4] = boxes[i][3];
    quarter[i][6] = M_PI / 2;
  }
  EXPECT_EQ(nms_3d(turned, iou, 1, CNNL_DTYPE_FLOAT), want);
  EXPECT_EQ(nms_3d(quarter, iou, 0, CNNL_DTYPE_FLOAT), want);
}

TEST(NmsBatched, EachBatchAndClassIsSelectedOnItsOwn) {
  Handle handle;
  std::mt19937 rng(41);
  constexpr int kB = 2, kC = 3, kN = 12, kMax = 4;
  std::vector<std::array<double, 4>> boxes[kB];
  Tensor b(CNNL_LAYOUT_ARRAY, CNNL_DTYPE_FLOAT, {kB, 4, kN});  // layout 1
  Tensor conf(CNNL_LAYOUT_ARRAY, CNNL_DTYPE_FLOAT, {kB, kC, kN});
  for (int bt = 0; bt < kB; ++bt) {
    boxes[bt].resize(kN);
    for (int i = 0; i < kN; ++i) {
      const int x = int(rng() % 6), y = int(rng() % 6);
      boxes[bt][i] = {double(x), double(y), double(x + 2 + int(rng() % 3)),
                      double(y + 2 + int(rng() % 3))};
      for (int j = 0; j < 4; ++j) b.set((bt * 4 + j) * kN + i, boxes[bt][i][j]);
    }
  }
  for (int64_t i = 0; i < conf.count(); ++i)
    conf.set(i, double(rng() % 64) / 64);
  NmsDesc d;
  d.set(CNNL_NMS_DESC_OUTPUT_MODE, CNNL_NMS_OUTPUT_TARGET_BATCH_AND_CLASS);
  d.set(CNNL_NMS_DESC_IOU_THRESHOLD, 0.3f);
  d.set(CNNL_NMS_DESC_MAX_OUTPUT_SIZE, kMax);
  d.set(CNNL_NMS_DESC_CONFIDENCE_THRESHOLD, 0.1f);
  d.set(CNNL_NMS_DESC_INPUT_LAYOUT, 1);
  Tensor out(CNNL_LAYOUT_ARRAY, CNNL_DTYPE_INT32, {kB * kC * kMax, 3});
  int32_t count = -1;
  ASSERT_EQ(cnnlNms_v2(handle.get(), d.d, b.desc, b.data(), conf.desc,
                       conf.data(), nullptr, 0, out.desc, out.data(), &count),
            CNNL_STATUS_SUCCESS);
  int row = 0;
  for (int bt = 0; bt < kB; ++bt)
    for (int c = 0; c < kC; ++c) {
      std::vector<double> score(kN);
      for (int i = 0; i < kN; ++i) score[i] = conf.get((bt * kC + c) * kN + i);
      const Config cfg{1, 0, 0.0f, 0.3f, 0.1f, kMax};
      for (int i : reference(boxes[bt], score, cfg)) {
        EXPECT_EQ(out.get(row * 3), bt);
        EXPECT_EQ(out.get(row * 3 + 1), c);
        EXPECT_EQ(out.get(row * 3 + 2), i);
        ++row;
      }
    }
  EXPECT_EQ(count, row);
  EXPECT_GT(row, kB * kC);
}

// --- Bad calls ---------------------------------------------------------------

struct Objects {
  Handle handle;
  NmsDesc desc;
  Tensor boxes{CNNL_LAYOUT_ARRAY, CNNL_DTYPE_FLOAT, {3, 4}};
  Tensor boxes7{CNNL_LAYOUT_ARRAY, CNNL_DTYPE_FLOAT, {3, 7}};
  Tensor boxes5{CNNL_LAYOUT_ARRAY, CNNL_DTYPE_FLOAT, {3, 5}};
  Tensor batched{CNNL_LAYOUT_ARRAY, CNNL_DTYPE_FLOAT, {2, 3, 4}};
  Tensor batched_conf{CNNL_LAYOUT_ARRAY, CNNL_DTYPE_FLOAT, {2, 1, 3}};
  Tensor int_boxes{CNNL_LAYOUT_ARRAY, CNNL_DTYPE_INT32, {3, 4}};
  Tensor conf{CNNL_LAYOUT_ARRAY, CNNL_DTYPE_FLOAT, {3}};
  Tensor conf2{CNNL_LAYOUT_ARRAY, CNNL_DTYPE_FLOAT, {2}};
  Tensor out{CNNL_LAYOUT_ARRAY, CNNL_DTYPE_INT32, {3}};
  Tensor float_out{CNNL_LAYOUT_ARRAY, CNNL_DTYPE_FLOAT, {3}};
  Tensor short_out{CNNL_LAYOUT_ARRAY, CNNL_DTYPE_INT32, {1}};
  int32_t count = 0;
  Objects() { desc.set(CNNL_NMS_DESC_MAX_OUTPUT_SIZE, 3); }
  cnnlStatus_t nms(Tensor& b, Tensor& c, Tensor& o) {
    return cnnlNms_v2(handle.get(), desc.d, b.desc, b.data(), c.desc, c.data(),
                      nullptr, 0, o.desc, o.data(), &count);
  }
};

using BadCnnlCall = BadCall<cnnlStatus_t, Objects&>;
constexpr cnnlStatus_t kBad = CNNL_STATUS_BAD_PARAM;
constexpr cnnlStatus_t kNotSupported = CNNL_STATUS_NOT_SUPPORTED;

template <class T>
cnnlStatus_t set_attr(Objects& o, cnnlNmsDescAttribute_t attr, T v) {
  return cnnlSetNmsDescAttr(o.desc.d, attr, &v, sizeof(v));
}

const BadCnnlCall kBadCalls[] = {
    {"CreateNullOut", [](Objects&) { return cnnlCreateNmsDescriptor(nullptr); },
     kBad},
    {"DestroyNull", [](Objects&) { return cnnlDestroyNmsDescriptor(nullptr); },
     kBad},
    {"AttrNullBuffer",
     [](Objects& o) {
       return cnnlSetNmsDescAttr(o.desc.d, CNNL_NMS_DESC_OFFSET, nullptr, 4);
     },
     kBad},
    {"AttrWrongSize",
     [](Objects& o) {
       const double v = 0.5;
       return cnnlSetNmsDescAttr(o.desc.d, CNNL_NMS_DESC_IOU_THRESHOLD, &v,
                                 sizeof(v));
     },
     kBad},
    {"AttrUnknown",
     [](Objects& o) {
       return set_attr(o, static_cast<cnnlNmsDescAttribute_t>(99), 1);
     },
     kBad},
    {"AttrOffsetTwo",
     [](Objects& o) { return set_attr(o, CNNL_NMS_DESC_OFFSET, 2.0f); }, kBad},
    {"AttrLayoutTwo",
     [](Objects& o) { return set_attr(o, CNNL_NMS_DESC_INPUT_LAYOUT, 2); },
     kBad},
    {"AttrNegativeMaxOutput",
     [](Objects& o) { return set_attr(o, CNNL_NMS_DESC_MAX_OUTPUT_SIZE, -1); },
     kBad},
    {"AttrOutputModeFour",
     [](Objects& o) { return set_attr(o, CNNL_NMS_DESC_OUTPUT_MODE, 4); },
     kBad},
    {"AttrBoxModeTwo",
     [](Objects& o) { return set_attr(o, CNNL_NMS_DESC_BOX_MODE, 2); }, kBad},
    {"AttrNanIou",
     [](Objects& o) { return set_attr(o, CNNL_NMS_DESC_IOU_THRESHOLD, NAN); },
     kBad},
    {"WorkspaceNullOut",
     [](Objects& o) {
       return cnnlGetNmsWorkspaceSize_v4(o.handle.get(), o.desc.d, o.boxes.desc,
                                         o.conf.desc, nullptr);
     },
     kBad},
    {"NullOutputSize",
     [](Objects& o) {
       return cnnlNms_v2(o.handle.get(), o.desc.d, o.boxes.desc, o.boxes.data(),
                         o.conf.desc, o.conf.data(), nullptr, 0, o.out.desc,
                         o.out.data(), nullptr);
     },
     kBad},
    {"BoxesOfFiveCoordinates",
     [](Objects& o) { return o.nms(o.boxes5, o.conf, o.out); }, kBad},
    {"IntBoxes", [](Objects& o) { return o.nms(o.int_boxes, o.conf, o.out); },
     kBad},
    {"ConfidenceWrongLength",
     [](Objects& o) { return o.nms(o.boxes, o.conf2, o.out); }, kBad},
    {"IndicesAsFloat",
     [](Objects& o) { return o.nms(o.boxes, o.conf, o.float_out); }, kBad},
    {"OutputShorterThanMax",
     [](Objects& o) { return o.nms(o.boxes, o.conf, o.short_out); }, kBad},
    {"ThreeDBoxesOutputTooShort",
     [](Objects& o) { return o.nms(o.boxes7, o.conf, o.short_out); }, kBad},
    {"TwoBatchesWithIndexMode",
     [](Objects& o) { return o.nms(o.batched, o.batched_conf, o.out); },
     kNotSupported},
    {"BatchedWithOneDimConfidence",
     [](Objects& o) {
       o.desc.set(CNNL_NMS_DESC_OUTPUT_MODE,
                  CNNL_NMS_OUTPUT_TARGET_BATCH_AND_CLASS);
       return o.nms(o.batched, o.conf, o.out);
     },
     kBad},
};

class NmsBadInput : public testing::TestWithParam<BadCnnlCall> {};

TEST_P(NmsBadInput, ReturnsTheCnnlCode) {
  Objects o;
  const std::vector<uint8_t> out_before = o.out.bytes;
  const cnnlStatus_t status = GetParam().call(o);
  EXPECT_EQ(status, GetParam().expected) << cnnlGetErrorString(status);
  EXPECT_EQ(o.out.bytes, out_before);
  EXPECT_EQ(o.count, 0);
}

INSTANTIATE_TEST_SUITE_P(Table, NmsBadInput, testing::ValuesIn(kBadCalls),
                         BadCallName());

}  // namespace
