"""Constructors of the check engine's conditions (the language of ``data/build/_check.py``).

Every constructor goes through ``condition``, which checks the kind and the fields against the
engine's own table (``engine_table``): a kind the engine does not know, a required field left
out or a field the engine never reads stops the build with one line naming it. ``check_spec``
applies the same rule to a whole round spec, however its conditions were made.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from kit.engine_table import engine_kinds

Condition = dict[str, Any]
TEXT_MODELS = ["llm", "vlm", "omni"]
"""Who may be the subagent that saw a text file's evidence: any model."""
MEDIA_MODELS = {"image": ["vlm", "omni"], "video": ["vlm", "omni"], "audio": ["omni"]}
"""Who may be the subagent that saw a media file's evidence, by the file's kind: a model that perceives it."""
SUPERSEDED = ("superseded", "replaced", "withdrawn", "no longer")
"""The words that mark a figure as replaced by an update (a decoy's ``markers``)."""


class ConditionError(ValueError):
    """A condition the engine would reject or ignore."""


def condition(kind: str, **fields: Any) -> Condition:
    """``{"kind": kind, **fields}`` once the engine's table accepts it (fields keep their order)."""
    kinds = engine_kinds()
    if kind not in kinds:
        raise ConditionError(f"condition kind {kind!r} is not in the engine's table (one of {sorted(kinds)})")
    missing = [f for f in kinds[kind].required if f not in fields]
    if missing:
        raise ConditionError(f"{kind} condition: required field(s) {missing} missing")
    unread = sorted(set(fields) - kinds[kind].readable)
    if unread:
        raise ConditionError(f"{kind} condition: field(s) {unread} are never read by the engine (a typo?)")
    return {"kind": kind, **fields}


def check_spec(spec: dict[str, Any], where: str) -> dict[str, Any]:
    """Check every condition of a round spec against the engine's table; ``where`` names it in errors."""
    for i, c in enumerate(spec.get("conditions", [])):
        try:
            condition(**c)
        except (ConditionError, TypeError) as exc:
            raise ConditionError(f"{where}: conditions[{i}]: {exc}") from None
    return spec


def _some(**fields: Any) -> dict[str, Any]:
    """The optional fields that were given (non-empty), lists made of sequences."""
    return {k: list(v) if isinstance(v, tuple | list) else v for k, v in fields.items() if v}


# ---------------------------------------------------------------------------------- values
def jv(path: str, key: Sequence[str], equals: Any, tol: float = 0, **extra: Any) -> Condition:
    """The JSON value at ``key`` equals ``equals`` (numbers within ``tol``)."""
    return condition("json", path=path, key=list(key), equals=equals, tol=tol, **extra)


def jone(path: str, key: Sequence[str], one_of: list[Any]) -> Condition:
    return condition("json", path=path, key=list(key), one_of=one_of)


def jkeys(path: str, key: Sequence[str], keys: list[str], exact: bool = True) -> Condition:
    """The object at ``key`` has these entries (and, ``exact``, no other counted one)."""
    return condition("json", path=path, key=list(key), keys=keys, exact=exact)


def json_value(path: str, key: Sequence[str], equals: Any, tol: float = 0, **extra: Any) -> Condition:
    """A JSON value by its Python type: a bool as ``"true"``/``"false"``, a number within ``tol``, text as is."""
    if isinstance(equals, bool):
        return condition("json", path=path, key=list(key), one_of=["true" if equals else "false"], **extra)
    if isinstance(equals, int | float):
        return condition("json", path=path, key=list(key), equals=equals, tol=tol, **extra)
    return condition("json", path=path, key=list(key), equals=equals, **extra)


def label(
    path: str, name: str, equals: Any = None, tol: float = 0, one_of: list[Any] | None = None, **extra: Any
) -> Condition:
    """A Markdown line ``name: value`` with the value ``equals`` (or one of ``one_of``)."""
    if one_of is not None:
        return condition("label", path=path, label=name, one_of=one_of, **extra)
    return condition("label", path=path, label=name, equals=equals, tol=tol, **extra)


def agree(a: dict[str, Any], b: dict[str, Any], tol: float = 0) -> Condition:
    """Two deliverables' values (``{"path", "key"}`` or ``{"path", "label"}``) agree."""
    return condition("agree", a=a, b=b, tol=tol)


# ---------------------------------------------------------------------------------- documents
def contains(
    path: str,
    all: Iterable[str] = (),
    any: Iterable[str] = (),
    section: str | None = None,
    min_words: int | None = None,
    message: str | None = None,
) -> Condition:
    fields = _some(section=section, all=tuple(all), any=tuple(any), min_words=min_words, message=message)
    return condition("contains", path=path, **fields)


def headings(path: str, *titles: str) -> Condition:
    return condition("headings", path=path, require=list(titles))


def decoy(
    path: str,
    token: Any,
    sections: Iterable[str] = (),
    markers: Iterable[str] = (),
    labels: Iterable[str] = (),
    *,
    as_text: bool = False,
    short_token_labels: Sequence[str] = (),
) -> Condition:
    """The rejected value ``token`` is never stated as fact (outside ``sections``, unless refuted).

    ``as_text`` writes the token as text; ``short_token_labels`` are the labels given when the
    token is under four characters and none are (the engine needs labels for such a token).
    """
    tok = str(token) if as_text else token
    given = list(labels)
    if not given and short_token_labels and len(str(token)) < 4:
        given = list(short_token_labels)
    return condition(
        "decoy", path=path, token=tok, **_some(sections=tuple(sections), markers=tuple(markers), labels=given)
    )


def seal(path: str, seal_file: str, token_path: str) -> Condition:
    return condition("seal", path=path, seal=seal_file, token_path=token_path)


# ---------------------------------------------------------------------------------- behaviour
def called(tool: str, message: str, args: dict[str, Any] | None = None, min_count: int | None = None) -> Condition:
    return condition("called", tool=tool, message=message, **_some(args=args, min=min_count))


def background() -> Condition:
    return called(
        "RunSubagent", "no RunSubagent with run_in_background=true in this round", {"run_in_background": True}
    )


def resumed() -> Condition:
    return condition("resumed")


def workflow(min_agents: int = 2, parallel: bool = True) -> Condition:
    return condition("workflow", min_agents=min_agents, parallel=parallel)


def never(*segments: str) -> Condition:
    return condition("never_granted", segments=list(segments))


def evidence(
    file: str,
    values: list[Any],
    deliverable: str,
    models: list[str] | None = None,
    rounds: str = "this",
    *,
    as_text: bool = False,
) -> Condition:
    """A subagent that opened ``file`` reported ``values`` before ``deliverable`` was written.

    ``as_text`` writes every value (and every alternative of a list) as text.
    """
    if as_text:
        values = [[str(x) for x in v] if isinstance(v, list) else str(v) for v in values]
    return condition(
        "evidence", file=file, values=values, deliverable=deliverable, models=models or TEXT_MODELS, rounds=rounds
    )


KIT_KINDS: tuple[str, ...] = ("json", "label", "agree", "contains", "headings", "decoy", "seal", "called")
KIT_KINDS += ("resumed", "workflow", "never_granted", "evidence")
_unknown = [k for k in KIT_KINDS if k not in engine_kinds()]
if _unknown:  # the engine dropped or renamed a kind the kit builds: stop every build at import
    raise ConditionError(f"the kit builds condition kinds {_unknown} that the engine's table does not have")
