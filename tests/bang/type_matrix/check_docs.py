#!/usr/bin/env python3
"""Checks docs/builtins.md's type column against type_matrix.def.

For each row of the table, the first docs row naming the built-in in its
first cell must list exactly the row's types (the parenthesised remark
dropped), plus bfloat16_t with "592" in its remark when the row has
bfloat16_t on 5xx. Prints each difference; exit status 1 if any.
"""
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROW = re.compile(r"^XBANG_MATRIX_ROW\((\w+),\s*\w+,\s*\w+,\s*\(([^)]*)\),\s*([01])\)")


def table_rows(path):
    rows = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            m = ROW.match(line.strip())
            if m:
                types = [t.strip() for t in m.group(2).split(",")]
                rows.append((m.group(1), types, m.group(3) == "1"))
    return rows


def docs_type_cells(path):
    """name -> the type cell of the first table row naming it."""
    cells = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            if not line.startswith("| `"):
                continue
            columns = [c.strip() for c in re.split(r"(?<!\\)\|", line)[1:-1]]
            if len(columns) < 4:
                continue
            for name in re.findall(r"`(\w+)`", columns[0]):
                cells.setdefault(name, columns[3])
    return cells


def main():
    docs = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        HERE, "..", "..", "..", "docs", "builtins.md")
    rows = table_rows(os.path.join(HERE, "type_matrix.def"))
    cells = docs_type_cells(docs)
    problems = []
    for name, types, bf16 in rows:
        cell = cells.get(name)
        if cell is None:
            problems.append("%s: no row in %s" % (name, docs))
            continue
        remark = " ".join(re.findall(r"\(([^)]*)\)", cell))
        listed = [t.strip() for t in re.sub(r"\([^)]*\)", "", cell).split(",")]
        want = list(types) + (["bfloat16_t"] if bf16 else [])
        if sorted(listed) != sorted(want):
            problems.append("%s: docs list %s, the table %s" %
                            (name, ", ".join(listed), ", ".join(want)))
        if bf16 and "592" not in remark:
            problems.append("%s: bfloat16_t without its 592 remark" % name)
    for p in problems:
        print("type matrix vs docs: " + p)
    print("type matrix vs docs: %d rows, %d differences" %
          (len(rows), len(problems)))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
