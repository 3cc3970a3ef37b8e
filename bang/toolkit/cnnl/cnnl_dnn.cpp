// Convolution, pooling, activation and softmax: argument checks here,
// numerics by oneDNN in float. A float tensor dense in its layout is handed
// to oneDNN as it is; any other tensor (half, bfloat16, strided) goes
// through a dense float copy read and written with cnnl_internal.h's
// element access.
#include <dnnl.hpp>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "cnnl_internal.h"
#include "cnnl_onednn.h"

using namespace xbang::cnnl_detail;
using namespace xbang::cnnl_onednn;

struct cnnlConvolutionStruct {
  bool set = false;
  int pad[4] = {0, 0, 0, 0};  // top, bottom, left, right
  int stride[2] = {1, 1};
  int dilation[2] = {1, 1};
  int groups = 1;
  cnnlDataType_t compute_type = CNNL_DTYPE_FLOAT;
  bool allow_tf32 = false;  // the products are float either way
};

namespace {

using dnnl::memory;
using tag = dnnl::memory::format_tag;

memory::desc image_md(const Image& image) {
  return memory::desc({image.n, image.c, image.h, image.w},
                      memory::data_type::f32, image.strides);
}

// The primitives of one convolution shape, made once and kept.
struct ConvPlan {
  dnnl::convolution_forward::primitive_desc pd;
  dnnl::convolution_forward conv;
  memory::desc user_weights;
  dnnl::reorder weights_reorder;
  bool reorder_weights = false;
};

std::mutex plan_mutex;
std::map<std::string, std::shared_ptr<ConvPlan>>& conv_plans() {
  static std::map<std::string, std::shared_ptr<ConvPlan>> plans;
  return plans;
}

std::string dims_key(const memory::dims& dims) {
  std::string key;
  for (const int64_t d : dims) key += std::to_string(d) + ",";
  return key;
}

bool check_handle_desc(const char* api, cnnlHandle_t handle, const void* desc,
                       bool set, const char* desc_name, cnnlStatus_t* status) {
  if (!handle_ok(api, handle, status)) return false;
  if (desc == nullptr || !set) {
    char why[96];
    std::snprintf(why, sizeof(why), "%s is NULL or was never set", desc_name);
    *status = fail(api, CNNL_STATUS_BAD_PARAM, why);
    return false;
  }
  return true;
}

// The checks every convolution algorithm or workspace query makes: the
// handle, a set convolution descriptor, its three tensor descriptors and the
// output (`names` lists them for the log line).
cnnlStatus_t check_conv_query(const char* api, cnnlHandle_t handle,
                              const cnnlConvolutionDescriptor_t conv_desc,
                              const void* a, const void* b, const void* c,
                              const void* out, const char* names) {
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!check_handle_desc(api, handle, conv_desc,
                         conv_desc != nullptr && conv_desc->set, "conv_desc",
                         &status)) {
    return status;
  }
  if (a == nullptr || b == nullptr || c == nullptr || out == nullptr) {
    char why[96];
    std::snprintf(why, sizeof(why), "%s is NULL", names);
    return fail(api, CNNL_STATUS_BAD_PARAM, why);
  }
  return CNNL_STATUS_SUCCESS;
}

// The geometry of a 2-D convolution of x by w into y, checked: one float,
// half or bfloat16 type; 4-D NCHW / NHWC tensors; w's input channels times
// the groups x's channels; y's shape the output's. In oneDNN's terms.
struct ConvGeometry {
  Image x, w, y;  // w: n = Co, c = C / groups, h = kh, w = kw
  memory::dims w_dims, w_strides, strides, dilates, pad_l, pad_r;
};
bool conv_geometry(const char* api, const cnnlConvolutionStruct& cd,
                   const cnnlTensorStruct& x, const cnnlTensorStruct& w,
                   const cnnlTensorStruct& y, ConvGeometry* g,
                   cnnlStatus_t* status) {
  const cnnlDataType_t dtype = x.dtype;
  if (!is_dnn_type(dtype)) {
    *status = fail(api, CNNL_STATUS_NOT_SUPPORTED,
                   "x is not float, half or bfloat16");
    return false;
  }
  if (w.dtype != dtype || y.dtype != dtype) {
    *status =
        fail(api, CNNL_STATUS_BAD_PARAM, "x, w and y differ in data type");
    return false;
  }
  if (!image_of(x, &g->x) || !image_of(y, &g->y) || !image_of(w, &g->w)) {
    *status = fail(api, CNNL_STATUS_BAD_PARAM,
                   "x, w and y must be 4-D, NCHW or NHWC");
    return false;
  }
  const Image &xi = g->x, &yi = g->y, &wi = g->w;
  const int64_t groups = cd.groups;
  if (xi.c % groups != 0 || wi.n % groups != 0 || wi.c * groups != xi.c) {
    *status = fail(api, CNNL_STATUS_BAD_PARAM,
                   "w's input channels times group_count is not x's channels");
    return false;
  }
  if (yi.n != xi.n || yi.c != wi.n) {
    *status = fail(api, CNNL_STATUS_BAD_PARAM,
                   "y's batch or channels do not match x and w");
    return false;
  }
  const int64_t ho = window_out(xi.h, cd.pad[0], cd.pad[1], int(wi.h),
                                cd.stride[0], cd.dilation[0], false);
  const int64_t wo = window_out(xi.w, cd.pad[2], cd.pad[3], int(wi.w),
                                cd.stride[1], cd.dilation[1], false);
  if (yi.h != ho || yi.w != wo) {
    *status = fail(api, CNNL_STATUS_BAD_PARAM,
                   "y's height or width is not the convolution's output size");
    return false;
  }
  if (groups == 1) {
    g->w_dims = {wi.n, wi.c, wi.h, wi.w};
    g->w_strides = wi.strides;
  } else {
    g->w_dims = {groups, wi.n / groups, wi.c, wi.h, wi.w};
    g->w_strides = {wi.strides[0] * (wi.n / groups), wi.strides[0],
                    wi.strides[1], wi.strides[2], wi.strides[3]};
  }
  g->strides = {cd.stride[0], cd.stride[1]};
  g->dilates = {cd.dilation[0] - 1, cd.dilation[1] - 1};
  g->pad_l = {cd.pad[0], cd.pad[2]};
  g->pad_r = {cd.pad[1], cd.pad[3]};
  return true;
}

// The forward description oneDNN's backward convolutions take as a hint.
dnnl::convolution_forward::primitive_desc forward_hint(const ConvGeometry& g) {
  const memory::desc w_md(g.w_dims, memory::data_type::f32, g.w_strides);
  dnnl::convolution_forward::desc desc(dnnl::prop_kind::forward_training,
                                       dnnl::algorithm::convolution_direct,
                                       image_md(g.x), w_md, image_md(g.y),
                                       g.strides, g.dilates, g.pad_l, g.pad_r);
  return dnnl::convolution_forward::primitive_desc(desc, cpu_engine());
}

// The geometry of a 2-D pooling of x into y, checked: one float, half or
// bfloat16 type; 4-D NCHW / NHWC tensors; y's shape the output's. In
// oneDNN's terms, the bottom / right padding grown to cover the last window
// in ceil mode.
struct PoolGeometry {
  Image x, y;
  dnnl::algorithm algo;
  memory::dims strides, kernel, dilation, pad_l, pad_r;
};
bool pool_geometry(const char* api, const cnnlPoolingStruct& p,
                   const cnnlTensorStruct& x, const cnnlTensorStruct& y,
                   PoolGeometry* g, cnnlStatus_t* status) {
  if (!is_dnn_type(x.dtype)) {
    *status = fail(api, CNNL_STATUS_NOT_SUPPORTED,
                   "x is not float, half or bfloat16");
    return false;
  }
  if (y.dtype != x.dtype) {
    *status = fail(api, CNNL_STATUS_BAD_PARAM, "x and y differ in data type");
    return false;
  }
  if (!image_of(x, &g->x) || !image_of(y, &g->y)) {
    *status =
        fail(api, CNNL_STATUS_BAD_PARAM, "x and y must be 4-D, NCHW or NHWC");
    return false;
  }
  const Image &xi = g->x, &yi = g->y;
  const int64_t ho = window_out(xi.h, p.pad[0], p.pad[1], p.window[0],
                                p.stride[0], p.dilation[0], p.ceil_mode);
  const int64_t wo = window_out(xi.w, p.pad[2], p.pad[3], p.window[1],
                                p.stride[1], p.dilation[1], p.ceil_mode);
  if (yi.n != xi.n || yi.c != xi.c || yi.h != ho || yi.w != wo) {
    *status = fail(api, CNNL_STATUS_BAD_PARAM,
                   "y's shape is not the pooling's output shape");
    return false;
  }
  const int64_t span_h = int64_t(p.dilation[0]) * (p.window[0] - 1) + 1;
  const int64_t span_w = int64_t(p.dilation[1]) * (p.window[1] - 1) + 1;
  g->algo = p.mode == CNNL_POOLING_MAX ? dnnl::algorithm::pooling_max
            : p.mode == CNNL_POOLING_AVERAGE_COUNT_INCLUDE_PADDING
                ? dnnl::algorithm::pooling_avg_include_padding
                : dnnl::algorithm::pooling_avg_exclude_padding;
  g->strides = {p.stride[0], p.stride[1]};
  g->kernel = {p.window[0], p.window[1]};
  g->dilation = {p.dilation[0] - 1, p.dilation[1] - 1};
  g->pad_l = {p.pad[0], p.pad[2]};
  g->pad_r = {std::max<int64_t>(
                  p.pad[1], (ho - 1) * p.stride[0] + span_h - xi.h - p.pad[0]),
              std::max<int64_t>(
                  p.pad[3], (wo - 1) * p.stride[1] + span_w - xi.w - p.pad[2])};
  return true;
}

dnnl::pooling_v2_forward::primitive_desc pool_forward(const PoolGeometry& g,
                                                      dnnl::prop_kind prop) {
  dnnl::pooling_v2_forward::desc desc(prop, g.algo, image_md(g.x),
                                      image_md(g.y), g.strides, g.kernel,
                                      g.dilation, g.pad_l, g.pad_r);
  return dnnl::pooling_v2_forward::primitive_desc(desc, cpu_engine());
}

// The axis a softmax mode names in x (LOW: the last, MEDIUM: the one before,
// HIGH: the first), checked with x and y of one float, half or bfloat16
// type and shape.
bool softmax_axis(const char* api, cnnlSoftmaxAlgorithm_t algorithm,
                  cnnlSoftmaxMode_t mode, const cnnlTensorStruct& x,
                  const cnnlTensorStruct& y, int* axis, cnnlStatus_t* status) {
  const char* why = nullptr;
  cnnlStatus_t code = CNNL_STATUS_BAD_PARAM;
  const int rank = int(x.dims.size());
  if (int(algorithm) < CNNL_SOFTMAX_FAST || int(algorithm) > CNNL_SOFTMAX_LOG) {
    why = "unknown algorithm";
  } else if (int(mode) < CNNL_SOFTMAX_MODE_HIGH_DIMENSION ||
             int(mode) > CNNL_SOFTMAX_MODE_LOW_DIMENSION) {
    why = "unknown mode";
  } else if (!is_dnn_type(x.dtype)) {
    why = "x is not float, half or bfloat16";
    code = CNNL_STATUS_NOT_SUPPORTED;
  } else if (y.dtype != x.dtype || y.dims != x.dims) {
    why = "the tensors differ in data type or shape";
  } else if (rank < 1 ||
             (mode == CNNL_SOFTMAX_MODE_MEDIUM_DIMENSION && rank < 2)) {
    why = "x has too few dimensions for the mode";
  }
  if (why != nullptr) {
    *status = fail(api, code, why);
    return false;
  }
  *axis = mode == CNNL_SOFTMAX_MODE_LOW_DIMENSION      ? rank - 1
          : mode == CNNL_SOFTMAX_MODE_MEDIUM_DIMENSION ? rank - 2
                                                       : 0;
  return true;
}

// A dense row-major float tensor of these dimensions.
memory::desc dense_md(const std::vector<int64_t>& dims) {
  const std::vector<int64_t> strides = dense_strides(dims);
  return memory::desc(memory::dims(dims.begin(), dims.end()),
                      memory::data_type::f32,
                      memory::dims(strides.begin(), strides.end()));
}
// What the two convolution backward passes share: the checks, the geometry,
// a zero output for an empty input, and alpha/beta around `run`, which runs
// the pass's oneDNN primitive on dense float buffers (input, diff_y, out).
// `in` is w for backward data and x for backward filter; the output is the
// other of the two.
template <typename Run>
cnnlStatus_t convolution_backward(
    const char* api, cnnlHandle_t handle, const void* alpha, const void* beta,
    const cnnlConvolutionDescriptor_t conv_desc,
    const cnnlTensorDescriptor_t in_desc, const void* in, const char* in_name,
    const cnnlTensorDescriptor_t diff_y_desc, const void* diff_y,
    const cnnlTensorDescriptor_t out_desc, void* out, const char* out_name,
    bool out_is_x, Run run) {
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!check_handle_desc(api, handle, conv_desc,
                         conv_desc != nullptr && conv_desc->set, "conv_desc",
                         &status) ||
      !usable(api, in_desc, in, in_name, &status) ||
      !usable(api, diff_y_desc, diff_y, "diff_y", &status) ||
      !usable(api, out_desc, out, out_name, &status)) {
    return status;
  }
  ConvGeometry g;
  const cnnlTensorStruct& x_desc = out_is_x ? *out_desc : *in_desc;
  const cnnlTensorStruct& w_desc = out_is_x ? *in_desc : *out_desc;
  if (!conv_geometry(api, *conv_desc, x_desc, w_desc, *diff_y_desc, &g,
                     &status)) {
    return status;
  }
  if (element_count(*out_desc) == 0) return CNNL_STATUS_SUCCESS;
  FloatView inv(*in_desc, in), dyv(*diff_y_desc, diff_y);
  FloatOut outo(*out_desc, out, host_scalar(alpha, 1.0f),
                host_scalar(beta, 0.0f));
  if (element_count(*diff_y_desc) == 0 || element_count(*in_desc) == 0) {
    std::fill_n(outo.data(), element_count(*out_desc), 0.0f);
  } else {
    try {
      const memory::desc w_md(g.w_dims, memory::data_type::f32, g.w_strides);
      run(g, w_md, inv.data(), dyv.data(), outo.data());
      cpu_stream().wait();
    } catch (const dnnl::error& e) {
      dnn_failed(api, e, &status);
      return status;
    }
  }
  outo.finish();
  return CNNL_STATUS_SUCCESS;
}

}  // namespace

extern "C" {

// ---- Convolution ----

cnnlStatus_t cnnlCreateConvolutionDescriptor(
    cnnlConvolutionDescriptor_t* conv_desc) {
  return create("cnnlCreateConvolutionDescriptor", conv_desc);
}
cnnlStatus_t cnnlDestroyConvolutionDescriptor(
    cnnlConvolutionDescriptor_t conv_desc) {
  return destroy("cnnlDestroyConvolutionDescriptor", conv_desc);
}

cnnlStatus_t cnnlSetConvolutionDescriptorAllowTF32(
    cnnlConvolutionDescriptor_t conv_desc, int allow_tf32) {
  const char* api = "cnnlSetConvolutionDescriptorAllowTF32";
  if (conv_desc == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "conv_desc is NULL");
  }
  if (allow_tf32 != 0 && allow_tf32 != 1) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "allow_tf32 is not 0 or 1");
  }
  conv_desc->allow_tf32 = allow_tf32 == 1;
  return CNNL_STATUS_SUCCESS;
}
cnnlStatus_t cnnlSetConvolutionDescriptor(cnnlConvolutionDescriptor_t conv_desc,
                                          int dimNb, const int pad[],
                                          const int stride[],
                                          const int dilation[], int group_count,
                                          cnnlDataType_t compute_type) {
  const char* api = "cnnlSetConvolutionDescriptor";
  if (conv_desc == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "conv_desc is NULL");
  }
  if (dimNb == 5) {
    return fail(api, CNNL_STATUS_NOT_SUPPORTED,
                "3-D convolution (dimNb 5) is not supported");
  }
  if (dimNb != 4) return fail(api, CNNL_STATUS_BAD_PARAM, "dimNb is not 4");
  if (pad == nullptr || stride == nullptr || dilation == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "pad, stride or dilation is NULL");
  }
  for (int i = 0; i < 4; ++i) {
    if (pad[i] < 0)
      return fail(api, CNNL_STATUS_BAD_PARAM, "a pad is negative");
  }
  for (int i = 0; i < 2; ++i) {
    if (stride[i] < 1 || dilation[i] < 1) {
      return fail(api, CNNL_STATUS_BAD_PARAM,
                  "a stride or dilation is not positive");
    }
  }
  if (group_count < 1) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "group_count is not positive");
  }
  if (!is_dnn_type(compute_type)) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "compute_type is not float, half or bfloat16");
  }
  std::copy(pad, pad + 4, conv_desc->pad);
  std::copy(stride, stride + 2, conv_desc->stride);
  std::copy(dilation, dilation + 2, conv_desc->dilation);
  conv_desc->groups = group_count;
  conv_desc->compute_type = compute_type;
  conv_desc->set = true;
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlGetConvolutionForwardAlgorithm(
    cnnlHandle_t handle, const cnnlConvolutionDescriptor_t conv_desc,
    const cnnlTensorDescriptor_t x_desc, const cnnlTensorDescriptor_t w_desc,
    const cnnlTensorDescriptor_t y_desc,
    const cnnlConvolutionFwdPreference_t /*preference*/,
    cnnlConvolutionForwardAlgo_t* algo) {
  const cnnlStatus_t status = check_conv_query(
      "cnnlGetConvolutionForwardAlgorithm", handle, conv_desc, x_desc, w_desc,
      y_desc, algo, "x_desc, w_desc, y_desc or algo");
  if (status != CNNL_STATUS_SUCCESS) return status;
  *algo = CNNL_CONVOLUTION_FWD_ALGO_DIRECT;
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlGetConvolutionForwardWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t x_desc,
    const cnnlTensorDescriptor_t w_desc, const cnnlTensorDescriptor_t y_desc,
    const cnnlTensorDescriptor_t /*bias_desc*/,
    const cnnlConvolutionDescriptor_t conv_desc,
    const cnnlConvolutionForwardAlgo_t /*algo*/, size_t* workspace_size) {
  const cnnlStatus_t status =
      check_conv_query("cnnlGetConvolutionForwardWorkspaceSize", handle,
                       conv_desc, x_desc, w_desc, y_desc, workspace_size,
                       "x_desc, w_desc, y_desc or workspace_size");
  if (status != CNNL_STATUS_SUCCESS) return status;
  *workspace_size = 0;
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlConvolutionForward(
    cnnlHandle_t handle, const cnnlConvolutionDescriptor_t conv_desc,
    const cnnlConvolutionForwardAlgo_t /*algo*/, const void* alpha,
    const cnnlTensorDescriptor_t x_desc, const void* x,
    const cnnlTensorDescriptor_t w_desc, const void* w,
    const cnnlTensorDescriptor_t bias_desc, const void* bias,
    void* /*workspace*/, size_t /*workspace_size*/, const void* beta,
    const cnnlTensorDescriptor_t y_desc, void* y) {
  const char* api = "cnnlConvolutionForward";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!check_handle_desc(api, handle, conv_desc,
                         conv_desc != nullptr && conv_desc->set, "conv_desc",
                         &status) ||
      !usable(api, x_desc, x, "x", &status) ||
      !usable(api, w_desc, w, "w", &status) ||
      !usable(api, y_desc, y, "y", &status)) {
    return status;
  }
  const bool has_bias = bias_desc != nullptr && bias != nullptr;
  if (bias_desc != nullptr && !usable(api, bias_desc, bias, "bias", &status)) {
    return status;
  }
  ConvGeometry g;
  if (!conv_geometry(api, *conv_desc, *x_desc, *w_desc, *y_desc, &g, &status)) {
    return status;
  }
  const Image &xi = g.x, &yi = g.y, &wi = g.w;
  if (has_bias &&
      (element_count(*bias_desc) != wi.n || !is_dnn_type(bias_desc->dtype))) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "bias is not Co float, half or bfloat16 elements");
  }
  if (element_count(*y_desc) == 0) return CNNL_STATUS_SUCCESS;
  if (element_count(*x_desc) == 0) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "x is empty and y is not");
  }

  const float a = host_scalar(alpha, 1.0f), b = host_scalar(beta, 0.0f);
  FloatView xv(*x_desc, x), wv(*w_desc, w);
  FloatOut yo(*y_desc, y, a, b);
  std::vector<float> bias_f;
  if (has_bias) {
    bias_f.resize(size_t(wi.n));
    size_t i = 0;
    for_each_offset(bias_desc->dims, bias_desc->strides, [&](int64_t o) {
      bias_f[i++] = float(load_real(bias_desc->dtype, bias, o));
    });
  }
  const memory::dims &w_dims = g.w_dims, &w_strides = g.w_strides;
  const memory::dims &strides = g.strides, &dilates = g.dilates;
  const memory::dims &pad_l = g.pad_l, &pad_r = g.pad_r;
  const std::string key =
      dims_key({xi.n, xi.c, xi.h, xi.w}) + dims_key(xi.strides) + "|" +
      dims_key({yi.n, yi.c, yi.h, yi.w}) + dims_key(yi.strides) + "|" +
      dims_key(w_dims) + dims_key(w_strides) + "|" + dims_key(strides) +
      dims_key(dilates) + dims_key(pad_l) + dims_key(pad_r) +
      (has_bias ? "b" : "");
  try {
    std::shared_ptr<ConvPlan> plan;
    {
      std::lock_guard<std::mutex> lock(plan_mutex);
      auto found = conv_plans().find(key);
      if (found != conv_plans().end()) plan = found->second;
    }
    if (!plan) {
      plan = std::make_shared<ConvPlan>();
      const memory::desc src_md = image_md(xi), dst_md = image_md(yi);
      plan->user_weights =
          memory::desc(w_dims, memory::data_type::f32, w_strides);
      const memory::desc any_weights(w_dims, memory::data_type::f32, tag::any);
      const memory::desc bias_md =
          has_bias ? memory::desc({wi.n}, memory::data_type::f32, tag::a)
                   : memory::desc();
      dnnl::convolution_forward::desc desc(dnnl::prop_kind::forward_inference,
                                           dnnl::algorithm::convolution_direct,
                                           src_md, any_weights, bias_md, dst_md,
                                           strides, dilates, pad_l, pad_r);
      plan->pd = dnnl::convolution_forward::primitive_desc(desc, cpu_engine());
      plan->conv = dnnl::convolution_forward(plan->pd);
      plan->reorder_weights = plan->pd.weights_desc() != plan->user_weights;
      if (plan->reorder_weights) {
        plan->weights_reorder = dnnl::reorder(dnnl::reorder::primitive_desc(
            cpu_engine(), plan->user_weights, cpu_engine(),
            plan->pd.weights_desc()));
      }
      std::lock_guard<std::mutex> lock(plan_mutex);
      conv_plans()[key] = plan;
    }
    dnnl::stream& stream = cpu_stream();
    memory user_w(plan->user_weights, cpu_engine(), wv.data());
    memory conv_w = user_w;
    if (plan->reorder_weights) {
      conv_w = memory(plan->pd.weights_desc(), cpu_engine());
      plan->weights_reorder.execute(stream, user_w, conv_w);
    }
    memory src(plan->pd.src_desc(), cpu_engine(), xv.data());
    memory dst(plan->pd.dst_desc(), cpu_engine(), yo.data());
    std::unordered_map<int, memory> args = {
        {DNNL_ARG_SRC, src}, {DNNL_ARG_WEIGHTS, conv_w}, {DNNL_ARG_DST, dst}};
    if (has_bias) {
      args[DNNL_ARG_BIAS] =
          memory(plan->pd.bias_desc(), cpu_engine(), bias_f.data());
    }
    plan->conv.execute(stream, args);
    stream.wait();
  } catch (const dnnl::error& e) {
    dnn_failed(api, e, &status);
    return status;
  }
  yo.finish();
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlGetConvolutionBackwardDataAlgorithm(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t w_desc,
    const cnnlTensorDescriptor_t diff_y_desc,
    const cnnlConvolutionDescriptor_t conv_desc,
    const cnnlTensorDescriptor_t diff_x_desc,
    const cnnlConvolutionBwdDataPreference_t /*preference*/,
    cnnlConvolutionBwdDataAlgo_t* algo) {
  const cnnlStatus_t status =
      check_conv_query("cnnlGetConvolutionBackwardDataAlgorithm", handle,
                       conv_desc, w_desc, diff_y_desc, diff_x_desc, algo,
                       "w_desc, diff_y_desc, diff_x_desc or algo");
  if (status != CNNL_STATUS_SUCCESS) return status;
  *algo = CNNL_CONVOLUTION_BWD_DATA_ALGO_DIRECT;
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlGetConvolutionBackwardDataWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t w_desc,
    const cnnlTensorDescriptor_t diff_y_desc,
    const cnnlConvolutionDescriptor_t conv_desc,
    const cnnlTensorDescriptor_t diff_x_desc,
    const cnnlConvolutionBwdDataAlgo_t /*algo*/, size_t* workspace_size) {
  const cnnlStatus_t status = check_conv_query(
      "cnnlGetConvolutionBackwardDataWorkspaceSize", handle, conv_desc, w_desc,
      diff_y_desc, diff_x_desc, workspace_size,
      "w_desc, diff_y_desc, diff_x_desc or workspace_size");
  if (status != CNNL_STATUS_SUCCESS) return status;
  *workspace_size = 0;
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlConvolutionBackwardData(
    cnnlHandle_t handle, const void* alpha, const cnnlTensorDescriptor_t w_desc,
    const void* w, const cnnlTensorDescriptor_t diff_y_desc, const void* diff_y,
    const cnnlConvolutionDescriptor_t conv_desc,
    const cnnlConvolutionBwdDataAlgo_t /*algo*/, void* /*workspace*/,
    size_t /*workspace_size*/, const void* beta,
    const cnnlTensorDescriptor_t diff_x_desc, void* diff_x) {
  return convolution_backward(
      "cnnlConvolutionBackwardData", handle, alpha, beta, conv_desc, w_desc, w,
      "w", diff_y_desc, diff_y, diff_x_desc, diff_x, "diff_x", true,
      [](const ConvGeometry& g, const memory::desc& w_md, float* wv, float* dy,
         float* dx) {
        dnnl::convolution_backward_data::desc desc(
            dnnl::algorithm::convolution_direct, image_md(g.x), w_md,
            image_md(g.y), g.strides, g.dilates, g.pad_l, g.pad_r);
        dnnl::convolution_backward_data::primitive_desc pd(desc, cpu_engine(),
                                                           forward_hint(g));
        dnnl::convolution_backward_data(pd).execute(
            cpu_stream(),
            {{DNNL_ARG_DIFF_DST, memory(image_md(g.y), cpu_engine(), dy)},
             {DNNL_ARG_WEIGHTS, memory(w_md, cpu_engine(), wv)},
             {DNNL_ARG_DIFF_SRC, memory(image_md(g.x), cpu_engine(), dx)}});
      });
}

cnnlStatus_t cnnlGetConvolutionBackwardFilterAlgorithm(
    cnnlHandle_t handle, const cnnlConvolutionDescriptor_t conv_desc,
    const cnnlTensorDescriptor_t x_desc,
    const cnnlTensorDescriptor_t diff_y_desc,
    const cnnlTensorDescriptor_t diff_w_desc,
    const cnnlConvolutionBwdFilterPreference_t /*preference*/,
    cnnlConvolutionBwdFilterAlgo_t* algo) {
  const cnnlStatus_t status =
      check_conv_query("cnnlGetConvolutionBackwardFilterAlgorithm", handle,
                       conv_desc, x_desc, diff_y_desc, diff_w_desc, algo,
                       "x_desc, diff_y_desc, diff_w_desc or algo");
  if (status != CNNL_STATUS_SUCCESS) return status;
  *algo = CNNL_CONVOLUTION_BWD_FILTER_ALGO_DIRECT;
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlGetConvolutionBackwardFilterWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t x_desc,
    const cnnlTensorDescriptor_t diff_y_desc,
    const cnnlTensorDescriptor_t diff_w_desc,
    const cnnlConvolutionDescriptor_t conv_desc,
    const cnnlConvolutionBwdFilterAlgo_t /*algo*/, size_t* workspace_size) {
  const cnnlStatus_t status = check_conv_query(
      "cnnlGetConvolutionBackwardFilterWorkspaceSize", handle, conv_desc,
      x_desc, diff_y_desc, diff_w_desc, workspace_size,
      "x_desc, diff_y_desc, diff_w_desc or workspace_size");
  if (status != CNNL_STATUS_SUCCESS) return status;
  *workspace_size = 0;
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlConvolutionBackwardFilter(
    cnnlHandle_t handle, const void* alpha, const cnnlTensorDescriptor_t x_desc,
    const void* x, const cnnlTensorDescriptor_t diff_y_desc, const void* diff_y,
    const cnnlConvolutionDescriptor_t conv_desc,
    const cnnlConvolutionBwdFilterAlgo_t /*algo*/, void* /*workspace*/,
    size_t /*workspace_size*/, const void* beta,
    const cnnlTensorDescriptor_t diff_w_desc, void* diff_w) {
  return convolution_backward(
      "cnnlConvolutionBackwardFilter", handle, alpha, beta, conv_desc, x_desc,
      x, "x", diff_y_desc, diff_y, diff_w_desc, diff_w, "diff_w", false,
      [](const ConvGeometry& g, const memory::desc& w_md, float* xv, float* dy,
         float* dw) {
        dnnl::convolution_backward_weights::desc desc(
            dnnl::algorithm::convolution_direct, image_md(g.x), w_md,
            image_md(g.y), g.strides, g.dilates, g.pad_l, g.pad_r);
        dnnl::convolution_backward_weights::primitive_desc pd(
            desc, cpu_engine(), forward_hint(g));
        dnnl::convolution_backward_weights(pd).execute(
            cpu_stream(),
            {{DNNL_ARG_SRC, memory(image_md(g.x), cpu_engine(), xv)},
             {DNNL_ARG_DIFF_DST, memory(image_md(g.y), cpu_engine(), dy)},
             {DNNL_ARG_DIFF_WEIGHTS, memory(w_md, cpu_engine(), dw)}});
      });
}

// ---- Pooling ----

cnnlStatus_t cnnlCreatePoolingDescriptor(cnnlPoolingDescriptor_t* desc) {
  return create("cnnlCreatePoolingDescriptor", desc);
}
cnnlStatus_t cnnlDestroyPoolingDescriptor(cnnlPoolingDescriptor_t desc) {
  return destroy("cnnlDestroyPoolingDescriptor", desc);
}

cnnlStatus_t cnnlSetPooling2dDescriptor_v2(
    cnnlPoolingDescriptor_t pooling_desc, cnnlPoolingMode_t mode,
    cnnlNanPropagation_t /*maxpooling_nan_opt*/, int window_height,
    int window_width, int top_padding, int bottom_padding, int left_padding,
    int right_padding, int vertical_stride, int horizon_stride,
    int vertical_dilation, int horizon_dilation, bool ceil_mode) {
  const char* api = "cnnlSetPooling2dDescriptor_v2";
  if (pooling_desc == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "pooling_desc is NULL");
  }
  if (mode == CNNL_POOLING_FIXED) {
    return fail(api, CNNL_STATUS_NOT_SUPPORTED,
                "CNNL_POOLING_FIXED is not supported");
  }
  if (int(mode) < CNNL_POOLING_MAX ||
      int(mode) > CNNL_POOLING_AVERAGE_COUNT_EXCLUDE_PADDING) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "unknown mode");
  }
  if (window_height < 1 || window_width < 1 || vertical_stride < 1 ||
      horizon_stride < 1 || vertical_dilation < 1 || horizon_dilation < 1) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "a window, stride or dilation is not positive");
  }
  if (top_padding < 0 || bottom_padding < 0 || left_padding < 0 ||
      right_padding < 0) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "a padding is negative");
  }
  cnnlPoolingStruct& p = *pooling_desc;
  p.mode = mode;
  p.window[0] = window_height;
  p.window[1] = window_width;
  p.pad[0] = top_padding;
  p.pad[1] = bottom_padding;
  p.pad[2] = left_padding;
  p.pad[3] = right_padding;
  p.stride[0] = vertical_stride;
  p.stride[1] = horizon_stride;
  p.dilation[0] = vertical_dilation;
  p.dilation[1] = horizon_dilation;
  p.ceil_mode = ceil_mode;
  p.set = true;
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlSetPooling2dDescriptor(
    cnnlPoolingDescriptor_t pooling_desc, cnnlPoolingMode_t mode,
    cnnlNanPropagation_t maxpooling_nan_opt, int window_height,
    int window_width, int top_padding, int bottom_padding, int left_padding,
    int right_padding, int vertical_stride, int horizon_stride) {
  return cnnlSetPooling2dDescriptor_v2(
      pooling_desc, mode, maxpooling_nan_opt, window_height, window_width,
      top_padding, bottom_padding, left_padding, right_padding, vertical_stride,
      horizon_stride, 1, 1, false);
}

cnnlStatus_t cnnlGetPoolingWorkspaceSize(cnnlHandle_t handle,
                                         cnnlPoolingMode_t /*mode*/,
                                         int output_w, int output_h,
                                         size_t* workspace_size) {
  const char* api = "cnnlGetPoolingWorkspaceSize";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!handle_ok(api, handle, &status)) return status;
  if (workspace_size == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "workspace_size is NULL");
  }
  if (output_w < 0 || output_h < 0) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "output_w or output_h is negative");
  }
  *workspace_size = 0;
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlPoolingForward(
    cnnlHandle_t handle, const cnnlPoolingDescriptor_t pooling_desc,
    const void* alpha, const cnnlTensorDescriptor_t x_desc, const void* x,
    const void* beta, const cnnlTensorDescriptor_t y_desc, void* y,
    void* /*workspace*/, size_t /*workspace_size*/) {
  const char* api = "cnnlPoolingForward";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!check_handle_desc(api, handle, pooling_desc,
                         pooling_desc != nullptr && pooling_desc->set,
                         "pooling_desc", &status) ||
      !usable(api, x_desc, x, "x", &status) ||
      !usable(api, y_desc, y, "y", &status)) {
    return status;
  }
  PoolGeometry g;
  if (!pool_geometry(api, *pooling_desc, *x_desc, *y_desc, &g, &status)) {
    return status;
  }
  if (element_count(*y_desc) == 0) return CNNL_STATUS_SUCCESS;
  FloatView xv(*x_desc, x);
  FloatOut yo(*y_desc, y, host_scalar(alpha, 1.0f), host_scalar(beta, 0.0f));
  try {
    const auto pd = pool_forward(g, dnnl::prop_kind::forward_inference);
    dnnl::stream& stream = cpu_stream();
    dnnl::pooling_v2_forward(pd).execute(
        stream,
        {{DNNL_ARG_SRC, memory(pd.src_desc(), cpu_engine(), xv.data())},
         {DNNL_ARG_DST, memory(pd.dst_desc(), cpu_engine(), yo.data())}});
    stream.wait();
  } catch (const dnnl::error& e) {
    dnn_failed(api, e, &status);
    return status;
  }
  yo.finish();
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlPoolingBackward(
    cnnlHandle_t handle, const cnnlPoolingDescriptor_t pooling_desc,
    const void* alpha, const cnnlTensorDescriptor_t /*y_desc*/,
    const void* /*y*/, const cnnlTensorDescriptor_t diff_y_desc,
    const void* diff_y, const cnnlTensorDescriptor_t x_desc, const void* x,
    const void* beta, const cnnlTensorDescriptor_t diff_x_desc, void* diff_x) {
  const char* api = "cnnlPoolingBackward";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!check_handle_desc(api, handle, pooling_desc,
                         pooling_desc != nullptr && pooling_desc->set,
                         "pooling_desc", &status) ||
      !usable(api, diff_y_desc, diff_y, "diff_y", &status) ||
      !usable(api, x_desc, x, "x", &status) ||
      !usable(api, diff_x_desc, diff_x, "diff_x", &status)) {
    return status;
  }
  PoolGeometry g;
  if (!pool_geometry(api, *pooling_desc, *x_desc, *diff_y_desc, &g, &status)) {
    return status;
  }
  if (diff_x_desc->dtype != x_desc->dtype ||
      diff_x_desc->dims != x_desc->dims) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "diff_x differs from x in data type or shape");
  }
  if (element_count(*diff_x_desc) == 0) return CNNL_STATUS_SUCCESS;
  Image dxi;
  image_of(*diff_x_desc, &dxi);
  if (dxi.strides != g.x.strides) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "diff_x and x differ in layout");
  }
  FloatView xv(*x_desc, x), dyv(*diff_y_desc, diff_y);
  FloatOut dxo(*diff_x_desc, diff_x, host_scalar(alpha, 1.0f),
               host_scalar(beta, 0.0f));
  if (element_count(*diff_y_desc) == 0) {
    std::fill_n(dxo.data(), element_count(*diff_x_desc), 0.0f);
    dxo.finish();
    return CNNL_STATUS_SUCCESS;
  }
  try {
    // The forward pass again, for the positions of the maxima oneDNN keeps
    // in its workspace.
    const auto fwd = pool_forward(g, dnnl::prop_kind::forward_training);
    dnnl::stream& stream = cpu_stream();
    memory workspace(fwd.workspace_desc(), cpu_engine());
    std::vector<float> y(size_t(element_count(*diff_y_desc)));
    dnnl::pooling_v2_forward(fwd).execute(
        stream,
        {{DNNL_ARG_SRC, memory(fwd.src_desc(), cpu_engine(), xv.data())},
         {DNNL_ARG_DST, memory(fwd.dst_desc(), cpu_engine(), y.data())},
         {DNNL_ARG_WORKSPACE, workspace}});
    dnnl::pooling_v2_backward::desc desc(g.algo, image_md(g.x), image_md(g.y),
                                         g.strides, g.kernel, g.dilation,
                                         g.pad_l, g.pad_r);
    dnnl::pooling_v2_backward::primitive_desc pd(desc, cpu_engine(), fwd);
    dnnl::pooling_v2_backward(pd).execute(
        stream, {{DNNL_ARG_DIFF_DST,
                  memory(pd.diff_dst_desc(), cpu_engine(), dyv.data())},
                 {DNNL_ARG_DIFF_SRC,
                  memory(pd.diff_src_desc(), cpu_engine(), dxo.data())},
                 {DNNL_ARG_WORKSPACE, workspace}});
    stream.wait();
  } catch (const dnnl::error& e) {
    dnn_failed(api, e, &status);
    return status;
  }
  dxo.finish();
  return CNNL_STATUS_SUCCESS;
}

// ---- Activation ----

cnnlStatus_t cnnlCreateActivationDescriptor(
    cnnlActivationDescriptor_t* activation_desc) {
  return create("cnnlCreateActivationDescriptor", activation_desc);
}
cnnlStatus_t cnnlDestroyActivationDescriptor(
    cnnlActivationDescriptor_t activation_desc) {
  return destroy("cnnlDestroyActivationDescriptor", activation_desc);
}

cnnlStatus_t cnnlSetActivationDescriptor_v6(
    cnnlActivationDescriptor_t activation_desc, cnnlActivationMode_t mode,
    cnnlActivationPreference_t /*prefer*/, cnnlNanPropagation_t /*nan_prop*/,
    float coef, int /*sliced_dim*/, float gamma, float scale,
    bool /*is_result*/, bool approximate) {
  const char* api = "cnnlSetActivationDescriptor";
  if (activation_desc == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "activation_desc is NULL");
  }
  if (int(mode) < CNNL_ACTIVATION_SIGMOID || int(mode) > CNNL_ACTIVATION_ERFC) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "unknown mode");
  }
  activation_desc->mode = mode;
  activation_desc->coef = coef;
  activation_desc->gamma = gamma;
  activation_desc->scale = scale;
  activation_desc->approximate = approximate;
  activation_desc->set = true;
  return CNNL_STATUS_SUCCESS;
}
cnnlStatus_t cnnlSetActivationDescriptor(
    cnnlActivationDescriptor_t activation_desc, cnnlActivationMode_t mode,
    cnnlNanPropagation_t nan_prop, float coef) {
  // SELU's alpha and lambda (Klambauer et al.), what torch.selu uses.
  const float selu_alpha = 1.6732632423543772f;
  const float selu_lambda = 1.0507009873554805f;
  return cnnlSetActivationDescriptor_v6(
      activation_desc, mode, CNNL_ACTIVATION_HIGH_PRECISION, nan_prop, coef, 0,
      selu_alpha, selu_lambda, false, false);
}
cnnlStatus_t cnnlSetActivationDescriptor_v5(
    cnnlActivationDescriptor_t activation_desc, cnnlActivationMode_t mode,
    cnnlActivationPreference_t prefer, cnnlNanPropagation_t nan_prop,
    float coef, int sliced_dim, float gamma, float scale, bool is_result) {
  return cnnlSetActivationDescriptor_v6(activation_desc, mode, prefer, nan_prop,
                                        coef, sliced_dim, gamma, scale,
                                        is_result, false);
}

cnnlStatus_t cnnlActivationForward(
    cnnlHandle_t handle, const cnnlActivationDescriptor_t activation_desc,
    const void* alpha, const cnnlTensorDescriptor_t x_desc, const void* x,
    const void* beta, const cnnlTensorDescriptor_t y_desc, void* y) {
  const char* api = "cnnlActivationForward";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!check_handle_desc(api, handle, activation_desc,
                         activation_desc != nullptr && activation_desc->set,
                         "activation_desc", &status) ||
      !usable(api, x_desc, x, "x", &status) ||
      !usable(api, y_desc, y, "y", &status)) {
    return status;
  }
  if (!is_dnn_type(x_desc->dtype)) {
    return fail(api, CNNL_STATUS_NOT_SUPPORTED,
                "x is not float, half or bfloat16");
  }
  if (y_desc->dtype != x_desc->dtype || y_desc->dims != x_desc->dims) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "x and y differ in data type or shape");
  }
  // Each mode as one or two oneDNN element-wise steps.
  struct Step {
    dnnl::algorithm algo;
    float alpha, beta;
  };
  Step steps[2] = {};
  int step_count = 1;
  const cnnlActivationStruct& d = *activation_desc;
  using A = dnnl::algorithm;
  switch (d.mode) {
    case CNNL_ACTIVATION_RELU:
      steps[0] = {A::eltwise_relu, 0, 0};
      break;
    case CNNL_ACTIVATION_LEAKYRELU:
      steps[0] = {A::eltwise_relu, d.coef, 0};
      break;
    case CNNL_ACTIVATION_RELU6:
      steps[0] = {A::eltwise_clip, 0, 6};
      break;
    case CNNL_ACTIVATION_SIGMOID:
      steps[0] = {A::eltwise_logistic, 0, 0};
      break;
    case CNNL_ACTIVATION_TANH:
      steps[0] = {A::eltwise_tanh, 0, 0};
      break;
    case CNNL_ACTIVATION_ELU:
      steps[0] = {A::eltwise_elu, d.coef, 0};
      break;
    case CNNL_ACTIVATION_SELU:
      steps[0] = {A::eltwise_elu, d.gamma, 0};
      steps[1] = {A::eltwise_linear, d.scale, 0};
      step_count = 2;
      break;
    case CNNL_ACTIVATION_GELU:
      steps[0] = {d.approximate ? A::eltwise_gelu_tanh : A::eltwise_gelu_erf, 0,
                  0};
      break;
    case CNNL_ACTIVATION_SILU:
      steps[0] = {A::eltwise_swish, 1, 0};
      break;
    case CNNL_ACTIVATION_HARDSWISH:
      steps[0] = {A::eltwise_hardswish, 0, 0};
      break;
    case CNNL_ACTIVATION_HARDSIGMOID:
      steps[0] = {A::eltwise_linear, d.gamma, d.scale};
      steps[1] = {A::eltwise_clip, 0, 1};
      step_count = 2;
      break;
    case CNNL_ACTIVATION_IDENTITY:
      steps[0] = {A::eltwise_linear, 1, 0};
      break;
    default:
      return fail(api, CNNL_STATUS_NOT_SUPPORTED,
                  "this activation mode is not supported");
  }
  const int64_t n = element_count(*x_desc);
  if (n == 0) return CNNL_STATUS_SUCCESS;
  const float a = host_scalar(alpha, 1.0f), b = host_scalar(beta, 0.0f);
  FloatView xv(*x_desc, x);
  FloatOut yo(*y_desc, y, a, b);
  try {
    const memory::desc md({n}, memory::data_type::f32, tag::a);
    dnnl::stream& stream = cpu_stream();
    const float* from = xv.data();
    for (int i = 0; i < step_count; ++i) {
      const Step& step = steps[i];
      dnnl::eltwise_forward::desc desc(dnnl::prop_kind::forward_inference,
                                       step.algo, md, step.alpha, step.beta);
      dnnl::eltwise_forward::primitive_desc pd(desc, cpu_engine());
      dnnl::eltwise_forward(pd).execute(
          stream,
          {{DNNL_ARG_SRC, memory(md, cpu_engine(), const_cast<float*>(from))},
           {DNNL_ARG_DST, memory(md, cpu_engine(), yo.data())}});
      from = yo.data();
    }
    stream.wait();
  } catch (const dnnl::error& e) {
    dnn_failed(api, e, &status);
    return status;
  }
  yo.finish();
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlActivationBackward(
    cnnlHandle_t handle, const cnnlActivationDescriptor_t activation_desc,
    const void* alpha, const cnnlTensorDescriptor_t y_desc, const void* y,
    const cnnlTensorDescriptor_t diff_y_desc, const void* diff_y,
    const cnnlTensorDescriptor_t x_desc, const void* x, const void* beta,
    const cnnlTensorDescriptor_t diff_x_desc, void* diff_x) {
  const char* api = "cnnlActivationBackward";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!check_handle_desc(api, handle, activation_desc,
                         activation_desc != nullptr && activation_desc->set,
                         "activation_desc", &status) ||
      !usable(api, diff_y_desc, diff_y, "diff_y", &status) ||
      !usable(api, diff_x_desc, diff_x, "diff_x", &status)) {
    return status;
  }
  // From x when given, else from the forward output y.
  const bool from_x = x_desc != nullptr;
  const cnnlTensorDescriptor_t data_desc = from_x ? x_desc : y_desc;
  const void* data = from_x ? x : y;
  if (!usable(api, data_desc, data, from_x ? "x" : "y", &status)) {
    return status;
  }
  const cnnlDataType_t dtype = diff_y_desc->dtype;
  if (!is_dnn_type(dtype)) {
    return fail(api, CNNL_STATUS_NOT_SUPPORTED,
                "diff_y is not float, half or bfloat16");
  }
  if (data_desc->dtype != dtype || diff_x_desc->dtype != dtype ||
      data_desc->dims != diff_y_desc->dims ||
      diff_x_desc->dims != diff_y_desc->dims) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "the tensors differ in data type or shape");
  }
  const cnnlActivationStruct& d = *activation_desc;
  using A = dnnl::algorithm;
  A algo = A::eltwise_relu;
  float ea = 0, eb = 0;
  bool known = true;
  switch (d.mode) {
    case CNNL_ACTIVATION_RELU:
      algo = from_x ? A::eltwise_relu : A::eltwise_relu_use_dst_for_bwd;
      break;
    case CNNL_ACTIVATION_LEAKYRELU:
      algo = from_x ? A::eltwise_relu : A::eltwise_relu_use_dst_for_bwd;
      ea = d.coef;
      known = from_x || d.coef >= 0;
      break;
    case CNNL_ACTIVATION_SIGMOID:
      algo = from_x ? A::eltwise_logistic : A::eltwise_logistic_use_dst_for_bwd;
      break;
    case CNNL_ACTIVATION_TANH:
      algo = from_x ? A::eltwise_tanh : A::eltwise_tanh_use_dst_for_bwd;
      break;
    case CNNL_ACTIVATION_ELU:
      algo = from_x ? A::eltwise_elu : A::eltwise_elu_use_dst_for_bwd;
      ea = d.coef;
      break;
    case CNNL_ACTIVATION_RELU6:
      algo = A::eltwise_clip;
      eb = 6;
      known = from_x;
      break;
    case CNNL_ACTIVATION_GELU:
      algo = d.approximate ? A::eltwise_gelu_tanh : A::eltwise_gelu_erf;
      known = from_x;
      break;
    case CNNL_ACTIVATION_SILU:
      algo = A::eltwise_swish;
      ea = 1;
      known = from_x;
      break;
    case CNNL_ACTIVATION_HARDSWISH:
      algo = A::eltwise_hardswish;
      known = from_x;
      break;
    default:
      known = false;
  }
  if (!known) {
    return fail(api, CNNL_STATUS_NOT_SUPPORTED,
                from_x ? "this activation mode's gradient is not supported"
                       : "this activation mode's gradient needs x");
  }
  const int64_t n = element_count(*diff_y_desc);
  if (n == 0) return CNNL_STATUS_SUCCESS;
  FloatView dv(*data_desc, data), dyv(*diff_y_desc, diff_y);
  FloatOut dxo(*diff_x_desc, diff_x, host_scalar(alpha, 1.0f),
               host_scalar(beta, 0.0f));
  try {
    const memory::desc md({n}, memory::data_type::f32, tag::a);
    const dnnl::eltwise_forward::primitive_desc hint(
        dnnl::eltwise_forward::desc(dnnl::prop_kind::forward_training, algo, md,
                                    ea, eb),
        cpu_engine());
    const dnnl::eltwise_backward::primitive_desc pd(
        dnnl::eltwise_backward::desc(algo, md, md, ea, eb), cpu_engine(), hint);
    dnnl::stream& stream = cpu_stream();
    dnnl::eltwise_backward(pd).execute(
        stream, {{from_x ? DNNL_ARG_SRC : DNNL_ARG_DST,
                  memory(md, cpu_engine(), dv.data())},
                 {DNNL_ARG_DIFF_DST, memory(md, cpu_engine(), dyv.data())},
                 {DNNL_ARG_DIFF_SRC, memory(md, cpu_engine(), dxo.data())}});
    stream.wait();
  } catch (const dnnl::error& e) {
    dnn_failed(api, e, &status);
    return status;
  }
  dxo.finish();
  return CNNL_STATUS_SUCCESS;
}

// ---- Softmax ----

cnnlStatus_t cnnlSoftmaxForward_v2(
    cnnlHandle_t handle, cnnlSoftmaxAlgorithm_t algorithm,
    cnnlSoftmaxMode_t mode, cnnlComputationPreference_t /*prefer*/,
    const void* alpha, const cnnlTensorDescriptor_t x_desc, const void* x,
    const void* beta, const cnnlTensorDescriptor_t y_desc, void* y) {
  const char* api = "cnnlSoftmaxForward";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!handle_ok(api, handle, &status) ||
      !usable(api, x_desc, x, "x", &status) ||
      !usable(api, y_desc, y, "y", &status)) {
    return status;
  }
  int axis = 0;
  if (!softmax_axis(api, algorithm, mode, *x_desc, *y_desc, &axis, &status)) {
    return status;
  }
  if (element_count(*x_desc) == 0) return CNNL_STATUS_SUCCESS;
  const float a = host_scalar(alpha, 1.0f), b = host_scalar(beta, 0.0f);
  FloatView xv(*x_desc, x);
  FloatOut yo(*y_desc, y, a, b);
  try {
    const memory::desc md = dense_md(x_desc->dims);
    dnnl::softmax_v2_forward::desc desc(dnnl::prop_kind::forward_inference,
                                        algorithm == CNNL_SOFTMAX_LOG
                                            ? dnnl::algorithm::softmax_log
                                            : dnnl::algorithm::softmax_accurate,
                                        md, md, axis);
    dnnl::softmax_v2_forward::primitive_desc pd(desc, cpu_engine());
    dnnl::stream& stream = cpu_stream();
    dnnl::softmax_v2_forward(pd).execute(
        stream, {{DNNL_ARG_SRC, memory(md, cpu_engine(), xv.data())},
                 {DNNL_ARG_DST, memory(md, cpu_engine(), yo.data())}});
    stream.wait();
  } catch (const dnnl::error& e) {
    dnn_failed(api, e, &status);
    return status;
  }
  yo.finish();
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlSoftmaxBackward(
    cnnlHandle_t handle, cnnlSoftmaxAlgorithm_t algorithm,
    cnnlSoftmaxMode_t mode, const void* alpha,
    const cnnlTensorDescriptor_t y_desc, const void* y,
    const cnnlTensorDescriptor_t diff_y_desc, const void* diff_y,
    const void* beta, const cnnlTensorDescriptor_t diff_x_desc, void* diff_x) {
  const char* api = "cnnlSoftmaxBackward";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!handle_ok(api, handle, &status) ||
      !usable(api, y_desc, y, "y", &status) ||
      !usable(api, diff_y_desc, diff_y, "diff_y", &status) ||
      !usable(api, diff_x_desc, diff_x, "diff_x", &status)) {
    return status;
  }
  int axis = 0;
  if (!softmax_axis(api, algorithm, mode, *y_desc, *diff_x_desc, &axis,
                    &status)) {
    return status;
  }
  if (diff_y_desc->dtype != y_desc->dtype ||
      diff_y_desc->dims != y_desc->dims) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "y and diff_y differ in data type or shape");
  }
  if (element_count(*y_desc) == 0) return CNNL_STATUS_SUCCESS;
  FloatView yv(*y_desc, y), dyv(*diff_y_desc, diff_y);
  FloatOut dxo(*diff_x_desc, diff_x, host_scalar(alpha, 1.0f),
               host_scalar(beta, 0.0f));
  try {
    const memory::desc md = dense_md(y_desc->dims);
    const dnnl::algorithm algo = algorithm == CNNL_SOFTMAX_LOG
                                     ? dnnl::algorithm::softmax_log
                                     : dnnl::algorithm::softmax_accurate;
    dnnl::softmax_v2_forward::primitive_desc hint(
        dnnl::softmax_v2_forward::desc(dnnl::prop_kind::forward_training, algo,
                                       md, md, axis),
        cpu_engine());
    dnnl::softmax_v2_backward::primitive_desc pd(
        dnnl::softmax_v2_backward::desc(algo, md, md, md, axis), cpu_engine(),
        hint);
    dnnl::stream& stream = cpu_stream();
    dnnl::softmax_v2_backward(pd).execute(
        stream, {{DNNL_ARG_DST, memory(md, cpu_engine(), yv.data())},
                 {DNNL_ARG_DIFF_DST, memory(md, cpu_engine(), dyv.data())},
                 {DNNL_ARG_DIFF_SRC, memory(md, cpu_engine(), dxo.data())}});
    stream.wait();
  } catch (const dnnl::error& e) {
    dnn_failed(api, e, &status);
    return status;
  }
  dxo.finish();
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlSoftmaxForward(cnnlHandle_t handle,
                                cnnlSoftmaxAlgorithm_t algorithm,
                                cnnlSoftmaxMode_t mode, const void* alpha,
                                const cnnlTensorDescriptor_t x_desc,
                                const void* x, const void* beta,
                                const cnnlTensorDescriptor_t y_desc, void* y) {
  return cnnlSoftmaxForward_v2(handle, algorithm, mode,
                               CNNL_COMPUTATION_HIGH_PRECISION, alpha, x_desc,
                               x, beta, y_desc, y);
}

}  // extern "C"

// Col2Im (PyTorch's fold): the columns [N, C x kh x kw, oh x ow] of an
// NCHW image summed back into it, the window from w_desc's last two
// dimensions and padding, stride and dilation from conv_desc.
extern "C" {

cnnlStatus_t cnnlGetCol2ImWorkspaceSize(cnnlHandle_t handle,
                                        const cnnlTensorDescriptor_t col_desc,
                                        const cnnlTensorDescriptor_t w_desc,
                                        const cnnlTensorDescriptor_t y_desc,
                                        size_t* workspace_size) {
  return zero_workspace_query(
      "cnnlGetCol2ImWorkspaceSize", handle,
      col_desc != nullptr && w_desc != nullptr ? y_desc : nullptr,
      workspace_size);
}

cnnlStatus_t cnnlCol2Im(cnnlHandle_t handle,
                        const cnnlTensorDescriptor_t col_desc, const void* col,
                        const cnnlTensorDescriptor_t w_desc,
                        const cnnlConvolutionDescriptor_t conv_desc,
                        void* workspace, size_t workspace_size,
                        const cnnlTensorDescriptor_t y_desc, void* y) {
  const char* api = "cnnlCol2Im";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!handle_ok(api, handle, &status) ||
      !usable(api, col_desc, col, "col", &status) ||
      !usable(api, y_desc, y, "y", &status) ||
      !workspace_ok(api, workspace, workspace_size, &status)) {
    return status;
  }
  if (w_desc == nullptr || !w_desc->set || w_desc->dims.size() != 4) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "w_desc is not a set 4-D tensor");
  }
  if (conv_desc == nullptr || !conv_desc->set) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "conv_desc is NULL or not set");
  }
  const cnnlDataType_t dtype = y_desc->dtype;
  if (!is_float_type(dtype)) {
    return fail(api, CNNL_STATUS_NOT_SUPPORTED, "y is not of a float type");
  }
  if (col_desc->dtype != dtype) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "col and y differ in data type");
  }
  if (y_desc->layout == CNNL_LAYOUT_NHWC) {
    return fail(api, CNNL_STATUS_NOT_SUPPORTED, "y is NHWC (NCHW only)");
  }
  if (y_desc->dims.size() != 4 || col_desc->dims.size() != 3) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "y is not 4-D or col not 3-D");
  }
  const cnnlConvolutionStruct& cv = *conv_desc;
  const int64_t n = y_desc->dims[0], c = y_desc->dims[1], h = y_desc->dims[2],
                w = y_desc->dims[3];
  const int64_t kh = w_desc->dims[2], kw = w_desc->dims[3];
  const int64_t oh =
      (h + cv.pad[0] + cv.pad[1] - cv.dilation[0] * (kh - 1) - 1) /
          cv.stride[0] +
      1;
  const int64_t ow =
      (w + cv.pad[2] + cv.pad[3] - cv.dilation[1] * (kw - 1) - 1) /
          cv.stride[1] +
      1;
  if (kh < 1 || kw < 1 || oh < 1 || ow < 1 || col_desc->dims[0] != n ||
      col_desc->dims[1] != c * kh * kw || col_desc->dims[2] != oh * ow) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "col is not [N, C x kh x kw, oh x ow] of y and the window");
  }
  const std::vector<double> columns = read_reals(*col_desc, col);
  std::vector<double> image(size_t(element_count(*y_desc)), 0.0);
  for (int64_t b = 0; b < n; ++b) {
    for (int64_t ch = 0; ch < c; ++ch) {
      for (int64_t ki = 0; ki < kh; ++ki) {
        for (int64_t kj = 0; kj < kw; ++kj) {
          const int64_t row = (ch * kh + ki) * kw + kj;
          for (int64_t oy = 0; oy < oh; ++oy) {
            const int64_t iy =
                oy * cv.stride[0] - cv.pad[0] + ki * cv.dilation[0];
            if (iy < 0 || iy >= h) continue;
            for (int64_t ox = 0; ox < ow; ++ox) {
              const int64_t ix =
                  ox * cv.stride[1] - cv.pad[2] + kj * cv.dilation[1];
              if (ix < 0 || ix >= w) continue;
              image[size_t(((b * c + ch) * h + iy) * w + ix)] += columns[size_t(
                  (b * c * kh * kw + row) * oh * ow + oy * ow + ox)];
            }
          }
        }
      }
    }
  }
  write_reals(*y_desc, y, image);
  return CNNL_STATUS_SUCCESS;
}

}  // extern "C"
