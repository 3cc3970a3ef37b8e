// A program of mlu-ops' users: calls mluOp* functions on fixed, seeded data
// and writes every output's bytes to the file named by argv[1]. The lane
// (mluops.sh) builds it twice, against libmluops.so and against a static
// archive of the same objects, and the two files must be identical: kernels
// in a shared library behave as kernels linked into the executable.
//
//   shared_vs_static <output file>
//
// Exits non-zero when a call fails or a result is wrong on its face (abs
// against the host, every output finite).
#include <cnrt.h>
#include <mlu_op.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

namespace {

int failures = 0;

void expect(bool ok, const std::string& what) {
  if (!ok) {
    std::fprintf(stderr, "shared_vs_static: %s\n", what.c_str());
    ++failures;
  }
}

void check_status(mluOpStatus_t status, const char* call) {
  expect(status == MLUOP_STATUS_SUCCESS,
         std::string(call) + ": " + mluOpGetErrorString(status));
}

void check_cnrt(cnrtRet_t ret, const char* call) {
  expect(ret == cnrtSuccess, std::string(call) + " failed");
}

// A tensor on the device with its descriptor and host copy.
template <class T>
struct Tensor {
  std::vector<T> host;
  void* device = nullptr;
  mluOpTensorDescriptor_t desc = nullptr;

  Tensor(mluOpTensorLayout_t layout, mluOpDataType_t dtype,
         std::vector<int> dims) {
    size_t count = 1;
    for (int d : dims) count *= size_t(d);
    host.assign(count, T());
    check_status(mluOpCreateTensorDescriptor(&desc),
                 "mluOpCreateTensorDescriptor");
    check_status(mluOpSetTensorDescriptor(desc, layout, dtype, int(dims.size()),
                                          dims.data()),
                 "mluOpSetTensorDescriptor");
    check_cnrt(cnrtMalloc(&device, count * sizeof(T)), "cnrtMalloc");
  }
  ~Tensor() {
    cnrtFree(device);
    mluOpDestroyTensorDescriptor(desc);
  }
  Tensor(const Tensor&) = delete;
  Tensor& operator=(const Tensor&) = delete;

  void upload() {
    check_cnrt(cnrtMemcpy(device, host.data(), host.size() * sizeof(T),
                          cnrtMemcpyHostToDev),
               "cnrtMemcpy to the device");
  }
  void download() {
    check_cnrt(cnrtMemcpy(host.data(), device, host.size() * sizeof(T),
                          cnrtMemcpyDevToHost),
               "cnrtMemcpy to the host");
  }
};

template <class T>
void fill_uniform(std::vector<T>& values, float lo, float hi, unsigned seed) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<float> dist(lo, hi);
  for (T& v : values) v = T(dist(gen));
}

// Writes one output: its name, its size and its bytes.
template <class T>
void record(std::FILE* out, const char* name, const std::vector<T>& values) {
  bool finite = true;
  for (const T& v : values) finite = finite && std::isfinite(double(v));
  expect(finite, std::string(name) + " has a value that is not finite");
  std::fprintf(out, "%s %zu\n", name, values.size() * sizeof(T));
  std::fwrite(values.data(), sizeof(T), values.size(), out);
  std::fputc('\n', out);
}

void run_abs(mluOpHandle_t handle, std::FILE* out) {
  const std::vector<int> dims = {3, 1000, 37};
  Tensor<float> x(MLUOP_LAYOUT_ARRAY, MLUOP_DTYPE_FLOAT, dims);
  Tensor<float> y(MLUOP_LAYOUT_ARRAY, MLUOP_DTYPE_FLOAT, dims);
  fill_uniform(x.host, -10.f, 10.f, 1);
  x.upload();
  check_status(mluOpAbs(handle, x.desc, x.device, y.desc, y.device),
               "mluOpAbs");
  y.download();
  size_t wrong = 0;
  for (size_t i = 0; i < x.host.size(); ++i) {
    wrong += y.host[i] != std::fabs(x.host[i]);
  }
  expect(wrong == 0, "mluOpAbs: " + std::to_string(wrong) + " wrong values");
  record(out, "abs", y.host);
}

void run_log(mluOpHandle_t handle, std::FILE* out) {
  const std::vector<int> dims = {70001};
  Tensor<float> x(MLUOP_LAYOUT_ARRAY, MLUOP_DTYPE_FLOAT, dims);
  Tensor<float> y(MLUOP_LAYOUT_ARRAY, MLUOP_DTYPE_FLOAT, dims);
  fill_uniform(x.host, 0.01f, 100.f, 2);
  x.upload();
  check_status(mluOpLog(handle, MLUOP_COMPUTATION_HIGH_PRECISION, MLUOP_LOG_E,
                        x.desc, x.device, y.desc, y.device),
               "mluOpLog");
  y.download();
  record(out, "log", y.host);
}

void run_psroipool_forward(mluOpHandle_t handle, std::FILE* out) {
  const int batch = 2, height = 19, width = 23, group = 3, output_dim = 5;
  const int rois_num = 40;
  Tensor<float> input(MLUOP_LAYOUT_NHWC, MLUOP_DTYPE_FLOAT,
                      {batch, height, width, output_dim * group * group});
  Tensor<float> rois(MLUOP_LAYOUT_ARRAY, MLUOP_DTYPE_FLOAT, {rois_num, 5});
  Tensor<float> output(MLUOP_LAYOUT_NHWC, MLUOP_DTYPE_FLOAT,
                       {rois_num, group, group, output_dim});
  Tensor<int> mapping(MLUOP_LAYOUT_NHWC, MLUOP_DTYPE_INT32,
                      {rois_num, group, group, output_dim});
  fill_uniform(input.host, -1.f, 1.f, 3);
  std::mt19937 gen(4);
  std::uniform_real_distribution<float> coord(0.f, 150.f);
  for (int r = 0; r < rois_num; ++r) {
    float* roi = &rois.host[size_t(r) * 5];
    const float x1 = coord(gen), y1 = coord(gen);
    roi[0] = float(r % batch);
    roi[1] = x1;
    roi[2] = y1;
    roi[3] = x1 + coord(gen) / 2;
    roi[4] = y1 + coord(gen) / 2;
  }
  input.upload();
  rois.upload();
  check_status(mluOpPsRoiPoolForward(
                   handle, group, group, 0.125f, group, output_dim, input.desc,
                   input.device, rois.desc, rois.device, output.desc,
                   output.device, mapping.desc, mapping.device),
               "mluOpPsRoiPoolForward");
  output.download();
  mapping.download();
  record(out, "psroipool_forward.output", output.host);
  record(out, "psroipool_forward.mapping_channel", mapping.host);
}

void run_three_interpolate_forward(mluOpHandle_t handle, std::FILE* out) {
  const int b = 2, c = 33, m = 50, n = 300;
  Tensor<float> features(MLUOP_LAYOUT_ARRAY, MLUOP_DTYPE_FLOAT, {b, c, m});
  Tensor<int> indices(MLUOP_LAYOUT_ARRAY, MLUOP_DTYPE_INT32, {b, n, 3});
  Tensor<float> weights(MLUOP_LAYOUT_ARRAY, MLUOP_DTYPE_FLOAT, {b, n, 3});
  Tensor<float> output(MLUOP_LAYOUT_ARRAY, MLUOP_DTYPE_FLOAT, {b, c, n});
  fill_uniform(features.host, -5.f, 5.f, 5);
  fill_uniform(weights.host, 0.f, 1.f, 6);
  std::mt19937 gen(7);
  std::uniform_int_distribution<int> index(0, m - 1);
  for (int& i : indices.host) i = index(gen);
  features.upload();
  indices.upload();
  weights.upload();
  check_status(
      mluOpThreeInterpolateForward(handle, features.desc, features.device,
                                   indices.desc, indices.device, weights.desc,
                                   weights.device, output.desc, output.device),
      "mluOpThreeInterpolateForward");
  output.download();
  record(out, "three_interpolate_forward", output.host);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s <output file>\n", argv[0]);
    return 2;
  }
  std::FILE* out = std::fopen(argv[1], "wb");
  if (out == nullptr) {
    std::perror(argv[1]);
    return 2;
  }
  cnrtQueue_t queue = nullptr;
  mluOpHandle_t handle = nullptr;
  check_cnrt(cnrtSetDevice(0), "cnrtSetDevice");
  check_cnrt(cnrtQueueCreate(&queue), "cnrtQueueCreate");
  check_status(mluOpCreate(&handle), "mluOpCreate");
  check_status(mluOpSetQueue(handle, queue), "mluOpSetQueue");
  if (failures == 0) {
    run_abs(handle, out);
    run_log(handle, out);
    run_psroipool_forward(handle, out);
    run_three_interpolate_forward(handle, out);
  }
  mluOpDestroy(handle);
  cnrtQueueDestroy(queue);
  std::fclose(out);
  return failures == 0 ? 0 : 1;
}
