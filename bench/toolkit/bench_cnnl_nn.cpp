// CNNL's convolution forward on ResNet-50 layers and cnnlMatMul_v2 on a BERT
// feed-forward product, each against the library it computes with, called
// directly in the same run: oneDNN's convolution (NHWC float, weights in
// the layout oneDNN picks, reordered once) and Eigen's float product. A
// table at the end gives the ratios measured in this run.
// GCC 12 reports Eigen's AVX-512 kernels as possibly reading uninitialized
// registers (a false positive inside its intrinsics headers).
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include <benchmark/benchmark.h>
#include <cnnl.h>

#include <Eigen/Core>
#include <cstdio>
#include <dnnl.hpp>
#include <random>
#include <string>
#include <vector>

#include "recording_reporter.h"

namespace {

struct ConvLayer {
  const char* name;
  int n, h, w, ci, co, k, stride, pad;
};
// ResNet-50 at batch 1: conv2_x's 3x3, conv2_x's 1x1 reduction and
// conv3_1's strided 3x3.
const ConvLayer kLayers[] = {
    {"3x3 64->64 56x56", 1, 56, 56, 64, 64, 3, 1, 1},
    {"1x1 256->64 56x56", 1, 56, 56, 256, 64, 1, 1, 0},
    {"3x3 128->128 s2 56x56", 1, 56, 56, 128, 128, 3, 2, 1},
};
int out_size(int in, const ConvLayer& l) {
  return (in + 2 * l.pad - l.k) / l.stride + 1;
}

std::vector<float> random_data(size_t n, unsigned seed) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<float> dist(-1, 1);
  std::vector<float> v(n);
  for (float& x : v) x = dist(gen);
  return v;
}

cnnlTensorDescriptor_t nhwc(int n, int h, int w, int c) {
  cnnlTensorDescriptor_t desc = nullptr;
  cnnlCreateTensorDescriptor(&desc);
  const int dims[] = {n, h, w, c};
  cnnlSetTensorDescriptor(desc, CNNL_LAYOUT_NHWC, CNNL_DTYPE_FLOAT, 4, dims);
  return desc;
}

void BM_CnnlConv(benchmark::State& state) {
  const ConvLayer& l = kLayers[state.range(0)];
  const int ho = out_size(l.h, l), wo = out_size(l.w, l);
  const std::vector<float> x = random_data(size_t(l.n) * l.h * l.w * l.ci, 1);
  const std::vector<float> w = random_data(size_t(l.co) * l.k * l.k * l.ci, 2);
  std::vector<float> y(size_t(l.n) * ho * wo * l.co);
  cnnlHandle_t handle = nullptr;
  cnnlCreate(&handle);
  cnnlTensorDescriptor_t xd = nhwc(l.n, l.h, l.w, l.ci);
  cnnlTensorDescriptor_t wd = nhwc(l.co, l.k, l.k, l.ci);
  cnnlTensorDescriptor_t yd = nhwc(l.n, ho, wo, l.co);
  cnnlConvolutionDescriptor_t conv = nullptr;
  cnnlCreateConvolutionDescriptor(&conv);
  const int pad[] = {l.pad, l.pad, l.pad, l.pad};
  const int stride[] = {l.stride, l.stride}, dilation[] = {1, 1};
  cnnlSetConvolutionDescriptor(conv, 4, pad, stride, dilation, 1,
                               CNNL_DTYPE_FLOAT);
  cnnlConvolutionForwardAlgo_t algo;
  cnnlGetConvolutionForwardAlgorithm(handle, conv, xd, wd, yd,
                                     CNNL_CONVOLUTION_FWD_FASTEST, &algo);
  for (auto _ : state) {
    if (cnnlConvolutionForward(handle, conv, algo, nullptr, xd, x.data(), wd,
                               w.data(), nullptr, nullptr, nullptr, 0, nullptr,
                               yd, y.data()) != CNNL_STATUS_SUCCESS) {
      state.SkipWithError("cnnlConvolutionForward failed");
      break;
    }
    benchmark::DoNotOptimize(y.data());
  }
  cnnlDestroyConvolutionDescriptor(conv);
  cnnlDestroyTensorDescriptor(xd);
  cnnlDestroyTensorDescriptor(wd);
  cnnlDestroyTensorDescriptor(yd);
  cnnlDestroy(handle);
}

void BM_OneDnnConv(benchmark::State& state) {
  const ConvLayer& l = kLayers[state.range(0)];
  const int ho = out_size(l.h, l), wo = out_size(l.w, l);
  const std::vector<float> x = random_data(size_t(l.n) * l.h * l.w * l.ci, 1);
  std::vector<float> w = random_data(size_t(l.co) * l.k * l.k * l.ci, 2);
  std::vector<float> y(size_t(l.n) * ho * wo * l.co);
  using dnnl::memory;
  using tag = memory::format_tag;
  dnnl::engine engine(dnnl::engine::kind::cpu, 0);
  dnnl::stream stream(engine);
  const memory::desc src_md({l.n, l.ci, l.h, l.w}, memory::data_type::f32,
                            tag::nhwc);
  const memory::desc dst_md({l.n, l.co, ho, wo}, memory::data_type::f32,
                            tag::nhwc);
  // CNNL's NHWC filter [Co, kh, kw, Ci] is oneDNN's ohwi.
  const memory::desc user_w_md({l.co, l.ci, l.k, l.k}, memory::data_type::f32,
                               tag::ohwi);
  const memory::desc any_w_md({l.co, l.ci, l.k, l.k}, memory::data_type::f32,
                              tag::any);
  dnnl::convolution_forward::desc desc(
      dnnl::prop_kind::forward_inference, dnnl::algorithm::convolution_direct,
      src_md, any_w_md, memory::desc(), dst_md, {l.stride, l.stride}, {0, 0},
      {l.pad, l.pad}, {l.pad, l.pad});
  dnnl::convolution_forward::primitive_desc pd(desc, engine);
  dnnl::convolution_forward conv(pd);
  memory user_w(user_w_md, engine, w.data());
  memory conv_w(pd.weights_desc(), engine);
  dnnl::reorder(user_w, conv_w).execute(stream, user_w, conv_w);
  memory src(src_md, engine, const_cast<float*>(x.data()));
  memory dst(pd.dst_desc(), engine, y.data());
  for (auto _ : state) {
    conv.execute(
        stream,
        {{DNNL_ARG_SRC, src}, {DNNL_ARG_WEIGHTS, conv_w}, {DNNL_ARG_DST, dst}});
    stream.wait();
    benchmark::DoNotOptimize(y.data());
  }
}

// BERT-base's feed-forward expansion for 128 tokens: [128, 768] x
// [768, 3072].
constexpr int kM = 128, kK = 768, kN = 3072;

void BM_CnnlMatMul(benchmark::State& state) {
  const std::vector<float> a = random_data(size_t(kM) * kK, 3);
  const std::vector<float> b = random_data(size_t(kK) * kN, 4);
  std::vector<float> c(size_t(kM) * kN, 0);
  cnnlHandle_t handle = nullptr;
  cnnlCreate(&handle);
  cnnlTensorDescriptor_t ad, bd, cd;
  cnnlCreateTensorDescriptor(&ad);
  cnnlCreateTensorDescriptor(&bd);
  cnnlCreateTensorDescriptor(&cd);
  const int a_dims[] = {kM, kK}, b_dims[] = {kK, kN}, c_dims[] = {kM, kN};
  cnnlSetTensorDescriptor(ad, CNNL_LAYOUT_ARRAY, CNNL_DTYPE_FLOAT, 2, a_dims);
  cnnlSetTensorDescriptor(bd, CNNL_LAYOUT_ARRAY, CNNL_DTYPE_FLOAT, 2, b_dims);
  cnnlSetTensorDescriptor(cd, CNNL_LAYOUT_ARRAY, CNNL_DTYPE_FLOAT, 2, c_dims);
  cnnlMatMulDescriptor_t desc = nullptr;
  cnnlMatMulAlgo_t algo = nullptr;
  cnnlMatMulDescCreate(&desc);
  cnnlMatMulAlgoCreate(&algo);
  const float alpha = 1.0f, beta = 0.0f;
  for (auto _ : state) {
    if (cnnlMatMul_v2(handle, desc, algo, &alpha, ad, a.data(), bd, b.data(),
                      &beta, cd, c.data(), nullptr, 0, cd,
                      c.data()) != CNNL_STATUS_SUCCESS) {
      state.SkipWithError("cnnlMatMul_v2 failed");
      break;
    }
    benchmark::DoNotOptimize(c.data());
  }
  cnnlMatMulAlgoDestroy(algo);
  cnnlMatMulDescDestroy(desc);
  cnnlDestroyTensorDescriptor(ad);
  cnnlDestroyTensorDescriptor(bd);
  cnnlDestroyTensorDescriptor(cd);
  cnnlDestroy(handle);
}

void BM_EigenMatMul(benchmark::State& state) {
  using Matrix =
      Eigen::Matrix<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
  const std::vector<float> a = random_data(size_t(kM) * kK, 3);
  const std::vector<float> b = random_data(size_t(kK) * kN, 4);
  std::vector<float> c(size_t(kM) * kN, 0);
  const Eigen::Map<const Matrix> av(a.data(), kM, kK), bv(b.data(), kK, kN);
  Eigen::Map<Matrix> cv(c.data(), kM, kN);
  for (auto _ : state) {
    cv.noalias() = av * bv;
    benchmark::DoNotOptimize(c.data());
  }
}

BENCHMARK(BM_CnnlConv)
    ->DenseRange(0, 2)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(BM_OneDnnConv)
    ->DenseRange(0, 2)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();
BENCHMARK(BM_CnnlMatMul)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_EigenMatMul)->Unit(benchmark::kMillisecond)->UseRealTime();

void print_ratios(const xbang_bench::RecordingReporter& runs) {
  std::printf("\nCNNL against the library it computes with (same run):\n");
  for (int i = 0; i < 3; ++i) {
    const double cnnl = runs.seconds("BM_CnnlConv/" + std::to_string(i));
    const double dnn = runs.seconds("BM_OneDnnConv/" + std::to_string(i));
    if (cnnl <= 0 || dnn <= 0) continue;
    std::printf(
        "  cnnlConvolutionForward %-22s %8.3f ms | oneDNN %8.3f ms | %5.2fx\n",
        kLayers[i].name, cnnl * 1e3, dnn * 1e3, cnnl / dnn);
  }
  const double cnnl = runs.seconds("BM_CnnlMatMul");
  const double eigen = runs.seconds("BM_EigenMatMul");
  if (cnnl > 0 && eigen > 0) {
    std::printf(
        "  cnnlMatMul_v2 %dx%d x %dx%d          %8.3f ms | Eigen  %8.3f ms | "
        "%5.2fx\n",
        kM, kK, kK, kN, cnnl * 1e3, eigen * 1e3, cnnl / eigen);
  }
}

}  // namespace

int main(int argc, char** argv) {
  return xbang_bench::run_benchmarks(argc, argv, print_ratios);
}
