// CNNL's IndexPut and AdvancedIndex: PyTorch's advanced-index assignment
// input[indices] = value (or += value) and read output = input[indices] on
// the host. The index list is resolved once into a
// plan (the shape input[indices] has and, for each of its elements, the
// input element it names); the assignment then walks the plan in row-major
// order, so with repeated positions the last value wins and accumulation
// sums every value; the read gathers along it.
#include "cnnl_internal.h"

using namespace xbang::cnnl_detail;

namespace {

struct IndexPlan {
  std::vector<int64_t> shape;    // of input[indices]
  std::vector<int64_t> targets;  // dense input offset of each element
};

// Resolves `count` entries of an index list against input's shape: a NULL
// descriptor takes the whole dimension, an int32 or int64 tensor picks along
// one dimension (negative values count from its end), a bool or uint8 mask
// covers as many dimensions as it has and picks its nonzero positions. The
// picking tensors broadcast together (NumPy rules); their result dimensions
// replace the indexed ones where those are adjacent and lead the shape when
// they are not (PyTorch's rule).
bool plan_indices(const char* api, const cnnlTensorStruct& in,
                  const cnnlTensorDescriptor_t descs[],
                  const void* const data[], int count, IndexPlan* plan,
                  cnnlStatus_t* status, bool shape_only = false) {
  const size_t rank = in.dims.size();
  // Per input dimension: -1 a whole slice, else the index tensor (in
  // `picks`) that selects along it.
  std::vector<int> pick_of(rank, -1);
  std::vector<std::vector<int64_t>> picks;  // values, dense over pick_dims
  std::vector<std::vector<int64_t>> pick_dims;
  size_t dim = 0;
  for (int k = 0; k < count; ++k) {
    const cnnlTensorDescriptor_t d = descs[k];
    if (d == nullptr) {
      ++dim;
      continue;
    }
    // A shape query has no index data: only the descriptor is checked.
    if (shape_only ? !usable(api, d, d, "indices", status)
                   : !usable(api, d, data[k], "indices", status)) {
      return false;
    }
    const bool mask =
        d->dtype == CNNL_DTYPE_BOOL || d->dtype == CNNL_DTYPE_UINT8;
    // A mask's result size depends on its data.
    if (mask && shape_only) {
      *status = fail(api, CNNL_STATUS_NOT_SUPPORTED,
                     "the output shape of a mask index depends on its data");
      return false;
    }
    if (!mask && !is_index_type(d->dtype)) {
      *status = fail(api, CNNL_STATUS_BAD_PARAM,
                     "an index tensor is not int32, int64, bool or uint8");
      return false;
    }
    const size_t covers = mask ? d->dims.size() : 1;
    if (dim + covers > rank) {
      *status = fail(api, CNNL_STATUS_BAD_PARAM,
                     "the indices cover more dimensions than input has");
      return false;
    }
    // A mask of rank 0 covers no dimension (not part of CNNL's contract).
    if (mask && covers == 0) {
      *status = fail(api, CNNL_STATUS_BAD_PARAM, "a mask has rank 0");
      return false;
    }
    if (mask) {
      for (size_t i = 0; i < covers; ++i) {
        if (d->dims[i] != in.dims[dim + i]) {
          *status = fail(api, CNNL_STATUS_BAD_PARAM,
                         "a mask's shape does not match input's dimensions");
          return false;
        }
      }
      // The nonzero positions, one coordinate tensor per covered dimension.
      std::vector<std::vector<int64_t>> coords(covers);
      int64_t position = 0;
      for_each_offset(d->dims, d->strides, [&](int64_t at) {
        if (load_real(d->dtype, data[k], at) != 0) {
          int64_t rest = position;
          for (size_t i = covers; i-- > 0;) {
            coords[i].push_back(rest % d->dims[i]);
            rest /= d->dims[i];
          }
        }
        ++position;
      });
      for (size_t i = 0; i < covers; ++i) {
        pick_of[dim + i] = int(picks.size());
        pick_dims.push_back({int64_t(coords[i].size())});
        picks.push_back(std::move(coords[i]));
      }
    } else {
      const int64_t extent = in.dims[dim];
      std::vector<int64_t> values;
      values.reserve(size_t(element_count(*d)));
      bool in_range = true;
      if (!shape_only)
        for_each_offset(d->dims, d->strides, [&](int64_t at) {
          int64_t v = load_index(d->dtype, data[k], at);
          if (v < 0) v += extent;
          if (v < 0 || v >= extent) in_range = false;
          values.push_back(v);
        });
      if (!in_range) {
        *status = fail(api, CNNL_STATUS_BAD_PARAM,
                       "an index lies outside its dimension");
        return false;
      }
      pick_of[dim] = int(picks.size());
      pick_dims.push_back(d->dims);
      picks.push_back(std::move(values));
    }
    dim += covers;
  }
  if (picks.empty()) {
    *status = fail(api, CNNL_STATUS_BAD_PARAM, "every index entry is NULL");
    return false;
  }
  // The broadcast shape of the picking tensors.
  size_t b_rank = 0;
  for (const auto& d : pick_dims) b_rank = std::max(b_rank, d.size());
  std::vector<int64_t> broadcast(b_rank, 1);
  for (const auto& d : pick_dims) {
    for (size_t i = 0; i < d.size(); ++i) {
      int64_t& b = broadcast[b_rank - d.size() + i];
      if (d[i] != 1 && b != 1 && d[i] != b) {
        *status = fail(api, CNNL_STATUS_BAD_PARAM,
                       "the index tensors do not broadcast together");
        return false;
      }
      if (d[i] != 1) b = d[i];
    }
  }
  size_t first = rank, last = 0;
  for (size_t i = 0; i < rank; ++i) {
    if (pick_of[i] >= 0) {
      first = std::min(first, i);
      last = i;
    }
  }
  bool adjacent = true;
  for (size_t i = first; i <= last; ++i) adjacent &= pick_of[i] >= 0;
  // Result dimensions: the sliced input dimensions in order, with the
  // broadcast block in place of the indexed ones (adjacent) or first.
  plan->shape.clear();
  std::vector<int> source;  // per result dimension: input dim, or -1 (block)
  auto push_block = [&] {
    for (const int64_t b : broadcast) {
      plan->shape.push_back(b);
      source.push_back(-1);
    }
  };
  if (!adjacent) push_block();
  for (size_t i = 0; i < rank; ++i) {
    if (pick_of[i] < 0) {
      plan->shape.push_back(in.dims[i]);
      source.push_back(int(i));
    } else if (adjacent && i == first) {
      push_block();
    }
  }
  if (shape_only) return true;
  int64_t n = 1;
  for (const int64_t d : plan->shape) n *= d;
  const std::vector<int64_t> in_strides = dense_strides(in.dims);
  // Strides of each picking tensor over the broadcast block.
  std::vector<std::vector<int64_t>> pick_strides(picks.size());
  for (size_t p = 0; p < picks.size(); ++p) {
    const std::vector<int64_t>& d = pick_dims[p];
    const std::vector<int64_t> own = dense_strides(d);
    pick_strides[p].assign(b_rank, 0);
    for (size_t i = 0; i < d.size(); ++i) {
      if (d[i] != 1) pick_strides[p][b_rank - d.size() + i] = own[i];
    }
  }
  plan->targets.assign(size_t(n), 0);
  std::vector<int64_t> coord(plan->shape.size(), 0), b_coord(b_rank, 0);
  for (int64_t e = 0; e < n; ++e) {
    int64_t rest = e;
    for (size_t i = plan->shape.size(); i-- > 0;) {
      coord[i] = rest % plan->shape[i];
      rest /= plan->shape[i];
    }
    int64_t target = 0;
    size_t block = 0;
    for (size_t i = 0; i < coord.size(); ++i) {
      if (source[i] >= 0) {
        target += coord[i] * in_strides[size_t(source[i])];
      } else {
        b_coord[block++] = coord[i];
      }
    }
    for (size_t i = 0; i < rank; ++i) {
      if (pick_of[i] < 0) continue;
      const size_t p = size_t(pick_of[i]);
      int64_t at = 0;
      for (size_t j = 0; j < b_rank; ++j) at += b_coord[j] * pick_strides[p][j];
      target += picks[p][size_t(at)] * in_strides[i];
    }
    plan->targets[size_t(e)] = target;
  }
  return true;
}

}  // namespace

extern "C" {

cnnlStatus_t cnnlGetIndexPutWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t input_desc,
    const cnnlTensorDescriptor_t indices_desc[], const int indices_num,
    const cnnlTensorDescriptor_t value_desc, const bool /*accumulate*/,
    size_t* workspace_size) {
  const char* api = "cnnlGetIndexPutWorkspaceSize";
  if (indices_desc == nullptr || indices_num < 1 ||
      indices_num > CNNL_DIM_MAX) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "indices_desc is NULL or indices_num is not in [1, "
                "CNNL_DIM_MAX]");
  }
  return zero_workspace_query(api, handle,
                              value_desc != nullptr ? input_desc : nullptr,
                              workspace_size);
}

cnnlStatus_t cnnlIndexPut(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t input_desc,
    const void* input, const cnnlTensorDescriptor_t indices_desc[],
    const void* const indices[], const int indices_num,
    const cnnlTensorDescriptor_t value_desc, const void* value, void* workspace,
    size_t workspace_size, const bool accumulate,
    const bool /*check_index_range*/, const cnnlTensorDescriptor_t output_desc,
    void* output) {
  const char* api = "cnnlIndexPut";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!unary_call_ok(api, handle, input_desc, input, output_desc, output,
                     &status) ||
      !usable(api, value_desc, value, "value", &status) ||
      !workspace_ok(api, workspace, workspace_size, &status)) {
    return status;
  }
  if (indices_desc == nullptr || indices == nullptr || indices_num < 1 ||
      indices_num > CNNL_DIM_MAX) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "indices_desc or indices is NULL, or indices_num is not in "
                "[1, CNNL_DIM_MAX]");
  }
  const cnnlTensorStruct &in = *input_desc, &out = *output_desc,
                         &val = *value_desc;
  if (out.dims != in.dims || out.dtype != in.dtype || val.dtype != in.dtype) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "input, value and output differ in data type, or input and "
                "output in shape");
  }
  if (accumulate && !is_real_number(in.dtype)) {
    return fail(api, CNNL_STATUS_NOT_SUPPORTED,
                "accumulate needs a real data type");
  }
  IndexPlan plan;
  if (!plan_indices(api, in, indices_desc, indices, indices_num, &plan,
                    &status)) {
    return status;
  }
  // value broadcast to the shape of input[indices].
  cnnlTensorStruct target;
  target.dims = plan.shape;
  target.strides = dense_strides(plan.shape);
  std::vector<int64_t> value_strides;
  if (!numpy_strides(val, target, &value_strides)) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "value does not broadcast to the shape of input[indices]");
  }
  const size_t bytes = element_bytes(in.dtype);
  std::vector<char> data = read_bytes(in, input);
  const char* from = static_cast<const char*>(value);
  size_t e = 0;
  for_each_offset(plan.shape, value_strides, [&](int64_t at) {
    const int64_t to = plan.targets[e++];
    if (accumulate) {
      store_real(in.dtype, data.data(), to,
                 load_real(in.dtype, data.data(), to) +
                     load_real(in.dtype, value, at));
    } else {
      std::memcpy(data.data() + size_t(to) * bytes, from + size_t(at) * bytes,
                  bytes);
    }
  });
  write_bytes(out, output, data);
  return CNNL_STATUS_SUCCESS;
}

}  // extern "C"

// AdvancedIndex: output = input[indices] through the same plan. The index
// list is CNNL_DIM_MAX entries long (NULL past the last index).
namespace {

// Writes the rank (int32) and the dimensions (int64 or int32) of `shape`
// where the caller asked for them (NULL: not wanted).
void report_shape(const std::vector<int64_t>& shape, void* rank,
                  cnnlDataType_t rank_type, void* dims,
                  cnnlDataType_t dims_type) {
  if (rank != nullptr) store_real(rank_type, rank, 0, double(shape.size()));
  if (dims != nullptr) {
    for (size_t i = 0; i < shape.size(); ++i) {
      store_real(dims_type, dims, int64_t(i), double(shape[i]));
    }
  }
}

cnnlStatus_t advanced_index_shape(const char* api, cnnlHandle_t handle,
                                  const cnnlTensorDescriptor_t input_desc,
                                  const cnnlTensorDescriptor_t indices_desc[],
                                  int* output_dim, void* output_dims,
                                  cnnlDataType_t dims_type) {
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!handle_ok(api, handle, &status) ||
      !usable(api, input_desc, input_desc, "input", &status)) {
    return status;
  }
  if (indices_desc == nullptr || output_dim == nullptr ||
      output_dims == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "indices_desc, output_dim or output_dims is NULL");
  }
  IndexPlan plan;
  if (!plan_indices(api, *input_desc, indices_desc, nullptr, CNNL_DIM_MAX,
                    &plan, &status, true)) {
    return status;
  }
  if (plan.shape.size() > size_t(CNNL_DIM_MAX)) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "the output would have more than CNNL_DIM_MAX dimensions");
  }
  *output_dim = int(plan.shape.size());
  report_shape(plan.shape, nullptr, CNNL_DTYPE_INT32, output_dims, dims_type);
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t advanced_index(
    const char* api, cnnlHandle_t handle,
    const cnnlTensorDescriptor_t input_desc, const void* input,
    const cnnlTensorDescriptor_t indices_desc[], const void* const indices[],
    void* workspace, size_t workspace_size,
    const cnnlTensorDescriptor_t output_desc, void* output, void* output_dim,
    cnnlDataType_t dim_type, void* output_dims, cnnlDataType_t dims_type) {
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!unary_call_ok(api, handle, input_desc, input, output_desc, output,
                     &status) ||
      !workspace_ok(api, workspace, workspace_size, &status)) {
    return status;
  }
  if (indices_desc == nullptr || indices == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "indices_desc or indices is NULL");
  }
  if (output_desc->dtype != input_desc->dtype) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "input and output differ in data type");
  }
  IndexPlan plan;
  if (!plan_indices(api, *input_desc, indices_desc, indices, CNNL_DIM_MAX,
                    &plan, &status)) {
    return status;
  }
  if (output_desc->dims != plan.shape) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "output does not have the shape of input[indices]");
  }
  const size_t bytes = element_bytes(input_desc->dtype);
  const std::vector<char> from = read_bytes(*input_desc, input);
  std::vector<char> data(plan.targets.size() * bytes);
  for (size_t e = 0; e < plan.targets.size(); ++e) {
    std::memcpy(data.data() + e * bytes,
                from.data() + size_t(plan.targets[e]) * bytes, bytes);
  }
  write_bytes(*output_desc, output, data);
  report_shape(plan.shape, output_dim, dim_type, output_dims, dims_type);
  return CNNL_STATUS_SUCCESS;
}

// The data type a reporting descriptor asks for, or `fallback` when the
// caller passed none (or left it unset).
cnnlDataType_t reported_type(const cnnlTensorDescriptor_t desc,
                             cnnlDataType_t fallback) {
  return desc != nullptr && desc->set && is_index_type(desc->dtype)
             ? desc->dtype
             : fallback;
}

}  // namespace

extern "C" {

cnnlStatus_t cnnlGetAdvancedIndexWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t input_desc,
    const cnnlTensorDescriptor_t indices_desc[], size_t* workspace_size) {
  return zero_workspace_query("cnnlGetAdvancedIndexWorkspaceSize", handle,
                              indices_desc != nullptr ? input_desc : nullptr,
                              workspace_size);
}
cnnlStatus_t cnnlGetAdvancedIndexOutputDim(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t input_desc,
    const cnnlTensorDescriptor_t indices_desc[], int* output_dim,
    int output_dims[]) {
  return advanced_index_shape("cnnlGetAdvancedIndexOutputDim", handle,
                              input_desc, indices_desc, output_dim, output_dims,
                              CNNL_DTYPE_INT32);
}
cnnlStatus_t cnnlGetAdvancedIndexOutputDim_v2(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t input_desc,
    const cnnlTensorDescriptor_t indices_desc[], int* output_dim,
    int64_t output_dims[]) {
  return advanced_index_shape("cnnlGetAdvancedIndexOutputDim_v2", handle,
                              input_desc, indices_desc, output_dim, output_dims,
                              CNNL_DTYPE_INT64);
}
cnnlStatus_t cnnlAdvancedIndex(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t input_desc,
    const void* input, const cnnlTensorDescriptor_t indices_desc[],
    const void* const indices[], void* workspace, size_t workspace_size,
    const cnnlTensorDescriptor_t output_desc, void* output, void* output_dims,
    void* output_dim) {
  return advanced_index("cnnlAdvancedIndex", handle, input_desc, input,
                        indices_desc, indices, workspace, workspace_size,
                        output_desc, output, output_dim, CNNL_DTYPE_INT32,
                        output_dims, CNNL_DTYPE_INT64);
}
cnnlStatus_t cnnlAdvancedIndex_v2(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t input_desc,
    const void* input, const cnnlTensorDescriptor_t indices_desc[],
    const void* const indices[], void* workspace, size_t workspace_size,
    const cnnlTensorDescriptor_t output_desc, void* output,
    const cnnlTensorDescriptor_t output_dim_desc, void* output_dim,
    const cnnlTensorDescriptor_t output_dims_desc, void* output_dims) {
  return advanced_index(
      "cnnlAdvancedIndex_v2", handle, input_desc, input, indices_desc, indices,
      workspace, workspace_size, output_desc, output, output_dim,
      reported_type(output_dim_desc, CNNL_DTYPE_INT32), output_dims,
      reported_type(output_dims_desc, CNNL_DTYPE_INT64));
}

}  // extern "C"
