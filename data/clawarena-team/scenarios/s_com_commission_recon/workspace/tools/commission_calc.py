#!/usr/bin/env python3
"""Commission calculator for a quarter (stdlib only, deterministic).

Usage:
    python3 tools/commission_calc.py --base PCT --accel PCT REP=REVENUE:QUOTA [REP=REVENUE:QUOTA ...]

Commission = base % of booked revenue up to quota + accelerator % of booked revenue above quota,
rounded to cents. Prints one line per rep (`REP commission_eur=X`) and `TOTAL commission_eur=X`.
"""
import sys


def main(argv):
    if "--base" not in argv or "--accel" not in argv:
        print(__doc__.strip())
        return 2
    base = float(argv[argv.index("--base") + 1])
    accel = float(argv[argv.index("--accel") + 1])
    total = 0.0
    for arg in argv:
        if "=" not in arg or ":" not in arg:
            continue
        rep, rest = arg.split("=", 1)
        rev, quota = (float(x.replace(",", "")) for x in rest.split(":", 1))
        c = round(min(rev, quota) * base / 100 + max(0.0, rev - quota) * accel / 100, 2)
        total += c
        print(f"{rep} commission_eur={c:.2f}")
    print(f"TOTAL commission_eur={total:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
