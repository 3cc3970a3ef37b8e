// Checked mode's callbacks for plain C++ loads and stores
// (bang/device/scalar_access.cpp; docs/cncc.md, "Scalar accesses"), called
// here as the code Clang instruments with `cncc --xbang-scalar-check` calls
// them: a read or write of an unsynced __memcpy_async's bytes is a warning
// naming the access's function and the copy's call site, an SRAM access
// enters the cross-core race check, and a call on a thread that runs no core
// (host code), inside a built-in or with checked mode off does nothing.
// porting_cncc_scalar_check runs the same through Clang's instrumentation.
// Its own executable: it declares an SRAM variable.
#include <cstdint>
#include <string>
#include <vector>

#include "harness.h"
#include "xbang/runtime/scalar_access.h"

extern "C" {
void __sanitizer_cov_load4(uint32_t* addr);
void __sanitizer_cov_load16(__int128* addr);
void __sanitizer_cov_store4(uint32_t* addr);
void __sanitizer_cov_store8(uint64_t* addr);
}

namespace bang_test {
namespace {

constexpr int kFloats = 64;
constexpr int kBytes = kFloats * 4;

__mlu_shared__ int32_t shared_words[16];

// A plain load and a plain store as the instrumented code makes them.
__attribute__((noinline)) float plain_read(float* p) {
  __sanitizer_cov_load4(reinterpret_cast<uint32_t*>(p));
  return *p;
}
__attribute__((noinline)) void plain_write(float* p, float v) {
  __sanitizer_cov_store4(reinterpret_cast<uint32_t*>(p));
  *p = v;
}

std::string warnings_text() {
  std::string out;
  for (const auto& w : xbang::checked::warnings()) out += w.text() + "\n";
  return out;
}

// Runs `body` on one core over a GDRAM buffer of 3.0f.
void run_one_core(const char* name, const std::function<void(float*)>& body) {
  xbang_test::DeviceBuffer g(std::vector<float>(kFloats, 3.0f));
  ASSERT_EQ(launch_checked(
                {1, 1, 1}, cnrtFuncTypeBlock,
                [&] { body(static_cast<float*>(g.get())); }, name),
            cnrtSuccess)
      << reports_text();
}

TEST(BangScalarAccess, ReadOfUnsyncedDestinationIsWarned) {
  CheckedMode checked(true);
  xbang::checked::clear_warnings();
  int line = 0;
  float seen = 0.0f;
  run_one_core("scalar_read", [&](float* g) {
    float* a = reinterpret_cast<float*>(nram_arena());
    line = __LINE__ + 1;
    __memcpy_async(a, g, kBytes, GDRAM2NRAM);
    seen = plain_read(a + 5);  // the race
    __sync_io();
  });
  EXPECT_EQ(seen, 3.0f);  // the copy landed at issue (XBANG_ASYNC=eager)
  const auto warnings = xbang::checked::warnings();
  ASSERT_EQ(warnings.size(), 1u) << warnings_text();
  const auto& w = warnings[0];
  EXPECT_EQ(w.builtin.rfind("plain C++ access in `", 0), 0u) << w.text();
  EXPECT_NE(w.builtin.find("plain_read"), std::string::npos) << w.text();
  EXPECT_NE(w.builtin.find("test_bang_scalar_access+0x"), std::string::npos)
      << w.text();
  EXPECT_EQ(w.kernel, "scalar_read");
  EXPECT_EQ(w.message.rfind("reads [", 0), 0u) << w.text();
  EXPECT_NE(
      w.message.find(", +4) which __memcpy_async at " + std::string(__FILE__) +
                     ":" + std::to_string(line) + " writes with no __sync*"),
      std::string::npos)
      << w.text();
  xbang::checked::clear_warnings();
}

TEST(BangScalarAccess, WriteOfUnsyncedSourceIsWarned) {
  CheckedMode checked(true);
  xbang::checked::clear_warnings();
  run_one_core("scalar_write", [&](float* g) {
    float* a = reinterpret_cast<float*>(nram_arena());
    __bang_write_value(a, kFloats, 1.0f);
    __memcpy_async(g, a, kBytes, NRAM2GDRAM);
    plain_write(a + kFloats - 1, 2.0f);  // the race
    __sync_io();
  });
  const auto warnings = xbang::checked::warnings();
  ASSERT_EQ(warnings.size(), 1u) << warnings_text();
  EXPECT_NE(warnings[0].builtin.find("plain_write"), std::string::npos)
      << warnings[0].text();
  EXPECT_EQ(warnings[0].message.rfind("writes [", 0), 0u) << warnings[0].text();
  EXPECT_NE(warnings[0].message.find(" reads with no __sync*"),
            std::string::npos)
      << warnings[0].text();
  xbang::checked::clear_warnings();
}

// After the sync, on other bytes, inside a built-in, with checked mode off:
// no warning.
TEST(BangScalarAccess, SyncedUnrelatedAndBuiltinAccessesAreClean) {
  for (const bool on : {true, false}) {
    CheckedMode checked(on);
    xbang::checked::clear_warnings();
    run_one_core("scalar_clean", [&](float* g) {
      float* a = reinterpret_cast<float*>(nram_arena());
      __memcpy_async(a, g, kBytes, GDRAM2NRAM);
      plain_write(a + kFloats, 1.0f);  // past the copy's bytes
      {
        const xbang::detail::BuiltinScope inside_builtin;
        plain_read(a);
      }
      if (!on) plain_read(a);
      __sync_io();
      plain_read(a);
      plain_write(a, 4.0f);
    });
    EXPECT_TRUE(xbang::checked::warnings().empty()) << warnings_text();
  }
}

// Host code: no core on the thread, so nothing is looked at, whatever the
// address (the callbacks never dereference it).
TEST(BangScalarAccess, HostCodeIsIgnored) {
  CheckedMode checked(true);
  xbang::checked::clear_warnings();
  std::vector<float> host(4, 1.0f);
  EXPECT_EQ(plain_read(host.data()), 1.0f);
  plain_write(host.data() + 1, 2.0f);
  __sanitizer_cov_load16(nullptr);
  __sanitizer_cov_store8(reinterpret_cast<uint64_t*>(16));
  EXPECT_EQ(host[1], 2.0f);
  EXPECT_TRUE(xbang::checked::warnings().empty()) << warnings_text();
}

// One core's plain SRAM store and another's plain load with no barrier of
// both between race; with __sync_cluster between they do not.
TEST(BangScalarAccess, SramAccessesEnterTheRaceCheck) {
  CheckedMode checked(true);
  for (const bool barrier : {false, true}) {
    SCOPED_TRACE(barrier ? "with a barrier" : "without a barrier");
    xbang::checked::clear_warnings();
    float seen = 0.0f;
    ASSERT_EQ(launch_checked(
                  {4, 1, 1}, cnrtFuncTypeUnion1,
                  [&] {
                    if (__is_mpu()) return;
                    float* word = reinterpret_cast<float*>(shared_words + 3);
                    if (coreId == 0) plain_write(word, 7.0f);
                    if (barrier) __sync_cluster();
                    if (coreId == 1) seen = plain_read(word);
                  },
                  "scalar_sram"),
              cnrtSuccess)
        << reports_text();
    const auto warnings = xbang::checked::warnings();
    if (barrier) {
      EXPECT_EQ(seen, 7.0f);
      EXPECT_TRUE(warnings.empty()) << warnings_text();
      continue;
    }
    ASSERT_EQ(warnings.size(), 1u) << warnings_text();
    const std::string& m = warnings[0].message;
    EXPECT_EQ(m.rfind("cross-core race: plain C++ access in `", 0), 0u) << m;
    EXPECT_NE(m.find("plain_write"), std::string::npos) << m;
    EXPECT_NE(m.find("on taskId 0 writes ["), std::string::npos) << m;
    EXPECT_NE(m.find(", +4) of SRAM of cluster 0, which plain C++ access in `"),
              std::string::npos)
        << m;
    EXPECT_NE(m.find("plain_read"), std::string::npos) << m;
    EXPECT_NE(m.find("on taskId 1 reads"), std::string::npos) << m;
  }
  xbang::checked::clear_warnings();
}

}  // namespace
}  // namespace bang_test
