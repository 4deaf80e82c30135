"""Command-line options shared by the commands that start runs (``run``, ``resume``, ``play``, ``gate``)."""

from __future__ import annotations

import argparse
import os
from typing import Any

from arena_tui.settings import Settings, load_settings

LIMIT_FLAGS = ("max_iterations", "round_timeout_s", "scenario_timeout_s", "request_timeout_s", "max_retries")


def limit_overrides(args: argparse.Namespace) -> dict[str, Any]:
    """The limit flags given on the command line."""
    return {k: v for k in LIMIT_FLAGS if (v := getattr(args, k, None)) is not None}


def explicit_overrides(args: argparse.Namespace) -> dict[str, Any]:
    """Settings the command line sets explicitly (they win over a resumed run's stored settings)."""
    extra: dict[str, Any] = {}
    if getattr(args, "unsafe_bash", False):
        extra["unsafe_bash"] = True
    if getattr(args, "concurrency", None):
        extra["concurrency"] = args.concurrency
    return {**extra, **limit_overrides(args)}


def settings_from_args(args: argparse.Namespace, **extra: Any) -> Settings:
    """Settings from flags, then the ``--config`` file, then ``CATEAM_*`` variables, then defaults."""
    cli = {
        "concurrency": getattr(args, "concurrency", None),
        "unsafe_bash": True if getattr(args, "unsafe_bash", False) else None,
        "headless": True if getattr(args, "headless", False) else None,
        "skip_probe": True if getattr(args, "no_probe", False) else None,
        "metrics": getattr(args, "metrics", None),
        "tools_profile": getattr(args, "tools_profile", None),
        **limit_overrides(args),
        **extra,
    }
    return load_settings(cli, getattr(args, "config", None), os.environ)
