"""Spec and trajectory helpers for the commerce scenarios checked by the one engine.

Conditions are dicts of data/build/_check.py's condition language (docs/dataset.md); the
trajectory helpers write the reference manager's turns, whose deliverables are filled from
``${var:NAME}`` values bound (``bind``) from what the subagents reported.
"""

from __future__ import annotations

TEXT = ["llm", "vlm", "omni"]
IMAGE = ["vlm", "omni"]
VIDEO = ["vlm"]
AUDIO = ["omni"]
WS = "${workspace}"


# ------------------------------------------------------------------ conditions
def jv(path: str, key: list[str], equals, tol: float = 0, **extra) -> dict:
    return {"kind": "json", "path": path, "key": key, "equals": equals, "tol": tol, **extra}


def jone(path: str, key: list[str], one_of: list) -> dict:
    return {"kind": "json", "path": path, "key": key, "one_of": one_of}


def jkeys(path: str, key: list[str], keys: list[str], exact: bool = True) -> dict:
    return {"kind": "json", "path": path, "key": key, "keys": keys, "exact": exact}


def label(path: str, name: str, equals=None, tol: float = 0, one_of=None) -> dict:
    out: dict = {"kind": "label", "path": path, "label": name}
    if one_of is not None:
        out["one_of"] = one_of
    else:
        out["equals"] = equals
        out["tol"] = tol
    return out


def contains(path: str, all=(), any=(), section=None, min_words=None, message=None) -> dict:
    out: dict = {"kind": "contains", "path": path}
    if section:
        out["section"] = section
    if all:
        out["all"] = list(all)
    if any:
        out["any"] = list(any)
    if min_words:
        out["min_words"] = min_words
    if message:
        out["message"] = message
    return out


def headings(path: str, *titles: str) -> dict:
    return {"kind": "headings", "path": path, "require": list(titles)}


def decoy(path: str, token: str, sections=(), markers=(), labels=()) -> dict:
    out: dict = {"kind": "decoy", "path": path, "token": token}
    if sections:
        out["sections"] = list(sections)
    if markers:
        out["markers"] = list(markers)
    if labels:
        out["labels"] = list(labels)
    return out


def agree(a: dict, b: dict, tol: float = 0) -> dict:
    return {"kind": "agree", "a": a, "b": b, "tol": tol}


def seal(path: str, seal_file: str, token_path: str) -> dict:
    return {"kind": "seal", "path": path, "seal": seal_file, "token_path": token_path}


def called(tool: str, message: str, args=None, min_count=None) -> dict:
    out: dict = {"kind": "called", "tool": tool, "message": message}
    if args:
        out["args"] = args
    if min_count:
        out["min"] = min_count
    return out


def background() -> dict:
    return called(
        "RunSubagent", "no RunSubagent with run_in_background=true in this round", {"run_in_background": True}
    )


def resumed() -> dict:
    return {"kind": "resumed"}


def workflow(min_agents: int = 2, parallel: bool = True) -> dict:
    return {"kind": "workflow", "min_agents": min_agents, "parallel": parallel}


def never(*segments: str) -> dict:
    return {"kind": "never_granted", "segments": list(segments)}


def evidence(file: str, values: list, deliverable: str, models=None, rounds: str = "this") -> dict:
    return {
        "kind": "evidence",
        "file": file,
        "values": values,
        "deliverable": deliverable,
        "models": models or TEXT,
        "rounds": rounds,
    }


SUPERSEDED = ["superseded", "replaced", "withdrawn", "no longer"]


# ------------------------------------------------------------------ trajectory
def call(_tool, **arguments):
    return {"name": _tool, "arguments": arguments}


def turn(content, *calls, bind=None):
    t: dict = {"content": content}
    if calls:
        t["tool_calls"] = list(calls)
    if bind:
        t["bind"] = bind
    return t


def b(pattern: str, kind: str = "text", **extra) -> dict:
    return {"re": pattern, "as": kind, **extra}


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
