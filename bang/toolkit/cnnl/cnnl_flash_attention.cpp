// CNNL's FlashAttention in pack mode (the variable-length form framework
// backends call): sequences of a batch laid end to end, q [total_q, heads,
// head_dim], k and v [total_k, kv_heads, dim], cu_seqlens_q / cu_seqlens_kv
// int32 [batch + 1] giving where each sequence starts. Scores are scaled,
// masked (causal and sliding windows, aligned to the bottom-right corner as
// FlashAttention 2 does), turned into probabilities row by row, and
// multiplied with v through Eigen in float; the backward pass recomputes
// the probabilities from the log-sum-exp the forward stored. Grouped heads
// share a key / value head (heads / kv_heads per group). Dropout, ALiBi,
// attention biases and returning the softmax are not supported.
// GCC 12 reports AVX-512 register blends inside Eigen's transposed
// products as maybe-uninitialized (a false positive in its own intrinsics).
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include <Eigen/Core>
#include <cmath>
#include <limits>
#include <vector>

#include "cnnl_internal.h"

using namespace xbang::cnnl_detail;

struct cnnlFlashAttentionStruct {
  bool set = false;
  bool backward = false;
  cnnlAttentionMaskMode_t mask_mode = CNNL_ATTN_MASK_NONE;
  bool pack_mode = true;
  bool out_zero = false;
  bool store_softmax = false;  // return_softmax / is_store_softmax_d
  int max_seq_q = 0;
  int max_seq_kv = 0;
  float dropout = 0;
  float scale = 1;
  int window_left = -1;  // -1: unbounded
  int window_right = -1;
};

namespace {

using Matrix =
    Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

// A [tokens, heads, dim] tensor: element (t, h, d) at t s0 + h s1 + d s2.
struct Tokens {
  cnnlDataType_t dtype;
  const void* data;
  int64_t tokens, heads, dim;
  int64_t s0, s1, s2;
};

bool tokens_of(const cnnlTensorDescriptor_t desc, const void* data, Tokens* t) {
  if (desc->dims.size() != 3) return false;
  *t = {desc->dtype,      data,
        desc->dims[0],    desc->dims[1],
        desc->dims[2],    desc->strides[0],
        desc->strides[1], desc->strides[2]};
  return true;
}

// Rows [first, first + rows) of head h as a float matrix [rows, dim].
Matrix load_rows(const Tokens& t, int64_t first, int64_t rows, int64_t h) {
  Matrix m(rows, t.dim);
  for (int64_t r = 0; r < rows; ++r) {
    for (int64_t d = 0; d < t.dim; ++d) {
      m(r, d) = float(
          load_real(t.dtype, t.data, (first + r) * t.s0 + h * t.s1 + d * t.s2));
    }
  }
  return m;
}
// A [tokens x heads, dim] matrix (row t heads + h) stored into t.
void store_all(const Tokens& t, void* data, const Matrix& all) {
  for (int64_t tok = 0; tok < t.tokens; ++tok) {
    for (int64_t h = 0; h < t.heads; ++h) {
      for (int64_t d = 0; d < t.dim; ++d) {
        store_real(t.dtype, data, tok * t.s0 + h * t.s1 + d * t.s2,
                   all(tok * t.heads + h, d));
      }
    }
  }
}

bool is_attention_type(cnnlDataType_t dtype) {
  return dtype == CNNL_DTYPE_HALF || dtype == CNNL_DTYPE_BFLOAT16 ||
         dtype == CNNL_DTYPE_FLOAT;
}

// Whether query row i may see key column j of a sequence pair of lengths sq
// and sk: the window is centred on the bottom-right-aligned diagonal.
bool visible(const cnnlFlashAttentionStruct& a, int64_t i, int64_t j,
             int64_t sq, int64_t sk) {
  const int64_t diagonal = i + sk - sq;
  int64_t right = a.window_right;
  if (a.mask_mode == CNNL_ATTN_MASK_CAUSAL) {
    right = right < 0 ? 0 : std::min<int64_t>(right, 0);
  }
  if (right >= 0 && j > diagonal + right) return false;
  if (a.window_left >= 0 && j < diagonal - a.window_left) return false;
  return true;
}

// The checked operands of a forward or backward call.
struct Problem {
  Tokens q, k, v, out;
  std::vector<int32_t> cu_q, cu_k;
  int64_t group;  // query heads per key / value head
};

// Checks what both passes share; `out_desc` is the forward's output (read
// by the backward pass).
cnnlStatus_t check_problem(
    const char* api, cnnlHandle_t handle, const cnnlFlashAttentionStruct* a,
    bool backward, const cnnlTensorDescriptor_t q_desc, const void* q,
    const cnnlTensorDescriptor_t k_desc, const void* k,
    const cnnlTensorDescriptor_t v_desc, const void* v,
    const cnnlTensorDescriptor_t csq_desc, const void* csq,
    const cnnlTensorDescriptor_t csk_desc, const void* csk,
    const cnnlTensorDescriptor_t out_desc, const void* out,
    const cnnlTensorDescriptor_t lse_desc, const void* lse, Problem* p) {
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!handle_ok(api, handle, &status)) return status;
  if (a == nullptr || !a->set) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "flash_attention_desc is NULL or was never set");
  }
  if (a->backward != backward) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                backward ? "the descriptor was set for the forward pass"
                         : "the descriptor was set for the backward pass");
  }
  if (!a->pack_mode) {
    return fail(api, CNNL_STATUS_NOT_SUPPORTED,
                "only pack mode (sequences laid end to end) is supported");
  }
  if (a->dropout != 0) {
    return fail(api, CNNL_STATUS_NOT_SUPPORTED,
                "dropout is not supported (dropout_p must be 0)");
  }
  if (a->store_softmax) {
    return fail(api, CNNL_STATUS_NOT_SUPPORTED,
                "returning the softmax is not supported");
  }
  if (!usable(api, q_desc, q, "query", &status) ||
      !usable(api, k_desc, k, "key", &status) ||
      !usable(api, v_desc, v, "value", &status) ||
      !usable(api, csq_desc, csq, "cu_seqlens_q", &status) ||
      !usable(api, csk_desc, csk, "cu_seqlens_kv", &status) ||
      !usable(api, out_desc, out, "output", &status) ||
      !usable(api, lse_desc, lse, "softmax_lse", &status)) {
    return status;
  }
  if (!tokens_of(q_desc, q, &p->q) || !tokens_of(k_desc, k, &p->k) ||
      !tokens_of(v_desc, v, &p->v) || !tokens_of(out_desc, out, &p->out)) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "query, key, value and output must be 3-D [tokens, heads, "
                "dim]");
  }
  const cnnlDataType_t dtype = q_desc->dtype;
  if (!is_attention_type(dtype)) {
    return fail(api, CNNL_STATUS_NOT_SUPPORTED,
                "query is not half, bfloat16 or float");
  }
  if (k_desc->dtype != dtype || v_desc->dtype != dtype ||
      out_desc->dtype != dtype) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "query, key, value and output differ in data type");
  }
  if (p->k.heads == 0 || p->q.heads % p->k.heads != 0 ||
      p->v.heads != p->k.heads || p->v.tokens != p->k.tokens ||
      p->k.dim != p->q.dim || p->out.tokens != p->q.tokens ||
      p->out.heads != p->q.heads || p->out.dim != p->v.dim) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "mismatched dims: key and value must share tokens and heads, "
                "key heads divide query heads, key dim equal query dim, "
                "output [total_q, heads, value dim]");
  }
  p->group = p->q.heads / p->k.heads;
  if (csq_desc->dtype != CNNL_DTYPE_INT32 ||
      csk_desc->dtype != CNNL_DTYPE_INT32 || csq_desc->dims.size() != 1 ||
      csk_desc->dims != csq_desc->dims || csq_desc->dims[0] < 2) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "cu_seqlens_q and cu_seqlens_kv must be int32 [batch + 1], "
                "batch >= 1");
  }
  const int64_t n = csq_desc->dims[0];
  for (int64_t i = 0; i < n; ++i) {
    p->cu_q.push_back(
        int32_t(load_real(CNNL_DTYPE_INT32, csq, i * csq_desc->strides[0])));
    p->cu_k.push_back(
        int32_t(load_real(CNNL_DTYPE_INT32, csk, i * csk_desc->strides[0])));
  }
  if (p->cu_q[0] != 0 || p->cu_k[0] != 0 || p->cu_q.back() > p->q.tokens ||
      p->cu_k.back() > p->k.tokens) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "cu_seqlens must start at 0 and end within the tokens");
  }
  for (int64_t b = 0; b + 1 < n; ++b) {
    const int64_t sq = p->cu_q[size_t(b + 1)] - p->cu_q[size_t(b)];
    const int64_t sk = p->cu_k[size_t(b + 1)] - p->cu_k[size_t(b)];
    if (sq < 0 || sk < 0 || sq > a->max_seq_q || sk > a->max_seq_kv) {
      return fail(api, CNNL_STATUS_BAD_PARAM,
                  "cu_seqlens must not decrease, and no sequence may exceed "
                  "the descriptor's max_seq_q / max_seq_kv");
    }
  }
  if (lse_desc->dtype != CNNL_DTYPE_FLOAT || lse_desc->dims.size() != 2 ||
      lse_desc->dims[0] != p->q.heads || lse_desc->dims[1] != p->q.tokens) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "softmax_lse must be float [heads, total_q]");
  }
  return CNNL_STATUS_SUCCESS;
}

// The masked, scaled scores of one sequence and head, -inf where masked.
Matrix scores(const cnnlFlashAttentionStruct& a, const Matrix& q,
              const Matrix& k) {
  Matrix s = (q * k.transpose()) * a.scale;
  for (int64_t i = 0; i < s.rows(); ++i) {
    for (int64_t j = 0; j < s.cols(); ++j) {
      if (!visible(a, i, j, s.rows(), s.cols())) {
        s(i, j) = -std::numeric_limits<float>::infinity();
      }
    }
  }
  return s;
}

float lse_at(const cnnlTensorStruct& d, const void* lse, int64_t h, int64_t t) {
  return float(
      load_real(CNNL_DTYPE_FLOAT, lse, h * d.strides[0] + t * d.strides[1]));
}

cnnlStatus_t forward(const char* api, cnnlHandle_t handle,
                     const cnnlFlashAttentionStruct* a,
                     const cnnlTensorDescriptor_t q_desc, const void* q,
                     const cnnlTensorDescriptor_t k_desc, const void* k,
                     const cnnlTensorDescriptor_t v_desc, const void* v,
                     const cnnlTensorDescriptor_t csq_desc, const void* csq,
                     const cnnlTensorDescriptor_t csk_desc, const void* csk,
                     const cnnlTensorDescriptor_t dropout_mask_desc,
                     const void* dropout_mask,
                     const cnnlTensorDescriptor_t lse_desc, void* lse,
                     const cnnlTensorDescriptor_t out_desc, void* out) {
  if (dropout_mask_desc != nullptr || dropout_mask != nullptr) {
    return fail(api, CNNL_STATUS_NOT_SUPPORTED,
                "a dropout mask output is not supported");
  }
  Problem p{};
  const cnnlStatus_t status = check_problem(
      api, handle, a, false, q_desc, q, k_desc, k, v_desc, v, csq_desc, csq,
      csk_desc, csk, out_desc, out, lse_desc, lse, &p);
  if (status != CNNL_STATUS_SUCCESS) return status;
  // Every result is computed before any is stored.
  Matrix out_all = Matrix::Zero(p.q.tokens * p.q.heads, p.v.dim);
  std::vector<float> lse_all(size_t(p.q.tokens * p.q.heads),
                             std::numeric_limits<float>::infinity());
  for (size_t b = 0; b + 1 < p.cu_q.size(); ++b) {
    const int64_t q0 = p.cu_q[b], sq = p.cu_q[b + 1] - q0;
    const int64_t k0 = p.cu_k[b], sk = p.cu_k[b + 1] - k0;
    for (int64_t h = 0; h < p.q.heads; ++h) {
      const int64_t kh = h / p.group;
      const Matrix qm = load_rows(p.q, q0, sq, h);
      const Matrix km = load_rows(p.k, k0, sk, kh);
      const Matrix vm = load_rows(p.v, k0, sk, kh);
      Matrix s = scores(*a, qm, km);
      for (int64_t i = 0; i < sq; ++i) {
        const float row_max =
            sq > 0 && sk > 0 ? s.row(i).maxCoeff() : -INFINITY;
        if (row_max == -INFINITY) {
          s.row(i).setZero();  // no visible key: output 0, lse +inf
          continue;
        }
        float sum = 0;
        for (int64_t j = 0; j < sk; ++j) {
          s(i, j) = std::exp(s(i, j) - row_max);
          sum += s(i, j);
        }
        s.row(i) /= sum;
        lse_all[size_t(h * p.q.tokens + q0 + i)] = row_max + std::log(sum);
      }
      const Matrix o = s * vm;
      for (int64_t i = 0; i < sq; ++i) {
        out_all.row((q0 + i) * p.q.heads + h) = o.row(i);
      }
    }
  }
  store_all(p.out, out, out_all);
  for (int64_t h = 0; h < p.q.heads; ++h) {
    for (int64_t t = 0; t < p.q.tokens; ++t) {
      store_real(CNNL_DTYPE_FLOAT, lse,
                 h * lse_desc->strides[0] + t * lse_desc->strides[1],
                 lse_all[size_t(h * p.q.tokens + t)]);
    }
  }
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t backward(const char* api, cnnlHandle_t handle,
                      const cnnlFlashAttentionStruct* a,
                      const cnnlTensorDescriptor_t dout_desc, const void* dout,
                      const cnnlTensorDescriptor_t q_desc, const void* q,
                      const cnnlTensorDescriptor_t k_desc, const void* k,
                      const cnnlTensorDescriptor_t v_desc, const void* v,
                      const cnnlTensorDescriptor_t out_desc, const void* out,
                      const cnnlTensorDescriptor_t lse_desc, const void* lse,
                      const cnnlTensorDescriptor_t csq_desc, const void* csq,
                      const cnnlTensorDescriptor_t csk_desc, const void* csk,
                      const cnnlTensorDescriptor_t dq_desc, void* dq,
                      const cnnlTensorDescriptor_t dk_desc, void* dk,
                      const cnnlTensorDescriptor_t dv_desc, void* dv,
                      const cnnlTensorDescriptor_t dropout_mask_desc,
                      const void* dropout_mask,
                      const cnnlTensorDescriptor_t softmax_d_desc,
                      const void* softmax_d) {
  if (dropout_mask_desc != nullptr || dropout_mask != nullptr ||
      softmax_d_desc != nullptr || softmax_d != nullptr) {
    return fail(api, CNNL_STATUS_NOT_SUPPORTED,
                "a dropout mask or softmax_d is not supported");
  }
  Problem p{};
  cnnlStatus_t status = check_problem(api, handle, a, true, q_desc, q, k_desc,
                                      k, v_desc, v, csq_desc, csq, csk_desc,
                                      csk, out_desc, out, lse_desc, lse, &p);
  if (status != CNNL_STATUS_SUCCESS) return status;
  if (!usable(api, dout_desc, dout, "diff_out", &status) ||
      !usable(api, dq_desc, dq, "diff_query", &status) ||
      !usable(api, dk_desc, dk, "diff_key", &status) ||
      !usable(api, dv_desc, dv, "diff_value", &status)) {
    return status;
  }
  Tokens go{}, gq{}, gk{}, gv{};
  if (!tokens_of(dout_desc, dout, &go) || !tokens_of(dq_desc, dq, &gq) ||
      !tokens_of(dk_desc, dk, &gk) || !tokens_of(dv_desc, dv, &gv) ||
      dout_desc->dims != out_desc->dims || dq_desc->dims != q_desc->dims ||
      dk_desc->dims != k_desc->dims || dv_desc->dims != v_desc->dims) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "mismatched dims: diff_out, diff_query, diff_key, diff_value "
                "must have the shapes of output, query, key, value");
  }
  const cnnlDataType_t dtype = q_desc->dtype;
  if (dout_desc->dtype != dtype || dq_desc->dtype != dtype ||
      dk_desc->dtype != dtype || dv_desc->dtype != dtype) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "the gradients differ in data type from query");
  }
  Matrix dq_all = Matrix::Zero(p.q.tokens * p.q.heads, p.q.dim);
  Matrix dk_all = Matrix::Zero(p.k.tokens * p.k.heads, p.k.dim);
  Matrix dv_all = Matrix::Zero(p.v.tokens * p.v.heads, p.v.dim);
  for (size_t b = 0; b + 1 < p.cu_q.size(); ++b) {
    const int64_t q0 = p.cu_q[b], sq = p.cu_q[b + 1] - q0;
    const int64_t k0 = p.cu_k[b], sk = p.cu_k[b + 1] - k0;
    for (int64_t h = 0; h < p.q.heads; ++h) {
      const int64_t kh = h / p.group;
      const Matrix qm = load_rows(p.q, q0, sq, h);
      const Matrix km = load_rows(p.k, k0, sk, kh);
      const Matrix vm = load_rows(p.v, k0, sk, kh);
      const Matrix om = load_rows(p.out, q0, sq, h);
      const Matrix gom = load_rows(go, q0, sq, h);
      // P = exp(S - lse), 0 where masked or the row saw no key.
      Matrix prob = scores(*a, qm, km);
      for (int64_t i = 0; i < sq; ++i) {
        const float l = lse_at(*lse_desc, lse, h, q0 + i);
        for (int64_t j = 0; j < sk; ++j) {
          prob(i, j) = std::isinf(l) ? 0.0f : std::exp(prob(i, j) - l);
        }
      }
      const Matrix dp = gom * vm.transpose();
      Matrix ds(sq, sk);
      for (int64_t i = 0; i < sq; ++i) {
        const float delta = gom.row(i).dot(om.row(i));
        for (int64_t j = 0; j < sk; ++j) {
          ds(i, j) = prob(i, j) * (dp(i, j) - delta);
        }
      }
      const Matrix gq_h = (ds * km) * a->scale;
      const Matrix gk_h = (ds.transpose() * qm) * a->scale;
      const Matrix gv_h = prob.transpose() * gom;
      for (int64_t i = 0; i < sq; ++i) {
        dq_all.row((q0 + i) * p.q.heads + h) += gq_h.row(i);
      }
      for (int64_t j = 0; j < sk; ++j) {
        dk_all.row((k0 + j) * p.k.heads + kh) += gk_h.row(j);
        dv_all.row((k0 + j) * p.v.heads + kh) += gv_h.row(j);
      }
    }
  }
  store_all(gq, dq, dq_all);
  store_all(gk, dk, dk_all);
  store_all(gv, dv, dv_all);
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t set_descriptor(const char* api,
                            cnnlFlashAttentionDescriptor_t desc, bool backward,
                            cnnlDataType_t compute_dtype,
                            cnnlActivationPreference_t prefer,
                            cnnlAttentionMaskMode_t mask_mode,
                            bool is_pack_mode, bool is_out_zero,
                            bool store_softmax, int max_seq_q, int max_seq_kv,
                            float dropout, float scale) {
  if (desc == nullptr) return fail(api, CNNL_STATUS_BAD_PARAM, "desc is NULL");
  if (compute_dtype != CNNL_DTYPE_FLOAT) {
    return fail(api, CNNL_STATUS_NOT_SUPPORTED,
                "compute_dtype must be CNNL_DTYPE_FLOAT");
  }
  if (prefer != CNNL_ACTIVATION_FAST &&
      prefer != CNNL_ACTIVATION_HIGH_PRECISION) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "prefer is not a cnnlActivationPreference_t");
  }
  if (mask_mode != CNNL_ATTN_MASK_NONE && mask_mode != CNNL_ATTN_MASK_CAUSAL) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "mask_mode is not a cnnlAttentionMaskMode_t");
  }
  if (max_seq_q < 0 || max_seq_kv < 0) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "a maximum length is negative");
  }
  if (!(dropout >= 0 && dropout < 1) || !std::isfinite(scale)) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "dropout_p is not in [0, 1) or softmax_scale is not finite");
  }
  desc->set = true;
  desc->backward = backward;
  desc->mask_mode = mask_mode;
  desc->pack_mode = is_pack_mode;
  desc->out_zero = is_out_zero;
  desc->store_softmax = store_softmax;
  desc->max_seq_q = max_seq_q;
  desc->max_seq_kv = max_seq_kv;
  desc->dropout = dropout;
  desc->scale = scale;
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t no_extra_input(const char* api, const void* alibi_desc,
                            const void* alibi, const void* bias_desc,
                            const void* bias) {
  if (alibi_desc != nullptr || alibi != nullptr) {
    return fail(api, CNNL_STATUS_NOT_SUPPORTED,
                "ALiBi slopes are not supported");
  }
  if (bias_desc != nullptr || bias != nullptr) {
    return fail(api, CNNL_STATUS_NOT_SUPPORTED,
                "an attention bias is not supported");
  }
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t zero_size(const char* api, cnnlHandle_t handle,
                       const cnnlFlashAttentionStruct* desc, size_t* size) {
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!handle_ok(api, handle, &status)) return status;
  if (desc == nullptr || size == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "desc or size is NULL");
  }
  *size = 0;
  return CNNL_STATUS_SUCCESS;
}

}  // namespace

extern "C" {

cnnlStatus_t cnnlCreateFlashAttentionDescriptor(
    cnnlFlashAttentionDescriptor_t* desc) {
  return create("cnnlCreateFlashAttentionDescriptor", desc);
}
cnnlStatus_t cnnlDestroyFlashAttentionDescriptor(
    cnnlFlashAttentionDescriptor_t desc) {
  return destroy("cnnlDestroyFlashAttentionDescriptor", desc);
}
cnnlStatus_t cnnlSetFlashAttentionDescriptor(
    cnnlFlashAttentionDescriptor_t desc, cnnlDataType_t compute_dtype,
    cnnlActivationPreference_t prefer, cnnlAttentionMaskMode_t mask_mode,
    bool is_pack_mode, bool is_out_zero, bool return_softmax, int max_seq_q,
    int max_seq_kv, float dropout_p, float softmax_scale) {
  return set_descriptor("cnnlSetFlashAttentionDescriptor", desc, false,
                        compute_dtype, prefer, mask_mode, is_pack_mode,
                        is_out_zero, return_softmax, max_seq_q, max_seq_kv,
                        dropout_p, softmax_scale);
}
cnnlStatus_t cnnlSetFlashAttentionBackwardDescriptor(
    cnnlFlashAttentionDescriptor_t desc, cnnlDataType_t compute_dtype,
    cnnlActivationPreference_t prefer, cnnlAttentionMaskMode_t mask_mode,
    bool is_pack_mode, bool is_out_zero, bool is_store_softmax_d, int max_seq_q,
    int max_seq_kv, float dropout_p, float softmax_scale) {
  return set_descriptor("cnnlSetFlashAttentionBackwardDescriptor", desc, true,
                        compute_dtype, prefer, mask_mode, is_pack_mode,
                        is_out_zero, is_store_softmax_d, max_seq_q, max_seq_kv,
                        dropout_p, softmax_scale);
}
cnnlStatus_t cnnlSetFlashAttentionSlidingWindowSize(
    cnnlFlashAttentionDescriptor_t desc, int window_size_left,
    int window_size_right, int dilation) {
  const char* api = "cnnlSetFlashAttentionSlidingWindowSize";
  if (desc == nullptr) return fail(api, CNNL_STATUS_BAD_PARAM, "desc is NULL");
  if (window_size_left < -1 || window_size_right < -1) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "a window size is below -1 (-1 is unbounded)");
  }
  if (dilation != 1) {
    return fail(api, CNNL_STATUS_NOT_SUPPORTED, "dilation must be 1");
  }
  desc->window_left = window_size_left;
  desc->window_right = window_size_right;
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlGetFlashAttentionGeneratedRandomNumbers(
    cnnlHandle_t handle, const cnnlFlashAttentionDescriptor_t desc,
    const cnnlTensorDescriptor_t query_desc,
    const cnnlTensorDescriptor_t value_desc,
    const cnnlTensorDescriptor_t cu_seqlens_q_desc, size_t* number) {
  const char* api = "cnnlGetFlashAttentionGeneratedRandomNumbers";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!handle_ok(api, handle, &status)) return status;
  if (desc == nullptr || !desc->set || number == nullptr ||
      query_desc == nullptr || !query_desc->set || value_desc == nullptr ||
      cu_seqlens_q_desc == nullptr || !cu_seqlens_q_desc->set ||
      query_desc->dims.size() != 3 || cu_seqlens_q_desc->dims.size() != 1) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "a descriptor is NULL or unset, or number is NULL");
  }
  // One number per score a dropout would draw: batch x heads x max_seq_q x
  // max_seq_kv.
  *number = size_t(std::max<int64_t>(cu_seqlens_q_desc->dims[0] - 1, 0)) *
            size_t(query_desc->dims[1]) * size_t(desc->max_seq_q) *
            size_t(desc->max_seq_kv);
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlGetFlashAttentionForwardWorkspaceSize(
    cnnlHandle_t handle, const cnnlFlashAttentionDescriptor_t desc,
    const cnnlTensorDescriptor_t /*query_desc*/,
    const cnnlTensorDescriptor_t /*key_desc*/,
    const cnnlTensorDescriptor_t /*value_desc*/, size_t* workspace_size) {
  return zero_size("cnnlGetFlashAttentionForwardWorkspaceSize", handle, desc,
                   workspace_size);
}
cnnlStatus_t cnnlGetFlashAttentionForwardWorkspaceSize_v2(
    cnnlHandle_t handle, const cnnlFlashAttentionDescriptor_t desc,
    const cnnlTensorDescriptor_t /*query_desc*/,
    const cnnlTensorDescriptor_t /*key_desc*/,
    const cnnlTensorDescriptor_t /*value_desc*/,
    const cnnlTensorDescriptor_t /*cu_seqlens_q_desc*/,
    const cnnlTensorDescriptor_t /*cu_seqlens_kv_desc*/,
    const cnnlTensorDescriptor_t /*alibi_slopes_desc*/,
    const cnnlTensorDescriptor_t /*attn_bias_desc*/,
    const cnnlTensorDescriptor_t /*undocumented_desc*/,
    const cnnlTensorDescriptor_t /*softmax_lse_desc*/, size_t* workspace_size) {
  return zero_size("cnnlGetFlashAttentionForwardWorkspaceSize_v2", handle, desc,
                   workspace_size);
}
cnnlStatus_t cnnlGetFlashAttentionBackwardWorkspaceSize(
    cnnlHandle_t handle, const cnnlFlashAttentionDescriptor_t desc,
    const cnnlTensorDescriptor_t /*query_desc*/,
    const cnnlTensorDescriptor_t /*key_desc*/,
    const cnnlTensorDescriptor_t /*value_desc*/, size_t* workspace_size) {
  return zero_size("cnnlGetFlashAttentionBackwardWorkspaceSize", handle, desc,
                   workspace_size);
}
cnnlStatus_t cnnlGetFlashAttentionBackwardWorkspaceSize_v2(
    cnnlHandle_t handle, const cnnlFlashAttentionDescriptor_t desc,
    const cnnlTensorDescriptor_t /*query_desc*/,
    const cnnlTensorDescriptor_t /*key_desc*/,
    const cnnlTensorDescriptor_t /*value_desc*/,
    const cnnlTensorDescriptor_t /*cu_seqlens_q_desc*/,
    size_t* workspace_size) {
  return zero_size("cnnlGetFlashAttentionBackwardWorkspaceSize_v2", handle,
                   desc, workspace_size);
}

cnnlStatus_t cnnlFlashAttentionForward(
    cnnlHandle_t handle, const cnnlFlashAttentionDescriptor_t desc,
    const cnnlTensorDescriptor_t query_desc, const void* query,
    const cnnlTensorDescriptor_t key_desc, const void* key,
    const cnnlTensorDescriptor_t value_desc, const void* value,
    const cnnlTensorDescriptor_t cu_seqlens_q_desc, const void* cu_seqlens_q,
    const cnnlTensorDescriptor_t cu_seqlens_kv_desc, const void* cu_seqlens_kv,
    const size_t* /*rng_state*/, void* /*workspace*/, size_t /*workspace_size*/,
    const cnnlTensorDescriptor_t dropout_mask_desc, void* dropout_mask,
    const cnnlTensorDescriptor_t softmax_lse_desc, void* softmax_lse,
    const cnnlTensorDescriptor_t output_desc, void* output) {
  return forward("cnnlFlashAttentionForward", handle, desc, query_desc, query,
                 key_desc, key, value_desc, value, cu_seqlens_q_desc,
                 cu_seqlens_q, cu_seqlens_kv_desc, cu_seqlens_kv,
                 dropout_mask_desc, dropout_mask, softmax_lse_desc, softmax_lse,
                 output_desc, output);
}
cnnlStatus_t cnnlFlashAttentionForward_v2(
    cnnlHandle_t handle, const cnnlFlashAttentionDescriptor_t desc,
    const cnnlTensorDescriptor_t query_desc, const void* query,
    const cnnlTensorDescriptor_t key_desc, const void* key,
    const cnnlTensorDescriptor_t value_desc, const void* value,
    const cnnlTensorDescriptor_t cu_seqlens_q_desc, const void* cu_seqlens_q,
    const cnnlTensorDescriptor_t cu_seqlens_kv_desc, const void* cu_seqlens_kv,
    const cnnlTensorDescriptor_t alibi_slopes_desc, const void* alibi_slopes,
    const cnnlTensorDescriptor_t attn_bias_desc, const void* attn_bias,
    const cnnlTensorDescriptor_t undocumented_desc, const void* undocumented,
    const size_t* /*rng_state*/, void* /*workspace*/, size_t /*workspace_size*/,
    const cnnlTensorDescriptor_t dropout_mask_desc, void* dropout_mask,
    const cnnlTensorDescriptor_t softmax_lse_desc, void* softmax_lse,
    const cnnlTensorDescriptor_t output_desc, void* output) {
  const char* api = "cnnlFlashAttentionForward_v2";
  cnnlStatus_t status = no_extra_input(api, alibi_slopes_desc, alibi_slopes,
                                       attn_bias_desc, attn_bias);
  if (status != CNNL_STATUS_SUCCESS) return status;
  if (undocumented_desc != nullptr || undocumented != nullptr) {
    return fail(api, CNNL_STATUS_NOT_SUPPORTED,
                "the third optional input (no public documentation names it) "
                "must be NULL");
  }
  return forward(api, handle, desc, query_desc, query, key_desc, key,
                 value_desc, value, cu_seqlens_q_desc, cu_seqlens_q,
                 cu_seqlens_kv_desc, cu_seqlens_kv, dropout_mask_desc,
                 dropout_mask, softmax_lse_desc, softmax_lse, output_desc,
                 output);
}

cnnlStatus_t cnnlFlashAttentionBackward(
    cnnlHandle_t handle, const cnnlFlashAttentionDescriptor_t desc,
    const cnnlTensorDescriptor_t diff_out_desc, const void* diff_out,
    const cnnlTensorDescriptor_t query_desc, const void* query,
    const cnnlTensorDescriptor_t key_desc, const void* key,
    const cnnlTensorDescriptor_t value_desc, const void* value,
    const cnnlTensorDescriptor_t fwd_out_desc, const void* fwd_out,
    const cnnlTensorDescriptor_t softmax_lse_desc, const void* softmax_lse,
    const cnnlTensorDescriptor_t cu_seqlens_q_desc, const void* cu_seqlens_q,
    const cnnlTensorDescriptor_t cu_seqlens_kv_desc, const void* cu_seqlens_kv,
    const size_t* /*rng_state*/, void* /*workspace*/, size_t /*workspace_size*/,
    const cnnlTensorDescriptor_t diff_query_desc, void* diff_query,
    const cnnlTensorDescriptor_t diff_key_desc, void* diff_key,
    const cnnlTensorDescriptor_t diff_value_desc, void* diff_value,
    const cnnlTensorDescriptor_t dropout_mask_desc, const void* dropout_mask,
    const cnnlTensorDescriptor_t softmax_d_desc, void* softmax_d) {
  return backward("cnnlFlashAttentionBackward", handle, desc, diff_out_desc,
                  diff_out, query_desc, query, key_desc, key, value_desc, value,
                  fwd_out_desc, fwd_out, softmax_lse_desc, softmax_lse,
                  cu_seqlens_q_desc, cu_seqlens_q, cu_seqlens_kv_desc,
                  cu_seqlens_kv, diff_query_desc, diff_query, diff_key_desc,
                  diff_key, diff_value_desc, diff_value, dropout_mask_desc,
                  dropout_mask, softmax_d_desc, softmax_d);
}
cnnlStatus_t cnnlFlashAttentionBackward_v2(
    cnnlHandle_t handle, const cnnlFlashAttentionDescriptor_t desc,
    const cnnlTensorDescriptor_t diff_out_desc, const void* diff_out,
    const cnnlTensorDescriptor_t query_desc, const void* query,
    const cnnlTensorDescriptor_t key_desc, const void* key,
    const cnnlTensorDescriptor_t value_desc, const void* value,
    const cnnlTensorDescriptor_t fwd_out_desc, const void* fwd_out,
    const cnnlTensorDescriptor_t softmax_lse_desc, const void* softmax_lse,
    const cnnlTensorDescriptor_t cu_seqlens_q_desc, const void* cu_seqlens_q,
    const cnnlTensorDescriptor_t cu_seqlens_kv_desc, const void* cu_seqlens_kv,
    const cnnlTensorDescriptor_t alibi_slopes_desc, const void* alibi_slopes,
    const cnnlTensorDescriptor_t attn_bias_desc, const void* attn_bias,
    const size_t* /*rng_state*/, void* /*workspace*/, size_t /*workspace_size*/,
    const cnnlTensorDescriptor_t diff_query_desc, void* diff_query,
    const cnnlTensorDescriptor_t diff_key_desc, void* diff_key,
    const cnnlTensorDescriptor_t diff_value_desc, void* diff_value,
    const cnnlTensorDescriptor_t dropout_mask_desc, const void* dropout_mask,
    const cnnlTensorDescriptor_t softmax_d_desc, void* softmax_d) {
  const char* api = "cnnlFlashAttentionBackward_v2";
  const cnnlStatus_t status = no_extra_input(
      api, alibi_slopes_desc, alibi_slopes, attn_bias_desc, attn_bias);
  if (status != CNNL_STATUS_SUCCESS) return status;
  return backward(api, handle, desc, diff_out_desc, diff_out, query_desc, query,
                  key_desc, key, value_desc, value, fwd_out_desc, fwd_out,
                  softmax_lse_desc, softmax_lse, cu_seqlens_q_desc,
                  cu_seqlens_q, cu_seqlens_kv_desc, cu_seqlens_kv,
                  diff_query_desc, diff_query, diff_key_desc, diff_key,
                  diff_value_desc, diff_value, dropout_mask_desc, dropout_mask,
                  softmax_d_desc, softmax_d);
}

}  // extern "C"
