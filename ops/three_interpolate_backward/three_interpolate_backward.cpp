// three_interpolate_backward: host API, checks
// (docs/ops/three_interpolate_backward.md (parameters and checks) order),
// tiling and task split policy, launch of the Union1 kernel.
#include "three_interpolate_backward/three_interpolate_backward.h"

#include <algorithm>

#include "common/host.h"
#include "common/kernel.h"

namespace {

constexpr const char *kApi = "[mluOpThreeInterpolateBackward]";

// Smallest tile step in every direction: 128 bytes of float.
constexpr int kTileAlign = 32;
// No kept available when Mo is chosen.
constexpr int kMinNo = 128;

// Largest x in [low, high] with fits(x), rounded down to a multiple of
// kTileAlign unless it is `high` itself; `low` when nothing larger fits.
// `fits` is monotonic (the partition grows with every tile size).
template <class Fits>
int largestFitting(int low, int high, Fits fits) {
  if (fits(high)) return high;
  int good = low, bad = high;
  while (bad - good > 1) {
    const int mid = good + (bad - good) / 2;
    (fits(mid) ? good : bad) = mid;
  }
  return std::max(low, good / kTileAlign * kTileAlign);
}

}  // namespace

long threeInterpolateBackwardNramBytes() { return MAX_NRAM_SIZE; }

// Tiling policy (docs/ops/three_interpolate_backward.md, kernel), Mo first:
// 1. Mo: every M chunk re-reads all of grad_output[b] and repeats steps 4-9
//    on it, so the number of M chunks multiplies the work (the design's network
//    case 20 runs 1.4x slower with two chunks than with one). Mo is the largest
//    that fits with a minimal Co (kTileAlign) and a minimal No (kMinNo): all of
//    M in every network case (case 7 then reads grad_output once).
// 2. Co and No share the rest; No stays the larger (the design's N priority)
//    and Co grows as long as the largest No that fits is still at least Co
//    (or all of N). When the whole N fits, Co takes everything left (the
//    design's "Co second when N x C fits"). Long Co rows keep the per-row
//    additions of step 9 efficient; Co >= 96 is within noise of the best on
//    case 7.
ThreeInterpolateBackwardTiling threeInterpolateBackwardTiling(int c, int m,
                                                              int n,
                                                              long nram_bytes) {
  auto fits = [nram_bytes](int co, int mo, int no) {
    return threeInterpolateBackwardPartition(co, mo, no).total_bytes <=
           nram_bytes;
  };
  const int co_min = std::min(c, kTileAlign);
  const int no_min = std::min(n, kTileAlign);
  ThreeInterpolateBackwardTiling t;
  t.m_limit = largestFitting(std::min(m, kTileAlign), m, [&](int mo) {
    return fits(co_min, mo, std::min(n, kMinNo));
  });
  t.c_limit = co_min;
  t.n_limit = largestFitting(
      no_min, n, [&](int no) { return fits(co_min, t.m_limit, no); });
  for (long co = (long)co_min + kTileAlign; co < (long)c + kTileAlign;
       co += kTileAlign) {
    const int co_try = (int)std::min<long>(co, c);
    if (!fits(co_try, t.m_limit, no_min)) break;
    const int no_try = largestFitting(
        no_min, n, [&](int no) { return fits(co_try, t.m_limit, no); });
    if (no_try < std::min(co_try, n)) break;
    t.c_limit = co_try;
    t.n_limit = no_try;
  }
  return t;
}

void threeInterpolateBackwardPolicy(mluOpHandle_t handle, int b, int m,
                                    int m_limit, cnrtDim3_t *k_dim,
                                    cnrtFunctionType_t *k_type) {
  // Union1 over the B * ceil(M / Mo) units; no more clusters than units
  // need (a task without a unit only returns).
  mluop::policyUnion1(handle, (int64_t)b * CEIL_DIV(m, m_limit), 1, k_dim,
                      k_type);
}

// The 防呆 list of docs/ops/three_interpolate_backward.md, in its order: null
// handle, descriptors and pointers; zero elements; dtypes, layouts, dims and
// shapes; large tensors.
static mluOpStatus_t threeInterpolateBackwardParamCheck(
    mluOpHandle_t handle, const mluOpTensorDescriptor_t grad_output_desc,
    const void *grad_output, const mluOpTensorDescriptor_t indices_desc,
    const void *indices, const mluOpTensorDescriptor_t weights_desc,
    const void *weights, const mluOpTensorDescriptor_t grad_features_desc,
    const void *grad_features) {
  // 1. Null handle, descriptors and pointers.
  XBANG_HOST_CHECK_NULL(kApi, handle);
  XBANG_HOST_CHECK_NULL(kApi, grad_output_desc);
  XBANG_HOST_CHECK_NULL(kApi, indices_desc);
  XBANG_HOST_CHECK_NULL(kApi, weights_desc);
  XBANG_HOST_CHECK_NULL(kApi, grad_features_desc);
  XBANG_HOST_CHECK_NULL(kApi, grad_output);
  XBANG_HOST_CHECK_NULL(kApi, indices);
  XBANG_HOST_CHECK_NULL(kApi, weights);
  XBANG_HOST_CHECK_NULL(kApi, grad_features);

  // 2. Zero elements: any of B, C, M, N zero is BAD_PARAM
  // (docs/ops/three_interpolate_backward.md (what it computes)).
  XBANG_HOST_CHECK(kApi,
                   mluOpGetTensorElementNum(grad_output_desc) != 0 &&
                       mluOpGetTensorElementNum(indices_desc) != 0 &&
                       mluOpGetTensorElementNum(weights_desc) != 0 &&
                       mluOpGetTensorElementNum(grad_features_desc) != 0,
                   MLUOP_STATUS_BAD_PARAM,
                   "zero element: B, C, M and N must all be nonzero");

  // 3. dtypes, layouts, dims and shapes.
  const mluOpDataType_t dtype = grad_output_desc->dtype;
  XBANG_HOST_CHECK(
      kApi, dtype == MLUOP_DTYPE_FLOAT || dtype == MLUOP_DTYPE_HALF,
      MLUOP_STATUS_BAD_PARAM,
      std::string("grad_output dtype must be half or float, got ") +
          mluop::dtype_name(dtype));
  XBANG_HOST_CHECK(
      kApi, weights_desc->dtype == dtype, MLUOP_STATUS_BAD_PARAM,
      std::string("weights dtype must equal grad_output dtype, got ") +
          mluop::dtype_name(weights_desc->dtype));
  XBANG_HOST_CHECK_DTYPE(kApi, indices_desc, MLUOP_DTYPE_INT32);
  XBANG_HOST_CHECK(
      kApi, grad_features_desc->dtype == dtype, MLUOP_STATUS_BAD_PARAM,
      std::string("grad_features dtype must equal grad_output dtype, "
                  "got ") +
          mluop::dtype_name(grad_features_desc->dtype));

  XBANG_HOST_CHECK_LAYOUT(kApi, grad_output_desc, MLUOP_LAYOUT_ARRAY);
  XBANG_HOST_CHECK_LAYOUT(kApi, indices_desc, MLUOP_LAYOUT_ARRAY);
  XBANG_HOST_CHECK_LAYOUT(kApi, weights_desc, MLUOP_LAYOUT_ARRAY);
  XBANG_HOST_CHECK_LAYOUT(kApi, grad_features_desc, MLUOP_LAYOUT_ARRAY);

  XBANG_HOST_CHECK_DIM(kApi, grad_output_desc, 3, "[B, C, N]");
  XBANG_HOST_CHECK_DIM(kApi, indices_desc, 3, "[B, N, 3]");
  XBANG_HOST_CHECK_DIM(kApi, weights_desc, 3, "[B, N, 3]");
  XBANG_HOST_CHECK_DIM(kApi, grad_features_desc, 3, "[B, C, M]");
  const int64_t *go = grad_output_desc->dims;
  const int64_t *id = indices_desc->dims;
  const int64_t *w = weights_desc->dims;
  const int64_t *gf = grad_features_desc->dims;
  XBANG_HOST_CHECK(kApi, id[0] == go[0], MLUOP_STATUS_BAD_PARAM,
                   "indices dims[0] must equal grad_output dims[0] (B)");
  XBANG_HOST_CHECK(kApi, id[1] == go[2], MLUOP_STATUS_BAD_PARAM,
                   "indices dims[1] must equal grad_output dims[2] (N)");
  XBANG_HOST_CHECK(kApi, id[2] == 3, MLUOP_STATUS_BAD_PARAM,
                   "indices dims[2] must be 3");
  XBANG_HOST_CHECK(kApi, w[0] == id[0] && w[1] == id[1] && w[2] == id[2],
                   MLUOP_STATUS_BAD_PARAM,
                   "weights shape must equal indices shape [B, N, 3]");
  XBANG_HOST_CHECK(kApi, gf[0] == go[0], MLUOP_STATUS_BAD_PARAM,
                   "grad_features dims[0] must equal grad_output dims[0] (B)");
  XBANG_HOST_CHECK(kApi, gf[1] == go[1], MLUOP_STATUS_BAD_PARAM,
                   "grad_features dims[1] must equal grad_output dims[1] (C)");

  // 4. Large tensors.
  XBANG_HOST_CHECK_LARGE_TENSOR(kApi, grad_output_desc);
  XBANG_HOST_CHECK_LARGE_TENSOR(kApi, indices_desc);
  XBANG_HOST_CHECK_LARGE_TENSOR(kApi, weights_desc);
  XBANG_HOST_CHECK_LARGE_TENSOR(kApi, grad_features_desc);

  return MLUOP_STATUS_SUCCESS;
}

extern "C" mluOpStatus_t MLUOP_WIN_API mluOpThreeInterpolateBackward(
    mluOpHandle_t handle, const mluOpTensorDescriptor_t grad_output_desc,
    const void *grad_output, const mluOpTensorDescriptor_t indices_desc,
    const void *indices, const mluOpTensorDescriptor_t weights_desc,
    const void *weights, const mluOpTensorDescriptor_t grad_features_desc,
    void *grad_features) {
  const mluOpStatus_t status = threeInterpolateBackwardParamCheck(
      handle, grad_output_desc, grad_output, indices_desc, indices,
      weights_desc, weights, grad_features_desc, grad_features);
  if (status != MLUOP_STATUS_SUCCESS) return status;

  const int64_t *go = grad_output_desc->dims;
  const int64_t *gf = grad_features_desc->dims;
  const mluOpDataType_t dtype = grad_output_desc->dtype;
  const int b = (int)go[0], c = (int)go[1], n = (int)go[2], m = (int)gf[2];
  const ThreeInterpolateBackwardTiling tiling =
      threeInterpolateBackwardTiling(c, m, n, MAX_NRAM_SIZE);
  cnrtDim3_t k_dim;
  cnrtFunctionType_t k_type;
  threeInterpolateBackwardPolicy(handle, b, m, tiling.m_limit, &k_dim, &k_type);
  XBANG_HOST_KERNEL_CHECK(
      kApi, KernelThreeInterpolateBackward(k_dim, k_type, handle->queue, dtype,
                                           grad_output, indices, weights, b, c,
                                           m, n, tiling.c_limit, tiling.m_limit,
                                           tiling.n_limit, grad_features));
  return MLUOP_STATUS_SUCCESS;
}
