"""Sandbox limits come from settings (every layer), with safe defaults and one-line errors."""

from __future__ import annotations

import pytest

from arena_tui.errors import ConfigError
from arena_tui.sandbox.limits import DEFAULT_LIMITS, SandboxLimits, minimal_env, sandbox_uid
from arena_tui.settings import Settings, load_settings


def test_defaults_are_the_safe_ones() -> None:
    limits = SandboxLimits.from_settings(Settings())
    assert limits == DEFAULT_LIMITS
    assert (limits.memory_mb, limits.processes, limits.file_size_mb, limits.tmp_mb) == (2048, 256, 1024, 256)
    assert limits.parallel_tool_calls == 8 and limits.workspace_growth_mb == 2048


def test_every_layer_sets_them() -> None:
    env = {"CATEAM_SANDBOX_PROCESSES": "64", "CATEAM_PARALLEL_TOOL_CALLS": "2"}
    settings = load_settings({"sandbox_tmp_mb": 32}, None, env)
    limits = SandboxLimits.from_settings(settings)
    assert (limits.processes, limits.parallel_tool_calls, limits.tmp_mb) == (64, 2, 32)


def test_bad_values_are_one_line_errors() -> None:
    with pytest.raises(ConfigError) as info:
        load_settings({}, None, {"CATEAM_SANDBOX_MEMORY_MB": "12"})
    assert "sandbox_memory_mb" in str(info.value) and "\n" not in str(info.value)
    with pytest.raises(ConfigError):
        load_settings({"parallel_tool_calls": 0}, None, {})


def test_ulimit_line_sets_hard_caps() -> None:
    line = SandboxLimits(memory_mb=100, processes=9, file_size_mb=3).ulimit_line()
    assert "ulimit -H -S -u 9 " in line and "-v 102400 " in line and "-f 3072 " in line and line.endswith("\n")


def test_minimal_env_holds_nothing_of_the_harness(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-nope")
    env = minimal_env("/usr/bin", "/w")
    assert set(env) == {"PATH", "HOME", "TMPDIR", "LANG", "PYTHONDONTWRITEBYTECODE"}
    assert "sk-nope" not in repr(env)


def test_uid_is_unprivileged_and_stable() -> None:
    uid = sandbox_uid("/runs/x/s_alpha/workspace")
    assert uid == sandbox_uid("/runs/x/s_alpha/workspace") and uid != 0
