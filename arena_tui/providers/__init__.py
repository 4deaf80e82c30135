"""Model backends behind one small async protocol (see docs/providers.md).

Providers are the only code that talks to a network. Build one per agent or session
with :func:`make_provider`; the runner registers its own (oracle, sim, human) with
:func:`register_provider`.
"""

from __future__ import annotations

from arena_tui.providers.base import (
    CallIdentity,
    Emit,
    Provider,
    ProviderError,
    ProviderNotAvailable,
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
from arena_tui.providers.openai_compat import OpenAICompatProvider
from arena_tui.providers.probe import ProbeResult, probe_models, render_probe_table
from arena_tui.providers.registry import (
    ProviderContext,
    ProviderFactory,
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
    "CostLedger",
    "DeltaCallback",
    "Emit",
    "Message",
    "OpenAICompatProvider",
    "ProbeResult",
    "Provider",
    "ProviderContext",
    "ProviderError",
    "ProviderFactory",
    "ProviderNotAvailable",
    "RetryPolicy",
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
