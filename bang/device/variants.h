// What the device knows of the kernels' architectures (variants.cpp): the
// launch sites each loaded module registered, and the fat-binary variant
// images not loaded yet.
#pragma once

#include <vector>

namespace xbang {
namespace detail {

// The architectures of every registered launch site and variant image,
// ascending, once each.
std::vector<int> loaded_kernel_archs();

}  // namespace detail
}  // namespace xbang
