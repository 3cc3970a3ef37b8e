// three_interpolate_backward: every case of
// docs/ops/three_interpolate_backward.md (tests) table (network cases 1-10,
// boundary cases 11-20), half and float, through the mluOp API in checked mode.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "common/host.h"
#include "three_interpolate_backward_runner.h"

namespace {

using namespace three_interpolate_backward_test;  // NOLINT
using three_interpolate_backward_data::make_inputs;

struct DocCase {
  int number;
  Shape shape;  // b, c, m, n
  mluOpStatus_t expected;
};

// grad_out [B, C, N], grad_features [B, C, M] as the design's table writes
// them. Case 12's row gives grad_out [16, 0, 128] but grad_features [16, 128,
// 0] (C disagrees); it is run exactly as written and the zero-element check,
// which comes before the shape checks (docs/ops/three_interpolate_backward.md
// (parameters and checks)), rejects it.
const DocCase kDocCases[] = {
    {1, {16, 512, 16, 64}, MLUOP_STATUS_SUCCESS},
    {2, {16, 256, 64, 256}, MLUOP_STATUS_SUCCESS},
    {3, {16, 256, 256, 1024}, MLUOP_STATUS_SUCCESS},
    {4, {16, 128, 1024, 4096}, MLUOP_STATUS_SUCCESS},
    {5, {16, 16, 512, 64}, MLUOP_STATUS_SUCCESS},
    {6, {16, 64, 256, 256}, MLUOP_STATUS_SUCCESS},
    {7, {16, 1024, 128, 4096}, MLUOP_STATUS_SUCCESS},
    {8, {16, 1, 1024, 128}, MLUOP_STATUS_SUCCESS},
    {9, {16, 128, 256, 512}, MLUOP_STATUS_SUCCESS},
    {10, {16, 512, 128, 2048}, MLUOP_STATUS_SUCCESS},
    {11, {0, 128, 128, 128}, MLUOP_STATUS_BAD_PARAM},
    {12, {16, 0, 0, 128}, MLUOP_STATUS_BAD_PARAM},
    {13, {16, 128, 0, 128}, MLUOP_STATUS_BAD_PARAM},
    {14, {16, 128, 128, 0}, MLUOP_STATUS_BAD_PARAM},
    {15, {0, 0, 0, 0}, MLUOP_STATUS_BAD_PARAM},
    {16, {1, 1, 1, 1}, MLUOP_STATUS_SUCCESS},
    {17, {7, 63, 127, 129}, MLUOP_STATUS_SUCCESS},
    {18, {15, 1025, 1023, 1023}, MLUOP_STATUS_SUCCESS},
    {19, {25, 1029, 1027, 1025}, MLUOP_STATUS_SUCCESS},
    {20, {29, 2047, 2033, 999}, MLUOP_STATUS_SUCCESS},
};

// A zero-element case with the shapes the table writes (grad_out, indices,
// weights, grad_features) and valid, non-null pointers, so that the
// zero-element check is the one that answers.
template <class T>
void expect_zero_element_rejected(std::vector<int> go_dims,
                                  std::vector<int> id_dims,
                                  std::vector<int> gf_dims,
                                  const std::string &name) {
  xbang_test::Handle handle;
  const mluOpDataType_t dtype = dtype_of<T>();
  xbang_test::TensorDesc go(MLUOP_LAYOUT_ARRAY, dtype, go_dims);
  xbang_test::TensorDesc id(MLUOP_LAYOUT_ARRAY, MLUOP_DTYPE_INT32, id_dims);
  xbang_test::TensorDesc w(MLUOP_LAYOUT_ARRAY, dtype, id_dims);
  xbang_test::TensorDesc gf(MLUOP_LAYOUT_ARRAY, dtype, gf_dims);
  xbang_test::DeviceBuffer buffer(64);
  mluop::take_last_error();
  xbang::checked::clear_reports();
  EXPECT_EQ(
      mluOpThreeInterpolateBackward(handle, go, buffer.get(), id, buffer.get(),
                                    w, buffer.get(), gf, buffer.get()),
      MLUOP_STATUS_BAD_PARAM)
      << name;
  EXPECT_NE(mluop::take_last_error().find("zero element"), std::string::npos)
      << name;
  EXPECT_TRUE(xbang::checked::reports().empty()) << name;
}

template <class T>
void run_doc_case(const DocCase &doc) {
  const Shape &s = doc.shape;
  const std::string name = "case " + std::to_string(doc.number);
  if (doc.expected != MLUOP_STATUS_SUCCESS) {
    if (doc.number == 12) {
      // As written: grad_out [16, 0, 128], grad_features [16, 128, 0].
      expect_zero_element_rejected<T>({16, 0, 128}, {16, 128, 3}, {16, 128, 0},
                                      name);
    } else {
      expect_zero_element_rejected<T>({s.b, s.c, s.n}, {s.b, s.n, 3},
                                      {s.b, s.c, s.m}, name);
    }
    return;
  }
  const Inputs<T> in = make_inputs<T>(s, 1000 + doc.number);
  const Result<T> r = run_api(s, in);
  const std::vector<T> ref = reference(s, in);
  expect_matches(r, ref, name.c_str());
  const xbang_test::Metrics metrics = compare(r.grad_features, ref);
  std::printf("%s %s: %s\n", name.c_str(),
              dtype_of<T>() == MLUOP_DTYPE_FLOAT ? "float" : "half",
              metrics.text().c_str());
}

class ThreeInterpolateBackwardDocCases
    : public ::testing::TestWithParam<DocCase> {};

TEST_P(ThreeInterpolateBackwardDocCases, Float) {
  run_doc_case<float>(GetParam());
}

TEST_P(ThreeInterpolateBackwardDocCases, Half) {
  run_doc_case<half>(GetParam());
}

INSTANTIATE_TEST_SUITE_P(DesignDoc, ThreeInterpolateBackwardDocCases,
                         ::testing::ValuesIn(kDocCases),
                         [](const ::testing::TestParamInfo<DocCase> &info) {
                           return "case" + std::to_string(info.param.number);
                         });

}  // namespace
