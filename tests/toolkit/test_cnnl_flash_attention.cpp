// CNNL's FlashAttention (pack mode) against a plain loop: forward outputs
// and log-sum-exp over float, half and bfloat16, grouped heads, causal and
// sliding-window masks and unequal sequence lengths; backward gradients
// against finite differences of the plain-loop forward; and bad calls.
#include <cnnl.h>
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "bad_call_table.h"
#include "cnnl_test_support.h"
#include "xbang/core/bfloat16.h"
#include "xbang/core/half.h"

namespace {

using cnnl_test::Handle;
using cnnl_test::random_floats;
using cnnl_test::Tensor;

struct Case {
  std::vector<int32_t> seq_q, seq_k;  // per sequence
  int heads, kv_heads, dim, dim_v;
  cnnlAttentionMaskMode_t mask;
  int left, right;  // sliding window, -1 unbounded
  float scale;
};

std::vector<int32_t> starts(const std::vector<int32_t>& lengths) {
  std::vector<int32_t> cu = {0};
  for (const int32_t n : lengths) cu.push_back(cu.back() + n);
  return cu;
}

// The plain loop: out [tq, heads, dv] and lse [heads, tq] in double.
void reference(const Case& c, const std::vector<double>& q,
               const std::vector<double>& k, const std::vector<double>& v,
               std::vector<double>* out, std::vector<double>* lse) {
  const std::vector<int32_t> cq = starts(c.seq_q), ck = starts(c.seq_k);
  const int tq = cq.back();
  out->assign(size_t(tq) * c.heads * c.dim_v, 0.0);
  lse->assign(size_t(c.heads) * tq, INFINITY);
  const int group = c.heads / c.kv_heads;
  for (size_t b = 0; b < c.seq_q.size(); ++b) {
    const int sq = c.seq_q[b], sk = c.seq_k[b];
    for (int h = 0; h < c.heads; ++h) {
      const int kh = h / group;
      for (int i = 0; i < sq; ++i) {
        const int qi = cq[b] + i;
        std::vector<double> s(size_t(sk), -INFINITY);
        double m = -INFINITY;
        for (int j = 0; j < sk; ++j) {
          const int kj = ck[b] + j, diag = i + sk - sq;
          int right = c.right;
          if (c.mask == CNNL_ATTN_MASK_CAUSAL)
            right = right < 0 ? 0 : std::min(right, 0);
          if (right >= 0 && j > diag + right) continue;
          if (c.left >= 0 && j < diag - c.left) continue;
          double dot = 0;
          for (int d = 0; d < c.dim; ++d) {
            dot += q[(size_t(qi) * c.heads + h) * c.dim + d] *
                   k[(size_t(kj) * c.kv_heads + kh) * c.dim + d];
          }
          s[size_t(j)] = dot * c.scale;
          m = std::max(m, s[size_t(j)]);
        }
        if (m == -INFINITY) continue;
        double sum = 0;
        for (double& x : s) sum += (x = std::exp(x - m));
        (*lse)[size_t(h) * tq + qi] = m + std::log(sum);
        for (int j = 0; j < sk; ++j) {
          const int kj = ck[b] + j;
          for (int d = 0; d < c.dim_v; ++d) {
            (*out)[(size_t(qi) * c.heads + h) * c.dim_v + d] +=
                s[size_t(j)] / sum *
                v[(size_t(kj) * c.kv_heads + kh) * c.dim_v + d];
          }
        }
      }
    }
  }
}

// Values held in a tensor of `dtype`.
struct Buffer {
  cnnlDataType_t dtype;
  std::vector<uint16_t> half;
  std::vector<float> full;
  Buffer(cnnlDataType_t t, const std::vector<double>& values) : dtype(t) {
    for (const double x : values) {
      if (t == CNNL_DTYPE_FLOAT) {
        full.push_back(float(x));
      } else if (t == CNNL_DTYPE_HALF) {
        half.push_back(xbang::float_to_half_bits_rn(float(x)));
      } else {
        half.push_back(xbang::float_to_bfloat16_bits_rn(float(x)));
      }
    }
  }
  void* data() {
    return dtype == CNNL_DTYPE_FLOAT ? static_cast<void*>(full.data())
                                     : static_cast<void*>(half.data());
  }
  double at(size_t i) const {
    if (dtype == CNNL_DTYPE_FLOAT) return full[i];
    return dtype == CNNL_DTYPE_HALF ? xbang::half_bits_to_float(half[i])
                                    : xbang::bfloat16_bits_to_float(half[i]);
  }
  std::vector<double> values() const {
    std::vector<double> v(dtype == CNNL_DTYPE_FLOAT ? full.size()
                                                    : half.size());
    for (size_t i = 0; i < v.size(); ++i) v[i] = at(i);
    return v;
  }
};

std::vector<double> random_values(size_t n, unsigned seed) {
  const std::vector<float> f = random_floats(n, seed, -1, 1);
  return {f.begin(), f.end()};
}

// The descriptors and buffers of one call.
struct Problem {
  Case c;
  cnnlDataType_t dtype;
  int tq, tk, batch;
  Buffer q, k, v, out;
  std::vector<float> lse;
  std::vector<int32_t> cq, ck;
  Tensor tq_desc, tk_desc, tv_desc, to_desc, tcq, tck, tlse;
  cnnlFlashAttentionDescriptor_t desc = nullptr;

  Problem(const Case& cs, cnnlDataType_t t, bool backward)
      : c(cs),
        dtype(t),
        tq(starts(cs.seq_q).back()),
        tk(starts(cs.seq_k).back()),
        batch(int(cs.seq_q.size())),
        q(t, random_values(size_t(tq) * cs.heads * cs.dim, 1)),
        k(t, random_values(size_t(tk) * cs.kv_heads * cs.dim, 2)),
        v(t, random_values(size_t(tk) * cs.kv_heads * cs.dim_v, 3)),
        out(t, std::vector<double>(size_t(tq) * cs.heads * cs.dim_v, -9)),
        lse(size_t(cs.heads) * tq, -9),
        cq(starts(cs.seq_q)),
        ck(starts(cs.seq_k)),
        tq_desc(t, {tq, cs.heads, cs.dim}),
        tk_desc(t, {tk, cs.kv_heads, cs.dim}),
        tv_desc(t, {tk, cs.kv_heads, cs.dim_v}),
        to_desc(t, {tq, cs.heads, cs.dim_v}),
        tcq(CNNL_DTYPE_INT32, {batch + 1}),
        tck(CNNL_DTYPE_INT32, {batch + 1}),
        tlse(CNNL_DTYPE_FLOAT, {cs.heads, tq}) {
    int max_q = 0, max_k = 0;
    for (size_t b = 0; b < cs.seq_q.size(); ++b) {
      max_q = std::max(max_q, cs.seq_q[b]);
      max_k = std::max(max_k, cs.seq_k[b]);
    }
    EXPECT_EQ(cnnlCreateFlashAttentionDescriptor(&desc), CNNL_STATUS_SUCCESS);
    const auto set = backward ? cnnlSetFlashAttentionBackwardDescriptor
                              : cnnlSetFlashAttentionDescriptor;
    EXPECT_EQ(set(desc, CNNL_DTYPE_FLOAT, CNNL_ACTIVATION_HIGH_PRECISION,
                  cs.mask, true, false, false, max_q, max_k, 0.0f, cs.scale),
              CNNL_STATUS_SUCCESS);
    EXPECT_EQ(
        cnnlSetFlashAttentionSlidingWindowSize(desc, cs.left, cs.right, 1),
        CNNL_STATUS_SUCCESS);
  }
  ~Problem() { cnnlDestroyFlashAttentionDescriptor(desc); }

  cnnlStatus_t forward(cnnlHandle_t h) {
    return cnnlFlashAttentionForward_v2(
        h, desc, tq_desc.get(), q.data(), tk_desc.get(), k.data(),
        tv_desc.get(), v.data(), tcq.get(), cq.data(), tck.get(), ck.data(),
        nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr,
        0, nullptr, nullptr, tlse.get(), lse.data(), to_desc.get(), out.data());
  }
};

const Case kCases[] = {
    {{3, 5}, {4, 6}, 4, 2, 8, 8, CNNL_ATTN_MASK_NONE, -1, -1, 0.35f},
    {{3, 5}, {4, 6}, 4, 2, 8, 6, CNNL_ATTN_MASK_CAUSAL, -1, -1, 0.35f},
    {{6, 2}, {6, 7}, 2, 1, 4, 4, CNNL_ATTN_MASK_NONE, 2, 1, 0.5f},
    {{5}, {3}, 2, 2, 4, 4, CNNL_ATTN_MASK_CAUSAL, -1, -1, 0.5f},  // empty rows
};

TEST(CnnlFlashAttention, ForwardMatchesThePlainLoop) {
  Handle handle;
  for (const cnnlDataType_t dtype :
       {CNNL_DTYPE_FLOAT, CNNL_DTYPE_HALF, CNNL_DTYPE_BFLOAT16}) {
    for (size_t n = 0; n < sizeof(kCases) / sizeof(kCases[0]); ++n) {
      Problem p(kCases[n], dtype, false);
      size_t ws = 7, randoms = 0;
      ASSERT_EQ(cnnlGetFlashAttentionForwardWorkspaceSize(
                    handle.get(), p.desc, p.tq_desc.get(), p.tk_desc.get(),
                    p.tv_desc.get(), &ws),
                CNNL_STATUS_SUCCESS);
      EXPECT_EQ(ws, 0u);
      ASSERT_EQ(cnnlGetFlashAttentionGeneratedRandomNumbers(
                    handle.get(), p.desc, p.tq_desc.get(), p.tv_desc.get(),
                    p.tcq.get(), &randoms),
                CNNL_STATUS_SUCCESS);
      EXPECT_GT(randoms, 0u);
      ASSERT_EQ(p.forward(handle.get()), CNNL_STATUS_SUCCESS);
      std::vector<double> out, lse;
      reference(p.c, p.q.values(), p.k.values(), p.v.values(), &out, &lse);
      const double tol = dtype == CNNL_DTYPE_FLOAT  ? 1e-5
                         : dtype == CNNL_DTYPE_HALF ? 2e-3
                                                    : 1.6e-2;
      const std::string what =
          "case " + std::to_string(n) + " dtype " + std::to_string(dtype);
      for (size_t i = 0; i < out.size(); ++i) {
        EXPECT_NEAR(p.out.at(i), out[i], tol) << what << " out " << i;
      }
      for (size_t i = 0; i < lse.size(); ++i) {
        if (std::isinf(lse[i])) {
          EXPECT_EQ(p.lse[i], INFINITY) << what << " lse " << i;
        } else {
          EXPECT_NEAR(p.lse[i], lse[i], 1e-4) << what << " lse " << i;
        }
      }
    }
  }
}

// d/dx of L = sum(dout . out) by central differences of the plain loop.
TEST(CnnlFlashAttention, BackwardMatchesFiniteDifferences) {
  Handle handle;
  for (size_t n = 0; n < sizeof(kCases) / sizeof(kCases[0]); ++n) {
    const Case& c = kCases[n];
    Problem fwd(c, CNNL_DTYPE_FLOAT, false);
    ASSERT_EQ(fwd.forward(handle.get()), CNNL_STATUS_SUCCESS);
    Problem p(c, CNNL_DTYPE_FLOAT, true);
    const std::vector<double> dout_values =
        random_values(size_t(p.tq) * c.heads * c.dim_v, 4);
    Buffer dout(CNNL_DTYPE_FLOAT, dout_values);
    Buffer dq(CNNL_DTYPE_FLOAT, std::vector<double>(p.q.full.size(), 9)),
        dk(CNNL_DTYPE_FLOAT, std::vector<double>(p.k.full.size(), 9)),
        dv(CNNL_DTYPE_FLOAT, std::vector<double>(p.v.full.size(), 9));
    size_t ws = 7;
    ASSERT_EQ(cnnlGetFlashAttentionBackwardWorkspaceSize_v2(
                  handle.get(), p.desc, p.tq_desc.get(), p.tk_desc.get(),
                  p.tv_desc.get(), p.tcq.get(), &ws),
              CNNL_STATUS_SUCCESS);
    EXPECT_EQ(ws, 0u);
    ASSERT_EQ(
        cnnlFlashAttentionBackward(
            handle.get(), p.desc, fwd.to_desc.get(), dout.data(),
            p.tq_desc.get(), fwd.q.data(), p.tk_desc.get(), fwd.k.data(),
            p.tv_desc.get(), fwd.v.data(), fwd.to_desc.get(), fwd.out.data(),
            fwd.tlse.get(), fwd.lse.data(), p.tcq.get(), p.cq.data(),
            p.tck.get(), p.ck.data(), nullptr, nullptr, 0, p.tq_desc.get(),
            dq.data(), p.tk_desc.get(), dk.data(), p.tv_desc.get(), dv.data(),
            nullptr, nullptr, nullptr, nullptr),
        CNNL_STATUS_SUCCESS);
    const std::vector<double> q0 = fwd.q.values(), k0 = fwd.k.values(),
                              v0 = fwd.v.values();
    auto loss = [&](const std::vector<double>& q, const std::vector<double>& k,
                    const std::vector<double>& v) {
      std::vector<double> out, lse;
      reference(c, q, k, v, &out, &lse);
      double l = 0;
      for (size_t i = 0; i < out.size(); ++i) l += out[i] * dout_values[i];
      return l;
    };
    const double h = 1e-4;
    auto check = [&](const char* name, const std::vector<double>& base,
                     const Buffer& grad, int which) {
      for (size_t i = 0; i < base.size(); ++i) {
        std::vector<double> up = base, down = base;
        up[i] += h;
        down[i] -= h;
        const double numeric =
            which == 0   ? (loss(up, k0, v0) - loss(down, k0, v0)) / (2 * h)
            : which == 1 ? (loss(q0, up, v0) - loss(q0, down, v0)) / (2 * h)
                         : (loss(q0, k0, up) - loss(q0, k0, down)) / (2 * h);
        EXPECT_NEAR(grad.at(i), numeric, 2e-4)
            << "case " << n << " " << name << " " << i;
      }
    };
    check("dq", q0, dq, 0);
    check("dk", k0, dk, 1);
    check("dv", v0, dv, 2);
  }
}

// ---- Bad calls: status, a log line naming the function, nothing written.

struct Objects {
  Handle handle;
  Problem p{kCases[1], CNNL_DTYPE_FLOAT, false};
  Tensor wrong_rank{CNNL_DTYPE_FLOAT, {8, 32}};
  Tensor int_q{CNNL_DTYPE_INT32, {8, 4, 8}};
  Tensor short_lse{CNNL_DTYPE_FLOAT, {4, 7}};
  Tensor bad_cu{CNNL_DTYPE_INT64, {3}};
  std::vector<float> before_out;
  Objects() { before_out = p.out.full; }
};
using Bad = BadCall<cnnlStatus_t, Objects&>;
constexpr cnnlStatus_t kBad = CNNL_STATUS_BAD_PARAM;
constexpr cnnlStatus_t kNotSupported = CNNL_STATUS_NOT_SUPPORTED;

// The forward with one argument replaced.
cnnlStatus_t forward_with(Objects& o, cnnlHandle_t handle,
                          cnnlTensorDescriptor_t q_desc,
                          cnnlTensorDescriptor_t cu_desc,
                          cnnlTensorDescriptor_t lse_desc) {
  Problem& p = o.p;
  return cnnlFlashAttentionForward(
      handle, p.desc, q_desc, p.q.data(), p.tk_desc.get(), p.k.data(),
      p.tv_desc.get(), p.v.data(), cu_desc, p.cq.data(), p.tck.get(),
      p.ck.data(), nullptr, nullptr, 0, nullptr, nullptr, lse_desc,
      p.lse.data(), p.to_desc.get(), p.out.data());
}

const Bad kBadCalls[] = {
    {"NullHandle",
     [](Objects& o) {
       return forward_with(o, nullptr, o.p.tq_desc.get(), o.p.tcq.get(),
                           o.p.tlse.get());
     },
     kBad},
    {"QueryNot3D",
     [](Objects& o) {
       return forward_with(o, o.handle.get(), o.wrong_rank.get(), o.p.tcq.get(),
                           o.p.tlse.get());
     },
     kBad},
    {"QueryInt32",
     [](Objects& o) {
       return forward_with(o, o.handle.get(), o.int_q.get(), o.p.tcq.get(),
                           o.p.tlse.get());
     },
     kNotSupported},
    {"CuSeqlensInt64",
     [](Objects& o) {
       return forward_with(o, o.handle.get(), o.p.tq_desc.get(), o.bad_cu.get(),
                           o.p.tlse.get());
     },
     kBad},
    {"LseMismatchedDims",
     [](Objects& o) {
       return forward_with(o, o.handle.get(), o.p.tq_desc.get(), o.p.tcq.get(),
                           o.short_lse.get());
     },
     kBad},
    {"SequenceBeyondTheTokens",
     [](Objects& o) {
       o.p.cq.back() += 1;
       return forward_with(o, o.handle.get(), o.p.tq_desc.get(), o.p.tcq.get(),
                           o.p.tlse.get());
     },
     kBad},
    {"BackwardDescriptorForward",
     [](Objects& o) {
       cnnlSetFlashAttentionBackwardDescriptor(
           o.p.desc, CNNL_DTYPE_FLOAT, CNNL_ACTIVATION_HIGH_PRECISION,
           CNNL_ATTN_MASK_NONE, true, false, false, 5, 6, 0.0f, 1.0f);
       return forward_with(o, o.handle.get(), o.p.tq_desc.get(), o.p.tcq.get(),
                           o.p.tlse.get());
     },
     kBad},
    {"Dropout",
     [](Objects& o) {
       cnnlSetFlashAttentionDescriptor(
           o.p.desc, CNNL_DTYPE_FLOAT, CNNL_ACTIVATION_HIGH_PRECISION,
           CNNL_ATTN_MASK_NONE, true, false, false, 5, 6, 0.1f, 1.0f);
       return forward_with(o, o.handle.get(), o.p.tq_desc.get(), o.p.tcq.get(),
                           o.p.tlse.get());
     },
     kNotSupported},
    {"NotPackMode",
     [](Objects& o) {
       cnnlSetFlashAttentionDescriptor(
           o.p.desc, CNNL_DTYPE_FLOAT, CNNL_ACTIVATION_HIGH_PRECISION,
           CNNL_ATTN_MASK_NONE, false, false, false, 5, 6, 0.0f, 1.0f);
       return forward_with(o, o.handle.get(), o.p.tq_desc.get(), o.p.tcq.get(),
                           o.p.tlse.get());
     },
     kNotSupported},
    {"SequenceAboveTheMaximum",
     [](Objects& o) {
       cnnlSetFlashAttentionDescriptor(
           o.p.desc, CNNL_DTYPE_FLOAT, CNNL_ACTIVATION_HIGH_PRECISION,
           CNNL_ATTN_MASK_NONE, true, false, false, 2, 6, 0.0f, 1.0f);
       return forward_with(o, o.handle.get(), o.p.tq_desc.get(), o.p.tcq.get(),
                           o.p.tlse.get());
     },
     kBad},
    {"HalfCompute",
     [](Objects& o) {
       return cnnlSetFlashAttentionDescriptor(
           o.p.desc, CNNL_DTYPE_HALF, CNNL_ACTIVATION_HIGH_PRECISION,
           CNNL_ATTN_MASK_NONE, true, false, false, 5, 6, 0.0f, 1.0f);
     },
     kNotSupported},
    {"WindowBelowMinusOne",
     [](Objects& o) {
       return cnnlSetFlashAttentionSlidingWindowSize(o.p.desc, -2, 0, 1);
     },
     kBad},
    {"Dilation",
     [](Objects& o) {
       return cnnlSetFlashAttentionSlidingWindowSize(o.p.desc, -1, -1, 2);
     },
     kNotSupported},
    {"AlibiSlopes",
     [](Objects& o) {
       Problem& p = o.p;
       const float slopes[4] = {};
       return cnnlFlashAttentionForward_v2(
           o.handle.get(), p.desc, p.tq_desc.get(), p.q.data(), p.tk_desc.get(),
           p.k.data(), p.tv_desc.get(), p.v.data(), p.tcq.get(), p.cq.data(),
           p.tck.get(), p.ck.data(), p.tlse.get(), slopes, nullptr, nullptr,
           nullptr, nullptr, nullptr, nullptr, 0, nullptr, nullptr,
           p.tlse.get(), p.lse.data(), p.to_desc.get(), p.out.data());
     },
     kNotSupported},
    {"WorkspaceNullSize",
     [](Objects& o) {
       return cnnlGetFlashAttentionForwardWorkspaceSize(
           o.handle.get(), o.p.desc, o.p.tq_desc.get(), o.p.tk_desc.get(),
           o.p.tv_desc.get(), nullptr);
     },
     kBad},
};

class CnnlFlashAttentionBadInput : public testing::TestWithParam<Bad> {};

TEST_P(CnnlFlashAttentionBadInput, ReturnsTheStatusLogsAndWritesNothing) {
  Objects objects;
  testing::internal::CaptureStderr();
  const cnnlStatus_t status = GetParam().call(objects);
  const std::string log = testing::internal::GetCapturedStderr();
  EXPECT_EQ(status, GetParam().expected)
      << cnnlGetErrorString(status) << " instead of "
      << cnnlGetErrorString(GetParam().expected);
  EXPECT_NE(log.find("[xbang] cnnl"), std::string::npos) << log;
  EXPECT_EQ(objects.p.out.full, objects.before_out);
  for (const float x : objects.p.lse) EXPECT_EQ(x, -9.0f);
}

INSTANTIATE_TEST_SUITE_P(Table, CnnlFlashAttentionBadInput,
                         testing::ValuesIn(kBadCalls), BadCallName());

}  // namespace
