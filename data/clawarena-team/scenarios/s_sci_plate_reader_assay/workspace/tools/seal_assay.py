#!/usr/bin/env python3
"""Seal a JSON deliverable for Bradford assay analysis PA-2026-019.

Usage:
    python3 tools/seal_assay.py --seal SEAL_FILE DELIVERABLE.json

Prints one line, ASSAYSEAL:<hex>, an HMAC-SHA256 over the canonical JSON of the deliverable
(sorted keys, compact separators, any "token" field removed). Paste that line as asked.
Re-seal after any change to the deliverable.
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
    obj = {k: v for k, v in obj.items() if k != "token"}
    body = json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode()
    print("ASSAYSEAL:" + hmac.new(key, body, hashlib.sha256).hexdigest())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
