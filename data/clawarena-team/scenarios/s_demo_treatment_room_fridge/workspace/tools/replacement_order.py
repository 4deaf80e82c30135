#!/usr/bin/env python3
"""Replacement order for quarantined fridge stock, from a pharmacy stock-count workbook
(stdlib only, deterministic).

Usage:
    python3 tools/replacement_order.py --stock STOCK_COUNT.xlsx [--json]

Reads the first sheet of the workbook. The header row must name the columns `code`,
`qty` and `unit_cost_gbp` (other columns are ignored). Every product with a quantity
above zero becomes one order line: cost = qty x unit cost, rounded to the penny.
Prints a table and the total; with --json prints
{"lines": {"<code>": {"qty", "unit_cost_gbp", "cost_gbp"}}, "total_gbp"} instead.
"""

import json
import re
import sys
import zipfile
import xml.etree.ElementTree as ET
from decimal import ROUND_HALF_UP, Decimal

NS = {"m": "http://schemas.openxmlformats.org/spreadsheetml/2006/main"}


def col_index(ref):
    letters = re.match(r"[A-Z]+", ref).group(0)
    n = 0
    for ch in letters:
        n = n * 26 + ord(ch) - 64
    return n - 1


def read_rows(path):
    with zipfile.ZipFile(path) as z:
        shared = []
        if "xl/sharedStrings.xml" in z.namelist():
            for si in ET.fromstring(z.read("xl/sharedStrings.xml")).findall("m:si", NS):
                shared.append("".join(t.text or "" for t in si.iter("{%s}t" % NS["m"])))
        sheet = ET.fromstring(z.read("xl/worksheets/sheet1.xml"))
    rows = []
    for row in sheet.iter("{%s}row" % NS["m"]):
        cells = {}
        for c in row.findall("m:c", NS):
            kind, v = c.get("t"), c.find("m:v", NS)
            if kind == "s" and v is not None:
                val = shared[int(v.text)]
            elif kind == "inlineStr":
                val = "".join(t.text or "" for t in c.iter("{%s}t" % NS["m"]))
            else:
                val = v.text if v is not None else ""
            cells[col_index(c.get("r"))] = val
        rows.append([cells.get(i, "") for i in range(max(cells) + 1)] if cells else [])
    return rows


def main(argv):
    if "--stock" not in argv:
        print(__doc__.strip())
        return 2
    rows = read_rows(argv[argv.index("--stock") + 1])
    head = next(i for i, r in enumerate(rows) if "code" in r and "qty" in r)
    cols = {name: rows[head].index(name) for name in ("code", "qty", "unit_cost_gbp")}
    lines, total = {}, Decimal("0")
    for r in rows[head + 1:]:
        if len(r) <= max(cols.values()) or not r[cols["code"]].strip():
            continue
        qty = int(Decimal(r[cols["qty"]]))
        if qty <= 0:
            continue
        unit = Decimal(r[cols["unit_cost_gbp"]]).quantize(Decimal("0.01"))
        cost = (unit * qty).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
        total += cost
        lines[r[cols["code"]].strip()] = {"qty": qty, "unit_cost_gbp": float(unit), "cost_gbp": float(cost)}
    if "--json" in argv:
        print(json.dumps({"lines": lines, "total_gbp": float(total)}, indent=2, sort_keys=True))
        return 0
    print(f"{'code':<14}{'qty':>5}{'unit GBP':>10}{'cost GBP':>11}")
    for code, ln in lines.items():
        print(f"{code:<14}{ln['qty']:>5}{ln['unit_cost_gbp']:>10.2f}{ln['cost_gbp']:>11.2f}")
    print(f"{'TOTAL':<29}{float(total):>11.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
