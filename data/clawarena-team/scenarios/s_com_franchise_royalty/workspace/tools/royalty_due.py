#!/usr/bin/env python3
"""Royalty due and shortfall for a franchise audit (stdlib only, exact decimals).

Usage:
    python3 tools/royalty_due.py --rate PCT --base ACTUAL_NET --declared DECLARED_NET --paid PAID [--waived NET]

due = (ACTUAL_NET - waived net) x rate %; shortfall = due - PAID;
under-reporting = (ACTUAL_NET - DECLARED_NET) / ACTUAL_NET in %. Prints one line:
`due_eur=X shortfall_eur=Y underreporting_pct=Z` (two decimals).
"""
import sys
from decimal import ROUND_HALF_UP, Decimal

Q = Decimal("0.01")


def arg(argv, name, default=None):
    return Decimal(argv[argv.index(name) + 1].replace(",", "")) if name in argv else default


def main(argv):
    if "--rate" not in argv or "--base" not in argv:
        print(__doc__.strip())
        return 2
    rate, base = arg(argv, "--rate"), arg(argv, "--base")
    declared, paid = arg(argv, "--declared", base), arg(argv, "--paid", Decimal("0"))
    waived = arg(argv, "--waived", Decimal("0"))
    due = ((base - waived) * rate / 100).quantize(Q, ROUND_HALF_UP)
    under = ((base - declared) / base * 100).quantize(Q, ROUND_HALF_UP)
    print(f"due_eur={due} shortfall_eur={(due - paid).quantize(Q)} underreporting_pct={under}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
