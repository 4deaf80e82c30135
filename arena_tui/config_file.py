"""``--config FILE``: our flat settings, or the earlier release's nested ``configs/*.yaml``.

A file is YAML (``.yaml``/``.yml``, parsed with PyYAML's safe loader), TOML (``.toml``) or
JSON (``.json``); any other name is read as YAML, which JSON also is. Its top-level keys are
either settings fields (``concurrency``, ``metrics``…) or sections of the earlier release's
config (``paths``, ``main``, ``model_pool``, ``probe``, ``tools``, ``scenario``…). Those
sections are translated once here into three parts: settings, defaults for the command's
own options (``paths.data`` → ``-d``…, used where the command line gives none), and a model
JSON (``main`` + ``model_pool``). Earlier keys with no counterpart here are listed, not
silently dropped.
"""

from __future__ import annotations

import json
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from arena_tui.errors import ConfigError, read_input_file

EARLIER_SECTIONS = frozenset(
    {
        "paths",
        "main",
        "model_pool",
        "probe",
        "tools",
        "scenario",
        "token_limits",
        "agent_loop",
        "tokenizer",
        "chat_template",
        "usage_hint",
        "bash",
        "grep",
        "read",
        "multimodal",
        "subagent_creation",
        "logging",
        "workflow",
        "structured_output",
    }
)
# paths.<key> → the option it defaults, per command (dest names of our parsers).
PATH_OPTIONS: dict[str, dict[str, str]] = {
    "data": {cmd: "dataset" for cmd in ("check", "run", "resume", "stats", "play")},
    "scenario_filter": {cmd: "scenarios" for cmd in ("check", "run", "resume", "stats", "play")},
    "tests_ref": {cmd: "tests" for cmd in ("check", "run", "resume", "stats", "play")},
    "strict": {"check": "strict"},
    "run_output": {"run": "output", "play": "output"},
    "resume_old": {"resume": "old_output_flag"},
    "resume_output": {"resume": "output"},
    "stats_output": {"stats": "output"},
    "compare_output": {"compare": "output"},
    "clean_output": {"clean": "out"},
    "clean_targets": {"clean": "targets"},
}
# Earlier keys that become settings: dotted key → settings field.
SETTING_KEYS = {
    "paths.concurrency": "concurrency",
    "tools.enabled": "enabled_tools",
    "token_limits.main_agent": "main_token_limit",
    "token_limits.subagent": "subagent_token_limit",
    "agent_loop.max_iterations": "max_iterations",
}
# A modality listed by name (the earlier release's list form) keeps this many attachments.
LISTED_MODALITY_KEEP = {"image": 4, "video": 1, "audio": 2}


@dataclass
class ConfigFile:
    """One ``--config`` file split into what each layer needs."""

    path: Path
    settings: dict[str, Any] = field(default_factory=dict)
    options: dict[str, Any] = field(default_factory=dict)
    """Defaults for the command's own options, keyed ``paths.<key>`` (see PATH_OPTIONS) or ``attempts``."""
    model: dict[str, Any] = field(default_factory=dict)
    """A model JSON from the earlier ``main`` and ``model_pool`` sections (possibly only a pool)."""
    ignored: list[str] = field(default_factory=list)

    def defaults_for(self, command: str) -> dict[str, Any]:
        """Parser defaults for ``command`` (argparse converts string defaults with the option's type)."""
        out: dict[str, Any] = {}
        for key, value in self.options.items():
            if key == "attempts":
                if command in ("run", "resume"):
                    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                        raise ConfigError(
                            f"config file {self.path}: scenario.retry: must be an integer ≥ 1 "
                            "(attempts including the first)"
                        )
                    out["retry"] = value - 1  # our --retry counts retries after the first attempt
                continue
            dest = PATH_OPTIONS.get(key.removeprefix("paths."), {}).get(command)
            if dest is not None:
                out[dest] = ",".join(map(str, value)) if isinstance(value, list) else value
        return out


def parse_config_text(text: str, path: Path) -> Any:
    """The file's data by its suffix; one line naming the file and position when it does not parse."""
    suffix = path.suffix.lower()
    try:
        if suffix == ".toml":
            return tomllib.loads(text)
        if suffix == ".json":
            return json.loads(text)
        return yaml.safe_load(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"config file {path}: not valid TOML: {exc}") from None
    except json.JSONDecodeError as exc:
        raise ConfigError(
            f"config file {path}: not valid JSON at line {exc.lineno} column {exc.colno}: {exc.msg}"
        ) from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 1} column {mark.column + 1}" if mark is not None else ""
        problem = getattr(exc, "problem", None) or str(exc)
        raise ConfigError(f"config file {path}: not valid YAML{where}: {problem}") from None


def _modalities(value: Any) -> Any:
    """The earlier list form (``["text", "image"]``) as our counts; the mapping form passes through."""
    if not isinstance(value, list):
        return value
    names = {str(v) for v in value}
    return {"text": "text" in names, **{m: n for m, n in LISTED_MODALITY_KEEP.items() if m in names}}


def _entry(value: Any) -> Any:
    if not isinstance(value, dict):
        return value
    out = {k: v for k, v in value.items() if v is not None}  # its files write `api_key_env: null`
    if "modalities" in out:
        out["modalities"] = _modalities(out["modalities"])
    return out


def _earlier(config: ConfigFile, section: str, value: Any) -> None:
    if section == "main":
        if isinstance(value, dict) and value.get("provider"):
            config.model["main"] = _entry(value)
        return
    if section == "model_pool":
        for key, entry in (value or {}).items():
            config.model[str(key)] = _entry(entry)
        return
    if not isinstance(value, dict):
        config.ignored.append(section)
        return
    for key, item in value.items():
        dotted = f"{section}.{key}"
        if dotted in SETTING_KEYS:
            config.settings[SETTING_KEYS[dotted]] = item
        elif section == "paths" and key in PATH_OPTIONS:
            if item is not None:
                config.options[dotted] = item
        elif dotted == "scenario.retry":
            config.options["attempts"] = item  # its --retry counted every attempt
        elif dotted == "probe.enabled":
            if item is False:
                config.settings["skip_probe"] = True
        else:
            config.ignored.append(dotted)


def split_config(data: Any, path: Path) -> ConfigFile:
    """Sort a parsed file's keys into settings, option defaults and model JSON."""
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise ConfigError(f"config file {path}: must be a table/object of settings (a YAML mapping)")
    config = ConfigFile(path)
    for key, value in data.items():
        if key in EARLIER_SECTIONS:
            _earlier(config, str(key), value)
        else:
            config.settings[str(key)] = value  # unknown keys are reported by the settings check
    return config


def read_config_file(path: str | Path) -> ConfigFile:
    p = Path(path)
    return split_config(parse_config_text(read_input_file(p, "config file"), p), p)
