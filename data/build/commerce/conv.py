"""The commerce scenarios' own spec and trajectory pieces, on top of kit.conditions and kit.trajectory.

The scenarios take conditions, tool calls and turns from the kit; here is what only commerce
repeats: the sealer (its subagent, its run, the token it prints), round texts (``rnd``) played
into rounds and trajectory (``play``), and the asset-map rows every commerce workspace shares. The
tool runners, the turn before one is resumed and the table condition are ``kit.rounds.tally``'s.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kit.conditions import Condition
from kit.hint import Asset
from kit.hint import bot_asset as bot_asset  # the rows, re-exported to the scenario modules
from kit.hint import deliverables as deliverables
from kit.hint import sensitive as sensitive
from kit.hint import stale as stale
from kit.hint import tool_input as tool_input
from kit.hint import tools_asset as tools_asset
from kit.rounds.tally import table as table  # the CSV condition, re-exported to the scenario modules
from kit.trajectory import WS, Call, Turn, create, run, write_call
from kit.trajectory import bind as b

# ------------------------------------------------------------------ subagents
SEALER_PROMPT = "You run the seal tool exactly as instructed and report the printed line; never repeat key material."


def sealer(key: str, target: str) -> Call:
    """The sealer subagent: exactly the seal tool, the key file and the deliverable it seals."""
    return create("sealer", "llm", ["Read", "Bash"], ["tools/seal.py", key, target], SEALER_PROMPT)


def seal_run(what: str, key: str, target: str) -> Call:
    """Run the sealer over ``target`` with ``key`` (workspace paths); ``what`` names the task."""
    cmd = f"python3 {WS}/tools/seal.py --seal {WS}/{key} {WS}/{target}"
    return run("sealer", f"seal {what}", f"Run {cmd} and report the printed line.")


def write_token(token_txt: str) -> Call:
    return write_call(token_txt, "${var:token}\n")


def token_bind(prefix: str) -> dict[str, Any]:
    """The bind of the sealer's printed token ``PREFIX:<64 hex>``."""
    return {"token": b(rf"({prefix}:[0-9a-f]{{64}})")}


# ------------------------------------------------------------------ rounds
Round = tuple[list[Turn], list[Condition]]
"""One round as its builder (``_qN``) makes it: the reference turns and the check conditions."""
RoundBuilder = Callable[[], Round]


def rnd(rid: str, question: str, correct: str, incorrect: str, tags: str, **extra: Any) -> dict[str, Any]:
    """A round's text: its id, question, feedback, tags (space-separated) and any other field (update_ids)."""
    return {"id": rid, "question": question, "correct": correct, "incorrect": incorrect, "tags": tags.split(), **extra}


def play(texts: list[dict[str, Any]], builders: list[RoundBuilder], guard: Condition) -> dict[str, Any]:
    """A scenario's ``rounds`` (each round's text with the conditions its builder returns, then
    ``guard``, the never-granted condition every round carries last) and its ``trajectory`` (the
    turns by round id)."""
    rounds, traj = [], {}
    for text, build in zip(texts, builders, strict=True):
        turns, conditions = build()
        if guard in conditions:
            raise ValueError(f"round {text['id']}: its builder lists the guard, which play adds")
        rounds.append({**text, "conditions": [*conditions, guard]})
        traj[text["id"]] = turns
    return {"rounds": rounds, "trajectory": traj}


# ------------------------------------------------------------------ asset-map rows (shape, key, trust, what)
VAULT: Asset = ("key file", "llm + Bash", "secret", "seal key used by tools/seal.py; never paste its content anywhere")
OUTPUT = deliverables("write deliverables here")
