"""Hand-built transcripts carrying the facts the harness writes (docs/running.md), for engine tests.

Each adversarial manager is exactly the one described, but what the harness would have
resolved is computed by the harness's own code: a grant is bound through
:meth:`ScopeGuard.build` (real paths), a Bash call's touched files come from
:func:`arena_tui.tools.bash_files.bash_touches`, a Read's from the real path of its file.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any, cast

from arena_tui.sandbox.scope import ScopeGuard
from arena_tui.tools.bash_files import bash_touches

WS_ROUND = "q1"


def ts(n: int) -> str:
    return f"2026-01-01T00:00:{n:02d}Z"


class Transcripts:
    """Builds sessions/*.jsonl: a main transcript and subagent sessions, with file names of any shape."""

    def __init__(self, ws: Path) -> None:
        self.ws, self.n = ws, 0
        self.main: list[dict[str, Any]] = []
        self.subs: dict[str, list[dict[str, Any]]] = {}
        self.meta: dict[str, dict[str, Any]] = {}
        self.created: dict[str, dict[str, Any]] = {}

    def _t(self) -> str:
        self.n += 1
        return ts(self.n)

    def resolve(self, paths: list[str]) -> list[str]:
        """A grant as the harness binds it: workspace-relative real paths."""
        guard = ScopeGuard.build(self.ws, paths)
        return [guard.relative(r) for r in guard.read_roots]

    def main_call(
        self,
        name: str,
        args: dict[str, Any],
        result: str = "ok",
        rnd: str = WS_ROUND,
        *,
        ok: bool = True,
        facts: dict[str, Any] | None = None,
        files: list[str] | None = None,
    ) -> None:
        cid = f"c{self.n}"
        self.main.append(
            {
                "role": "assistant",
                "round_id": rnd,
                "timestamp": self._t(),
                "tool_calls": [{"id": cid, "name": name, "arguments": args}],
            }
        )
        if files is None and name in ("Write", "Edit") and ok:
            files = self._touched("Read", args, [self.ws.as_posix()])
        self.main.append(
            {
                "role": "tool_result",
                "round_id": rnd,
                "timestamp": self._t(),
                "tool_call_id": cid,
                "content": result,
                "ok": ok,
                "files": files or [],
                **({"facts": facts} if facts else {}),
            }
        )

    def note_created(self, sub_id: str, name: str, model: str, paths: list[str], via: str, rnd: str) -> None:
        facts = {
            "subagent_id": sub_id,
            "name": name,
            "model_key": model,
            "tools": ["Read", "Bash"],
            "grant": self.resolve(paths),
            "via": via,
        }
        self.created[sub_id] = facts
        self.main.append(
            {
                "role": "note",
                "round_id": rnd,
                "timestamp": self._t(),
                "content": f"subagent {sub_id} created",
                "facts": {"subagent_created": facts},
            }
        )

    def create(self, sub_id: str, name: str, model: str, paths: list[str], rnd: str = WS_ROUND) -> None:
        args = {"name": name, "model_key": model, "tools": ["Read", "Bash"], "accessible_paths": paths}
        self.note_created(sub_id, name, model, paths, "CreateSubagent", rnd)
        facts = {"subagent_id": sub_id, "model_key": model, "grant": self.created[sub_id]["grant"]}
        self.main_call("CreateSubagent", args, f"subagent_id={sub_id}\nname={name}", rnd, facts=facts)

    def _touched(self, tool: str, args: dict[str, Any], grant: list[str]) -> list[str]:
        if tool == "Bash":
            scope = ScopeGuard.build(self.ws, grant)
            return [t.path for t in bash_touches(str(args.get("command", "")), scope, str(self.ws))]
        real = os.path.realpath(str(args.get("file_path", "")))
        ws = os.path.realpath(self.ws)
        return [os.path.relpath(real, ws)] if real.startswith(ws + os.sep) and os.path.isfile(real) else []

    def sub(
        self,
        owner: str,
        name: str,
        lines: list[tuple[str, object]],
        rnd: str = WS_ROUND,
        *,
        meta: dict[str, Any] | None = None,
        ok: bool = True,
    ) -> None:
        """A subagent session: each ``call`` gets a result line (``ok``, ``files`` as the harness
        resolves them); a ``tool_result`` entry right after a call becomes that result's text."""
        sub_id = owner.split(":", 1)[0]
        facts = self.created.get(sub_id, {})
        self.meta.setdefault(owner, {**facts, "session_id": owner.rsplit(":", 1)[-1], **(meta or {})})
        out = self.subs.setdefault(
            owner,
            [{"role": "system", "content": f"You are '{name}', a subagent.", "round_id": None, "timestamp": self._t()}],
        )
        out.append({"role": "user", "content": "task", "round_id": rnd, "timestamp": self._t()})
        last: dict[str, Any] | None = None
        for kind, payload in lines:
            if kind == "call":
                tool, args = cast(tuple[str, dict[str, Any]], payload)
                cid = f"s{self.n}"
                out.append(
                    {
                        "role": "assistant",
                        "content": "",
                        "round_id": rnd,
                        "timestamp": self._t(),
                        "tool_calls": [{"id": cid, "name": tool, "arguments": args}],
                    }
                )
                files = self._touched(tool, args, list(facts.get("grant") or [])) if ok else []
                last = {
                    "role": "tool_result",
                    "content": "",
                    "round_id": rnd,
                    "timestamp": self._t(),
                    "tool_call_id": cid,
                    "ok": ok,
                    "files": files,
                }
                out.append(last)
            elif kind == "tool_result" and last is not None:
                last["content"], last = payload, None
            else:
                out.append({"role": kind, "content": payload, "round_id": rnd, "timestamp": self._t()})
                last = None

    def save(self) -> None:
        d = self.ws / "sessions"
        d.mkdir(exist_ok=True)
        for old in d.glob("*.jsonl"):
            old.unlink()
        rows = [{"type": "system_meta", "owner": "main"}, *self.main]
        (d / "main.jsonl").write_text("\n".join(json.dumps(r) for r in rows) + "\n", encoding="utf-8")
        for i, (owner, lines) in enumerate(self.subs.items()):
            rows = [{"type": "system_meta", "owner": owner, **self.meta.get(owner, {})}, *lines]
            (d / f"transcript-{i}-{hashlib.sha1(owner.encode()).hexdigest()[:6]}.jsonl").write_text(
                "\n".join(json.dumps(r) for r in rows) + "\n", encoding="utf-8"
            )
