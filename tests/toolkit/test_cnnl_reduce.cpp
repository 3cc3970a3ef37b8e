// CNNL's Reduce_v2 against plain loops, and its bad calls.
#include <cnnl.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <vector>

#include "bad_call_table.h"
#include "cnnl_test_support.h"

namespace {

using cnnl_test::Handle;
using cnnl_test::random_floats;
using cnnl_test::random_ints;
using cnnl_test::Tensor;

class ReduceDesc {
 public:
  ReduceDesc() {
    EXPECT_EQ(cnnlCreateReduceDescriptor(&desc_), CNNL_STATUS_SUCCESS);
  }
  ~ReduceDesc() { cnnlDestroyReduceDescriptor(desc_); }
  ReduceDesc(const ReduceDesc&) = delete;
  ReduceDesc& operator=(const ReduceDesc&) = delete;
  cnnlReduceDescriptor_t get() const { return desc_; }

 private:
  cnnlReduceDescriptor_t desc_ = nullptr;
};

TEST(CnnlReduceV2, Int32SumAlongTheLastAxisAsMluOpsCallsIt) {
  // mlu-ops' get_indice_pairs: [kernel_volume, sites] -> [kernel_volume, 1],
  // alpha and beta NULL, 16-bit indices type with no indices.
  Handle handle;
  const int rows = 4, cols = 9;
  const std::vector<int32_t> x = random_ints(rows * cols, 40, 0, 1);
  Tensor in(CNNL_DTYPE_INT32, {rows, cols}), out(CNNL_DTYPE_INT32, {rows, 1});
  ReduceDesc desc;
  int axis[1] = {1};
  ASSERT_EQ(
      cnnlSetReduceDescriptor_v2(desc.get(), axis, 1, CNNL_REDUCE_ADD,
                                 CNNL_DTYPE_INT32, CNNL_PROPAGATE_NAN,
                                 CNNL_REDUCE_NO_INDICES, CNNL_16BIT_INDICES, 0),
      CNNL_STATUS_SUCCESS);
  size_t workspace = 99;
  ASSERT_EQ(cnnlGetReduceOpWorkspaceSize_v2(handle.get(), in.get(), out.get(),
                                            nullptr, desc.get(), &workspace),
            CNNL_STATUS_SUCCESS);
  EXPECT_EQ(workspace, 0u);
  std::vector<int32_t> y(rows, -1);
  ASSERT_EQ(
      cnnlReduce_v2(handle.get(), desc.get(), in.get(), x.data(), nullptr,
                    nullptr, nullptr, 0, out.get(), y.data(), nullptr, nullptr),
      CNNL_STATUS_SUCCESS);
  for (int r = 0; r < rows; ++r) {
    int32_t sum = 0;
    for (int c = 0; c < cols; ++c) sum += x[size_t(r * cols + c)];
    EXPECT_EQ(y[size_t(r)], sum);
  }
}

TEST(CnnlReduceV2, FloatOperationsOverTwoAxes) {
  Handle handle;
  const int a = 3, b = 4, c = 5;
  const std::vector<float> x = random_floats(a * b * c, 41, 0.5f, 2.0f);
  Tensor in(CNNL_DTYPE_FLOAT, {a, b, c}), out(CNNL_DTYPE_FLOAT, {a, 1, 1});
  int axes[2] = {-1, 1};
  struct Case {
    cnnlReduceOp_t op;
    double (*reference)(const std::vector<double>&);
  };
  const Case cases[] = {
      {CNNL_REDUCE_ADD,
       [](const std::vector<double>& v) {
         double s = 0;
         for (double x : v) s += x;
         return s;
       }},
      {CNNL_REDUCE_AVG,
       [](const std::vector<double>& v) {
         double s = 0;
         for (double x : v) s += x;
         return s / double(v.size());
       }},
      {CNNL_REDUCE_MUL,
       [](const std::vector<double>& v) {
         double s = 1;
         for (double x : v) s *= x;
         return s;
       }},
      {CNNL_REDUCE_MAX,
       [](const std::vector<double>& v) {
         double s = v[0];
         for (double x : v) s = std::max(s, x);
         return s;
       }},
      {CNNL_REDUCE_MIN,
       [](const std::vector<double>& v) {
         double s = v[0];
         for (double x : v) s = std::min(s, x);
         return s;
       }},
      {CNNL_REDUCE_NORM2,
       [](const std::vector<double>& v) {
         double s = 0;
         for (double x : v) s += x * x;
         return std::sqrt(s);
       }},
      {CNNL_REDUCE_SUMSQ,
       [](const std::vector<double>& v) {
         double s = 0;
         for (double x : v) s += x * x;
         return s;
       }},
  };
  for (const Case& test : cases) {
    ReduceDesc desc;
    ASSERT_EQ(cnnlSetReduceDescriptor_v2(
                  desc.get(), axes, 2, test.op, CNNL_DTYPE_FLOAT,
                  CNNL_NOT_PROPAGATE_NAN, CNNL_REDUCE_NO_INDICES,
                  CNNL_32BIT_INDICES, 0),
              CNNL_STATUS_SUCCESS);
    std::vector<float> y(a, 1.0f);
    const float alpha = 2.0f, beta = 0.5f;  // y = 2 reduce + 0.5 y
    ASSERT_EQ(
        cnnlReduce_v2(handle.get(), desc.get(), in.get(), x.data(), &alpha,
                      &beta, nullptr, 0, out.get(), y.data(), nullptr, nullptr),
        CNNL_STATUS_SUCCESS);
    for (int i = 0; i < a; ++i) {
      std::vector<double> v(x.begin() + i * b * c, x.begin() + (i + 1) * b * c);
      const double want = 2.0 * test.reference(v) + 0.5;
      EXPECT_NEAR(y[size_t(i)], want, 1e-5 * std::fabs(want) + 1e-6)
          << "op " << int(test.op);
    }
  }
}

TEST(CnnlReduceV2, MaxPropagatesNanOnlyWhenAsked) {
  Handle handle;
  const std::vector<float> x = {1.0f, std::nanf(""), 3.0f};
  Tensor in(CNNL_DTYPE_FLOAT, {3}), out(CNNL_DTYPE_FLOAT, {1});
  int axis[1] = {0};
  for (const cnnlNanPropagation_t nan :
       {CNNL_NOT_PROPAGATE_NAN, CNNL_PROPAGATE_NAN}) {
    ReduceDesc desc;
    ASSERT_EQ(cnnlSetReduceDescriptor_v2(
                  desc.get(), axis, 1, CNNL_REDUCE_MAX, CNNL_DTYPE_FLOAT, nan,
                  CNNL_REDUCE_NO_INDICES, CNNL_32BIT_INDICES, 0),
              CNNL_STATUS_SUCCESS);
    float y = 0;
    ASSERT_EQ(
        cnnlReduce_v2(handle.get(), desc.get(), in.get(), x.data(), nullptr,
                      nullptr, nullptr, 0, out.get(), &y, nullptr, nullptr),
        CNNL_STATUS_SUCCESS);
    if (nan == CNNL_PROPAGATE_NAN) {
      EXPECT_TRUE(std::isnan(y));
    } else {
      EXPECT_EQ(y, 3.0f);
    }
  }
}

struct Objects {
  Handle handle;
  ReduceDesc desc, unset;
  Tensor f23{CNNL_DTYPE_FLOAT, {2, 3}};
  Tensor f21{CNNL_DTYPE_FLOAT, {2, 1}};
  Tensor f22{CNNL_DTYPE_FLOAT, {2, 2}};
  Tensor i21{CNNL_DTYPE_INT32, {2, 1}};
  Tensor c23{CNNL_DTYPE_COMPLEX_FLOAT, {2, 3}};
  Tensor c21{CNNL_DTYPE_COMPLEX_FLOAT, {2, 1}};
  float data[16] = {};
  float src[16] = {};
  int axis[1] = {1};
  Objects() {
    cnnlSetReduceDescriptor_v2(desc.get(), axis, 1, CNNL_REDUCE_ADD,
                               CNNL_DTYPE_FLOAT, CNNL_NOT_PROPAGATE_NAN,
                               CNNL_REDUCE_NO_INDICES, CNNL_32BIT_INDICES, 0);
  }
  cnnlStatus_t reduce(cnnlReduceDescriptor_t d, cnnlTensorDescriptor_t in,
                      cnnlTensorDescriptor_t out) {
    return cnnlReduce_v2(handle.get(), d, in, src, nullptr, nullptr, nullptr, 0,
                         out, data, nullptr, nullptr);
  }
  cnnlStatus_t set(int* axes, int count, cnnlReduceOp_t op,
                   cnnlReduceIndices_t indices = CNNL_REDUCE_NO_INDICES) {
    return cnnlSetReduceDescriptor_v2(unset.get(), axes, count, op,
                                      CNNL_DTYPE_FLOAT, CNNL_NOT_PROPAGATE_NAN,
                                      indices, CNNL_32BIT_INDICES, 2.0f);
  }
};

using BadReduceCall = BadCall<cnnlStatus_t, Objects&>;
constexpr cnnlStatus_t kBad = CNNL_STATUS_BAD_PARAM;
constexpr cnnlStatus_t kNotSupported = CNNL_STATUS_NOT_SUPPORTED;

const BadReduceCall kBadCalls[] = {
    {"CreateNullOut",
     [](Objects&) { return cnnlCreateReduceDescriptor(nullptr); }, kBad},
    {"DestroyNull",
     [](Objects&) { return cnnlDestroyReduceDescriptor(nullptr); }, kBad},
    {"SetNullDesc",
     [](Objects& o) {
       return cnnlSetReduceDescriptor_v2(
           nullptr, o.axis, 1, CNNL_REDUCE_ADD, CNNL_DTYPE_FLOAT,
           CNNL_NOT_PROPAGATE_NAN, CNNL_REDUCE_NO_INDICES, CNNL_32BIT_INDICES,
           0);
     },
     kBad},
    {"SetNoAxes", [](Objects& o) { return o.set(o.axis, 0, CNNL_REDUCE_ADD); },
     kBad},
    {"SetUnknownOp",
     [](Objects& o) { return o.set(o.axis, 1, cnnlReduceOp_t(99)); }, kBad},
    {"SetIndicesNotSupported",
     [](Objects& o) {
       return o.set(o.axis, 1, CNNL_REDUCE_MAX, CNNL_REDUCE_ONLY_INDICES);
     },
     kNotSupported},
    {"SetLastIndexNotSupported",
     [](Objects& o) { return o.set(o.axis, 1, CNNL_REDUCE_MAX_LAST_INDEX); },
     kNotSupported},
    {"ReduceNullHandle",
     [](Objects& o) {
       return cnnlReduce_v2(nullptr, o.desc.get(), o.f23.get(), o.src, nullptr,
                            nullptr, nullptr, 0, o.f21.get(), o.data, nullptr,
                            nullptr);
     },
     kBad},
    {"ReduceUnsetDesc",
     [](Objects& o) {
       return o.reduce(o.unset.get(), o.f23.get(), o.f21.get());
     },
     kBad},
    {"ReduceNullInputDesc",
     [](Objects& o) { return o.reduce(o.desc.get(), nullptr, o.f21.get()); },
     kBad},
    {"ReduceDtypeMismatch",
     [](Objects& o) {
       return o.reduce(o.desc.get(), o.f23.get(), o.i21.get());
     },
     kBad},
    {"ReduceOutputShapeWrong",
     [](Objects& o) {
       return o.reduce(o.desc.get(), o.f23.get(), o.f22.get());
     },
     kBad},
    {"ReduceAxisOutside",
     [](Objects& o) {
       int axis[1] = {3};
       o.set(axis, 1, CNNL_REDUCE_ADD);
       return o.reduce(o.unset.get(), o.f23.get(), o.f21.get());
     },
     kBad},
    {"ReduceComplexNotSupported",
     [](Objects& o) {
       return o.reduce(o.desc.get(), o.c23.get(), o.c21.get());
     },
     kNotSupported},
    {"WorkspaceNullSize",
     [](Objects& o) {
       return cnnlGetReduceOpWorkspaceSize_v2(o.handle.get(), o.f23.get(),
                                              o.f21.get(), nullptr,
                                              o.desc.get(), nullptr);
     },
     kBad},
};

class CnnlReduceBadInput : public testing::TestWithParam<BadReduceCall> {};

TEST_P(CnnlReduceBadInput, ReturnsTheCnnlStatus) {
  Objects objects;
  const float before[16] = {};
  const cnnlStatus_t status = GetParam().call(objects);
  EXPECT_EQ(status, GetParam().expected)
      << cnnlGetErrorString(status) << " instead of "
      << cnnlGetErrorString(GetParam().expected);
  EXPECT_EQ(std::memcmp(objects.data, before, sizeof(before)), 0);
}

INSTANTIATE_TEST_SUITE_P(Table, CnnlReduceBadInput,
                         testing::ValuesIn(kBadCalls), BadCallName());

}  // namespace
