// torch_mlu's BANG kernels (Cambricon/torch_mlu,
// torch_mlu/csrc/aten/operators/bang/internal/*.mlu) compiled unchanged and
// launched through the host functions those files define, with the
// arguments torch_mlu's operators (fused_adam.cpp, fused_sgd.cpp,
// fused_l2_norm.cpp, amp_unscale.cpp) pass, against scalar models of the
// update rules written here from their meaning (PyTorch's Adam, SGD with
// momentum, the L2 norm, AMP's non-finite check and unscale), on float and
// half, over several tensors of sizes that are not multiples of a vector.
// <cstdint> first: torch_mlu's amp_non_finite_and_unscale.h uses uint64_t
// without including it.
#include <cstdint>

#include "aten/operators/bang/internal/amp_non_finite_and_unscale.h"
#include "harness.h"

namespace {

using namespace torch_mlu_test;

template <class T>
class TorchMluKernels : public ::testing::Test {};
using ElementTypes = ::testing::Types<float, half>;
TYPED_TEST_SUITE(TorchMluKernels, ElementTypes);

// Adam (PyTorch's rule, bias-corrected): m = b1 m + (1-b1) g,
// v = b2 v + (1-b2) g², p -= lr (m/(1-b1^t)) / (sqrt(v/(1-b2^t)) + eps),
// with the decay added to g (adam_mode 0, L2) or to the update as
// lr·decay·p (adam_mode 1, AdamW). m and v stay float; g and p are T.
TYPED_TEST(TorchMluKernels, FusedAdamFollowsTheAdamRule) {
  using T = TypeParam;
  const float lr = 1e-2f, beta1 = 0.9f, beta2 = 0.999f, eps = 1e-8f;
  const float decay = 0.01f;
  const int step = 3;
  for (int adam_mode : {0, 1}) {
    SCOPED_TRACE("adam_mode " + std::to_string(adam_mode));
    const auto grad = stored<T>(values_per_tensor(-1.f, 1.f, 11));
    const auto param = stored<T>(values_per_tensor(-2.f, 2.f, 23));
    const auto m0 = values_per_tensor(-0.1f, 0.1f, 37);
    const auto v0 = values_per_tensor(0.f, 0.05f, 41);
    TensorList<T> g(grad), p(param);
    TensorList<float> m(m0), v(v0);

    // The constants fused_adam.cpp derives from the hyper-parameters.
    const float bc1 = 1 / (1 - std::pow(beta1, step));
    const float bc2 = 1 / (1 - std::pow(beta2, step));
    const float eps_corr = eps / std::sqrt(bc2);
    const float lr_corr = lr * bc1 / std::sqrt(bc2);
    const float decay_corr = decay / bc1 * std::sqrt(bc2);
    Queue queue;
    torch_mlu::ops::bang_fused_adam_internal(
        g.list, m.list, v.list, p.list, size_list(), int(kSizes.size()), beta1,
        beta2, bc1, bc2, eps, eps_corr, lr, lr_corr, adam_mode, decay,
        decay_corr, kDim, cnrtFuncTypeUnion1, queue.get(), data_type_v2<T>());
    queue.sync();

    for (size_t t = 0; t < kSizes.size(); ++t) {
      const auto got_p = p.host(t), got_m = m.host(t), got_v = v.host(t);
      for (int i = 0; i < kSizes[t]; ++i) {
        double gi = grad[t][i], pi = param[t][i];
        if (adam_mode == 0) gi += double(decay) * pi;
        const double mi = beta1 * double(m0[t][i]) + (1 - double(beta1)) * gi;
        const double vi =
            beta2 * double(v0[t][i]) + (1 - double(beta2)) * gi * gi;
        const double mhat = mi / (1 - std::pow(double(beta1), step));
        const double vhat = vi / (1 - std::pow(double(beta2), step));
        double update = mhat / (std::sqrt(vhat) + eps);
        if (adam_mode == 1) update += double(decay) * pi;
        const double want_p = pi - lr * update;
        ASSERT_NEAR(got_m[i], mi, 1e-5 * std::fabs(mi) + 1e-7)
            << "tensor " << t << " element " << i;
        ASSERT_NEAR(got_v[i], vi, 1e-5 * std::fabs(vi) + 1e-8)
            << "tensor " << t << " element " << i;
        // The update itself is float arithmetic on rearranged constants:
        // compare the step taken, relative to its size, and the result.
        ASSERT_NEAR(got_p[i], want_p,
                    tolerance<T>(want_p) + 1e-5 * std::fabs(lr * update))
            << "tensor " << t << " element " << i;
      }
    }
  }
}

// SGD with momentum (PyTorch's rule, torch_mlu's 3-list form): g *= scale;
// g += wd·p (before the momentum unless wd_after_momentum);
// buf = momentum·buf + (1-dampening)·g (buf = g on the first run);
// g = nesterov ? g + momentum·buf : buf; p -= lr·g.
TYPED_TEST(TorchMluKernels, FusedSgdFollowsTheMomentumRule) {
  using T = TypeParam;
  const float lr = 0.05f, momentum = 0.9f, dampening = 0.1f, wd = 1e-3f;
  const float scale = 0.5f;
  struct Case {
    bool nesterov, first_run, wd_after_momentum;
  };
  for (const Case c : {Case{false, false, false}, Case{true, false, true},
                       Case{false, true, false}}) {
    SCOPED_TRACE(::testing::Message()
                 << "nesterov " << c.nesterov << " first_run " << c.first_run
                 << " wd_after_momentum " << c.wd_after_momentum);
    const auto grad = stored<T>(values_per_tensor(-1.f, 1.f, 5));
    const auto param = stored<T>(values_per_tensor(-2.f, 2.f, 7));
    const auto mom = stored<T>(values_per_tensor(-0.5f, 0.5f, 9));
    TensorList<T> g(grad), p(param), m(mom);
    DeviceBuffer overflow(std::vector<int32_t>{0});
    Queue queue;
    torch_mlu::ops::bang_fused_sgd_internal(
        g.list, p.list, m.list, AddressList{}, size_list(), int(kSizes.size()),
        static_cast<int32_t*>(overflow.get()), wd, momentum, dampening, lr,
        c.nesterov, c.first_run, c.wd_after_momentum, scale, kDim,
        cnrtFuncTypeUnion1, queue.get(), data_type<T>(), data_type<T>(), 3);
    queue.sync();

    for (size_t t = 0; t < kSizes.size(); ++t) {
      const auto got_p = p.host(t), got_m = m.host(t);
      for (int i = 0; i < kSizes[t]; ++i) {
        const double pi = param[t][i];
        double gi = double(grad[t][i]) * scale;
        if (!c.wd_after_momentum) gi += double(wd) * pi;
        const double buf = c.first_run ? gi
                                       : momentum * double(mom[t][i]) +
                                             (1 - double(dampening)) * gi;
        gi = c.nesterov ? gi + momentum * buf : buf;
        if (c.wd_after_momentum) gi += double(wd) * pi;
        const double want_p = pi - lr * gi;
        ASSERT_NEAR(got_m[i], buf, tolerance<T>(buf) + 1e-6)
            << "tensor " << t << " element " << i;
        ASSERT_NEAR(got_p[i], want_p, tolerance<T>(want_p) + 1e-6)
            << "tensor " << t << " element " << i;
      }
    }
  }
}

// A set overflow flag stops SGD before it touches anything.
TYPED_TEST(TorchMluKernels, FusedSgdSkipsOnOverflow) {
  using T = TypeParam;
  const auto grad = stored<T>(values_per_tensor(-1.f, 1.f, 5));
  const auto param = stored<T>(values_per_tensor(-2.f, 2.f, 7));
  TensorList<T> g(grad), p(param), m(grad);
  DeviceBuffer overflow(std::vector<int32_t>{1});
  Queue queue;
  torch_mlu::ops::bang_fused_sgd_internal(
      g.list, p.list, m.list, AddressList{}, size_list(), int(kSizes.size()),
      static_cast<int32_t*>(overflow.get()), 0.f, 0.9f, 0.f, 0.1f, false, false,
      false, 1.f, kDim, cnrtFuncTypeUnion1, queue.get(), data_type<T>(),
      data_type<T>(), 3);
  queue.sync();
  for (size_t t = 0; t < kSizes.size(); ++t) {
    ASSERT_EQ(p.host(t), param[t]) << "tensor " << t;
  }
}

// The L2 norm over all tensors and per tensor: the first kernel adds each
// core's partial sums of squares into per-core slots with
// __bang_atomic_add, the clean-up kernel sums the slots and takes the root;
// a non-finite input sets the overflow flag.
TYPED_TEST(TorchMluKernels, FusedL2NormOfEveryTensorAndOfAll) {
  using T = TypeParam;
  for (bool with_inf : {false, true}) {
    SCOPED_TRACE(with_inf ? "an Inf input" : "finite inputs");
    auto values = stored<T>(values_per_tensor(-1.f, 1.f, 3));
    if (with_inf) values[2][500] = INFINITY;
    TensorList<T> x(values);
    const int n = int(kSizes.size());
    DeviceBuffer buffer(std::vector<float>(kTasks, 0.f));
    DeviceBuffer buffer_per_tensor(std::vector<float>(n * kTasks, 0.f));
    DeviceBuffer out(std::vector<float>(1, -1.f));
    DeviceBuffer out_per_tensor(std::vector<float>(n, -1.f));
    DeviceBuffer overflow(std::vector<int32_t>{0});
    Queue queue;
    torch_mlu::ops::bang_fused_l2_norm_internal(
        x.list, size_list(), static_cast<float*>(buffer.get()),
        static_cast<float*>(buffer_per_tensor.get()), n, true,
        static_cast<int32_t*>(overflow.get()), kDim, cnrtFuncTypeUnion1,
        queue.get(), data_type_v2<T>(), false);
    torch_mlu::ops::bang_fused_l2_norm_clean_internal(
        static_cast<float*>(out.get()),
        static_cast<float*>(out_per_tensor.get()),
        static_cast<float*>(buffer.get()),
        static_cast<float*>(buffer_per_tensor.get()), true, n,
        static_cast<int*>(overflow.get()), kDim, cnrtFuncTypeUnion1,
        queue.get(), false);
    queue.sync();

    double total = 0;
    const auto got = out_per_tensor.to_host<float>();
    for (int t = 0; t < n; ++t) {
      double sum = 0;
      for (float v : values[t]) sum += double(v) * v;
      total += sum;
      if (std::isinf(sum)) {
        EXPECT_TRUE(std::isinf(got[t])) << "tensor " << t;
      } else {
        EXPECT_NEAR(got[t], std::sqrt(sum), 1e-5 * std::sqrt(sum))
            << "tensor " << t;
      }
    }
    const float got_total = out.to_host<float>()[0];
    if (with_inf) {
      EXPECT_TRUE(std::isinf(got_total));
    } else {
      EXPECT_NEAR(got_total, std::sqrt(total), 1e-5 * std::sqrt(total));
    }
    EXPECT_EQ(overflow.to_host<int32_t>()[0], with_inf ? 1 : 0);
  }
}

// AMP: every gradient multiplied by inv_scale; found_inf set to 1 when any
// gradient is Inf or NaN (torch_mlu passes the same tensor as found_inf and
// its output). The single-tensor form and the list form.
TYPED_TEST(TorchMluKernels, AmpNonFiniteCheckAndUnscale) {
  using T = TypeParam;
  const float inv_scale = 1.f / 1024;
  for (int bad : {-1, 0, 1}) {  // no bad value, an Inf, a NaN
    SCOPED_TRACE("case " + std::to_string(bad));
    auto values = stored<T>(values_per_tensor(-60000.f, 60000.f, 13));
    if (bad == 0) values[3][70000] = -INFINITY;
    if (bad == 1) values[1][17] = NAN;
    TensorList<T> grads(values);
    DeviceBuffer found_inf(std::vector<float>{0.f});
    DeviceBuffer scale(std::vector<float>{inv_scale});
    std::vector<uint64_t> numel(kSizes.begin(), kSizes.end());
    Queue queue;
    ASSERT_TRUE(torch_mlu::ops::amp_unscale_internal(
        grads.list.addresses, numel.data(), found_inf.get(), scale.get(),
        found_inf.get(), int32_t(kSizes.size()), cnrtFuncTypeUnion1, kDim,
        queue.get(), data_type<T>()));
    queue.sync();
    EXPECT_EQ(found_inf.to_host<float>()[0], bad >= 0 ? 1.f : 0.f);
    if (bad < 0) {
      for (size_t t = 0; t < kSizes.size(); ++t) {
        const auto got = grads.host(t);
        for (int i = 0; i < kSizes[t]; ++i) {
          // A power of two: the product is exact in float and in half.
          ASSERT_EQ(got[i], values[t][i] * inv_scale)
              << "tensor " << t << " element " << i;
        }
      }
    }

    // The single-tensor form over the largest tensor.
    TensorList<T> one({values[3]});
    DeviceBuffer found_one(std::vector<float>{0.f});
    ASSERT_TRUE(torch_mlu::ops::amp_unscale_internal(
        one.list.addresses[0], found_one.get(), scale.get(), found_one.get(),
        kSizes[3], cnrtFuncTypeUnion1, kDim, queue.get(), data_type<T>()));
    queue.sync();
    EXPECT_EQ(found_one.to_host<float>()[0], bad == 0 ? 1.f : 0.f);
    const auto got = one.host(0);
    for (int i = 0; i < kSizes[3]; ++i) {
      if (std::isinf(values[3][i])) continue;
      ASSERT_EQ(got[i], values[3][i] * inv_scale) << "element " << i;
    }
  }
}

}  // namespace
