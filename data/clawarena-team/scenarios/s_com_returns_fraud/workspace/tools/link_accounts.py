#!/usr/bin/env python3
"""Account linker for returns-abuse reviews (stdlib only, deterministic).

Usage:
    python3 tools/link_accounts.py SIGNALS.csv ACC-A ACC-B [ACC-C ...]

SIGNALS.csv columns: account_id, device_hash, address_hash, first_seen. For every device or
address hash that two or more of the given accounts share, prints one line
`SHARED device=<hash> accounts=ACC-A,ACC-B` (or `address=`), the accounts sorted; then one
line `UNLINKED ACC-C,...` for the given accounts that share nothing with another given account.
"""
import csv
import sys


def main(argv):
    if len(argv) < 3:
        print(__doc__.strip())
        return 2
    wanted = argv[1:]
    seen = {}
    with open(argv[0], encoding="utf-8", newline="") as fh:
        for r in csv.DictReader(fh):
            if r["account_id"] in wanted:
                for kind in ("device", "address"):
                    seen.setdefault((kind, r[kind + "_hash"]), set()).add(r["account_id"])
    linked = set()
    for (kind, h), accs in sorted(seen.items()):
        if len(accs) > 1:
            print(f"SHARED {kind}={h} accounts={','.join(sorted(accs))}")
            linked |= accs
    print("UNLINKED " + ",".join(a for a in sorted(wanted) if a not in linked))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
