// The comparison cases (real_kernel_cases.h): per operator, the device data of
// one case, xbang's operator through the runner its tests use, and mlu-ops'
// operator through the loaded library on the same inputs.
#include "real_kernel_cases.h"

#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "dynamic_scatter_backward_runner.h"
#include "metrics.h"
#include "mluop_objects.h"
#include "psroipool_forward_runner.h"
#include "three_interpolate_backward_device.h"
#include "three_interpolate_backward_reference.h"
#include "voxel_pooling_forward_runner.h"

namespace real_kernels {
namespace {

using mlu_ops_library::DType;
using mlu_ops_library::Layout;
using mlu_ops_library::Library;
using mlu_ops_library::Tensor;
using xbang_test::DeviceBuffer;

Accuracy failed(const Library &library, const char *api, int status) {
  return {std::string(api) + " failed: " + library.error_string(status), false};
}

// psroipool forward: outputs NHWC [rois, ph, pw, output_dim]; the design's
// criterion (diff1, diff2 <= 3e-3, mapping_channel exact).
class PsroipoolForward : public Comparison {
 public:
  PsroipoolForward(const Library &library, psroipool_data::Case c)
      : library_(library),
        case_(std::move(c)),
        own_(case_),
        output_(own_.output.bytes()),
        mapping_(own_.mapping.bytes()) {}

  int run_xbang() override {
    return psroipool_run::run_api(handle_, case_, own_);
  }
  int run_mlu_ops() override {
    const auto &s = case_.shape;
    const std::vector<int> out_dims = {s.rois_num, s.pooled_height,
                                       s.pooled_width, s.output_dim};
    return library_.psroipool_forward(
        s.pooled_height, s.pooled_width, s.spatial_scale, s.group_size,
        s.output_dim,
        {Layout::kNhwc,
         DType::kFloat,
         {s.batch, s.height, s.width, s.channels},
         own_.input.get()},
        {Layout::kArray, DType::kFloat, {s.rois_num, 5}, own_.rois.get()},
        {Layout::kNhwc, DType::kFloat, out_dims, output_.get()},
        {Layout::kNhwc, DType::kInt32, out_dims, mapping_.get()});
  }
  Accuracy check_mlu_ops() override {
    const size_t n = size_t(case_.shape.output_elements());
    output_.from_host(std::vector<float>(n, psroipool_run::kOutputSentinel));
    mapping_.from_host(
        std::vector<int32_t>(n, psroipool_run::kMappingSentinel));
    const int status = run_mlu_ops();
    if (status != 0) return failed(library_, "mluOpPsRoiPoolForward", status);
    const psroipool_run::Expected want = psroipool_run::run_reference(case_);
    const auto got = output_.to_host<float>();
    const auto got_mapping = mapping_.to_host<int32_t>();
    const xbang_test::Metrics m =
        xbang_test::compute_metrics(got.data(), want.output.data(), n);
    size_t mapping_mismatches = 0;
    for (size_t i = 0; i < n; ++i) {
      mapping_mismatches += got_mapping[i] != want.mapping[i];
    }
    return {
        m.text() + " mapping_mismatches=" + std::to_string(mapping_mismatches),
        m.within(3e-3, 3e-3) && mapping_mismatches == 0};
  }
  double bytes_moved() const override {
    return psroipool_data::bytes_moved(case_);
  }

 private:
  const Library &library_;
  psroipool_data::Case case_;
  xbang_test::Handle handle_;
  psroipool_run::DeviceCase own_;  // inputs, and xbang's outputs
  DeviceBuffer output_, mapping_;  // mlu-ops' outputs
};

// three_interpolate backward: grad_features [b, c, m]; the design's
// criterion (diff1, diff2 <= 3e-3).
template <class T>
class ThreeInterpolateBackward : public Comparison {
 public:
  ThreeInterpolateBackward(const Library &library,
                           const three_interpolate_backward_data::Shape &s,
                           uint64_t seed)
      : library_(library),
        shape_(s),
        inputs_(three_interpolate_backward_data::make_inputs<T>(s, seed)),
        own_(s, inputs_),
        grad_features_(own_.grad_features.bytes()) {}

  int run_xbang() override { return own_.run(handle_); }
  int run_mlu_ops() override {
    const auto &s = shape_;
    const DType dtype = sizeof(T) == 4 ? DType::kFloat : DType::kHalf;
    return library_.three_interpolate_backward(
        {Layout::kArray, dtype, {s.b, s.c, s.n}, own_.grad_output.get()},
        {Layout::kArray, DType::kInt32, {s.b, s.n, 3}, own_.indices.get()},
        {Layout::kArray, dtype, {s.b, s.n, 3}, own_.weights.get()},
        {Layout::kArray, dtype, {s.b, s.c, s.m}, grad_features_.get()});
  }
  Accuracy check_mlu_ops() override {
    const size_t n = shape_.grad_features_elements();
    grad_features_.from_host(std::vector<T>(n, T(-7.f)));
    const int status = run_mlu_ops();
    if (status != 0) {
      return failed(library_, "mluOpThreeInterpolateBackward", status);
    }
    std::vector<T> want(n);
    threeInterpolateBackwardReference(
        inputs_.grad_output.data(), inputs_.indices.data(),
        inputs_.weights.data(), shape_.b, shape_.c, shape_.m, shape_.n,
        want.data());
    const std::vector<T> got = grad_features_.to_host<T>();
    const xbang_test::Metrics m = xbang_test::compute_metrics(
        got.data(), want.data(), n, sizeof(T) == 4 ? 1e-6 : 1e-4);
    return {m.text(), m.within(3e-3, 3e-3)};
  }
  double bytes_moved() const override {
    return double(shape_.bytes_moved(sizeof(T)));
  }

 private:
  const Library &library_;
  three_interpolate_backward_data::Shape shape_;
  three_interpolate_backward_data::Inputs<T> inputs_;
  xbang_test::Handle handle_;
  three_interpolate_backward_data::DeviceProblem<T> own_;
  DeviceBuffer grad_features_;
};

// voxel_pooling forward: output_features [B, H, W, C] accumulated into,
// pos_memo [B, N, 3]; the design's criterion (diff1, diff2 <= 3e-3,
// pos_memo exact).
class VoxelPoolingForward : public Comparison {
 public:
  VoxelPoolingForward(const Library &library,
                      voxel_pooling_test::VoxelPoolingProblem p)
      : library_(library),
        problem_(std::move(p)),
        own_(problem_),
        output_features_(problem_.output_init),
        pos_memo_(own_.pos_memo.bytes()) {}

  int run_xbang() override {
    return voxel_pooling_test::run_api(handle_, problem_, own_);
  }
  int run_mlu_ops() override {
    const auto &p = problem_;
    return library_.voxel_pooling_forward(
        p.batch_size, p.num_points, p.num_channels, p.num_voxel_x,
        p.num_voxel_y, p.num_voxel_z,
        {Layout::kArray,
         DType::kInt32,
         {p.batch_size, p.num_points, 3},
         own_.geom_xyz.get()},
        {Layout::kArray,
         DType::kFloat,
         {p.batch_size, p.num_points, p.num_channels},
         own_.input_features.get()},
        {Layout::kArray,
         DType::kFloat,
         {p.batch_size, p.num_voxel_y, p.num_voxel_x, p.num_channels},
         output_features_.get()},
        {Layout::kArray,
         DType::kInt32,
         {p.batch_size, p.num_points, 3},
         pos_memo_.get()});
  }
  Accuracy check_mlu_ops() override {
    output_features_.from_host(problem_.output_init);
    pos_memo_.from_host(std::vector<int>(problem_.point_count() * 3,
                                         voxel_pooling_test::kPosMemoPoison));
    const int status = run_mlu_ops();
    if (status != 0)
      return failed(library_, "mluOpVoxelPoolingForward", status);
    const voxel_pooling_test::VoxelPoolingResult want =
        voxel_pooling_test::run_reference(problem_);
    const auto got = output_features_.to_host<float>();
    const auto got_pos_memo = pos_memo_.to_host<int>();
    const xbang_test::Metrics m = xbang_test::compute_metrics(
        got.data(), want.output_features.data(), want.output_features.size());
    size_t pos_memo_mismatches = 0;
    for (size_t i = 0; i < want.pos_memo.size(); ++i) {
      pos_memo_mismatches += got_pos_memo[i] != want.pos_memo[i];
    }
    return {m.text() +
                " pos_memo_mismatches=" + std::to_string(pos_memo_mismatches),
            m.within(3e-3, 3e-3) && pos_memo_mismatches == 0};
  }
  double bytes_moved() const override { return double(problem_.bytes_read()); }

 private:
  const Library &library_;
  voxel_pooling_test::VoxelPoolingProblem problem_;
  xbang_test::Handle handle_;
  voxel_pooling_test::DeviceProblem own_;
  DeviceBuffer output_features_, pos_memo_;
};

// dynamic_point_to_voxel backward in max mode (xbang's
// dynamic_scatter_backward): grad_feats [N, C], bit-exact.
class DynamicPointToVoxelBackward : public Comparison {
 public:
  DynamicPointToVoxelBackward(const Library &library, dsb_test::Case c)
      : library_(library),
        case_(std::move(c)),
        own_(case_),
        grad_voxel_feats_(case_.grad_voxel_feats),
        feats_(case_.feats),
        voxel_feats_(case_.voxel_feats),
        point2voxel_map_(case_.point2voxel_map),
        voxel_points_count_(case_.voxel_points_count),
        voxel_num_(std::vector<int32_t>{case_.voxel_num}),
        grad_feats_(case_.feats.size() * sizeof(float)) {}

  int run_xbang() override {
    return own_.run_api(handle_, MLUOP_REDUCEMODE_MAX);
  }
  int run_mlu_ops() override {
    const int n = int(case_.num_points), m = int(case_.num_voxel_rows),
              c = int(case_.num_channels);
    return library_.dynamic_point_to_voxel_backward(
        mlu_ops_library::ReduceMode::kMax,
        {Layout::kArray, DType::kFloat, {m, c}, grad_voxel_feats_.get()},
        {Layout::kArray, DType::kFloat, {n, c}, feats_.get()},
        {Layout::kArray, DType::kFloat, {m, c}, voxel_feats_.get()},
        {Layout::kArray, DType::kInt32, {n}, point2voxel_map_.get()},
        {Layout::kArray, DType::kInt32, {m}, voxel_points_count_.get()},
        {Layout::kArray, DType::kInt32, {1}, voxel_num_.get()},
        {Layout::kArray, DType::kFloat, {n, c}, grad_feats_.get()});
  }
  Accuracy check_mlu_ops() override {
    grad_feats_.from_host(
        std::vector<float>(case_.feats.size(), dsb_test::kStaleGrad));
    const int status = run_mlu_ops();
    if (status != 0) {
      return failed(library_, "mluOpDynamicPointToVoxelBackward", status);
    }
    std::vector<float> want(case_.feats.size());
    dsb_test::dynamic_scatter_backward_reference(
        MLUOP_REDUCEMODE_MAX, case_.num_points, case_.num_voxel_rows,
        case_.num_channels, case_.voxel_num, case_.grad_voxel_feats.data(),
        case_.feats.data(), case_.voxel_feats.data(),
        case_.point2voxel_map.data(), case_.voxel_points_count.data(),
        want.data());
    const std::vector<float> got = grad_feats_.to_host<float>();
    const xbang_test::Metrics m =
        xbang_test::compute_metrics(got.data(), want.data(), want.size());
    return {m.text(), m.bit_exact()};
  }
  double bytes_moved() const override {
    return double(dsb_test::essential_bytes(case_, MLUOP_REDUCEMODE_MAX));
  }

 private:
  const Library &library_;
  dsb_test::Case case_;
  xbang_test::Handle handle_;
  dsb_test::DeviceCase own_;
  DeviceBuffer grad_voxel_feats_, feats_, voxel_feats_, point2voxel_map_,
      voxel_points_count_, voxel_num_, grad_feats_;
};

std::string psroipool_shape(const psroipool_data::Case &c) {
  const auto &s = c.shape;
  char text[160];
  std::snprintf(text, sizeof text,
                "%s: input [%d,%d,%d,%d] rois %d out [%d,%d,%d]",
                c.name.c_str(), s.batch, s.height, s.width, s.channels,
                s.rois_num, s.pooled_height, s.pooled_width, s.output_dim);
  return text;
}

template <class T>
Case three_interpolate_case(int number,
                            const three_interpolate_backward_data::Shape &s,
                            const char *dtype) {
  char shape[96];
  std::snprintf(shape, sizeof shape, "case %d B=%d C=%d N=%d M=%d", number, s.b,
                s.c, s.n, s.m);
  // The seed xbang's own rows use for the case.
  return {"three_interpolate_backward", shape, dtype,
          [number, s](const Library &library) -> std::unique_ptr<Comparison> {
            return std::make_unique<ThreeInterpolateBackward<T>>(library, s,
                                                                 1000 + number);
          }};
}

}  // namespace

std::vector<Case> cases() {
  std::vector<Case> all;
  for (auto make_data : {psroipool_data::doc_case_1, psroipool_data::doc_case_2,
                         psroipool_data::rfcn_case}) {
    all.push_back({"psroipool_forward", psroipool_shape(make_data()), "float",
                   [make_data](const Library &library) {
                     return std::unique_ptr<Comparison>(
                         new PsroipoolForward(library, make_data()));
                   }});
  }
  // b, c, m, n of the design's network cases 7 and 10.
  const three_interpolate_backward_data::Shape case7 = {16, 1024, 128, 4096},
                                               case10 = {16, 512, 128, 2048};
  all.push_back(three_interpolate_case<float>(7, case7, "float"));
  all.push_back(three_interpolate_case<float>(10, case10, "float"));
  all.push_back(three_interpolate_case<half>(10, case10, "half"));
  for (const bool frustum : {true, false}) {
    all.push_back(
        {"voxel_pooling_forward",
         std::string("B=2 N=473088 C=80 128x128x1 ") +
             (frustum ? "frustum" : "random"),
         "float", [frustum](const Library &library) {
           return std::unique_ptr<Comparison>(new VoxelPoolingForward(
               library,
               frustum ? voxel_pooling_test::make_network_problem()
                       : voxel_pooling_test::make_random_network_problem()));
         }});
  }
  const dsb_test::Case network =
      dsb_test::make_case(dsb_test::network_case_options());
  all.push_back(
      {"dynamic_scatter_backward",
       "max N=" + std::to_string(network.num_points) +
           " M=" + std::to_string(network.num_voxel_rows) +
           " C=" + std::to_string(network.num_channels),
       "float", [](const Library &library) {
         return std::unique_ptr<Comparison>(new DynamicPointToVoxelBackward(
             library, dsb_test::make_case(dsb_test::network_case_options())));
       }});
  return all;
}

}  // namespace real_kernels
