// The main job's contract: each operator registers a function that runs it at
// its design doc's network scale and returns one row per case.
#pragma once

#include <bang.h>

#include <string>
#include <vector>

namespace xbang_main {

struct Row {
  std::string op;            // operator name
  std::string shape;         // the case, e.g. "B=2 N=473088 C=80 128x128x1"
  std::string dtype;         // "float", "half"
  double ms = 0;             // operator time (median of a few runs)
  double reference_ms = 0;   // the doc's scalar reference on the same case
  double gbps = 0;           // bytes the op must move / ms (0 if not relevant)
  double memcpy_gbps = 0;    // memcpy bandwidth measured in the same run
  double gflops = 0;         // for matrix work (0 if not relevant)
  double peak_gflops = 0;    // FMA peak measured in the same run
  std::string accuracy;      // e.g. "diff1=1.2e-07 diff2=3.4e-07"
  bool pass = false;         // accuracy within the doc's 1.5 criterion
  xbang::Counters counters;  // emulator counters of one operator call
  // Rows of mlu-ops' own operators (bench/mlu_ops): their table, and the
  // time of xbang's operator on the same case in the same run.
  bool mlu_ops_operator = false;
  double xbang_op_ms = 0;
};

using RowsFn = std::vector<Row> (*)();

struct Registrar {
  Registrar(const char* op, RowsFn fn);
};

}  // namespace xbang_main

// In an operator's main-job source:  XBANG_MAIN_JOB(voxel_pooling_forward, fn);
#define XBANG_MAIN_JOB(op, fn) \
  static ::xbang_main::Registrar xbang_main_registrar_##op(#op, fn)
