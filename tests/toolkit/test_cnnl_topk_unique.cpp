// CNNL's TopKTensor_v3 and Unique_v2 against plain sorts, with the shapes
// mlu-ops' proposal, sparse-convolution and voxel operators give them, and
// their bad calls.
#include <cnnl.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <numeric>
#include <vector>

#include "bad_call_table.h"
#include "cnnl_test_support.h"

namespace {

using cnnl_test::Handle;
using cnnl_test::random_floats;
using cnnl_test::random_ints;
using cnnl_test::Tensor;

TEST(CnnlTopKTensorV3, LargestSortedAlongTheLastDimension) {
  // As generate_proposals_v2: scores [n, hwa] -> [n, k] scores and indices.
  Handle handle;
  const int n = 3, hwa = 20, k = 7;
  std::vector<float> x = random_floats(n * hwa, 60);
  x[5] = x[9];  // a tie: the lower index comes first
  Tensor in(CNNL_DTYPE_FLOAT, {n, hwa}), out(CNNL_DTYPE_FLOAT, {n, k}),
      index(CNNL_DTYPE_INT32, {n, k});
  size_t workspace = 99;
  ASSERT_EQ(cnnlGetTopKTensorWorkspaceSize(handle.get(), in.get(), k, 1, true,
                                           out.get(), index.get(), &workspace),
            CNNL_STATUS_SUCCESS);
  EXPECT_EQ(workspace, 0u);
  std::vector<float> values(n * k);
  std::vector<int32_t> positions(n * k);
  ASSERT_EQ(cnnlTopKTensor_v3(handle.get(), in.get(), x.data(), k, 1, true,
                              true, true, nullptr, 0, out.get(), values.data(),
                              index.get(), positions.data()),
            CNNL_STATUS_SUCCESS);
  for (int r = 0; r < n; ++r) {
    std::vector<int> order(hwa);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
      return x[size_t(r * hwa + a)] > x[size_t(r * hwa + b)];
    });
    for (int j = 0; j < k; ++j) {
      EXPECT_EQ(positions[size_t(r * k + j)], order[size_t(j)]);
      EXPECT_EQ(values[size_t(r * k + j)],
                x[size_t(r * hwa + order[size_t(j)])]);
    }
  }
}

TEST(CnnlTopKTensorV3, SmallestAlongTheFirstDimensionUnsorted) {
  Handle handle;
  const int rows = 6, cols = 2, k = 3;
  const std::vector<int32_t> x = {5, 1, 3, 9, -2, 4, 8, 0, 3, 7, 1, -6};
  Tensor in(CNNL_DTYPE_INT32, {rows, cols}), out(CNNL_DTYPE_INT32, {k, cols}),
      index(CNNL_DTYPE_INT32, {k, cols});
  std::vector<int32_t> values(k * cols), positions(k * cols);
  ASSERT_EQ(cnnlTopKTensor_v3(handle.get(), in.get(), x.data(), k, -2, false,
                              false, true, nullptr, 0, out.get(), values.data(),
                              index.get(), positions.data()),
            CNNL_STATUS_SUCCESS);
  // Column 0: 5 3 -2 8 3 1 -> smallest -2 (2), 1 (5), 3 (1) in input order:
  // rows 1, 2, 5. Column 1: 1 9 4 0 7 -6 -> -6 (5), 0 (3), 1 (0): rows 0, 3, 5.
  EXPECT_EQ(positions, (std::vector<int32_t>{1, 0, 2, 3, 5, 5}));
  EXPECT_EQ(values, (std::vector<int32_t>{3, 1, -2, 0, 1, -6}));
}

TEST(CnnlTopKTensorV3, NanRanksAboveInfinity) {
  Handle handle;
  const std::vector<float> x = {1.0f, INFINITY, std::nanf(""), -INFINITY,
                                -std::nanf("")};
  Tensor in(CNNL_DTYPE_FLOAT, {5}), out(CNNL_DTYPE_FLOAT, {5}),
      index(CNNL_DTYPE_INT32, {5});
  std::vector<float> values(5);
  std::vector<int32_t> positions(5);
  ASSERT_EQ(cnnlTopKTensor_v3(handle.get(), in.get(), x.data(), 5, 0, true,
                              true, true, nullptr, 0, out.get(), values.data(),
                              index.get(), positions.data()),
            CNNL_STATUS_SUCCESS);
  EXPECT_EQ(positions, (std::vector<int32_t>{2, 1, 0, 3, 4}));
}

class UniqueDesc {
 public:
  UniqueDesc(cnnlUniqueSort_t mode, int dim, bool indices, bool counts) {
    EXPECT_EQ(cnnlCreateUniqueDescriptor(&desc_), CNNL_STATUS_SUCCESS);
    EXPECT_EQ(cnnlSetUniqueDescriptor(desc_, mode, dim, indices, counts),
              CNNL_STATUS_SUCCESS);
  }
  ~UniqueDesc() { cnnlDestroyUniqueDescriptor(desc_); }
  UniqueDesc(const UniqueDesc&) = delete;
  UniqueDesc& operator=(const UniqueDesc&) = delete;
  cnnlUniqueDescriptor_t get() const { return desc_; }

 private:
  cnnlUniqueDescriptor_t desc_ = nullptr;
};

TEST(CnnlUniqueV2, SortedValuesOfAVector) {
  // As get_indice_pairs: int32 [n] -> sorted distinct values, their number.
  Handle handle;
  const int n = 40;
  const std::vector<int32_t> x = random_ints(n, 61, -5, 12);
  Tensor in(CNNL_DTYPE_INT32, {n}), out(CNNL_DTYPE_INT32, {n});
  UniqueDesc desc(CNNL_SORT_ASCEND, 0, false, false);
  size_t workspace = 99;
  ASSERT_EQ(cnnlGetUniqueWorkspaceSize(handle.get(), desc.get(), in.get(),
                                       &workspace),
            CNNL_STATUS_SUCCESS);
  EXPECT_EQ(workspace, 0u);
  std::vector<int32_t> y(n, 0);
  int count = -1;
  ASSERT_EQ(cnnlUnique_v2(handle.get(), desc.get(), in.get(), x.data(), nullptr,
                          0, &count, out.get(), y.data(), nullptr, nullptr,
                          nullptr, nullptr),
            CNNL_STATUS_SUCCESS);
  std::vector<int32_t> want = x;
  std::sort(want.begin(), want.end());
  want.erase(std::unique(want.begin(), want.end()), want.end());
  ASSERT_EQ(count, int(want.size()));
  EXPECT_EQ(std::vector<int32_t>(y.begin(), y.begin() + count), want);
}

TEST(CnnlUniqueV2, SortedRowsWithInverseAndCounts) {
  // As dynamic_point_to_voxel: coordinates [n, 3] -> distinct rows sorted,
  // each point's row, each row's points.
  Handle handle;
  const int n = 30;
  const std::vector<int32_t> x = random_ints(n * 3, 62, 0, 2);
  Tensor in(CNNL_DTYPE_INT32, {n, 3}), out(CNNL_DTYPE_INT32, {n, 3}),
      inverse(CNNL_DTYPE_INT32, {n}), counts(CNNL_DTYPE_INT32, {n});
  UniqueDesc desc(CNNL_SORT_ASCEND, 0, true, true);
  std::vector<int32_t> y(n * 3, -1), inv(n, -1), cnt(n, -1);
  int count = -1;
  ASSERT_EQ(cnnlUnique_v2(handle.get(), desc.get(), in.get(), x.data(), nullptr,
                          0, &count, out.get(), y.data(), inverse.get(),
                          inv.data(), counts.get(), cnt.data()),
            CNNL_STATUS_SUCCESS);
  std::map<std::vector<int32_t>, int> rows;
  for (int i = 0; i < n; ++i) {
    ++rows[std::vector<int32_t>(x.begin() + 3 * i, x.begin() + 3 * i + 3)];
  }
  ASSERT_EQ(count, int(rows.size()));
  int u = 0;
  for (const auto& row : rows) {
    EXPECT_EQ(std::vector<int32_t>(y.begin() + 3 * u, y.begin() + 3 * u + 3),
              row.first);
    EXPECT_EQ(cnt[size_t(u)], row.second);
    ++u;
  }
  for (int i = 0; i < n; ++i) {
    const int j = inv[size_t(i)];
    ASSERT_TRUE(j >= 0 && j < count);
    EXPECT_EQ(std::vector<int32_t>(y.begin() + 3 * j, y.begin() + 3 * j + 3),
              std::vector<int32_t>(x.begin() + 3 * i, x.begin() + 3 * i + 3));
  }
}

TEST(CnnlUniqueV2, UnsortedKeepsFirstAppearanceOrder) {
  Handle handle;
  const std::vector<float> x = {3, 1, 3, 2, 1, 5};
  Tensor in(CNNL_DTYPE_FLOAT, {6}), out(CNNL_DTYPE_FLOAT, {6}),
      inverse(CNNL_DTYPE_INT32, {6});
  UniqueDesc forward(CNNL_UNSORT_FORWARD, -1, true, false);
  std::vector<float> y(6, 0);
  std::vector<int32_t> inv(6, -1);
  int count = 0;
  ASSERT_EQ(cnnlUnique_v2(handle.get(), forward.get(), in.get(), x.data(),
                          nullptr, 0, &count, out.get(), y.data(),
                          inverse.get(), inv.data(), nullptr, nullptr),
            CNNL_STATUS_SUCCESS);
  ASSERT_EQ(count, 4);
  EXPECT_EQ(std::vector<float>(y.begin(), y.begin() + 4),
            (std::vector<float>{3, 1, 2, 5}));
  EXPECT_EQ(inv, (std::vector<int32_t>{0, 1, 0, 2, 1, 3}));
}

struct Objects {
  Handle handle;
  UniqueDesc unique{CNNL_SORT_ASCEND, 0, true, true};
  cnnlUniqueDescriptor_t unset = nullptr;
  Tensor f4{CNNL_DTYPE_FLOAT, {4}};
  Tensor f2{CNNL_DTYPE_FLOAT, {2}};
  Tensor f1{CNNL_DTYPE_FLOAT, {1}};
  Tensor i2{CNNL_DTYPE_INT32, {2}};
  Tensor i4{CNNL_DTYPE_INT32, {4}};
  Tensor h2{CNNL_DTYPE_HALF, {2}};
  Tensor c4{CNNL_DTYPE_COMPLEX_FLOAT, {4}};
  Tensor c2{CNNL_DTYPE_COMPLEX_FLOAT, {2}};
  float data[16] = {};
  float src[16] = {0, 1, 2, 3};
  int32_t index[16] = {};
  int count = 0;
  Objects() { cnnlCreateUniqueDescriptor(&unset); }
  ~Objects() { cnnlDestroyUniqueDescriptor(unset); }
  cnnlStatus_t topk(cnnlTensorDescriptor_t in, int k, int dim,
                    cnnlTensorDescriptor_t out, cnnlTensorDescriptor_t idx) {
    return cnnlTopKTensor_v3(handle.get(), in, src, k, dim, true, true, true,
                             nullptr, 0, out, data, idx, data + 8);
  }
};

using BadTopKCall = BadCall<cnnlStatus_t, Objects&>;
constexpr cnnlStatus_t kBad = CNNL_STATUS_BAD_PARAM;
constexpr cnnlStatus_t kNotSupported = CNNL_STATUS_NOT_SUPPORTED;

const BadTopKCall kBadCalls[] = {
    {"TopKNullHandle",
     [](Objects& o) {
       return cnnlTopKTensor_v3(nullptr, o.f4.get(), o.src, 2, 0, true, true,
                                true, nullptr, 0, o.f2.get(), o.data,
                                o.i2.get(), o.index);
     },
     kBad},
    {"TopKNullIndexDesc",
     [](Objects& o) { return o.topk(o.f4.get(), 2, 0, o.f2.get(), nullptr); },
     kBad},
    {"TopKKTooLarge",
     [](Objects& o) {
       return o.topk(o.f4.get(), 5, 0, o.f2.get(), o.i2.get());
     },
     kBad},
    {"TopKDimOutside",
     [](Objects& o) {
       return o.topk(o.f4.get(), 2, 1, o.f2.get(), o.i2.get());
     },
     kBad},
    {"TopKOutputShapeWrong",
     [](Objects& o) {
       return o.topk(o.f4.get(), 1, 0, o.f2.get(), o.i2.get());
     },
     kBad},
    {"TopKDtypeMismatch",
     [](Objects& o) {
       return o.topk(o.f4.get(), 2, 0, o.i2.get(), o.i2.get());
     },
     kBad},
    {"TopKHalfIndexNotSupported",
     [](Objects& o) {
       return o.topk(o.f4.get(), 2, 0, o.f2.get(), o.h2.get());
     },
     kNotSupported},
    {"TopKComplexNotSupported",
     [](Objects& o) {
       return o.topk(o.c4.get(), 2, 0, o.c2.get(), o.i2.get());
     },
     kNotSupported},
    {"TopKWorkspaceNullSize",
     [](Objects& o) {
       return cnnlGetTopKTensorWorkspaceSize(o.handle.get(), o.f4.get(), 2, 0,
                                             true, o.f2.get(), o.i2.get(),
                                             nullptr);
     },
     kBad},
    {"UniqueSetNullDesc",
     [](Objects&) {
       return cnnlSetUniqueDescriptor(nullptr, CNNL_SORT_ASCEND, 0, false,
                                      false);
     },
     kBad},
    {"UniqueSetUnknownMode",
     [](Objects& o) {
       return cnnlSetUniqueDescriptor(o.unset, cnnlUniqueSort_t(7), 0, false,
                                      false);
     },
     kBad},
    {"UniqueUnsetDesc",
     [](Objects& o) {
       return cnnlUnique_v2(o.handle.get(), o.unset, o.f4.get(), o.src, nullptr,
                            0, &o.count, o.f4.get(), o.data, nullptr, nullptr,
                            nullptr, nullptr);
     },
     kBad},
    {"UniqueNullOutputNum",
     [](Objects& o) {
       return cnnlUnique_v2(o.handle.get(), o.unique.get(), o.f4.get(), o.src,
                            nullptr, 0, nullptr, o.f4.get(), o.data, nullptr,
                            nullptr, nullptr, nullptr);
     },
     kBad},
    {"UniqueOutputTooSmall",
     [](Objects& o) {
       return cnnlUnique_v2(o.handle.get(), o.unique.get(), o.f4.get(), o.src,
                            nullptr, 0, &o.count, o.f1.get(), o.data, nullptr,
                            nullptr, nullptr, nullptr);
     },
     kBad},
    {"UniqueDtypeMismatch",
     [](Objects& o) {
       return cnnlUnique_v2(o.handle.get(), o.unique.get(), o.f4.get(), o.src,
                            nullptr, 0, &o.count, o.i4.get(), o.data, nullptr,
                            nullptr, nullptr, nullptr);
     },
     kBad},
    {"UniqueIndicesWrongSize",
     [](Objects& o) {
       return cnnlUnique_v2(o.handle.get(), o.unique.get(), o.f4.get(), o.src,
                            nullptr, 0, &o.count, o.f4.get(), o.data,
                            o.i2.get(), o.index, nullptr, nullptr);
     },
     kBad},
    {"UniqueFloatIndicesNotSupported",
     [](Objects& o) {
       return cnnlUnique_v2(o.handle.get(), o.unique.get(), o.f4.get(), o.src,
                            nullptr, 0, &o.count, o.f4.get(), o.data,
                            o.f4.get(), o.index, nullptr, nullptr);
     },
     kNotSupported},
    {"UniqueWorkspaceNullSize",
     [](Objects& o) {
       return cnnlGetUniqueWorkspaceSize(o.handle.get(), o.unique.get(),
                                         o.f4.get(), nullptr);
     },
     kBad},
};

class CnnlTopKUniqueBadInput : public testing::TestWithParam<BadTopKCall> {};

TEST_P(CnnlTopKUniqueBadInput, ReturnsTheCnnlStatus) {
  Objects objects;
  const float before[16] = {};
  const cnnlStatus_t status = GetParam().call(objects);
  EXPECT_EQ(status, GetParam().expected)
      << cnnlGetErrorString(status) << " instead of "
      << cnnlGetErrorString(GetParam().expected);
  EXPECT_EQ(std::memcmp(objects.data, before, sizeof(before)), 0);
  EXPECT_EQ(objects.count, 0);
}

INSTANTIATE_TEST_SUITE_P(Table, CnnlTopKUniqueBadInput,
                         testing::ValuesIn(kBadCalls), BadCallName());

}  // namespace
