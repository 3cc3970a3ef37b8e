// Layout built-ins (docs/builtins.md): __bang_transpose,
// __bang_rotate90/180/270 and __bang_mirror on row-major height x width
// matrices.
//
// The spec says only "likewise" for the rotations; these tests hold them to
// the convention the library documents (bang/include/xbang/builtins/layout.h):
// rotations are clockwise, and the mirror flips each row left to right.
#include "elementwise_check.h"

namespace bang_test {
namespace {

template <class T>
class Layout : public ::testing::Test {};
using LayoutTypes = ::testing::Types<int8_t, half, float, int16_t, int32_t>;
TYPED_TEST_SUITE(Layout, LayoutTypes);

enum class Shape { kTranspose, kRotate90, kRotate180, kRotate270, kMirror };
const char* shape_name(Shape s) {
  switch (s) {
    case Shape::kTranspose:
      return "__bang_transpose";
    case Shape::kRotate90:
      return "__bang_rotate90";
    case Shape::kRotate180:
      return "__bang_rotate180";
    case Shape::kRotate270:
      return "__bang_rotate270";
    case Shape::kMirror:
      return "__bang_mirror";
  }
  return "?";
}

// Where src[i][j] (h x w) lands in dst.
long destination(Shape s, long i, long j, long h, long w) {
  switch (s) {
    case Shape::kTranspose:
      return j * h + i;  // w x h
    case Shape::kRotate90:
      return j * h + (h - 1 - i);  // w x h
    case Shape::kRotate180:
      return (h - 1 - i) * w + (w - 1 - j);  // h x w
    case Shape::kRotate270:
      return (w - 1 - j) * h + i;  // w x h
    case Shape::kMirror:
      return i * w + (w - 1 - j);  // h x w
  }
  return 0;
}

template <class T>
void run_shape(Shape s, T* dst, T* src, int h, int w) {
  switch (s) {
    case Shape::kTranspose:
      __bang_transpose(dst, src, h, w);
      break;
    case Shape::kRotate90:
      __bang_rotate90(dst, src, h, w);
      break;
    case Shape::kRotate180:
      __bang_rotate180(dst, src, h, w);
      break;
    case Shape::kRotate270:
      __bang_rotate270(dst, src, h, w);
      break;
    case Shape::kMirror:
      __bang_mirror(dst, src, h, w);
      break;
  }
}

// Distinct values (as far as T allows) so a misplaced element shows.
template <class T>
std::vector<T> numbered(long count) {
  std::vector<T> v(count);
  for (long k = 0; k < count; ++k) {
    if constexpr (std::is_same_v<T, half>) {
      v[k] = xbang::half_from_bits(uint16_t(k * 7 + 1) & 0x7bff);  // no NaN/Inf
    } else if constexpr (std::is_same_v<T, float>) {
      v[k] = float(k) + 0.25f;
    } else {
      v[k] = T(k * 7 + 3);
    }
  }
  return v;
}

template <class T>
void check_shape(Shape s, int h, int w) {
  SCOPED_TRACE(std::string(shape_name(s)) + " " + Elem<T>::name() + " " +
               std::to_string(h) + "x" + std::to_string(w));
  const long count = long(h) * w;
  const auto src = numbered<T>(count);
  std::vector<T> want(count + kTail, sentinel<T>());
  for (long i = 0; i < h; ++i) {
    for (long j = 0; j < w; ++j) {
      want[destination(s, i, j, h, w)] = src[i * w + j];
    }
  }
  NramCase c;
  const int is = c.add(src);
  const int id = c.add_filled<T>(count + kTail, sentinel<T>());
  ASSERT_TRUE(c.run([&](const NramCase& k) {
    run_shape(s, k.ptr<T>(id), k.ptr<T>(is), h, w);
  }));
  EXPECT_TRUE(arrays_equal(c.get<T>(id), want));
  EXPECT_EQ(c.get<T>(is).size(), size_t(count));
  EXPECT_TRUE(arrays_equal(c.get<T>(is), src)) << "src modified";
}

template <class T>
std::vector<std::pair<int, int>> layout_shapes() {
  const int big_h = 257;
  const int big_w = (nram_count<T>(2) - kTail) / big_h;
  return {{1, 1},    {1, 7},    {1, 1000}, {1000, 1},     {7, 1},
          {3, 1000}, {1000, 3}, {3, 8},    {8, 3},        {8, 8},
          {16, 16},  {17, 31},  {33, 65},  {64, 64},      {65, 63},
          {9, 130},  {0, 5},    {5, 0},    {big_h, big_w}};
}

TYPED_TEST(Layout, Transpose) {
  for (auto [h, w] : layout_shapes<TypeParam>()) {
    check_shape<TypeParam>(Shape::kTranspose, h, w);
  }
}

TYPED_TEST(Layout, RotateAndMirror) {
  for (Shape s : {Shape::kRotate90, Shape::kRotate180, Shape::kRotate270,
                  Shape::kMirror}) {
    for (auto [h, w] : layout_shapes<TypeParam>()) {
      check_shape<TypeParam>(s, h, w);
    }
  }
}

// Convention-free relations: four quarter turns and two mirrors are the
// identity; rotate90 then rotate270 is the identity; transpose twice too.
TEST(LayoutRelations, TurnsCompose) {
  const int h = 13, w = 29;
  const auto src = numbered<float>(h * w);
  NramCase c;
  const int a = c.add(src), b = c.add_filled<float>(h * w, 0),
            r = c.add_filled<float>(h * w, 0),
            m = c.add_filled<float>(h * w, 0),
            t = c.add_filled<float>(h * w, 0);
  ASSERT_TRUE(c.run([&](const NramCase& k) {
    float* x = k.ptr<float>(a);
    float* y = k.ptr<float>(b);
    float* z = k.ptr<float>(r);
    __bang_rotate90(y, x, h, w);  // w x h
    __bang_rotate90(z, y, w, h);  // h x w
    __bang_rotate90(y, z, h, w);  // w x h
    __bang_rotate90(z, y, w, h);  // back to h x w
    __bang_rotate90(y, x, h, w);
    __bang_rotate270(k.ptr<float>(m), y, w, h);
    __bang_mirror(y, x, h, w);
    __bang_mirror(k.ptr<float>(t), y, h, w);
  }));
  EXPECT_TRUE(arrays_equal(c.get<float>(r), src)) << "4 x rotate90";
  EXPECT_TRUE(arrays_equal(c.get<float>(m), src)) << "rotate270(rotate90)";
  EXPECT_TRUE(arrays_equal(c.get<float>(t), src)) << "mirror twice";
}

}  // namespace
}  // namespace bang_test
