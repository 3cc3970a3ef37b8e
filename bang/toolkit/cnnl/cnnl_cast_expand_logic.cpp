// cnnlCastDataType, cnnlExpand, cnnlLogicOp and cnnlReduce (CNNL's first
// form of cnnlReduce_v2): element-wise functions through the strided
// element access of cnnl_internal.h.
#include <cmath>

#include "cnnl_internal.h"

using namespace xbang::cnnl_detail;

namespace {

struct CastRow {
  cnnlCastDataType_t cast;
  cnnlDataType_t from;
  cnnlDataType_t to;
};
// Complex double has no CNNL data type: its rows carry INVALID.
constexpr CastRow kCasts[] = {
    {CNNL_CAST_BFLOAT16_TO_BOOL, CNNL_DTYPE_BFLOAT16, CNNL_DTYPE_BOOL},
    {CNNL_CAST_BFLOAT16_TO_COMPLEX_FLOAT, CNNL_DTYPE_BFLOAT16,
     CNNL_DTYPE_COMPLEX_FLOAT},
    {CNNL_CAST_BFLOAT16_TO_COMPLEX_HALF, CNNL_DTYPE_BFLOAT16,
     CNNL_DTYPE_COMPLEX_HALF},
    {CNNL_CAST_BFLOAT16_TO_FLOAT, CNNL_DTYPE_BFLOAT16, CNNL_DTYPE_FLOAT},
    {CNNL_CAST_BOOL_TO_BFLOAT16, CNNL_DTYPE_BOOL, CNNL_DTYPE_BFLOAT16},
    {CNNL_CAST_BOOL_TO_COMPLEX_FLOAT, CNNL_DTYPE_BOOL,
     CNNL_DTYPE_COMPLEX_FLOAT},
    {CNNL_CAST_BOOL_TO_COMPLEX_HALF, CNNL_DTYPE_BOOL, CNNL_DTYPE_COMPLEX_HALF},
    {CNNL_CAST_BOOL_TO_FLOAT, CNNL_DTYPE_BOOL, CNNL_DTYPE_FLOAT},
    {CNNL_CAST_BOOL_TO_HALF, CNNL_DTYPE_BOOL, CNNL_DTYPE_HALF},
    {CNNL_CAST_BOOL_TO_INT32, CNNL_DTYPE_BOOL, CNNL_DTYPE_INT32},
    {CNNL_CAST_COMPLEX_DOUBLE_TO_COMPLEX_FLOAT, CNNL_DTYPE_INVALID,
     CNNL_DTYPE_COMPLEX_FLOAT},
    {CNNL_CAST_COMPLEX_FLOAT_TO_BFLOAT16, CNNL_DTYPE_COMPLEX_FLOAT,
     CNNL_DTYPE_BFLOAT16},
    {CNNL_CAST_COMPLEX_FLOAT_TO_BOOL, CNNL_DTYPE_COMPLEX_FLOAT,
     CNNL_DTYPE_BOOL},
    {CNNL_CAST_COMPLEX_FLOAT_TO_COMPLEX_DOUBLE, CNNL_DTYPE_COMPLEX_FLOAT,
     CNNL_DTYPE_INVALID},
    {CNNL_CAST_COMPLEX_FLOAT_TO_COMPLEX_HALF, CNNL_DTYPE_COMPLEX_FLOAT,
     CNNL_DTYPE_COMPLEX_HALF},
    {CNNL_CAST_COMPLEX_FLOAT_TO_FLOAT, CNNL_DTYPE_COMPLEX_FLOAT,
     CNNL_DTYPE_FLOAT},
    {CNNL_CAST_COMPLEX_FLOAT_TO_HALF, CNNL_DTYPE_COMPLEX_FLOAT,
     CNNL_DTYPE_HALF},
    {CNNL_CAST_COMPLEX_FLOAT_TO_INT16, CNNL_DTYPE_COMPLEX_FLOAT,
     CNNL_DTYPE_INT16},
    {CNNL_CAST_COMPLEX_FLOAT_TO_INT32, CNNL_DTYPE_COMPLEX_FLOAT,
     CNNL_DTYPE_INT32},
    {CNNL_CAST_COMPLEX_FLOAT_TO_INT64, CNNL_DTYPE_COMPLEX_FLOAT,
     CNNL_DTYPE_INT64},
    {CNNL_CAST_COMPLEX_FLOAT_TO_INT8, CNNL_DTYPE_COMPLEX_FLOAT,
     CNNL_DTYPE_INT8},
    {CNNL_CAST_COMPLEX_FLOAT_TO_UINT8, CNNL_DTYPE_COMPLEX_FLOAT,
     CNNL_DTYPE_UINT8},
    {CNNL_CAST_COMPLEX_HALF_TO_COMPLEX_FLOAT, CNNL_DTYPE_COMPLEX_HALF,
     CNNL_DTYPE_COMPLEX_FLOAT},
    {CNNL_CAST_COMPLEX_HALF_TO_INT16, CNNL_DTYPE_COMPLEX_HALF,
     CNNL_DTYPE_INT16},
    {CNNL_CAST_COMPLEX_HALF_TO_INT8, CNNL_DTYPE_COMPLEX_HALF, CNNL_DTYPE_INT8},
    {CNNL_CAST_COMPLEX_HALF_TO_UINT8, CNNL_DTYPE_COMPLEX_HALF,
     CNNL_DTYPE_UINT8},
    {CNNL_CAST_DOUBLE_TO_COMPLEX_FLOAT, CNNL_DTYPE_DOUBLE,
     CNNL_DTYPE_COMPLEX_FLOAT},
    {CNNL_CAST_DOUBLE_TO_FLOAT, CNNL_DTYPE_DOUBLE, CNNL_DTYPE_FLOAT},
    {CNNL_CAST_FLOAT_TO_BFLOAT16, CNNL_DTYPE_FLOAT, CNNL_DTYPE_BFLOAT16},
    {CNNL_CAST_FLOAT_TO_BOOL, CNNL_DTYPE_FLOAT, CNNL_DTYPE_BOOL},
    {CNNL_CAST_FLOAT_TO_COMPLEX_FLOAT, CNNL_DTYPE_FLOAT,
     CNNL_DTYPE_COMPLEX_FLOAT},
    {CNNL_CAST_FLOAT_TO_COMPLEX_HALF, CNNL_DTYPE_FLOAT,
     CNNL_DTYPE_COMPLEX_HALF},
    {CNNL_CAST_FLOAT_TO_DOUBLE, CNNL_DTYPE_FLOAT, CNNL_DTYPE_DOUBLE},
    {CNNL_CAST_FLOAT_TO_HALF, CNNL_DTYPE_FLOAT, CNNL_DTYPE_HALF},
    {CNNL_CAST_FLOAT_TO_INT16, CNNL_DTYPE_FLOAT, CNNL_DTYPE_INT16},
    {CNNL_CAST_FLOAT_TO_INT32, CNNL_DTYPE_FLOAT, CNNL_DTYPE_INT32},
    {CNNL_CAST_FLOAT_TO_INT64, CNNL_DTYPE_FLOAT, CNNL_DTYPE_INT64},
    {CNNL_CAST_FLOAT_TO_INT8, CNNL_DTYPE_FLOAT, CNNL_DTYPE_INT8},
    {CNNL_CAST_FLOAT_TO_UINT8, CNNL_DTYPE_FLOAT, CNNL_DTYPE_UINT8},
    {CNNL_CAST_HALF_TO_BOOL, CNNL_DTYPE_HALF, CNNL_DTYPE_BOOL},
    {CNNL_CAST_HALF_TO_COMPLEX_FLOAT, CNNL_DTYPE_HALF,
     CNNL_DTYPE_COMPLEX_FLOAT},
    {CNNL_CAST_HALF_TO_COMPLEX_HALF, CNNL_DTYPE_HALF, CNNL_DTYPE_COMPLEX_HALF},
    {CNNL_CAST_HALF_TO_FLOAT, CNNL_DTYPE_HALF, CNNL_DTYPE_FLOAT},
    {CNNL_CAST_HALF_TO_INT16, CNNL_DTYPE_HALF, CNNL_DTYPE_INT16},
    {CNNL_CAST_HALF_TO_INT32, CNNL_DTYPE_HALF, CNNL_DTYPE_INT32},
    {CNNL_CAST_HALF_TO_INT64, CNNL_DTYPE_HALF, CNNL_DTYPE_INT64},
    {CNNL_CAST_HALF_TO_INT8, CNNL_DTYPE_HALF, CNNL_DTYPE_INT8},
    {CNNL_CAST_HALF_TO_UINT8, CNNL_DTYPE_HALF, CNNL_DTYPE_UINT8},
    {CNNL_CAST_INT16_TO_COMPLEX_FLOAT, CNNL_DTYPE_INT16,
     CNNL_DTYPE_COMPLEX_FLOAT},
    {CNNL_CAST_INT16_TO_COMPLEX_HALF, CNNL_DTYPE_INT16,
     CNNL_DTYPE_COMPLEX_HALF},
    {CNNL_CAST_INT16_TO_FLOAT, CNNL_DTYPE_INT16, CNNL_DTYPE_FLOAT},
    {CNNL_CAST_INT16_TO_HALF, CNNL_DTYPE_INT16, CNNL_DTYPE_HALF},
    {CNNL_CAST_INT16_TO_INT32, CNNL_DTYPE_INT16, CNNL_DTYPE_INT32},
    {CNNL_CAST_INT32_TO_BFLOAT16, CNNL_DTYPE_INT32, CNNL_DTYPE_BFLOAT16},
    {CNNL_CAST_INT32_TO_BOOL, CNNL_DTYPE_INT32, CNNL_DTYPE_BOOL},
    {CNNL_CAST_INT32_TO_COMPLEX_FLOAT, CNNL_DTYPE_INT32,
     CNNL_DTYPE_COMPLEX_FLOAT},
    {CNNL_CAST_INT32_TO_COMPLEX_HALF, CNNL_DTYPE_INT32,
     CNNL_DTYPE_COMPLEX_HALF},
    {CNNL_CAST_INT32_TO_FLOAT, CNNL_DTYPE_INT32, CNNL_DTYPE_FLOAT},
    {CNNL_CAST_INT32_TO_HALF, CNNL_DTYPE_INT32, CNNL_DTYPE_HALF},
    {CNNL_CAST_INT32_TO_INT16, CNNL_DTYPE_INT32, CNNL_DTYPE_INT16},
    {CNNL_CAST_INT32_TO_INT64, CNNL_DTYPE_INT32, CNNL_DTYPE_INT64},
    {CNNL_CAST_INT32_TO_INT8, CNNL_DTYPE_INT32, CNNL_DTYPE_INT8},
    {CNNL_CAST_INT32_TO_UINT8, CNNL_DTYPE_INT32, CNNL_DTYPE_UINT8},
    {CNNL_CAST_INT64_TO_COMPLEX_FLOAT, CNNL_DTYPE_INT64,
     CNNL_DTYPE_COMPLEX_FLOAT},
    {CNNL_CAST_INT64_TO_COMPLEX_HALF, CNNL_DTYPE_INT64,
     CNNL_DTYPE_COMPLEX_HALF},
    {CNNL_CAST_INT64_TO_FLOAT, CNNL_DTYPE_INT64, CNNL_DTYPE_FLOAT},
    {CNNL_CAST_INT64_TO_HALF, CNNL_DTYPE_INT64, CNNL_DTYPE_HALF},
    {CNNL_CAST_INT64_TO_INT32, CNNL_DTYPE_INT64, CNNL_DTYPE_INT32},
    {CNNL_CAST_INT8_TO_COMPLEX_FLOAT, CNNL_DTYPE_INT8,
     CNNL_DTYPE_COMPLEX_FLOAT},
    {CNNL_CAST_INT8_TO_COMPLEX_HALF, CNNL_DTYPE_INT8, CNNL_DTYPE_COMPLEX_HALF},
    {CNNL_CAST_INT8_TO_FLOAT, CNNL_DTYPE_INT8, CNNL_DTYPE_FLOAT},
    {CNNL_CAST_INT8_TO_HALF, CNNL_DTYPE_INT8, CNNL_DTYPE_HALF},
    {CNNL_CAST_INT8_TO_INT16, CNNL_DTYPE_INT8, CNNL_DTYPE_INT16},
    {CNNL_CAST_INT8_TO_INT32, CNNL_DTYPE_INT8, CNNL_DTYPE_INT32},
    {CNNL_CAST_UINT8_TO_COMPLEX_FLOAT, CNNL_DTYPE_UINT8,
     CNNL_DTYPE_COMPLEX_FLOAT},
    {CNNL_CAST_UINT8_TO_COMPLEX_HALF, CNNL_DTYPE_UINT8,
     CNNL_DTYPE_COMPLEX_HALF},
    {CNNL_CAST_UINT8_TO_FLOAT, CNNL_DTYPE_UINT8, CNNL_DTYPE_FLOAT},
    {CNNL_CAST_UINT8_TO_HALF, CNNL_DTYPE_UINT8, CNNL_DTYPE_HALF},
    {CNNL_CAST_UINT8_TO_INT32, CNNL_DTYPE_UINT8, CNNL_DTYPE_INT32},
    {CNNL_CAST_UINT8_TO_INT64, CNNL_DTYPE_UINT8, CNNL_DTYPE_INT64},
};

const CastRow* find_cast(cnnlCastDataType_t cast) {
  for (const CastRow& row : kCasts) {
    if (row.cast == cast) return &row;
  }
  return nullptr;
}

bool is_integer_type(cnnlDataType_t dtype) {
  return is_real_number(dtype) && !is_float_type(dtype) &&
         dtype != CNNL_DTYPE_BOOL;
}

// A value converted for an integer destination: truncated toward zero.
double cast_value(double v, cnnlDataType_t to) {
  if (is_integer_type(to) && std::isfinite(v)) return std::trunc(v);
  return v;
}

}  // namespace

extern "C" {

cnnlStatus_t cnnlCastDataType(cnnlHandle_t handle,
                              const cnnlTensorDescriptor_t input_desc,
                              const void* input,
                              const cnnlCastDataType_t cast_type,
                              const cnnlTensorDescriptor_t output_desc,
                              void* output) {
  const char* api = "cnnlCastDataType";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!handle_ok(api, handle, &status) ||
      !usable(api, input_desc, input, "input", &status) ||
      !usable(api, output_desc, output, "output", &status)) {
    return status;
  }
  const CastRow* row = find_cast(cast_type);
  if (row == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "unknown cast_type");
  }
  if (!is_real_number(row->from) || !is_real_number(row->to)) {
    return fail(api, CNNL_STATUS_NOT_SUPPORTED,
                "casts from or to complex types are not supported");
  }
  if (input_desc->dtype != row->from) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "input's data type is not the cast's source type");
  }
  if (output_desc->dtype != row->to) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "output's data type is not the cast's destination type");
  }
  if (input_desc->dims != output_desc->dims) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "input and output shapes differ");
  }
  const cnnlDataType_t from = row->from, to = row->to;
  char* out = static_cast<char*>(output);
  if (from == CNNL_DTYPE_FLOAT && to == CNNL_DTYPE_HALF &&
      is_dense(*input_desc) && is_dense(*output_desc)) {
    const float* in = static_cast<const float*>(input);
    const int64_t n = element_count(*input_desc);
    for (int64_t i = 0; i < n; ++i) {
      write_as<uint16_t>(out + i * 2, xbang::float_to_half_bits_rn(in[i]));
    }
    return CNNL_STATUS_SUCCESS;
  }
  for_each_pair(input_desc->dims, input_desc->strides, output_desc->strides,
                [&](int64_t a, int64_t b) {
                  store_real(to, output, b,
                             cast_value(load_real(from, input, a), to));
                });
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlExpand(cnnlHandle_t handle,
                        const cnnlTensorDescriptor_t input_desc,
                        const void* input,
                        const cnnlTensorDescriptor_t output_desc,
                        void* output) {
  const char* api = "cnnlExpand";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!handle_ok(api, handle, &status) ||
      !usable(api, input_desc, input, "input", &status) ||
      !usable(api, output_desc, output, "output", &status)) {
    return status;
  }
  if (input_desc->dtype != output_desc->dtype) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "input and output data types differ");
  }
  std::vector<int64_t> in_strides;
  if (!numpy_strides(*input_desc, *output_desc, &in_strides)) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "input does not broadcast to output's shape");
  }
  const size_t bytes = element_bytes(input_desc->dtype);
  const char* in = static_cast<const char*>(input);
  char* out = static_cast<char*>(output);
  for_each_pair(output_desc->dims, in_strides, output_desc->strides,
                [&](int64_t a, int64_t b) {
                  std::memcpy(out + b * int64_t(bytes), in + a * int64_t(bytes),
                              bytes);
                });
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlGetLogicOpWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t input1_desc,
    const cnnlTensorDescriptor_t input2_desc,
    const cnnlTensorDescriptor_t output_desc, size_t* workspace_size) {
  const char* api = "cnnlGetLogicOpWorkspaceSize";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!handle_ok(api, handle, &status)) return status;
  if (input1_desc == nullptr || input2_desc == nullptr ||
      output_desc == nullptr || workspace_size == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "a descriptor or workspace_size is NULL");
  }
  *workspace_size = 0;
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlLogicOp(cnnlHandle_t handle, const cnnlLogicOp_t logic_op,
                         const cnnlTensorDescriptor_t input1_desc,
                         const void* input1,
                         const cnnlTensorDescriptor_t input2_desc,
                         const void* input2, void* /*workspace*/,
                         size_t /*workspace_size*/,
                         const cnnlTensorDescriptor_t output_desc,
                         void* output) {
  const char* api = "cnnlLogicOp";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!handle_ok(api, handle, &status)) return status;
  if (int(logic_op) < CNNL_LOGIC_OP_EQ || int(logic_op) > CNNL_LOGIC_OP_NOT) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "unknown logic_op");
  }
  const bool unary = logic_op == CNNL_LOGIC_OP_NOT;
  if (!usable(api, input1_desc, input1, "input1", &status) ||
      (!unary && !usable(api, input2_desc, input2, "input2", &status)) ||
      !usable(api, output_desc, output, "output", &status)) {
    return status;
  }
  const cnnlDataType_t in_type = input1_desc->dtype;
  if (!is_real_number(in_type) || !is_real_number(output_desc->dtype)) {
    return fail(api, CNNL_STATUS_NOT_SUPPORTED,
                "inputs and output must be of real types");
  }
  if (!unary && input2_desc->dtype != in_type) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "input1 and input2 data types differ");
  }
  std::vector<int64_t> s1, s2;
  if (!numpy_strides(*input1_desc, *output_desc, &s1) ||
      (!unary && !numpy_strides(*input2_desc, *output_desc, &s2))) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "an input does not broadcast to output's shape");
  }
  if (unary) s2.assign(s1.size(), 0);
  const void* in2 = unary ? input1 : input2;
  const cnnlDataType_t out_type = output_desc->dtype;
  // Both inputs walk output's shape; output's offsets follow alongside.
  std::vector<int64_t> out_offsets = offsets_of(*output_desc);
  size_t next = 0;
  for_each_pair(output_desc->dims, s1, s2, [&](int64_t a, int64_t b) {
    const double x = load_real(in_type, input1, a);
    const double y = unary ? 0.0 : load_real(in_type, in2, b);
    bool r = false;
    switch (logic_op) {
      case CNNL_LOGIC_OP_EQ:
        r = x == y;
        break;
      case CNNL_LOGIC_OP_NE:
        r = x != y;
        break;
      case CNNL_LOGIC_OP_LT:
        r = x < y;
        break;
      case CNNL_LOGIC_OP_LE:
        r = x <= y;
        break;
      case CNNL_LOGIC_OP_GT:
        r = x > y;
        break;
      case CNNL_LOGIC_OP_GE:
        r = x >= y;
        break;
      case CNNL_LOGIC_OP_AND:
        r = x != 0 && y != 0;
        break;
      case CNNL_LOGIC_OP_OR:
        r = x != 0 || y != 0;
        break;
      case CNNL_LOGIC_OP_XOR:
        r = (x != 0) != (y != 0);
        break;
      case CNNL_LOGIC_OP_NOT:
        r = x == 0;
        break;
    }
    store_real(out_type, output, out_offsets[next++], r ? 1.0 : 0.0);
  });
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlGetReduceOpWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t input_desc,
    const cnnlTensorDescriptor_t output_desc,
    const cnnlReduceDescriptor_t reduce_op, size_t* workspace_size_inbytes) {
  return cnnlGetReduceOpWorkspaceSize_v2(handle, input_desc, output_desc,
                                         nullptr, reduce_op,
                                         workspace_size_inbytes);
}

cnnlStatus_t cnnlReduce(
    cnnlHandle_t handle, const cnnlReduceDescriptor_t reduce_desc,
    void* workspace, size_t workspace_size, const void* alpha,
    const cnnlTensorDescriptor_t input_desc, const void* input,
    const size_t /*indices_size_inbytes*/, void* /*indices*/, const void* beta,
    const cnnlTensorDescriptor_t output_desc, void* output) {
  return cnnlReduce_v2(handle, reduce_desc, input_desc, input, alpha, beta,
                       workspace, workspace_size, output_desc, output, nullptr,
                       nullptr);
}

}  // extern "C"

extern "C" {

cnnlStatus_t cnnlStridedSlice(cnnlHandle_t handle,
                              const cnnlTensorDescriptor_t input_desc,
                              const void* input, const int begin[],
                              const int end[], const int stride[],
                              const cnnlTensorDescriptor_t output_desc,
                              void* output) {
  // cnnlStridedSlice_v2 checks everything; the int32 arrays are widened
  // first when the input's rank is known.
  if (input_desc == nullptr || !input_desc->set || begin == nullptr ||
      end == nullptr || stride == nullptr) {
    return cnnlStridedSlice_v2(handle, input_desc, input, nullptr, nullptr,
                               nullptr, output_desc, output);
  }
  const size_t rank = input_desc->dims.size();
  std::vector<int64_t> b(begin, begin + rank), e(end, end + rank),
      s(stride, stride + rank);
  return cnnlStridedSlice_v2(handle, input_desc, input, b.data(), e.data(),
                             s.data(), output_desc, output);
}

cnnlStatus_t cnnlIndexSelect(
    cnnlHandle_t handle, int dim, const cnnlTensorDescriptor_t input_desc,
    const void* input, const cnnlTensorDescriptor_t index_desc,
    const void* index, const cnnlTensorDescriptor_t output_desc, void* output) {
  const char* api = "cnnlIndexSelect";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!handle_ok(api, handle, &status) ||
      !usable(api, input_desc, input, "input", &status) ||
      !usable(api, index_desc, index, "index", &status) ||
      !usable(api, output_desc, output, "output", &status)) {
    return status;
  }
  const int rank = int(input_desc->dims.size());
  dim = axis_within(dim, rank);
  if (dim < 0) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "dim is outside input's rank");
  }
  if (!is_index_type(index_desc->dtype)) {
    return fail(api, CNNL_STATUS_NOT_SUPPORTED, "index is not int32 or int64");
  }
  if (index_desc->dims.size() > 1) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "index has more than 1 dimension");
  }
  if (output_desc->dtype != input_desc->dtype) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "input and output differ in data type");
  }
  std::vector<int64_t> want = input_desc->dims;
  want[size_t(dim)] = element_count(*index_desc);
  if (output_desc->dims != want) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "output's shape is not input's with dim the index count");
  }
  // Every index is checked before anything is written.
  std::vector<int64_t> rows;
  rows.reserve(size_t(element_count(*index_desc)));
  const int64_t extent = input_desc->dims[size_t(dim)];
  bool inside = true;
  for_each_offset(index_desc->dims, index_desc->strides, [&](int64_t o) {
    int64_t i = load_index(index_desc->dtype, index, o);
    if (i < 0) i += extent;
    inside = inside && i >= 0 && i < extent;
    rows.push_back(i);
  });
  if (!inside)
    return fail(api, CNNL_STATUS_BAD_PARAM, "an index is outside dim");
  // input seen with output's shape: along dim, the selected rows.
  const size_t bytes = element_bytes(input_desc->dtype);
  const char* in = static_cast<const char*>(input);
  char* out = static_cast<char*>(output);
  std::vector<int64_t> in_strides = input_desc->strides;
  in_strides[size_t(dim)] = 0;
  std::vector<int64_t> at(output_desc->dims.size(), 0);
  const std::vector<int64_t>& od = output_desc->dims;
  for (const int64_t d : od) {
    if (d == 0) return CNNL_STATUS_SUCCESS;
  }
  for (;;) {
    int64_t from =
        rows[size_t(at[size_t(dim)])] * input_desc->strides[size_t(dim)];
    int64_t to = 0;
    for (size_t a = 0; a < od.size(); ++a) {
      from += at[a] * in_strides[a];
      to += at[a] * output_desc->strides[a];
    }
    std::memcpy(out + to * int64_t(bytes), in + from * int64_t(bytes), bytes);
    size_t axis = od.size();
    for (;;) {
      if (axis == 0) return CNNL_STATUS_SUCCESS;
      --axis;
      if (++at[axis] < od[axis]) break;
      at[axis] = 0;
    }
  }
}

}  // extern "C"

extern "C" {

cnnlStatus_t cnnlFlip(cnnlHandle_t handle, const int dimension[],
                      const int dimension_len,
                      const cnnlTensorDescriptor_t input_desc,
                      const void* input,
                      const cnnlTensorDescriptor_t output_desc, void* output) {
  const char* api = "cnnlFlip";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!handle_ok(api, handle, &status) ||
      !usable(api, input_desc, input, "input", &status) ||
      !usable(api, output_desc, output, "output", &status)) {
    return status;
  }
  if (output_desc->dtype != input_desc->dtype ||
      output_desc->dims != input_desc->dims) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "input and output differ in data type or shape");
  }
  const int rank = int(input_desc->dims.size());
  if (dimension_len < 0 || (dimension_len > 0 && dimension == nullptr)) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "dimension is NULL or dimension_len negative");
  }
  // input read backwards along the flipped dimensions: start at their last
  // element with a negated stride.
  std::vector<int64_t> strides = input_desc->strides;
  int64_t start = 0;
  std::vector<bool> flipped(size_t(rank), false);
  for (int i = 0; i < dimension_len; ++i) {
    int d = dimension[i] < 0 ? dimension[i] + rank : dimension[i];
    if (d < 0 || d >= rank) {
      return fail(api, CNNL_STATUS_BAD_PARAM, "a dimension is outside rank");
    }
    if (flipped[size_t(d)]) continue;
    flipped[size_t(d)] = true;
    const int64_t n = input_desc->dims[size_t(d)];
    if (n > 0) start += (n - 1) * strides[size_t(d)];
    strides[size_t(d)] = -strides[size_t(d)];
  }
  // Every element is read before any is written: output may be input.
  const size_t bytes = element_bytes(input_desc->dtype);
  const char* in = static_cast<const char*>(input);
  std::vector<char> values;
  values.reserve(size_t(element_count(*input_desc)) * bytes);
  for_each_pair(input_desc->dims, strides, strides, [&](int64_t a, int64_t) {
    const char* at = in + (start + a) * int64_t(bytes);
    values.insert(values.end(), at, at + bytes);
  });
  char* out = static_cast<char*>(output);
  size_t i = 0;
  for_each_offset(output_desc->dims, output_desc->strides, [&](int64_t o) {
    std::memcpy(out + o * int64_t(bytes), &values[i], bytes);
    i += bytes;
  });
  return CNNL_STATUS_SUCCESS;
}

}  // extern "C"
