#!/usr/bin/env bash
# mlu-ops built by its own build.sh against xbang's installed Neuware
# layout, then its own test suite run on the emulated device, the way
# mlu-ops' CI runs it (docs/porting.md, docs/conformance.md).
#   tests/mluops/mluops.sh [mlu-ops-main.tar.gz | mlu-ops checkout]
# Work folder: $XBANG_MLUOPS_DIR (default build-mluops):
#   xbang/               xbang's default build, libraries only, when the
#                        repository's own build folder ($XBANG_BUILD_DIR,
#                        default build) is not configured; else that one is
#                        installed. No architecture is named: the device
#                        takes the one mlu-ops' kernels were built for (592;
#                        613 and 617 have no profile, docs/cncc.md)
#   prefix/              xbang installed there; NEUWARE_HOME is
#                        prefix/share/xbang/neuware
#   mlu-ops-main/        the sources, extracted unchanged
#   build.log            build.sh's output
#   shared_vs_static/    a program calling mluOp* linked both ways, its outputs
#   mluop_gtest.log, mluop_api_gtest.log, *.xml   the suites' output
#   mluop_gtest_<mode>.log, stress_cases.txt   the stress modes' runs
# XBANG_MLUOPS_SUITE=0 builds without running the tests. Exits non-zero
# when a step fails or the suites' results differ from what
# tests/mluops/compare_results.py expects; with CI=true in the environment a
# missing mlu-ops source fails too (elsewhere the lane is skipped).
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$(pwd)

source=${1:-${XBANG_MLUOPS_SOURCE:-../shared/third_party/mlu-ops/mlu-ops-main.tar.gz}}
if [ ! -e "$source" ]; then
  # On CI the archive is part of the machine: its absence is a failure.
  if [ "${CI:-}" = true ]; then
    echo "mluops: failed, no mlu-ops at '$source' and CI=true" \
         "(set XBANG_MLUOPS_SOURCE)"
    exit 1
  fi
  echo "mluops: skipped, no mlu-ops at '$source' (set XBANG_MLUOPS_SOURCE)"
  exit 0
fi
source=$(cd "$(dirname "$source")" && pwd)/$(basename "$source")
work=${XBANG_MLUOPS_DIR:-build-mluops}
jobs=${XBANG_JOBS:-$(nproc)}
mkdir -p "$work"
work=$(cd "$work" && pwd)
# Seconds since the last step ended, for the step lines.
step_start=$SECONDS
lap() {
  lap_seconds=$((SECONDS - step_start))
  step_start=$SECONDS
}

# 1. xbang installed where a Cambricon user's NEUWARE_HOME points.
xbang_build=${XBANG_BUILD_DIR:-build}
if [ ! -f "$xbang_build/CMakeCache.txt" ]; then
  xbang_build=$work/xbang
  cmake -S "$repo" -B "$xbang_build" -DCMAKE_BUILD_TYPE=Release \
    -DXBANG_BUILD_TESTS=OFF -DXBANG_BUILD_BENCH=OFF \
    >"$work/xbang-configure.log"
fi
cmake --build "$xbang_build" -j "$jobs" >"$work/xbang-build.log" 2>&1 || {
  tail -n 30 "$work/xbang-build.log"
  echo "mluops: building xbang failed"
  exit 1
}
cmake --install "$xbang_build" --prefix "$work/prefix" >"$work/install.log"
neuware=$work/prefix/share/xbang/neuware
lap
echo "mluops: xbang installed, NEUWARE_HOME=$neuware ($lap_seconds s)"

# 2. mlu-ops' sources, unchanged.
if [ -d "$source" ]; then
  sources=$source
else
  rm -rf "$work/mlu-ops-main"
  tar -xzf "$source" -C "$work"
  sources=$work/mlu-ops-main
fi

# 3. Its own build: the only flag is the one GCC 12 needs for mlu-ops'
# -Werror (std::random_shuffle is deprecated).
status=0
(cd "$sources" && NEUWARE_HOME=$neuware \
   CXXFLAGS=-Wno-error=deprecated-declarations ./build.sh -j "$jobs") \
  >"$work/build.log" 2>&1 || status=$?
for artifact in build/lib/libmluops.so build/test/mluop_gtest \
                build/test/mluop_api_gtest; do
  if [ ! -e "$sources/$artifact" ]; then
    echo "mluops: build.sh did not build $artifact"
    status=1
  fi
done
if [ "$status" -ne 0 ]; then
  grep -m 20 -E "error|Error" "$work/build.log" || true
  lap
  echo "mluops: build failed ($lap_seconds s), log $work/build.log"
  exit 1
fi
lap
echo "mluops: build.sh built libmluops.so, mluop_gtest, mluop_api_gtest" \
     "($lap_seconds s)"
[ "${XBANG_MLUOPS_SUITE:-1}" = 0 ] && exit 0

# 4. A program of its users (shared_vs_static.cpp) linked against
# libmluops.so and against a static archive of the same objects (those
# build.sh linked into libmluops.so, from its link line): the outputs must
# be the same bytes. The kernels' objects call the emulated device, so a
# static link names libxbang_device beside the toolkit libraries.
compare=$work/shared_vs_static
rm -rf "$compare"
mkdir -p "$compare"
(cd "$sources/build" &&
   tr ' ' '\n' <CMakeFiles/mluops.dir/link.txt | tr -d '"' |
   grep '\.o$' | xargs ar qc "$compare/libmluops_static.a")
compile_flags=(-O2 -std=c++17 -I"$sources" -I"$neuware/include"
               "$repo/tests/mluops/shared_vs_static.cpp")
c++ "${compile_flags[@]}" -o "$compare/shared" -L"$sources/build/lib" \
  -lmluops -L"$neuware/lib64" -lcnrt \
  -Wl,-rpath,"$sources/build/lib:$neuware/lib64"
c++ "${compile_flags[@]}" -o "$compare/static" -Wl,--start-group \
  "$compare/libmluops_static.a" "$sources/build/lib/libmluopscore.a" \
  -Wl,--end-group -L"$neuware/lib64" -lcnrt -lcndrv -lcndev -lcnnl -lcnbin \
  -lxbang_device -ldl -pthread -Wl,-rpath,"$neuware/lib64"
compare_status=0
for build in shared static; do
  XBANG_CHECKED=1 "$compare/$build" "$compare/$build.out" \
    >"$compare/$build.log" 2>&1 || {
    compare_status=1
    grep -v '^\[xbang checked\].*(warning)$' "$compare/$build.log" | head -n 5
  }
done
if [ "$compare_status" -ne 0 ] ||
   ! cmp -s "$compare/shared.out" "$compare/static.out"; then
  echo "mluops: a program calling mluOp* differs between libmluops.so and" \
       "a static build (logs in $compare)"
  exit 1
fi
lap
echo "mluops: mluOp* calls give the same bytes from libmluops.so and from" \
     "a static build ($(grep -ac '^[a-z_.]* [0-9]*$' "$compare/shared.out" || true)" \
     "outputs, $lap_seconds s)"

# 5. Its own test suite, as mlu-ops' CI runs it: from build/test, the cases
# from their default folder, checked mode on. Each case prints one
# "[^      OK ]" or "[^  FAILED ]" line naming its .prototxt.
export XBANG_CHECKED=1
suite_status=0
run_suite() {
  local suite=$1
  (cd "$sources/build/test" &&
     timeout "${XBANG_MLUOPS_TIMEOUT:-2400}" "./$suite" \
       --gtest_output="xml:$work/$suite.xml") >"$work/$suite.log" 2>&1 ||
    echo "mluops: $suite exited with status $?" >>"$work/$suite.status"
  grep -E '^\[  (PASSED|FAILED)  \]|tests? ran|test cases? ran' \
    "$work/$suite.log" | sed "s/^/mluops: $suite: /" | head -n 5
  lap
  echo "mluops: $suite ($lap_seconds s), log $work/$suite.log"
}
rm -f "$work"/*.status
run_suite mluop_api_gtest
run_suite mluop_gtest

# The comparison with what the lane expects (tests/mluops/compare_results.py,
# docs/conformance.md): every case ran to a result; the failing cases are
# those of tests/mluops/expected_failures.txt, each with its listed first
# report line (a listed case that passes, or fails for another reason, fails
# the lane until the list says so); mluop_api_gtest ran the number of cases
# in tests/mluops/expected_api_cases.txt and passed them all; no suite
# crashed or timed out.
cases=$(find "$sources/test/mlu_op_gtest/pb_gtest/src/zoo" -name '*.prototxt' |
        wc -l)
status_args=()
for status_file in "$work"/*.status; do
  [ -e "$status_file" ] && status_args+=(--status "$status_file")
done
python3 "$repo/tests/mluops/compare_results.py" \
  --expected "$repo/tests/mluops/expected_failures.txt" \
  --api-cases "$repo/tests/mluops/expected_api_cases.txt" \
  --gtest-log "$work/mluop_gtest.log" --api-log "$work/mluop_api_gtest.log" \
  --zoo-cases "$cases" "${status_args[@]}" \
  --cases-out "$work/mluop_gtest_cases.txt" \
  --expected-out "$work/expected_failed.txt" || suite_status=1
echo "mluops: per-case results in $work/mluop_gtest_cases.txt"

# 6. The suite's stress modes over the cases expected to pass: each mode
# must pass every one of them. The listed failures stay out of the list
# because under --thread an operator's cases share one gtest test, and the
# executor fails each case it evaluates after a sibling has failed
# (Test::HasFailure() in its getAllTestResult), whatever that case's own
# result (docs/conformance.md). XBANG_MLUOPS_STRESS names the modes:
# thread (--thread=4), unaligned (--unaligned_mlu_address_random), random
# (--random_mlu_address); "none" runs none.
# case_path_pattern takes a case's name from its path in the zoo.
case_path_pattern='.*/zoo/([^/]+)/[^/]+/([^/]+\.prototxt)$'
find "$sources/test/mlu_op_gtest/pb_gtest/src/zoo" -name '*.prototxt' | sort |
  while read -r case_path; do
    key=$(echo "$case_path" | sed -E "s#$case_path_pattern#\\1/\\2#")
    grep -qxF "$key" "$work/expected_failed.txt" || echo "$case_path"
  done >"$work/stress_cases.txt"
stress_cases=$(wc -l <"$work/stress_cases.txt")
for mode in ${XBANG_MLUOPS_STRESS:-thread}; do
  case "$mode" in
    thread) flag=--thread=4 ;;
    unaligned) flag=--unaligned_mlu_address_random ;;
    random) flag=--random_mlu_address ;;
    none) continue ;;
    *)
      echo "mluops: unknown stress mode '$mode' (thread, unaligned, random, none)"
      suite_status=1
      continue
      ;;
  esac
  log=$work/mluop_gtest_$mode.log
  (cd "$sources/build/test" &&
     timeout "${XBANG_MLUOPS_TIMEOUT:-2400}" ./mluop_gtest "$flag" \
       --cases_list="$work/stress_cases.txt") >"$log" 2>&1 ||
    echo "mluops: mluop_gtest $flag exited with status $?"
  stress_passed=$(grep -c '^\[^ \+OK \]' "$log" || true)
  lap
  echo "mluops: mluop_gtest $flag: $stress_passed of the $stress_cases" \
       "cases expected to pass pass ($lap_seconds s), log $log"
  if [ "$stress_passed" -ne "$stress_cases" ]; then
    grep '^\[^  FAILED \]' "$log" | sed 's/^/  /'
    suite_status=1
  fi
done
exit "$suite_status"
