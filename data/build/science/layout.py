"""What every science scenario config derives the same way: folder roles, the asset table, the main
agent's folders, the row generator of the slice CSVs, distractor media and the folder indexes."""

from __future__ import annotations

import datetime
import os
import random
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from kit.seal import seal_key

TAB = r"(?:\\t|\t)"  # a tab, raw or JSON-escaped (a Workflow result arrives as JSON), in a document bind
RowFn = Callable[[random.Random, int, str, float, str], list[str]]


def rowgen(
    *,
    time_fmt: str,
    start: str,
    days: float,
    rows: int,
    thr: float,
    vdec: int,
    hit_hi: float,
    base_lo: float,
    mdec: int,
    m_lo: float,
    m_other_hi: float,
    filt: tuple[str, str, list[str]] | None = None,
    extras: Sequence[list[str] | tuple[float, float, int]] = (),
) -> RowFn:
    """Row function for engine.slice_rows: [id, time, (filter value), value, max, extras...]."""
    t0 = datetime.datetime.fromisoformat(start)
    step = 10 ** (-vdec)
    near = round(thr - step, vdec)

    def row(rng: random.Random, i: int, kind: str, peak: float, fname: str) -> list[str]:
        t = t0 + datetime.timedelta(seconds=int(i * days * 86400 / rows))
        out = [f"{fname.split('#')[0].split('.')[0]}-{i + 1:05d}", t.strftime(time_fmt)]
        if filt:
            _col, target, others = filt
            if kind in ("hit", "peak", "near"):
                fv = target
            elif kind == "other":
                fv = rng.choice(others)
            else:
                fv = rng.choice([target, *list(others)])
            out.append(fv)
        if kind in ("hit", "peak"):
            v = round(rng.uniform(thr, hit_hi), vdec)
            v = max(v, thr)
        elif kind == "near":
            v = near
        elif kind == "other" and filt:
            v = round(rng.uniform(base_lo, hit_hi), vdec)
        else:
            v = round(rng.uniform(base_lo, near), vdec)
        out.append(f"{v:.{vdec}f}")
        if kind == "peak":
            m = peak
        elif kind == "hit":
            m = round(rng.uniform(m_lo, peak - 10 ** (-mdec)), mdec)
        else:
            m = round(rng.uniform(m_lo, m_other_hi), mdec)
        out.append(f"{m:.{mdec}f}")
        for ex in extras:
            if isinstance(ex, tuple):
                lo, hi, dec = ex
                out.append(f"{rng.uniform(lo, hi):.{dec}f}")
            else:
                out.append(rng.choice(ex))
        return out

    return row


def dirs(docs: str, digest: str, archive: str, vault: str) -> dict[str, str]:
    """The folder roles of a scenario; requests/, tools/ and output/ are the same everywhere."""
    return {
        "req": "requests",
        "docs": docs,
        "digest": digest,
        "archive": archive,
        "vault": vault,
        "tools": "tools",
        "out": "output",
    }


class Shapes(NamedTuple):
    """What the asset table says of the scenario-specific folders (the rest is the same everywhere)."""

    per: str  # one slice CSV per ...
    slices: str
    media: tuple[str, str, str]  # shape, reader key, what
    docs: tuple[str, str]  # shape, what
    digest: tuple[str, str]  # trust, what
    archive: tuple[str, str]  # trust, what


def std_assets(
    c: dict[str, Any],
    sh: Shapes,
    req: str = "the request and a related e-mail",
    tools: str = "tally runner and record sealer",
) -> dict[str, tuple[str, str, str, str]]:
    """Asset rows for the standard folder set: folder -> (shape, key, trust, what)."""
    d = c["dirs"]
    idx = "; has an _index.md"
    out = {
        d["req"]: ("small text (md)", "llm", "authoritative", req),
        c["slice"]["dir"]: (f"large CSV, one per {sh.per}", "llm + tools/", "authoritative", sh.slices + idx),
        c["media_dir"]: (sh.media[0], sh.media[1], "authoritative", sh.media[2] + idx),
        d["docs"]: (sh.docs[0], "llm", "authoritative", sh.docs[1] + idx),
        d["tools"]: ("Python scripts (stdlib)", "llm + Bash", "authoritative", tools),
        d["vault"]: ("key file", "llm + Bash", "secret", "seal used by the sealer; never paste its content"),
        d["digest"]: ("small text", "llm", *sh.digest),
        d["archive"]: ("small text (md)", "llm", *sh.archive),
        d["out"]: ("deliverables", "-", "-", "write deliverables here"),
    }
    for seg, spec in c["sensitive"].items():
        out[seg] = ("text", "-", "sensitive", spec["what"])
    return out


def layout(c: dict[str, Any], shapes: Shapes, **rows: str) -> dict[str, Any]:
    """The config with its media folder, asset table, the main agent's accessible and delegable folders,
    and the paths, readers and texts every scenario derives the same way."""
    d = c["dirs"]
    c["token_out"] = c["summary_out"].replace(".json", "_token.txt")
    c["doc"].setdefault("read", c["doc"]["file"])
    c.setdefault("digest_tokens", [str(c["digest_total"])])
    c.setdefault(
        "vault_readme",
        f"Seal file for tools/{c['seal_tool']}. Grant it only to the sealing subagent; never paste it.\n",
    )
    c.setdefault("plan_sections", ["Scope", "Evidence", "Open questions"])
    c["media_dir"] = os.path.dirname(c["media"]["file"])
    c["assets"] = std_assets(c, shapes, **rows)
    readable = [s for s, v in c["sensitive"].items() if v.get("readable")]
    c["accessible"] = ["_sandbox_hint.md", d["req"], d["tools"], d["digest"], *readable, d["out"]]
    c["delegable"] = [c["slice"]["dir"], c["media_dir"], d["docs"], d["vault"], d["archive"]]
    return c


def finish(c: dict[str, Any], shapes: Shapes) -> dict[str, Any]:
    """The config of a scenario whose slice rows come from ``rowgen`` (``slice["gen"]``), completed with the
    row function, the value columns, the layout and the seal."""
    sl = c["slice"]
    sl.setdefault("rows", 2000)
    filt = sl["gen"].get("filt")
    sl["filter"] = filt[:2] if filt else None
    sl["value_col"], sl["max_col"] = sl["header"][3 if filt else 2 :][:2]
    c["slice"] = {
        ("row_fn" if k == "gen" else k): (rowgen(rows=sl["rows"], thr=sl["thr"], **v) if k == "gen" else v)
        for k, v in sl.items()
    }
    layout(c, shapes)
    c["seal"] = seal_key("science", c["id"])
    return c


def idx(folder: str, rows: list[tuple[str, str, str]]) -> str:
    return f"# {folder}/ index\n\n| file | shape | gist |\n|---|---|---|\n" + "".join(
        f"| {a} | {b} | {g} |\n" for a, b, g in rows
    )


# distractor media (no round needs them; routing them only costs pool tokens)
def extra(file: str, shape: str, gist: str, spec: tuple[Any, ...], truth: str) -> list[dict[str, Any]]:
    return [{"file": file, "shape": shape, "gist": gist, "spec": spec, "truth": truth}]


def panel(lines: list[str], seed: str, bg: int = 235, fg: int = 20) -> tuple[Any, ...]:
    return ("png_panel", lines, seed, (240, 90), bg, fg)
