// mlu-ops' psroipool kernels (kernels/psroipool/psroipool_block.mlu) run
// unchanged through KernelPsRoiPoolForward/Backward, launched as
// mluOpPsRoiPoolForward/Backward launch them, against
// references/psroipool_forward and psroipool_backward_reference.h.
// Thresholds: the operator's own (diff1 and diff2 <= 0.003);
// mapping_channel is an index and must match exactly.
#include "kernels/psroipool/psroipool.h"

#include <algorithm>
#include <string>
#include <vector>

#include "harness.h"
#include "psroipool_backward_reference.h"
#include "psroipool_forward/psroipool_forward_data.h"
#include "psroipool_forward/psroipool_forward_reference.h"

namespace {

using namespace xbang_conformance;
using psroipool_ref::Shape;

constexpr double kThreshold = 0.003;

// policyFuncPsRoiPool: union1_cluster_per_cores_items over rois (forward)
// or bins (backward).

struct ForwardCase {
  std::string name;
  psroipool_data::Case data;
};

// mlu-ops' own case (zoo psroipool_forward case0: input [4, 10, 10, 90]
// uniform in [0, 1], 2 rois, output_dim 10 (not a multiple of the vector
// length), group 3, spatial_scale 1/16) and two network cases of
// docs/ops/psroipool_forward.md, whose hundreds of rois use every core.
std::vector<ForwardCase> forward_cases() {
  std::vector<ForwardCase> cases;
  {
    Shape s = psroipool_data::make_shape(4, 10, 10, 3, 10, 2, 0.0625f);
    psroipool_data::Case c{"mlu-ops case0",
                           s,
                           random_values<float>(s.input_elements(), 0, 1, 15),
                           {}};
    c.rois = psroipool_data::random_rois(s, 160.f, 160.f, 16);
    cases.push_back({"case0", c});
  }
  cases.push_back({"doc1", psroipool_data::doc_case_1()});
  cases.push_back({"doc2", psroipool_data::doc_case_2()});
  return cases;
}

TEST(PsroipoolForward, MatchesReference) {
  for (const ForwardCase& test_case : forward_cases()) {
    const Shape& s = test_case.data.shape;
    std::vector<float> want(s.output_elements());
    std::vector<int32_t> want_mapping(s.output_elements());
    psroipool_ref::psroipool_forward(s, test_case.data.input.data(),
                                     test_case.data.rois.data(), want.data(),
                                     want_mapping.data());
    in_both_checked_modes(test_case.name, [&] {
      Queue queue;
      DeviceBuffer input(test_case.data.input), rois(test_case.data.rois);
      DeviceBuffer output(want.size() * sizeof(float));
      DeviceBuffer mapping(want.size() * sizeof(int32_t));
      const int rois_offset = 5;  // rois_desc dim 1
      ASSERT_EQ(KernelPsRoiPoolForward(
                    union1_cluster_per_cores_items(s.rois_num),
                    cnrtFuncTypeUnion1, queue.get(), input.get(), rois.get(),
                    output.get(), mapping.get(), s.batch, s.height, s.width,
                    s.channels, s.pooled_height, s.pooled_width, s.output_dim,
                    s.group_size, s.rois_num, rois_offset, s.spatial_scale),
                MLUOP_STATUS_SUCCESS);
      ASSERT_EQ(queue.sync(), cnrtSuccess);
      const Metrics m =
          measure("forward " + test_case.name, output.to_host<float>(), want);
      EXPECT_TRUE(m.within(kThreshold, kThreshold)) << m.text();
      EXPECT_EQ(bit_mismatches(mapping.to_host<int32_t>(), want_mapping), 0u);
    });
  }
}

struct BackwardCase {
  std::string name;
  psroipool_data::Case data;  // input unused: the shape and rois
};

// mlu-ops' backward case0 (top_grad [2, 3, 3, 3], bottom_grad [2, 5, 5, 27],
// spatial_scale 0.3081) and its design cases (1) (top_grad [320, 7, 7, 8],
// bottom_grad [2, 14, 14, 392], scale 1) and (2) ([493, 3, 3, 21],
// [8, 14, 14, 198], 1/16).
std::vector<BackwardCase> backward_cases() {
  auto make = [](const char* name, int batch, int size, int group,
                 int output_dim, int rois, float scale, uint32_t seed) {
    const Shape s = psroipool_data::make_shape(batch, size, size, group,
                                               output_dim, rois, scale);
    psroipool_data::Case c{name, s, {}, {}};
    c.rois = psroipool_data::random_rois(s, size / scale, size / scale, seed);
    return BackwardCase{name, c};
  };
  return {make("case0", 2, 5, 3, 3, 2, 0.3081299960613251f, 51),
          make("design1", 2, 14, 7, 8, 320, 1.f, 52),
          make("design2", 8, 14, 3, 21, 493, 0.0625f, 53)};
}

TEST(PsroipoolBackward, MatchesReference) {
  for (const BackwardCase& test_case : backward_cases()) {
    const Shape& s = test_case.data.shape;
    const auto top_grad = random_values<float>(s.output_elements(), -1, 1, 61);
    // The forward's mapping: channel (ctop * group + ph) * group + pw.
    std::vector<float> unused(s.output_elements());
    std::vector<int32_t> mapping(s.output_elements());
    std::vector<float> zeros(s.input_elements(), 0.f);
    psroipool_ref::psroipool_forward(s, zeros.data(),
                                     test_case.data.rois.data(), unused.data(),
                                     mapping.data());
    const std::vector<float> want = psroipool_backward_reference(
        s, top_grad.data(), mapping.data(), test_case.data.rois.data());
    in_both_checked_modes(test_case.name, [&] {
      Queue queue;
      DeviceBuffer top(top_grad), mapping_dev(mapping),
          rois(test_case.data.rois), bottom(zeros);
      const int rois_offset = 5;
      ASSERT_EQ(
          KernelPsRoiPoolBackward(
              union1_cluster_per_cores_items(s.rois_num * s.pooled_height *
                                             s.pooled_width),
              cnrtFuncTypeUnion1, queue.get(), top.get(), mapping_dev.get(),
              rois.get(), bottom.get(), s.batch, s.height, s.width, s.channels,
              s.pooled_height, s.pooled_width, s.output_dim, s.rois_num,
              rois_offset, s.spatial_scale),
          MLUOP_STATUS_SUCCESS);
      ASSERT_EQ(queue.sync(), cnrtSuccess);
      const Metrics m =
          measure("backward " + test_case.name, bottom.to_host<float>(), want);
      EXPECT_TRUE(m.within(kThreshold, kThreshold)) << m.text();
    });
  }
}

}  // namespace
