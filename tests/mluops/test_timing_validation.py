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


def recorded_theory_ios():
    ios = {}
    for device in ("MLU370", "MLU590"):
        with open(os.path.join(RECORDED, device + ".log")) as log:
            ios[device] = {name: f["theory_ios"] for name, f in
                           tv.parse_case_figures(log.read()).items()}
    return ios


class ParseLog(unittest.TestCase):
    def test_time_of_each_case_with_a_result(self):
        times = recorded_times()
        self.assertEqual(times["MLU370"],
                         {"small": 55.5, "large": 3000.0, "huge": 2500.0})
        # gate_small failed before any time was printed: no entry, and the
        # time of the case before it is not carried over.
        self.assertEqual(times["MLU590"], {"gate_large": 30.0})


    def test_theory_ios_of_each_case(self):
        ios = recorded_theory_ios()["MLU370"]
        self.assertEqual(ios["small"], 1200.0)
        self.assertIsNone(ios["large"])

    def test_time_source_line(self):
        with open(os.path.join(RECORDED, "MLU370.log")) as log:
            self.assertEqual(tv.time_source(log.read()), "model")
        with open(os.path.join(RECORDED, "MLU590.log")) as log:
            self.assertEqual(tv.time_source(log.read()), "unstated")


class Statistics(unittest.TestCase):
    def setUp(self):
        cases = tv.read_cases(DATA)
        (self.rows, self.missing, self.mismatched, self.dist,
         self.families) = tv.summarize(cases, recorded_times(),
                                       recorded_theory_ios())

    def test_ratios_and_missing_cases(self):
        ratios = {row["id"]: row["ratio"] for row in self.rows}
        self.assertAlmostEqual(ratios["small"], 0.555)
        self.assertAlmostEqual(ratios["large"], 10.0)
        self.assertAlmostEqual(ratios["huge"], 0.625)
        self.assertAlmostEqual(ratios["gate_large"], 0.075)
        self.assertEqual(self.missing, ["gate_small"])

    def test_theory_ios_identify_the_case(self):
        self.assertEqual(self.mismatched, [])
        cases = tv.read_cases(DATA)
        cases[0]["theory_ios"] = 1.2001e3
        rows, _, mismatched, dist, _ = tv.summarize(
            cases, recorded_times(), recorded_theory_ios())
        self.assertEqual(mismatched, [("small", 1.2001e3, 1200.0)])
        self.assertNotIn("small", [row["id"] for row in rows])
        self.assertEqual(dist["cases"], 3)
        # Equal as printed: 6 significant digits.
        self.assertTrue(tv.same_printed_figure(1171456.0, 1.17146e6))
        self.assertFalse(tv.same_printed_figure(1171556.0, 1.17146e6))

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
        tv.print_report(self.rows, self.missing, self.dist, self.families, out,
                        [("bad", 5.0, 6.0)])
        text = out.getvalue()
        self.assertIn("2 of 4 within [0.5, 2] (50%)", text)
        self.assertIn("family fam_a: 3 cases, different order, "
                      "Spearman 0.50", text)
        self.assertIn("gate_small", text)
        self.assertIn("bad                                TheoryIOs 6.0 "
                      "differ from the report's 5: not the case measured",
                      text)


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

    def test_zoo_case_is_a_link_to_the_case_file(self):
        with tempfile.TemporaryDirectory() as folder:
            zoo = os.path.join(folder, "zoo")
            os.makedirs(os.path.join(zoo, "ball_query", "test_case"))
            case_file = os.path.join(zoo, "ball_query", "test_case",
                                     "case_0.prototxt")
            with open(case_file, "w") as proto:
                proto.write('op_name: "ball_query"\n')
            data = os.path.join(folder, "zoo.csv")
            with open(data, "w") as table:
                table.write("id,family,operator,platform,dtype,params,"
                            "measured_us,source,case,theory_ios\n"
                            "bq,f,ball_query,MLU370-X4,float,,80,s,"
                            "zoo:ball_query/test_case/case_0.prototxt,"
                            "1.17146e+06\n")
            cases = tv.read_cases(data)
            self.assertEqual(cases[0]["theory_ios"], 1.17146e6)
            lists = tv.write_cases(cases, os.path.join(folder, "out"), zoo)
            self.assertTrue(lists["MLU370"][0].endswith(
                "MLU370/ball_query/bq.prototxt"))
            self.assertEqual(os.path.realpath(lists["MLU370"][0]),
                             os.path.realpath(case_file))
            with self.assertRaisesRegex(ValueError, "needs --zoo"):
                tv.write_cases(cases, os.path.join(folder, "other"))
            os.remove(case_file)
            with self.assertRaisesRegex(ValueError, "no case file"):
                tv.write_cases(cases, os.path.join(folder, "out"), zoo)

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
