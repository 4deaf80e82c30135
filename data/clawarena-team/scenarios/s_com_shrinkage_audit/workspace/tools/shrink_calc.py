#!/usr/bin/env python3
"""Shrinkage calculator for count periods (stdlib only, deterministic).

Usage:
    python3 tools/shrink_calc.py [--movements MOVES.csv --counts COUNT.csv] POS.csv [POS.csv ...]

POS.csv: one receipt line per row (ts, register, receipt_no, sku, qty, unit_price_eur, line_type);
line_type sale adds, refund subtracts, void is ignored. Prints units sold per register (file) and in
total for the SKUs listed in MOVES.csv (or every SP- SKU without it). With --movements (sku, opening,
received) and --counts (sku, counted) it also prints expected closing stock = opening + received - sold,
the counted stock, shrink units = expected - counted, and shrink value at the POS unit price.
"""
import csv
import os
import sys


def load(path):
    with open(path, encoding="utf-8", newline="") as fh:
        return list(csv.DictReader(fh))


def main(argv):
    files = [a for a in argv if a.endswith(".csv")]
    opt = {}
    for flag in ("--movements", "--counts"):
        if flag in argv:
            opt[flag] = argv[argv.index(flag) + 1]
            files.remove(opt[flag])
    if not files:
        print(__doc__.strip())
        return 2
    moves = {r["sku"]: (int(r["opening"]), int(r["received"])) for r in load(opt["--movements"])} if "--movements" in opt else None
    price, total = {}, {}
    for p in files:
        per = {}
        for r in load(p):
            sku = r["sku"]
            if not sku.startswith("SP-") or r["line_type"] == "void":
                continue
            q = int(r["qty"]) * (-1 if r["line_type"] == "refund" else 1)
            per[sku] = per.get(sku, 0) + q
            price[sku] = float(r["unit_price_eur"])
        name = os.path.basename(p)[:-4].replace("pos_", "")
        for sku in sorted(per):
            if moves is None or sku in moves:
                print(f"{name} {sku} sold={per[sku]}")
                total[sku] = total.get(sku, 0) + per[sku]
    for sku in sorted(total):
        print(f"TOTAL {sku} sold={total[sku]}")
    if moves is not None and "--counts" in opt:
        counts = {r["sku"]: int(r["counted"]) for r in load(opt["--counts"])}
        for sku in sorted(moves):
            o, rc = moves[sku]
            exp = o + rc - total.get(sku, 0)
            sh = exp - counts[sku]
            print(f"SHRINK {sku} expected={exp} counted={counts[sku]} shrink_units={sh} shrink_value_eur={sh * price.get(sku, 0):.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
