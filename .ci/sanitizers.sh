#!/usr/bin/env bash
# The sanitizer lanes, each in its own build directory; any finding fails.
#   asan: the test suite (no benchmarks, no conformance, no network-scale
#         cases) under AddressSanitizer + UndefinedBehaviorSanitizer, and
#         the rewriter's long fuzz run.
#   tsan: the tests labelled `concurrency` under ThreadSanitizer: the
#         runtime, atomics, checked mode, on-chip guards, the host APIs (CNRT,
#         the operators' fuzz) and the operators' own tests, where emulated
#         cores and host threads meet. The built-in families' tests run the
#         same launch path on other arithmetic; leaving them out keeps both
#         lanes within CI's time on two cores.
#
#   bash .ci/sanitizers.sh [asan|tsan]...   (default: both lanes)
#
# Both build at -O1 -g1: about half the compile time of -O2 -g, with line
# numbers in every report.
# XBANG_JOBS sets the parallelism (default: nproc). The lanes compile with
# -mtune=generic: with GCC 12 on AMD Zen hosts, -march=native alone lets the
# Zen tuning pick TLS access sequences that fail to link against the
# sanitizers' runtime; a generic tuning keeps the native instruction set.
set -euo pipefail
cd "$(dirname "$0")/.."

jobs=${XBANG_JOBS:-$(nproc)}
generator=()
command -v ninja >/dev/null 2>&1 && generator=(-G Ninja)
launcher=()
command -v ccache >/dev/null 2>&1 &&
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)

# The seeded fuzz tests (test_api_fuzz, test_bang_launch_fuzz) run longer
# here than in the plain suite, each bounded in time.
export XBANG_FUZZ_ITERATIONS=${XBANG_FUZZ_ITERATIONS:-3000}
export XBANG_FUZZ_SECONDS=${XBANG_FUZZ_SECONDS:-120}

run_lane() {
  local lane=$1 flags exclude="" only="" fuzz_long=OFF skip_labels=
  case "$lane" in
    asan)
      flags="-fsanitize=address,undefined -fno-sanitize-recover=all"
      export ASAN_OPTIONS=halt_on_error=1:abort_on_error=1:detect_leaks=1
      export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
      # The rewriter's long fuzz run (800 mutated files, rewriter only);
      # the compiled long run is for a machine with hours to spare.
      fuzz_long=ON
      exclude='^porting_rewrite_fuzz_long$'
      # Scale, not new paths: the operators' network-scale cases (label
      # network, 100 s here) run the code of smaller tests on more data;
      # the plain suite runs them.
      skip_labels='|network'
      ;;
    tsan)
      flags="-fsanitize=thread"
      only=concurrency
      export TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1
      ;;
    *)
      echo "unknown lane $lane (asan or tsan)" >&2
      return 2
      ;;
  esac
  local dir=build-$lane start=$SECONDS
  echo "== $lane: configure and build in $dir"
  cmake -S . -B "$dir" "${generator[@]}" "${launcher[@]}" \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g1" \
    -DXBANG_TEST_LABEL="$only" \
    -DCMAKE_CXX_FLAGS="$flags -fno-omit-frame-pointer -mtune=generic" \
    -DCMAKE_EXE_LINKER_FLAGS="$flags" -DCMAKE_SHARED_LINKER_FLAGS="$flags" \
    -DCMAKE_MODULE_LINKER_FLAGS="$flags" -DXBANG_FUZZ_LONG=$fuzz_long \
    -DXBANG_BUILD_TESTS=ON -DXBANG_BUILD_BENCH=OFF >/dev/null
  cmake --build "$dir" -j "$jobs"
  local built=$SECONDS
  echo "== $lane: built in $((built - start)) s; test"
  local args=(--test-dir "$dir" -j "$jobs" --output-on-failure
              -LE "conformance$skip_labels")
  [ -n "$only" ] && args+=(-L "$only")
  [ -n "$exclude" ] && args+=(-E "$exclude")
  ctest "${args[@]}"
  echo "== $lane: passed in $((SECONDS - start)) s (tests $((SECONDS - built)) s)"
}

lanes=("$@")
[ ${#lanes[@]} -eq 0 ] && lanes=(asan tsan)
for lane in "${lanes[@]}"; do run_lane "$lane"; done
