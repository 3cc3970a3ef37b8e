#!/usr/bin/env python3
"""Census of Cambricon toolkit calls in the host code of public projects.

Counts the calls of CNRT (cnrt*), CNDrv (cn + capital: cnMalloc, ...), CNDev
(cndev*) and CNNL (cnnl*) functions in the files a manifest names (repository,
commit, path globs), weighted by how often each is called, and reports which
resolve to functions xbang implements: declared in xbang's toolkit headers
(bang/include/cn*.h) and not one that always answers "not supported" (the
names in bang/toolkit/cnrt/not_supported.cpp and the manifest's
not_supported_extra).

The projects are not stored here: --repos names a folder holding each
repository as owner+name/repo (a git directory, as the search tool's fetch
lays them out) or owner/name (a checkout); files are read at the manifest's
commit with git. Prints Markdown (the tables of docs/host-toolkit.md);
--json writes the raw counts.

  python3 tests/toolkit/host_census.py --repos /work/.mirror
"""

import argparse
import collections
import fnmatch
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))

FAMILIES = ("cnrt", "cndrv", "cndev", "cnnl")

# A call: a toolkit name (the APIs spell them in camel case: cnrtMalloc,
# cnnlCopy; cnnl_contiguous is a project's own helper) followed by "(".
CALL = re.compile(r"\b(cnrt[A-Z]\w*|cndev[A-Z]\w*|cnnl[A-Z]\w*|cn[A-Z]\w*)\s*\(")
# Tokens before a name that still make it a call, not a declaration.
CALL_KEYWORDS = {"return", "else", "case", "do", "throw", "co_return",
                 "sizeof", "decltype", "not", "and", "or"}
IDENT_BEFORE = re.compile(r"([A-Za-z_]\w*)\s*$")
# A variable or member with a toolkit-like name ("int cnrtMalloc_count;"):
# its initialisers ("cnrtMalloc_count(0)") are not calls.
VARIABLE = re.compile(
    r"\b[A-Za-z_]\w*[\s\*&]+(cnrt[A-Z]\w*|cndev[A-Z]\w*|cnnl[A-Z]\w*|cn[A-Z]\w*)"
    r"\s*(?:;|=|\[|\{)")


def family(name):
    if name.startswith("cnrt"):
        return "cnrt"
    if name.startswith("cndev"):
        return "cndev"
    if name.startswith("cnnl"):
        return "cnnl"
    return "cndrv"


def strip_comments_and_strings(text):
    """C/C++ source without comments and string or character literals."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == "/" and i + 1 < n and text[i + 1] == "/":
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif c == "/" and i + 1 < n and text[i + 1] == "*":
            j = text.find("*/", i + 2)
            i = n if j < 0 else j + 2
            out.append(" ")
        elif c in "\"'":
            if c == '"' and i > 0 and text[i - 1] == "R":  # raw string
                m = re.match(r'"([^(\s]*)\(', text[i:])
                if m:
                    end = text.find(")" + m.group(1) + '"', i)
                    i = n if end < 0 else end + len(m.group(1)) + 2
                    out.append('""')
                    continue
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            i = j + 1
            out.append('""')
        else:
            out.append(c)
            i += 1
    return "".join(out)


def count_calls(text, defined):
    """Counter of toolkit names called in C/C++ source; the names it
    declares or defines ("type name(", not calls) are added to `defined`."""
    calls = collections.Counter()
    code = strip_comments_and_strings(text)
    for m in VARIABLE.finditer(code):
        defined.add(m.group(1))
    for m in CALL.finditer(code):
        name = m.group(1)
        if name.endswith("_t"):
            continue  # a type used as a constructor or cast
        line_start = code.rfind("\n", 0, m.start()) + 1
        before = code[line_start:m.start()]
        if before.lstrip().startswith("#define"):
            continue
        prev = IDENT_BEFORE.search(before)
        if prev and prev.group(1) not in CALL_KEYWORDS:
            defined.add(name)  # "cnrtRet_t cnrtMalloc(": a declaration
            continue
        if before.rstrip().endswith(("*", "&")):
            defined.add(name)
            continue
        if before.rstrip().endswith(("::", ".", "->")):
            # "const char *cnrtGetErrorStr(" declares; "x.cnnlFoo(" and
            # "ns::cnnlFoo(" are the project's own members and wrappers.
            continue
        calls[name] += 1
    return calls


def xbang_functions(root):
    """Names xbang's toolkit headers declare as functions (with the macros
    that alias them), and the names that always answer not supported."""
    include = os.path.join(root, "bang", "include")
    declared, aliases = set(), {}
    decl = re.compile(r"(?:[A-Za-z_]\w*[\s\*]+)(cn\w+)\s*\(")
    alias = re.compile(r"^\s*#\s*define\s+(cn\w+)\s+(cn\w+)\s*$", re.M)
    for entry in sorted(os.listdir(include)):
        if not (entry.startswith("cn") and entry.endswith(".h")):
            continue
        with open(os.path.join(include, entry), encoding="utf-8") as f:
            text = f.read()
        for m in alias.finditer(text):
            aliases[m.group(1)] = m.group(2)
        code = strip_comments_and_strings(text)
        for m in decl.finditer(code):
            declared.add(m.group(1))
    for name, target in aliases.items():
        if target in declared:
            declared.add(name)
    not_supported = set()
    source = os.path.join(root, "bang", "toolkit", "cnrt", "not_supported.cpp")
    with open(source, encoding="utf-8") as f:
        not_supported.update(
            re.findall(r"^XBANG_CNRT_NOT_SUPPORTED\((\w+)", f.read(), re.M))
    return declared, not_supported


def git_dir(repos, repo):
    owner, name = repo.split("/")
    for candidate in (os.path.join(repos, owner + "+" + name, "repo"),
                      os.path.join(repos, owner, name)):
        if os.path.isdir(candidate):
            return candidate
    return None


def project_files(gitdir, commit, include, exclude):
    listing = subprocess.run(
        ["git", "-C", gitdir, "ls-tree", "-r", "--name-only", commit],
        check=True, capture_output=True, text=True).stdout.splitlines()
    return [p for p in listing
            if any(fnmatch.fnmatch(p, g) for g in include)
            and not any(fnmatch.fnmatch(p, g) for g in exclude)]


def read_blobs(gitdir, commit, paths):
    """Yields (path, text) for each path at commit (one git process)."""
    proc = subprocess.Popen(["git", "-C", gitdir, "cat-file", "--batch"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    for path in paths:
        proc.stdin.write(("%s:%s\n" % (commit, path)).encode())
        proc.stdin.flush()
        header = proc.stdout.readline().decode().split()
        if len(header) < 3 or header[1] != "blob":
            continue  # missing from the snapshot
        data = proc.stdout.read(int(header[2]))
        proc.stdout.read(1)
        yield path, data.decode("utf-8", errors="replace")
    proc.stdin.close()
    proc.wait()


def percent(part, whole):
    return "%.1f%%" % (100.0 * part / whole) if whole else "—"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repos", required=True,
                        help="folder holding the repositories")
    parser.add_argument("--manifest",
                        default=os.path.join(HERE, "host_census_manifest.json"))
    parser.add_argument("--top", type=int, default=150,
                        help="rows of the most-called CNNL table")
    parser.add_argument("--json", help="also write the raw counts here")
    args = parser.parse_args()

    with open(args.manifest, encoding="utf-8") as f:
        manifest = json.load(f)
    declared, not_supported = xbang_functions(ROOT)
    not_supported.update(manifest.get("not_supported_extra", []))

    def implemented(name):
        return name in declared and name not in not_supported

    rows, totals, raw = [], collections.Counter(), {}
    for project in manifest["projects"]:
        gitdir = git_dir(args.repos, project["repo"])
        if gitdir is None:
            print("census: %s not found under %s" %
                  (project["repo"], args.repos), file=sys.stderr)
            return 1
        paths = project_files(gitdir, project["commit"], project["include"],
                              project.get("exclude", []))
        calls, defined = collections.Counter(), set()
        for _, text in read_blobs(gitdir, project["commit"], paths):
            calls.update(count_calls(text, defined))
        # A name the project defines itself is its own wrapper, not the
        # toolkit's (unless xbang declares it: the toolkit's own name).
        for name in defined - declared:
            calls.pop(name, None)
        raw[project["name"]] = dict(calls)
        totals.update(calls)
        by_family = {fam: [0, 0] for fam in FAMILIES}
        for name, n in calls.items():
            cell = by_family[family(name)]
            cell[0] += n
            if implemented(name):
                cell[1] += n
        rows.append((project, len(paths), sum(calls.values()), by_family))

    print("| Project | Commit | Files | Calls | CNRT calls | CNRT resolved "
          "| CNDrv calls | CNDrv resolved | CNDev calls | CNDev resolved "
          "| CNNL calls | CNNL resolved |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for project, files, total, fam in rows:
        cells = []
        for name in FAMILIES:
            calls, resolved = fam[name]
            cells += [str(calls), percent(resolved, calls)]
        print("| %s (`%s`) | `%s` | %d | %d | %s |" %
              (project["name"], project["repo"], project["commit"], files,
               total, " | ".join(cells)))
    print()
    cnnl = [(n, c) for n, c in totals.items() if family(n) == "cnnl"]
    cnnl.sort(key=lambda item: (-item[1], item[0]))
    print("| # | CNNL function | Calls | Projects | Implemented |")
    print("|---:|---|---:|---:|---|")
    for rank, (name, count) in enumerate(cnnl[:args.top], 1):
        projects = sum(1 for calls in raw.values() if name in calls)
        print("| %d | `%s` | %d | %d | %s |" %
              (rank, name, count, projects,
               "yes" if implemented(name) else "no"))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(raw, f, indent=1, sort_keys=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
