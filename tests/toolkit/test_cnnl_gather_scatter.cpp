// CNNL's GatherNd_v2 and ScatterNd_v2 against plain loops, with the shapes
// mlu-ops' sparse convolution and voxel operators give them, and their bad
// calls.
#include <cnnl.h>
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "bad_call_table.h"
#include "cnnl_test_support.h"
#include "xbang/core/half.h"

namespace {

using cnnl_test::Handle;
using cnnl_test::random_floats;
using cnnl_test::random_ints;
using cnnl_test::Tensor;

TEST(CnnlGatherNdV2, RowsOfAMatrix) {
  // params [num_in, ci], indices [n, 1] -> output [n, ci].
  Handle handle;
  const int num_in = 7, ci = 5, n = 9;
  const std::vector<float> params = random_floats(num_in * ci, 30);
  const std::vector<int32_t> idx = random_ints(n, 31, 0, num_in - 1);
  Tensor tp(CNNL_DTYPE_FLOAT, {num_in, ci}), ti(CNNL_DTYPE_INT32, {n, 1}),
      to(CNNL_DTYPE_FLOAT, {n, ci});
  std::vector<float> out(n * ci, -1.0f);
  ASSERT_EQ(cnnlGatherNd_v2(handle.get(), 0, tp.get(), params.data(), ti.get(),
                            idx.data(), to.get(), out.data()),
            CNNL_STATUS_SUCCESS);
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < ci; ++c) {
      EXPECT_EQ(out[size_t(r * ci + c)],
                params[size_t(idx[size_t(r)] * ci + c)]);
    }
  }
}

TEST(CnnlGatherNdV2, ElementsWithTwoCoordinatesAndABatch) {
  Handle handle;
  // Full coordinates: params [3, 4] int32, indices [5, 2] -> output [5].
  const std::vector<int32_t> params = random_ints(12, 32, -50, 50);
  const std::vector<int64_t> idx = {0, 0, 2, 3, 1, 2, 2, 0, 0, 3};
  Tensor tp(CNNL_DTYPE_INT32, {3, 4}), ti(CNNL_DTYPE_INT64, {5, 2}),
      to(CNNL_DTYPE_INT32, {5});
  std::vector<int32_t> out(5);
  ASSERT_EQ(cnnlGatherNd(handle.get(), tp.get(), params.data(), ti.get(),
                         idx.data(), to.get(), out.data()),
            CNNL_STATUS_SUCCESS);
  for (int r = 0; r < 5; ++r) {
    EXPECT_EQ(out[size_t(r)],
              params[size_t(idx[size_t(2 * r)] * 4 + idx[size_t(2 * r + 1)])]);
  }
  // batch_dims 1: params [2, 3, 2], indices [2, 4, 1] -> output [2, 4, 2].
  const std::vector<float> bp = random_floats(12, 33);
  const std::vector<int32_t> bi = random_ints(8, 34, 0, 2);
  Tensor tbp(CNNL_DTYPE_FLOAT, {2, 3, 2}), tbi(CNNL_DTYPE_INT32, {2, 4, 1}),
      tbo(CNNL_DTYPE_FLOAT, {2, 4, 2});
  std::vector<float> bo(16);
  ASSERT_EQ(cnnlGatherNd_v2(handle.get(), 1, tbp.get(), bp.data(), tbi.get(),
                            bi.data(), tbo.get(), bo.data()),
            CNNL_STATUS_SUCCESS);
  for (int b = 0; b < 2; ++b) {
    for (int r = 0; r < 4; ++r) {
      for (int c = 0; c < 2; ++c) {
        EXPECT_EQ(bo[size_t((b * 4 + r) * 2 + c)],
                  bp[size_t((b * 3 + bi[size_t(b * 4 + r)]) * 2 + c)]);
      }
    }
  }
}

TEST(CnnlGatherNdV2, AnIndexOutsideReadsZeros) {
  Handle handle;
  const std::vector<float> params = {1, 2, 3};
  const std::vector<int32_t> idx = {2, 3, -1, 0};
  Tensor tp(CNNL_DTYPE_FLOAT, {3}), ti(CNNL_DTYPE_INT32, {4, 1}),
      to(CNNL_DTYPE_FLOAT, {4});
  std::vector<float> out(4, 9.0f);
  ASSERT_EQ(cnnlGatherNd_v2(handle.get(), 0, tp.get(), params.data(), ti.get(),
                            idx.data(), to.get(), out.data()),
            CNNL_STATUS_SUCCESS);
  EXPECT_EQ(out, (std::vector<float>{3, 0, 0, 1}));
}

TEST(CnnlScatterNdV2, UpdateRowsFromInput) {
  // indices [n, 1], updates [n, co], input = output [num_out, co], in place.
  Handle handle;
  const int num_out = 6, co = 3;
  const std::vector<int32_t> idx = {4, 0, 5, 2};
  const std::vector<float> updates = random_floats(4 * co, 35);
  std::vector<float> out = random_floats(num_out * co, 36);
  std::vector<float> expected = out;
  for (int r = 0; r < 4; ++r) {
    for (int c = 0; c < co; ++c) {
      expected[size_t(idx[size_t(r)] * co + c)] = updates[size_t(r * co + c)];
    }
  }
  Tensor ti(CNNL_DTYPE_INT32, {4, 1}), tu(CNNL_DTYPE_FLOAT, {4, co}),
      tout(CNNL_DTYPE_FLOAT, {num_out, co});
  ASSERT_EQ(cnnlScatterNd_v2(handle.get(), CNNL_SCATTERND_UPDATE, ti.get(),
                             idx.data(), tu.get(), updates.data(), tout.get(),
                             out.data(), tout.get(), out.data()),
            CNNL_STATUS_SUCCESS);
  EXPECT_EQ(out, expected);
}

TEST(CnnlScatterNdV2, AddWithoutInputSkipsIndicesOutside) {
  // As mlu-ops' voxel backward: a NULL input, indices filled with an
  // out-of-range value where nothing is to be added.
  Handle handle;
  const int n = 5;
  const std::vector<int32_t> idx = {1, n, 1, 3, n, 0, 1};
  const std::vector<float> updates = random_floats(idx.size(), 37);
  std::vector<float> out = random_floats(n, 38);
  std::vector<float> expected = out;
  for (size_t j = 0; j < idx.size(); ++j) {
    if (idx[j] < n) expected[size_t(idx[j])] += updates[j];
  }
  Tensor ti(CNNL_DTYPE_INT32, {int64_t(idx.size()), 1}),
      tu(CNNL_DTYPE_FLOAT, {int64_t(idx.size())}), tout(CNNL_DTYPE_FLOAT, {n});
  ASSERT_EQ(cnnlScatterNd_v2(handle.get(), CNNL_SCATTERND_ADD, ti.get(),
                             idx.data(), tu.get(), updates.data(), nullptr,
                             nullptr, tout.get(), out.data()),
            CNNL_STATUS_SUCCESS);
  for (int i = 0; i < n; ++i)
    EXPECT_FLOAT_EQ(out[size_t(i)], expected[size_t(i)]);
}

TEST(CnnlScatterNdV2, SubAndMulOnInt32) {
  Handle handle;
  const std::vector<int32_t> idx = {2, 0, 2};
  const std::vector<int32_t> updates = {3, -4, 5};
  const std::vector<int32_t> input = {10, 20, 30};
  for (const cnnlScatterNdMode_t mode :
       {CNNL_SCATTERND_SUB, CNNL_SCATTERND_MUL}) {
    std::vector<int32_t> out(3, 0);
    Tensor ti(CNNL_DTYPE_INT32, {3, 1}), t(CNNL_DTYPE_INT32, {3});
    ASSERT_EQ(cnnlScatterNd_v2(handle.get(), mode, ti.get(), idx.data(),
                               t.get(), updates.data(), t.get(), input.data(),
                               t.get(), out.data()),
              CNNL_STATUS_SUCCESS);
    if (mode == CNNL_SCATTERND_SUB) {
      EXPECT_EQ(out, (std::vector<int32_t>{14, 20, 22}));
    } else {
      EXPECT_EQ(out, (std::vector<int32_t>{-40, 20, 450}));
    }
  }
}

TEST(CnnlScatterNdV2, UpdatesSharingOutputAreReadBeforeAnyWrite) {
  // updates is the front of output itself: every update must be the value
  // it had before the call, whatever the order of the writes.
  Handle handle;
  std::vector<float> memory = {1, 2, 3, 4, 5, 6};
  const std::vector<int32_t> idx = {3, 0, 1};
  std::vector<float> expected = memory;
  for (size_t j = 0; j < idx.size(); ++j) {
    expected[size_t(idx[j])] += memory[j];
  }
  Tensor ti(CNNL_DTYPE_INT32, {3, 1}), tu(CNNL_DTYPE_FLOAT, {3}),
      tout(CNNL_DTYPE_FLOAT, {6});
  ASSERT_EQ(cnnlScatterNd_v2(handle.get(), CNNL_SCATTERND_ADD, ti.get(),
                             idx.data(), tu.get(), memory.data(), nullptr,
                             nullptr, tout.get(), memory.data()),
            CNNL_STATUS_SUCCESS);
  EXPECT_EQ(memory, expected);
}

TEST(CnnlScatterNdV2, StridedUpdatesAndRepeatedIndicesInHalf) {
  // Every second element of the updates' memory, two updates to one row.
  Handle handle;
  const std::vector<int32_t> idx = {2, 0, 2};
  const std::vector<float> values = {0.5f, -1, 1.5f, -1, 2.25f, -1};
  std::vector<uint16_t> updates(values.size());
  for (size_t i = 0; i < values.size(); ++i) {
    updates[i] = xbang::float_to_half_bits_rn(values[i]);
  }
  std::vector<uint16_t> out(3, xbang::float_to_half_bits_rn(1.0f));
  Tensor ti(CNNL_DTYPE_INT32, {3, 1}), tu(CNNL_DTYPE_HALF, {3}, {2}),
      tout(CNNL_DTYPE_HALF, {3});
  ASSERT_EQ(cnnlScatterNd_v2(handle.get(), CNNL_SCATTERND_ADD, ti.get(),
                             idx.data(), tu.get(), updates.data(), nullptr,
                             nullptr, tout.get(), out.data()),
            CNNL_STATUS_SUCCESS);
  EXPECT_EQ(xbang::half_bits_to_float(out[0]), 1.0f + 1.5f);
  EXPECT_EQ(xbang::half_bits_to_float(out[1]), 1.0f);
  EXPECT_EQ(xbang::half_bits_to_float(out[2]), 1.0f + 0.5f + 2.25f);
}

struct Objects {
  Handle handle;
  Tensor f3{CNNL_DTYPE_FLOAT, {3}};
  Tensor f32{CNNL_DTYPE_FLOAT, {3, 2}};
  Tensor i3{CNNL_DTYPE_INT32, {3}};
  Tensor i31{CNNL_DTYPE_INT32, {3, 1}};
  Tensor h31{CNNL_DTYPE_HALF, {3, 1}};
  Tensor f2{CNNL_DTYPE_FLOAT, {2}};
  Tensor b3{CNNL_DTYPE_BOOL, {3}};
  float data[16] = {};
  float src[16] = {};
  int32_t idx[3] = {0, 1, 2};
};

using BadGatherCall = BadCall<cnnlStatus_t, Objects&>;
constexpr cnnlStatus_t kBad = CNNL_STATUS_BAD_PARAM;
constexpr cnnlStatus_t kNotSupported = CNNL_STATUS_NOT_SUPPORTED;

const BadGatherCall kBadCalls[] = {
    {"GatherNullHandle",
     [](Objects& o) {
       return cnnlGatherNd_v2(nullptr, 0, o.f3.get(), o.src, o.i31.get(), o.idx,
                              o.f3.get(), o.data);
     },
     kBad},
    {"GatherNullParamsDesc",
     [](Objects& o) {
       return cnnlGatherNd_v2(o.handle.get(), 0, nullptr, o.src, o.i31.get(),
                              o.idx, o.f3.get(), o.data);
     },
     kBad},
    {"GatherNullIndices",
     [](Objects& o) {
       return cnnlGatherNd_v2(o.handle.get(), 0, o.f3.get(), o.src, o.i31.get(),
                              nullptr, o.f3.get(), o.data);
     },
     kBad},
    {"GatherDtypeMismatch",
     [](Objects& o) {
       return cnnlGatherNd_v2(o.handle.get(), 0, o.f3.get(), o.src, o.i31.get(),
                              o.idx, o.i3.get(), o.data);
     },
     kBad},
    {"GatherOutputShapeWrong",
     [](Objects& o) {
       return cnnlGatherNd_v2(o.handle.get(), 0, o.f3.get(), o.src, o.i31.get(),
                              o.idx, o.f2.get(), o.data);
     },
     kBad},
    {"GatherBatchDimsTooLarge",
     [](Objects& o) {
       return cnnlGatherNd_v2(o.handle.get(), 2, o.f3.get(), o.src, o.i31.get(),
                              o.idx, o.f3.get(), o.data);
     },
     kBad},
    {"GatherHalfIndicesNotSupported",
     [](Objects& o) {
       return cnnlGatherNd_v2(o.handle.get(), 0, o.f3.get(), o.src, o.h31.get(),
                              o.idx, o.f3.get(), o.data);
     },
     kNotSupported},
    {"ScatterNullHandle",
     [](Objects& o) {
       return cnnlScatterNd_v2(nullptr, CNNL_SCATTERND_ADD, o.i31.get(), o.idx,
                               o.f3.get(), o.src, nullptr, nullptr, o.f3.get(),
                               o.data);
     },
     kBad},
    {"ScatterUnknownMode",
     [](Objects& o) {
       return cnnlScatterNd_v2(o.handle.get(), cnnlScatterNdMode_t(9),
                               o.i31.get(), o.idx, o.f3.get(), o.src, nullptr,
                               nullptr, o.f3.get(), o.data);
     },
     kBad},
    {"ScatterNullOutputDesc",
     [](Objects& o) {
       return cnnlScatterNd_v2(o.handle.get(), CNNL_SCATTERND_ADD, o.i31.get(),
                               o.idx, o.f3.get(), o.src, nullptr, nullptr,
                               nullptr, o.data);
     },
     kBad},
    {"ScatterInputWithoutDesc",
     [](Objects& o) {
       return cnnlScatterNd_v2(o.handle.get(), CNNL_SCATTERND_ADD, o.i31.get(),
                               o.idx, o.f3.get(), o.src, nullptr, o.src,
                               o.f3.get(), o.data);
     },
     kBad},
    {"ScatterDtypeMismatch",
     [](Objects& o) {
       return cnnlScatterNd_v2(o.handle.get(), CNNL_SCATTERND_UPDATE,
                               o.i31.get(), o.idx, o.i3.get(), o.src, nullptr,
                               nullptr, o.f3.get(), o.data);
     },
     kBad},
    {"ScatterUpdatesShapeWrong",
     [](Objects& o) {
       return cnnlScatterNd_v2(o.handle.get(), CNNL_SCATTERND_UPDATE,
                               o.i31.get(), o.idx, o.f2.get(), o.src, nullptr,
                               nullptr, o.f3.get(), o.data);
     },
     kBad},
    {"ScatterInputShapeWrong",
     [](Objects& o) {
       return cnnlScatterNd_v2(o.handle.get(), CNNL_SCATTERND_UPDATE,
                               o.i31.get(), o.idx, o.f3.get(), o.src,
                               o.f2.get(), o.src, o.f3.get(), o.data);
     },
     kBad},
    {"ScatterAddOnBoolNotSupported",
     [](Objects& o) {
       return cnnlScatterNd_v2(o.handle.get(), CNNL_SCATTERND_ADD, o.i31.get(),
                               o.idx, o.b3.get(), o.src, nullptr, nullptr,
                               o.b3.get(), o.data);
     },
     kNotSupported},
};

class CnnlGatherScatterBadInput : public testing::TestWithParam<BadGatherCall> {
};

TEST_P(CnnlGatherScatterBadInput, ReturnsTheCnnlStatus) {
  Objects objects;
  const float before[16] = {};
  const cnnlStatus_t status = GetParam().call(objects);
  EXPECT_EQ(status, GetParam().expected)
      << cnnlGetErrorString(status) << " instead of "
      << cnnlGetErrorString(GetParam().expected);
  EXPECT_EQ(std::memcmp(objects.data, before, sizeof(before)), 0);
}

INSTANTIATE_TEST_SUITE_P(Table, CnnlGatherScatterBadInput,
                         testing::ValuesIn(kBadCalls), BadCallName());

}  // namespace
