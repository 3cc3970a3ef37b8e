// CNNL's random generators: a generator is a seeded 64-bit Mersenne Twister
// (std::mt19937_64) whose stream continues from call to call; uniform and
// normal numbers come from the standard library's distributions in double,
// stored in the output's type.
#include <random>

#include "cnnl_internal.h"

using namespace xbang::cnnl_detail;

struct cnnlRandGeneratorStruct {
  cnnlRandRngType_t type = CNNL_RAND_RNG_MTGP32;
  std::mt19937_64 engine;
};

namespace {

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
                                     void* /*state*/, const size_t num,
                                     const float min, const float max,
                                     void* output) {
  const char* api = "cnnlRandGenerateUniform";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!generate_ok(api, handle, generator, data_type, num, output, &status)) {
    return status;
  }
  if (!(min <= max)) return fail(api, CNNL_STATUS_BAD_PARAM, "min > max");
  std::uniform_real_distribution<double> dist(min, max);
  for (size_t i = 0; i < num; ++i) {
    // [min, max): a value the output's type rounds up to max is drawn
    // again.
    do {
      store_real(data_type, output, int64_t(i), dist(generator->engine));
    } while (max > min && load_real(data_type, output, int64_t(i)) >= max);
  }
  return CNNL_STATUS_SUCCESS;
}

cnnlStatus_t cnnlRandGenerateNormal(cnnlHandle_t handle,
                                    const cnnlRandGenerator_t generator,
                                    const cnnlDataType_t data_type,
                                    void* /*state*/, const size_t num,
                                    const float mean, const float stddev,
                                    void* output) {
  const char* api = "cnnlRandGenerateNormal";
  cnnlStatus_t status = CNNL_STATUS_SUCCESS;
  if (!generate_ok(api, handle, generator, data_type, num, output, &status)) {
    return status;
  }
  if (!(stddev >= 0)) {
    return fail(api, CNNL_STATUS_BAD_PARAM, "stddev is negative");
  }
  std::normal_distribution<double> dist(mean, stddev);
  for (size_t i = 0; i < num; ++i) {
    store_real(data_type, output, int64_t(i), dist(generator->engine));
  }
  return CNNL_STATUS_SUCCESS;
}

}  // extern "C"
