// CNNL's Copy_v2, Pad, Transform_v2, StridedSlice_v2, Concat and AddN_v2
// against plain loops over the same data, and their bad calls.
#include <cnnl.h>
#include <gtest/gtest.h>

#include <complex>
#include <cstring>
#include <vector>

#include "bad_call_table.h"
#include "cnnl_test_support.h"

namespace {

using cnnl_test::Handle;
using cnnl_test::random_floats;
using cnnl_test::random_ints;
using cnnl_test::Tensor;

TEST(CnnlCopyV2, StridedInputToDenseOutput) {
  Handle handle;
  // x is 3 x 4 read as its transpose: 4 x 3 with strides {1, 4}.
  const std::vector<float> x = random_floats(12, 1);
  Tensor in(CNNL_DTYPE_FLOAT, {4, 3}, {1, 4}), out(CNNL_DTYPE_FLOAT, {4, 3});
  size_t workspace = 99;
  ASSERT_EQ(
      cnnlGetCopyWorkspaceSize(handle.get(), in.get(), out.get(), &workspace),
      CNNL_STATUS_SUCCESS);
  EXPECT_EQ(workspace, 0u);
  std::vector<float> y(12, -1.0f);
  ASSERT_EQ(cnnlCopy_v2(handle.get(), in.get(), x.data(), out.get(), y.data(),
                        nullptr, 0),
            CNNL_STATUS_SUCCESS);
  for (int i = 0; i < 4; ++i) {
    for (int j = 0; j < 3; ++j) EXPECT_EQ(y[i * 3 + j], x[j * 4 + i]);
  }
}

TEST(CnnlPad, SurroundsTheInputWithTheValue) {
  Handle handle;
  const std::vector<float> x = random_floats(12, 2);
  Tensor in(CNNL_DTYPE_FLOAT, {3, 4}), out(CNNL_DTYPE_FLOAT, {6, 7});
  const int32_t paddings[4] = {1, 2, 0, 3};
  const float value = 7.5f;
  std::vector<float> y(42, 0.0f);
  ASSERT_EQ(cnnlPad(handle.get(), in.get(), x.data(), paddings, &value,
                    out.get(), y.data()),
            CNNL_STATUS_SUCCESS);
  for (int i = 0; i < 6; ++i) {
    for (int j = 0; j < 7; ++j) {
      const bool inside = i >= 1 && i < 4 && j < 4;
      EXPECT_EQ(y[i * 7 + j], inside ? x[(i - 1) * 4 + j] : value)
          << i << "," << j;
    }
  }
}

TEST(CnnlPad, HalfAsTheFftPadsARow) {
  Handle handle;
  const std::vector<uint16_t> x = cnnl_test::to_half(random_floats(6, 3));
  Tensor in(CNNL_DTYPE_HALF, {2, 3}), out(CNNL_DTYPE_HALF, {2, 5});
  const int32_t paddings[4] = {0, 0, 0, 2};
  const uint64_t zero = 0;
  std::vector<uint16_t> y(10, 0xFFFF);
  ASSERT_EQ(cnnlPad(handle.get(), in.get(), x.data(), paddings, &zero,
                    out.get(), y.data()),
            CNNL_STATUS_SUCCESS);
  for (int i = 0; i < 2; ++i) {
    for (int j = 0; j < 5; ++j) {
      EXPECT_EQ(y[i * 5 + j], j < 3 ? x[i * 3 + j] : 0);
    }
  }
}

TEST(CnnlTransformV2, FloatInPlace) {
  Handle handle;
  const std::vector<float> x = random_floats(10, 4);
  std::vector<float> y = x;
  Tensor t(CNNL_DTYPE_FLOAT, {2, 5});
  const float alpha = 2.5f, beta = -1.0f;
  ASSERT_EQ(cnnlTransform_v2(handle.get(), CNNL_POINTER_MODE_HOST, &alpha,
                             t.get(), y.data(), &beta, t.get(), y.data()),
            CNNL_STATUS_SUCCESS);
  for (size_t i = 0; i < x.size(); ++i) {
    EXPECT_FLOAT_EQ(y[i], 2.5f * x[i] - 1.0f);
  }
}

TEST(CnnlTransformV2, Int32AndHalf) {
  Handle handle;
  const std::vector<int32_t> x = random_ints(6, 5, -100, 100);
  std::vector<int32_t> y(6);
  Tensor ti(CNNL_DTYPE_INT32, {6});
  const int ia = 3, ib = 2;
  ASSERT_EQ(cnnlTransform_v2(handle.get(), CNNL_POINTER_MODE_HOST, &ia,
                             ti.get(), x.data(), &ib, ti.get(), y.data()),
            CNNL_STATUS_SUCCESS);
  for (size_t i = 0; i < x.size(); ++i) EXPECT_EQ(y[i], 3 * x[i] + 2);

  const std::vector<float> xf = random_floats(6, 6);
  const std::vector<uint16_t> xh = cnnl_test::to_half(xf);
  std::vector<uint16_t> yh(6);
  Tensor th(CNNL_DTYPE_HALF, {6});
  const float fa = 0.5f, fb = 1.0f;
  ASSERT_EQ(cnnlTransform_v2(handle.get(), CNNL_POINTER_MODE_DEVICE, &fa,
                             th.get(), xh.data(), &fb, th.get(), yh.data()),
            CNNL_STATUS_SUCCESS);
  for (size_t i = 0; i < xf.size(); ++i) {
    const float want = 0.5f * cnnl_test::from_half(xh[i]) + 1.0f;
    EXPECT_EQ(yh[i], xbang::float_to_half_bits_rn(want));
  }
}

TEST(CnnlTransformV2, ComplexFloatScalesByAComplexAlpha) {
  Handle handle;
  const std::vector<float> x = random_floats(8, 7);  // 4 complex numbers
  std::vector<float> y(8);
  Tensor t(CNNL_DTYPE_COMPLEX_FLOAT, {2, 2});
  const float alpha[2] = {1.0f, 2.0f}, beta[2] = {3.0f, -1.0f};
  ASSERT_EQ(cnnlTransform_v2(handle.get(), CNNL_POINTER_MODE_HOST, &alpha,
                             t.get(), x.data(), &beta, t.get(), y.data()),
            CNNL_STATUS_SUCCESS);
  for (int i = 0; i < 4; ++i) {
    const std::complex<float> want =
        std::complex<float>(1, 2) *
            std::complex<float>(x[2 * i], x[2 * i + 1]) +
        std::complex<float>(3, -1);
    EXPECT_NEAR(y[2 * i], want.real(), 1e-5);
    EXPECT_NEAR(y[2 * i + 1], want.imag(), 1e-5);
  }
}

TEST(CnnlStridedSliceV2, NegativeBeginEndAndStride) {
  Handle handle;
  const std::vector<float> x = random_floats(30, 8);
  Tensor in(CNNL_DTYPE_FLOAT, {5, 6}), out(CNNL_DTYPE_FLOAT, {2, 4});
  // Rows 1 and 3 (end beyond the dimension is clamped); columns 4, 3, 2, 1.
  const int64_t begin[2] = {1, -2}, end[2] = {100, -6}, stride[2] = {2, -1};
  std::vector<float> y(8);
  ASSERT_EQ(cnnlStridedSlice_v2(handle.get(), in.get(), x.data(), begin, end,
                                stride, out.get(), y.data()),
            CNNL_STATUS_SUCCESS);
  for (int i = 0; i < 2; ++i) {
    for (int j = 0; j < 4; ++j) {
      EXPECT_EQ(y[i * 4 + j], x[(1 + 2 * i) * 6 + (4 - j)]);
    }
  }
}

TEST(CnnlStridedSliceV2, ReversesTheFftHalfSpectrum) {
  // As mlu-ops' irfft: [2b, n/2 + 1] -> [2b, n - (n/2 + 1)] reversed, n = 8.
  Handle handle;
  const int n = 8, half = n / 2 + 1, rows = 4;
  const std::vector<float> x = random_floats(size_t(rows * half), 9);
  Tensor in(CNNL_DTYPE_FLOAT, {rows, half}),
      out(CNNL_DTYPE_FLOAT, {rows, n - half});
  const int64_t begin[2] = {0, -2}, end[2] = {rows, -half}, stride[2] = {1, -1};
  std::vector<float> y(size_t(rows * (n - half)));
  ASSERT_EQ(cnnlStridedSlice_v2(handle.get(), in.get(), x.data(), begin, end,
                                stride, out.get(), y.data()),
            CNNL_STATUS_SUCCESS);
  for (int i = 0; i < rows; ++i) {
    for (int j = 0; j < n - half; ++j) {
      EXPECT_EQ(y[size_t(i * (n - half) + j)], x[size_t(i * half + 3 - j)]);
    }
  }
}

TEST(CnnlConcat, JoinsAlongAnAxis) {
  Handle handle;
  const std::vector<int64_t> widths = {1, 2, 3};
  std::vector<std::vector<float>> parts;
  std::vector<Tensor*> descs;
  std::vector<cnnlTensorDescriptor_t> raw;
  std::vector<const void*> pointers;
  for (size_t p = 0; p < widths.size(); ++p) {
    parts.push_back(random_floats(size_t(2 * widths[p] * 3), 10 + unsigned(p)));
    descs.push_back(new Tensor(CNNL_DTYPE_FLOAT, {2, widths[p], 3}));
    raw.push_back(descs.back()->get());
    pointers.push_back(parts.back().data());
  }
  Tensor out(CNNL_DTYPE_FLOAT, {2, 6, 3});
  size_t workspace = 99;
  ASSERT_EQ(cnnlGetConcatWorkspaceSize(handle.get(), 3, &workspace),
            CNNL_STATUS_SUCCESS);
  EXPECT_EQ(workspace, 0u);
  std::vector<float> y(36);
  for (const int axis : {1, -2}) {
    std::fill(y.begin(), y.end(), 0.0f);
    ASSERT_EQ(cnnlConcat(handle.get(), 3, axis, raw.data(), pointers.data(),
                         nullptr, 0, out.get(), y.data()),
              CNNL_STATUS_SUCCESS);
    for (int a = 0; a < 2; ++a) {
      int64_t row = 0;
      for (size_t p = 0; p < widths.size(); ++p) {
        for (int64_t r = 0; r < widths[p]; ++r, ++row) {
          for (int c = 0; c < 3; ++c) {
            EXPECT_EQ(y[size_t((a * 6 + row) * 3 + c)],
                      parts[p][size_t((a * widths[p] + r) * 3 + c)]);
          }
        }
      }
    }
  }
  for (Tensor* t : descs) delete t;
}

TEST(CnnlAddNV2, SumsWithBroadcastIntoAnInput) {
  Handle handle;
  const std::vector<float> a = random_floats(6, 20), b = random_floats(6, 21),
                           c = random_floats(3, 22);
  std::vector<float> out = a;  // output is input 0
  Tensor full(CNNL_DTYPE_FLOAT, {2, 3}), row(CNNL_DTYPE_FLOAT, {1, 3});
  const cnnlTensorDescriptor_t descs[3] = {full.get(), full.get(), row.get()};
  const void* inputs[3] = {out.data(), b.data(), c.data()};
  size_t workspace = 99;
  ASSERT_EQ(
      cnnlGetAddNWorkspaceSize(handle.get(), descs, 3, full.get(), &workspace),
      CNNL_STATUS_SUCCESS);
  EXPECT_EQ(workspace, 0u);
  ASSERT_EQ(cnnlAddN_v2(handle.get(), descs, inputs, 3, full.get(), out.data(),
                        nullptr, 0),
            CNNL_STATUS_SUCCESS);
  for (int i = 0; i < 2; ++i) {
    for (int j = 0; j < 3; ++j) {
      EXPECT_FLOAT_EQ(
          out[size_t(i * 3 + j)],
          a[size_t(i * 3 + j)] + b[size_t(i * 3 + j)] + c[size_t(j)]);
    }
  }
}

TEST(CnnlAddNV2, Int32) {
  Handle handle;
  const std::vector<int32_t> a = random_ints(5, 23, -1000, 1000),
                             b = random_ints(5, 24, -1000, 1000);
  std::vector<int32_t> out(5);
  Tensor t(CNNL_DTYPE_INT32, {5});
  const cnnlTensorDescriptor_t descs[2] = {t.get(), t.get()};
  const void* inputs[2] = {a.data(), b.data()};
  ASSERT_EQ(cnnlAddN_v2(handle.get(), descs, inputs, 2, t.get(), out.data(),
                        nullptr, 0),
            CNNL_STATUS_SUCCESS);
  for (size_t i = 0; i < 5; ++i) EXPECT_EQ(out[i], a[i] + b[i]);
}

// Objects a bad call works on; `data` must stay untouched.
struct Objects {
  Handle handle;
  Tensor f23{CNNL_DTYPE_FLOAT, {2, 3}};
  Tensor f32{CNNL_DTYPE_FLOAT, {3, 2}};
  Tensor i23{CNNL_DTYPE_INT32, {2, 3}};
  Tensor b23{CNNL_DTYPE_BOOL, {2, 3}};
  Tensor c23{CNNL_DTYPE_INT8, {2, 3}};
  cnnlTensorDescriptor_t unset = nullptr;
  float data[64] = {};
  float src[64] = {};
  float one = 1.0f;
  int32_t pads[4] = {0, 0, 0, 0};
  int64_t begin[2] = {0, 0}, end[2] = {2, 3}, stride[2] = {1, 1};
  Objects() { cnnlCreateTensorDescriptor(&unset); }
  ~Objects() { cnnlDestroyTensorDescriptor(unset); }
};

using BadCopyCall = BadCall<cnnlStatus_t, Objects&>;
constexpr cnnlStatus_t kBad = CNNL_STATUS_BAD_PARAM;
constexpr cnnlStatus_t kNotSupported = CNNL_STATUS_NOT_SUPPORTED;

const BadCopyCall kBadCalls[] = {
    {"CopyV2NullHandle",
     [](Objects& o) {
       return cnnlCopy_v2(nullptr, o.f23.get(), o.src, o.f23.get(), o.data,
                          nullptr, 0);
     },
     kBad},
    {"CopyV2NullInputDesc",
     [](Objects& o) {
       return cnnlCopy_v2(o.handle.get(), nullptr, o.src, o.f23.get(), o.data,
                          nullptr, 0);
     },
     kBad},
    {"CopyV2UnsetOutputDesc",
     [](Objects& o) {
       return cnnlCopy_v2(o.handle.get(), o.f23.get(), o.src, o.unset, o.data,
                          nullptr, 0);
     },
     kBad},
    {"CopyV2DtypeMismatch",
     [](Objects& o) {
       return cnnlCopy_v2(o.handle.get(), o.i23.get(), o.src, o.f23.get(),
                          o.data, nullptr, 0);
     },
     kBad},
    {"CopyV2ShapeMismatch",
     [](Objects& o) {
       return cnnlCopy_v2(o.handle.get(), o.f32.get(), o.src, o.f23.get(),
                          o.data, nullptr, 0);
     },
     kBad},
    {"CopyWorkspaceNullSize",
     [](Objects& o) {
       return cnnlGetCopyWorkspaceSize(o.handle.get(), o.f23.get(), o.f23.get(),
                                       nullptr);
     },
     kBad},
    {"PadNullPaddings",
     [](Objects& o) {
       return cnnlPad(o.handle.get(), o.f23.get(), o.src, nullptr, &o.one,
                      o.f23.get(), o.data);
     },
     kBad},
    {"PadNullValue",
     [](Objects& o) {
       return cnnlPad(o.handle.get(), o.f23.get(), o.src, o.pads, nullptr,
                      o.f23.get(), o.data);
     },
     kBad},
    {"PadNegative",
     [](Objects& o) {
       const int32_t pads[4] = {0, 0, -1, 1};
       return cnnlPad(o.handle.get(), o.f23.get(), o.src, pads, &o.one,
                      o.f23.get(), o.data);
     },
     kBad},
    {"PadOutputShapeWrong",
     [](Objects& o) {
       const int32_t pads[4] = {0, 0, 0, 1};
       return cnnlPad(o.handle.get(), o.f23.get(), o.src, pads, &o.one,
                      o.f23.get(), o.data);
     },
     kBad},
    {"PadDtypeMismatch",
     [](Objects& o) {
       return cnnlPad(o.handle.get(), o.f23.get(), o.src, o.pads, &o.one,
                      o.i23.get(), o.data);
     },
     kBad},
    {"TransformNullAlpha",
     [](Objects& o) {
       return cnnlTransform_v2(o.handle.get(), CNNL_POINTER_MODE_HOST, nullptr,
                               o.f23.get(), o.src, &o.one, o.f23.get(), o.data);
     },
     kBad},
    {"TransformUnknownPointerMode",
     [](Objects& o) {
       return cnnlTransform_v2(o.handle.get(), cnnlPointerMode_t(7), &o.one,
                               o.f23.get(), o.src, &o.one, o.f23.get(), o.data);
     },
     kBad},
    {"TransformShapeMismatch",
     [](Objects& o) {
       return cnnlTransform_v2(o.handle.get(), CNNL_POINTER_MODE_HOST, &o.one,
                               o.f32.get(), o.src, &o.one, o.f23.get(), o.data);
     },
     kBad},
    {"TransformInt8NotSupported",
     [](Objects& o) {
       return cnnlTransform_v2(o.handle.get(), CNNL_POINTER_MODE_HOST, &o.one,
                               o.c23.get(), o.src, &o.one, o.c23.get(), o.data);
     },
     kNotSupported},
    {"StridedSliceZeroStride",
     [](Objects& o) {
       const int64_t stride[2] = {1, 0};
       return cnnlStridedSlice_v2(o.handle.get(), o.f23.get(), o.src, o.begin,
                                  o.end, stride, o.f23.get(), o.data);
     },
     kBad},
    {"StridedSliceNullBegin",
     [](Objects& o) {
       return cnnlStridedSlice_v2(o.handle.get(), o.f23.get(), o.src, nullptr,
                                  o.end, o.stride, o.f23.get(), o.data);
     },
     kBad},
    {"StridedSliceOutputShapeWrong",
     [](Objects& o) {
       return cnnlStridedSlice_v2(o.handle.get(), o.f23.get(), o.src, o.begin,
                                  o.end, o.stride, o.f32.get(), o.data);
     },
     kBad},
    {"ConcatZeroInputs",
     [](Objects& o) {
       const cnnlTensorDescriptor_t d[1] = {o.f23.get()};
       const void* p[1] = {o.src};
       return cnnlConcat(o.handle.get(), 0, 0, d, p, nullptr, 0, o.f23.get(),
                         o.data);
     },
     kBad},
    {"ConcatAxisOutside",
     [](Objects& o) {
       const cnnlTensorDescriptor_t d[1] = {o.f23.get()};
       const void* p[1] = {o.src};
       return cnnlConcat(o.handle.get(), 1, 2, d, p, nullptr, 0, o.f23.get(),
                         o.data);
     },
     kBad},
    {"ConcatSizesDoNotAddUp",
     [](Objects& o) {
       const cnnlTensorDescriptor_t d[2] = {o.f23.get(), o.f23.get()};
       const void* p[2] = {o.src, o.src};
       return cnnlConcat(o.handle.get(), 2, 0, d, p, nullptr, 0, o.f23.get(),
                         o.data);
     },
     kBad},
    {"ConcatDtypeMismatch",
     [](Objects& o) {
       const cnnlTensorDescriptor_t d[1] = {o.i23.get()};
       const void* p[1] = {o.src};
       return cnnlConcat(o.handle.get(), 1, 0, d, p, nullptr, 0, o.f23.get(),
                         o.data);
     },
     kBad},
    {"ConcatWorkspaceNullSize",
     [](Objects& o) {
       return cnnlGetConcatWorkspaceSize(o.handle.get(), 2, nullptr);
     },
     kBad},
    {"AddNZeroInputs",
     [](Objects& o) {
       const cnnlTensorDescriptor_t d[1] = {o.f23.get()};
       const void* p[1] = {o.src};
       return cnnlAddN_v2(o.handle.get(), d, p, 0, o.f23.get(), o.data, nullptr,
                          0);
     },
     kBad},
    {"AddNNoBroadcast",
     [](Objects& o) {
       const cnnlTensorDescriptor_t d[1] = {o.f32.get()};
       const void* p[1] = {o.src};
       return cnnlAddN_v2(o.handle.get(), d, p, 1, o.f23.get(), o.data, nullptr,
                          0);
     },
     kBad},
    {"AddNNullInput",
     [](Objects& o) {
       const cnnlTensorDescriptor_t d[2] = {o.f23.get(), o.f23.get()};
       const void* p[2] = {o.src, nullptr};
       return cnnlAddN_v2(o.handle.get(), d, p, 2, o.f23.get(), o.data, nullptr,
                          0);
     },
     kBad},
    {"AddNBoolNotSupported",
     [](Objects& o) {
       const cnnlTensorDescriptor_t d[1] = {o.b23.get()};
       const void* p[1] = {o.src};
       return cnnlAddN_v2(o.handle.get(), d, p, 1, o.b23.get(), o.data, nullptr,
                          0);
     },
     kNotSupported},
    {"AddNWorkspaceNullDescs",
     [](Objects& o) {
       size_t size = 0;
       return cnnlGetAddNWorkspaceSize(o.handle.get(), nullptr, 1, o.f23.get(),
                                       &size);
     },
     kBad},
};

class CnnlCopyPadBadInput : public testing::TestWithParam<BadCopyCall> {};

TEST_P(CnnlCopyPadBadInput, ReturnsTheCnnlStatus) {
  Objects objects;
  const float before[64] = {};
  const cnnlStatus_t status = GetParam().call(objects);
  EXPECT_EQ(status, GetParam().expected)
      << cnnlGetErrorString(status) << " instead of "
      << cnnlGetErrorString(GetParam().expected);
  // A refused call writes nothing.
  EXPECT_EQ(std::memcmp(objects.data, before, sizeof(before)), 0);
}

INSTANTIATE_TEST_SUITE_P(Table, CnnlCopyPadBadInput,
                         testing::ValuesIn(kBadCalls), BadCallName());

}  // namespace
