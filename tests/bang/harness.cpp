#include "harness.h"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <future>
#include <thread>

namespace bang_test {
namespace {
// The test kernels' whole NRAM layout: one arena, as real kernels declare it.
__nram__ int8_t nram_buffer[kArenaBytes];
}  // namespace

int8_t* nram_arena() { return nram_buffer; }

cnrtQueue_t test_queue() {
  static cnrtQueue_t queue = [] {
    cnrtQueue_t q = nullptr;
    cnrtQueueCreate(&q);
    return q;
  }();
  return queue;
}

void run_with_deadline(double seconds, const std::function<void()>& fn,
                       const char* what) {
  std::packaged_task<void()> task(fn);
  auto done = task.get_future();
  std::thread worker(std::move(task));
  if (done.wait_for(std::chrono::duration<double>(seconds)) ==
      std::future_status::timeout) {
    // A hung launch cannot be cancelled: report and end the process so that
    // ctest records a failure instead of waiting for its own timeout.
    std::fprintf(stderr, "FATAL: %s did not finish within %.0f s (hang)\n",
                 what, seconds);
    std::fflush(stderr);
    std::_Exit(3);
  }
  worker.join();
  done.get();
}

cnrtRet_t launch_checked(cnrtDim3_t dim, cnrtFunctionType_t type,
                         std::function<void()> body, const char* name,
                         double deadline_seconds, xbang::Counters* counters) {
  cnrtRet_t ret = cnrtSuccess;
  run_with_deadline(
      deadline_seconds,
      [&] {
        ret = xbang::launch(dim, type, test_queue(), body, name);
        if (counters != nullptr) *counters = xbang::last_launch_counters();
      },
      name);
  return ret;
}

std::string reports_text() {
  std::string out;
  for (const auto& r : xbang::checked::reports()) out += "\n  " + r.text();
  return out;
}

bool NramCase::run(const std::function<void(const NramCase&)>& body,
                   const char* name) {
  if (!fits()) {
    ADD_FAILURE() << "operands need " << used_ << " bytes of NRAM, arena has "
                  << kArenaBytes;
    return false;
  }
  xbang::checked::clear_reports();
  const cnrtRet_t ret = launch_checked(
      {1, 1, 1}, cnrtFuncTypeBlock,
      [this, &body] {
        base_ = nram_arena();
        for (const Slot& s : slots_) {
          if (s.bytes > 0) {
            __memcpy(base_ + s.offset, s.gdram->get(), s.bytes, GDRAM2NRAM);
          }
        }
        body(*this);
        for (const Slot& s : slots_) {
          if (s.bytes > 0) {
            __memcpy(s.gdram->get(), base_ + s.offset, s.bytes, NRAM2GDRAM);
          }
        }
      },
      name, 20, &counters_);
  const auto reports = xbang::checked::reports();
  EXPECT_EQ(ret, cnrtSuccess) << name << ": launch failed" << reports_text();
  EXPECT_TRUE(reports.empty())
      << name << ": checked mode flagged valid code:" << reports_text();
  return ret == cnrtSuccess && reports.empty();
}

}  // namespace bang_test
