#!/usr/bin/env python3
"""Census of public BANG C: every .mlu file of a corpus of projects compiled
through cncc with each project's own flags, failures classified.

The corpus is not in the repository: census_manifest.json lists each project
(repository, commit, the .mlu globs, include folders and flags it builds
with); the checkouts live elsewhere, one folder per project under --corpus
(named by the project's "dir", default its "name"), or given one by one with
--project-dir NAME=PATH.

  tests/conformance/census.py --corpus /work/census-corpus \\
      --cncc build/neuware/bin/cncc [--compiler clang|gcc] [--opt -O0] \\
      [--jobs 2] [--only NAME ...] [--drop-unknown-archs] \\
      [--markdown out.md] [--json out.json] [--logs DIR]

Each file is one `cncc -c` (-v, to tell the rewriter's failure from the
compiler's). Its first error decides the class:

  missing built-in   an undeclared or unmatched BANG name (__bang_*,
                     __memcpy*, bfloat16_t, ...), or MLU inline assembly
                     xbang does not emulate
  missing header     an #include that is not found
  warning as error   a -Werror warning
  rewriter error     xbang-mlu-rewrite refused the file or a header, or left
                     a launch as <<<...>>> for the compiler to stop at
  unknown arch       an --bang-mlu-arch cncc does not know
  unknown flag       a flag cncc does not know
  kernel bug         named in the manifest's "kernel_bugs" (the project's own
                     error, checked by hand)
  other              anything else, with its message

--opt replaces every -O flag of the projects (the census runs at -O0 by
default: whether a file compiles is the front end's decision; pass --opt ""
for the projects' own levels).
"""

import argparse
import concurrent.futures
import fnmatch
import glob
import json
import os
import re
import subprocess
import sys
import tempfile

CLASSES = [
    "missing built-in",
    "missing header",
    "warning as error",
    "rewriter error",
    "unknown arch",
    "unknown flag",
    "kernel bug",
    "other",
]

ERROR_LINE = re.compile(r"(?:^|\s)(?:fatal )?error: (.*)$")
BANG_NAME = re.compile(
    r"'(__bang_\w+|__memcpy\w*|__memset\w*|__mlu_\w+|__sync\w*|__is_\w+|"
    r"__float2\w+|__half2\w+|__bfloat\w*|__cn_\w+|__gdramset|__nramset|"
    r"__ldramset|__sramset|__\w+|bfloat16_t|bfloat16|half2|"
    r"taskId\w*|taskDim\w*|cluster\w+|coreId|core\w+)['(]")


def load_manifest(path):
    with open(path, encoding="utf-8") as handle:
        return json.load(handle)


def project_files(root, project):
    """(relative path, include dirs, flags) of every .mlu file of a project."""
    seen = set()
    files = []
    for group in project.get("sets", [{}]):
        sources = group.get("sources", project.get("sources", []))
        exclude = group.get("exclude", []) + project.get("exclude", [])
        includes = project.get("include_dirs", []) + group.get(
            "include_dirs", [])
        flags = project.get("flags", []) + group.get("flags", [])
        for pattern in sources:
            for path in sorted(
                    glob.glob(os.path.join(root, pattern), recursive=True)):
                relative = os.path.relpath(path, root)
                if relative in seen:
                    continue
                if any(fnmatch.fnmatch(relative, e) for e in exclude):
                    continue
                seen.add(relative)
                files.append((relative, includes, flags))
    return files


KNOWN_ARCHS = {"mtp_290", "tp_290", "mtp_372", "tp_372", "mtp_592", "tp_592",
               "compute_20", "compute_30", "compute_50"}


def drop_unknown_archs(flags):
    """Flags without the --bang-mlu-arch xbang does not emulate, when one it
    emulates remains (a fat binary's other members); the dropped names."""
    archs = [f.split("=", 1)[1] for f in flags
             if f.startswith(("--bang-mlu-arch=", "--bang-arch="))]
    if not any(a in KNOWN_ARCHS for a in archs):
        return flags, []
    kept = [f for f in flags
            if not (f.startswith(("--bang-mlu-arch=", "--bang-arch=")) and
                    f.split("=", 1)[1] not in KNOWN_ARCHS)]
    return kept, [a for a in archs if a not in KNOWN_ARCHS]


def replace_opt(flags, opt):
    if opt is None:
        return list(flags)
    out = [f for f in flags if not re.fullmatch(r"-O([0-3sgz]|fast)?", f)]
    if opt:
        out.append(opt)
    return out


def first_error(output):
    for line in output.splitlines():
        match = ERROR_LINE.search(line)
        if match:
            return line.strip(), match.group(1).strip()
    return "", ""


def classify(output, rewriter_failed):
    """(class, cause, first error line) of a failed compilation."""
    # GCC quotes with ‘ ’, Clang with ' '.
    output = output.replace("\u2018", "'").replace("\u2019", "'")
    line, message = first_error(output)
    if "unknown MLU architecture" in message:
        arch = re.search(r"architecture '([^']+)'", message)
        return "unknown arch", arch.group(1) if arch else message, line
    if message.startswith("unknown argument") or "unknown host compiler" in \
            message:
        flag = re.search(r"'([^']+)'", message)
        return "unknown flag", flag.group(1) if flag else message, line
    if rewriter_failed:
        return "rewriter error", re.sub(r"^.*error: ", "", line), line
    # The compiler stopping at a launch: one the rewriter did not turn into
    # a call (Clang and GCC show the source line after the message).
    lines = output.splitlines()
    if line in [l.strip() for l in lines]:
        at = [l.strip() for l in lines].index(line)
        if at + 1 < len(lines) and "<<<" in lines[at + 1]:
            return "rewriter error", "a launch left as <<<...>>>", line
    warning = re.search(r"\[-Werror[,=](-W)?([\w+-]+)\]", line)
    if warning:
        return "warning as error", "-W" + warning.group(2), line
    header = re.search(r"'?([\w./+-]+\.(?:h|hpp|hh|cuh|mlu\.h|inc))'? file "
                       r"not found|([\w./+-]+): No such file or directory",
                       message)
    if header:
        return "missing header", header.group(1) or header.group(2), line
    if re.search(r"static.assert", message) and (
            "inline assembly" in message or "instruction" in message):
        instruction = re.search(r"'([^']+)'", message)
        return ("missing built-in", "inline assembly " +
                (instruction.group(1) if instruction else message), line)
    name = BANG_NAME.search(message)
    if name and re.search(
            r"undeclared identifier|no matching function|unknown type name|"
            r"was not declared|no member named|not a member|"
            r"has not been declared|does not name a type|"
            r"call to .* is ambiguous|no matching|cannot convert|"
            r"invalid operands|no viable", message):
        what = "no matching overload" if re.search(
            r"no matching|no viable|cannot convert|ambiguous", message) else (
                "undeclared")
        return "missing built-in", "%s (%s)" % (name.group(1), what), line
    return "other", re.sub(r"'[^']{21,}'", "'…'", message)[:120], line


def compile_one(cncc, root, relative, includes, flags, compiler, keep_dir):
    source = os.path.join(root, relative)
    with tempfile.TemporaryDirectory(prefix="census.") as scratch:
        argv = [cncc, "-v", "-c", source, "-o",
                os.path.join(scratch, "out.o")]
        if compiler:
            argv.append("--xbang-host-compiler=" + compiler)
        argv += flags
        argv += ["-I" + os.path.join(root, d) for d in includes]
        result = subprocess.run(argv, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, cwd=root,
                                text=True, errors="replace")
    output = result.stdout
    # The step that printed the first error: the last command cncc echoed
    # (-v) before it. The rewriter reports the headers it cannot read and
    # leaves the compiler to stop there.
    step = ""
    for text in output.splitlines():
        program = text.split(" ", 1)[0]
        if program.startswith("/") and os.access(program, os.X_OK):
            step = program
        elif ERROR_LINE.search(text):
            break
    rewriter_failed = step.endswith("xbang-mlu-rewrite")
    verdict = {"file": relative, "ok": result.returncode == 0}
    if not verdict["ok"]:
        cls, cause, line = classify(output, rewriter_failed)
        verdict.update({"class": cls, "cause": cause, "error": line})
        if keep_dir:
            log = os.path.join(keep_dir, relative.replace("/", "__") + ".log")
            with open(log, "w", encoding="utf-8") as handle:
                handle.write(" ".join(argv) + "\n" + output)
    return verdict


def run_project(args, project, root):
    files = project_files(root, project)
    keep = None
    if args.logs:
        keep = os.path.join(args.logs, project["name"])
        os.makedirs(keep, exist_ok=True)
    bugs = project.get("kernel_bugs", {})
    results = []
    dropped = set()

    def archs_of(flags):
        if not args.drop_unknown_archs:
            return flags
        kept, gone = drop_unknown_archs(flags)
        dropped.update(gone)
        return kept

    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        futures = [
            pool.submit(compile_one, args.cncc, root, rel, inc,
                        replace_opt(archs_of(flags), args.opt) +
                        args.extra_flag, args.compiler, keep)
            for rel, inc, flags in files
        ]
        for future in futures:
            verdict = future.result()
            if not verdict["ok"] and verdict["file"] in bugs:
                verdict["class"] = "kernel bug"
                verdict["cause"] = bugs[verdict["file"]]
            results.append(verdict)
            if args.verbose:
                print("%s %s: %s" % (project["name"], verdict["file"],
                                     "ok" if verdict["ok"] else
                                     verdict["class"] + " — " +
                                     verdict["cause"]), file=sys.stderr)
    for verdict in results:
        verdict["dropped_archs"] = sorted(dropped)
    return results


def summarize(projects, results):
    lines = []
    total = sum(len(r) for r in results.values())
    ok = sum(sum(v["ok"] for v in r) for r in results.values())
    lines.append("| project | repository | commit | flags | files | compile "
                 "| archs not emulated, left out |")
    lines.append("|---|---|---|---|---|---|---|")
    for project in projects:
        name = project["name"]
        if name not in results:
            continue
        r = results[name]
        dropped = r[0]["dropped_archs"] if r else []
        lines.append("| %s | %s | `%s` | `%s` | %d | %d | %s |" % (
            name, project["repository"], project["commit"][:10],
            " ".join(project.get("flags", [])), len(r),
            sum(v["ok"] for v in r), ", ".join(dropped)))
    lines.append("| **all** | | | | **%d** | **%d** | |" % (total, ok))
    lines.append("")
    lines.append("| class | files | causes (files) |")
    lines.append("|---|---|---|")
    for cls in CLASSES:
        failed = [v for r in results.values() for v in r
                  if not v["ok"] and v["class"] == cls]
        if not failed:
            continue
        causes = {}
        for v in failed:
            causes[v["cause"]] = causes.get(v["cause"], 0) + 1
        shown = "; ".join("`%s` (%d)" % (c, n) for c, n in sorted(
            causes.items(), key=lambda item: (-item[1], item[0])))
        lines.append("| %s | %d | %s |" % (cls, len(failed), shown))
    lines.append("")
    lines.append("| project | file | class | first error |")
    lines.append("|---|---|---|---|")
    for project in projects:
        for v in results.get(project["name"], []):
            if not v["ok"]:
                lines.append("| %s | `%s` | %s | %s |" % (
                    project["name"], v["file"], v["class"],
                    v["cause"].replace("|", "\\|")))
    return "\n".join(lines) + "\n"


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--manifest",
                        default=os.path.join(here, "census_manifest.json"))
    parser.add_argument("--corpus", help="folder of one checkout per project")
    parser.add_argument("--project-dir", action="append", default=[],
                        metavar="NAME=PATH")
    parser.add_argument("--cncc", required=True)
    parser.add_argument("--compiler", choices=["clang", "gcc"],
                        help="--xbang-host-compiler (default: cncc's)")
    parser.add_argument("--opt", default="-O0",
                        help="replaces the projects' -O flags ('' keeps them)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--only", nargs="*", help="project names")
    parser.add_argument("--markdown", help="write the tables here")
    parser.add_argument("--json", help="write every verdict here")
    parser.add_argument("--logs", help="keep each failing file's output here")
    parser.add_argument("--drop-unknown-archs", action="store_true",
                        help="leave out the --bang-mlu-arch cncc does not "
                        "emulate when the file names one it does")
    parser.add_argument("--extra-flag", action="append", default=[],
                        help="a flag added after each project's own")
    parser.add_argument("--fail-on-error", action="store_true",
                        help="exit with 1 when a file does not compile")
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()
    if args.opt == "":
        args.opt = None
    args.cncc = os.path.abspath(args.cncc)

    manifest = load_manifest(args.manifest)
    projects = manifest["projects"]
    dirs = dict(item.split("=", 1) for item in args.project_dir)
    results = {}
    for project in projects:
        name = project["name"]
        if args.only and name not in args.only:
            continue
        root = dirs.get(name)
        if root is None and args.corpus:
            root = os.path.join(args.corpus, project.get("dir", name))
        if root is None or not os.path.isdir(root):
            print("census: %s: no checkout (%s), skipped" % (name, root),
                  file=sys.stderr)
            continue
        root = os.path.abspath(root)
        results[name] = run_project(args, project, root)
        r = results[name]
        print("%s: %d/%d .mlu files compile" %
              (name, sum(v["ok"] for v in r), len(r)))
    table = summarize(projects, results)
    if args.markdown:
        with open(args.markdown, "w", encoding="utf-8") as handle:
            handle.write(table)
    else:
        print(table)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump(results, handle, indent=1)
    failed = any(not v["ok"] for r in results.values() for v in r)
    return 1 if failed and args.fail_on_error else 0


if __name__ == "__main__":
    sys.exit(main())
