// Pooling built-ins (bang/include/xbang/builtins/pool.h) against a scalar
// model of the documented semantics: [height][width][channel] images,
// windows in row order, the first extreme winning ties, NaNs skipped (an
// all-NaN window gives its first element), sums accumulated in float and
// rounded to T once (within float rounding where a one-channel window is summed
// lane-parallel).
#include <cmath>

#include "elementwise_check.h"
#include "report_check.h"

namespace bang_test {
namespace {

enum class Kind { kSum, kAvg, kMax, kMin };

struct Shape {
  int c, h, w, kh, kw, sx, sy;
  int oh() const { return (h - kh) / sy + 1; }
  int ow() const { return (w - kw) / sx + 1; }
  int in() const { return h * w * c; }
  int out() const { return oh() * ow() * c; }
  std::string text() const {
    return "c" + std::to_string(c) + " h" + std::to_string(h) + " w" +
           std::to_string(w) + " k" + std::to_string(kh) + "x" +
           std::to_string(kw) + " s" + std::to_string(sx) + "," +
           std::to_string(sy);
  }
};

// The real call shapes (mlu-ops' box_iou_rotated, recursive sum pool,
// carafe, deformable attention) and odd sizes around the vector length.
std::vector<Shape> shapes() {
  return {{37, 1, 24, 1, 24, 1, 24},  {5, 5, 7, 2, 3, 2, 1},
          {64, 100, 1, 100, 1, 1, 1}, {3, 8, 1, 4, 1, 1, 4},
          {1000, 2, 3, 2, 3, 1, 1},   {1, 1, 129, 1, 129, 1, 1},
          {16, 6, 6, 3, 3, 3, 3},     {33, 4, 9, 2, 4, 4, 1}};
}

bool better(Kind k, float x, float v) {
  if (std::isnan(x)) return false;
  if (std::isnan(v)) return true;
  return k == Kind::kMax ? x > v : x < v;
}

// Reference values and first-extreme window indices.
template <class T>
void reference(Kind kind, const std::vector<T>& src, const Shape& s,
               std::vector<T>* values, std::vector<uint32_t>* index) {
  values->assign(s.out(), T());
  index->assign(s.out(), 0);
  for (int y = 0; y < s.oh(); ++y) {
    for (int x = 0; x < s.ow(); ++x) {
      for (int ch = 0; ch < s.c; ++ch) {
        auto at = [&](int k) {
          const int py = y * s.sy + k / s.kw, px = x * s.sx + k % s.kw;
          return float(Elem<T>::value(src[(py * s.w + px) * s.c + ch]));
        };
        float acc = at(0);
        uint32_t where = 0;
        for (int k = 1; k < s.kh * s.kw; ++k) {
          if (kind == Kind::kSum || kind == Kind::kAvg) {
            acc += at(k);
          } else if (better(kind, at(k), acc)) {
            acc = at(k);
            where = uint32_t(k);
          }
        }
        if (kind == Kind::kAvg) acc /= float(s.kh * s.kw);
        const int o = (y * s.ow() + x) * s.c + ch;
        (*values)[o] = round_to<T>(acc);
        (*index)[o] = where;
      }
    }
  }
}

// Each kind in its 9-argument (strided) or 7-argument form.
#define RUN_POOL(NAME)                                             \
  (strided ? NAME(dst, src, s.c, s.h, s.w, s.kh, s.kw, s.sx, s.sy) \
           : NAME(dst, src, s.c, s.h, s.w, s.kh, s.kw))
template <class T>
void run_pool(Kind kind, T* dst, const T* src, const Shape& s, bool strided) {
  switch (kind) {
    case Kind::kSum:
      RUN_POOL(__bang_sumpool);
      break;
    case Kind::kAvg:
      RUN_POOL(__bang_avgpool);
      break;
    case Kind::kMax:
      RUN_POOL(__bang_maxpool);
      break;
    case Kind::kMin:
      RUN_POOL(__bang_minpool);
      break;
  }
}
#undef RUN_POOL

template <class T>
class Pool : public ::testing::Test {};
using PoolTypes = ::testing::Types<float, half>;
TYPED_TEST_SUITE(Pool, PoolTypes);

constexpr Kind kKinds[] = {Kind::kSum, Kind::kAvg, Kind::kMax, Kind::kMin};

// Sums: the float rounding of a different order of additions (values are
// below 50 in magnitude), then T's rounding of the result.
template <class T>
Accept<T> sum_accept(const Shape& s) {
  const double order = double(s.kh * s.kw) * 50 * std::ldexp(1.0, -22);
  const double rounding = std::ldexp(1.0, std::is_same_v<T, half> ? -10 : -23);
  return [order, rounding](T got, T want) {
    const double g = Elem<T>::value(got), w = Elem<T>::value(want);
    if (std::isnan(w) || std::isinf(w)) return same_value(got, want);
    return std::fabs(g - w) <= order + rounding * std::fabs(w);
  };
}

TYPED_TEST(Pool, EveryKindAndShapeMatchesTheModel) {
  using T = TypeParam;
  for (Kind kind : kKinds) {
    for (const Shape& shape : shapes()) {
      for (bool strided : {true, false}) {
        Shape s = shape;
        if (!strided) {
          s.sx = s.kw;
          s.sy = s.kh;
        }
        SCOPED_TRACE(s.text() + " kind " + std::to_string(int(kind)));
        // Sums of specials are NaN-heavy; keep them to max/min.
        const bool specials = kind == Kind::kMax || kind == Kind::kMin;
        const auto src =
            random_values<T>(s.in(), 7u + s.in(), -50, 50, specials);
        std::vector<T> want;
        std::vector<uint32_t> index;
        reference(kind, src, s, &want, &index);
        NramCase c;
        const int is = c.add(src);
        const int id = c.add_filled<T>(s.out() + kTail, sentinel<T>());
        ASSERT_TRUE(c.run([&](const NramCase& k) {
          run_pool(kind, k.ptr<T>(id), k.ptr<T>(is), s, strided);
        }));
        const auto got = c.get<T>(id);
        const bool sums = kind == Kind::kSum || kind == Kind::kAvg;
        EXPECT_TRUE(accepted(got, want,
                             sums ? sum_accept<T>(s) : exact_any_zero_sign<T>(),
                             s.out()));
        for (int i = 0; i < kTail; ++i) {
          EXPECT_TRUE(same_value(got[s.out() + i], sentinel<T>()));
        }
      }
    }
  }
}

// dst == src, dst below src (mlu-ops' recursive sum pool folds rows into
// the front of the same buffer) and dst overlapping src from above.
TYPED_TEST(Pool, OverlappingOperands) {
  using T = TypeParam;
  for (const Shape& s :
       {Shape{24, 9, 1, 3, 1, 1, 3}, Shape{1, 64, 1, 8, 1, 1, 8}}) {
    const auto src = random_values<T>(s.in(), 99, -4, 4);
    std::vector<T> want;
    std::vector<uint32_t> index;
    reference(Kind::kSum, src, s, &want, &index);
    for (int shift : {0, -s.c, s.c, 5}) {
      SCOPED_TRACE(s.text() + " dst at src + " + std::to_string(shift));
      std::vector<T> buffer(s.in() + 2 * 24, T());
      std::copy(src.begin(), src.end(), buffer.begin() + 24);
      NramCase c;
      const int ib = c.add(buffer);
      ASSERT_TRUE(c.run([&](const NramCase& k) {
        T* base = k.ptr<T>(ib) + 24;
        __bang_sumpool(base + shift, base, s.c, s.h, s.w, s.kh, s.kw, s.sx,
                       s.sy);
      }));
      const auto got = c.get<T>(ib);
      const std::vector<T> out(got.begin() + 24 + shift,
                               got.begin() + 24 + shift + s.out());
      EXPECT_TRUE(accepted(out, want, sum_accept<T>(s), s.out()));
    }
  }
}

TYPED_TEST(Pool, ValueIndexAndIndexForms) {
  using T = TypeParam;
  using Index = std::conditional_t<sizeof(T) == 2, uint16_t, uint32_t>;
  for (Kind kind : {Kind::kMax, Kind::kMin}) {
    for (const Shape& s : shapes()) {
      SCOPED_TRACE(s.text() + (kind == Kind::kMax ? " max" : " min"));
      auto src = random_values<T>(s.in(), 31u + s.in(), -8, 8, true);
      // Integers in a small range: ties inside every window.
      for (auto& v : src) {
        if (!is_nan(v)) v = Elem<T>::make(std::round(Elem<T>::value(v) / 4));
      }
      std::vector<T> want;
      std::vector<uint32_t> want_index;
      reference(kind, src, s, &want, &want_index);
      const int index_offset = (s.out() + 16) * int(sizeof(T));
      NramCase c;
      const int is = c.add(src);
      const int id = c.add_filled<T>(2 * s.out() + 16, T());
      const int ii = c.add_filled<Index>(s.out(), Index(0xABCD));
      ASSERT_TRUE(c.run([&](const NramCase& k) {
        if (kind == Kind::kMax) {
          __bang_maxpool_value_index(k.ptr<T>(id), k.ptr<T>(is), s.c, s.h, s.w,
                                     s.kh, s.kw, s.sx, s.sy, index_offset);
          __bang_maxpool_index(k.ptr<Index>(ii), k.ptr<T>(is), s.c, s.h, s.w,
                               s.kh, s.kw, s.sx, s.sy);
        } else {
          __bang_minpool_value_index(k.ptr<T>(id), k.ptr<T>(is), s.c, s.h, s.w,
                                     s.kh, s.kw, s.sx, s.sy, index_offset);
          __bang_minpool_index(k.ptr<Index>(ii), k.ptr<T>(is), s.c, s.h, s.w,
                               s.kh, s.kw, s.sx, s.sy);
        }
      }));
      const auto got = c.get<T>(id);
      EXPECT_TRUE(accepted(got, want, exact<T>(), s.out()));
      const auto raw = c.get<uint8_t>(id);
      const auto index = c.get<Index>(ii);
      for (int i = 0; i < s.out(); ++i) {
        Index beside;
        std::memcpy(&beside, raw.data() + index_offset + i * sizeof(Index),
                    sizeof(Index));
        ASSERT_EQ(beside, want_index[i]) << "value_index at " << i;
        ASSERT_EQ(index[i], want_index[i]) << "index at " << i;
      }
    }
  }
}

// mlu-ops' box_iou_rotated sorts each box's 24 intersection points by angle
// with __bang_maxpool_value_index (channel = box, one window per row); an
// unused point's angle is 0/0, so the maximum must skip NaN, as it does on
// the MLU (the kernel passes its cases there).
TYPED_TEST(Pool, MaxPoolValueIndexSkipsNanAsBoxIouRotatedSortsAngles) {
  using T = TypeParam;
  using Index = std::conditional_t<sizeof(T) == 2, uint16_t, uint32_t>;
  constexpr int kBoxes = 3, kPoints = 24;
  const float nan = std::nanf("");
  std::vector<T> angles(kBoxes * kPoints, Elem<T>::make(nan));
  auto set = [&](int box, int point, float v) {
    angles[point * kBoxes + box] = Elem<T>::make(v);
  };
  set(0, 5, 0.5f);  // box 0: NaN but for points 5 and 7
  set(0, 7, 0.75f);
  // box 1: every angle NaN
  for (int p = 1; p < kPoints; ++p) set(2, p, -1.f);  // box 2: -1, NaN first
  set(2, 23, 0.25f);
  const int index_offset = 64 * int(sizeof(T));
  NramCase c;
  const int is = c.add(angles);
  const int id = c.add_filled<T>(64 + kBoxes, T());
  ASSERT_TRUE(c.run([&](const NramCase& k) {
    __bang_maxpool_value_index(k.ptr<T>(id), k.ptr<T>(is), kBoxes, 1, kPoints,
                               1, kPoints, 1, kPoints, index_offset);
  }));
  const auto got = c.get<T>(id);
  const auto raw = c.get<uint8_t>(id);
  auto index_of = [&](int box) {
    Index index;
    std::memcpy(&index, raw.data() + index_offset + box * sizeof(Index),
                sizeof(Index));
    return index;
  };
  EXPECT_EQ(float(Elem<T>::value(got[0])), 0.75f);
  EXPECT_EQ(index_of(0), 7u);
  EXPECT_TRUE(std::isnan(float(Elem<T>::value(got[1]))));
  EXPECT_EQ(index_of(1), 0u);
  EXPECT_EQ(float(Elem<T>::value(got[2])), 0.25f);
  EXPECT_EQ(index_of(2), 23u);
}

// The backward max pool of older toolkits: each window's gradient goes to
// the position its index names (ky * kw + kx), every other element is 0,
// overlapping windows add up. The indices come from __bang_maxpool_index on
// random images, plus indices outside the window, which add nothing.
TYPED_TEST(Pool, MaxPoolBackward) {
  using T = TypeParam;
  using Index = std::conditional_t<sizeof(T) == 2, int16_t, int32_t>;
  for (const Shape& s : shapes()) {
    for (const bool strided : {true, false}) {
      for (const bool new_spelling : {false, true}) {
        Shape shape = s;
        if (!strided) shape.sx = s.kw, shape.sy = s.kh;
        SCOPED_TRACE(shape.text() + (new_spelling ? " max_pool_bp" : ""));
        const int window = shape.kh * shape.kw;
        std::vector<Index> index(shape.out());
        const auto pick =
            random_values<float>(shape.out(), 5u + shape.in(), 0, 1.0, false);
        for (int i = 0; i < shape.out(); ++i) {
          index[i] = Index(int(pick[i] * window));
          if (i % 17 == 3) index[i] = Index(window);  // outside: skipped
        }
        const auto grad =
            random_values<T>(shape.out(), 9u + shape.out(), -4, 4, false);
        std::vector<float> sum(shape.in(), 0.f);
        std::vector<T> want(shape.in(), Elem<T>::make(0));
        for (int y = 0; y < shape.oh(); ++y) {
          for (int x = 0; x < shape.ow(); ++x) {
            for (int ch = 0; ch < shape.c; ++ch) {
              const int o = (y * shape.ow() + x) * shape.c + ch;
              const int k = index[o];
              if (k < 0 || k >= window) continue;
              const int at = ((y * shape.sy + k / shape.kw) * shape.w +
                              x * shape.sx + k % shape.kw) *
                                 shape.c +
                             ch;
              want[at] = round_to<T>(float(Elem<T>::value(want[at])) +
                                     float(Elem<T>::value(grad[o])));
            }
          }
        }
        NramCase c;
        const int ig = c.add(grad);
        const int ii = c.add(index);
        const int id = c.add_filled<T>(shape.in() + kTail, sentinel<T>());
        ASSERT_TRUE(c.run([&](const NramCase& k) {
          T* d = k.ptr<T>(id);
          const T* g = k.ptr<T>(ig);
          const Index* i = k.ptr<Index>(ii);
          if (new_spelling && strided) {
            __bang_max_pool_bp(d, g, i, shape.c, shape.h, shape.w, shape.kh,
                               shape.kw, shape.sx, shape.sy);
          } else if (new_spelling) {
            __bang_max_pool_bp(d, g, i, shape.c, shape.h, shape.w, shape.kh,
                               shape.kw);
          } else if (strided) {
            __bang_maxpool_bp(d, g, i, shape.c, shape.h, shape.w, shape.kh,
                              shape.kw, shape.sx, shape.sy);
          } else {
            __bang_maxpool_bp(d, g, i, shape.c, shape.h, shape.w, shape.kh,
                              shape.kw);
          }
        }));
        const auto got = c.get<T>(id);
        EXPECT_TRUE(accepted(got, want, exact<T>(), shape.in()));
        for (int i = shape.in(); i < shape.in() + kTail; ++i) {
          ASSERT_TRUE(same_value(got[i], sentinel<T>()))
              << "past the end " << i;
        }
      }
    }
  }
}

TEST(PoolChecked, MaxPoolBackwardGradientOverlapsDestination) {
  expect_report("__bang_maxpool_bp", [](int8_t* nram) {
    float* f = reinterpret_cast<float*>(nram);
    const int32_t* index = reinterpret_cast<const int32_t*>(f + 256);
    __bang_maxpool_bp(f, f + 2, index, 4, 4, 4, 2, 2, 2, 2);
  });
}

TEST(PoolChecked, KernelLargerThanImage) {
  expect_report(
      "__bang_sumpool",
      [](int8_t* nram) {
        float* f = reinterpret_cast<float*>(nram);
        __bang_sumpool(f, f + 64, 4, 2, 2, 3, 1, 1, 1);
      },
      "larger");
}

TEST(PoolChecked, NonPositiveStride) {
  expect_report(
      "__bang_maxpool",
      [](int8_t* nram) {
        float* f = reinterpret_cast<float*>(nram);
        __bang_maxpool(f, f + 64, 4, 2, 2, 1, 1, 0, 1);
      },
      "positive");
}

TEST(PoolChecked, GdramSourceAndIndexPastNram) {
  xbang_test::DeviceBuffer g(std::vector<float>(64, 1.f));
  expect_report("__bang_minpool", [&](int8_t* nram) {
    __bang_minpool(reinterpret_cast<float*>(nram), static_cast<float*>(g.get()),
                   4, 4, 4, 2, 2, 2, 2);
  });
  expect_report(
      "__bang_maxpool_value_index",
      [](int8_t* nram) {
        float* f = reinterpret_cast<float*>(nram);
        __bang_maxpool_value_index(f, f + 64, 4, 4, 4, 2, 2, 2, 2,
                                   int(kArenaBytes));
      },
      "index");
}

}  // namespace
}  // namespace bang_test
