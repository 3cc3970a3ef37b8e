#!/usr/bin/env bash
# xbang's entry points on a fresh Debian machine:
#   bash run.sh main   set up, build (Release) and run the main job: every
#                      operator at its design doc's network scale, one table
#   bash run.sh test   set up, build and run the whole test suite (CTest)
#   bash run.sh mluops set up, then build mlu-ops (../shared/third_party or
#                      the archive or checkout named after it) with its own
#                      build.sh against xbang and run its test suite
#                      (tests/mluops/mluops.sh)
# Anything else after the command is passed to the main job / ctest.
set -euo pipefail
cd "$(dirname "$0")"

# xbang's own dependencies, then what mlu-ops' build.sh needs besides them
# (tests/mluops/mluops.sh, docs/porting.md).
packages=(cmake g++ clang clang-16 make libxsimd-dev googletest libgtest-dev
          libbenchmark-dev libfmt-dev libeigen3-dev libdnnl-dev
          python3 protobuf-compiler libprotobuf-dev libxml2-dev libzstd-dev
          nlohmann-json3-dev)
missing=()
for p in "${packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing: ${missing[*]}"
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get update
  $sudo_cmd env DEBIAN_FRONTEND=noninteractive apt-get install -y "${missing[@]}"
fi

build_dir=${XBANG_BUILD_DIR:-build}
jobs=${XBANG_JOBS:-$(nproc)}
cmake -S . -B "$build_dir" -DCMAKE_BUILD_TYPE=Release >/dev/null

what=${1:-test}
shift || true
case "$what" in
  main)
    cmake --build "$build_dir" --target xbang_main -j "$jobs"
    "$build_dir/bench/xbang_main" "$@"
    ;;
  test)
    cmake --build "$build_dir" -j "$jobs"
    ctest --test-dir "$build_dir" -j "$jobs" --output-on-failure "$@"
    ;;
  mluops)
    XBANG_JOBS=$jobs bash tests/mluops/mluops.sh "$@"
    ;;
  *)
    echo "usage: bash run.sh main|test|mluops" >&2
    exit 2
    ;;
esac
