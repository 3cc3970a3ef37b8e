// CNNL's DCN functions on the emulated device (cnnl.h): modulated
// deformable convolution (DCNv2) as mmcv's modulated_deform_conv computes
// it, which CNNL implements and mlu-ops' CPU reference repeats: each kernel
// point samples the input bilinearly at its offset position (neighbours
// outside the image count as zero, positions at or beyond one pixel outside
// sample nothing), scaled by the mask, then a grouped convolution with the
// filter. The backward functions are the exact derivatives of that.
// Computed in double, one output pixel at a time.
#include <cnnl.h>

#include <cmath>
#include <new>
#include <vector>

#include "cnnl_vision_internal.h"

struct cnnlDCNStruct {
  bool set = false;
  int pad[4] = {0, 0, 0, 0};  // top, bottom, left, right
  int stride[2] = {1, 1};
  int dilation[2] = {1, 1};
  int deformable_group = 1;
  int conv_group = 1;
  int im2col_step = 1;
};

namespace {

using namespace xbang::cnnl_vision;

// Sizes of one deformable convolution.
struct Geometry {
  int64_t n, hi, wi, ci, ho, wo, co, kh, kw, dg, g;
  const cnnlDCNStruct* d;
  int64_t points() const { return kh * kw; }
  int64_t ci_per_dg() const { return ci / dg; }
  int64_t ci_per_g() const { return ci / g; }
  int64_t co_per_g() const { return co / g; }
};

bool check(bool ok, const char* api, const char* why, cnnlStatus_t* status) {
  if (!ok) *status = fail(api, CNNL_STATUS_BAD_PARAM, why);
  return ok;
}

// Validates the tensors of one call against the descriptor. `kernel` is the
// filter or grad_filter tensor, `pixels` the output or grad_output tensor.
bool geometry(const char* api, const cnnlDCNStruct* d, const Tensor& in,
              const Tensor& offset, const Tensor* mask, const Tensor& kernel,
              const Tensor& pixels, Geometry* geo, cnnlStatus_t* status) {
  if (!check(d != nullptr && d->set, api, "dcn_desc is NULL or was never set",
             status) ||
      !check(in.rank() == 4 && is_float_or_half(in.dtype), api,
             "input is not a 4-D float or half tensor", status) ||
      !check(offset.rank() == 4 && kernel.rank() == 4 && pixels.rank() == 4 &&
                 (mask == nullptr || mask->rank() == 4),
             api, "offset, mask, filter and output are not 4-D", status) ||
      !check(offset.dtype == in.dtype && kernel.dtype == in.dtype &&
                 pixels.dtype == in.dtype &&
                 (mask == nullptr || mask->dtype == in.dtype),
             api, "the tensors differ in data type", status)) {
    return false;
  }
  Geometry g{in.dim(0),     in.dim(1),           in.dim(2),     in.dim(3),
             pixels.dim(1), pixels.dim(2),       kernel.dim(0), kernel.dim(1),
             kernel.dim(2), d->deformable_group, d->conv_group, d};
  const int64_t span_h = int64_t(d->dilation[0]) * (g.kh - 1) + 1;
  const int64_t span_w = int64_t(d->dilation[1]) * (g.kw - 1) + 1;
  const int64_t ho = (g.hi + d->pad[0] + d->pad[1] - span_h) / d->stride[0] + 1;
  const int64_t wo = (g.wi + d->pad[2] + d->pad[3] - span_w) / d->stride[1] + 1;
  if (!check(g.ci % g.dg == 0 && g.ci % g.g == 0 && g.co % g.g == 0, api,
             "input channels are not divisible by deformable_group and "
             "conv_group, or output channels by conv_group",
             status) ||
      !check(kernel.dim(3) == g.ci / g.g && g.kh > 0 && g.kw > 0, api,
             "filter is not [Co, kh, kw, Ci / conv_group]", status) ||
      !check(g.n % d->im2col_step == 0, api,
             "the batch is not divisible by im2col_step", status) ||
      !check(ho > 0 && wo > 0 && pixels.dim(0) == g.n && pixels.dim(1) == ho &&
                 pixels.dim(2) == wo && pixels.dim(3) == g.co,
             api, "output is not [N, Ho, Wo, Co] of the convolution's geometry",
             status) ||
      !check(offset.dims ==
                 std::vector<int64_t>{g.n, ho, wo, g.dg * g.points() * 2},
             api, "offset is not [N, Ho, Wo, dg * kh * kw * 2]", status) ||
      !check(mask == nullptr ||
                 mask->dims ==
                     std::vector<int64_t>{g.n, ho, wo, g.dg * g.points()},
             api, "mask is not [N, Ho, Wo, dg * kh * kw]", status)) {
    return false;
  }
  *geo = g;
  return true;
}

// Where one kernel point of one output pixel samples, and its mask.
struct Point {
  bool inside;
  double h, w, m;
};

Point point(const Geometry& g, const std::vector<double>& offset,
            const std::vector<double>& mask, int64_t n, int64_t oh, int64_t ow,
            int64_t k, int64_t group) {
  const int64_t pixel = (n * g.ho + oh) * g.wo + ow;
  const int64_t at = group * g.points() + k;
  const double dy = offset[size_t((pixel * g.dg * g.points() + at) * 2)];
  const double dx = offset[size_t((pixel * g.dg * g.points() + at) * 2 + 1)];
  Point p;
  p.h = double(oh * g.d->stride[0] - g.d->pad[0] +
               (k / g.kw) * g.d->dilation[0]) +
        dy;
  p.w = double(ow * g.d->stride[1] - g.d->pad[2] +
               (k % g.kw) * g.d->dilation[1]) +
        dx;
  p.m = mask.empty() ? 1.0 : mask[size_t(pixel * g.dg * g.points() + at)];
  p.inside =
      p.h > -1.0 && p.w > -1.0 && p.h < double(g.hi) && p.w < double(g.wi);
  return p;
}

// The four bilinear neighbours of a point: plane offsets (-1 outside the
// image), weights and their derivatives along h and w.
struct Neighbours {
  int64_t at[4];
  double w[4], dh[4], dw[4];
};

Neighbours neighbours(const Geometry& g, double h, double w) {
  const double h0 = std::floor(h), w0 = std::floor(w);
  const double lh = h - h0, lw = w - w0, hh = 1.0 - lh, hw = 1.0 - lw;
  Neighbours nb;
  const int64_t ys[4] = {int64_t(h0), int64_t(h0), int64_t(h0) + 1,
                         int64_t(h0) + 1};
  const int64_t xs[4] = {int64_t(w0), int64_t(w0) + 1, int64_t(w0),
                         int64_t(w0) + 1};
  const double weights[4] = {hh * hw, hh * lw, lh * hw, lh * lw};
  const double by_h[4] = {-hw, -lw, hw, lw};
  const double by_w[4] = {-hh, hh, -lh, lh};
  for (int i = 0; i < 4; ++i) {
    const bool in = ys[i] >= 0 && ys[i] < g.hi && xs[i] >= 0 && xs[i] < g.wi;
    nb.at[i] = in ? ys[i] * g.wi + xs[i] : -1;
    nb.w[i] = weights[i];
    nb.dh[i] = by_h[i];
    nb.dw[i] = by_w[i];
  }
  return nb;
}

// The masked samples of one output pixel: col[k * Ci + c].
void columns(const Geometry& g, const std::vector<double>& input,
             const std::vector<double>& offset, const std::vector<double>& mask,
             int64_t n, int64_t oh, int64_t ow, std::vector<double>* col) {
  col->assign(size_t(g.points() * g.ci), 0.0);
  const double* image = input.data() + n * g.hi * g.wi * g.ci;
  for (int64_t group = 0; group < g.dg; ++group) {
    for (int64_t k = 0; k < g.points(); ++k) {
      const Point p = point(g, offset, mask, n, oh, ow, k, group);
      if (!p.inside) continue;
      const Neighbours nb = neighbours(g, p.h, p.w);
      for (int64_t c = group * g.ci_per_dg(); c < (group + 1) * g.ci_per_dg();
           ++c) {
        double v = 0;
        for (int i = 0; i < 4; ++i) {
          if (nb.at[i] >= 0) v += nb.w[i] * image[nb.at[i] * g.ci + c];
        }
        (*col)[size_t(k * g.ci + c)] = v * p.m;
      }
    }
  }
}

// Reads the optional mask; true when absent or valid.
bool optional_mask(const char* api, cnnlTensorDescriptor_t desc,
                   const void* data, Tensor* t, bool* present,
                   cnnlStatus_t* status) {
  *present = desc != nullptr || data != nullptr;
  if (!*present) return true;
  return describe(api, desc, data, "mask", t, status) &&
         check(data != nullptr, api, "mask_desc is given but mask is NULL",
               status);
}

cnnlStatus_t zero_workspace(const char* api, cnnlHandle_t handle,
                            cnnlDCNDescriptor_t d, size_t* size) {
  if (handle == nullptr || d == nullptr || size == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "handle, dcn_desc or the size output is NULL");
  }
  *size = 0;
  return CNNL_STATUS_SUCCESS;
}

}  // namespace

extern "C" {

cnnlStatus_t cnnlCreateDCNDescriptor(cnnlDCNDescriptor_t* dcn_desc) {
  return xbang::cnnl_vision::create("cnnlCreateDCNDescriptor", dcn_desc);
}

cnnlStatus_t cnnlDestroyDCNDescriptor(cnnlDCNDescriptor_t dcn_desc) {
  return xbang::cnnl_vision::destroy("cnnlDestroyDCNDescriptor", dcn_desc);
}

cnnlStatus_t cnnlSetDCNDescriptor(cnnlDCNDescriptor_t dcn_desc, int dimNb,
                                  const int pad[], const int stride[],
                                  const int dilation[], int deformable_group,
                                  int conv_group, int im2col_step,
                                  const cnnlDataType_t compute_type) {
  const char* api = "cnnlSetDCNDescriptor";
  if (dcn_desc == nullptr || pad == nullptr || stride == nullptr ||
      dilation == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "dcn_desc, pad, stride or dilation is NULL");
  }
  if (dimNb != 4) return fail(api, CNNL_STATUS_BAD_PARAM, "dimNb is not 4");
  for (int i = 0; i < 4; ++i) {
    if (pad[i] < 0) return fail(api, CNNL_STATUS_BAD_PARAM, "a pad is < 0");
  }
  for (int i = 0; i < 2; ++i) {
    if (stride[i] < 1 || dilation[i] < 1) {
      return fail(api, CNNL_STATUS_BAD_PARAM, "a stride or dilation is < 1");
    }
  }
  if (deformable_group < 1 || conv_group < 1 || im2col_step < 1) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "deformable_group, conv_group or im2col_step is < 1");
  }
  if (compute_type != CNNL_DTYPE_FLOAT) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "compute_type is not float");
  }
  dcn_desc->set = true;
  for (int i = 0; i < 4; ++i) dcn_desc->pad[i] = pad[i];
  for (int i = 0; i < 2; ++i) {
    dcn_desc->stride[i] = stride[i];
    dcn_desc->dilation[i] = dilation[i];
  }
  dcn_desc->deformable_group = deformable_group;
  dcn_desc->conv_group = conv_group;
  dcn_desc->im2col_step = im2col_step;
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlGetDCNForwardWorkspaceSize(
    cnnlHandle_t handle, const cnnlDCNDescriptor_t dcn_desc,
    const cnnlTensorDescriptor_t, const cnnlTensorDescriptor_t,
    const cnnlTensorDescriptor_t, const cnnlTensorDescriptor_t,
    const cnnlTensorDescriptor_t, const cnnlTensorDescriptor_t, size_t* size) {
  return zero_workspace("cnnlGetDCNForwardWorkspaceSize", handle, dcn_desc,
                        size);
}

cnnlStatus_t cnnlGetDCNBakcwardDataWorkspaceSize(
    cnnlHandle_t handle, const cnnlDCNDescriptor_t dcn_desc,
    const cnnlTensorDescriptor_t, const cnnlTensorDescriptor_t,
    const cnnlTensorDescriptor_t, const cnnlTensorDescriptor_t,
    const cnnlTensorDescriptor_t, const cnnlTensorDescriptor_t,
    const cnnlTensorDescriptor_t, const cnnlTensorDescriptor_t,
    size_t* workspace_size) {
  return zero_workspace("cnnlGetDCNBakcwardDataWorkspaceSize", handle, dcn_desc,
                        workspace_size);
}

cnnlStatus_t cnnlGetDCNBackwardWeightWorkspaceSize(
    cnnlHandle_t handle, const cnnlDCNDescriptor_t dcn_desc,
    const cnnlTensorDescriptor_t, const cnnlTensorDescriptor_t,
    const cnnlTensorDescriptor_t, const cnnlTensorDescriptor_t,
    const cnnlTensorDescriptor_t, const cnnlTensorDescriptor_t, size_t* size) {
  return zero_workspace("cnnlGetDCNBackwardWeightWorkspaceSize", handle,
                        dcn_desc, size);
}

cnnlStatus_t cnnlDCNForward(
    cnnlHandle_t handle, const cnnlDCNDescriptor_t dcn_desc,
    const cnnlTensorDescriptor_t input_desc, const void* input,
    const cnnlTensorDescriptor_t offset_desc, const void* offset,
    const cnnlTensorDescriptor_t mask_desc, const void* mask,
    const cnnlTensorDescriptor_t filter_desc, const void* filter,
    const cnnlTensorDescriptor_t bias_desc, const void* bias,
    void* /*workspace*/, size_t /*workspace_size*/,
    const cnnlTensorDescriptor_t output_desc, void* output) {
  const char* api = "cnnlDCNForward";
  if (handle == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "handle is NULL");
  }
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  Tensor in_t, off_t, mask_t, filter_t, bias_t, out_t;
  bool has_mask = false;
  Geometry g;
  if (!describe(api, input_desc, input, "input", &in_t, &status) ||
      !describe(api, offset_desc, offset, "offset", &off_t, &status) ||
      !optional_mask(api, mask_desc, mask, &mask_t, &has_mask, &status) ||
      !describe(api, filter_desc, filter, "filter", &filter_t, &status) ||
      !describe(api, output_desc, output, "output", &out_t, &status) ||
      !geometry(api, dcn_desc, in_t, off_t, has_mask ? &mask_t : nullptr,
                filter_t, out_t, &g, &status)) {
    return status;
  }
  std::vector<double> b(size_t(g.co), 0.0);
  if (bias_desc != nullptr || bias != nullptr) {
    if (!describe(api, bias_desc, bias, "bias", &bias_t, &status) ||
        !check(bias != nullptr && bias_t.rank() == 1 && bias_t.dim(0) == g.co &&
                   bias_t.dtype == in_t.dtype,
               api, "bias is not a [Co] tensor of the input's data type",
               &status)) {
      return status;
    }
    b = read(bias_t, bias);
  }
  const std::vector<double> xs = read(in_t, input), offs = read(off_t, offset),
                            ms = has_mask ? read(mask_t, mask)
                                          : std::vector<double>(),
                            ws = read(filter_t, filter);
  std::vector<double> out(size_t(out_t.count()));
  std::vector<double> col;
  const int64_t cpg = g.ci_per_g(), opg = g.co_per_g();
  for (int64_t n = 0; n < g.n; ++n) {
    for (int64_t oh = 0; oh < g.ho; ++oh) {
      for (int64_t ow = 0; ow < g.wo; ++ow) {
        columns(g, xs, offs, ms, n, oh, ow, &col);
        const int64_t pixel = (n * g.ho + oh) * g.wo + ow;
        for (int64_t o = 0; o < g.co; ++o) {
          const int64_t base = (o / opg) * cpg;
          double sum = b[size_t(o)];
          for (int64_t k = 0; k < g.points(); ++k) {
            const double* wrow = ws.data() + (o * g.points() + k) * cpg;
            const double* crow = col.data() + k * g.ci + base;
            for (int64_t c = 0; c < cpg; ++c) sum += wrow[c] * crow[c];
          }
          out[size_t(pixel * g.co + o)] = sum;
        }
      }
    }
  }
  write(out_t, output, out);
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlDCNBackwardData(
    cnnlHandle_t handle, const cnnlDCNDescriptor_t dcn_desc,
    const cnnlTensorDescriptor_t input_desc, const void* input,
    const cnnlTensorDescriptor_t offset_desc, const void* offset,
    const cnnlTensorDescriptor_t mask_desc, const void* mask,
    const cnnlTensorDescriptor_t filter_desc, const void* filter,
    const cnnlTensorDescriptor_t grad_output_desc, const void* grad_output,
    void* /*workspace*/, size_t /*workspace_size*/,
    const cnnlTensorDescriptor_t grad_input_desc, void* grad_input,
    const cnnlTensorDescriptor_t grad_offset_desc, void* grad_offset,
    const cnnlTensorDescriptor_t grad_mask_desc, void* grad_mask) {
  const char* api = "cnnlDCNBackwardData";
  if (handle == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "handle is NULL");
  }
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  Tensor in_t, off_t, mask_t, filter_t, gout_t, gin_t, goff_t, gmask_t;
  bool has_mask = false;
  Geometry g;
  if (!describe(api, input_desc, input, "input", &in_t, &status) ||
      !describe(api, offset_desc, offset, "offset", &off_t, &status) ||
      !optional_mask(api, mask_desc, mask, &mask_t, &has_mask, &status) ||
      !describe(api, filter_desc, filter, "filter", &filter_t, &status) ||
      !describe(api, grad_output_desc, grad_output, "grad_output", &gout_t,
                &status) ||
      !geometry(api, dcn_desc, in_t, off_t, has_mask ? &mask_t : nullptr,
                filter_t, gout_t, &g, &status) ||
      !describe(api, grad_input_desc, grad_input, "grad_input", &gin_t,
                &status) ||
      !describe(api, grad_offset_desc, grad_offset, "grad_offset", &goff_t,
                &status) ||
      !check(gin_t.dims == in_t.dims && gin_t.dtype == in_t.dtype &&
                 goff_t.dims == off_t.dims && goff_t.dtype == off_t.dtype,
             api,
             "grad_input or grad_offset differs from input or offset in shape "
             "or data type",
             &status)) {
    return status;
  }
  if (has_mask) {
    if (!describe(api, grad_mask_desc, grad_mask, "grad_mask", &gmask_t,
                  &status) ||
        !check(grad_mask != nullptr && gmask_t.dims == mask_t.dims &&
                   gmask_t.dtype == mask_t.dtype,
               api, "grad_mask is NULL or differs from mask", &status)) {
      return status;
    }
  }
  const std::vector<double> xs = read(in_t, input), offs = read(off_t, offset),
                            ms = has_mask ? read(mask_t, mask)
                                          : std::vector<double>(),
                            ws = read(filter_t, filter),
                            gs = read(gout_t, grad_output);
  std::vector<double> gin(size_t(gin_t.count()), 0.0),
      goff(size_t(goff_t.count()), 0.0),
      gmask(has_mask ? size_t(gmask_t.count()) : 0, 0.0);
  std::vector<double> gcol(size_t(g.points() * g.ci));
  const int64_t cpg = g.ci_per_g(), opg = g.co_per_g();
  for (int64_t n = 0; n < g.n; ++n) {
    const double* image = xs.data() + n * g.hi * g.wi * g.ci;
    double* gimage = gin.data() + n * g.hi * g.wi * g.ci;
    for (int64_t oh = 0; oh < g.ho; ++oh) {
      for (int64_t ow = 0; ow < g.wo; ++ow) {
        const int64_t pixel = (n * g.ho + oh) * g.wo + ow;
        // The gradient of each masked sample.
        std::fill(gcol.begin(), gcol.end(), 0.0);
        for (int64_t o = 0; o < g.co; ++o) {
          const double go = gs[size_t(pixel * g.co + o)];
          const int64_t base = (o / opg) * cpg;
          for (int64_t k = 0; k < g.points(); ++k) {
            const double* wrow = ws.data() + (o * g.points() + k) * cpg;
            double* grow = gcol.data() + k * g.ci + base;
            for (int64_t c = 0; c < cpg; ++c) grow[c] += go * wrow[c];
          }
        }
        for (int64_t group = 0; group < g.dg; ++group) {
          for (int64_t k = 0; k < g.points(); ++k) {
            const Point p = point(g, offs, ms, n, oh, ow, k, group);
            if (!p.inside) continue;
            const Neighbours nb = neighbours(g, p.h, p.w);
            double d_mask = 0, d_h = 0, d_w = 0;
            for (int64_t c = group * g.ci_per_dg();
                 c < (group + 1) * g.ci_per_dg(); ++c) {
              const double gc = gcol[size_t(k * g.ci + c)];
              double v = 0, vh = 0, vw = 0;
              for (int i = 0; i < 4; ++i) {
                if (nb.at[i] < 0) continue;
                const double x = image[nb.at[i] * g.ci + c];
                v += nb.w[i] * x;
                vh += nb.dh[i] * x;
                vw += nb.dw[i] * x;
                gimage[nb.at[i] * g.ci + c] += gc * p.m * nb.w[i];
              }
              d_mask += gc * v;
              d_h += gc * p.m * vh;
              d_w += gc * p.m * vw;
            }
            const int64_t at =
                pixel * g.dg * g.points() + group * g.points() + k;
            goff[size_t(at * 2)] = d_h;
            goff[size_t(at * 2 + 1)] = d_w;
            if (has_mask) gmask[size_t(at)] = d_mask;
          }
        }
      }
    }
  }
  write(gin_t, grad_input, gin);
  write(goff_t, grad_offset, goff);
  if (has_mask) write(gmask_t, grad_mask, gmask);
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlDCNBackwardWeight(
    cnnlHandle_t handle, const cnnlDCNDescriptor_t dcn_desc,
    const cnnlTensorDescriptor_t input_desc, const void* input,
    const cnnlTensorDescriptor_t offset_desc, const void* offset,
    const cnnlTensorDescriptor_t mask_desc, const void* mask,
    const cnnlTensorDescriptor_t grad_output_desc, const void* grad_output,
    void* /*workspace*/, size_t /*workspace_size*/,
    const cnnlTensorDescriptor_t grad_filter_desc, void* grad_filter,
    const cnnlTensorDescriptor_t grad_bias_desc, void* grad_bias) {
  const char* api = "cnnlDCNBackwardWeight";
  if (handle == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "handle is NULL");
  }
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  Tensor in_t, off_t, mask_t, gout_t, gfilter_t, gbias_t;
  bool has_mask = false;
  Geometry g;
  if (!describe(api, input_desc, input, "input", &in_t, &status) ||
      !describe(api, offset_desc, offset, "offset", &off_t, &status) ||
      !optional_mask(api, mask_desc, mask, &mask_t, &has_mask, &status) ||
      !describe(api, grad_output_desc, grad_output, "grad_output", &gout_t,
                &status) ||
      !describe(api, grad_filter_desc, grad_filter, "grad_filter", &gfilter_t,
                &status) ||
      !geometry(api, dcn_desc, in_t, off_t, has_mask ? &mask_t : nullptr,
                gfilter_t, gout_t, &g, &status)) {
    return status;
  }
  const bool has_bias = grad_bias_desc != nullptr || grad_bias != nullptr;
  if (has_bias &&
      (!describe(api, grad_bias_desc, grad_bias, "grad_bias", &gbias_t,
                 &status) ||
       !check(grad_bias != nullptr && gbias_t.rank() == 1 &&
                  gbias_t.dim(0) == g.co && gbias_t.dtype == in_t.dtype,
              api, "grad_bias is not a [Co] tensor of the input's data type",
              &status))) {
    return status;
  }
  const std::vector<double> xs = read(in_t, input), offs = read(off_t, offset),
                            ms = has_mask ? read(mask_t, mask)
                                          : std::vector<double>(),
                            gs = read(gout_t, grad_output);
  std::vector<double> gw(size_t(gfilter_t.count()), 0.0),
      gb(static_cast<size_t>(g.co), 0.0);
  std::vector<double> col;
  const int64_t cpg = g.ci_per_g(), opg = g.co_per_g();
  for (int64_t n = 0; n < g.n; ++n) {
    for (int64_t oh = 0; oh < g.ho; ++oh) {
      for (int64_t ow = 0; ow < g.wo; ++ow) {
        columns(g, xs, offs, ms, n, oh, ow, &col);
        const int64_t pixel = (n * g.ho + oh) * g.wo + ow;
        for (int64_t o = 0; o < g.co; ++o) {
          const double go = gs[size_t(pixel * g.co + o)];
          gb[size_t(o)] += go;
          const int64_t base = (o / opg) * cpg;
          for (int64_t k = 0; k < g.points(); ++k) {
            double* wrow = gw.data() + (o * g.points() + k) * cpg;
            const double* crow = col.data() + k * g.ci + base;
            for (int64_t c = 0; c < cpg; ++c) wrow[c] += go * crow[c];
          }
        }
      }
    }
  }
  write(gfilter_t, grad_filter, gw);
  if (has_bias) write(gbias_t, grad_bias, gb);
  return CNNL_STATUS_SUCCESS;
}

}  // extern "C"
