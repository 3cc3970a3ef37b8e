// The reproducers of docs/findings.md: for each defect checked mode finds in
// public code, a kernel written here with the same defect, and the report
// checked mode must give for it. One test runs them all, so the list and the
// reports stay current.
#include <functional>
#include <string>
#include <vector>

#include "harness.h"

namespace bang_test {
namespace {

constexpr int kCores = 4;
constexpr int kChunk = 64;
constexpr int kTile = kCores * kChunk;

__mlu_shared__ float staging_tile[2 * kTile];

struct Finding {
  const char* name;  // as docs/findings.md heads it
  cnrtFunctionType_t type;
  int tasks;
  // Runs on each core; returns the line the report names.
  std::function<int(float* in, float* out)> kernel;
  bool one_element_input;          // `in` holds one float
  bool fails_launch;               // a report (error) rather than a warning
  const char* builtin;             // the report's built-in
  std::string (*words)(int line);  // text the report's message contains
};

// roi_align_rotated_forward: a table filled by an NRAM2NRAM
// __memcpy_async and read before the core's __sync.
int async_read_before_sync(float*, float* out) {
  float* order = reinterpret_cast<float*>(nram_arena());
  float* staged = order + kChunk;
  __bang_write_value(staged, kChunk, 2.0f);
  const int line = __LINE__ + 1;
  __memcpy_async(order, staged, kChunk * 4, NRAM2NRAM);
  __bang_add_scalar(order, order, 1.0f, kChunk);
  __sync();
  __memcpy(out, order, kChunk * 4, NRAM2GDRAM);
  return line;
}

// binary_op_5pipeline.h (div): every core stores the cluster's results from
// SRAM and loads the next inputs into the same SRAM bytes, no barrier
// between one core's load and another's store.
int sram_store_then_reload(float* in, float* out) {
  if (__is_mpu()) return 0;
  __memcpy_async(staging_tile, in, kTile * 4, GDRAM2SRAM);
  __sync_cluster();
  __memcpy_async(out, staging_tile, kTile * 4, SRAM2GDRAM);
  const int line = __LINE__ + 1;
  __memcpy_async(staging_tile, in + kTile, kTile * 4, GDRAM2SRAM);
  __sync_cluster();
  return line;
}

// adam_w_light's test executor: a one-element tensor (`in` is one float)
// passed where the kernel loads a whole row per core.
int row_from_one_element(float* in, float*) {
  float* row = reinterpret_cast<float*>(nram_arena());
  __memcpy(row, in, 163 * 4, GDRAM2NRAM);
  return 0;
}

std::vector<Finding> findings() {
  return {
      {"roi_align_rotated_forward: a table read before its async copy is "
       "synced",
       cnrtFuncTypeBlock, 1, async_read_before_sync, false, false,
       "__bang_add_scalar",
       [](int line) {
         return std::string("which __memcpy_async at ") + __FILE__ + ":" +
                std::to_string(line) + " writes with no __sync* since";
       }},
      {"div (binary_op_5pipeline.h): cores reload SRAM another core still "
       "stores from",
       cnrtFuncTypeUnion1, kCores, sram_store_then_reload, false, false,
       "__memcpy_async",
       [](int line) {
         return std::string("cross-core race: __memcpy_async at ") + __FILE__ +
                ":" + std::to_string(line) + " on taskId ";
       }},
      {"adam_w_light case_1 (test executor): a one-element tensor read as a "
       "row",
       cnrtFuncTypeBlock, 1, row_from_one_element, true, true, "__memcpy",
       [](int) {
         return std::string(", +652) is not inside one cnrtMalloc allocation");
       }},
  };
}

TEST(BangFindings, EachReproducerGivesItsReport) {
  const bool was = xbang::checked::enabled();
  xbang::checked::set_enabled(true);
  for (const Finding& f : findings()) {
    SCOPED_TRACE(f.name);
    xbang::checked::clear_reports();
    xbang::checked::clear_warnings();
    std::vector<float> in(f.one_element_input ? 1 : 2 * kTile, 1.0f);
    xbang_test::DeviceBuffer g_in(in);
    xbang_test::DeviceBuffer g_out(std::vector<float>(kTile, 0.0f));
    int line = 0;
    const cnrtRet_t status = launch_checked(
        {unsigned(f.tasks), 1, 1}, f.type,
        [&] {
          const int l = f.kernel(static_cast<float*>(g_in.get()),
                                 static_cast<float*>(g_out.get()));
          if (l != 0) line = l;
        },
        "finding");
    EXPECT_EQ(status, f.fails_launch ? cnrtErrorLaunchFailed : cnrtSuccess);
    const auto found =
        f.fails_launch ? xbang::checked::reports() : xbang::checked::warnings();
    const std::string words = f.words(line);
    bool seen = false;
    for (const auto& r : found) {
      seen = seen || (r.builtin == f.builtin &&
                      r.message.find(words) != std::string::npos);
    }
    EXPECT_TRUE(seen) << "no " << f.builtin << " report containing \"" << words
                      << "\"; got " << found.size() << ":\n"
                      << (found.empty() ? "" : found[0].text());
  }
  xbang::checked::clear_reports();
  xbang::checked::clear_warnings();
  xbang::checked::set_enabled(was);
}

}  // namespace
}  // namespace bang_test
