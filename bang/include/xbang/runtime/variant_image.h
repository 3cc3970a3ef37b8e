// A fat binary's variant (docs/cncc.md): the same kernel file compiled for
// another architecture, as a shared object embedded in the object cncc
// writes. The object registers it at load; the device loads it (privately,
// its symbols bound to itself) the first time a launch on a device of that
// architecture finds no code of its own for it.
#pragma once

#include <cstddef>

namespace xbang {
namespace detail {

void register_variant_image(int arch, const char* source,
                            const unsigned char* image, std::size_t bytes);
void unregister_variant_image(const unsigned char* image);

struct VariantImage {
  VariantImage(int arch, const char* source, const unsigned char* image,
               std::size_t bytes)
      : image_(image) {
    register_variant_image(arch, source, image, bytes);
  }
  ~VariantImage() { unregister_variant_image(image_); }
  VariantImage(const VariantImage&) = delete;
  VariantImage& operator=(const VariantImage&) = delete;

 private:
  const unsigned char* image_;
};

}  // namespace detail
}  // namespace xbang
