"""The commerce scenarios' own spec and trajectory pieces, on top of kit.conditions and kit.trajectory.

The scenarios take conditions and turns from the kit; here are what only commerce repeats: the
subagent calls (create/run, tool runners, the sealer), Edit/Bash calls, the sealing turns, the
table condition, round texts (``rnd``) played into rounds and trajectory (``play``), and the
asset-map rows every commerce workspace shares.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kit.conditions import Condition, condition
from kit.trajectory import Call, Turn, call
from kit.trajectory import bind as b

IMAGE = ["vlm", "omni"]
AUDIO = ["omni"]
WS = "${workspace}"


# ------------------------------------------------------------------ conditions
SUPERSEDED = ["superseded", "replaced", "withdrawn", "no longer"]


# ------------------------------------------------------------------ trajectory
def calc(op: str, *args: Any) -> dict[str, Any]:
    return {"calc": op, "args": list(args)}


def v(name: str) -> str:
    return "${var:" + name + "}"


def run(name: str, desc: str, prompt: str, background: bool = False, resume: bool = False) -> Call:
    args: dict[str, Any] = {
        "subagent_id": "${subagent:" + name + "}",
        "description": desc,
        "prompt": prompt,
        "run_in_background": background,
    }
    if resume:
        args["session_id"] = "${session:" + name + "}"
    return call("RunSubagent", **args)


def create(name: str, model_key: str, tools: list[str], paths: list[str], system_prompt: str) -> Call:
    return call(
        "CreateSubagent",
        name=name,
        model_key=model_key,
        tools=tools,
        accessible_paths=paths,
        system_prompt=system_prompt,
    )


SEALER_PROMPT = "You run the seal tool exactly as instructed and report the printed line; never repeat key material."


def edit(path: str, old: str, new: str) -> Call:
    """An Edit of the workspace file ``path`` replacing the first ``old`` with ``new``."""
    return call("Edit", file_path=f"{WS}/{path}", old_string=old, new_string=new, replace_all=False)


def bash(command: str, description: str) -> Call:
    return call("Bash", command=command, description=description)


def sealer(key: str, target: str) -> Call:
    """The sealer subagent: exactly the seal tool, the key file and the deliverable it seals."""
    return create("sealer", "llm", ["Read", "Bash"], ["tools/seal.py", key, target], SEALER_PROMPT)


def seal_run(what: str, key: str, target: str) -> Call:
    """Run the sealer over ``target`` with ``key`` (workspace paths); ``what`` names the task."""
    cmd = f"python3 {WS}/tools/seal.py --seal {WS}/{key} {WS}/{target}"
    return run("sealer", f"seal {what}", f"Run {cmd} and report the printed line.")


def write_token(token_txt: str) -> Call:
    return call("Write", file_path=f"{WS}/{token_txt}", content="${var:token}\n")


def token_bind(prefix: str) -> dict[str, Any]:
    """The bind of the sealer's printed token ``PREFIX:<64 hex>``."""
    return {"token": b(rf"({prefix}:[0-9a-f]{{64}})")}


def runner(name: str, paths: list[str], what: str) -> Call:
    """A subagent that runs the tool ``what`` (as the prompt names it) over ``paths`` and reports it verbatim."""
    prompt = f"You run the {what} exactly as instructed and report its output verbatim."
    return create(name, "llm", ["Read", "Bash"], paths, prompt)


def rnd(rid: str, question: str, correct: str, incorrect: str, tags: str, **extra: Any) -> dict[str, Any]:
    """A round's text: its id, question, feedback, tags (space-separated) and any other field (update_ids)."""
    return {"id": rid, "question": question, "correct": correct, "incorrect": incorrect, "tags": tags.split(), **extra}


# ------------------------------------------------------------------ asset-map rows (shape, key, trust, what)
Asset = tuple[str, str, str, str]
VAULT: Asset = ("key file", "llm + Bash", "secret", "seal key used by tools/seal.py; never paste its content anywhere")
OUTPUT: Asset = ("deliverables", "-", "-", "write deliverables here")


def tools_asset(what: str) -> Asset:
    return ("Python scripts (stdlib)", "llm + Bash", "authoritative", what)


def bot_asset(what: str) -> Asset:
    return ("small text", "llm", "untrusted (auto-generated)", what)


# ------------------------------------------------------------------ rounds
RoundBuilder = Callable[[], tuple[list[Turn], list[Condition]]]


def play(
    texts: list[dict[str, Any]], builders: list[RoundBuilder]
) -> tuple[list[dict[str, Any]], dict[str, list[Turn]]]:
    """Each round's text with the conditions its builder returns, and the trajectory by round id."""
    rounds, traj = [], {}
    for text, build in zip(texts, builders, strict=True):
        turns, conditions = build()
        rounds.append({**text, "conditions": conditions})
        traj[text["id"]] = turns
    return rounds, traj


def table(
    path: str, key: str, keys: list[str], rows: list[dict[str, Any]], columns: list[str] | None = None
) -> Condition:
    """The CSV ``path`` (with ``columns``) has a row per ``keys`` in its ``key`` column, with the ``rows``' cells."""
    head = {"columns": columns} if columns else {}
    return condition("table", path=path, **head, key=key, keys=keys, rows=rows)


def tool_input(shape: str, what: str) -> Asset:
    """An authoritative folder the workspace's tools read (and a subagent running them)."""
    return (shape, "llm + tools/", "authoritative", what)
