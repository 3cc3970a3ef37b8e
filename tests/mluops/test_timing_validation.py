#!/usr/bin/env python3
"""timing_validation.py's case writer, log parser and statistics on the
recorded logs of timing/recorded/, without mlu-ops.

    test_timing_validation.py
"""

import io
import math
import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import timing_validation as tv  # noqa: E402

RECORDED = os.path.join(HERE, "timing", "recorded")
DATA = os.path.join(RECORDED, "cases.csv")


def recorded_times():
    times = {}
    for device in ("MLU370", "MLU590"):
        with open(os.path.join(RECORDED, device + ".log")) as log:
            times[device] = tv.parse_log(log.read())
    return times


class ParseLog(unittest.TestCase):
    def test_time_of_each_case_with_a_result(self):
        times = recorded_times()
        self.assertEqual(times["MLU370"],
                         {"small": 55.5, "large": 3000.0, "huge": 2500.0})
        # gate_small failed before any time was printed: no entry, and the
        # time of the case before it is not carried over.
        self.assertEqual(times["MLU590"], {"gate_large": 30.0})


    def test_time_source_line(self):
        with open(os.path.join(RECORDED, "MLU370.log")) as log:
            self.assertEqual(tv.time_source(log.read()), "model")
        with open(os.path.join(RECORDED, "MLU590.log")) as log:
            self.assertEqual(tv.time_source(log.read()), "unstated")


class Statistics(unittest.TestCase):
    def setUp(self):
        cases = tv.read_cases(DATA)
        self.rows, self.missing, self.dist, self.families = tv.summarize(
            cases, recorded_times())

    def test_ratios_and_missing_cases(self):
        ratios = {row["id"]: row["ratio"] for row in self.rows}
        self.assertAlmostEqual(ratios["small"], 0.555)
        self.assertAlmostEqual(ratios["large"], 10.0)
        self.assertAlmostEqual(ratios["huge"], 0.625)
        self.assertAlmostEqual(ratios["gate_large"], 0.075)
        self.assertEqual(self.missing, ["gate_small"])

    def test_distribution(self):
        self.assertEqual(self.dist["cases"], 4)
        self.assertEqual(self.dist["within_0.5_2"], 2)
        self.assertAlmostEqual(self.dist["fraction_within"], 0.5)
        self.assertAlmostEqual(self.dist["quantiles"][0.5],
                               (0.555 + 0.625) / 2)
        self.assertAlmostEqual(self.dist["quantiles"][0.0], 0.075)
        self.assertAlmostEqual(self.dist["quantiles"][1.0], 10.0)
        expected = math.exp((math.log(0.555) + math.log(10) +
                             math.log(0.625) + math.log(0.075)) / 4)
        self.assertAlmostEqual(self.dist["geomean"], expected)

    def test_family_ranking(self):
        fam_a = self.families["fam_a"]
        self.assertFalse(fam_a["order_matches"])
        self.assertAlmostEqual(fam_a["spearman"], 0.5)
        fam_b = self.families["fam_b"]
        self.assertEqual(fam_b["cases"], 1)
        self.assertTrue(math.isnan(fam_b["spearman"]))

    def test_spearman_ties_and_perfect_order(self):
        self.assertAlmostEqual(tv.spearman([1, 2, 3], [10, 20, 30]), 1.0)
        self.assertAlmostEqual(tv.spearman([1, 2, 3], [30, 20, 10]), -1.0)
        self.assertEqual(tv.ranks([5, 1, 5]), [2.5, 1.0, 2.5])

    def test_report_lines(self):
        out = io.StringIO()
        tv.print_report(self.rows, self.missing, self.dist, self.families, out)
        text = out.getvalue()
        self.assertIn("2 of 4 within [0.5, 2] (50%)", text)
        self.assertIn("family fam_a: 3 cases, different order, "
                      "Spearman 0.50", text)
        self.assertIn("gate_small", text)


class Cases(unittest.TestCase):
    def test_one_prototxt_per_case_and_a_list_per_device(self):
        with tempfile.TemporaryDirectory() as out:
            lists = tv.write_cases(tv.read_cases(DATA), out)
            self.assertEqual(len(lists["MLU370"]), 3)
            self.assertEqual(len(lists["MLU590"]), 2)
            with open(os.path.join(out, "MLU590.list")) as listing:
                paths = listing.read().split()
            with open(paths[0]) as proto:
                text = proto.read()
        self.assertIn('op_name: "moe_dispatch_backward_data"', text)
        # dispatch is [num_experts * capacity, hidden].
        self.assertIn("dims: 8\n    dims: 4\n", text)
        self.assertIn("samples: 8", text)

    def test_unknown_operator_and_platform_are_refused(self):
        with tempfile.TemporaryDirectory() as folder:
            data = os.path.join(folder, "bad.csv")
            with open(data, "w") as bad:
                bad.write("id,family,operator,platform,dtype,params,"
                          "measured_us,source\n"
                          "x,f,no_such_op,MLU370,float,,1,s\n")
            result = subprocess.run(
                [sys.executable, os.path.join(HERE, "timing_validation.py"),
                 "cases", "--data", data, "--out", folder],
                capture_output=True, text=True)
            self.assertEqual(result.returncode, 2)
            self.assertIn("no case writer for operator 'no_such_op'",
                          result.stdout)
            with open(data, "a") as bad:
                bad.write("y,f,box_iou_rotated,MLU220,float,boxes=1,1,s\n")
            result = subprocess.run(
                [sys.executable, os.path.join(HERE, "timing_validation.py"),
                 "report", "--data", data], capture_output=True, text=True)
            self.assertEqual(result.returncode, 2)
            self.assertIn("platform 'MLU220' has no emulated device",
                          result.stdout)

    def test_report_exit_status_names_a_missing_time(self):
        result = subprocess.run(
            [sys.executable, os.path.join(HERE, "timing_validation.py"),
             "report", "--data", DATA,
             "--log", "MLU370=" + os.path.join(RECORDED, "MLU370.log"),
             "--log", "MLU590=" + os.path.join(RECORDED, "MLU590.log")],
            capture_output=True, text=True)
        self.assertEqual(result.returncode, 1)
        self.assertIn("gate_small", result.stdout)
        self.assertIn("MLU370: 3 case times, time source model",
                      result.stdout)


if __name__ == "__main__":
    unittest.main()
