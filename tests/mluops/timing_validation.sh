#!/usr/bin/env bash
# mlu-ops' own suite on the cases of public hardware measurements
# (tests/mluops/timing/hardware_times.csv, docs/timing-validation.md): the
# time mluop_gtest prints for each case on the emulated MLU370 and MLU590,
# against the time its pull request measured on the card.
#   tests/mluops/timing_validation.sh [mlu-ops-main.tar.gz | mlu-ops checkout]
# Work folder: $XBANG_TIMING_DIR (default build-timing-validation):
#   prefix/            xbang ($XBANG_BUILD_DIR, default build) installed
#   mlu-ops-mtp_372/, mlu-ops-mtp_592/   mlu-ops built by its build.sh for
#                      one architecture each, only the operators of that
#                      device's rows (--filter, recorded in operators.txt);
#                      kept and reused while its mluop_gtest exists and was
#                      built with those operators (XBANG_TIMING_REBUILD=1
#                      builds again)
#   zoo/               mlu-ops' own gtest cases (its pb_gtest/src/zoo)
#   cases/             per device: links to the zoo cases of `zoo:` rows and
#                      the .prototxt written for `generated` rows
#   <device>.log       mluop_gtest's output per device
# The time source is whatever the environment selects (host time, or the
# timing model when its switch is set, docs/environment.md); the report
# prints modelled / measured per case, the distribution and each family's
# ranking. Exits non-zero when a step fails or a case printed no time.
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$(pwd)

default_source=../shared/third_party/mlu-ops/mlu-ops-main.tar.gz
source=${1:-${XBANG_MLUOPS_SOURCE:-$default_source}}
if [ ! -e "$source" ]; then
  echo "timing_validation: no mlu-ops at '$source'" \
       "(set XBANG_MLUOPS_SOURCE)"
  # In CI the archive is part of the checkout's surroundings: its absence
  # is a failure, not a skip.
  [ "${CI:-}" = true ] && exit 1
  exit 0
fi
source=$(cd "$(dirname "$source")" && pwd)/$(basename "$source")
work=${XBANG_TIMING_DIR:-build-timing-validation}
jobs=${XBANG_JOBS:-$(nproc)}
data=$repo/tests/mluops/timing/hardware_times.csv
mkdir -p "$work"
work=$(cd "$work" && pwd)

xbang_build=${XBANG_BUILD_DIR:-build}
if [ ! -f "$xbang_build/CMakeCache.txt" ]; then
  echo "timing_validation: no configured xbang build at '$xbang_build'" \
       "(set XBANG_BUILD_DIR)"
  exit 1
fi
cmake --build "$xbang_build" -j "$jobs" >"$work/xbang-build.log" 2>&1 || {
  tail -n 30 "$work/xbang-build.log"
  echo "timing_validation: building xbang failed"
  exit 1
}
cmake --install "$xbang_build" --prefix "$work/prefix" >"$work/install.log"
neuware=$work/prefix/share/xbang/neuware

# The operators of one device's rows, for build.sh's --filter: the
# platform (column 4) names the device.
operators_of() {
  grep -v '^#' "$data" | tail -n +2 | awk -F, -v device="$1" \
    'toupper($4) ~ "^" device {print $3}' | sort -u | paste -sd';'
}
# One mlu-ops tree per architecture: in a fat build the second
# architecture's kernels are a variant image that does not load, as it
# refers to libmluops' own hidden symbols (mluop::logging). A tree built
# with every operator asked for is reused.
build_mluops() {
  local arch=$1 operators=$2 sources=$work/mlu-ops-$1 start=$SECONDS
  if [ "${XBANG_TIMING_REBUILD:-0}" != 1 ] &&
     [ -x "$sources/build/test/mluop_gtest" ] &&
     [ -f "$sources/operators.txt" ] &&
     [ -z "$(comm -23 <(tr ';' '\n' <<<"$operators" | sort) \
                      <(tr ';' '\n' <"$sources/operators.txt" | sort))" ]
  then
    return 0
  fi
  rm -rf "$sources"
  if [ -d "$source" ]; then
    cp -r "$source" "$sources"
  else
    mkdir -p "$sources"
    tar -xzf "$source" -C "$sources" --strip-components=1
  fi
  (cd "$sources" && NEUWARE_HOME=$neuware MLUOP_MLU_ARCH_LIST=$arch \
     CXXFLAGS=-Wno-error=deprecated-declarations \
     ./build.sh -j "$jobs" --filter="$operators") \
    >"$work/build-$arch.log" 2>&1 || {
    grep -m 20 -E "error|Error" "$work/build-$arch.log" || true
    echo "timing_validation: mlu-ops build for $arch failed," \
         "log $work/build-$arch.log"
    return 1
  }
  echo "$operators" >"$sources/operators.txt"
  echo "timing_validation: mlu-ops built for $arch, operators" \
       "$operators ($((SECONDS - start)) s)"
}

zoo_path=test/mlu_op_gtest/pb_gtest/src/zoo
rm -rf "$work/cases" "$work/zoo"
if [ -d "$source" ]; then
  cp -r "$source/$zoo_path" "$work/zoo"
else
  mkdir -p "$work/zoo-source"
  tar -xzf "$source" -C "$work/zoo-source" --strip-components=1 \
    --wildcards "*/$zoo_path"
  mv "$work/zoo-source/$zoo_path" "$work/zoo"
  rm -rf "$work/zoo-source"
fi
python3 "$repo/tests/mluops/timing_validation.py" cases --data "$data" \
  --out "$work/cases" --zoo "$work/zoo"
logs=()
for list in "$work"/cases/*.list; do
  device=$(basename "$list" .list)
  case "$device" in
    MLU370) arch=mtp_372 ;;
    MLU590) arch=mtp_592 ;;
    *) echo "timing_validation: no architecture for $device"; exit 1 ;;
  esac
  build_mluops "$arch" "$(operators_of "$device")"
  start=$SECONDS
  (cd "$work/mlu-ops-$arch/build/test" &&
     XBANG_DEVICE=$device timeout "${XBANG_MLUOPS_TIMEOUT:-2400}" \
       ./mluop_gtest --cases_list="$list") >"$work/$device.log" 2>&1 ||
    echo "timing_validation: mluop_gtest on $device exited with status $?"
  echo "timing_validation: $device ($((SECONDS - start)) s)," \
       "log $work/$device.log"
  logs+=(--log "$device=$work/$device.log")
done
python3 "$repo/tests/mluops/timing_validation.py" report --data "$data" \
  "${logs[@]}"
