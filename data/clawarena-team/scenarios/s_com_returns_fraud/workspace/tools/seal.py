#!/usr/bin/env python3
"""Seal a deliverable so the reviewer can verify it (stdlib only, deterministic).

Usage:
    python3 tools/seal.py --seal SEAL_KEY_FILE DELIVERABLE.json

Prints one line `RFD:<hex>`: an HMAC-SHA256, keyed with the seal, of the deliverable's
canonical JSON (sorted keys, compact separators, any "token" field removed).
Editing the deliverable after sealing invalidates the token.
"""

import hashlib
import hmac
import json
import sys


def main(argv):
    if "--seal" not in argv or len(argv) < 3:
        print(__doc__.strip())
        return 2
    i = argv.index("--seal")
    seal_path = argv[i + 1]
    rest = argv[:i] + argv[i + 2:]
    with open(seal_path, "rb") as fh:
        key = fh.read().strip()
    with open(rest[0], encoding="utf-8") as fh:
        obj = json.load(fh)
    if isinstance(obj, dict):
        obj = {k: v for k, v in obj.items() if k != "token"}
    payload = json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode()
    print("RFD:" + hmac.new(key, payload, hashlib.sha256).hexdigest())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
