"""Machine facts printed above every benchmark's figures, so numbers stay comparable."""

from __future__ import annotations

import os
import platform
import sys


def machine_info() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            names = [line.split(":", 1)[1].strip() for line in f if line.startswith("model name")]
        cpu = names[0] if names else cpu
    except OSError:
        pass
    mem = ""
    try:
        with open("/proc/meminfo") as f:
            kb = int(f.readline().split()[1])
        mem = f", {kb / 1024 / 1024:.0f} GiB"
    except (OSError, ValueError, IndexError):
        pass
    return (
        f"{platform.system()} {platform.release()}, {cpu}, {os.cpu_count()} cores{mem}, Python {sys.version.split()[0]}"
    )
