// What headers_cxx11.cpp (compiled as C++11) computes through the toolkit.
#pragma once

#include <cstdint>

// Clusters of device 0 times the device count (1), or -1 on a failed call.
int64_t toolkit_cxx11_cluster_count();
