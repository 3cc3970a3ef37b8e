// The console reporter every benchmark executable uses: it prints as
// benchmark::ConsoleReporter does and records, per benchmark, the times and
// counters the executable's ratio printing reads after the runs; and the
// main() those executables share.
#pragma once

#include <benchmark/benchmark.h>

#include <algorithm>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace xbang_bench {

class RecordingReporter : public benchmark::ConsoleReporter {
 public:
  // One benchmark's measurements. With --benchmark_repetitions each value is
  // the median over the repetitions (best with
  // --benchmark_enable_random_interleaving on a busy machine).
  struct Entry {
    double seconds = 0;      // real time per iteration
    double cpu_seconds = 0;  // CPU time of the benchmark's thread per iteration
    std::map<std::string, double> counters;  // as reported (rates finished)
  };

  // The key of a run: its function name, arguments and threads, without the
  // run-configuration parts of benchmark_name() ("/min_time:...",
  // "/iterations:...", "/repeats:...", "/real_time"), so that the ratio code
  // does not depend on how a benchmark is timed.
  static std::string key_of(const Run& run) {
    std::string key = run.run_name.function_name;
    for (const std::string* part :
         {&run.run_name.args, &run.run_name.threads}) {
      if (!part->empty()) key += "/" + *part;
    }
    return key;
  }

  void ReportRuns(const std::vector<Run>& runs) override {
    for (const Run& run : runs) {
      if (run.error_occurred || run.iterations <= 0) continue;
      const bool median =
          run.run_type == Run::RT_Aggregate && run.aggregate_name == "median";
      if (run.run_type != Run::RT_Iteration && !median) continue;
      Samples& samples = samples_[key_of(run)];
      // With --benchmark_report_aggregates_only only the aggregates arrive.
      // Adjusted times are per iteration in the run's unit, for iteration
      // and aggregate runs alike.
      const double unit = benchmark::GetTimeUnitMultiplier(run.time_unit);
      Sample sample;
      sample.seconds = run.GetAdjustedRealTime() / unit;
      sample.cpu_seconds = run.GetAdjustedCPUTime() / unit;
      for (const auto& [name, counter] : run.counters) {
        sample.counters[name] = counter.value;
      }
      (median ? samples.median : samples.iterations).push_back(sample);
      entries_[key_of(run)] = summarize(samples);
    }
    ConsoleReporter::ReportRuns(runs);
  }

  // The entry whose key is `key`, or nullptr if that benchmark did not run
  // (filtered out or failed).
  const Entry* find(const std::string& key) const {
    const auto it = entries_.find(key);
    return it == entries_.end() ? nullptr : &it->second;
  }

  // The first entry (in key order) whose key starts with `prefix`.
  const Entry* find_prefix(const std::string& prefix) const {
    for (auto it = entries_.lower_bound(prefix); it != entries_.end(); ++it) {
      if (it->first.compare(0, prefix.size(), prefix) != 0) break;
      return &it->second;
    }
    return nullptr;
  }

  // Real seconds per iteration of `key`, 0 if it did not run.
  double seconds(const std::string& key) const {
    const Entry* e = find(key);
    return e == nullptr ? 0 : e->seconds;
  }

  // Counter `name` of `key`, `fallback` if either is missing.
  double counter(const std::string& key, const std::string& name,
                 double fallback = 0) const {
    const Entry* e = find(key);
    if (e == nullptr) return fallback;
    const auto it = e->counters.find(name);
    return it == e->counters.end() ? fallback : it->second;
  }

 private:
  struct Sample {
    double seconds = 0, cpu_seconds = 0;
    std::map<std::string, double> counters;
  };
  struct Samples {
    std::vector<Sample> iterations, median;
  };

  static double median_of(std::vector<double> values) {
    std::sort(values.begin(), values.end());
    return values[values.size() / 2];
  }

  // Google Benchmark's own median aggregate when it reported one, otherwise
  // the median of the repetitions.
  static Entry summarize(const Samples& samples) {
    const std::vector<Sample>& from =
        samples.median.empty() ? samples.iterations : samples.median;
    Entry e;
    std::vector<double> seconds, cpu_seconds;
    std::map<std::string, std::vector<double>> counters;
    for (const Sample& s : from) {
      seconds.push_back(s.seconds);
      cpu_seconds.push_back(s.cpu_seconds);
      for (const auto& [name, value] : s.counters) {
        counters[name].push_back(value);
      }
    }
    e.seconds = median_of(seconds);
    e.cpu_seconds = median_of(cpu_seconds);
    for (auto& [name, values] : counters) {
      e.counters[name] = median_of(std::move(values));
    }
    return e;
  }

  std::map<std::string, Samples> samples_;
  std::map<std::string, Entry> entries_;
};

// The main() of a benchmark executable: parses the benchmark flags (an
// unknown flag is an error), runs the registered benchmarks through a
// RecordingReporter and then calls `print_fn` with it to print the ratios.
// Benchmarks registered at run time must be registered before this call.
inline int run_benchmarks(
    int argc, char** argv,
    const std::function<void(const RecordingReporter&)>& print_fn) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  RecordingReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  print_fn(reporter);
  benchmark::Shutdown();
  return 0;
}

}  // namespace xbang_bench
