#!/usr/bin/env python3
"""Modelled against measured MLU Hardware Time of mlu-ops' own cases.

    timing_validation.py cases  --data CSV --out DIR [--zoo ZOO]
    timing_validation.py report --data CSV --log PLATFORM=LOG [--log ...]

`cases` gives each row of the data file (tests/mluops/timing/hardware_times.csv)
one mluop_gtest case under DIR/<device>/<operator>/<id>.prototxt: a link to
mlu-ops' own case file when the row's `case` is `zoo:<path>` (relative to
ZOO, mlu-ops' test/mlu_op_gtest/pb_gtest/src/zoo), or a .prototxt written
from the row's parameters when it is `generated`; and a case list
DIR/<device>.list per emulated device (MLU370, MLU590), for
`mluop_gtest --cases_list`. `report` reads mluop_gtest's log of each device,
takes the `MLU Hardware Time` and `MLU TheoryIOs` printed before each case's
result line, and prints modelled / measured per case, the distribution of the
ratios and, per family (sizes of one operator on one platform), whether the
ranking by time matches. A row with the report's TheoryIOs is checked against
the run's: the suite computes it from the shapes, so a difference means the
case is not the one measured. With host time (no timing model) the same
report shows what the host measured. Exit status 0 unless an input is
unreadable, a case has no time or its TheoryIOs differ; the numbers are a
report, not a verdict (docs/timing-validation.md).
"""

import argparse
import csv
import math
import os
import re
import sys

# The platform named in a report, to the emulated device that models it.
DEVICE_OF_PLATFORM = {"MLU370": "MLU370", "MLU590": "MLU590"}


def device_of(platform):
    for prefix, device in DEVICE_OF_PLATFORM.items():
        if platform.upper().startswith(prefix):
            return device
    raise ValueError(f"platform '{platform}' has no emulated device")


def read_cases(path):
    """The rows of the data file, params parsed into a dict."""
    with open(path, newline="") as data:
        lines = [line for line in data if not line.startswith("#")]
    cases = []
    for row in csv.DictReader(lines):
        params = {}
        for pair in filter(None, row["params"].split(";")):
            key, _, value = pair.partition("=")
            params[key.strip()] = value.strip()
        row["params"] = params
        row["measured_us"] = float(row["measured_us"])
        row["device"] = device_of(row["platform"])
        row["case"] = (row.get("case") or "generated").strip()
        if row["case"] != "generated" and not row["case"].startswith("zoo:"):
            raise ValueError(f"{row['id']}: case '{row['case']}' is neither "
                             "'generated' nor 'zoo:<path>'")
        ios = (row.get("theory_ios") or "").strip()
        row["theory_ios"] = float(ios) if ios else None
        cases.append(row)
    return cases


DTYPES = {"float": "DTYPE_FLOAT", "half": "DTYPE_HALF", "int32": "DTYPE_INT32"}


def tensor(kind, name, dims, dtype, bounds=None, seed=1):
    """One input or output block of a case; inputs get uniform random data."""
    lines = [f"{kind} {{", f'  id: "{name}"', "  shape: {"]
    lines += [f"    dims: {d}" for d in dims]
    lines += ["  }", "  layout: LAYOUT_ARRAY", f"  dtype: {DTYPES[dtype]}"]
    if bounds is not None:
        lines += ["  random_data: {", f"    seed: {seed}",
                  f"    lower_bound: {bounds[0]}",
                  f"    upper_bound: {bounds[1]}",
                  "    distribution: UNIFORM", "  }"]
    return lines + ["}"]


def test_param(error_funcs, threshold):
    lines = ["test_param: {"]
    lines += [f"  error_func: {f}" for f in error_funcs]
    lines += [f"  error_threshold: {threshold}" for _ in error_funcs]
    return lines + ["  baseline_device: CPU", "}"]


def moe_dispatch_backward_data(p, dtype):
    samples, hidden = int(p["samples"]), int(p["hidden"])
    capacity, experts = int(p["capacity"]), int(p["num_experts"])
    lines = ['op_name: "moe_dispatch_backward_data"']
    lines += tensor("input", "gates", [samples], dtype, (-100.0, 100.0), 21)
    lines += tensor("input", "indices", [samples], "int32",
                    (0, experts - 1), 23)
    lines += tensor("input", "locations", [samples], "int32",
                    (0, capacity), 24)
    lines += tensor("input", "dispatch", [experts * capacity, hidden], dtype,
                    (1.0, 100.0), 25)
    lines += tensor("output", "grad_input", [samples, hidden], dtype)
    lines += ["moe_dispatch_backward_data_param: {", f"  samples: {samples}",
              f"  capacity: {capacity}", f"  hidden: {hidden}",
              f"  num_experts: {experts}", "}"]
    return lines + test_param(["DIFF3"], 0.0)


def box_iou_rotated(p, dtype):
    boxes = int(p["boxes"])
    aligned = p.get("aligned", "false").lower() == "true"
    # Boxes (x, y, w, h, angle) with positive sizes, so the IoUs are defined.
    lines = ['op_name: "box_iou_rotated"']
    lines += tensor("input", "input1", [boxes, 5], dtype, (0.5, 10.0), 3)
    lines += tensor("input", "input2", [boxes, 5], dtype, (0.5, 10.0), 5)
    output = [boxes] if aligned else [boxes, boxes]
    lines += tensor("output", "output", output, dtype)
    lines += ["box_iou_rotated_param {", f"  mode: {int(p.get('mode', 0))}",
              f"  aligned: {'true' if aligned else 'false'}", "}"]
    return lines + test_param(["DIFF1", "DIFF2"], 3e-3)


CASE_WRITERS = {
    "moe_dispatch_backward_data": moe_dispatch_backward_data,
    "box_iou_rotated": box_iou_rotated,
}


def write_cases(cases, out, zoo=None):
    """One case per row under out/<device>/; a list per device.

    A zoo case is a link named after the row's id, so the log's result
    line, which prints the listed path, names the row.
    """
    lists = {}
    for case in cases:
        folder = os.path.join(out, case["device"], case["operator"])
        os.makedirs(folder, exist_ok=True)
        path = os.path.join(folder, case["id"] + ".prototxt")
        if case["case"].startswith("zoo:"):
            if zoo is None:
                raise ValueError(f"{case['id']}: a zoo case needs --zoo")
            source = os.path.join(zoo, case["case"][len("zoo:"):])
            if not os.path.isfile(source):
                raise ValueError(f"{case['id']}: no case file {source}")
            if os.path.lexists(path):
                os.remove(path)
            os.symlink(os.path.abspath(source), path)
        else:
            writer = CASE_WRITERS.get(case["operator"])
            if writer is None:
                raise ValueError(f"{case['id']}: no case writer for operator "
                                 f"'{case['operator']}'")
            with open(path, "w") as proto:
                proto.write("\n".join(writer(case["params"], case["dtype"])))
                proto.write("\n")
        lists.setdefault(case["device"], []).append(os.path.abspath(path))
    for device, paths in lists.items():
        with open(os.path.join(out, device + ".list"), "w") as listing:
            listing.write("\n".join(paths) + "\n")
    return lists


RESULT_LINE = re.compile(r"^\[\^\s*(OK|FAILED)\s*\]\s+(\S+)")
HARDWARE_TIME = re.compile(r"^\[MLU Hardware Time\s*\]:\s*([-0-9.e+]+)")
THEORY_IOS = re.compile(r"^\[MLU TheoryIOs\s*\]:\s*([-0-9.e+]+)")
CASE_START = re.compile(r"^\[ RUN\s+\]")


def parse_case_figures(text):
    """{case id: {"time": us, "theory_ios": bytes}} from a mluop_gtest log.

    A case's figures are the last `MLU Hardware Time` and `MLU TheoryIOs`
    printed between its `[ RUN ]` line and its `[^ OK ]` / `[^ FAILED ]`
    line, which names the case file; the id is the file name without
    .prototxt. A negative time (the executor prints -1 when the operator
    failed) is no time; a figure not printed is None.
    """
    figures, time, ios = {}, None, None
    for line in text.splitlines():
        if CASE_START.match(line):
            time, ios = None, None
            continue
        match = HARDWARE_TIME.match(line)
        if match:
            time = float(match.group(1))
            continue
        match = THEORY_IOS.match(line)
        if match:
            ios = float(match.group(1))
            continue
        match = RESULT_LINE.match(line)
        if match:
            name = os.path.basename(match.group(2))
            if name.endswith(".prototxt"):
                name = name[:-len(".prototxt")]
            figures[name] = {"time": time if time is not None and time >= 0
                             else None, "theory_ios": ios}
            time, ios = None, None
    return figures


def parse_log(text):
    """{case id: hardware time in us} of the cases that printed a time."""
    return {name: f["time"] for name, f in parse_case_figures(text).items()
            if f["time"] is not None}


def same_printed_figure(a, b):
    """Equal as the executor prints them (6 significant digits)."""
    return f"{a:.5e}" == f"{b:.5e}"


TIME_SOURCE = re.compile(
    r"^\[xbang\] notifier times are .*\(XBANG_TIME=(\w+)\)")


def time_source(text):
    """What the run's notifiers reported: model, host, or unstated."""
    for line in text.splitlines():
        match = TIME_SOURCE.match(line)
        if match:
            return match.group(1)
    return "unstated"


def quantile(sorted_values, q):
    """Linear interpolation between closest ranks (numpy's default)."""
    if not sorted_values:
        return float("nan")
    position = q * (len(sorted_values) - 1)
    low = math.floor(position)
    high = min(low + 1, len(sorted_values) - 1)
    fraction = position - low
    return sorted_values[low] * (1 - fraction) + sorted_values[high] * fraction


def ranks(values):
    """Ranks from 1, ties sharing their mean rank."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    result = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            result[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return result


def spearman(xs, ys):
    """Spearman's rank correlation; nan below two points or with no spread."""
    if len(xs) < 2:
        return float("nan")
    rx, ry = ranks(xs), ranks(ys)
    mx, my = sum(rx) / len(rx), sum(ry) / len(ry)
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry))
    vx = sum((a - mx) ** 2 for a in rx)
    vy = sum((b - my) ** 2 for b in ry)
    if vx == 0 or vy == 0:
        return float("nan")
    return cov / math.sqrt(vx * vy)


def summarize(cases, times, theory_ios=None):
    """Per-case ratios, their distribution and the family rankings.

    times and theory_ios: {device: {case id: value}}. A case whose report
    gives a TheoryIOs the run does not print the same is left out of the
    statistics and listed in `mismatched` with both figures.
    """
    rows, missing, mismatched = [], [], []
    for case in cases:
        modelled = times.get(case["device"], {}).get(case["id"])
        if modelled is None:
            missing.append(case["id"])
            continue
        if case["theory_ios"] is not None and theory_ios is not None:
            run_ios = theory_ios.get(case["device"], {}).get(case["id"])
            if run_ios is None or not same_printed_figure(
                    run_ios, case["theory_ios"]):
                mismatched.append((case["id"], case["theory_ios"], run_ios))
                continue
        rows.append(dict(case, modelled_us=modelled,
                         ratio=modelled / case["measured_us"]))
    ratios = sorted(row["ratio"] for row in rows)
    within = sum(1 for r in ratios if 0.5 <= r <= 2.0)
    distribution = {
        "cases": len(ratios),
        "within_0.5_2": within,
        "fraction_within": within / len(ratios) if ratios else float("nan"),
        "geomean": (math.exp(sum(math.log(r) for r in ratios) / len(ratios))
                    if ratios and min(ratios) > 0 else float("nan")),
        "quantiles": {q: quantile(ratios, q)
                      for q in (0.0, 0.1, 0.25, 0.5, 0.75, 0.9, 1.0)},
    }
    families = {}
    for row in rows:
        families.setdefault(row["family"], []).append(row)
    family_results = {}
    for name, members in sorted(families.items()):
        measured = [m["measured_us"] for m in members]
        modelled = [m["modelled_us"] for m in members]
        by_measured = [m["id"] for m in sorted(members,
                                               key=lambda m: m["measured_us"])]
        by_modelled = [m["id"] for m in sorted(members,
                                               key=lambda m: m["modelled_us"])]
        family_results[name] = {
            "cases": len(members),
            "order_matches": by_measured == by_modelled,
            "spearman": spearman(measured, modelled),
        }
    return rows, missing, mismatched, distribution, family_results


def print_report(rows, missing, distribution, families, out=sys.stdout,
                 mismatched=()):
    out.write(f"{'case':34} {'device':7} {'measured_us':>12} "
              f"{'xbang_us':>12} {'ratio':>8}\n")
    for row in rows:
        out.write(f"{row['id']:34} {row['device']:7} "
                  f"{row['measured_us']:12.1f} {row['modelled_us']:12.1f} "
                  f"{row['ratio']:8.3f}\n")
    for case_id in missing:
        out.write(f"{case_id:34} no MLU Hardware Time in the log\n")
    for case_id, reported, run in mismatched:
        out.write(f"{case_id:34} TheoryIOs {run} differ from the report's "
                  f"{reported:g}: not the case measured\n")
    d = distribution
    quantiles = " ".join(f"p{int(q * 100)}={v:.3g}"
                         for q, v in d["quantiles"].items())
    out.write(f"ratio xbang/measured: {d['within_0.5_2']} of {d['cases']} "
              f"within [0.5, 2] ({d['fraction_within']:.0%}), "
              f"geometric mean {d['geomean']:.3g}; {quantiles}\n")
    for name, family in families.items():
        verdict = ("same order" if family["order_matches"]
                   else "different order")
        out.write(f"family {name}: {family['cases']} cases, {verdict}, "
                  f"Spearman {family['spearman']:.2f}\n")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    cases_cmd = sub.add_parser("cases", help="write the .prototxt cases")
    cases_cmd.add_argument("--data", required=True)
    cases_cmd.add_argument("--out", required=True)
    cases_cmd.add_argument("--zoo", help="mlu-ops' gtest zoo folder")
    report_cmd = sub.add_parser("report", help="compare a run's times")
    report_cmd.add_argument("--data", required=True)
    report_cmd.add_argument("--log", action="append", default=[],
                            metavar="DEVICE=LOG")
    args = parser.parse_args(argv)
    try:
        cases = read_cases(args.data)
    except (OSError, KeyError, ValueError) as error:
        print(f"timing_validation: cannot read {args.data}: {error}")
        return 2
    if args.command == "cases":
        try:
            lists = write_cases(cases, args.out, args.zoo)
        except (OSError, ValueError) as error:
            print(f"timing_validation: {error}")
            return 2
        for device, paths in sorted(lists.items()):
            print(f"timing_validation: {len(paths)} cases for {device}")
        return 0
    times, theory_ios = {}, {}
    for item in args.log:
        device, _, path = item.partition("=")
        try:
            with open(path, errors="replace") as log:
                text = log.read()
        except OSError as error:
            print(f"timing_validation: cannot read log {path}: {error}")
            return 2
        figures = parse_case_figures(text)
        times[device] = {name: f["time"] for name, f in figures.items()
                         if f["time"] is not None}
        theory_ios[device] = {name: f["theory_ios"]
                              for name, f in figures.items()}
        print(f"timing_validation: {device}: {len(times[device])} case times,"
              f" time source {time_source(text)}")
    rows, missing, mismatched, distribution, families = summarize(
        cases, times, theory_ios)
    print_report(rows, missing, distribution, families,
                 mismatched=mismatched)
    return 1 if missing or mismatched else 0


if __name__ == "__main__":
    sys.exit(main())
