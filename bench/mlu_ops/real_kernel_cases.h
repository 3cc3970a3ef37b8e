// The cases on which mlu-ops' own operators run beside xbang's operators of
// the same API: the same host data put on the device once, each operator's
// outputs in buffers of its own, the same checks against the scalar
// reference. Shared by bench_mlu_ops_kernels and the main job.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "mlu_ops_library.h"

namespace real_kernels {

struct Accuracy {
  std::string text;   // the operator's metrics, e.g. "diff1=... diff2=..."
  bool pass = false;  // within the operator's criterion
};

// One case, ready to run either way. Each run returns the operator's status
// (0: success).
class Comparison {
 public:
  virtual ~Comparison() = default;
  virtual int run_xbang() = 0;
  virtual int run_mlu_ops() = 0;
  // One call of mlu-ops' operator from fresh outputs, against the reference.
  virtual Accuracy check_mlu_ops() = 0;
  // Bytes the operator must move (the same measure as xbang's own rows).
  virtual double bytes_moved() const = 0;
};

struct Case {
  std::string op;     // the operator, as xbang's rows name it
  std::string shape;  // the case
  std::string dtype;
  // Puts the case's data on the device.
  std::function<std::unique_ptr<Comparison>(const mlu_ops_library::Library &)>
      make;
};

// psroipool forward (design cases 1, 2 and R-FCN), three_interpolate
// backward (network cases 7 and 10), voxel_pooling forward (network case,
// frustum and random points), dynamic_point_to_voxel backward (max, the
// network case).
std::vector<Case> cases();

}  // namespace real_kernels
