// Google Benchmark counters for the timing model (docs/timing-model.md): a
// kernel's modelled MLU time and bound beside the CPU time the benchmark
// measures. Wrap the timed loop in a ModelledSpan:
//
//   xbang_bench::ModelledSpan span;
//   for (auto _ : state) run_kernel();
//   span.report(state);  // counters mlu_us, io%, compute%...; label "io-bound"
#pragma once

#include <benchmark/benchmark.h>

#include <string>

#include "xbang/runtime/counters.h"

namespace xbang_bench {

// Sets the counters of `m`, one iteration's modelled time: mlu_us (the
// modelled hardware time in microseconds), the streams' busy shares (io%,
// move%, compute%, scalar%, barrier%) and, as the label, the bound.
inline void report_modelled_time(benchmark::State& state,
                                 const xbang::ModelledTime& m) {
  state.counters["mlu_us"] = m.seconds * 1e6;
  static const char* const kStreams[] = {"io%", "move%", "compute%", "scalar%"};
  for (int s = 0; s < 4; ++s) {
    state.counters[kStreams[s]] = 100 * m.busy_fraction(s);
  }
  state.counters["barrier%"] =
      m.seconds > 0 ? 100 * m.barrier_seconds / m.seconds : 0;
  state.SetLabel(std::string(xbang::bound_name(m.bound())) + "-bound");
}

// The modelled time of the launches between its construction and report(),
// per benchmark iteration (the model is deterministic: every iteration
// models the same).
class ModelledSpan {
 public:
  ModelledSpan() : start_(xbang::total_counters().modelled) {}

  void report(benchmark::State& state) const {
    xbang::ModelledTime m = xbang::total_counters().modelled;
    const double n = state.iterations() > 0 ? double(state.iterations()) : 1;
    m.seconds = (m.seconds - start_.seconds) / n;
    for (size_t s = 0; s < m.stream_seconds.size(); ++s) {
      m.stream_seconds[s] =
          (m.stream_seconds[s] - start_.stream_seconds[s]) / n;
    }
    m.barrier_seconds = (m.barrier_seconds - start_.barrier_seconds) / n;
    m.overhead_seconds = (m.overhead_seconds - start_.overhead_seconds) / n;
    report_modelled_time(state, m);
  }

 private:
  xbang::ModelledTime start_;
};

}  // namespace xbang_bench
