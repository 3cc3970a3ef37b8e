// CNNL's TopKTensor_v3 and Unique_v2 on the host (cnnl.h).
#include <algorithm>
#include <map>
#include <numeric>

#include "cnnl_internal.h"

using namespace xbang::cnnl_detail;

struct cnnlUniqueStruct {
  bool set = false;
  cnnlUniqueSort_t mode = CNNL_SORT_ASCEND;
  int dim = 0;
  bool return_indices = false;
  bool return_counts = false;
};

namespace {

// A value's rank in TopK's order: a NaN ranks above +inf, or below -inf
// when its sign bit is set.
struct Ranked {
  int nan_class;  // -1: negative NaN, 0: a number, 1: positive NaN
  double value;
  bool operator<(const Ranked& o) const {
    if (nan_class != o.nan_class) return nan_class < o.nan_class;
    return nan_class == 0 && value < o.value;
  }
  bool operator==(const Ranked& o) const {
    return nan_class == o.nan_class && (nan_class != 0 || value == o.value);
  }
};
Ranked rank_of(double v) {
  if (v == v) return Ranked{0, v};
  return Ranked{std::signbit(v) ? -1 : 1, 0.0};
}

// Outer, along and inner element counts of a shape split at `dim`.
void split_at(const std::vector<int64_t>& dims, size_t dim, int64_t* outer,
              int64_t* along, int64_t* inner) {
  *outer = 1;
  *inner = 1;
  for (size_t i = 0; i < dim; ++i) *outer *= dims[i];
  for (size_t i = dim + 1; i < dims.size(); ++i) *inner *= dims[i];
  *along = dims[dim];
}

}  // namespace

extern "C" {

cnnlStatus_t cnnlGetTopKTensorWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t input_desc, int /*k*/,
    int /*dim*/, bool /*largest*/, const cnnlTensorDescriptor_t output_desc,
    const cnnlTensorDescriptor_t index_desc, size_t* workspace_size) {
  if (handle == nullptr || input_desc == nullptr || output_desc == nullptr ||
      index_desc == nullptr || workspace_size == nullptr) {
    return fail("cnnlGetTopKTensorWorkspaceSize", CNNL_STATUS_BAD_PARAM,
                "handle, a descriptor or workspace_size is NULL");
  }
  *workspace_size = 0;
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlTopKTensor_v3(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t input_desc,
    const void* input, int k, int dim, bool largest, bool sorted,
    bool lower_index_first, void* /*workspace*/, size_t /*workspace_size*/,
    const cnnlTensorDescriptor_t output_desc, void* output,
    const cnnlTensorDescriptor_t index_desc, void* index) {
  const char* api = "cnnlTopKTensor_v3";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!handle_ok(api, handle, &status) ||
      !usable(api, input_desc, input, "input", &status) ||
      !usable(api, output_desc, output, "output", &status) ||
      !usable(api, index_desc, index, "index", &status)) {
    return status;
  }
  const cnnlDataType_t dtype = input_desc->dtype;
  if (output_desc->dtype != dtype) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "input and output differ in data type");
  }
  if (!is_real_number(dtype) || dtype == CNNL_DTYPE_BOOL) {
    return fail(api, CNNL_STATUS_NOT_SUPPORTED,
                "data type is not a real number type");
  }
  if (!is_index_type(index_desc->dtype)) {
    return fail(api, CNNL_STATUS_NOT_SUPPORTED,
                "index's data type is not int32 or int64");
  }
  const size_t rank = input_desc->dims.size();
  const int axis = dim < 0 ? dim + int(rank) : dim;
  if (rank == 0 || axis < 0 || axis >= int(rank)) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "dim is outside input's rank");
  }
  if (k < 0 || k > input_desc->dims[size_t(axis)]) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "k is not in [0, input's size along dim]");
  }
  std::vector<int64_t> expected = input_desc->dims;
  expected[size_t(axis)] = k;
  if (output_desc->dims != expected || index_desc->dims != expected) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "output or index is not input's shape with k along dim");
  }
  int64_t outer, along, inner;
  split_at(input_desc->dims, size_t(axis), &outer, &along, &inner);
  const std::vector<int64_t> in_at = offsets_of(*input_desc);
  const std::vector<int64_t> out_at = offsets_of(*output_desc);
  const std::vector<int64_t> index_at = offsets_of(*index_desc);
  std::vector<double> values(out_at.size());
  std::vector<int64_t> positions(out_at.size());
  std::vector<int64_t> order(static_cast<size_t>(along));
  std::vector<Ranked> line(static_cast<size_t>(along));
  std::vector<double> raw(static_cast<size_t>(along));
  for (int64_t o = 0; o < outer; ++o) {
    for (int64_t i = 0; i < inner; ++i) {
      for (int64_t a = 0; a < along; ++a) {
        raw[size_t(a)] =
            load_real(dtype, input, in_at[size_t((o * along + a) * inner + i)]);
        line[size_t(a)] = rank_of(raw[size_t(a)]);
      }
      std::iota(order.begin(), order.end(), 0);
      auto before = [&](int64_t x, int64_t y) {
        const Ranked &vx = line[size_t(x)], &vy = line[size_t(y)];
        if (!(vx == vy)) return largest ? vy < vx : vx < vy;
        return lower_index_first ? x < y : x > y;
      };
      std::partial_sort(order.begin(), order.begin() + k, order.end(), before);
      // Unsorted: the chosen k in input order.
      if (!sorted) std::sort(order.begin(), order.begin() + k);
      for (int64_t j = 0; j < k; ++j) {
        const size_t at = size_t((o * k + j) * inner + i);
        values[at] = raw[size_t(order[size_t(j)])];
        positions[at] = order[size_t(j)];
      }
    }
  }
  for (size_t j = 0; j < out_at.size(); ++j) {
    store_real(dtype, output, out_at[j], values[j]);
    store_real(index_desc->dtype, index, index_at[j], double(positions[j]));
  }
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlCreateUniqueDescriptor(cnnlUniqueDescriptor_t* desc) {
  return create("cnnlCreateUniqueDescriptor", desc);
}
cnnlStatus_t cnnlDestroyUniqueDescriptor(cnnlUniqueDescriptor_t desc) {
  return destroy("cnnlDestroyUniqueDescriptor", desc);
}

cnnlStatus_t cnnlSetUniqueDescriptor(cnnlUniqueDescriptor_t unique_desc,
                                     cnnlUniqueSort_t mode, int dim,
                                     bool return_indices, bool return_counts) {
  const char* api = "cnnlSetUniqueDescriptor";
  if (unique_desc == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "unique_desc is NULL");
  }
  if (mode != CNNL_UNSORT_FORWARD && mode != CNNL_SORT_ASCEND &&
      mode != CNNL_UNSORT_REVERSE) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "unknown mode");
  }
  if (dim < -1 || dim >= CNNL_DIM_MAX) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "dim is not in [-1, CNNL_DIM_MAX)");
  }
  unique_desc->set = true;
  unique_desc->mode = mode;
  unique_desc->dim = dim;
  unique_desc->return_indices = return_indices;
  unique_desc->return_counts = return_counts;
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlGetUniqueWorkspaceSize(
    cnnlHandle_t handle, const cnnlUniqueDescriptor_t unique_desc,
    const cnnlTensorDescriptor_t input_desc, size_t* workspace_size) {
  if (handle == nullptr || unique_desc == nullptr || input_desc == nullptr ||
      workspace_size == nullptr) {
    return fail("cnnlGetUniqueWorkspaceSize", CNNL_STATUS_BAD_PARAM,
                "handle, unique_desc, input_desc or workspace_size is NULL");
  }
  *workspace_size = 0;
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlUnique_v2(
    cnnlHandle_t handle, const cnnlUniqueDescriptor_t unique_desc,
    const cnnlTensorDescriptor_t input_desc, const void* input,
    void* /*workspace*/, const size_t /*workspace_size*/, int* output_num,
    const cnnlTensorDescriptor_t output_desc, void* output,
    const cnnlTensorDescriptor_t indices_desc, void* indices,
    const cnnlTensorDescriptor_t counts_desc, void* counts) {
  const char* api = "cnnlUnique_v2";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!handle_ok(api, handle, &status)) return status;
  if (unique_desc == nullptr || !unique_desc->set) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "unique_desc is NULL or was never set");
  }
  if (output_num == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "output_num is NULL");
  }
  if (!usable(api, input_desc, input, "input", &status) ||
      !usable(api, output_desc, output, "output", &status)) {
    return status;
  }
  const bool want_indices = indices_desc != nullptr || indices != nullptr;
  const bool want_counts = counts_desc != nullptr || counts != nullptr;
  if ((want_indices &&
       !usable(api, indices_desc, indices, "indices", &status)) ||
      (want_counts && !usable(api, counts_desc, counts, "counts", &status))) {
    return status;
  }
  const cnnlDataType_t dtype = input_desc->dtype;
  if (output_desc->dtype != dtype) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "input and output differ in data type");
  }
  if (!is_real_number(dtype)) {
    return fail(api, CNNL_STATUS_NOT_SUPPORTED,
                "data type is not a real number type");
  }
  if ((want_indices && indices_desc->dtype != CNNL_DTYPE_INT32) ||
      (want_counts && counts_desc->dtype != CNNL_DTYPE_INT32)) {
    return fail(api, CNNL_STATUS_NOT_SUPPORTED,
                "indices or counts is not int32");
  }
  // Slices along `dim` (outer x along x inner); -1: the flattened tensor.
  const size_t rank = input_desc->dims.size();
  int64_t outer = 1, along = element_count(*input_desc), inner = 1;
  const bool flattened = unique_desc->dim == -1 || rank == 0;
  if (!flattened) {
    if (size_t(unique_desc->dim) >= rank) {
      return fail(api, CNNL_STATUS_BAD_PARAM, "dim is outside input's rank");
    }
    split_at(input_desc->dims, size_t(unique_desc->dim), &outer, &along,
             &inner);
  }
  // output holds up to `capacity` slices.
  int64_t capacity;
  if (flattened) {
    capacity = element_count(*output_desc);
  } else {
    std::vector<int64_t> other_out = output_desc->dims,
                         other_in = input_desc->dims;
    if (other_out.size() != rank) {
      return fail(api, CNNL_STATUS_BAD_PARAM,
                  "input and output differ in rank");
    }
    capacity = other_out[size_t(unique_desc->dim)];
    other_out[size_t(unique_desc->dim)] = other_in[size_t(unique_desc->dim)];
    if (other_out != other_in) {
      return fail(api, CNNL_STATUS_BAD_PARAM,
                  "output differs from input outside dim");
    }
  }
  if (want_indices && element_count(*indices_desc) != along) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "indices does not have one element per input slice");
  }
  const std::vector<int64_t> in_at = offsets_of(*input_desc);
  const int64_t slice_size = outer * inner;
  std::vector<std::vector<double>> slices(
      static_cast<size_t>(along),
      std::vector<double>(static_cast<size_t>(slice_size)));
  for (int64_t o = 0; o < outer; ++o) {
    for (int64_t a = 0; a < along; ++a) {
      for (int64_t i = 0; i < inner; ++i) {
        slices[size_t(a)][size_t(o * inner + i)] =
            load_real(dtype, input, in_at[size_t((o * along + a) * inner + i)]);
      }
    }
  }
  // Distinct slices in the mode's order, and where each input slice went.
  std::vector<int64_t> order(static_cast<size_t>(along));
  std::iota(order.begin(), order.end(), 0);
  const cnnlUniqueSort_t mode = unique_desc->mode;
  if (mode == CNNL_SORT_ASCEND) {
    std::stable_sort(order.begin(), order.end(), [&](int64_t x, int64_t y) {
      return slices[size_t(x)] < slices[size_t(y)];
    });
  } else if (mode == CNNL_UNSORT_REVERSE) {
    std::reverse(order.begin(), order.end());
  }
  std::vector<int64_t> representative;  // an input slice per output slice
  std::vector<int32_t> inverse(static_cast<size_t>(along), 0);
  std::vector<int32_t> occurrences;
  std::map<std::vector<double>, int64_t> seen;  // unsorted modes
  for (const int64_t s : order) {
    int64_t found = -1;
    if (mode == CNNL_SORT_ASCEND) {
      if (!representative.empty() &&
          slices[size_t(representative.back())] == slices[size_t(s)]) {
        found = int64_t(representative.size()) - 1;
      }
    } else {
      const auto seen_at = seen.find(slices[size_t(s)]);
      if (seen_at != seen.end()) found = seen_at->second;
    }
    if (found < 0) {
      found = int64_t(representative.size());
      representative.push_back(s);
      occurrences.push_back(0);
      if (mode != CNNL_SORT_ASCEND) seen.emplace(slices[size_t(s)], found);
    }
    inverse[size_t(s)] = int32_t(found);
    ++occurrences[size_t(found)];
  }
  const int64_t unique = int64_t(representative.size());
  if (unique > capacity) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "output cannot hold every distinct slice");
  }
  if (want_counts && element_count(*counts_desc) < unique) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "counts cannot hold a count per distinct slice");
  }
  const std::vector<int64_t> out_at = offsets_of(*output_desc);
  for (int64_t o = 0; o < outer; ++o) {
    for (int64_t u = 0; u < unique; ++u) {
      for (int64_t i = 0; i < inner; ++i) {
        store_real(
            dtype, output, out_at[size_t((o * capacity + u) * inner + i)],
            slices[size_t(representative[size_t(u)])][size_t(o * inner + i)]);
      }
    }
  }
  *output_num = int(unique);
  if (want_indices) {
    const std::vector<int64_t> at = offsets_of(*indices_desc);
    for (size_t s = 0; s < at.size(); ++s) {
      store_real(CNNL_DTYPE_INT32, indices, at[s], inverse[s]);
    }
  }
  if (want_counts) {
    const std::vector<int64_t> at = offsets_of(*counts_desc);
    for (int64_t u = 0; u < unique; ++u) {
      store_real(CNNL_DTYPE_INT32, counts, at[size_t(u)],
                 occurrences[size_t(u)]);
    }
  }
  return CNNL_STATUS_SUCCESS;
}

}  // extern "C"
