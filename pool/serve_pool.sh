#!/usr/bin/env bash
# Thin wrapper so the pool starts with `pool/serve_pool.sh [--dry-run] ...` (see pool/README.md).
set -euo pipefail
exec python3 "$(dirname "$0")/serve_pool.py" "$@"
