"""Spec and trajectory helpers for the commerce scenarios checked by the one engine.

Conditions are dicts of data/build/_check.py's condition language (docs/dataset.md); the
trajectory helpers write the reference manager's turns, whose deliverables are filled from
``${var:NAME}`` values bound (``bind``) from what the subagents reported.
"""

from __future__ import annotations

from kit.conditions import (
    agree,
    background,
    called,
    contains,
    decoy,
    evidence,
    headings,
    jkeys,
    jone,
    jv,
    label,
    never,
    resumed,
    seal,
    workflow,
)
from kit.trajectory import bind as b
from kit.trajectory import call, turn

__all__ = [
    "AUDIO",
    "IMAGE",
    "SUPERSEDED",
    "VIDEO",
    "WS",
    "agree",
    "b",
    "background",
    "calc",
    "call",
    "called",
    "contains",
    "create",
    "decoy",
    "evidence",
    "headings",
    "jkeys",
    "jone",
    "jv",
    "label",
    "never",
    "resumed",
    "run",
    "seal",
    "sess",
    "sub",
    "turn",
    "v",
    "workflow",
]

IMAGE = ["vlm", "omni"]
VIDEO = ["vlm"]
AUDIO = ["omni"]
WS = "${workspace}"


# ------------------------------------------------------------------ conditions
SUPERSEDED = ["superseded", "replaced", "withdrawn", "no longer"]


# ------------------------------------------------------------------ trajectory
def calc(op: str, *args) -> dict:
    return {"calc": op, "args": list(args)}


def v(name: str) -> str:
    return "${var:" + name + "}"


def sub(name: str) -> str:
    return "${subagent:" + name + "}"


def sess(name: str) -> str:
    return "${session:" + name + "}"


def run(name: str, desc: str, prompt: str, background: bool = False, resume: bool = False) -> dict:
    args = {"subagent_id": sub(name), "description": desc, "prompt": prompt, "run_in_background": background}
    if resume:
        args["session_id"] = sess(name)
    return call("RunSubagent", **args)


def create(name: str, model_key: str, tools: list[str], paths: list[str], system_prompt: str) -> dict:
    return call(
        "CreateSubagent",
        name=name,
        model_key=model_key,
        tools=tools,
        accessible_paths=paths,
        system_prompt=system_prompt,
    )
