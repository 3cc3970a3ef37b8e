// What the device knows of the kernels' architectures (variants.cpp): the
// launch sites each loaded module registered, fat binaries' variants
// included.
#pragma once

#include <vector>

namespace xbang {
namespace detail {

// The architectures of every registered launch site, ascending, once each.
std::vector<int> loaded_kernel_archs();

}  // namespace detail
}  // namespace xbang
