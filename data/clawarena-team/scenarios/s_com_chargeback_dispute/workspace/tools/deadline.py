#!/usr/bin/env python3
"""Calendar arithmetic for response windows (stdlib only).

Usage:
    python3 tools/deadline.py --from YYYY-MM-DD --days N

Prints `deadline=YYYY-MM-DD weekday=<name>`: the date N calendar days after --from.
"""
import datetime as dt
import sys


def main(argv):
    if "--from" not in argv or "--days" not in argv:
        print(__doc__.strip())
        return 2
    start = dt.date.fromisoformat(argv[argv.index("--from") + 1])
    end = start + dt.timedelta(days=int(argv[argv.index("--days") + 1]))
    print(f"deadline={end.isoformat()} weekday={end.strftime('%A')}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
