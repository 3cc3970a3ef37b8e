// torch_mlu's LAMB kernels (fused_lamb_internal.mlu: stage 1 computes the
// moments, the update and the per-tensor norms of the parameters and of the
// update with __bang_atomic_add; stage 2 applies the trust ratio), launched
// through bang_fused_lamb_internal with the constants fused_lamb.cpp
// derives, against a scalar model of LAMB written here (apex's
// multi_tensor_lamb rule), on float and half. In an executable of its own:
// its Rsqrt helper has the signature of fused_adam_internal.mlu's.
#include "harness.h"

namespace {

using namespace torch_mlu_test;

template <class T>
class TorchMluLamb : public ::testing::Test {};
using ElementTypes = ::testing::Types<float, half>;
TYPED_TEST_SUITE(TorchMluLamb, ElementTypes);

// LAMB: g = grad / clip, clip = max(1, ||grad|| / max_grad_norm);
// g += decay·p (mode 0); m = b1 m + b3 g (b3 = 1 - b1 with grad averaging,
// else 1); v = b2 v + (1 - b2) g²; u = (m/(1-b1^t)) / (sqrt(v/(1-b2^t)) +
// eps), u += decay·p (mode 1); p -= ratio·u, ratio = lr·||p||/||u|| per
// tensor when the decay is not 0 or the adaptive rate is on and both norms
// are not 0, else lr.
TYPED_TEST(TorchMluLamb, FollowsTheLambRule) {
  using T = TypeParam;
  const float lr = 1e-2f, beta1 = 0.9f, beta2 = 0.999f, eps = 1e-6f;
  const int step = 4;
  struct Case {
    int mode;
    float decay;
    bool adaptive;
    float max_grad_norm;
  };
  for (const Case c : {Case{0, 0.01f, false, 1000.f}, Case{1, 0.01f, true, 5.f},
                       Case{1, 0.f, false, 1000.f}}) {
    SCOPED_TRACE(::testing::Message()
                 << "mode " << c.mode << " decay " << c.decay << " adaptive "
                 << c.adaptive << " max_grad_norm " << c.max_grad_norm);
    const auto grad = stored<T>(values_per_tensor(-1.f, 1.f, 51));
    const auto param = stored<T>(values_per_tensor(-2.f, 2.f, 53));
    const auto m0 = stored<T>(values_per_tensor(-0.1f, 0.1f, 57));
    const auto v0 = stored<T>(values_per_tensor(0.f, 0.05f, 59));
    TensorList<T> g(grad), p(param), m(m0), v(v0);
    const int n = int(kSizes.size());

    double grad_norm = 0;
    for (const auto& tensor : grad) {
      for (float x : tensor) grad_norm += double(x) * x;
    }
    grad_norm = std::sqrt(grad_norm);
    DeviceBuffer global_grad_norm(std::vector<float>{float(grad_norm)});
    DeviceBuffer param_norm(std::vector<float>(n, 0.f));
    DeviceBuffer update_norm(std::vector<float>(n, 0.f));
    DeviceBuffer overflow(std::vector<int32_t>{0});

    // The constants fused_lamb.cpp derives (bias correction on).
    const float bc1 = 1 / (1 - std::pow(beta1, step));
    const float bc2 = 1 / (1 - std::pow(beta2, step));
    const float eps_corr = eps / std::sqrt(bc2);
    const float correction_rate = std::sqrt(bc2) / bc1;
    Queue queue;
    torch_mlu::ops::bang_fused_lamb_internal(
        g.list, p.list, m.list, v.list, size_list(),
        static_cast<float*>(global_grad_norm.get()), n, lr, beta1, beta2,
        eps_corr, c.decay, correction_rate, c.max_grad_norm, c.mode,
        /*grad_averaging=*/1, param_norm.get(), update_norm.get(),
        static_cast<int*>(overflow.get()), c.adaptive, kDim, cnrtFuncTypeUnion1,
        queue.get(), data_type<T>());
    queue.sync();

    const double clip =
        grad_norm > c.max_grad_norm ? grad_norm / c.max_grad_norm : 1.0;
    for (int t = 0; t < n; ++t) {
      const int size = kSizes[t];
      std::vector<double> want_m(size), want_v(size), update(size);
      double pn = 0, un = 0;
      for (int i = 0; i < size; ++i) {
        const double pi = param[t][i];
        double gi = grad[t][i] / clip;
        if (c.mode == 0) gi += double(c.decay) * pi;
        want_m[i] = beta1 * double(m0[t][i]) + (1 - double(beta1)) * gi;
        want_v[i] = beta2 * double(v0[t][i]) + (1 - double(beta2)) * gi * gi;
        const double mhat = want_m[i] / (1 - std::pow(double(beta1), step));
        const double vhat = want_v[i] / (1 - std::pow(double(beta2), step));
        update[i] = mhat / (std::sqrt(vhat) + eps);
        if (c.mode == 1) update[i] += double(c.decay) * pi;
        pn += pi * pi;
        un += update[i] * update[i];
      }
      pn = std::sqrt(pn);
      un = std::sqrt(un);
      const double ratio = (c.adaptive || c.decay != 0) && pn != 0 && un != 0
                               ? lr * pn / un
                               : lr;
      const auto got_p = p.host(t), got_m = m.host(t), got_v = v.host(t);
      for (int i = 0; i < size; ++i) {
        const double want_p = param[t][i] - ratio * update[i];
        ASSERT_NEAR(got_m[i], want_m[i], tolerance<T>(want_m[i]) + 1e-7)
            << "tensor " << t << " element " << i;
        ASSERT_NEAR(got_v[i], want_v[i], tolerance<T>(want_v[i]) + 1e-8)
            << "tensor " << t << " element " << i;
        // The step taken is within 1e-4 of its size in float (float sums
        // of the norms, rearranged constants); in half within 2^-8 of it,
        // as the kernel stores the update, m and v in half (rounded down)
        // between its stages. The result within T's rounding.
        const double step_tolerance =
            std::is_same_v<T, float> ? 1e-4 : std::ldexp(1.0, -8);
        ASSERT_NEAR(got_p[i], want_p,
                    tolerance<T>(want_p) +
                        step_tolerance * std::fabs(ratio * update[i]))
            << "tensor " << t << " element " << i;
      }
    }
  }
}

}  // namespace
