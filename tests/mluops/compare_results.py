#!/usr/bin/env python3
"""Compares a run of mlu-ops' suites with what the lane expects.

    compare_results.py --expected expected_failures.txt
                       --api-cases expected_api_cases.txt
                       --gtest-log mluop_gtest.log --api-log mluop_api_gtest.log
                       --zoo-cases N [--status FILE]...
                       [--cases-out FILE] [--expected-out FILE]

tests/mluops/mluops.sh calls it on the suites' logs; tests/mluops/
test_compare_results.py calls it on small logs of each kind. It prints one
"mluops: ..." line per finding and exits 0 when the run is as expected, 1
when it is not, 2 when an input cannot be read.

The run is as expected when
- every mluop_gtest case ran to a result, and the number of results is the
  zoo's case count;
- the failing cases are exactly those of the expected-failure list, and each
  fails with its listed first report line (the first line the suite prints
  for the case that is not an executor figure, a warning or a frame of
  GoogleTest's, see first_report_line);
- mluop_api_gtest ran the listed number of cases and passed every one;
- no suite crashed or hit its time limit (status files of mluops.sh).

The expected-failure list: comments (#) and blank lines aside, a line
"<operator>/<case file>  <cause>" names a case, and the indented line after it,
"first: <line>", the case's first report line, where * stands for any text
(addresses, task ids, measured errors).
"""

import argparse
import re
import sys

# "[^      OK ] <path>" / "[^  FAILED ] <path>": one per case, the case's
# name taken from its path in the zoo.
CASE_RESULT = re.compile(
    r"^\[\^ +(OK|FAILED) \] .*/zoo/([^/]+)/[^/]+/([^/]+\.prototxt)\s*$")
GTEST_RUN = re.compile(r"^\[ RUN      \] ")
GTEST_END = re.compile(r"^\[ +(OK|FAILED) +\] ")
# What is not a report in a failing case's lines: the executor's figures
# ("[MLU Hardware Time      ]: 12 (us)") and headings ("[Diffs]:", a tensor's
# "[output]"), checked mode's and mlu-ops' warnings, GoogleTest's frame
# around ADD_FAILURE, and blank lines.
NOT_A_REPORT = [
    re.compile(r"^\s*$"),
    re.compile(r"^\[[^\]]*\]: "),
    re.compile(r"^\[[^\]]*\]:?\s*$"),
    re.compile(r"^\[xbang checked\] .*\(warning\)\s*$"),
    re.compile(r"\[Warning\]", re.IGNORECASE),
    re.compile(r"^\S+:\d+: Failure\s*$"),
    re.compile(r"^Failed\s*$"),
    re.compile(r"^MLUOPGTEST: Errors found during test\s*$"),
]
# GoogleTest's summary, in mlu-ops' wording ("1750 test cases from 613 test
# suites ran.") or GoogleTest's ("5 tests from 2 test suites ran.").
API_RAN = re.compile(
    r"^\[==========\] (\d+) test(?: case)?s? from \d+ test (?:suites?|cases?) ran")
API_PASSED = re.compile(r"^\[  PASSED  \] (\d+) test(?: case)?s?\.")
API_FAILED = re.compile(r"^\[  FAILED  \] (\d+) test(?: case)?s?, listed below")
# A crash (signal) or the time limit: mluops.sh writes
# "mluops: <suite> exited with status <n>".
FATAL_STATUS = re.compile(r"status (124|13[0-9])\b")


class InputError(Exception):
    pass


def read_lines(path):
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return f.read().splitlines()
    except OSError as e:
        raise InputError(f"cannot read {path}: {e.strerror}")


def pattern_of(expected_line):
    """The expected first report line as a regular expression: * is any text."""
    parts = [re.escape(part) for part in expected_line.strip().split("*")]
    return re.compile("^" + ".*".join(parts) + "$")


def read_expected(path):
    """{case: (cause, first report line)} from the expected-failure list."""
    cases = {}
    last = None
    for number, line in enumerate(read_lines(path), 1):
        where = f"{path}:{number}"
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if line[0].isspace():
            field, _, value = line.strip().partition(":")
            if field != "first" or not value.strip():
                raise InputError(f"{where}: expected '  first: <line>'")
            if last is None or cases[last][1] is not None:
                raise InputError(f"{where}: 'first:' without a case before it")
            cases[last] = (cases[last][0], value.strip())
            continue
        name, _, cause = line.partition(" ")
        if not re.fullmatch(r"[^/\s]+/[^/\s]+\.prototxt", name):
            raise InputError(f"{where}: expected '<operator>/<case file>  <cause>'")
        if name in cases:
            raise InputError(f"{where}: {name} is listed twice")
        if last is not None and cases[last][1] is None:
            raise InputError(f"{path}: {last} has no 'first:' line")
        cases[name] = (cause.strip(), None)
        last = name
    if last is not None and cases[last][1] is None:
        raise InputError(f"{path}: {last} has no 'first:' line")
    return cases


def read_count(path):
    words = [w for line in read_lines(path) if not line.lstrip().startswith("#")
             for w in line.split()]
    if len(words) != 1 or not words[0].isdigit():
        raise InputError(f"{path}: expected one whole number")
    return int(words[0])


def first_report_line(block):
    for line in block:
        if not any(p.search(line) for p in NOT_A_REPORT):
            return line.strip()
    return None


def case_results(lines):
    """{case: (passed, first report line)}, and the names seen twice."""
    results, repeated = {}, set()
    block = []
    for line in lines:
        if GTEST_RUN.match(line):
            block = []
            continue
        match = CASE_RESULT.match(line)
        if match:
            name = f"{match.group(2)}/{match.group(3)}"
            if name in results:
                repeated.add(name)
            passed = match.group(1) == "OK"
            results[name] = (passed, None if passed else first_report_line(block))
            block = []
            continue
        if GTEST_END.match(line):
            block = []
            continue
        block.append(line)
    return results, repeated


def api_summary(lines):
    ran = passed = failed = None
    for line in lines:
        for regex, kind in ((API_RAN, "ran"), (API_PASSED, "passed"),
                            (API_FAILED, "failed")):
            match = regex.match(line)
            if match:
                value = int(match.group(1))
                if kind == "ran":
                    ran = value
                elif kind == "passed":
                    passed = value
                else:
                    failed = value
    return ran, passed, failed


def compare(args, say):
    """Prints the findings; True when the run is as expected."""
    expected = read_expected(args.expected)
    api_expected = read_count(args.api_cases)
    gtest_lines = read_lines(args.gtest_log)
    api_lines = read_lines(args.api_log)
    ok = True

    results, repeated = case_results(gtest_lines)
    passed = sorted(n for n, (p, _) in results.items() if p)
    failed = sorted(n for n, (p, _) in results.items() if not p)
    if args.cases_out:
        with open(args.cases_out, "w", encoding="utf-8") as f:
            for name in sorted(results):
                f.write(f"{name} {'passed' if results[name][0] else 'failed'}\n")
    if args.expected_out:
        with open(args.expected_out, "w", encoding="utf-8") as f:
            f.writelines(f"{name}\n" for name in sorted(expected))
    say(f"mluop_gtest cases: {len(passed)} passed, {len(failed)} failed of "
        f"{args.zoo_cases}")
    if len(results) != args.zoo_cases:
        say(f"{args.zoo_cases - len(results)} of the {args.zoo_cases} cases "
            "ran to no result")
        ok = False
    for name in sorted(repeated):
        say(f"{name} has more than one result")
        ok = False

    unexpected = [n for n in failed if n not in expected]
    if unexpected:
        say(f"cases that fail and are not in {args.expected}:")
        for name in unexpected:
            say(f"  {name}: {results[name][1] or '(no report line)'}")
        ok = False
    now_passing = [n for n in sorted(expected)
                   if n in results and results[n][0]]
    if now_passing:
        say(f"cases listed in {args.expected} that pass (remove them from "
            "the list):")
        for name in now_passing:
            say(f"  {name}")
        ok = False
    not_run = [n for n in sorted(expected) if n not in results]
    for name in not_run:
        say(f"listed case {name} ran to no result")
        ok = False
    for name in sorted(n for n in failed if n in expected):
        first = results[name][1]
        want = expected[name][1]
        if first is None or not pattern_of(want).match(first):
            say(f"listed case {name} fails for a new reason:")
            say(f"  expected: {want}")
            say(f"  got:      {first or '(no report line)'}")
            ok = False

    ran, api_passed, api_failed = api_summary(api_lines)
    if ran is None:
        say("mluop_api_gtest printed no case count (did it finish?)")
        ok = False
    elif ran != api_expected:
        if ran < api_expected:
            say(f"mluop_api_gtest ran {ran} cases, {api_expected - ran} short "
                f"of the {api_expected} in {args.api_cases}")
        else:
            say(f"mluop_api_gtest ran {ran} cases, {ran - api_expected} more "
                f"than the {api_expected} in {args.api_cases} (update it)")
        ok = False
    if ran is not None and (api_passed != ran or api_failed):
        say(f"mluop_api_gtest did not pass every case ({api_passed or 0} of "
            f"{ran} passed)")
        ok = False

    for status in args.status or []:
        for line in read_lines(status):
            if line.strip():
                say(line.removeprefix("mluops: "))
                if FATAL_STATUS.search(line):
                    ok = False
    return ok


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--expected", required=True)
    parser.add_argument("--api-cases", required=True)
    parser.add_argument("--gtest-log", required=True)
    parser.add_argument("--api-log", required=True)
    parser.add_argument("--zoo-cases", type=int, required=True)
    parser.add_argument("--status", action="append")
    parser.add_argument("--cases-out")
    parser.add_argument("--expected-out")
    args = parser.parse_args()

    def say(text):
        print(f"mluops: {text}", flush=True)

    try:
        return 0 if compare(args, say) else 1
    except InputError as e:
        say(str(e))
        return 2


if __name__ == "__main__":
    sys.exit(main())
