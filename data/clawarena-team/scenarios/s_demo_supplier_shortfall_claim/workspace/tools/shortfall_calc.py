#!/usr/bin/env python3
"""Compute a supplier shortfall claim (stdlib only, deterministic).

Usage:
    python3 tools/shortfall_calc.py --invoice INVOICE.csv --received RECEIVED.json [--json]

INVOICE.csv  columns sku, qty_invoiced, unit_price_eur (lines starting with '#' are skipped).
RECEIVED.json  either {"<sku>": <qty>, ...} or an object with a "received" key of that shape.

For every SKU: short = qty_invoiced - qty_received when positive; amount = short x unit price
(rounded to cents). Prints a table and the total; with --json prints
{"lines": {"<sku>": {"short_qty", "unit_price_eur", "amount_eur"}}, "total_eur"} instead.
SKUs with no shortfall are left out.
"""

import csv
import io
import json
import sys
from decimal import ROUND_HALF_UP, Decimal


def load_invoice(path):
    with open(path, encoding="utf-8") as fh:
        text = "".join(line for line in fh if not line.lstrip().startswith("#"))
    rows = {}
    for row in csv.DictReader(io.StringIO(text)):
        rows[row["sku"].strip()] = (int(row["qty_invoiced"]), Decimal(row["unit_price_eur"]))
    return rows


def main(argv):
    if "--invoice" not in argv or "--received" not in argv:
        print(__doc__.strip())
        return 2
    invoice = load_invoice(argv[argv.index("--invoice") + 1])
    with open(argv[argv.index("--received") + 1], encoding="utf-8") as fh:
        received = json.load(fh)
    if isinstance(received, dict) and isinstance(received.get("received"), dict):
        received = received["received"]
    lines, total = {}, Decimal("0")
    for sku in sorted(invoice):
        qty, price = invoice[sku]
        if sku not in received:
            print(f"error: no received quantity for {sku}", file=sys.stderr)
            return 1
        short = qty - int(received[sku])
        if short <= 0:
            continue
        amount = (price * short).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
        total += amount
        lines[sku] = {"short_qty": short, "unit_price_eur": float(price), "amount_eur": float(amount)}
    if "--json" in argv:
        print(json.dumps({"lines": lines, "total_eur": float(total)}, indent=2, sort_keys=True))
        return 0
    print(f"{'sku':<12}{'short':>7}{'unit EUR':>10}{'amount EUR':>12}")
    for sku, ln in lines.items():
        print(f"{sku:<12}{ln['short_qty']:>7}{ln['unit_price_eur']:>10.2f}{ln['amount_eur']:>12.2f}")
    print(f"{'TOTAL':<29}{float(total):>12.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
