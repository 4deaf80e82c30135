"""Pydantic models of the on-disk dataset format (docs/dataset.md), compatible with the public release.

Unknown keys are rejected everywhere except ``tests.json``, which may carry extra metadata.
Paths stay strings here: the loader resolves them against the file that names them.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr

# Rounds with this tag can only be done by delegating; scoring measures management over them.
DELEGATION_TAG = "needs_delegation"
# Controlled tag vocabulary (metadata only; unknown tags are a warning, not an error).
# Tags introduced by this arena's own dataset.
ARENA_TAGS: frozenset[str] = frozenset(
    {
        "intake_plan",
        "background_fanout",
        "consolidation",
        "media_extraction",
        "decoy_refutation",
        "tool_run",
        "update_merge",
        "session_reuse",
        "disjoint_tracks",
        "workflow",
        "final_synthesis",
        "needs_delegation",
        "image",
        "audio",
        "video",
        "document",
        "parallel",
        "background",
        "sensitive_guard",
        "cross_round",
        "modality_decoy",
    }
)
# The earlier public release's vocabulary (51 tags, by section), accepted unchanged.
EARLIER_TAGS: dict[str, tuple[str, ...]] = {
    "multimodal": ("multimodal_audio", "multimodal_image", "multimodal_video", "video_frame_reading", "modality_decoy"),
    "delegation_permission": (
        "subagent_delegation",
        "parallel_subagents",
        "session_reuse",
        "background_subagent",
        "workflow",
        "stateful_subagent",
        "async_long_running",
        "partial_result_handling",
        "incremental_context_load",
        "permission_restraint",
        "path_overshoot_guard",
        "large_context_pressure",
    ),
    "update_handling": ("update_merge", "update_supersede", "adversarial_update", "stale_data"),
    "structured_output": (
        "json_schema",
        "schema_by_shape",
        "cross_round_consistency",
        "compliance_token",
        "numerical_extraction",
        "verbatim_citation",
    ),
    "trap_resistance": (
        "honeypot_auto_summary",
        "ai_hallucination_decoy",
        "decoy_directory",
        "prompt_injection_resistance",
        "discredit_window",
    ),
    "office_format": (
        "office_xlsx",
        "office_docx",
        "office_pdf",
        "binary_archive",
        "sqlite_query",
        "parquet_query",
        "pcap_parse",
        "encrypted_file",
    ),
    "code_tool": ("bash_tool_run", "code_execution", "stderr_parsing", "multi_lang_code", "config_reading"),
    "synthesis": (
        "cross_source_synthesis",
        "cross_reference_anchor",
        "multilingual",
        "temporal_reasoning",
        "triage_planning",
        "final_synthesis",
    ),
}
KNOWN_TAGS: frozenset[str] = ARENA_TAGS | frozenset(t for tags in EARLIER_TAGS.values() for t in tags)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class TestsFile(BaseModel):
    """``tests.json`` and ``tests-*.json``: which scenarios run, in which order."""

    model_config = ConfigDict(extra="allow", frozen=True)

    name: StrictStr
    desc: StrictStr = ""
    manifests_ref: StrictStr
    scenario_ids: list[StrictStr]


class ManifestsFile(_Strict):
    """``manifests.json``: scenario id → manifest path (relative to this file)."""

    scenarios: dict[StrictStr, StrictStr]


class UpdateFileSpec(_Strict):
    src: StrictStr
    dst: StrictStr


class UpdateGroup(_Strict):
    op: Literal["new", "replace"]
    files: list[UpdateFileSpec] = Field(min_length=1)


class Manifest(_Strict):
    """``scenarios/<id>/manifest.json``."""

    scenario_id: StrictStr
    desc: StrictStr = ""
    workspace_template: StrictStr
    scripts: StrictStr
    main_agent_accessible_paths: list[StrictStr]
    main_agent_delegable_paths: list[StrictStr] = Field(default_factory=list)
    main_agent_readonly_paths: list[StrictStr] = Field(default_factory=list)
    """Paths inside main's accessible paths that main may read but never write (Write, Edit or
    Bash): the workspace tools a subagent must run, evidence main must not rewrite. The earlier
    release ignores the field; it never narrows what main may grant."""
    updates: dict[StrictStr, UpdateGroup] = Field(default_factory=dict)
    rounds_ref: StrictStr


class EvalSpec(_Strict):
    command: StrictStr = Field(min_length=1)
    expect_exit: StrictInt = 0
    timeout: float = Field(default=60.0, gt=0)
    expect_stdout: StrictStr | None = None
    expect_stdout_regex: StrictBool = False


class Feedback(_Strict):
    correct: StrictStr = ""
    incorrect: StrictStr = ""


class Round(_Strict):
    """One evaluation round of ``questions.json``."""

    id: StrictStr = Field(min_length=1)
    type: Literal["exec_check"]
    question: StrictStr = Field(min_length=1)
    eval: EvalSpec
    feedback: Feedback = Field(default_factory=Feedback)
    update_ids: list[StrictStr] = Field(default_factory=list)
    tags: list[StrictStr] = Field(default_factory=list)
