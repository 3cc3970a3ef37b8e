// Loads mlu-ops' operators (mlu_ops_library.h) from the library the build
// made of its sources (XBANG_BENCH_MLUOPS_LIBRARY): the one file that sees
// mlu-ops' own mlu_op.h, whose declarations type the entry points.
#include "mlu_ops_library.h"

#include <cnrt.h>
#include <dlfcn.h>

#include <memory>
#include <mutex>

#include "mlu_op.h"

namespace mlu_ops_library {

struct Library::Api {
  decltype(&::mluOpCreate) create;
  decltype(&::mluOpSetQueue) set_queue;
  decltype(&::mluOpGetErrorString) get_error_string;
  decltype(&::mluOpCreateTensorDescriptor) create_tensor_descriptor;
  decltype(&::mluOpSetTensorDescriptor) set_tensor_descriptor;
  decltype(&::mluOpDestroyTensorDescriptor) destroy_tensor_descriptor;
  decltype(&::mluOpPsRoiPoolForward) psroipool_forward;
  decltype(&::mluOpThreeInterpolateBackward) three_interpolate_backward;
  decltype(&::mluOpVoxelPoolingForward) voxel_pooling_forward;
  decltype(&::mluOpGetDynamicPointToVoxelBackwardWorkspaceSize)
      dynamic_point_to_voxel_backward_workspace_size;
  decltype(&::mluOpDynamicPointToVoxelBackward) dynamic_point_to_voxel_backward;

  mluOpHandle_t handle = nullptr;
  // dynamic_point_to_voxel_backward's workspace, grown on demand.
  mutable void *workspace = nullptr;
  mutable size_t workspace_bytes = 0;
};

namespace {

mluOpDataType_t to_mluop(DType dtype) {
  switch (dtype) {
    case DType::kFloat:
      return MLUOP_DTYPE_FLOAT;
    case DType::kHalf:
      return MLUOP_DTYPE_HALF;
    case DType::kInt32:
      return MLUOP_DTYPE_INT32;
  }
  return MLUOP_DTYPE_INVALID;
}

mluOpTensorLayout_t to_mluop(Layout layout) {
  return layout == Layout::kNhwc ? MLUOP_LAYOUT_NHWC : MLUOP_LAYOUT_ARRAY;
}

mluOpReduceMode_t to_mluop(ReduceMode mode) {
  switch (mode) {
    case ReduceMode::kSum:
      return MLUOP_REDUCE_DSUM;
    case ReduceMode::kMean:
      return MLUOP_REDUCE_DMEAN;
    case ReduceMode::kMax:
      return MLUOP_REDUCE_DMAX;
  }
  return MLUOP_REDUCE_DMAX;
}

// A descriptor of the loaded library for one call.
class Descriptor {
 public:
  Descriptor(const Library::Api &api, const Tensor &t) : api_(api) {
    api_.create_tensor_descriptor(&desc_);
    api_.set_tensor_descriptor(desc_, to_mluop(t.layout), to_mluop(t.dtype),
                               int(t.dims.size()), t.dims.data());
  }
  Descriptor(const Descriptor &) = delete;
  Descriptor &operator=(const Descriptor &) = delete;
  ~Descriptor() { api_.destroy_tensor_descriptor(desc_); }
  operator mluOpTensorDescriptor_t() const { return desc_; }  // NOLINT

 private:
  const Library::Api &api_;
  mluOpTensorDescriptor_t desc_ = nullptr;
};

template <class Fn>
bool bind(void *library, const char *name, Fn *fn, std::string *error) {
  *fn = reinterpret_cast<Fn>(dlsym(library, name));
  if (*fn == nullptr) *error = std::string("no symbol ") + name;
  return *fn != nullptr;
}

std::unique_ptr<Library::Api> load(std::string *error) {
  // RTLD_LOCAL: its mluOp* names stay out of the global scope, where
  // xbang's operators are.
  void *library = dlopen(XBANG_BENCH_MLUOPS_LIBRARY, RTLD_NOW | RTLD_LOCAL);
  if (library == nullptr) {
    *error = dlerror();
    return nullptr;
  }
  auto api = std::make_unique<Library::Api>();
  const bool bound =
      bind(library, "mluOpCreate", &api->create, error) &&
      bind(library, "mluOpSetQueue", &api->set_queue, error) &&
      bind(library, "mluOpGetErrorString", &api->get_error_string, error) &&
      bind(library, "mluOpCreateTensorDescriptor",
           &api->create_tensor_descriptor, error) &&
      bind(library, "mluOpSetTensorDescriptor", &api->set_tensor_descriptor,
           error) &&
      bind(library, "mluOpDestroyTensorDescriptor",
           &api->destroy_tensor_descriptor, error) &&
      bind(library, "mluOpPsRoiPoolForward", &api->psroipool_forward, error) &&
      bind(library, "mluOpThreeInterpolateBackward",
           &api->three_interpolate_backward, error) &&
      bind(library, "mluOpVoxelPoolingForward", &api->voxel_pooling_forward,
           error) &&
      bind(library, "mluOpGetDynamicPointToVoxelBackwardWorkspaceSize",
           &api->dynamic_point_to_voxel_backward_workspace_size, error) &&
      bind(library, "mluOpDynamicPointToVoxelBackward",
           &api->dynamic_point_to_voxel_backward, error);
  if (!bound) return nullptr;
  cnrtQueue_t queue = nullptr;
  if (cnrtQueueCreate(&queue) != cnrtSuccess ||
      api->create(&api->handle) != MLUOP_STATUS_SUCCESS ||
      api->set_queue(api->handle, queue) != MLUOP_STATUS_SUCCESS) {
    *error = "mluOpCreate or mluOpSetQueue failed";
    return nullptr;
  }
  // The library, the handle and its queue live as long as the process.
  return api;
}

}  // namespace

const Library *Library::get(std::string *error) {
  static std::string load_error;
  static const Library *library = [] {
    std::unique_ptr<Api> api = load(&load_error);
    return api ? new Library(api.release()) : nullptr;
  }();
  if (library == nullptr && error != nullptr) *error = load_error;
  return library;
}

int Library::psroipool_forward(int pooled_height, int pooled_width,
                               float spatial_scale, int group_size,
                               int output_dim, const Tensor &input,
                               const Tensor &rois, const Tensor &output,
                               const Tensor &mapping_channel) const {
  const Descriptor input_desc(*api_, input), rois_desc(*api_, rois),
      output_desc(*api_, output), mapping_desc(*api_, mapping_channel);
  return api_->psroipool_forward(
      api_->handle, pooled_height, pooled_width, spatial_scale, group_size,
      output_dim, input_desc, input.data, rois_desc, rois.data, output_desc,
      output.data, mapping_desc, mapping_channel.data);
}

int Library::three_interpolate_backward(const Tensor &grad_output,
                                        const Tensor &indices,
                                        const Tensor &weights,
                                        const Tensor &grad_features) const {
  const Descriptor grad_output_desc(*api_, grad_output),
      indices_desc(*api_, indices), weights_desc(*api_, weights),
      grad_features_desc(*api_, grad_features);
  return api_->three_interpolate_backward(
      api_->handle, grad_output_desc, grad_output.data, indices_desc,
      indices.data, weights_desc, weights.data, grad_features_desc,
      grad_features.data);
}

int Library::voxel_pooling_forward(int batch_size, int num_points,
                                   int num_channels, int num_voxel_x,
                                   int num_voxel_y, int num_voxel_z,
                                   const Tensor &geom_xyz,
                                   const Tensor &input_features,
                                   const Tensor &output_features,
                                   const Tensor &pos_memo) const {
  const Descriptor geom_xyz_desc(*api_, geom_xyz),
      input_features_desc(*api_, input_features),
      output_features_desc(*api_, output_features),
      pos_memo_desc(*api_, pos_memo);
  return api_->voxel_pooling_forward(
      api_->handle, batch_size, num_points, num_channels, num_voxel_x,
      num_voxel_y, num_voxel_z, geom_xyz_desc, geom_xyz.data,
      input_features_desc, input_features.data, output_features_desc,
      output_features.data, pos_memo_desc, pos_memo.data);
}

int Library::dynamic_point_to_voxel_backward(
    ReduceMode mode, const Tensor &grad_voxel_feats, const Tensor &feats,
    const Tensor &voxel_feats, const Tensor &point2voxel_map,
    const Tensor &voxel_points_count, const Tensor &voxel_num,
    const Tensor &grad_feats) const {
  const Descriptor grad_voxel_feats_desc(*api_, grad_voxel_feats),
      feats_desc(*api_, feats), voxel_feats_desc(*api_, voxel_feats),
      point2voxel_map_desc(*api_, point2voxel_map),
      voxel_points_count_desc(*api_, voxel_points_count),
      voxel_num_desc(*api_, voxel_num), grad_feats_desc(*api_, grad_feats);
  size_t workspace_size = 0;
  mluOpStatus_t status = api_->dynamic_point_to_voxel_backward_workspace_size(
      api_->handle, to_mluop(mode), grad_voxel_feats_desc, feats_desc,
      voxel_feats_desc, point2voxel_map_desc, voxel_points_count_desc,
      voxel_num_desc, &workspace_size);
  if (status != MLUOP_STATUS_SUCCESS) return status;
  if (workspace_size > api_->workspace_bytes) {
    if (api_->workspace != nullptr) cnrtFree(api_->workspace);
    api_->workspace = nullptr;
    api_->workspace_bytes = 0;
    if (cnrtMalloc(&api_->workspace, workspace_size) != cnrtSuccess) {
      return MLUOP_STATUS_ALLOC_FAILED;
    }
    api_->workspace_bytes = workspace_size;
  }
  return api_->dynamic_point_to_voxel_backward(
      api_->handle, to_mluop(mode), grad_voxel_feats_desc,
      grad_voxel_feats.data, feats_desc, feats.data, voxel_feats_desc,
      voxel_feats.data, point2voxel_map_desc, point2voxel_map.data,
      voxel_points_count_desc, voxel_points_count.data, voxel_num_desc,
      voxel_num.data, api_->workspace, workspace_size, grad_feats_desc,
      grad_feats.data);
}

std::string Library::error_string(int status) const {
  return api_->get_error_string(static_cast<mluOpStatus_t>(status));
}

}  // namespace mlu_ops_library
