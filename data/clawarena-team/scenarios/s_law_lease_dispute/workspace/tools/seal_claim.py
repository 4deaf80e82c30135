#!/usr/bin/env python3
"""Seal a finished JSON deliverable for the matter file.

Usage:
    python3 tools/seal_claim.py --seal SEAL_KEY_FILE DELIVERABLE.json

Prints one line `CLAIM:<hex>`: an HMAC-SHA256, keyed with the seal key, of the deliverable's
canonical JSON (keys sorted, compact separators, any "token" field removed). Editing the
deliverable afterwards invalidates the line. Stdlib only.
"""
import hashlib
import hmac
import json
import sys


def main(argv):
    if len(argv) != 3 or argv[0] != "--seal":
        print(__doc__)
        return 2
    with open(argv[1], "rb") as fh:
        key = fh.read().strip()
    with open(argv[2], encoding="utf-8") as fh:
        obj = json.load(fh)
    if isinstance(obj, dict):
        obj = {k: v for k, v in obj.items() if k != "token"}
    blob = json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode()
    print("CLAIM:" + hmac.new(key, blob, hashlib.sha256).hexdigest())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
