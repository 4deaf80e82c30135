#!/usr/bin/env python3
"""Brand serial registry lookup (stdlib only).

Usage:
    python3 tools/serial_lookup.py --registry REGISTRY.csv SERIAL [SERIAL ...]

Prints one line per serial: SERIAL REGISTERED batch=<batch> market=<market>, or SERIAL NOT_REGISTERED.
"""
import csv
import sys


def main(argv):
    if "--registry" not in argv:
        print(__doc__.strip())
        return 2
    i = argv.index("--registry")
    reg = {}
    with open(argv[i + 1], encoding="utf-8", newline="") as fh:
        for r in csv.DictReader(fh):
            reg[r["serial"]] = r
    for s in argv[:i] + argv[i + 2:]:
        r = reg.get(s)
        print(f"{s} REGISTERED batch={r['batch']} market={r['market']}" if r else f"{s} NOT_REGISTERED")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
