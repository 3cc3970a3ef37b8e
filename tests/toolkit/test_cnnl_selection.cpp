// CNNL's selection and indexing family (Masked, Where, SelectV2, Gather,
// Scatter, IndexAdd, Tile) against plain loops over data types (float,
// half, bfloat16, integers), broadcasting and strides, and their bad calls.
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
using cnnl_test::random_ints;
using cnnl_test::Tensor;

// ---- Masked ----

// x [3, 4] seen through a row stride of 6, mask [1, 4] or [3, 4].
TEST(CnnlMasked, FillStridedBroadcastMask) {
  Handle handle;
  std::vector<float> x = random_floats(18, 1);
  const std::vector<uint8_t> mask = {1, 0, 0, 1};
  const float value = 7.5f;
  std::vector<float> y(18, -1.0f);
  Tensor xd(CNNL_DTYPE_FLOAT, {3, 4}, {6, 1});
  Tensor md(CNNL_DTYPE_BOOL, {1, 4}), vd(CNNL_DTYPE_FLOAT, {1});
  size_t ws = 1;
  ASSERT_EQ(cnnlGetMaskedWorkspaceSize(handle.get(), CNNL_MASKED_FILL, xd.get(),
                                       md.get(), vd.get(), xd.get(), &ws),
            CNNL_STATUS_SUCCESS);
  EXPECT_EQ(ws, 0u);
  uint32_t number = 0;
  ASSERT_EQ(cnnlMasked_v4(handle.get(), CNNL_MASKED_FILL, xd.get(), x.data(),
                          md.get(), mask.data(), vd.get(), &value, nullptr,
                          nullptr, 0, xd.get(), y.data(), &number),
            CNNL_STATUS_SUCCESS);
  EXPECT_EQ(number, 6u);
  for (int r = 0; r < 3; ++r) {
    for (int c = 0; c < 6; ++c) {
      const float want =
          c >= 4 ? -1.0f : (mask[size_t(c)] ? value : x[size_t(r * 6 + c)]);
      EXPECT_EQ(y[size_t(r * 6 + c)], want) << r << "," << c;
    }
  }
}

TEST(CnnlMasked, FillHostHalfInPlaceAndInt64) {
  Handle handle;
  const std::vector<float> xf = random_floats(8, 2);
  std::vector<uint16_t> x = cnnl_test::to_half(xf);
  const std::vector<uint16_t> x0 = x;
  const std::vector<int8_t> mask = {0, 1, 1, 0, 0, 0, 1, 0};
  const uint16_t value = xbang::float_to_half_bits_rn(-3.0f);
  Tensor xd(CNNL_DTYPE_HALF, {2, 4}), md(CNNL_DTYPE_INT8, {2, 4});
  ASSERT_EQ(cnnlMasked_v4(handle.get(), CNNL_MASKED_FILL_HOST, xd.get(),
                          x.data(), md.get(), mask.data(), nullptr, nullptr,
                          &value, nullptr, 0, xd.get(), x.data(), nullptr),
            CNNL_STATUS_SUCCESS);
  for (size_t i = 0; i < 8; ++i) EXPECT_EQ(x[i], mask[i] ? value : x0[i]) << i;
  // int64 input takes an int32 host scalar.
  std::vector<int64_t> big = {int64_t(1) << 40, 2, 3, 4, 5, 6, 7, 8};
  std::vector<int64_t> out(8, 0);
  const int32_t fill = -9;
  Tensor bd(CNNL_DTYPE_INT64, {2, 4});
  ASSERT_EQ(cnnlMasked_v4(handle.get(), CNNL_MASKED_FILL_HOST, bd.get(),
                          big.data(), md.get(), mask.data(), nullptr, nullptr,
                          &fill, nullptr, 0, bd.get(), out.data(), nullptr),
            CNNL_STATUS_SUCCESS);
  for (size_t i = 0; i < 8; ++i) EXPECT_EQ(out[i], mask[i] ? -9 : big[i]) << i;
}

TEST(CnnlMasked, SelectScatterAndScale) {
  Handle handle;
  const std::vector<int32_t> x = random_ints(12, 3, -50, 50);
  const std::vector<uint8_t> mask = {1, 0, 1, 1, 0, 0, 0, 1, 1, 0, 1, 0};
  Tensor xd(CNNL_DTYPE_INT32, {3, 4}), md(CNNL_DTYPE_UINT8, {3, 4});
  Tensor od(CNNL_DTYPE_INT32, {12});
  std::vector<int32_t> out(12, 99);
  uint32_t number = 0;
  ASSERT_EQ(cnnlMasked_v3(handle.get(), CNNL_MASKED_SELECT, xd.get(), x.data(),
                          md.get(), mask.data(), nullptr, nullptr, nullptr, 0,
                          od.get(), out.data(), &number),
            CNNL_STATUS_SUCCESS);
  std::vector<int32_t> picked;
  for (size_t i = 0; i < 12; ++i) {
    if (mask[i]) picked.push_back(x[i]);
  }
  ASSERT_EQ(number, picked.size());
  for (size_t i = 0; i < 12; ++i) {
    EXPECT_EQ(out[i], i < picked.size() ? picked[i] : 99) << i;
  }
  // SCATTER: the masked elements take value's first elements in order.
  const std::vector<int32_t> values = random_ints(8, 5, 100, 200);
  Tensor vd(CNNL_DTYPE_INT32, {8});
  std::vector<int32_t> scattered(12);
  ASSERT_EQ(
      cnnlMasked_v4(handle.get(), CNNL_MASKED_SCATTER, xd.get(), x.data(),
                    md.get(), mask.data(), vd.get(), values.data(), nullptr,
                    nullptr, 0, xd.get(), scattered.data(), nullptr),
      CNNL_STATUS_SUCCESS);
  size_t next = 0;
  for (size_t i = 0; i < 12; ++i) {
    EXPECT_EQ(scattered[i], mask[i] ? values[next++] : x[i]) << i;
  }
  // SCALE (dropout's backward) in bfloat16.
  const std::vector<float> g = random_floats(12, 6);
  std::vector<uint16_t> gb(12), gout(12);
  for (size_t i = 0; i < 12; ++i)
    gb[i] = xbang::float_to_bfloat16_bits_rn(g[i]);
  Tensor gd(CNNL_DTYPE_BFLOAT16, {3, 4});
  const float scale = 2.0f;
  ASSERT_EQ(cnnlMasked_v4(handle.get(), CNNL_MASKED_SCALE, gd.get(), gb.data(),
                          md.get(), mask.data(), nullptr, nullptr, &scale,
                          nullptr, 0, gd.get(), gout.data(), nullptr),
            CNNL_STATUS_SUCCESS);
  for (size_t i = 0; i < 12; ++i) {
    EXPECT_EQ(xbang::bfloat16_bits_to_float(gout[i]),
              mask[i] ? 2.0f * xbang::bfloat16_bits_to_float(gb[i]) : 0.0f)
        << i;
  }
}

// ---- Where ----

void check_where(bool as_tuple) {
  Handle handle;
  std::vector<float> x = random_floats(24, 7);
  for (size_t i = 0; i < x.size(); i += 3) x[i] = 0.0f;
  int32_t count = 0;
  for (const float v : x) count += v != 0.0f ? 1 : 0;
  Tensor xd(CNNL_DTYPE_FLOAT, {2, 3, 4}), nd(CNNL_DTYPE_INT32, {1});
  Tensor yd(CNNL_DTYPE_INT32, as_tuple ? std::vector<int64_t>{3, count}
                                       : std::vector<int64_t>{count, 3});
  size_t ws = 1;
  ASSERT_EQ(cnnlGetWhereWorkspaceSize(handle.get(), nd.get(), &ws),
            CNNL_STATUS_SUCCESS);
  EXPECT_EQ(ws, 0u);
  std::vector<int32_t> y(size_t(count) * 3, -1);
  ASSERT_EQ(cnnlWhere_v2(handle.get(), xd.get(), x.data(), nd.get(), &count,
                         as_tuple, nullptr, 0, yd.get(), y.data()),
            CNNL_STATUS_SUCCESS);
  int k = 0;
  for (int a = 0; a < 2; ++a) {
    for (int b = 0; b < 3; ++b) {
      for (int c = 0; c < 4; ++c) {
        if (x[size_t((a * 3 + b) * 4 + c)] == 0.0f) continue;
        const int want[3] = {a, b, c};
        for (int d = 0; d < 3; ++d) {
          EXPECT_EQ(y[size_t(as_tuple ? d * count + k : k * 3 + d)], want[d]);
        }
        ++k;
      }
    }
  }
}
TEST(CnnlWhere, Rows) { check_where(false); }
TEST(CnnlWhere, AsTuple) { check_where(true); }

// ---- SelectV2 ----

TEST(CnnlSelectV2, BroadcastFloatAndInt64) {
  Handle handle;
  const std::vector<uint8_t> cond = {1, 0, 1};
  const std::vector<float> then_v = random_floats(12, 8);
  const std::vector<float> else_v = random_floats(4, 9);
  Tensor cd(CNNL_DTYPE_BOOL, {3, 1}), td(CNNL_DTYPE_FLOAT, {3, 4});
  Tensor ed(CNNL_DTYPE_FLOAT, {4}), od(CNNL_DTYPE_FLOAT, {3, 4}, {8, 2});
  size_t ws = 1;
  ASSERT_EQ(cnnlGetSelectV2WorkspaceSize(handle.get(), cd.get(), td.get(),
                                         ed.get(), &ws),
            CNNL_STATUS_SUCCESS);
  std::vector<float> out(24, -1.0f);
  ASSERT_EQ(
      cnnlSelectV2(handle.get(), cd.get(), cond.data(), td.get(), then_v.data(),
                   ed.get(), else_v.data(), nullptr, 0, od.get(), out.data()),
      CNNL_STATUS_SUCCESS);
  for (size_t r = 0; r < 3; ++r) {
    for (size_t c = 0; c < 4; ++c) {
      EXPECT_EQ(out[r * 8 + c * 2], cond[r] ? then_v[r * 4 + c] : else_v[c]);
      EXPECT_EQ(out[r * 8 + c * 2 + 1], -1.0f);
    }
  }
  const std::vector<int64_t> a = {int64_t(1) << 50, 2},
                             b = {3, -(int64_t(1) << 52)};
  const std::vector<uint8_t> pick = {0, 1};
  std::vector<int64_t> c(2);
  Tensor ad(CNNL_DTYPE_INT64, {2}), pd(CNNL_DTYPE_UINT8, {2});
  ASSERT_EQ(
      cnnlSelectV2(handle.get(), pd.get(), pick.data(), ad.get(), a.data(),
                   ad.get(), b.data(), nullptr, 0, ad.get(), c.data()),
      CNNL_STATUS_SUCCESS);
  EXPECT_EQ(c[0], b[0]);
  EXPECT_EQ(c[1], a[1]);
}

// ---- Gather, Scatter, IndexAdd ----

template <class Index>
void check_gather(cnnlDataType_t index_type, int dim) {
  Handle handle;
  // input [3, 5] through a row stride of 7; index [2, 4] (or [4, 3]).
  const std::vector<int64_t> in_data = {10, 11, 12, 13, 14, 0, 0,
                                        20, 21, 22, 23, 24, 0, 0,
                                        30, 31, 32, 33, 34, 0, 0};
  const std::vector<int64_t> idims =
      dim == 0 ? std::vector<int64_t>{2, 4} : std::vector<int64_t>{3, 4};
  const int extent = dim == 0 ? 3 : 5;
  const std::vector<int32_t> raw = random_ints(12, 10, 0, extent - 1);
  const std::vector<Index> index(raw.begin(),
                                 raw.begin() + idims[0] * idims[1]);
  Tensor xd(CNNL_DTYPE_INT64, {3, 5}, {7, 1}), id(index_type, idims);
  Tensor od(CNNL_DTYPE_INT64, idims);
  std::vector<int64_t> out(size_t(idims[0] * idims[1]));
  ASSERT_EQ(cnnlGather(handle.get(), dim, xd.get(), in_data.data(), id.get(),
                       index.data(), od.get(), out.data()),
            CNNL_STATUS_SUCCESS);
  for (int64_t r = 0; r < idims[0]; ++r) {
    for (int64_t c = 0; c < idims[1]; ++c) {
      const int64_t v = int64_t(index[size_t(r * idims[1] + c)]);
      const int64_t want =
          dim == 0 ? in_data[size_t(v * 7 + c)] : in_data[size_t(r * 7 + v)];
      EXPECT_EQ(out[size_t(r * idims[1] + c)], want);
    }
  }
}
TEST(CnnlGather, Dim0Int32) { check_gather<int32_t>(CNNL_DTYPE_INT32, 0); }
TEST(CnnlGather, Dim1Int64) { check_gather<int64_t>(CNNL_DTYPE_INT64, 1); }

void check_scatter(cnnlScatterMode_t mode, bool v2) {
  Handle handle;
  // input [4, 3]; index and src [2, 3] along dim 0.
  const std::vector<float> in = random_floats(12, 11);
  const std::vector<float> src = random_floats(6, 12);
  const std::vector<int32_t> index = {3, 0, 1, 3, 2, 1};
  Tensor xd(CNNL_DTYPE_FLOAT, {4, 3}), id(CNNL_DTYPE_INT32, {2, 3});
  Tensor sd(CNNL_DTYPE_FLOAT, {2, 3});
  std::vector<float> want = in;
  for (size_t i = 0; i < 6; ++i) {
    float& to = want[size_t(index[i]) * 3 + i % 3];
    to = mode == CNNL_SCATTER       ? src[i]
         : mode == CNNL_SCATTER_ADD ? to + src[i]
         : mode == CNNL_SCATTER_MAX ? std::max(to, src[i])
                                    : std::min(to, src[i]);
  }
  std::vector<float> out(12);
  const cnnlStatus_t status =
      v2 ? cnnlScatter_v2(handle.get(), 0, xd.get(), in.data(), id.get(),
                          index.data(), sd.get(), src.data(), nullptr, 0,
                          xd.get(), out.data(), mode)
         : cnnlScatter(handle.get(), 0, xd.get(), in.data(), id.get(),
                       index.data(), sd.get(), src.data(), xd.get(), out.data(),
                       mode);
  ASSERT_EQ(status, CNNL_STATUS_SUCCESS);
  for (size_t i = 0; i < 12; ++i) EXPECT_FLOAT_EQ(out[i], want[i]) << i;
}
TEST(CnnlScatter, Update) { check_scatter(CNNL_SCATTER, false); }
TEST(CnnlScatter, Add) { check_scatter(CNNL_SCATTER_ADD, false); }
TEST(CnnlScatter, MaxV2) { check_scatter(CNNL_SCATTER_MAX, true); }
TEST(CnnlScatter, MinV2) { check_scatter(CNNL_SCATTER_MIN, true); }

TEST(CnnlIndexAdd, HalfDim1InPlace) {
  Handle handle;
  // input [2, 4, 3]; index [3] along dim 1 (with a repeat); source [2, 3, 3].
  const std::vector<float> xf = random_floats(24, 13, -1, 1);
  const std::vector<float> sf = random_floats(18, 14, -1, 1);
  std::vector<uint16_t> x = cnnl_test::to_half(xf);
  const std::vector<uint16_t> s = cnnl_test::to_half(sf);
  const std::vector<int64_t> index = {2, 0, 2};
  std::vector<double> want(24);
  for (size_t i = 0; i < 24; ++i) want[i] = cnnl_test::from_half(x[i]);
  for (int a = 0; a < 2; ++a) {
    for (int k = 0; k < 3; ++k) {
      for (int c = 0; c < 3; ++c) {
        want[size_t((a * 4 + index[size_t(k)]) * 3 + c)] +=
            cnnl_test::from_half(s[size_t((a * 3 + k) * 3 + c)]);
      }
    }
  }
  Tensor xd(CNNL_DTYPE_HALF, {2, 4, 3}), id(CNNL_DTYPE_INT64, {3});
  Tensor sd(CNNL_DTYPE_HALF, {2, 3, 3});
  ASSERT_EQ(cnnlIndexAdd(handle.get(), 1, xd.get(), x.data(), id.get(),
                         index.data(), sd.get(), s.data(), xd.get(), x.data()),
            CNNL_STATUS_SUCCESS);
  for (size_t i = 0; i < 24; ++i) {
    EXPECT_NEAR(cnnl_test::from_half(x[i]), want[i], 2e-3) << i;
  }
}

// ---- Tile ----

TEST(CnnlTile, Int8AndStridedFloat) {
  Handle handle;
  const std::vector<int8_t> x = {1, 2, 3, 4, 5, 6};
  std::vector<int8_t> y(24);
  Tensor xd(CNNL_DTYPE_INT8, {2, 3}), yd(CNNL_DTYPE_INT8, {4, 6});
  ASSERT_EQ(cnnlTile(handle.get(), xd.get(), x.data(), yd.get(), y.data()),
            CNNL_STATUS_SUCCESS);
  for (int r = 0; r < 4; ++r) {
    for (int c = 0; c < 6; ++c) {
      EXPECT_EQ(y[size_t(r * 6 + c)], x[size_t((r % 2) * 3 + c % 3)]);
    }
  }
  // A column read through a stride of 2, repeated 3 times along dim 1.
  const std::vector<float> f = {1.5f, 0, 2.5f, 0};
  std::vector<float> g(6);
  Tensor fd(CNNL_DTYPE_FLOAT, {2, 1}, {2, 1}), gd(CNNL_DTYPE_FLOAT, {2, 3});
  ASSERT_EQ(cnnlTile(handle.get(), fd.get(), f.data(), gd.get(), g.data()),
            CNNL_STATUS_SUCCESS);
  EXPECT_EQ(g, (std::vector<float>{1.5f, 1.5f, 1.5f, 2.5f, 2.5f, 2.5f}));
}

// ---- Embedding, Roll, Cumsum, Linspace, Tri, OneHot, IndexFill ----

TEST(CnnlEmbedding, ForwardAndBackwardWithPaddingAndFrequency) {
  Handle handle;
  const int64_t num = 5, d = 3;
  const std::vector<float> weight = random_floats(size_t(num * d), 15);
  const std::vector<int64_t> indices = {4, 1, 4, 0, 2, 4};  // [2, 3]
  Tensor wd(CNNL_DTYPE_FLOAT, {num, d}), id(CNNL_DTYPE_INT64, {2, 3});
  Tensor od(CNNL_DTYPE_FLOAT, {2, 3, d});
  std::vector<float> out(18);
  ASSERT_EQ(cnnlEmbeddingForward_v2(handle.get(), wd.get(), weight.data(),
                                    id.get(), indices.data(), -1, nullptr,
                                    nullptr, od.get(), out.data()),
            CNNL_STATUS_SUCCESS);
  for (size_t i = 0; i < 6; ++i) {
    for (size_t j = 0; j < size_t(d); ++j) {
      EXPECT_EQ(out[i * 3 + j], weight[size_t(indices[i]) * 3 + j]);
    }
  }
  // Backward in half, padding_idx 0, gradients scaled by frequency.
  const std::vector<uint16_t> grad = cnnl_test::to_half(random_floats(18, 16));
  std::vector<uint16_t> dw(size_t(num * d), 0xFFFF);
  Tensor gd(CNNL_DTYPE_HALF, {2, 3, d}), dwd(CNNL_DTYPE_HALF, {num, d});
  size_t ws = 1;
  ASSERT_EQ(cnnlGetEmbeddingBackwardWorkspaceSize(handle.get(), gd.get(),
                                                  dwd.get(), true, &ws),
            CNNL_STATUS_SUCCESS);
  EXPECT_EQ(ws, 0u);
  ASSERT_EQ(cnnlEmbeddingBackward(handle.get(), 0, true, id.get(),
                                  indices.data(), gd.get(), grad.data(),
                                  nullptr, 0, dwd.get(), dw.data()),
            CNNL_STATUS_SUCCESS);
  std::vector<double> want(size_t(num * d), 0.0), count(size_t(num), 0.0);
  for (const int64_t k : indices) count[size_t(k)] += 1;
  for (size_t i = 0; i < 6; ++i) {
    if (indices[i] == 0) continue;
    for (size_t j = 0; j < 3; ++j) {
      want[size_t(indices[i]) * 3 + j] +=
          cnnl_test::from_half(grad[i * 3 + j]) / count[size_t(indices[i])];
    }
  }
  for (size_t i = 0; i < want.size(); ++i) {
    EXPECT_NEAR(cnnl_test::from_half(dw[i]), want[i], 2e-3) << i;
  }
}

TEST(CnnlRoll, DimsAndFlattened) {
  Handle handle;
  std::vector<int16_t> x(12);
  for (size_t i = 0; i < 12; ++i) x[i] = int16_t(i);
  Tensor xd(CNNL_DTYPE_INT16, {3, 4});
  size_t ws = 1;
  ASSERT_EQ(cnnlGetRollWorkspaceSize(handle.get(), xd.get(), &ws),
            CNNL_STATUS_SUCCESS);
  std::vector<int16_t> y(12);
  const int shifts[] = {1, -1}, dims[] = {0, -1};
  ASSERT_EQ(cnnlRoll(handle.get(), xd.get(), x.data(), shifts, 2, dims, 2,
                     nullptr, 0, xd.get(), y.data()),
            CNNL_STATUS_SUCCESS);
  for (int r = 0; r < 3; ++r) {
    for (int c = 0; c < 4; ++c) {
      EXPECT_EQ(y[size_t(r * 4 + c)], x[size_t((r + 2) % 3 * 4 + (c + 1) % 4)]);
    }
  }
  const int flat_shift[] = {5};
  ASSERT_EQ(cnnlRoll(handle.get(), xd.get(), x.data(), flat_shift, 1, nullptr,
                     0, nullptr, 0, xd.get(), y.data()),
            CNNL_STATUS_SUCCESS);
  for (int i = 0; i < 12; ++i) EXPECT_EQ(y[size_t(i)], x[size_t((i + 7) % 12)]);
}

void check_cumsum(bool exclusive, bool reverse) {
  Handle handle;
  // [2, 3, 4] summed along axis 1, input read through a padded stride.
  const std::vector<float> x = random_floats(2 * 3 * 6, 17);
  Tensor xd(CNNL_DTYPE_FLOAT, {2, 3, 4}, {18, 6, 1});
  Tensor yd(CNNL_DTYPE_FLOAT, {2, 3, 4});
  std::vector<float> y(24);
  ASSERT_EQ(cnnlCumsum(handle.get(), xd.get(), x.data(), -2, exclusive, reverse,
                       CNNL_PROPAGATE_NAN, yd.get(), y.data()),
            CNNL_STATUS_SUCCESS);
  for (int a = 0; a < 2; ++a) {
    for (int c = 0; c < 4; ++c) {
      for (int i = 0; i < 3; ++i) {
        double want = 0;
        for (int k = 0; k < 3; ++k) {
          const bool before = reverse ? k > i : k < i;
          if (before || (!exclusive && k == i)) {
            want += x[size_t(a * 18 + k * 6 + c)];
          }
        }
        EXPECT_NEAR(y[size_t((a * 3 + i) * 4 + c)], want, 1e-5);
      }
    }
  }
}
TEST(CnnlCumsum, Inclusive) { check_cumsum(false, false); }
TEST(CnnlCumsum, ExclusiveReverse) { check_cumsum(true, true); }

TEST(CnnlLinspace, FloatAndInt32) {
  Handle handle;
  std::vector<float> y(7);
  Tensor yd(CNNL_DTYPE_FLOAT, {7});
  ASSERT_EQ(cnnlLinspace(handle.get(), -1.0f, 2.0f, yd.get(), y.data()),
            CNNL_STATUS_SUCCESS);
  for (int i = 0; i < 7; ++i) EXPECT_FLOAT_EQ(y[size_t(i)], -1.0f + 0.5f * i);
  std::vector<int32_t> z(5);
  Tensor zd(CNNL_DTYPE_INT32, {5});
  ASSERT_EQ(cnnlLinspace(handle.get(), 0.0f, 8.0f, zd.get(), z.data()),
            CNNL_STATUS_SUCCESS);
  EXPECT_EQ(z, (std::vector<int32_t>{0, 2, 4, 6, 8}));
}

TEST(CnnlTri, UpperAndLowerBatched) {
  Handle handle;
  const std::vector<double> x = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
                                 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
  Tensor xd(CNNL_DTYPE_DOUBLE, {2, 3, 4});
  for (const bool upper : {true, false}) {
    for (const int diagonal : {-1, 0, 2}) {
      std::vector<double> y(24, -7);
      ASSERT_EQ(cnnlTri(handle.get(), diagonal, upper, xd.get(), x.data(),
                        xd.get(), y.data()),
                CNNL_STATUS_SUCCESS);
      for (int e = 0; e < 24; ++e) {
        const int j = e % 4, i = e / 4 % 3;
        const bool keep = upper ? j - i >= diagonal : j - i <= diagonal;
        EXPECT_EQ(y[size_t(e)], keep ? x[size_t(e)] : 0.0) << e;
      }
    }
  }
}

TEST(CnnlOneHot, AxisLastAndFirst) {
  Handle handle;
  const std::vector<int32_t> idx = {2, 0, 5, 1};  // [2, 2]; 5 is out of range
  Tensor id(CNNL_DTYPE_INT32, {2, 2});
  const float on = 1.5f, off = -0.5f;
  for (const int axis : {-1, 0}) {
    std::vector<float> y(12, 9.0f);
    ASSERT_EQ(cnnlOneHot(handle.get(), id.get(), idx.data(), 3, &on, &off, axis,
                         CNNL_DTYPE_FLOAT, y.data()),
              CNNL_STATUS_SUCCESS);
    for (int i = 0; i < 4; ++i) {
      for (int d = 0; d < 3; ++d) {
        const size_t at = axis == -1 ? size_t(i * 3 + d) : size_t(d * 4 + i);
        EXPECT_EQ(y[at], idx[size_t(i)] == d ? on : off) << axis << i << d;
      }
    }
  }
}

TEST(CnnlIndexFill, HalfDim1) {
  Handle handle;
  std::vector<uint16_t> x = cnnl_test::to_half(random_floats(24, 18));
  const std::vector<uint16_t> x0 = x;
  const std::vector<int32_t> index = {3, 0, 3};
  const uint16_t value = xbang::float_to_half_bits_rn(2.25f);
  Tensor xd(CNNL_DTYPE_HALF, {2, 4, 3}), id(CNNL_DTYPE_INT32, {3});
  ASSERT_EQ(cnnlIndexFill_v2(handle.get(), 1, CNNL_POINTER_MODE_HOST, &value,
                             xd.get(), x.data(), id.get(), index.data(),
                             xd.get(), x.data()),
            CNNL_STATUS_SUCCESS);
  for (size_t e = 0; e < 24; ++e) {
    const size_t row = e / 3 % 4;
    EXPECT_EQ(x[e], row == 0 || row == 3 ? value : x0[e]) << e;
  }
}

// ---- Bad calls: status, a log line naming the function, nothing written.

struct Objects {
  Handle handle;
  Tensor x{CNNL_DTYPE_FLOAT, {2, 4}};
  Tensor x_half{CNNL_DTYPE_HALF, {2, 4}};
  Tensor x_wide{CNNL_DTYPE_FLOAT, {2, 8}};
  Tensor mask{CNNL_DTYPE_BOOL, {2, 4}};
  Tensor mask3{CNNL_DTYPE_BOOL, {3}};
  Tensor mask_float{CNNL_DTYPE_FLOAT, {2, 4}};
  Tensor one{CNNL_DTYPE_FLOAT, {1}};
  Tensor two{CNNL_DTYPE_FLOAT, {2}};
  Tensor num{CNNL_DTYPE_INT32, {1}};
  Tensor coords{CNNL_DTYPE_INT32, {1, 2}};
  Tensor index{CNNL_DTYPE_INT32, {2, 4}};
  Tensor index_float{CNNL_DTYPE_FLOAT, {2, 4}};
  Tensor index1{CNNL_DTYPE_INT32, {2}};
  Tensor out3{CNNL_DTYPE_FLOAT, {3, 4}};
  Tensor complex{CNNL_DTYPE_COMPLEX_FLOAT, {2, 4}};
  cnnlTensorDescriptor_t unset = nullptr;
  float in[16] = {1, 2, 3};
  uint8_t set[16] = {1, 0, 1};
  int32_t idx[16] = {0, 1, 0, 1, 0, 1, 0, 1};
  int32_t idx_bad[16] = {0, 1, 5, 1, 0, 1, 0, 1};
  int32_t count = 2;
  float out[64] = {};
  Objects() { cnnlCreateTensorDescriptor(&unset); }
  ~Objects() { cnnlDestroyTensorDescriptor(unset); }
  cnnlStatus_t fill(cnnlHandle_t h, cnnlTensorDescriptor_t xd,
                    cnnlTensorDescriptor_t md, cnnlTensorDescriptor_t vd,
                    cnnlTensorDescriptor_t od, size_t workspace_size = 0,
                    cnnlMaskedOp_t op = CNNL_MASKED_FILL) {
    return cnnlMasked_v4(h, op, xd, in, md, set, vd, in, nullptr, nullptr,
                         workspace_size, od, out, nullptr);
  }
  cnnlStatus_t gather(cnnlHandle_t h, int dim, cnnlTensorDescriptor_t id,
                      const void* index_data, cnnlTensorDescriptor_t od) {
    return cnnlGather(h, dim, x.get(), in, id, index_data, od, out);
  }
  cnnlStatus_t scatter(cnnlHandle_t h, cnnlTensorDescriptor_t id,
                       const void* index_data, cnnlTensorDescriptor_t od,
                       cnnlScatterMode_t mode = CNNL_SCATTER) {
    return cnnlScatter(h, 1, x.get(), in, id, index_data, x.get(), in, od, out,
                       mode);
  }
};
using Bad = BadCall<cnnlStatus_t, Objects&>;
constexpr cnnlStatus_t kBad = CNNL_STATUS_BAD_PARAM;
constexpr cnnlStatus_t kNotSupported = CNNL_STATUS_NOT_SUPPORTED;

const Bad kBadCalls[] = {
    {"MaskedNullHandle",
     [](Objects& o) {
       return o.fill(nullptr, o.x.get(), o.mask.get(), o.one.get(), o.x.get());
     },
     kBad},
    {"MaskedUnknownOp",
     [](Objects& o) {
       return o.fill(o.handle.get(), o.x.get(), o.mask.get(), o.one.get(),
                     o.x.get(), 0, cnnlMaskedOp_t(9));
     },
     kBad},
    {"MaskedMaskDoesNotBroadcast",
     [](Objects& o) {
       return o.fill(o.handle.get(), o.x.get(), o.mask3.get(), o.one.get(),
                     o.x.get());
     },
     kBad},
    {"MaskedFloatMask",
     [](Objects& o) {
       return o.fill(o.handle.get(), o.x.get(), o.mask_float.get(), o.one.get(),
                     o.x.get());
     },
     kBad},
    {"MaskedValueNotOneElement",
     [](Objects& o) {
       return o.fill(o.handle.get(), o.x.get(), o.mask.get(), o.two.get(),
                     o.x.get());
     },
     kBad},
    {"MaskedOutputTypeMismatch",
     [](Objects& o) {
       return o.fill(o.handle.get(), o.x.get(), o.mask.get(), o.one.get(),
                     o.x_half.get());
     },
     kBad},
    {"MaskedOutputShapeMismatch",
     [](Objects& o) {
       return o.fill(o.handle.get(), o.x.get(), o.mask.get(), o.one.get(),
                     o.x_wide.get());
     },
     kBad},
    {"MaskedUnsetInput",
     [](Objects& o) {
       return o.fill(o.handle.get(), o.unset, o.mask.get(), o.one.get(),
                     o.x.get());
     },
     kBad},
    {"MaskedWorkspaceMissing",
     [](Objects& o) {
       return o.fill(o.handle.get(), o.x.get(), o.mask.get(), o.one.get(),
                     o.x.get(), 128);
     },
     kBad},
    {"MaskedSelectOutputTooSmall",
     [](Objects& o) {
       return o.fill(o.handle.get(), o.x.get(), o.mask.get(), nullptr,
                     o.one.get(), 0, CNNL_MASKED_SELECT);
     },
     kBad},
    {"MaskedScaleWithoutScalar",
     [](Objects& o) {
       return o.fill(o.handle.get(), o.x.get(), o.mask.get(), nullptr,
                     o.x.get(), 0, CNNL_MASKED_SCALE);
     },
     kBad},
    {"MaskedV3FillHost",
     [](Objects& o) {
       return cnnlMasked_v3(o.handle.get(), CNNL_MASKED_FILL_HOST, o.x.get(),
                            o.in, o.mask.get(), o.set, nullptr, nullptr,
                            nullptr, 0, o.x.get(), o.out, nullptr);
     },
     kBad},
    {"MaskedWorkspaceQueryNullSize",
     [](Objects& o) {
       return cnnlGetMaskedWorkspaceSize(o.handle.get(), CNNL_MASKED_FILL,
                                         o.x.get(), o.mask.get(), nullptr,
                                         o.x.get(), nullptr);
     },
     kBad},
    {"WhereNullHandle",
     [](Objects& o) {
       return cnnlWhere_v2(nullptr, o.x.get(), o.in, o.num.get(), &o.count,
                           false, nullptr, 0, o.coords.get(), o.out);
     },
     kBad},
    {"WhereCountMismatch",
     [](Objects& o) {
       return cnnlWhere_v2(o.handle.get(), o.x.get(), o.in, o.num.get(),
                           &o.count, false, nullptr, 0, o.coords.get(), o.out);
     },
     kBad},
    {"WhereComplexNotSupported",
     [](Objects& o) {
       return cnnlWhere_v2(o.handle.get(), o.complex.get(), o.in, o.num.get(),
                           &o.count, false, nullptr, 0, o.coords.get(), o.out);
     },
     kNotSupported},
    {"WhereWorkspaceQueryNullHandle",
     [](Objects& o) {
       size_t size = 0;
       return cnnlGetWhereWorkspaceSize(nullptr, o.num.get(), &size);
     },
     kBad},
    {"SelectV2NullHandle",
     [](Objects& o) {
       return cnnlSelectV2(nullptr, o.mask.get(), o.set, o.x.get(), o.in,
                           o.x.get(), o.in, nullptr, 0, o.x.get(), o.out);
     },
     kBad},
    {"SelectV2DoesNotBroadcast",
     [](Objects& o) {
       return cnnlSelectV2(o.handle.get(), o.mask3.get(), o.set, o.x.get(),
                           o.in, o.x.get(), o.in, nullptr, 0, o.x.get(), o.out);
     },
     kBad},
    {"SelectV2TypeMismatch",
     [](Objects& o) {
       return cnnlSelectV2(o.handle.get(), o.mask.get(), o.set, o.x_half.get(),
                           o.in, o.x.get(), o.in, nullptr, 0, o.x.get(), o.out);
     },
     kBad},
    {"SelectV2WorkspaceMissing",
     [](Objects& o) {
       return cnnlSelectV2(o.handle.get(), o.mask.get(), o.set, o.x.get(), o.in,
                           o.x.get(), o.in, nullptr, 8, o.x.get(), o.out);
     },
     kBad},
    {"GatherNullHandle",
     [](Objects& o) {
       return o.gather(nullptr, 1, o.index.get(), o.idx, o.x.get());
     },
     kBad},
    {"GatherDimOutOfRange",
     [](Objects& o) {
       return o.gather(o.handle.get(), 2, o.index.get(), o.idx, o.x.get());
     },
     kBad},
    {"GatherIndexOutOfRange",
     [](Objects& o) {
       return o.gather(o.handle.get(), 0, o.index.get(), o.idx_bad, o.x.get());
     },
     kBad},
    {"GatherFloatIndex",
     [](Objects& o) {
       return o.gather(o.handle.get(), 1, o.index_float.get(), o.idx,
                       o.x.get());
     },
     kBad},
    {"GatherOutputShapeMismatch",
     [](Objects& o) {
       return o.gather(o.handle.get(), 1, o.index.get(), o.idx, o.out3.get());
     },
     kBad},
    {"ScatterNullHandle",
     [](Objects& o) {
       return o.scatter(nullptr, o.index.get(), o.idx, o.x.get());
     },
     kBad},
    {"ScatterIndexOutOfRange",
     [](Objects& o) {
       return o.scatter(o.handle.get(), o.index.get(), o.idx_bad, o.x.get(),
                        CNNL_SCATTER_ADD);
     },
     kBad},
    {"ScatterUnknownMode",
     [](Objects& o) {
       return o.scatter(o.handle.get(), o.index.get(), o.idx, o.x.get(),
                        cnnlScatterMode_t(8));
     },
     kBad},
    {"ScatterOutputShapeMismatch",
     [](Objects& o) {
       return o.scatter(o.handle.get(), o.index.get(), o.idx, o.out3.get());
     },
     kBad},
    {"ScatterV2WorkspaceMissing",
     [](Objects& o) {
       return cnnlScatter_v2(o.handle.get(), 1, o.x.get(), o.in, o.index.get(),
                             o.idx, o.x.get(), o.in, nullptr, 16, o.x.get(),
                             o.out, CNNL_SCATTER);
     },
     kBad},
    {"IndexAddNullHandle",
     [](Objects& o) {
       return cnnlIndexAdd(nullptr, 1, o.x.get(), o.in, o.index1.get(), o.idx,
                           o.x.get(), o.in, o.x.get(), o.out);
     },
     kBad},
    {"IndexAddSourceShapeMismatch",
     [](Objects& o) {
       return cnnlIndexAdd(o.handle.get(), 1, o.x.get(), o.in, o.index1.get(),
                           o.idx, o.x.get(), o.in, o.x.get(), o.out);
     },
     kBad},
    {"IndexAddComplexNotSupported",
     [](Objects& o) {
       return cnnlIndexAdd(o.handle.get(), 1, o.complex.get(), o.in,
                           o.index1.get(), o.idx, o.complex.get(), o.in,
                           o.complex.get(), o.out);
     },
     kNotSupported},
    {"TileNullHandle",
     [](Objects& o) {
       return cnnlTile(nullptr, o.x.get(), o.in, o.x_wide.get(), o.out);
     },
     kBad},
    {"TileNotAMultiple",
     [](Objects& o) {
       return cnnlTile(o.handle.get(), o.x.get(), o.in, o.out3.get(), o.out);
     },
     kBad},
    {"TileTypeMismatch",
     [](Objects& o) {
       return cnnlTile(o.handle.get(), o.x.get(), o.in, o.x_half.get(), o.out);
     },
     kBad},
    {"EmbeddingIndexOutOfRange",
     [](Objects& o) {
       return cnnlEmbeddingForward_v2(o.handle.get(), o.x.get(), o.in,
                                      o.index1.get(), o.idx_bad + 1, -1,
                                      nullptr, nullptr, o.x.get(), o.out);
     },
     kBad},
    {"EmbeddingMaxNormNotSupported",
     [](Objects& o) {
       const float max_norm = 1.0f;
       return cnnlEmbeddingForward_v2(o.handle.get(), o.x.get(), o.in,
                                      o.index1.get(), o.idx, -1, &max_norm,
                                      nullptr, o.x.get(), o.out);
     },
     kNotSupported},
    {"EmbeddingBackwardShapeMismatch",
     [](Objects& o) {
       return cnnlEmbeddingBackward(o.handle.get(), -1, false, o.index1.get(),
                                    o.idx, o.out3.get(), o.in, nullptr, 0,
                                    o.x.get(), o.out);
     },
     kBad},
    {"RollShiftCountMismatch",
     [](Objects& o) {
       const int shifts[] = {1}, dims[] = {0, 1};
       return cnnlRoll(o.handle.get(), o.x.get(), o.in, shifts, 1, dims, 2,
                       nullptr, 0, o.x.get(), o.out);
     },
     kBad},
    {"RollDimOutOfRange",
     [](Objects& o) {
       const int shifts[] = {1}, dims[] = {2};
       return cnnlRoll(o.handle.get(), o.x.get(), o.in, shifts, 1, dims, 1,
                       nullptr, 0, o.x.get(), o.out);
     },
     kBad},
    {"RollWorkspaceMissing",
     [](Objects& o) {
       const int shifts[] = {1};
       return cnnlRoll(o.handle.get(), o.x.get(), o.in, shifts, 1, nullptr, 0,
                       nullptr, 16, o.x.get(), o.out);
     },
     kBad},
    {"CumsumAxisOutOfRange",
     [](Objects& o) {
       return cnnlCumsum(o.handle.get(), o.x.get(), o.in, 2, false, false,
                         CNNL_PROPAGATE_NAN, o.x.get(), o.out);
     },
     kBad},
    {"CumsumNullHandle",
     [](Objects& o) {
       return cnnlCumsum(nullptr, o.x.get(), o.in, 0, false, false,
                         CNNL_PROPAGATE_NAN, o.x.get(), o.out);
     },
     kBad},
    {"LinspaceComplexNotSupported",
     [](Objects& o) {
       return cnnlLinspace(o.handle.get(), 0, 1, o.complex.get(), o.out);
     },
     kNotSupported},
    {"TriOneDimensional",
     [](Objects& o) {
       return cnnlTri(o.handle.get(), 0, true, o.two.get(), o.in, o.two.get(),
                      o.out);
     },
     kBad},
    {"TriShapeMismatch",
     [](Objects& o) {
       return cnnlTri(o.handle.get(), 0, true, o.x.get(), o.in, o.out3.get(),
                      o.out);
     },
     kBad},
    {"OneHotAxisOutOfRange",
     [](Objects& o) {
       const float on = 1, off = 0;
       return cnnlOneHot(o.handle.get(), o.index1.get(), o.idx, 3, &on, &off, 3,
                         CNNL_DTYPE_FLOAT, o.out);
     },
     kBad},
    {"OneHotFloatIndices",
     [](Objects& o) {
       const float on = 1, off = 0;
       return cnnlOneHot(o.handle.get(), o.index_float.get(), o.in, 3, &on,
                         &off, -1, CNNL_DTYPE_FLOAT, o.out);
     },
     kBad},
    {"IndexFillIndexOutOfRange",
     [](Objects& o) {
       const float value = 1;
       return cnnlIndexFill_v2(o.handle.get(), 0, CNNL_POINTER_MODE_HOST,
                               &value, o.x.get(), o.in, o.index1.get(),
                               o.idx_bad + 1, o.x.get(), o.out);
     },
     kBad},
    {"IndexFillNullValue",
     [](Objects& o) {
       return cnnlIndexFill_v2(o.handle.get(), 0, CNNL_POINTER_MODE_DEVICE,
                               nullptr, o.x.get(), o.in, o.index1.get(), o.idx,
                               o.x.get(), o.out);
     },
     kBad},
};

class CnnlSelectionBadInput : public testing::TestWithParam<Bad> {};

TEST_P(CnnlSelectionBadInput, ReturnsTheStatusLogsAndWritesNothing) {
  Objects objects;
  cnnl_test::expect_refused(objects, GetParam());
}

INSTANTIATE_TEST_SUITE_P(Table, CnnlSelectionBadInput,
                         testing::ValuesIn(kBadCalls), BadCallName());

}  // namespace
