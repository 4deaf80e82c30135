"""Model configuration: the ``--model`` JSON, its presets and its validation (docs/providers.md).

A model config names one manager (``main``) and the three pool keys (``llm``, ``vlm``,
``omni``). Entries are validated strictly where a typo would silently change behaviour
(known fields, the modalities block) and loosely elsewhere: any unknown entry key is a
request parameter (``temperature``, ``extra_body``…) passed through to the provider.
Every failure is one :class:`ConfigError` line naming the key path and the fix.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, SecretStr, ValidationError, model_validator

from arena_tui.errors import ConfigError, parse_json_input
from arena_tui.vocabulary import POOL_KEYS

REAL_PROVIDERS = ("openai_compat", "vllm", "openrouter", "gemini", "ollama")
RUNNER_PROVIDERS = ("scripted", "oracle", "sim", "human", "null", "greedy")
ProviderName = Literal[
    "openai_compat",
    "vllm",
    "openrouter",
    "gemini",
    "ollama",
    "scripted",
    "oracle",
    "sim",
    "human",
    "null",
    "greedy",
]
# The earlier release's provider names: alias → (provider, default api_base, default key variable).
PROVIDER_ALIASES: dict[str, tuple[str, str | None, str | None]] = {
    "openai": ("openai_compat", "https://api.openai.com/v1", "OPENAI_API_KEY"),
    "google": ("gemini", None, None),
    # Anthropic's OpenAI-compatible endpoint (limits in docs/providers.md and docs/compat.md).
    "anthropic": ("openai_compat", "https://api.anthropic.com/v1/", "ANTHROPIC_API_KEY"),
}
TOP_KEYS = ("main", *POOL_KEYS)

DEFAULT_API_BASE: dict[str, str] = {
    "openrouter": "https://openrouter.ai/api/v1",
    "gemini": "https://generativelanguage.googleapis.com/v1beta/openai/",
    "ollama": "http://localhost:11434/v1",
    "vllm": "http://localhost:8000/v1",
}


class Modalities(BaseModel):
    """What a model perceives; a number is how many most-recent attachments stay in context."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    text: bool = True
    image: int = Field(default=0, ge=0)
    video: int = Field(default=0, ge=0)
    audio: int = Field(default=0, ge=0)

    def declared(self) -> list[str]:
        """The modality names this model claims, text first (what the probe exercises)."""
        out = ["text"] if self.text else []
        return out + [m for m in ("image", "video", "audio") if getattr(self, m) > 0]


class ModelEntry(BaseModel):
    """One configured model. ``api_key`` is a SecretStr so no dump ever shows it."""

    model_config = ConfigDict(extra="allow", frozen=True)

    provider: ProviderName
    model_id: str = ""
    api_base: str | list[str] | None = None
    api_key: SecretStr | None = Field(default=None, exclude=True)
    api_key_env: str | None = None
    name: str = ""
    modalities: Modalities = Field(default_factory=Modalities)
    price_in: float = Field(default=0.0, ge=0)
    price_out: float = Field(default=0.0, ge=0)
    price_cached_in: float | None = Field(default=None, ge=0)
    """Dollars per million prompt tokens served from the provider's cache (default: ``price_in``)."""
    context_length: int | None = Field(default=None, gt=0)
    """The served context window in tokens; the start-up probe fills it in where the server reports one."""
    tool_call_content: Literal["empty", "null", "omit"] = "empty"
    """How an assistant turn with tool calls but no text is sent back: ``""``, ``null`` or no key."""
    script: str | None = None
    base_dir: str | None = Field(default=None, exclude=True)
    """Folder of the model JSON file, so a relative ``script`` path resolves next to it."""

    @model_validator(mode="before")
    @classmethod
    def _aliases(cls, data: Any) -> Any:
        """``openai``, ``google`` and ``anthropic`` (the earlier release's names) become ours."""
        if not isinstance(data, dict) or data.get("provider") not in PROVIDER_ALIASES:
            return data
        provider, api_base, key_env = PROVIDER_ALIASES[data["provider"]]
        out = {**data, "provider": provider}
        if api_base and not out.get("api_base"):
            out["api_base"] = api_base
        if key_env and out.get("api_key") is None and not out.get("api_key_env"):
            out["api_key_env"] = key_env
        return out

    @property
    def display_name(self) -> str:
        return self.name or self.model_id or self.provider

    @property
    def is_real(self) -> bool:
        return self.provider in REAL_PROVIDERS

    @property
    def extra_params(self) -> dict[str, Any]:
        """Unknown entry keys: request parameters passed through to the provider."""
        return dict(self.model_extra or {})

    def api_bases(self) -> list[str]:
        """The base URL(s) to use; several mean round-robin load spreading."""
        if isinstance(self.api_base, list):
            return list(self.api_base)
        if self.api_base:
            return [self.api_base]
        default = DEFAULT_API_BASE.get(self.provider)
        return [default] if default else []

    def resolve_api_key(self, env: Mapping[str, str] | None = None) -> str | None:
        """The key to send: inline, else from ``api_key_env`` (absent env var → ConfigError)."""
        if self.api_key is not None:
            return self.api_key.get_secret_value()
        if self.api_key_env:
            value = (os.environ if env is None else env).get(self.api_key_env)
            if not value:
                raise ConfigError(
                    f"model JSON: api_key_env: environment variable {self.api_key_env} is not set",
                    fix=f"export {self.api_key_env}=<your key> or put api_key in the entry",
                )
            return value
        return None

    def public_summary(self) -> dict[str, Any]:
        """What reports may show: never the key, only where it comes from."""
        return {
            "provider": self.provider,
            "model_id": self.model_id,
            "name": self.display_name,
            "api_base": self.api_bases(),
            "api_key": "inline (hidden)"
            if self.api_key
            else (f"env {self.api_key_env}" if self.api_key_env else "none"),
            "modalities": self.modalities.model_dump(),
            "price_in": self.price_in,
            "price_out": self.price_out,
            "price_cached_in": self.price_cached_in,
        }


class ModelConfig(BaseModel):
    """The whole ``--model`` value: a manager plus the pool."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    main: ModelEntry | None = None
    llm: ModelEntry | None = None
    vlm: ModelEntry | None = None
    omni: ModelEntry | None = None

    def entries(self) -> dict[str, ModelEntry]:
        return {k: e for k in TOP_KEYS if (e := getattr(self, k)) is not None}

    def public_summary(self) -> dict[str, dict[str, Any]]:
        return {k: e.public_summary() for k, e in self.entries().items()}


def preset(name: str) -> dict[str, Any]:
    """The raw model JSON of a named preset, or ``{}`` when ``name`` is not a preset."""
    sim_pool: dict[str, dict[str, Any]] = {
        "llm": {"provider": "sim"},
        "vlm": {"provider": "sim", "modalities": {"image": 4, "video": 1}},
        "omni": {"provider": "sim", "modalities": {"image": 4, "video": 1, "audio": 2}},
    }
    presets: dict[str, dict[str, Any]] = {
        "oracle": {"main": {"provider": "oracle"}, **sim_pool},
        "sim": dict(sim_pool),
        # Baselines: a manager that never acts, and one that over-grants a single omni subagent.
        "null": {"main": {"provider": "null"}, **sim_pool},
        "greedy": {"main": {"provider": "greedy"}, **sim_pool},
    }
    return presets.get(name, {})


# --- loading --------------------------------------------------------------------------

_FIX_BY_TYPE = {
    "missing": "add it",
    "extra_forbidden": "remove it or fix its spelling",
    "literal_error": "use one of: " + ", ".join(REAL_PROVIDERS + RUNNER_PROVIDERS),
    "int_type": "must be an integer ≥ 0 (a count of attachments kept in context)",
    "bool_type": "must be true or false",
    "greater_than_equal": "must not be negative",
}


def _format_validation(exc: ValidationError) -> ConfigError:
    """The first pydantic error as one line with its key path and a fix."""
    err = exc.errors()[0]
    path = ".".join(str(p) for p in err["loc"])
    kind = err["type"]
    if kind == "extra_forbidden" and len(err["loc"]) == 1:
        return ConfigError(
            f"model JSON: unknown top-level key '{path}'",
            fix="allowed keys: " + ", ".join(TOP_KEYS),
        )
    if kind == "extra_forbidden" and "modalities" in path:
        return ConfigError(f"model JSON: {path}: unknown key", fix="modalities allows text, image, video, audio")
    if kind == "model_type" or kind == "dict_type":
        return ConfigError(f"model JSON: {path or '(top level)'}: must be a JSON object")
    fix = _FIX_BY_TYPE.get(kind, err["msg"])
    return ConfigError(f"model JSON: {path}: {err['msg'].lower()}", fix=fix)


def _check_entry(key: str, entry: ModelEntry, env: Mapping[str, str]) -> None:
    """Rules pydantic cannot express: pool perception, required fields per provider."""
    mods = entry.modalities
    if key == "llm" and not mods.text:
        raise ConfigError(f"model JSON: {key}.modalities.text: must be true for the llm key")
    if key == "vlm" and mods.image < 1:
        raise ConfigError(
            "model JSON: vlm.modalities.image: must be an integer ≥ 1 for the vlm key (it must perceive images)"
        )
    if key == "omni" and mods.audio < 1:
        raise ConfigError(
            "model JSON: omni.modalities.audio: must be an integer ≥ 1 for the omni key (it must perceive audio)"
        )
    if entry.is_real:
        if not entry.model_id:
            raise ConfigError(
                f"model JSON: {key}.model_id: missing",
                fix='name the served model, e.g. "model_id": "gpt-4o"',
            )
        if not entry.api_bases():
            raise ConfigError(
                f"model JSON: {key}.api_base: missing for provider {entry.provider}",
                fix='give the server URL, e.g. "http://localhost:8000/v1"',
            )
        if entry.api_key is not None and entry.api_key_env:
            raise ConfigError(f"model JSON: {key}: give api_key or api_key_env, not both")
        try:
            entry.resolve_api_key(env)
        except ConfigError as exc:
            raise ConfigError(exc.message.replace("api_key_env", f"{key}.api_key_env"), fix=exc.fix) from None
    if entry.provider == "scripted" and not entry.script:
        raise ConfigError(
            f"model JSON: {key}.script: missing for provider scripted",
            fix="point it at a trajectory JSON file",
        )


def validate_model_json(raw: Any, *, base_dir: str | None = None, env: Mapping[str, str] | None = None) -> ModelConfig:
    """Validate already-parsed model JSON; ``base_dir`` anchors relative ``script`` paths."""
    env = os.environ if env is None else env
    if not isinstance(raw, dict):
        raise ConfigError("model JSON: must be a JSON object with keys main, llm, vlm, omni")
    prepared: dict[str, Any] = {}
    for key, value in raw.items():
        if isinstance(value, dict) and base_dir is not None:
            value = {**value, "base_dir": base_dir}
        prepared[key] = value
    try:
        config = ModelConfig.model_validate(prepared)
    except ValidationError as exc:
        raise _format_validation(exc) from None
    for key, entry in config.entries().items():
        _check_entry(key, entry, env)
    return config


def load_model_config(
    value: str | None, *, env: Mapping[str, str] | None = None, cwd: str | None = None
) -> ModelConfig:
    """Resolve ``--model`` (inline JSON, ``@file.json`` or preset), else ``CATEAM_MODEL_JSON``."""
    env = os.environ if env is None else env
    source = "--model"
    if not value:
        value, source = env.get("CATEAM_MODEL_JSON", ""), "CATEAM_MODEL_JSON"
    if not value:
        raise ConfigError(
            "no model configuration given",
            fix="pass --model JSON|@file.json|oracle|sim|null|greedy or set CATEAM_MODEL_JSON",
        )
    value = value.strip()
    base_dir = cwd or os.getcwd()
    if value.startswith("@"):
        path = Path(base_dir, value[1:]).expanduser()
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as exc:
            raise ConfigError(
                f"model JSON file {path}: cannot be read ({exc.strerror})",
                fix="check the path after @",
            ) from None
        source, base_dir, value = str(path), str(path.parent), text
    elif not value.startswith("{"):
        raw_preset = preset(value)
        if not raw_preset:
            raise ConfigError(
                f"{source}: '{value}' is neither JSON, @file nor a preset",
                fix="presets: oracle, sim, null, greedy",
            )
        return validate_model_json(raw_preset, base_dir=base_dir, env=env)
    raw = parse_json_input(value, f"model JSON ({source})")
    return validate_model_json(raw, base_dir=base_dir, env=env)
