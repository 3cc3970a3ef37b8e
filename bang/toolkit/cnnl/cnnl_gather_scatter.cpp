// CNNL's GatherNd and ScatterNd on the host (cnnl.h). The layout of
// indices, updates and output is TensorFlow's gather_nd / scatter_nd, which
// is how mlu-ops' sparse-convolution and voxel operators use these calls.
#include "cnnl_internal.h"

using namespace xbang::cnnl_detail;

namespace {

// Element offsets, in row-major order, of the trailing dimensions of `t`
// from `first` on.
std::vector<int64_t> slice_offsets(const cnnlTensorStruct& t, size_t first) {
  std::vector<int64_t> dims(t.dims.begin() + int64_t(first), t.dims.end());
  std::vector<int64_t> strides(t.strides.begin() + int64_t(first),
                               t.strides.end());
  std::vector<int64_t> at;
  for_each_offset(dims, strides, [&](int64_t o) { at.push_back(o); });
  if (dims.empty()) at.assign(1, 0);
  return at;
}

// Whether [a, a + a_bytes) and [b, b + b_bytes) share a byte.
bool bytes_overlap(const void* a, int64_t a_bytes, const void* b,
                   int64_t b_bytes) {
  const auto a0 = reinterpret_cast<uintptr_t>(a);
  const auto b0 = reinterpret_cast<uintptr_t>(b);
  return a_bytes > 0 && b_bytes > 0 && a0 < b0 + uintptr_t(b_bytes) &&
         b0 < a0 + uintptr_t(a_bytes);
}

// ScatterNd of float rows between dense tensors with K = 1: row r of updates
// goes to row indices[r] of output (skipped outside it), one typed loop per
// mode.
template <cnnlScatterNdMode_t kMode, class Index>
void scatter_float_rows(float* out, const Index* indices, const float* updates,
                        int64_t rows, int64_t row_size, int64_t out_rows) {
  for (int64_t r = 0; r < rows; ++r) {
    const int64_t v = int64_t(indices[r]);
    if (v < 0 || v >= out_rows) continue;
    float* y = out + v * row_size;
    const float* x = updates + r * row_size;
    for (int64_t s = 0; s < row_size; ++s) {
      if constexpr (kMode == CNNL_SCATTERND_UPDATE) {
        y[s] = x[s];
      } else if constexpr (kMode == CNNL_SCATTERND_ADD) {
        y[s] += x[s];
      } else if constexpr (kMode == CNNL_SCATTERND_SUB) {
        y[s] -= x[s];
      } else {
        y[s] *= x[s];
      }
    }
  }
}

template <class Index>
void scatter_float_rows(cnnlScatterNdMode_t mode, float* out,
                        const Index* indices, const float* updates,
                        int64_t rows, int64_t row_size, int64_t out_rows) {
  switch (mode) {
    case CNNL_SCATTERND_UPDATE:
      return scatter_float_rows<CNNL_SCATTERND_UPDATE>(
          out, indices, updates, rows, row_size, out_rows);
    case CNNL_SCATTERND_ADD:
      return scatter_float_rows<CNNL_SCATTERND_ADD>(out, indices, updates, rows,
                                                    row_size, out_rows);
    case CNNL_SCATTERND_SUB:
      return scatter_float_rows<CNNL_SCATTERND_SUB>(out, indices, updates, rows,
                                                    row_size, out_rows);
    default:
      return scatter_float_rows<CNNL_SCATTERND_MUL>(out, indices, updates, rows,
                                                    row_size, out_rows);
  }
}

}  // namespace

extern "C" {

cnnlStatus_t cnnlGatherNd_v2(cnnlHandle_t handle, const int batch_dims,
                             const cnnlTensorDescriptor_t params_desc,
                             const void* params,
                             const cnnlTensorDescriptor_t indices_desc,
                             const void* indices,
                             const cnnlTensorDescriptor_t output_desc,
                             void* output) {
  const char* api = "cnnlGatherNd_v2";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!handle_ok(api, handle, &status) ||
      !usable(api, params_desc, params, "params", &status) ||
      !usable(api, indices_desc, indices, "indices", &status) ||
      !usable(api, output_desc, output, "output", &status)) {
    return status;
  }
  if (params_desc->dtype != output_desc->dtype) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "params and output differ in data type");
  }
  if (!is_index_type(indices_desc->dtype)) {
    return fail(api, CNNL_STATUS_NOT_SUPPORTED,
                "indices' data type is not int32 or int64");
  }
  const cnnlTensorStruct& p = *params_desc;
  const cnnlTensorStruct& ix = *indices_desc;
  const size_t q = ix.dims.size(), r = p.dims.size();
  if (q < 1) return fail(api, CNNL_STATUS_BAD_PARAM, "indices has rank 0");
  const int64_t k = ix.dims[q - 1];
  if (batch_dims < 0 || size_t(batch_dims) >= q ||
      size_t(batch_dims) + size_t(k) > r || k < 0) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "batch_dims or indices' last dimension does not fit params");
  }
  const size_t b = size_t(batch_dims);
  std::vector<int64_t> expected(ix.dims.begin(), ix.dims.end() - 1);
  expected.insert(expected.end(), p.dims.begin() + int64_t(b + size_t(k)),
                  p.dims.end());
  for (size_t i = 0; i < b; ++i) {
    if (ix.dims[i] != p.dims[i]) {
      return fail(api, CNNL_STATUS_BAD_PARAM,
                  "params and indices differ in a batch dimension");
    }
  }
  if (output_desc->dims != expected) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "output's shape is not indices.shape[:-1] + "
                "params.shape[batch_dims + K:]");
  }
  const std::vector<int64_t> index_at = offsets_of(ix);
  const std::vector<int64_t> slice = slice_offsets(p, b + size_t(k));
  const std::vector<int64_t> out_at = offsets_of(*output_desc);
  int64_t rows = 1;  // index rows: indices.shape[:-1]
  for (size_t i = 0; i + 1 < q; ++i) rows *= ix.dims[i];
  int64_t per_batch = 1;  // index rows in one batch
  for (size_t i = b; i + 1 < q; ++i) per_batch *= ix.dims[i];
  const size_t bytes = element_bytes(p.dtype);
  std::vector<char> staged(out_at.size() * bytes, 0);
  const char* from = static_cast<const char*>(params);
  for (int64_t row = 0; row < rows; ++row) {
    int64_t base = 0;
    // The batch coordinates of this row, outermost first.
    int64_t batch = per_batch > 0 ? row / per_batch : 0;
    for (size_t i = b; i-- > 0;) {
      base += (batch % p.dims[i]) * p.strides[i];
      batch /= p.dims[i];
    }
    bool inside = true;
    for (int64_t j = 0; j < k; ++j) {
      const int64_t v =
          load_index(ix.dtype, indices, index_at[size_t(row * k + j)]);
      const size_t dim = b + size_t(j);
      if (v < 0 || v >= p.dims[dim]) inside = false;
      base += v * p.strides[dim];
    }
    if (!inside) continue;  // zeros
    for (size_t s = 0; s < slice.size(); ++s) {
      std::memcpy(staged.data() + (size_t(row) * slice.size() + s) * bytes,
                  from + (base + slice[s]) * int64_t(bytes), bytes);
    }
  }
  char* to = static_cast<char*>(output);
  for (size_t i = 0; i < out_at.size(); ++i) {
    std::memcpy(to + out_at[i] * int64_t(bytes), staged.data() + i * bytes,
                bytes);
  }
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlGatherNd(cnnlHandle_t handle,
                          const cnnlTensorDescriptor_t params_desc,
                          const void* params,
                          const cnnlTensorDescriptor_t indices_desc,
                          const void* indices,
                          const cnnlTensorDescriptor_t output_desc,
                          void* output) {
  return cnnlGatherNd_v2(handle, 0, params_desc, params, indices_desc, indices,
                         output_desc, output);
}

cnnlStatus_t cnnlScatterNd_v2(
    cnnlHandle_t handle, cnnlScatterNdMode_t mode,
    const cnnlTensorDescriptor_t indices_desc, const void* indices,
    const cnnlTensorDescriptor_t updates_desc, const void* updates,
    const cnnlTensorDescriptor_t input_desc, const void* input,
    const cnnlTensorDescriptor_t output_desc, void* output) {
  const char* api = "cnnlScatterNd_v2";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!handle_ok(api, handle, &status) ||
      !usable(api, indices_desc, indices, "indices", &status) ||
      !usable(api, updates_desc, updates, "updates", &status) ||
      !usable(api, output_desc, output, "output", &status)) {
    return status;
  }
  if (mode != CNNL_SCATTERND_ADD && mode != CNNL_SCATTERND_SUB &&
      mode != CNNL_SCATTERND_MUL && mode != CNNL_SCATTERND_UPDATE) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "unknown mode");
  }
  const bool has_input = input_desc != nullptr || input != nullptr;
  if (has_input && !usable(api, input_desc, input, "input", &status)) {
    return status;
  }
  const cnnlDataType_t dtype = output_desc->dtype;
  if (updates_desc->dtype != dtype ||
      (has_input && input_desc->dtype != dtype)) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "updates, input and output differ in data type");
  }
  if (has_input && input_desc->dims != output_desc->dims) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "input and output differ in shape");
  }
  if (!is_index_type(indices_desc->dtype)) {
    return fail(api, CNNL_STATUS_NOT_SUPPORTED,
                "indices' data type is not int32 or int64");
  }
  if (mode != CNNL_SCATTERND_UPDATE &&
      (!is_real_number(dtype) || dtype == CNNL_DTYPE_BOOL)) {
    return fail(api, CNNL_STATUS_NOT_SUPPORTED,
                "ADD, SUB and MUL take real number types");
  }
  const cnnlTensorStruct& ix = *indices_desc;
  const cnnlTensorStruct& out = *output_desc;
  const size_t q = ix.dims.size();
  if (q < 1) return fail(api, CNNL_STATUS_BAD_PARAM, "indices has rank 0");
  const int64_t k = ix.dims[q - 1];
  if (k < 1 || size_t(k) > out.dims.size()) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "indices' last dimension is not in [1, output's rank]");
  }
  std::vector<int64_t> expected(ix.dims.begin(), ix.dims.end() - 1);
  expected.insert(expected.end(), out.dims.begin() + k, out.dims.end());
  if (updates_desc->dims != expected) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "updates' shape is not indices.shape[:-1] + "
                "output.shape[K:]");
  }
  const ElementOffsets index_at(ix);
  const ElementOffsets update_at(*updates_desc);
  const std::vector<int64_t> slice = slice_offsets(out, size_t(k));
  const size_t bytes = element_bytes(dtype);
  const int64_t rows = index_at.size() / k;
  // Where index row `row` puts its slice in output; -1 outside output.
  auto target_of = [&](int64_t row) -> int64_t {
    int64_t base = 0;
    for (int64_t j = 0; j < k; ++j) {
      const int64_t v = load_index(ix.dtype, indices, index_at[row * k + j]);
      if (v < 0 || v >= out.dims[size_t(j)]) return -1;
      base += v * out.strides[size_t(j)];
    }
    return base;
  };
  // Indices and updates are read before anything is written when output
  // may share their memory (output may be the memory of input or updates).
  const ElementOffsets out_at(out);
  const bool shared =
      bytes_overlap(output, out_at.extent() * int64_t(bytes), updates,
                    update_at.extent() * int64_t(bytes)) ||
      bytes_overlap(output, out_at.extent() * int64_t(bytes), indices,
                    index_at.extent() * int64_t(element_bytes(ix.dtype)));
  std::vector<char> staged_updates;
  std::vector<int64_t> targets;
  if (shared) {
    staged_updates.resize(size_t(update_at.size()) * bytes);
    for (int64_t u = 0; u < update_at.size(); ++u) {
      std::memcpy(
          staged_updates.data() + u * int64_t(bytes),
          static_cast<const char*>(updates) + update_at[u] * int64_t(bytes),
          bytes);
    }
    targets.resize(size_t(rows));
    for (int64_t row = 0; row < rows; ++row)
      targets[size_t(row)] = target_of(row);
  }
  // Update u (in row-major order of updates), as bytes.
  auto update = [&](int64_t u) -> const char* {
    return shared ? staged_updates.data() + u * int64_t(bytes)
                  : static_cast<const char*>(updates) +
                        update_at[u] * int64_t(bytes);
  };
  if (has_input) {
    const ElementOffsets in_at(*input_desc);
    std::vector<char> staged(size_t(in_at.size()) * bytes);
    for (int64_t i = 0; i < in_at.size(); ++i) {
      std::memcpy(staged.data() + i * int64_t(bytes),
                  static_cast<const char*>(input) + in_at[i] * int64_t(bytes),
                  bytes);
    }
    for (int64_t i = 0; i < out_at.size(); ++i) {
      std::memcpy(static_cast<char*>(output) + out_at[i] * int64_t(bytes),
                  staged.data() + i * int64_t(bytes), bytes);
    }
  }
  const int64_t slice_size = int64_t(slice.size());
  // The common case (mlu-ops' voxel and sparse operators): float rows
  // between dense tensors that share no memory with output.
  if (!shared && k == 1 && dtype == CNNL_DTYPE_FLOAT && is_dense(ix) &&
      is_dense(*updates_desc) && is_dense(out)) {
    auto* out_rows = static_cast<float*>(output);
    const auto* update_rows = static_cast<const float*>(updates);
    if (ix.dtype == CNNL_DTYPE_INT32) {
      scatter_float_rows(mode, out_rows, static_cast<const int32_t*>(indices),
                         update_rows, rows, slice_size, out.dims[0]);
    } else {
      scatter_float_rows(mode, out_rows, static_cast<const int64_t*>(indices),
                         update_rows, rows, slice_size, out.dims[0]);
    }
    return CNNL_STATUS_SUCCESS;
  }
  for (int64_t row = 0; row < rows; ++row) {
    const int64_t target = shared ? targets[size_t(row)] : target_of(row);
    if (target < 0) continue;  // outside output: skipped
    for (int64_t s = 0; s < slice_size; ++s) {
      const int64_t at = target + slice[size_t(s)];
      const char* x_bytes = update(row * slice_size + s);
      char* y_bytes = static_cast<char*>(output) + at * int64_t(bytes);
      if (mode == CNNL_SCATTERND_UPDATE) {
        std::memcpy(y_bytes, x_bytes, bytes);
      } else {
        const double x = load_real(dtype, x_bytes, 0);
        const double y = load_real(dtype, y_bytes, 0);
        store_real(dtype, y_bytes, 0,
                   mode == CNNL_SCATTERND_ADD   ? y + x
                   : mode == CNNL_SCATTERND_SUB ? y - x
                                                : y * x);
      }
    }
  }
  return CNNL_STATUS_SUCCESS;
}

}  // extern "C"
