// mluOp host layer: statuses, handle, tensor descriptors (mlu_op_base.h) and
// the operators' APIs, one header each, spelled as in mlu-ops so that code
// written against the real library compiles. It lives under xbang/ops/ so
// that a project building mlu-ops itself gets mlu-ops' own mlu_op.h.
#pragma once

#include "xbang/ops/dynamic_scatter_backward.h"
#include "xbang/ops/indice_convolution_forward.h"
#include "xbang/ops/mlu_op_base.h"
#include "xbang/ops/psroipool_forward.h"
#include "xbang/ops/three_interpolate_backward.h"
#include "xbang/ops/voxel_pooling_forward.h"
