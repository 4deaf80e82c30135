"""Model backends behind one wrapper (see docs/providers.md).

Backends (:class:`ModelAPI`) implement one ``generate``; :class:`Model` wraps each with
events, request ids, retries, the circuit breaker, usage and cost. Build one per agent or
session with :func:`make_provider`, the one registry of provider names.
"""

from __future__ import annotations

from arena_tui.providers.base import (
    CallIdentity,
    Capabilities,
    Emit,
    GenerateRequest,
    ModelAPI,
    Provider,
    ProviderError,
    ProviderNotAvailable,
    ProviderUnavailable,
    no_emit,
)
from arena_tui.providers.cost import CostLedger, Totals, cost_usd
from arena_tui.providers.messages import (
    AssistantMessage,
    Attachment,
    DeltaCallback,
    Message,
    ToolSchema,
)
from arena_tui.providers.model import CircuitBreaker, Model, Pricing
from arena_tui.providers.openai_compat import OpenAICompatAPI
from arena_tui.providers.probe import ProbeResult, probe_models, render_probe_table
from arena_tui.providers.registry import (
    ProviderContext,
    ProviderFactory,
    ScenarioFiles,
    make_provider,
    register_provider,
)
from arena_tui.providers.retry import RetryPolicy
from arena_tui.providers.script_vars import ScriptVars, StaticScriptVars
from arena_tui.providers.scripted import EXHAUSTED, ScriptedProvider
from arena_tui.providers.trajectory import (
    ScriptToolCall,
    ScriptTurn,
    Trajectory,
    TrajectoryError,
    load_trajectory,
)

__all__ = [
    "EXHAUSTED",
    "AssistantMessage",
    "Attachment",
    "CallIdentity",
    "Capabilities",
    "CircuitBreaker",
    "CostLedger",
    "DeltaCallback",
    "Emit",
    "GenerateRequest",
    "Message",
    "Model",
    "ModelAPI",
    "OpenAICompatAPI",
    "Pricing",
    "ProbeResult",
    "Provider",
    "ProviderContext",
    "ProviderError",
    "ProviderFactory",
    "ProviderNotAvailable",
    "ProviderUnavailable",
    "RetryPolicy",
    "ScenarioFiles",
    "ScriptToolCall",
    "ScriptTurn",
    "ScriptVars",
    "ScriptedProvider",
    "StaticScriptVars",
    "ToolSchema",
    "Totals",
    "Trajectory",
    "TrajectoryError",
    "cost_usd",
    "load_trajectory",
    "make_provider",
    "no_emit",
    "probe_models",
    "register_provider",
    "render_probe_table",
]
