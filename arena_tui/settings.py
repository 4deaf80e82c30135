"""Run settings and their layers: CLI > ``--config`` file > ``CATEAM_*`` env > defaults.

Settings are everything about *how* a run behaves that is not the model JSON. Each
layer is a partial dict; they are merged field by field, then validated once, so an
error always names the layer the bad value came from.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from arena_tui.config_file import read_config_file
from arena_tui.errors import ConfigError
from arena_tui.vocabulary import ALL_TOOLS

ENV_PREFIX = "CATEAM_"


class Settings(BaseModel):
    """Every run setting with its packaged default."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    output_dir: str = "runs"
    """Where ``run`` puts its output folder when ``-o`` is not given."""
    concurrency: int = Field(default=1, ge=1, le=64)
    """Scenarios run in parallel."""
    request_timeout_s: float = Field(default=120.0, gt=0)
    """One model call (one attempt), streaming included."""
    total_timeout_s: float = Field(default=600.0, gt=0)
    """One model call across all its retries."""
    max_retries: int = Field(default=4, ge=0, le=20)
    retry_base_s: float = Field(default=1.0, ge=0)
    retry_max_s: float = Field(default=30.0, ge=0)
    breaker_threshold: int = Field(default=3, ge=0)
    """Failed requests in a row to one host before its scenario stops as unfinished (0: never)."""
    check_timeout_s: float = Field(default=60.0, gt=0)
    """A round's check when its ``eval`` names no ``timeout`` of its own."""
    main_token_limit: int = Field(default=200_000, ge=1000)
    subagent_token_limit: int = Field(default=100_000, ge=1000)
    max_iterations: int = Field(default=80, ge=1)
    """Model calls per agent turn before the loop is cut off."""
    round_timeout_s: float = Field(default=3600.0, gt=0)
    """Wall-clock limit of the main agent's work in one round."""
    scenario_timeout_s: float = Field(default=6 * 3600.0, gt=0)
    """Wall-clock limit of one scenario attempt; past it the scenario fails (and may be retried)."""
    background_wait_s: float = Field(default=1800.0, gt=0)
    """How long a round waits for background work before its check; then the round fails."""
    enabled_tools: list[str] = Field(default_factory=lambda: list(ALL_TOOLS))
    unsafe_bash: bool = False
    sandbox_memory_mb: int = Field(default=2048, ge=64)
    """Address space of each process in a sandbox (Bash, checks)."""
    sandbox_processes: int = Field(default=256, ge=8)
    """Processes one sandbox may hold at once."""
    sandbox_file_size_mb: int = Field(default=1024, ge=1)
    """Largest file a sandboxed process may write."""
    sandbox_tmp_mb: int = Field(default=256, ge=1)
    """Size of each sandbox's private /tmp."""
    sandbox_workspace_growth_mb: int = Field(default=2048, ge=1)
    """How far sandboxed commands may grow a workspace before Bash is refused."""
    parallel_tool_calls: int = Field(default=8, ge=1, le=64)
    """Tool calls of one assistant turn that run at once; the rest queue."""
    skip_probe: bool = False
    headless: bool = False
    theme: str = "default"
    metrics: Literal["arena", "compat"] = "arena"
    """Scoring profile the report leads with (report.json always carries both)."""
    tools_profile: Literal["arena", "compat"] = "arena"
    """Tool surface: ``compat`` is the earlier release's (see docs/compat.md)."""

    def model_post_init(self, context: Any, /) -> None:
        unknown = [t for t in self.enabled_tools if t not in ALL_TOOLS]
        if unknown:
            raise ConfigError(
                f"settings: enabled_tools: unknown tool(s) {', '.join(unknown)}",
                fix="choose from " + ", ".join(ALL_TOOLS),
            )


def _coerce_env(name: str, raw: str) -> Any:
    """Env values are strings; a list is a JSON array or comma-separated, the rest pydantic coerces."""
    if name == "enabled_tools":
        if raw.lstrip().startswith("["):
            try:
                value = json.loads(raw)
            except json.JSONDecodeError as exc:
                raise ConfigError(
                    f"environment CATEAM_ENABLED_TOOLS: not a JSON array ({exc.msg})",
                    fix='write it as \'["Read","Write"]\' or as Read,Write',
                ) from None
            if not isinstance(value, list) or not all(isinstance(t, str) for t in value):
                raise ConfigError(
                    "environment CATEAM_ENABLED_TOOLS: must be an array of tool names", fix='e.g. \'["Read","Bash"]\''
                )
            return value
        return [t.strip() for t in raw.split(",") if t.strip()]
    return raw


def settings_from_env(env: Mapping[str, str]) -> dict[str, Any]:
    """The ``CATEAM_<FIELD>`` variables that name a settings field (others are ignored)."""
    out: dict[str, Any] = {}
    for name in Settings.model_fields:
        key = ENV_PREFIX + name.upper()
        if key in env:
            out[name] = _coerce_env(name, env[key])
    return out


def settings_from_file(path: str | Path) -> dict[str, Any]:
    """The settings of a ``--config`` file (YAML, TOML or JSON; the earlier release's sections translated)."""
    return read_config_file(path).settings


def _validate_layer(layer: dict[str, Any], origin: str) -> None:
    """Check one layer alone so the error names where the bad value was written."""
    try:
        Settings.model_validate(layer)
    except ValidationError as exc:
        err = exc.errors()[0]
        path = ".".join(str(p) for p in err["loc"])
        if err["type"] == "extra_forbidden":
            raise ConfigError(
                f"{origin}: unknown setting '{path}'",
                fix="known: " + ", ".join(Settings.model_fields),
            ) from None
        raise ConfigError(f"{origin}: {path}: {err['msg'].lower()}") from None


def load_settings(cli: Mapping[str, Any], config_path: str | Path | None, env: Mapping[str, str]) -> Settings:
    """Merge the layers; ``cli`` values of ``None`` mean "not given on the command line"."""
    env_layer = settings_from_env(env)
    _validate_layer(env_layer, "environment (CATEAM_*)")
    file_layer: dict[str, Any] = {}
    if config_path is not None:
        file_layer = settings_from_file(config_path)
        _validate_layer(file_layer, f"config file {config_path}")
    cli_layer = {k: v for k, v in cli.items() if v is not None}
    _validate_layer(cli_layer, "command line")
    return Settings.model_validate({**env_layer, **file_layer, **cli_layer})
