// CNNL's random generators: a generator is a seeded 64-bit Mersenne Twister
// (std::mt19937_64) whose stream continues from call to call; a kernel
// state made by cnnlRandMakeMTGP32KernelState holds its own, which the
// draws given that state use instead. Uniform and normal numbers,
// Bernoulli masks (dropout) and multinomial samples come from the standard
// library's distributions in double, stored in the output's type.
#include <cmath>
#include <cstdint>
#include <new>
#include <random>
#include <vector>

#include "cnnl_internal.h"

using namespace xbang::cnnl_detail;

struct cnnlRandGeneratorStruct {
  cnnlRandRngType_t type = CNNL_RAND_RNG_MTGP32;
  std::mt19937_64 engine;
};

namespace {

// What a kernel state buffer holds once made.
struct KernelState {
  static constexpr uint64_t kMade = 0x78626e6753746174ull;  // "xbngStat"
  uint64_t made;
  std::mt19937_64 engine;
};

// The engine a draw uses: the made kernel state's when `state` is one,
// else the generator's.
std::mt19937_64& engine_of(cnnlRandGenerator_t generator, void* state) {
  if (state != nullptr &&
      reinterpret_cast<uintptr_t>(state) % alignof(KernelState) == 0) {
    auto* made = static_cast<KernelState*>(state);
    if (made->made == KernelState::kMade) return made->engine;
  }
  return generator->engine;
}

bool generate_ok(const char* api, cnnlHandle_t handle,
                 cnnlRandGenerator_t generator, cnnlDataType_t dtype,
                 size_t num, void* output, cnnlStatus_t* status) {
  if (!handle_ok(api, handle, status)) return false;
  const char* why = nullptr;
  if (generator == nullptr) {
    why = "generator is NULL";
  } else if (dtype != CNNL_DTYPE_FLOAT && dtype != CNNL_DTYPE_HALF &&
             dtype != CNNL_DTYPE_BFLOAT16) {
    *status = fail(api, CNNL_STATUS_NOT_SUPPORTED,
                   "data_type is not float, half or bfloat16");
    return false;
  } else if (num > 0 && output == nullptr) {
    why = "output is NULL";
  } else if (num > size_t(kMaxElements)) {
    why = "num is too large";
  }
  if (why != nullptr) {
    *status = fail(api, CNNL_STATUS_BAD_PARAM, why);
    return false;
  }
  return true;
}

}  // namespace

extern "C" {

cnnlStatus_t cnnlRandCreateGenerator(cnnlRandGenerator_t* generator,
                                     cnnlRandRngType_t rng_type) {
  const char* api = "cnnlRandCreateGenerator";
  if (int(rng_type) < CNNL_RAND_RNG_FAST ||
      int(rng_type) > CNNL_RAND_RNG_PHILOX) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "unknown rng_type");
  }
  const cnnlStatus_t status = create(api, generator);
  if (status == CNNL_STATUS_SUCCESS) (*generator)->type = rng_type;
  return status;
}

cnnlStatus_t cnnlRandDestroyGenerator(cnnlRandGenerator_t generator) {
  return destroy("cnnlRandDestroyGenerator", generator);
}

cnnlStatus_t cnnlRandSetPseudoRandomGeneratorSeed(cnnlRandGenerator_t generator,
                                                  unsigned long long seed) {
  if (generator == nullptr) {
    return fail("cnnlRandSetPseudoRandomGeneratorSeed", CNNL_STATUS_BAD_PARAM,
                "generator is NULL");
  }
  generator->engine.seed(seed);
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlRandGetSimulateThreadNum(cnnlHandle_t handle,
                                          int* thread_num) {
  const char* api = "cnnlRandGetSimulateThreadNum";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!handle_ok(api, handle, &status)) return status;
  if (thread_num == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "thread_num is NULL");
  }
  *thread_num = 1;
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlRandGenerateUniform(cnnlHandle_t handle,
                                     const cnnlRandGenerator_t generator,
                                     const cnnlDataType_t data_type,
                                     void* state, const size_t num,
                                     const float min, const float max,
                                     void* output) {
  const char* api = "cnnlRandGenerateUniform";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!generate_ok(api, handle, generator, data_type, num, output, &status)) {
    return status;
  }
  if (!(min <= max)) return fail(api, CNNL_STATUS_BAD_PARAM, "min > max");
  std::uniform_real_distribution<double> dist(min, max);
  std::mt19937_64& engine = engine_of(generator, state);
  for (size_t i = 0; i < num; ++i) {
    // [min, max): a value the output's type rounds up to max is drawn
    // again.
    do {
      store_real(data_type, output, int64_t(i), dist(engine));
    } while (max > min && load_real(data_type, output, int64_t(i)) >= max);
  }
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlRandGenerateNormal(cnnlHandle_t handle,
                                    const cnnlRandGenerator_t generator,
                                    const cnnlDataType_t data_type, void* state,
                                    const size_t num, const float mean,
                                    const float stddev, void* output) {
  const char* api = "cnnlRandGenerateNormal";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!generate_ok(api, handle, generator, data_type, num, output, &status)) {
    return status;
  }
  if (!(stddev >= 0)) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "stddev is negative");
  }
  std::normal_distribution<double> dist(mean, stddev);
  std::mt19937_64& engine = engine_of(generator, state);
  for (size_t i = 0; i < num; ++i) {
    store_real(data_type, output, int64_t(i), dist(engine));
  }
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlRandGetMTGP32StateSize(cnnlRandGenerator_t /*generator*/,
                                        size_t* size) {
  if (size == nullptr) {
    return fail("cnnlRandGetMTGP32StateSize", CNNL_STATUS_BAD_PARAM,
                "size is NULL");
  }
  *size = sizeof(KernelState);
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlRandMakeMTGP32KernelState(cnnlHandle_t handle, void* state,
                                           const void* /*mtgp32_params*/,
                                           const void* /*kernel_params*/,
                                           const unsigned long long seed) {
  const char* api = "cnnlRandMakeMTGP32KernelState";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!handle_ok(api, handle, &status)) return status;
  if (state == nullptr ||
      reinterpret_cast<uintptr_t>(state) % alignof(KernelState) != 0) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "state is NULL or not 8-byte aligned");
  }
  auto* made = new (state) KernelState;
  made->made = KernelState::kMade;
  made->engine.seed(seed);
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlFusedDropout_v2(
    cnnlHandle_t handle, const cnnlRandGenerator_t generator,
    const cnnlTensorDescriptor_t input_desc, const void* input, const float p,
    void* state, const cnnlTensorDescriptor_t mask_desc, void* mask,
    const cnnlTensorDescriptor_t output_desc, void* output) {
  const char* api = "cnnlFusedDropout_v2";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!handle_ok(api, handle, &status)) return status;
  if (generator == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "generator is NULL");
  }
  if (!(p >= 0 && p <= 1)) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "p is not in [0, 1]");
  }
  if (!usable(api, input_desc, input, "input", &status) ||
      !usable(api, mask_desc, mask, "mask", &status) ||
      !usable(api, output_desc, output, "output", &status)) {
    return status;
  }
  if (!is_float_type(input_desc->dtype)) {
    return fail(api, CNNL_STATUS_NOT_SUPPORTED,
                "input is not half, bfloat16, float or double");
  }
  if (output_desc->dtype != input_desc->dtype ||
      output_desc->dims != input_desc->dims ||
      mask_desc->dims != input_desc->dims ||
      (mask_desc->dtype != CNNL_DTYPE_UINT8 &&
       mask_desc->dtype != CNNL_DTYPE_BOOL)) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "output must match input; mask must be uint8 or bool of "
                "input's shape");
  }
  // Each element is kept with probability 1 - p and scaled by 1 / (1 - p).
  std::bernoulli_distribution keep(1.0 - double(p));
  std::mt19937_64& engine = engine_of(generator, state);
  const double scale = p < 1 ? 1.0 / (1.0 - double(p)) : 0.0;
  std::vector<double> out_values;
  std::vector<double> kept_values;
  for_each_offset(input_desc->dims, input_desc->strides, [&](int64_t o) {
    const bool kept = p < 1 && keep(engine);
    kept_values.push_back(kept ? 1 : 0);
    out_values.push_back(kept ? load_real(input_desc->dtype, input, o) * scale
                              : 0.0);
  });
  size_t i = 0;
  for_each_offset(mask_desc->dims, mask_desc->strides, [&](int64_t o) {
    store_real(mask_desc->dtype, mask, o, kept_values[i++]);
  });
  i = 0;
  for_each_offset(output_desc->dims, output_desc->strides, [&](int64_t o) {
    store_real(output_desc->dtype, output, o, out_values[i++]);
  });
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlGetRandGenerateMultinomialWorkspaceSize(
    cnnlHandle_t handle, const cnnlTensorDescriptor_t input_desc,
    size_t* workspace_size) {
  const char* api = "cnnlGetRandGenerateMultinomialWorkspaceSize";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!handle_ok(api, handle, &status)) return status;
  if (input_desc == nullptr || workspace_size == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "input_desc or size is NULL");
  }
  *workspace_size = 0;
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlRandGenerateMultinomial_v2(
    cnnlHandle_t handle, const cnnlRandGenerator_t generator,
    const cnnlTensorDescriptor_t input_desc, const void* input,
    const bool is_replacement, const bool is_logits, void* state,
    void* /*workspace*/, size_t /*workspace_size*/,
    const cnnlTensorDescriptor_t output_desc, void* output) {
  const char* api = "cnnlRandGenerateMultinomial_v2";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!handle_ok(api, handle, &status)) return status;
  if (generator == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "generator is NULL");
  }
  if (!usable(api, input_desc, input, "input", &status) ||
      !usable(api, output_desc, output, "output", &status)) {
    return status;
  }
  if (!is_float_type(input_desc->dtype)) {
    return fail(api, CNNL_STATUS_NOT_SUPPORTED,
                "input is not half, bfloat16, float or double");
  }
  const size_t rank = input_desc->dims.size();
  if ((rank != 1 && rank != 2) || output_desc->dims.size() != rank ||
      (rank == 2 && output_desc->dims[0] != input_desc->dims[0]) ||
      !is_index_type(output_desc->dtype)) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "input must be [categories] or [rows, categories], output "
                "int32 or int64 [samples] or [rows, samples]");
  }
  const int64_t rows = rank == 2 ? input_desc->dims[0] : 1;
  const int64_t categories = input_desc->dims[rank - 1];
  const int64_t samples = output_desc->dims[rank - 1];
  const int64_t in_row = rank == 2 ? input_desc->strides[0] : 0;
  const int64_t in_col = input_desc->strides[rank - 1];
  const int64_t out_row = rank == 2 ? output_desc->strides[0] : 0;
  const int64_t out_col = output_desc->strides[rank - 1];
  // Every row is checked and drawn before anything is stored.
  std::vector<int64_t> drawn;
  drawn.reserve(size_t(rows * samples));
  std::mt19937_64& engine = engine_of(generator, state);
  for (int64_t r = 0; r < rows; ++r) {
    std::vector<double> weights(static_cast<size_t>(categories));
    double max_logit = -INFINITY;
    for (int64_t c = 0; c < categories; ++c) {
      weights[size_t(c)] =
          load_real(input_desc->dtype, input, r * in_row + c * in_col);
      max_logit = std::max(max_logit, weights[size_t(c)]);
    }
    int64_t positive = 0;
    for (double& w : weights) {
      if (is_logits) w = std::exp(w - max_logit);
      if (!(w >= 0) || std::isinf(w)) {
        return fail(api, CNNL_STATUS_BAD_PARAM,
                    "a probability is negative, infinite or NaN");
      }
      positive += w > 0;
    }
    if (positive == 0 || (!is_replacement && samples > positive)) {
      return fail(api, CNNL_STATUS_BAD_PARAM,
                  "a row has no positive probability, or fewer than the "
                  "samples drawn without replacement");
    }
    for (int64_t k = 0; k < samples; ++k) {
      std::discrete_distribution<int64_t> pick(weights.begin(), weights.end());
      const int64_t c = pick(engine);
      drawn.push_back(c);
      if (!is_replacement) weights[size_t(c)] = 0;
    }
  }
  for (int64_t r = 0; r < rows; ++r) {
    for (int64_t k = 0; k < samples; ++k) {
      store_real(output_desc->dtype, output, r * out_row + k * out_col,
                 double(drawn[size_t(r * samples + k)]));
    }
  }
  return CNNL_STATUS_SUCCESS;
}

}  // extern "C"

// The counter-based family (PyTorch's Philox state): each call draws from a
// fresh twister seeded with (seed, offset + offset_intragraph), read from
// the pointers when `from_pointers`, so equal seeds and offsets give equal
// numbers and a caller that advances the offset gets new ones (not the
// device's Philox numbers).
namespace {

bool counter_seed(const char* api, cnnlHandle_t handle,
                  cnnlRandRngType_t rng_type, bool from_pointers, uint64_t seed,
                  uint64_t offset, const int64_t* seed_ptr,
                  const int64_t* offset_ptr, uint32_t offset_intragraph,
                  cnnlRandGeneratorStruct* generator, cnnlStatus_t* status) {
  if (!handle_ok(api, handle, status)) return false;
  if (int(rng_type) < CNNL_RAND_RNG_FAST ||
      int(rng_type) > CNNL_RAND_RNG_PHILOX) {
    *status = fail(api, CNNL_STATUS_BAD_PARAM, "unknown rng_type");
    return false;
  }
  if (from_pointers && (seed_ptr == nullptr || offset_ptr == nullptr)) {
    *status = fail(api, CNNL_STATUS_BAD_PARAM,
                   "seed or offset pointer is NULL while the call reads them");
    return false;
  }
  const uint64_t s = from_pointers ? uint64_t(*seed_ptr) : seed;
  const uint64_t o =
      (from_pointers ? uint64_t(*offset_ptr) : offset) + offset_intragraph;
  std::seed_seq sequence{uint32_t(s), uint32_t(s >> 32), uint32_t(o),
                         uint32_t(o >> 32)};
  generator->type = rng_type;
  generator->engine.seed(sequence);
  return true;
}

// v as a tensor of `dtype` holds it.
double as_stored(cnnlDataType_t dtype, double v) {
  alignas(8) char bytes[8] = {};
  store_real(dtype, bytes, 0, v);
  return load_real(dtype, bytes, 0);
}

// output (float types, or real non-bool types when `integers`; any
// strides) = draw(engine, type), element by element in row-major order.
template <class Draw>
cnnlStatus_t fill_drawn(const char* api, const cnnlTensorDescriptor_t desc,
                        void* output, cnnlRandGeneratorStruct* generator,
                        bool integers, Draw draw) {
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!usable(api, desc, output, "output", &status)) return status;
  const cnnlDataType_t dtype = desc->dtype;
  if (integers ? !is_real_number(dtype) || dtype == CNNL_DTYPE_BOOL
               : !is_float_type(dtype)) {
    return fail(api, CNNL_STATUS_NOT_SUPPORTED,
                integers ? "output is not a real non-bool type"
                         : "output is not half, bfloat16, float or double");
  }
  for_each_offset(desc->dims, desc->strides, [&](int64_t at) {
    store_real(dtype, output, at, draw(generator->engine, dtype));
  });
  return CNNL_STATUS_SUCCESS;
}

}  // namespace

extern "C" {

cnnlStatus_t cnnlGenerateRandUniform(
    cnnlHandle_t handle, const cnnlRandRngType_t rng_type,
    const bool from_pointers, const uint64_t seed, const uint64_t offset,
    const int64_t* seed_ptr, const int64_t* offset_ptr,
    const uint32_t offset_intragraph, const float min, const float max,
    const cnnlTensorDescriptor_t output_desc, void* output) {
  const char* api = "cnnlGenerateRandUniform";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  cnnlRandGeneratorStruct generator;
  if (!counter_seed(api, handle, rng_type, from_pointers, seed, offset,
                    seed_ptr, offset_ptr, offset_intragraph, &generator,
                    &status)) {
    return status;
  }
  if (!(min <= max)) return fail(api, CNNL_STATUS_BAD_PARAM, "min > max");
  std::uniform_real_distribution<double> dist(min, max);
  return fill_drawn(api, output_desc, output, &generator, false,
                    [&](std::mt19937_64& engine, cnnlDataType_t dtype) {
                      // [min, max): a value the output's type rounds up to max
                      // is drawn again.
                      double v;
                      do {
                        v = dist(engine);
                      } while (max > min && as_stored(dtype, v) >= max);
                      return v;
                    });
}

cnnlStatus_t cnnlGenerateRandNormal(
    cnnlHandle_t handle, const cnnlRandRngType_t rng_type,
    const bool from_pointers, const uint64_t seed, const uint64_t offset,
    const int64_t* seed_ptr, const int64_t* offset_ptr,
    const uint32_t offset_intragraph, const float mean, const float stddev,
    const cnnlTensorDescriptor_t output_desc, void* output) {
  const char* api = "cnnlGenerateRandNormal";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  cnnlRandGeneratorStruct generator;
  if (!counter_seed(api, handle, rng_type, from_pointers, seed, offset,
                    seed_ptr, offset_ptr, offset_intragraph, &generator,
                    &status)) {
    return status;
  }
  if (!(stddev >= 0)) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "stddev is negative");
  }
  std::normal_distribution<double> dist(mean, stddev);
  return fill_drawn(
      api, output_desc, output, &generator, false,
      [&](std::mt19937_64& engine, cnnlDataType_t) { return dist(engine); });
}

cnnlStatus_t cnnlGenerateRandExponential(
    cnnlHandle_t handle, const cnnlRandRngType_t rng_type, const void* lambda,
    const bool from_pointers, const uint64_t seed, const uint64_t offset,
    const int64_t* seed_ptr, const int64_t* offset_ptr,
    const uint32_t offset_intragraph, const cnnlTensorDescriptor_t output_desc,
    void* output) {
  const char* api = "cnnlGenerateRandExponential";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  cnnlRandGeneratorStruct generator;
  if (!counter_seed(api, handle, rng_type, from_pointers, seed, offset,
                    seed_ptr, offset_ptr, offset_intragraph, &generator,
                    &status)) {
    return status;
  }
  if (lambda == nullptr) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "lambda is NULL");
  }
  if (output_desc == nullptr || !output_desc->set) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "output_desc is NULL or not set");
  }
  // lambda: a host scalar of output's type.
  const double rate = load_real(output_desc->dtype, lambda, 0);
  if (!(rate > 0)) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "lambda is not positive");
  }
  std::exponential_distribution<double> dist(rate);
  return fill_drawn(
      api, output_desc, output, &generator, false,
      [&](std::mt19937_64& engine, cnnlDataType_t) { return dist(engine); });
}

cnnlStatus_t cnnlGenerateRandDiscreteUniform(
    cnnlHandle_t handle, const cnnlRandRngType_t rng_type,
    const bool from_pointers, const uint64_t seed, const uint64_t offset,
    const int64_t* seed_ptr, const int64_t* offset_ptr,
    const uint32_t offset_intragraph, const int64_t range, const int64_t base,
    const cnnlTensorDescriptor_t output_desc, void* output) {
  const char* api = "cnnlGenerateRandDiscreteUniform";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  cnnlRandGeneratorStruct generator;
  if (!counter_seed(api, handle, rng_type, from_pointers, seed, offset,
                    seed_ptr, offset_ptr, offset_intragraph, &generator,
                    &status)) {
    return status;
  }
  if (range < 1) return fail(api, CNNL_STATUS_BAD_PARAM, "range is below 1");
  std::uniform_int_distribution<int64_t> dist(0, range - 1);
  return fill_drawn(api, output_desc, output, &generator, true,
                    [&](std::mt19937_64& engine, cnnlDataType_t) {
                      return double(base + dist(engine));
                    });
}

cnnlStatus_t cnnlGenerateRandMultinomial(
    cnnlHandle_t handle, const cnnlRandRngType_t rng_type,
    const cnnlTensorDescriptor_t input_desc, const void* input,
    const bool from_pointers, const uint64_t seed, const uint64_t offset,
    const int64_t* seed_ptr, const int64_t* offset_ptr,
    const uint32_t offset_intragraph, const bool is_replacement,
    const bool is_logits, void* workspace, size_t workspace_size,
    const cnnlTensorDescriptor_t output_desc, void* output) {
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  cnnlRandGeneratorStruct generator;
  if (!counter_seed("cnnlGenerateRandMultinomial", handle, rng_type,
                    from_pointers, seed, offset, seed_ptr, offset_ptr,
                    offset_intragraph, &generator, &status)) {
    return status;
  }
  return cnnlRandGenerateMultinomial_v2(
      handle, &generator, input_desc, input, is_replacement, is_logits, nullptr,
      workspace, workspace_size, output_desc, output);
}

cnnlStatus_t cnnlFusedDropout_v3(
    cnnlHandle_t handle, const cnnlRandRngType_t rng_type,
    const cnnlTensorDescriptor_t input_desc, const void* input,
    const bool from_pointers, const uint64_t seed, const uint64_t offset,
    const int64_t* seed_ptr, const int64_t* offset_ptr,
    const uint32_t offset_intragraph, const float keep_probability,
    const cnnlTensorDescriptor_t mask_desc, void* mask,
    const cnnlTensorDescriptor_t output_desc, void* output) {
  const char* api = "cnnlFusedDropout_v3";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  cnnlRandGeneratorStruct generator;
  if (!counter_seed(api, handle, rng_type, from_pointers, seed, offset,
                    seed_ptr, offset_ptr, offset_intragraph, &generator,
                    &status)) {
    return status;
  }
  if (!(keep_probability >= 0 && keep_probability <= 1)) {
    return fail(api, CNNL_STATUS_BAD_PARAM,
                "keep_probability is not in [0, 1]");
  }
  return cnnlFusedDropout_v2(handle, &generator, input_desc, input,
                             1.0f - keep_probability, nullptr, mask_desc, mask,
                             output_desc, output);
}

}  // extern "C"
