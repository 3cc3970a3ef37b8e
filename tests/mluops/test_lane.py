#!/usr/bin/env python3
"""The mlu-ops lane's verdicts on small logs of each kind, without the build.

    test_lane.py <scenario>

Each scenario runs compare_results.py (or, for the missing archive,
mluops.sh) on the logs under lane_logs/ and checks its exit status and the
line that names the finding. lane_logs/ mimics the suites' real output: a
clean run whose listed cases fail with their listed first report lines, and
runs that differ from it in one way each.
"""

import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
LOGS = os.path.join(HERE, "lane_logs")
ZOO_CASES = 6  # the cases of lane_logs/clean/mluop_gtest.log


def compare(run, expected="expected_failures.txt", api_cases="api_cases.txt",
            zoo_cases=ZOO_CASES, statuses=()):
    folder = os.path.join(LOGS, run)
    args = [sys.executable, os.path.join(HERE, "compare_results.py"),
            "--expected", os.path.join(LOGS, expected),
            "--api-cases", os.path.join(LOGS, api_cases),
            "--gtest-log", os.path.join(folder, "mluop_gtest.log"),
            "--api-log", os.path.join(folder, "mluop_api_gtest.log"),
            "--zoo-cases", str(zoo_cases)]
    for status in statuses:
        args += ["--status", os.path.join(folder, status)]
    return subprocess.run(args, capture_output=True, text=True)


def lane_without_archive(ci):
    env = {k: v for k, v in os.environ.items() if k != "CI"}
    if ci is not None:
        env["CI"] = ci
    with tempfile.TemporaryDirectory() as work:
        env["XBANG_MLUOPS_DIR"] = work
        return subprocess.run(
            ["bash", os.path.join(HERE, "mluops.sh"),
             os.path.join(work, "no-such-mlu-ops.tar.gz")],
            capture_output=True, text=True, env=env)


# scenario: (how to run it, expected exit status, text the output must hold)
SCENARIOS = {
    "clean": (lambda: compare("clean"), 0,
              "mluop_gtest cases: 3 passed, 3 failed of 6"),
    "listed_case_passes": (
        lambda: compare("listed_case_passes"), 1,
        "cases listed in {expected} that pass (remove them from the list):\n"
        "mluops:   roi_align_rotated_forward/case1.prototxt"),
    "listed_case_new_reason": (
        lambda: compare("listed_case_new_reason"), 1,
        "listed case div/case_0.prototxt fails for a new reason:\n"
        "mluops:   expected: DIFF1: *\n"
        "mluops:   got:      [xbang checked] __memcpy: dst"),
    "unlisted_case_fails": (
        lambda: compare("unlisted_case_fails"), 1,
        "cases that fail and are not in {expected}:\n"
        "mluops:   abs/case_0.prototxt: [xbang checked] __bang_active_abs:"),
    "short_api_count": (
        lambda: compare("short_api_count"), 1,
        "mluop_api_gtest ran 4 cases, 1 short of the 5 in {api_cases}"),
    "case_without_result": (
        lambda: compare("clean", zoo_cases=ZOO_CASES + 1), 1,
        "1 of the 7 cases ran to no result"),
    "suite_crashed": (
        lambda: compare("clean", statuses=["mluop_gtest.status"]), 1,
        "mluop_gtest exited with status 139"),
    "list_without_first_line": (
        lambda: compare("clean", expected="list_without_first_line.txt"), 2,
        "div/case_0.prototxt has no 'first:' line"),
    "missing_log": (lambda: compare("no_such_run"), 2, "cannot read"),
    "missing_archive_ci": (lambda: lane_without_archive("true"), 1,
                           "mluops: failed, no mlu-ops at"),
    "missing_archive_no_ci": (lambda: lane_without_archive(None), 0,
                              "mluops: skipped, no mlu-ops at"),
}


def main():
    if len(sys.argv) != 2 or sys.argv[1] not in SCENARIOS:
        print("usage: test_lane.py " + "|".join(SCENARIOS), file=sys.stderr)
        return 2
    run, want_status, want_text = SCENARIOS[sys.argv[1]]
    want_text = want_text.format(
        expected=os.path.join(LOGS, "expected_failures.txt"),
        api_cases=os.path.join(LOGS, "api_cases.txt"))
    result = run()
    output = result.stdout + result.stderr
    print(output, end="")
    ok = True
    if result.returncode != want_status:
        print(f"FAIL: exit status {result.returncode}, expected {want_status}")
        ok = False
    if want_text not in output:
        print(f"FAIL: the output does not hold:\n{want_text}")
        ok = False
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
