// indice_convolution_forward host side: the API, the checks
// (docs/ops/indice_convolution_forward.md (parameters and checks), in the order
// the public header lists), the workspace layout and the composition of the
// device kernels (docs/ops/indice_convolution_forward.md (kernels and NRAM)).
#include "indice_convolution_forward/indice_convolution_forward.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "common/host.h"

namespace {

constexpr const char *kApi = "[mluOpIndiceConvolutionForward]";
constexpr const char *kWorkspaceApi =
    "[mluOpGetIndiceConvolutionForwardWorkspaceSize]";

// Workspace regions start on this many bytes.
constexpr size_t kWorkspaceAlign = 128;
// Least work per core before another cluster is used (launch cost is paid
// per cluster): rows for the per-offset kernels, bytes for fill, elements
// for the cast.
constexpr int64_t kMinRowsPerCore = 128;
constexpr int64_t kMinFillBytesPerCore = 256 * 1024;
constexpr int64_t kMinCastElementsPerCore = 64 * 1024;

// The problem the descriptors describe, once they passed the checks.
struct Problem {
  mluOpDataType_t dtype = MLUOP_DTYPE_INVALID;
  bool filters_ncdhw = false;
  int64_t num_act_in = 0;
  int64_t ci = 0;
  int64_t co = 0;
  int64_t kernel_volume = 0;  // K = D * H * W
  int64_t num_act_out = 0;
  int64_t max_indice_num = 0;
  bool zero_element = false;  // features, indice_pairs or features_out empty
};

// The workspace of the fused kernel (docs/ops/indice_convolution_forward.md
// (kernels and NRAM)): transposed filters | float accumulator of features_out
// (half only) | indice_num as int32 (the fused kernel loops over the offsets
// on the device). The fused kernel keeps the gathered features and matmul
// results in NRAM.
struct WorkspaceLayout {
  size_t filters_transposed = 0;
  size_t accumulator = 0;
  size_t indice_num = 0;
  size_t total = 0;
};

size_t AlignUp(size_t x) {
  return (x + kWorkspaceAlign - 1) / kWorkspaceAlign * kWorkspaceAlign;
}

WorkspaceLayout MakeWorkspaceLayout(const Problem &p) {
  WorkspaceLayout w;
  if (p.zero_element) return w;
  const size_t dtype_bytes = mluop::dtype_size(p.dtype);
  size_t offset = 0;
  w.filters_transposed = offset;
  offset += AlignUp(size_t(p.kernel_volume) * p.ci * p.co * dtype_bytes);
  w.accumulator = offset;
  if (p.dtype == MLUOP_DTYPE_HALF) {
    offset += AlignUp(size_t(p.num_act_out) * p.co * sizeof(float));
  }
  w.indice_num = offset;
  offset += AlignUp(size_t(p.kernel_volume) * sizeof(int32_t));
  w.total = offset;
  return w;
}

// Checks 2 to 9 of the public header (check 1 is the caller's, as the two
// APIs have different pointer arguments).
mluOpStatus_t indiceConvolutionForwardParamCheck(
    const char *api, mluOpHandle_t handle,
    const mluOpTensorDescriptor_t features_desc,
    const mluOpTensorDescriptor_t filters_desc,
    const mluOpTensorDescriptor_t indice_pairs_desc,
    const mluOpTensorDescriptor_t features_out_desc, const int64_t indice_num[],
    const int64_t num_act_out, const int64_t inverse, Problem *p) {
  // 2. Platform: sparse convolution needs the 300 series or later.
  XBANG_HOST_CHECK(api, handle->arch >= 372, MLUOP_STATUS_ARCH_MISMATCH,
                   "the 200 series (arch " + std::to_string(handle->arch) +
                       ") is not supported");

  // 3. dtypes.
  const mluOpDataType_t dtype = features_desc->dtype;
  XBANG_HOST_CHECK(api, dtype == MLUOP_DTYPE_HALF || dtype == MLUOP_DTYPE_FLOAT,
                   MLUOP_STATUS_BAD_PARAM,
                   std::string("features dtype must be half or float, got ") +
                       mluop::dtype_name(dtype));
  XBANG_HOST_CHECK(api, filters_desc->dtype == dtype, MLUOP_STATUS_BAD_PARAM,
                   "filters dtype must equal the features dtype");
  XBANG_HOST_CHECK(api, features_out_desc->dtype == dtype,
                   MLUOP_STATUS_BAD_PARAM,
                   "features_out dtype must equal the features dtype");
  XBANG_HOST_CHECK(api, indice_pairs_desc->dtype == MLUOP_DTYPE_INT32,
                   MLUOP_STATUS_BAD_PARAM,
                   std::string("indice_pairs dtype must be int32, got ") +
                       mluop::dtype_name(indice_pairs_desc->dtype));

  // 4. Layouts.
  XBANG_HOST_CHECK_LAYOUT(api, features_desc, MLUOP_LAYOUT_ARRAY);
  const mluOpTensorLayout_t filters_layout = filters_desc->layout;
  XBANG_HOST_CHECK(api,
                   filters_layout == MLUOP_LAYOUT_NDHWC ||
                       filters_layout == MLUOP_LAYOUT_NCDHW ||
                       filters_layout == MLUOP_LAYOUT_ARRAY,
                   MLUOP_STATUS_BAD_PARAM,
                   std::string("filters layout must be NDHWC, NCDHW or ARRAY, "
                               "got ") +
                       mluop::layout_name(filters_layout));
  XBANG_HOST_CHECK_LAYOUT(api, indice_pairs_desc, MLUOP_LAYOUT_ARRAY);
  XBANG_HOST_CHECK_LAYOUT(api, features_out_desc, MLUOP_LAYOUT_ARRAY);

  // 5. Dims (docs/ops/indice_convolution_forward.md (parameters and checks):
  // 3-D convolutions only, so 5-dim filters).
  XBANG_HOST_CHECK_DIM(api, features_desc, 2, "[numActIn, Ci]");
  XBANG_HOST_CHECK(api, filters_desc->dim == 5, MLUOP_STATUS_BAD_PARAM,
                   "filters must be 5-D: only 3-D convolutions are supported");
  XBANG_HOST_CHECK_DIM(api, indice_pairs_desc, 3, "[K, 2, numActIn]");
  XBANG_HOST_CHECK_DIM(api, features_out_desc, 2, "[numActOut, Co]");
  const int64_t *fd = filters_desc->dims;
  p->filters_ncdhw = filters_layout == MLUOP_LAYOUT_NCDHW;
  p->co = fd[0];
  p->ci = p->filters_ncdhw ? fd[1] : fd[4];
  // K = D * H * W: each dim is below 2^31, but with Co or Ci zero their
  // product is bounded by nothing else; K must be a row count of indice_pairs
  // (an int).
  const int64_t *dhw = p->filters_ncdhw ? fd + 2 : fd + 1;
  int64_t kernel_volume = 0;
  const bool kernel_volume_fits =
      !__builtin_mul_overflow(dhw[0], dhw[1], &kernel_volume) &&
      !__builtin_mul_overflow(kernel_volume, dhw[2], &kernel_volume) &&
      kernel_volume <= INT32_MAX;
  XBANG_HOST_CHECK(api, kernel_volume_fits, MLUOP_STATUS_BAD_PARAM,
                   "filters' kernel volume D * H * W = " +
                       std::to_string(dhw[0]) + " * " + std::to_string(dhw[1]) +
                       " * " + std::to_string(dhw[2]) + " must be below 2^31");
  p->kernel_volume = kernel_volume;
  p->num_act_in = features_desc->dims[0];
  p->num_act_out = features_out_desc->dims[0];
  p->dtype = dtype;
  XBANG_HOST_CHECK(api, features_desc->dims[1] == p->ci, MLUOP_STATUS_BAD_PARAM,
                   "features dims[1] must equal the filters' Ci");
  XBANG_HOST_CHECK(api, features_out_desc->dims[1] == p->co,
                   MLUOP_STATUS_BAD_PARAM,
                   "features_out dims[1] must equal the filters' Co");
  XBANG_HOST_CHECK(
      api, indice_pairs_desc->dims[0] == p->kernel_volume,
      MLUOP_STATUS_BAD_PARAM,
      "indice_pairs dims[0] must equal K = D * H * W of the filters");
  XBANG_HOST_CHECK(api, indice_pairs_desc->dims[1] == 2, MLUOP_STATUS_BAD_PARAM,
                   "indice_pairs dims[1] must be 2");
  XBANG_HOST_CHECK(
      api, indice_pairs_desc->dims[2] == p->num_act_in, MLUOP_STATUS_BAD_PARAM,
      "indice_pairs dims[2] must equal numActIn (features dims[0])");

  // 6. num_act_out must be the real output count.
  XBANG_HOST_CHECK(api, num_act_out == p->num_act_out, MLUOP_STATUS_BAD_PARAM,
                   "num_act_out must equal features_out dims[0]");

  // 7. indice_num: each count is a row count of indice_pairs.
  for (int64_t k = 0; k < p->kernel_volume; ++k) {
    XBANG_HOST_CHECK(
        api, indice_num[k] >= 0 && indice_num[k] <= p->num_act_in,
        MLUOP_STATUS_BAD_PARAM,
        "indice_num[" + std::to_string(k) + "] must be in [0, numActIn]");
    p->max_indice_num = std::max(p->max_indice_num, indice_num[k]);
  }

  // 8. Large tensors.
  XBANG_HOST_CHECK_LARGE_TENSOR(api, features_desc);
  XBANG_HOST_CHECK_LARGE_TENSOR(api, filters_desc);
  XBANG_HOST_CHECK_LARGE_TENSOR(api, indice_pairs_desc);
  XBANG_HOST_CHECK_LARGE_TENSOR(api, features_out_desc);

  // 9. Unsupported mode.
  XBANG_HOST_CHECK(api, inverse == 0, MLUOP_STATUS_NOT_SUPPORTED,
                   "inverse mode is not supported");

  // 10. Filters may not be empty; 11. other empty tensors are a no-op.
  XBANG_HOST_CHECK(api, filters_desc->total_element_num > 0,
                   MLUOP_STATUS_BAD_PARAM,
                   "filters must not have zero elements");
  p->zero_element = features_desc->total_element_num == 0 ||
                    indice_pairs_desc->total_element_num == 0 ||
                    features_out_desc->total_element_num == 0;
  return MLUOP_STATUS_SUCCESS;
}

}  // namespace

extern "C" {

mluOpStatus_t mluOpGetIndiceConvolutionForwardWorkspaceSize(
    mluOpHandle_t handle, const mluOpTensorDescriptor_t features_desc,
    const mluOpTensorDescriptor_t filters_desc,
    const mluOpTensorDescriptor_t indice_pairs_desc,
    const mluOpTensorDescriptor_t features_out_desc, const int64_t indice_num[],
    const int64_t num_act_out, const int64_t inverse, const int64_t sub_m,
    size_t *workspace_size) {
  (void)sub_m;  // the same workspace serves both modes
  // 1. Null handle, descriptors and pointers.
  XBANG_HOST_CHECK_NULL(kWorkspaceApi, handle);
  XBANG_HOST_CHECK_NULL(kWorkspaceApi, features_desc);
  XBANG_HOST_CHECK_NULL(kWorkspaceApi, filters_desc);
  XBANG_HOST_CHECK_NULL(kWorkspaceApi, indice_pairs_desc);
  XBANG_HOST_CHECK_NULL(kWorkspaceApi, features_out_desc);
  XBANG_HOST_CHECK_NULL(kWorkspaceApi, indice_num);
  XBANG_HOST_CHECK_NULL(kWorkspaceApi, workspace_size);
  Problem p;
  const mluOpStatus_t status = indiceConvolutionForwardParamCheck(
      kWorkspaceApi, handle, features_desc, filters_desc, indice_pairs_desc,
      features_out_desc, indice_num, num_act_out, inverse, &p);
  if (status != MLUOP_STATUS_SUCCESS) return status;
  *workspace_size = MakeWorkspaceLayout(p).total;
  return MLUOP_STATUS_SUCCESS;
}

mluOpStatus_t mluOpIndiceConvolutionForward(
    mluOpHandle_t handle, const mluOpTensorDescriptor_t features_desc,
    const void *features, const mluOpTensorDescriptor_t filters_desc,
    const void *filters, const mluOpTensorDescriptor_t indice_pairs_desc,
    const void *indice_pairs, const int64_t indice_num[],
    const int64_t num_act_out, const int64_t inverse, const int64_t sub_m,
    void *workspace, const size_t workspace_size,
    const mluOpTensorDescriptor_t features_out_desc, void *features_out) {
  // 1. Null handle, descriptors and pointers.
  XBANG_HOST_CHECK_NULL(kApi, handle);
  XBANG_HOST_CHECK_NULL(kApi, features_desc);
  XBANG_HOST_CHECK_NULL(kApi, filters_desc);
  XBANG_HOST_CHECK_NULL(kApi, indice_pairs_desc);
  XBANG_HOST_CHECK_NULL(kApi, features_out_desc);
  XBANG_HOST_CHECK_NULL(kApi, indice_num);
  Problem p;
  const mluOpStatus_t status = indiceConvolutionForwardParamCheck(
      kApi, handle, features_desc, filters_desc, indice_pairs_desc,
      features_out_desc, indice_num, num_act_out, inverse, &p);
  if (status != MLUOP_STATUS_SUCCESS) return status;

  const size_t dtype_bytes = mluop::dtype_size(p.dtype);
  const size_t out_bytes =
      size_t(features_out_desc->total_element_num) * dtype_bytes;
  cnrtDim3_t k_dim;
  cnrtFunctionType_t k_type;
  cnrtQueue_t queue = handle->queue;

  // 11. Zero elements: the output (if any) is all zeros.
  if (p.zero_element) {
    if (out_bytes > 0) {
      XBANG_HOST_CHECK_NULL(kApi, features_out);
      mluop::policyUnion1(handle, int64_t(out_bytes), kMinFillBytesPerCore,
                          &k_dim, &k_type);
      XBANG_HOST_KERNEL_CHECK(
          kApi,
          KernelIndiceConvFill(k_dim, k_type, queue, features_out, out_bytes));
    }
    return MLUOP_STATUS_SUCCESS;
  }

  // 12. Data pointers of non-empty tensors, then the workspace.
  XBANG_HOST_CHECK_NULL(kApi, features);
  XBANG_HOST_CHECK_NULL(kApi, filters);
  XBANG_HOST_CHECK_NULL(kApi, indice_pairs);
  XBANG_HOST_CHECK_NULL(kApi, features_out);
  const WorkspaceLayout layout = MakeWorkspaceLayout(p);
  XBANG_HOST_CHECK(kApi, workspace != nullptr || workspace_size == 0,
                   MLUOP_STATUS_BAD_PARAM, "workspace is null");
  // 13.
  XBANG_HOST_CHECK(kApi, workspace_size >= layout.total, MLUOP_STATUS_BAD_PARAM,
                   "workspace_size " + std::to_string(workspace_size) +
                       " is smaller than the " + std::to_string(layout.total) +
                       " bytes mluOpGetIndiceConvolutionForwardWorkspaceSize "
                       "gives");

  int8_t *ws = static_cast<int8_t *>(workspace);
  int8_t *filters_transposed = ws + layout.filters_transposed;
  // half sums in a float accumulator, rounded once at the end.
  float *output = p.dtype == MLUOP_DTYPE_HALF
                      ? reinterpret_cast<float *>(ws + layout.accumulator)
                      : static_cast<float *>(features_out);
  const int64_t out_elements = p.num_act_out * p.co;

  // Step 1: fill(features_out, 0).
  mluop::policyUnion1(handle, out_elements * int64_t(sizeof(float)),
                      kMinFillBytesPerCore, &k_dim, &k_type);
  XBANG_HOST_KERNEL_CHECK(
      kApi, KernelIndiceConvFill(k_dim, k_type, queue, output,
                                 size_t(out_elements) * sizeof(float)));

  // Step 2: transpose(filters, DHWCN) into [K, Ci, Co].
  mluop::policyUnion1(handle, p.co, 8, &k_dim, &k_type);
  XBANG_HOST_KERNEL_CHECK(
      kApi, KernelIndiceConvFilterTranspose(k_dim, k_type, queue, p.dtype,
                                            filters, p.filters_ncdhw, int(p.co),
                                            int(p.kernel_volume), int(p.ci),
                                            filters_transposed));

  // Steps 3 to 5 for every filter element: gather, matmul and scatter-add
  // of each tile of pairs in one kernel that loops over the offsets (each
  // task takes its range of every offset). __gather takes uint32 byte
  // offsets computed in int32: features of 2 GiB or more are copied row by
  // row.
  const bool row_copies =
      size_t(features_desc->total_element_num) * dtype_bytes >=
      (size_t(1) << 31);
  std::vector<int32_t> indice_num_host(size_t(p.kernel_volume));
  int64_t pair_total = 0;
  for (int64_t k = 0; k < p.kernel_volume; ++k) {
    indice_num_host[size_t(k)] = int32_t(indice_num[k]);
    pair_total += indice_num[k];
  }
  int32_t *indice_num_device =
      reinterpret_cast<int32_t *>(ws + layout.indice_num);
  XBANG_HOST_CHECK(kApi,
                   cnrtMemcpy(indice_num_device, indice_num_host.data(),
                              indice_num_host.size() * sizeof(int32_t),
                              cnrtMemcpyHostToDev) == cnrtSuccess,
                   MLUOP_STATUS_EXECUTION_FAILED, "copying indice_num failed");
  if (pair_total > 0) {
    const int contiguous_offset = sub_m != 0 ? int(p.kernel_volume / 2) : -1;
    mluop::policyUnion1(handle, pair_total, kMinRowsPerCore, &k_dim, &k_type);
    XBANG_HOST_KERNEL_CHECK(
        kApi, KernelIndiceConvGatherMatmulScatterAllOffsets(
                  k_dim, k_type, queue, p.dtype, features, int(p.num_act_in),
                  int(p.ci), filters_transposed,
                  static_cast<const int32_t *>(indice_pairs), indice_num_device,
                  int(p.kernel_volume), int(p.num_act_out), int(p.co),
                  contiguous_offset, row_copies, output));
  }

  // Step 6 (half): round the float sums once.
  if (p.dtype == MLUOP_DTYPE_HALF) {
    mluop::policyUnion1(handle, out_elements, kMinCastElementsPerCore, &k_dim,
                        &k_type);
    XBANG_HOST_KERNEL_CHECK(
        kApi, KernelIndiceConvCastToHalf(k_dim, k_type, queue, output,
                                         out_elements, features_out));
  }
  return MLUOP_STATUS_SUCCESS;
}

}  // extern "C"
