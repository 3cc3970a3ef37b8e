// CNNL's IndexPut (PyTorch's index_put_) and AdvancedIndex (input[indices])
// against plain loops: one index tensor, whole-dimension slices before it,
// indexed dimensions apart (their result dimension first), broadcasting
// index tensors, masks, accumulation over repeated positions and in place,
// the output-shape queries; and their bad calls.
#include <cnnl.h>
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "bad_call_table.h"
#include "cnnl_test_support.h"

namespace {

using cnnl_test::Handle;
using cnnl_test::random_floats;
using cnnl_test::Tensor;

std::vector<float> iota(size_t n, float scale) {
  std::vector<float> v(n);
  for (size_t i = 0; i < n; ++i) v[i] = float(i) * scale;
  return v;
}

TEST(CnnlIndexPut, RowsByOneIndexTensorAssignedAndAccumulated) {
  Handle handle;
  const std::vector<float> in = iota(20, 0.5f);
  const std::vector<float> value = random_floats(5, 3);
  // Rows 1, 1 (repeated), -1 (the last) of a [4, 5] input; value one row.
  const int32_t rows[] = {1, 1, -1};
  Tensor tin(CNNL_DTYPE_FLOAT, {4, 5}), tidx(CNNL_DTYPE_INT32, {3}),
      tval(CNNL_DTYPE_FLOAT, {5});
  const cnnlTensorDescriptor_t descs[] = {tidx.get()};
  const void* const ptrs[] = {rows};
  size_t ws = 99;
  ASSERT_EQ(cnnlGetIndexPutWorkspaceSize(handle.get(), tin.get(), descs, 1,
                                         tval.get(), true, &ws),
            CNNL_STATUS_SUCCESS);
  EXPECT_EQ(ws, 0u);
  for (const bool accumulate : {false, true}) {
    std::vector<float> out(20, -1);
    ASSERT_EQ(cnnlIndexPut(handle.get(), tin.get(), in.data(), descs, ptrs, 1,
                           tval.get(), value.data(), nullptr, 0, accumulate,
                           true, tin.get(), out.data()),
              CNNL_STATUS_SUCCESS);
    std::vector<float> want = in;
    for (const int32_t r : rows) {
      const int row = r < 0 ? r + 4 : r;
      for (int c = 0; c < 5; ++c) {
        float& w = want[size_t(row * 5 + c)];
        w = accumulate ? w + value[size_t(c)] : value[size_t(c)];
      }
    }
    for (size_t i = 0; i < 20; ++i) {
      EXPECT_FLOAT_EQ(out[i], want[i])
          << "accumulate " << accumulate << " " << i;
    }
  }
}

TEST(CnnlIndexPut, SliceBeforeTheIndexAndIndicesApart) {
  Handle handle;
  const std::vector<float> in = iota(60, 1);
  Tensor tin(CNNL_DTYPE_FLOAT, {3, 4, 5});
  // input[:, idx] = value, idx int64 over dimension 1: value [3, 2, 5].
  {
    const int64_t idx[] = {3, 0};
    const std::vector<float> value = random_floats(30, 5);
    Tensor tidx(CNNL_DTYPE_INT64, {2}), tval(CNNL_DTYPE_FLOAT, {3, 2, 5});
    const cnnlTensorDescriptor_t descs[] = {nullptr, tidx.get()};
    const void* const ptrs[] = {nullptr, idx};
    std::vector<float> out(60, -1);
    ASSERT_EQ(cnnlIndexPut(handle.get(), tin.get(), in.data(), descs, ptrs, 2,
                           tval.get(), value.data(), nullptr, 0, false, true,
                           tin.get(), out.data()),
              CNNL_STATUS_SUCCESS);
    std::vector<float> want = in;
    for (int a = 0; a < 3; ++a) {
      for (int j = 0; j < 2; ++j) {
        for (int c = 0; c < 5; ++c) {
          want[size_t(a * 20 + idx[j] * 5 + c)] =
              value[size_t(a * 10 + j * 5 + c)];
        }
      }
    }
    EXPECT_EQ(out, want);
  }
  // input[ia, :, ic] = value: the indexed dimensions are apart, so their
  // broadcast dimension leads: value [2, 4].
  {
    const int32_t ia[] = {2, 0}, ic[] = {4, 1};
    const std::vector<float> value = random_floats(8, 6);
    Tensor ta(CNNL_DTYPE_INT32, {2}), tval(CNNL_DTYPE_FLOAT, {2, 4});
    const cnnlTensorDescriptor_t descs[] = {ta.get(), nullptr, ta.get()};
    const void* const ptrs[] = {ia, nullptr, ic};
    std::vector<float> out(60, -1);
    ASSERT_EQ(cnnlIndexPut(handle.get(), tin.get(), in.data(), descs, ptrs, 3,
                           tval.get(), value.data(), nullptr, 0, false, true,
                           tin.get(), out.data()),
              CNNL_STATUS_SUCCESS);
    std::vector<float> want = in;
    for (int j = 0; j < 2; ++j) {
      for (int b = 0; b < 4; ++b) {
        want[size_t(ia[j] * 20 + b * 5 + ic[j])] = value[size_t(j * 4 + b)];
      }
    }
    EXPECT_EQ(out, want);
  }
}

TEST(CnnlIndexPut, BroadcastingIndexTensorsAndMasksInPlace) {
  Handle handle;
  // input[A, B] with A [2, 1] and B [3]: a [2, 3] block of positions.
  std::vector<float> data = iota(20, 1);
  const std::vector<float> before = data;
  const int32_t a[] = {3, 1}, b[] = {0, 4, 2};
  const std::vector<float> value = random_floats(6, 8);
  Tensor tin(CNNL_DTYPE_FLOAT, {4, 5}), ta(CNNL_DTYPE_INT32, {2, 1}),
      tb(CNNL_DTYPE_INT32, {3}), tval(CNNL_DTYPE_FLOAT, {2, 3});
  const cnnlTensorDescriptor_t descs[] = {ta.get(), tb.get()};
  const void* const ptrs[] = {a, b};
  ASSERT_EQ(cnnlIndexPut(handle.get(), tin.get(), data.data(), descs, ptrs, 2,
                         tval.get(), value.data(), nullptr, 0, false, true,
                         tin.get(), data.data()),
            CNNL_STATUS_SUCCESS);
  std::vector<float> want = before;
  for (int i = 0; i < 2; ++i) {
    for (int j = 0; j < 3; ++j) {
      want[size_t(a[i] * 5 + b[j])] = value[size_t(i * 3 + j)];
    }
  }
  EXPECT_EQ(data, want);

  // A bool mask over an int32 [2, 3] input with one accumulated value.
  const int32_t ints[] = {1, 2, 3, 4, 5, 6};
  const uint8_t mask[] = {1, 0, 1, 0, 0, 1};
  const int32_t ten[] = {10};
  int32_t out[6] = {};
  Tensor ti(CNNL_DTYPE_INT32, {2, 3}), tm(CNNL_DTYPE_BOOL, {2, 3}),
      t1(CNNL_DTYPE_INT32, {1});
  const cnnlTensorDescriptor_t mdesc[] = {tm.get()};
  const void* const mptr[] = {mask};
  ASSERT_EQ(cnnlIndexPut(handle.get(), ti.get(), ints, mdesc, mptr, 1, t1.get(),
                         ten, nullptr, 0, true, true, ti.get(), out),
            CNNL_STATUS_SUCCESS);
  for (int i = 0; i < 6; ++i) {
    EXPECT_EQ(out[i], ints[i] + (mask[i] ? 10 : 0)) << i;
  }
}

// input [3, 4, 5] read at [:, B, C] with B [2, 1] and C [3] (adjacent:
// output [3, 2, 3]) and at [A, :, C] with A and C [3] (apart: output [3,
// 4]), through both forms and the shape queries.
TEST(CnnlAdvancedIndex, GathersWhatIndexPutWouldWrite) {
  Handle handle;
  const std::vector<float> in = random_floats(60, 12);
  Tensor tin(CNNL_DTYPE_FLOAT, {3, 4, 5}), t21(CNNL_DTYPE_INT64, {2, 1}),
      t3(CNNL_DTYPE_INT64, {3});
  const int64_t b[] = {3, -4}, c[] = {0, 4, 2}, a[] = {2, 0, 1};
  size_t ws = 99;
  {
    cnnlTensorDescriptor_t descs[CNNL_DIM_MAX] = {nullptr, t21.get(), t3.get()};
    const void* ptrs[CNNL_DIM_MAX] = {nullptr, b, c};
    ASSERT_EQ(
        cnnlGetAdvancedIndexWorkspaceSize(handle.get(), tin.get(), descs, &ws),
        CNNL_STATUS_SUCCESS);
    EXPECT_EQ(ws, 0u);
    int rank = 0;
    int64_t dims64[CNNL_DIM_MAX] = {};
    int dims32[CNNL_DIM_MAX] = {};
    ASSERT_EQ(cnnlGetAdvancedIndexOutputDim_v2(handle.get(), tin.get(), descs,
                                               &rank, dims64),
              CNNL_STATUS_SUCCESS);
    ASSERT_EQ(rank, 3);
    EXPECT_EQ(std::vector<int64_t>(dims64, dims64 + 3),
              (std::vector<int64_t>{3, 2, 3}));
    ASSERT_EQ(cnnlGetAdvancedIndexOutputDim(handle.get(), tin.get(), descs,
                                            &rank, dims32),
              CNNL_STATUS_SUCCESS);
    EXPECT_EQ(std::vector<int>(dims32, dims32 + 3),
              (std::vector<int>{3, 2, 3}));
    Tensor tout(CNNL_DTYPE_FLOAT, {3, 2, 3});
    std::vector<float> out(18, -1);
    int32_t got_rank = 0;
    int64_t got_dims[3] = {};
    ASSERT_EQ(cnnlAdvancedIndex(handle.get(), tin.get(), in.data(), descs, ptrs,
                                nullptr, 0, tout.get(), out.data(), got_dims,
                                &got_rank),
              CNNL_STATUS_SUCCESS);
    EXPECT_EQ(got_rank, 3);
    EXPECT_EQ(got_dims[1], 2);
    for (int i = 0; i < 3; ++i) {
      for (int j = 0; j < 2; ++j) {
        for (int k = 0; k < 3; ++k) {
          const int64_t row = b[j] < 0 ? b[j] + 4 : b[j];
          EXPECT_EQ(out[size_t(i * 6 + j * 3 + k)],
                    in[size_t(i * 20 + row * 5 + c[k])])
              << i << "," << j << "," << k;
        }
      }
    }
  }
  {
    cnnlTensorDescriptor_t descs[CNNL_DIM_MAX] = {t3.get(), nullptr, t3.get()};
    const void* ptrs[CNNL_DIM_MAX] = {a, nullptr, c};
    Tensor tout(CNNL_DTYPE_FLOAT, {3, 4});
    std::vector<float> out(12, -1);
    ASSERT_EQ(cnnlAdvancedIndex_v2(handle.get(), tin.get(), in.data(), descs,
                                   ptrs, nullptr, 0, tout.get(), out.data(),
                                   nullptr, nullptr, nullptr, nullptr),
              CNNL_STATUS_SUCCESS);
    for (int j = 0; j < 3; ++j) {
      for (int m = 0; m < 4; ++m) {
        EXPECT_EQ(out[size_t(j * 4 + m)], in[size_t(a[j] * 20 + m * 5 + c[j])])
            << j << "," << m;
      }
    }
  }
}

TEST(CnnlAdvancedIndex, MaskSelectsNonzeroPositionsInOrder) {
  Handle handle;
  const int32_t in[] = {1, 2, 3, 4, 5, 6};
  const uint8_t mask[] = {0, 1, 1};
  Tensor tin(CNNL_DTYPE_INT32, {2, 3}), tm(CNNL_DTYPE_UINT8, {3}),
      tout(CNNL_DTYPE_INT32, {2, 2});
  cnnlTensorDescriptor_t descs[CNNL_DIM_MAX] = {nullptr, tm.get()};
  const void* ptrs[CNNL_DIM_MAX] = {nullptr, mask};
  int32_t out[4] = {};
  ASSERT_EQ(
      cnnlAdvancedIndex_v2(handle.get(), tin.get(), in, descs, ptrs, nullptr, 0,
                           tout.get(), out, nullptr, nullptr, nullptr, nullptr),
      CNNL_STATUS_SUCCESS);
  EXPECT_EQ(std::vector<int32_t>(out, out + 4),
            (std::vector<int32_t>{2, 3, 5, 6}));
}

// ---- Bad calls ----

struct Objects {
  Handle handle;
  Tensor f45{CNNL_DTYPE_FLOAT, {4, 5}}, f5{CNNL_DTYPE_FLOAT, {5}},
      f3{CNNL_DTYPE_FLOAT, {3}}, i2{CNNL_DTYPE_INT32, {2}},
      f2{CNNL_DTYPE_FLOAT, {2}}, m3{CNNL_DTYPE_BOOL, {3}};
  float in[32] = {};
  float out[32] = {};
  int32_t rows[2] = {0, 3};
};
using Bad = BadCall<cnnlStatus_t, Objects&>;
constexpr cnnlStatus_t kBad = CNNL_STATUS_BAD_PARAM;

// input [4, 5], value [5], one index entry `index` of `index_desc`.
cnnlStatus_t put(Objects& o, cnnlTensorDescriptor_t index_desc,
                 const void* index, cnnlTensorDescriptor_t value_desc,
                 int count = 1) {
  const cnnlTensorDescriptor_t descs[] = {index_desc, nullptr};
  const void* const ptrs[] = {index, nullptr};
  return cnnlIndexPut(o.handle.get(), o.f45.get(), o.in, descs, ptrs, count,
                      value_desc, o.in, nullptr, 0, false, true, o.f45.get(),
                      o.out);
}

const Bad kBadCalls[] = {
    {"NullHandle",
     [](Objects& o) {
       const cnnlTensorDescriptor_t descs[] = {o.i2.get()};
       const void* const ptrs[] = {o.rows};
       return cnnlIndexPut(nullptr, o.f45.get(), o.in, descs, ptrs, 1,
                           o.f5.get(), o.in, nullptr, 0, false, true,
                           o.f45.get(), o.out);
     },
     kBad},
    {"IndexOutsideDimension",
     [](Objects& o) {
       o.rows[1] = 4;
       return put(o, o.i2.get(), o.rows, o.f5.get());
     },
     kBad},
    {"IndexBelowNegativeExtent",
     [](Objects& o) {
       o.rows[0] = -5;
       return put(o, o.i2.get(), o.rows, o.f5.get());
     },
     kBad},
    {"FloatIndexTensor",
     [](Objects& o) { return put(o, o.f2.get(), o.in, o.f5.get()); }, kBad},
    {"ValueDoesNotBroadcast",
     [](Objects& o) { return put(o, o.i2.get(), o.rows, o.f3.get()); }, kBad},
    {"MaskShapeMismatch",
     [](Objects& o) { return put(o, o.m3.get(), o.rows, o.f5.get()); }, kBad},
    {"EveryEntryNull",
     [](Objects& o) { return put(o, nullptr, nullptr, o.f5.get()); }, kBad},
    {"ZeroEntries",
     [](Objects& o) { return put(o, o.i2.get(), o.rows, o.f5.get(), 0); },
     kBad},
    {"MoreEntriesThanDimensions",
     [](Objects& o) {
       const cnnlTensorDescriptor_t descs[] = {nullptr, nullptr, o.i2.get()};
       const void* const ptrs[] = {nullptr, nullptr, o.rows};
       return cnnlIndexPut(o.handle.get(), o.f45.get(), o.in, descs, ptrs, 3,
                           o.f5.get(), o.in, nullptr, 0, false, true,
                           o.f45.get(), o.out);
     },
     kBad},
    {"WorkspaceSizeWithoutWorkspace",
     [](Objects& o) {
       const cnnlTensorDescriptor_t descs[] = {o.i2.get()};
       const void* const ptrs[] = {o.rows};
       return cnnlIndexPut(o.handle.get(), o.f45.get(), o.in, descs, ptrs, 1,
                           o.f5.get(), o.in, nullptr, 16, false, true,
                           o.f45.get(), o.out);
     },
     kBad},
    {"WorkspaceQueryNullValue",
     [](Objects& o) {
       const cnnlTensorDescriptor_t descs[] = {o.i2.get()};
       size_t size = 0;
       return cnnlGetIndexPutWorkspaceSize(o.handle.get(), o.f45.get(), descs,
                                           1, nullptr, false, &size);
     },
     kBad},
    {"AdvancedIndexWrongOutputShape",
     [](Objects& o) {
       cnnlTensorDescriptor_t descs[CNNL_DIM_MAX] = {o.i2.get()};
       const void* ptrs[CNNL_DIM_MAX] = {o.rows};
       return cnnlAdvancedIndex_v2(o.handle.get(), o.f45.get(), o.in, descs,
                                   ptrs, nullptr, 0, o.f45.get(), o.out,
                                   nullptr, nullptr, nullptr, nullptr);
     },
     kBad},
    {"AdvancedIndexOutsideDimension",
     [](Objects& o) {
       o.rows[0] = 7;
       cnnlTensorDescriptor_t descs[CNNL_DIM_MAX] = {o.i2.get()};
       const void* ptrs[CNNL_DIM_MAX] = {o.rows};
       Tensor out(CNNL_DTYPE_FLOAT, {2, 5});
       return cnnlAdvancedIndex(o.handle.get(), o.f45.get(), o.in, descs, ptrs,
                                nullptr, 0, out.get(), o.out, nullptr, nullptr);
     },
     kBad},
    {"OutputDimOfMask",
     [](Objects& o) {
       cnnlTensorDescriptor_t descs[CNNL_DIM_MAX] = {nullptr, o.m3.get()};
       int rank = 0;
       int64_t dims[CNNL_DIM_MAX] = {};
       return cnnlGetAdvancedIndexOutputDim_v2(o.handle.get(), o.f45.get(),
                                               descs, &rank, dims);
     },
     CNNL_STATUS_NOT_SUPPORTED},
    {"OutputDimNullRank",
     [](Objects& o) {
       cnnlTensorDescriptor_t descs[CNNL_DIM_MAX] = {o.i2.get()};
       int dims[CNNL_DIM_MAX] = {};
       return cnnlGetAdvancedIndexOutputDim(o.handle.get(), o.f45.get(), descs,
                                            nullptr, dims);
     },
     kBad},
    {"WorkspaceQueryNullIndices",
     [](Objects& o) {
       size_t size = 0;
       return cnnlGetIndexPutWorkspaceSize(o.handle.get(), o.f45.get(), nullptr,
                                           1, o.f5.get(), false, &size);
     },
     kBad},
};

class CnnlIndexPutBadInput : public testing::TestWithParam<Bad> {};

TEST_P(CnnlIndexPutBadInput, ReturnsTheStatusLogsAndWritesNothing) {
  Objects objects;
  const float before[32] = {};
  testing::internal::CaptureStderr();
  const cnnlStatus_t status = GetParam().call(objects);
  const std::string log = testing::internal::GetCapturedStderr();
  EXPECT_EQ(status, GetParam().expected)
      << cnnlGetErrorString(status) << " instead of "
      << cnnlGetErrorString(GetParam().expected);
  EXPECT_NE(log.find("[xbang] cnnl"), std::string::npos) << log;
  EXPECT_EQ(std::memcmp(objects.out, before, sizeof(before)), 0);
}

INSTANTIATE_TEST_SUITE_P(Table, CnnlIndexPutBadInput,
                         testing::ValuesIn(kBadCalls), BadCallName());

}  // namespace
