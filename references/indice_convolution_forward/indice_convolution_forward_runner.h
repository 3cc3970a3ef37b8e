// Running indice_convolution_forward on an IndiceConvProblem: through the
// host API, or through the kernel wrappers with a fixed launch (the host's
// composition, for Block/Union launch tests), and through the reference.
// Shared by the tests, the benchmark and the main job.
#pragma once

#include <xbang/ops/mlu_op.h>

#include <cstdint>
#include <cstring>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "indice_convolution_forward/indice_convolution_forward.h"
#include "indice_convolution_forward_data.h"
#include "indice_convolution_forward_reference.h"
#include "mluop_objects.h"
#include "xbang/core/half.h"
#include "xbang/runtime/launch.h"

namespace indice_conv_test {

// One call's arguments. Values are held as float; for half problems they are
// already rounded to half, so the reference sees exactly the device's input.
struct IndiceConvProblem {
  mluOpDataType_t dtype = MLUOP_DTYPE_FLOAT;
  mluOpTensorLayout_t filters_layout = MLUOP_LAYOUT_NDHWC;
  int64_t num_act_in = 0, ci = 0, co = 0, num_act_out = 0;
  std::array<int32_t, 3> kernel{3, 3, 3};
  int64_t sub_m = 0;
  std::vector<float> features;        // [num_act_in, ci]
  std::vector<float> filters;         // [co, K, ci] or [co, ci, K]
  std::vector<int32_t> indice_pairs;  // [K, 2, num_act_in]
  std::vector<int64_t> indice_num;    // [K]

  int64_t kernel_volume() const {
    return int64_t(kernel[0]) * kernel[1] * kernel[2];
  }
  bool filters_ncdhw() const { return filters_layout == MLUOP_LAYOUT_NCDHW; }
  std::vector<int> filters_dims() const {
    if (filters_ncdhw()) {
      return {int(co), int(ci), kernel[0], kernel[1], kernel[2]};
    }
    return {int(co), kernel[0], kernel[1], kernel[2], int(ci)};
  }
  int64_t pair_count() const {
    int64_t total = 0;
    for (int64_t n : indice_num) total += n;
    return total;
  }
  // 2 * Ci * Co per pair.
  double flops() const { return 2.0 * double(ci) * double(co) * pair_count(); }
};

inline float RoundTo(mluOpDataType_t dtype, float v) {
  return dtype == MLUOP_DTYPE_HALF ? float(xbang::half(v)) : v;
}

inline void FillUniform(std::vector<float> *v, size_t n, float lo, float hi,
                        mluOpDataType_t dtype, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> dist(lo, hi);
  v->resize(n);
  for (float &x : *v) x = RoundTo(dtype, dist(rng));
}

// A problem on a rule book, with random features and filters in [-1, 1].
inline IndiceConvProblem MakeProblem(const RuleBook &rb, int64_t ci, int64_t co,
                                     std::array<int32_t, 3> kernel,
                                     mluOpDataType_t dtype,
                                     mluOpTensorLayout_t filters_layout,
                                     uint32_t seed) {
  IndiceConvProblem p;
  p.dtype = dtype;
  p.filters_layout = filters_layout;
  p.num_act_in = rb.num_act_in;
  p.ci = ci;
  p.co = co;
  p.num_act_out = rb.num_act_out();
  p.kernel = kernel;
  FillUniform(&p.features, size_t(p.num_act_in * ci), -1.f, 1.f, dtype, seed);
  FillUniform(&p.filters, size_t(co * p.kernel_volume() * ci), -1.f, 1.f, dtype,
              seed + 1);
  p.indice_pairs = rb.indice_pairs;
  p.indice_num = rb.indice_num;
  return p;
}

inline std::vector<float> Reference(const IndiceConvProblem &p) {
  return IndiceConvForwardReference(
      p.features, p.num_act_in, p.ci, p.filters, p.filters_ncdhw(),
      p.kernel_volume(), p.co, p.indice_pairs, p.indice_num, p.num_act_out);
}

// Host values to the bytes of `dtype`.
inline std::vector<uint8_t> ToDeviceBytes(const std::vector<float> &v,
                                          mluOpDataType_t dtype) {
  if (dtype == MLUOP_DTYPE_HALF) {
    std::vector<uint8_t> out(v.size() * 2);
    for (size_t i = 0; i < v.size(); ++i) {
      const uint16_t bits = xbang::half_bits(xbang::half(v[i]));
      std::memcpy(out.data() + 2 * i, &bits, 2);
    }
    return out;
  }
  std::vector<uint8_t> out(v.size() * 4);
  if (!v.empty()) std::memcpy(out.data(), v.data(), out.size());
  return out;
}

inline std::vector<float> FromDeviceBytes(const std::vector<uint8_t> &bytes,
                                          mluOpDataType_t dtype) {
  if (dtype == MLUOP_DTYPE_HALF) {
    std::vector<float> out(bytes.size() / 2);
    for (size_t i = 0; i < out.size(); ++i) {
      uint16_t bits;
      std::memcpy(&bits, bytes.data() + 2 * i, 2);
      out[i] = xbang::half_bits_to_float(bits);
    }
    return out;
  }
  std::vector<float> out(bytes.size() / 4);
  if (!out.empty()) std::memcpy(out.data(), bytes.data(), bytes.size());
  return out;
}

// Tasks one at a time in taskId order while alive (float atomics from
// different tasks then add in a fixed order).
struct DeterministicScope {
  DeterministicScope() { xbang::set_deterministic(true); }
  ~DeterministicScope() { xbang::set_deterministic(false); }
  DeterministicScope(const DeterministicScope &) = delete;
  DeterministicScope &operator=(const DeterministicScope &) = delete;
};

// The problem's tensors in GDRAM with their descriptors, and a workspace of
// the size the size function gives (or `workspace_bytes` when set).
struct DeviceProblem {
  explicit DeviceProblem(mluOpHandle_t handle, const IndiceConvProblem &p)
      : features_desc(MLUOP_LAYOUT_ARRAY, p.dtype,
                      {int(p.num_act_in), int(p.ci)}),
        filters_desc(p.filters_layout, p.dtype, p.filters_dims()),
        indice_pairs_desc(MLUOP_LAYOUT_ARRAY, MLUOP_DTYPE_INT32,
                          {int(p.kernel_volume()), 2, int(p.num_act_in)}),
        features_out_desc(MLUOP_LAYOUT_ARRAY, p.dtype,
                          {int(p.num_act_out), int(p.co)}),
        workspace_status(mluOpGetIndiceConvolutionForwardWorkspaceSize(
            handle, features_desc, filters_desc, indice_pairs_desc,
            features_out_desc, p.indice_num.data(), p.num_act_out, 0, p.sub_m,
            &workspace_bytes)),
        features(ToDeviceBytes(p.features, p.dtype)),
        filters(ToDeviceBytes(p.filters, p.dtype)),
        indice_pairs(p.indice_pairs),
        features_out(size_t(p.num_act_out * p.co) *
                     (p.dtype == MLUOP_DTYPE_HALF ? 2 : 4)),
        workspace(workspace_bytes) {
    PoisonOutput();
  }
  // Output bytes set to a NaN pattern, so that a row the op forgets shows.
  void PoisonOutput() {
    features_out.from_host(std::vector<uint8_t>(features_out.bytes(), 0xff));
  }
  std::vector<float> Output(mluOpDataType_t dtype) const {
    return FromDeviceBytes(features_out.to_host<uint8_t>(), dtype);
  }

  xbang_test::TensorDesc features_desc, filters_desc, indice_pairs_desc,
      features_out_desc;
  size_t workspace_bytes = 0;
  mluOpStatus_t workspace_status = MLUOP_STATUS_SUCCESS;
  xbang_test::DeviceBuffer features, filters, indice_pairs, features_out,
      workspace;
  // RunKernels' own workspace (the separate kernels need more than the API).
  std::unique_ptr<xbang_test::DeviceBuffer> kernel_workspace;
};

inline mluOpStatus_t RunApi(mluOpHandle_t handle, const IndiceConvProblem &p,
                            DeviceProblem &d) {
  return mluOpIndiceConvolutionForward(
      handle, d.features_desc, d.features.get(), d.filters_desc,
      d.filters.get(), d.indice_pairs_desc, d.indice_pairs.get(),
      p.indice_num.data(), p.num_act_out, 0, p.sub_m, d.workspace.get(),
      d.workspace.bytes(), d.features_out_desc, d.features_out.get());
}

// The host's composition with every kernel launched as (k_dim, k_type):
// fill, transpose, then per offset the fused kernel (`fused`) or the design's
// separate gather, matmul and scatter-add kernels through a workspace of
// their own (docs/ops/indice_convolution_forward.md (kernel): transposed
// filters | matmul_result | gathered features | float accumulator for half).
// Returns the first failing launch's result.
inline cnrtRet_t RunKernels(cnrtDim3_t k_dim, cnrtFunctionType_t k_type,
                            cnrtQueue_t queue, const IndiceConvProblem &p,
                            DeviceProblem &d, bool row_copies = false,
                            bool fused = false) {
  auto align = [](size_t x) { return (x + 127) / 128 * 128; };
  int64_t max_n = 0;
  for (int64_t n : p.indice_num) max_n = std::max(max_n, n);
  const size_t dtype_bytes = p.dtype == MLUOP_DTYPE_HALF ? 2 : 4;
  const size_t filters_bytes =
      align(size_t(p.kernel_volume() * p.ci * p.co) * dtype_bytes);
  const size_t result_bytes = align(size_t(max_n * p.co) * 4);
  const size_t gathered_bytes = align(size_t(max_n * p.ci) * dtype_bytes);
  const size_t accumulator_bytes =
      p.dtype == MLUOP_DTYPE_HALF ? size_t(p.num_act_out * p.co) * 4 : 0;
  const size_t total =
      filters_bytes + result_bytes + gathered_bytes + accumulator_bytes;
  if (!d.kernel_workspace || d.kernel_workspace->bytes() < total) {
    d.kernel_workspace = std::make_unique<xbang_test::DeviceBuffer>(total);
  }
  int8_t *ws = static_cast<int8_t *>(d.kernel_workspace->get());
  int8_t *filters_t = ws;
  float *result = reinterpret_cast<float *>(ws + filters_bytes);
  void *gathered = ws + filters_bytes + result_bytes;
  float *output = p.dtype == MLUOP_DTYPE_HALF
                      ? reinterpret_cast<float *>(ws + filters_bytes +
                                                  result_bytes + gathered_bytes)
                      : static_cast<float *>(d.features_out.get());
  const int64_t out_elements = p.num_act_out * p.co;
  cnrtRet_t ret =
      KernelIndiceConvFill(k_dim, k_type, queue, output, out_elements * 4);
  if (ret != cnrtSuccess) return ret;
  ret = KernelIndiceConvFilterTranspose(
      k_dim, k_type, queue, p.dtype, d.filters.get(), p.filters_ncdhw(),
      int(p.co), int(p.kernel_volume()), int(p.ci), filters_t);
  if (ret != cnrtSuccess) return ret;
  const int32_t *pairs = static_cast<const int32_t *>(d.indice_pairs.get());
  for (int64_t k = 0; k < p.kernel_volume(); ++k) {
    const int n = int(p.indice_num[size_t(k)]);
    if (n == 0) continue;
    const int32_t *in_index = pairs + k * 2 * p.num_act_in;
    const int32_t *out_index = in_index + p.num_act_in;
    const bool hint = p.sub_m != 0 && k == p.kernel_volume() / 2;
    if (fused) {
      ret = KernelIndiceConvGatherMatmulScatter(
          k_dim, k_type, queue, p.dtype, d.features.get(), int(p.num_act_in),
          int(p.ci), filters_t + k * p.ci * p.co * dtype_bytes, in_index,
          out_index, n, int(p.num_act_out), int(p.co), hint, row_copies,
          output);
      if (ret != cnrtSuccess) return ret;
      continue;
    }
    ret = KernelIndiceConvGather(k_dim, k_type, queue, p.dtype,
                                 d.features.get(), int(p.num_act_in), int(p.ci),
                                 in_index, n, hint, row_copies, gathered);
    if (ret != cnrtSuccess) return ret;
    ret = KernelIndiceConvMatmul(k_dim, k_type, queue, p.dtype, gathered,
                                 filters_t + k * p.ci * p.co * dtype_bytes, n,
                                 int(p.ci), int(p.co), result);
    if (ret != cnrtSuccess) return ret;
    ret = KernelIndiceConvScatterAdd(
        k_dim, k_type, queue, result, in_index, out_index, n, int(p.num_act_in),
        int(p.num_act_out), int(p.co), hint, output);
    if (ret != cnrtSuccess) return ret;
  }
  if (p.dtype == MLUOP_DTYPE_HALF) {
    ret = KernelIndiceConvCastToHalf(k_dim, k_type, queue, output, out_elements,
                                     d.features_out.get());
  }
  return ret;
}

}  // namespace indice_conv_test
