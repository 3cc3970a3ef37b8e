// __bang_fusion (fusion.h) for every op code, operand form (vector or
// scalar b and c), the cycle form, in place, and every type; and
// bang::experimental::fusor (<bang_fusor.h>). The model computes in float
// (FMA/FMS rounding once; half: then rounds once more to half) or in 64-bit
// integers wrapped to T.
#include <bang_fusor.h>

#include <cmath>

#include "math_check.h"

namespace bang_test {
namespace {

template <class T>
class Fusion : public ::testing::Test {};
using FusionTypes = ::testing::Types<half, float, int16_t, int32_t>;
TYPED_TEST_SUITE(Fusion, FusionTypes);

const mluFusionOpCode kAllOps[] = {FUSION_FMA, FUSION_FMS, FUSION_FAM,
                                   FUSION_FSM, FUSION_FAA, FUSION_FAS,
                                   FUSION_FSS, FUSION_FSA};

template <class C>
C apply_model(mluFusionOpCode op, C a, C b, C c) {
  switch (op) {
    case FUSION_FMA:
      if constexpr (std::is_floating_point_v<C>) return std::fma(a, b, c);
      return a * b + c;
    case FUSION_FMS:
      if constexpr (std::is_floating_point_v<C>) return std::fma(a, b, -c);
      return a * b - c;
    case FUSION_FAM: {
      volatile C s = a + b;
      return s * c;
    }
    case FUSION_FSM: {
      volatile C s = a - b;
      return s * c;
    }
    case FUSION_FAA: {
      volatile C s = a + b;
      return s + c;
    }
    case FUSION_FAS: {
      volatile C s = a + b;
      return s - c;
    }
    case FUSION_FSS: {
      volatile C s = a - b;
      return s - c;
    }
    case FUSION_FSA: {
      volatile C s = a - b;
      return s + c;
    }
  }
  return C(0);
}

template <class T>
T fusion_model(mluFusionOpCode op, T a, T b, T c) {
  if constexpr (kIsFloating<T>) {
    volatile float r =
        apply_model<float>(op, float(Elem<T>::value(a)),
                           float(Elem<T>::value(b)), float(Elem<T>::value(c)));
    return round_to<T>(r);
  } else {
    return static_cast<T>(apply_model<int64_t>(op, a, b, c));
  }
}

template <class T>
std::vector<T> fusion_inputs(int n, uint32_t seed) {
  if constexpr (kIsFloating<T>) return gen_edges<T>(-100, 100)(n, seed);
  return random_values<T>(n, seed, -300, 300);
}

enum class Form { kVV, kSV, kVS, kSS };
const Form kAllForms[] = {Form::kVV, Form::kSV, Form::kVS, Form::kSS};

// Runs one op code and form, six argument (seg_n == 0) or seven argument.
template <class T>
void check_fusion(mluFusionOpCode op, Form form, int n, int seg_n,
                  bool in_place) {
  const int seg = seg_n > 0 ? seg_n : n;
  const auto a = fusion_inputs<T>(n, 11 + n);
  const auto b = fusion_inputs<T>(seg, 23 + n);
  const auto c = fusion_inputs<T>(seg, 37 + n);
  const T bs = Elem<T>::make(1.5), cs = Elem<T>::make(-2.0);
  const bool b_vec = form == Form::kVV || form == Form::kVS;
  const bool c_vec = form == Form::kVV || form == Form::kSV;
  std::vector<T> want(n);
  for (int i = 0; i < n; ++i) {
    want[i] = fusion_model(op, a[i], b_vec ? b[i % seg] : bs,
                           c_vec ? c[i % seg] : cs);
  }
  NramCase k;
  const int ia = k.add(a), ib = k.add(b), ic = k.add(c);
  const int id = in_place ? ia : k.add_filled<T>(n + kTail, sentinel<T>());
  ASSERT_TRUE(k.run([&](const NramCase& r) {
    T* d = r.ptr<T>(id);
    const T* pa = r.ptr<T>(ia);
    const T* pb = r.ptr<T>(ib);
    const T* pc = r.ptr<T>(ic);
    if (seg_n > 0) {
      switch (form) {
        case Form::kVV:
          __bang_fusion(op, d, pa, pb, pc, n, seg_n);
          break;
        case Form::kSV:
          __bang_fusion(op, d, pa, bs, pc, n, seg_n);
          break;
        case Form::kVS:
          __bang_fusion(op, d, pa, pb, cs, n, seg_n);
          break;
        case Form::kSS:
          __bang_fusion(op, d, pa, bs, cs, n, seg_n);
          break;
      }
    } else {
      switch (form) {
        case Form::kVV:
          __bang_fusion(op, d, pa, pb, pc, n);
          break;
        case Form::kSV:
          __bang_fusion(op, d, pa, bs, pc, n);
          break;
        case Form::kVS:
          __bang_fusion(op, d, pa, pb, cs, n);
          break;
        case Form::kSS:
          __bang_fusion(op, d, pa, bs, cs, n);
          break;
      }
    }
  }));
  const auto got = k.get<T>(id);
  EXPECT_TRUE(accepted(got, want, exact<T>(), n));
  if (!in_place) {
    for (int i = 0; i < kTail; ++i) {
      EXPECT_TRUE(same_value(got[n + i], sentinel<T>())) << "past n at " << i;
    }
  }
}

TYPED_TEST(Fusion, EveryOpAndForm) {
  using T = TypeParam;
  for (mluFusionOpCode op : kAllOps) {
    for (Form form : kAllForms) {
      for (int n : {0, 1, 7, 8, 64, 1000, 4099}) {
        SCOPED_TRACE(std::string(Elem<T>::name()) + " op " +
                     std::to_string(int(op)) + " form " +
                     std::to_string(int(form)) + " n=" + std::to_string(n));
        check_fusion<T>(op, form, n, 0, false);
        if (n == 1000) check_fusion<T>(op, form, n, 0, true);
      }
    }
  }
}

TYPED_TEST(Fusion, CycleForm) {
  using T = TypeParam;
  for (mluFusionOpCode op : {FUSION_FMA, FUSION_FMS, FUSION_FSS}) {
    for (Form form : kAllForms) {
      for (auto [n, seg] :
           {std::pair{12, 3}, {1000, 40}, {4096, 1024}, {960, 960}, {96, 1}}) {
        SCOPED_TRACE(std::string(Elem<T>::name()) + " op " +
                     std::to_string(int(op)) + " form " +
                     std::to_string(int(form)) + " n=" + std::to_string(n) +
                     " seg=" + std::to_string(seg));
        check_fusion<T>(op, form, n, seg, false);
      }
    }
  }
}

// The mlu-ops forms: int masks with literal scalars, float with an int
// scalar, a scalar b with a vector c in the seven argument form.
TEST(FusionCallSites, LiteralScalars) {
  std::vector<int32_t> mask = {0, 1, 0, 1, 1, 0, 0, 0, 1};
  std::vector<float> x = {0.25f, 1.f, -2.f, 3.f};
  NramCase k;
  const int im = k.add(mask), ix = k.add(x), iy = k.add(x);
  ASSERT_TRUE(k.run([&](const NramCase& r) {
    __bang_fusion(FUSION_FAM, r.ptr<int32_t>(im), r.ptr<int32_t>(im), 1, -1, 9);
    __bang_fusion(FUSION_FMA, r.ptr<float>(ix), r.ptr<float>(ix), (float)(-1),
                  1, 4);
    __bang_fusion(FUSION_FSM, r.ptr<float>(iy), r.ptr<float>(iy), 0.5f,
                  -INFINITY, 4);
  }));
  EXPECT_EQ(k.get<int32_t>(im),
            (std::vector<int32_t>{-1, -2, -1, -2, -2, -1, -1, -1, -2}));
  EXPECT_EQ(k.get<float>(ix), (std::vector<float>{0.75f, 0.f, 3.f, -2.f}));
  EXPECT_EQ(k.get<float>(iy),
            (std::vector<float>{INFINITY, -INFINITY, INFINITY, -INFINITY}));
}

TEST(FusionChecked, BadOperands) {
  xbang_test::DeviceBuffer g(std::vector<float>(64, 3.f));
  float* gdram = static_cast<float*>(g.get());
  expect_reported_by("__bang_fusion", [&] {
    __bang_fusion(FUSION_FMA, arena_floats(), arena_floats(64), gdram,
                  arena_floats(128), 64);
  });
  expect_reported_by("__bang_fusion", [&] {
    __bang_fusion(FUSION_FMA, arena_floats(), arena_floats(64), 1.f,
                  arena_floats(128), 64, 48);
  });
  expect_reported_by("__bang_fusion", [&] {
    float* near_end = arena_floats(arena_float_count() - 16);
    __bang_fusion(FUSION_FAS, near_end, near_end, near_end, 1.f, 64);
  });
  EXPECT_EQ(g.to_host<float>(), std::vector<float>(64, 3.f));
}

// A Union1 kernel without `if (__is_mpu()) return;`: on the MPU the fusion
// and each fusor step do nothing, are not counted, and warn once per
// built-in.
TEST(FusionOnTheMpu, SkippedAndNotCounted) {
  constexpr int kN = 64;
  xbang::checked::clear_reports();
  xbang::checked::clear_warnings();
  xbang::Counters counters;
  ASSERT_EQ(launch_checked(
                {4, 1, 1}, cnrtFuncTypeUnion1,
                [] {
                  __bang_write_value(arena_floats(), 3 * kN, 1.0f);
                  __bang_fusion(FUSION_FMA, arena_floats(), arena_floats(kN),
                                arena_floats(2 * kN), 2.0f, kN);
                  bang::experimental::fusor<float>(arena_floats(),
                                                   arena_floats(kN), kN)
                      .mul(2.0f);
                },
                "fusion_no_mpu_guard", 20, &counters),
            cnrtSuccess)
      << reports_text();
  EXPECT_TRUE(xbang::checked::reports().empty()) << reports_text();
  const auto warnings = xbang::checked::warnings();
  int fusion_warnings = 0;
  for (const auto& w : warnings) {
    EXPECT_TRUE(w.on_mpu) << w.text();
    fusion_warnings += w.builtin == "__bang_fusion" ? 1 : 0;
  }
  EXPECT_EQ(fusion_warnings, 1);
  // Four compute cores: the fill (3 kN), the fusion (kN), the fusor (kN).
  EXPECT_EQ(counters.elements_of(xbang::Family::kArithmetic),
            uint64_t(4 * 5 * kN));
  xbang::checked::clear_warnings();
}

TEST(Fusor, ChainMatchesTheSteps) {
  const int n = 1003;
  auto v = random_values<float>(n, 5, 0, 100);
  std::vector<float> want(n);
  for (int i = 0; i < n; ++i) {
    volatile float t = v[i] * 0.25f;
    t = std::sqrt(float(t));
    want[i] = float(t) + 1e-3f;
  }
  NramCase k;
  const int is = k.add(v), id = k.add_filled<float>(n, -1.f);
  ASSERT_TRUE(k.run([&](const NramCase& r) {
    bang::experimental::fusor<float>(r.ptr<float>(id), r.ptr<float>(is), n)
        .mul(0.25f)
        .sqrt()
        .add(1e-3f);
  }));
  EXPECT_TRUE(arrays_equal(k.get<float>(id), want));
  EXPECT_TRUE(arrays_equal(k.get<float>(is), v)) << "src is only read";
}

TEST(Fusor, ReportsAndSkipsABadStep) {
  xbang_test::DeviceBuffer g(std::vector<float>(64, 3.f));
  expect_reported_by("bang::experimental::fusor", [&] {
    bang::experimental::fusor<float>(arena_floats(), arena_floats(64), 64)
        .add(static_cast<const float*>(g.get()));
  });
}

}  // namespace
}  // namespace bang_test
