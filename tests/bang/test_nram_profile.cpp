// Checked mode and the profile's NRAM size (docs/architecture.md): a
// program whose __nram__ variables add up to more than __MLU_NRAM_SIZE__ KB
// is in error when a kernel uses that memory. This executable declares such
// an array on purpose (and nothing else uses NRAM), so it is on its own.
#include <bang.h>
#include <gtest/gtest.h>

#include "xbang/runtime/checked.h"

namespace {

constexpr long kProfileBytes = __MLU_NRAM_SIZE__ * 1024L;
__nram__ int8_t oversized[kProfileBytes + 4096];

TEST(NramProfile, UseBeyondProfileSizeIsReported) {
  xbang::checked::clear_reports();
  cnrtQueue_t queue = nullptr;
  ASSERT_EQ(cnrtQueueCreate(&queue), cnrtSuccess);
  const cnrtRet_t ret = xbang::launch(
      {1, 1, 1}, cnrtFuncTypeBlock, queue,
      [] {
        // Inside the declared array but beyond what the profile has.
        __memset_nram(oversized + kProfileBytes, 64, int8_t(1));
      },
      "beyond_profile");
  cnrtQueueDestroy(queue);
  std::string all;
  for (const auto& r : xbang::checked::reports()) all += r.text() + "\n";
  EXPECT_NE(ret, cnrtSuccess);
  EXPECT_FALSE(xbang::checked::reports().empty()) << "nothing reported";
  EXPECT_NE(all.find("beyond_profile"), std::string::npos) << all;
}

}  // namespace
