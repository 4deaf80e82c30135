"""Arena metrics that padding and starving cannot move (adversarial trajectories, as events)."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

import pytest

from arena_tui import events as ev
from arena_tui.origin import Origin, OriginFields
from arena_tui.sandbox.scope import ScopeGuard
from arena_tui.scoring import score_events
from arena_tui.scoring.fold import RunScores
from arena_tui.tools.bash_files import bash_touches
from arena_tui.vocabulary import Modality, ModelKey

R, S = "run", "s1"


def _f(agent: str = "main") -> OriginFields:
    return Origin(R, S, agent).fields()


class Log:
    """A tiny builder of one scenario's events."""

    def __init__(self, rounds: Sequence[str] = ("q1",), marked: Sequence[str] = ()) -> None:
        self.rounds = list(rounds)
        self.events: list[ev.Event] = [
            ev.RunStarted(run_id=R, dataset="d", scenario_ids=[S], round_ids={S: self.rounds}, manager="m", pool={}),
            ev.ScenarioStarted(**_f(), round_ids=self.rounds, delegation_rounds=list(marked)),
        ]
        self.n = 0

    def round(self, round_id: str) -> Log:
        index = self.rounds.index(round_id)
        self.events.append(ev.RoundStarted(**_f(), round_id=round_id, index=index, question="q"))
        return self

    def resume(self, sub: str) -> Log:
        self.events.append(ev.SubagentRunStarted(**_f(sub), subagent_id=sub, mode="foreground", continued=True))
        return self

    def create(self, sub: str, key: ModelKey, tools: list[str], reach: list[str]) -> Log:
        self.events.append(
            ev.SubagentCreated(
                **_f(),
                subagent_id=sub,
                name=sub,
                model_key=key,
                tools=tools,
                accessible_paths=["g"],
                reachable_files=reach,
            )
        )
        self.events.append(ev.SubagentRunStarted(**_f(sub), subagent_id=sub, mode="foreground", continued=False))
        return self

    def call(self, sub: str, tool: str, files: Sequence[ev.FileTouch] = (), **args: object) -> Log:
        self.n += 1
        cid = f"c{self.n}"
        self.events.append(ev.ToolCalled(**_f(sub), call_id=cid, tool=tool, arguments=dict(args)))
        self.events.append(ev.ToolResult(**_f(sub), call_id=cid, tool=tool, files=list(files)))
        return self

    def read(self, sub: str, path: str, modality: Modality = "text") -> Log:
        touch = ev.FileTouch(path=path, op="read", modality=modality)
        return self.call(sub, "Read", [touch], file_path=path)

    def scores(self) -> RunScores:
        done: list[ev.Event] = [
            *(ev.RoundScored(**_f(), round_id=r, passed=True) for r in self.rounds),
            ev.ScenarioFinished(**_f(), status="completed"),
        ]
        return score_events([*self.events, *done])


def _means(scores: RunScores) -> tuple[float, ...]:
    return (scores.tpp, scores.roc, scores.wpp, scores.mca, scores.sms)


def _honest() -> Log:
    # One decent but imperfect subagent: granted Read+Grep, uses only Read, reads 2 of 4 files.
    log = Log().create("sub_w", "llm", ["Read", "Grep"], ["g/a", "g/b", "g/c", "g/d"])
    return log.read("sub_w", "g/a").read("sub_w", "g/b")


def test_twenty_one_read_subagents_cannot_lift_an_imperfect_score() -> None:
    base = _means(_honest().scores())
    assert base[0] == pytest.approx(0.5) and base[2] == pytest.approx(0.5)
    padded = _honest()
    for i in range(20):
        # Perfectly scoped and really used: one tool, one file, read once.
        padded.create(f"sub_pad{i}", "llm", ["Read"], [f"g/p{i}"]).read(f"sub_pad{i}", f"g/p{i}")
    assert _means(padded.scores()) == pytest.approx(base)


def test_idle_subagents_with_grants_lower_the_score_and_bare_ones_are_not_counted() -> None:
    base = _means(_honest().scores())
    idle = _honest()
    for i in range(20):
        idle.create(f"sub_idle{i}", "llm", ["Read"], [f"g/p{i}"])  # granted, never used
    assert _means(idle.scores())[0] == 0.0 and _means(idle.scores())[4] < base[4]
    bare = _honest()
    for i in range(20):
        bare.create(f"sub_bare{i}", "llm", [], [])  # nothing granted: nothing to waste
    assert _means(bare.scores()) == pytest.approx(base)


def test_repeating_calls_or_splitting_the_work_does_not_help() -> None:
    base = _means(_honest().scores())
    repeated = _honest()
    for _ in range(50):
        repeated.read("sub_w", "g/a")
    assert _means(repeated.scores()) == pytest.approx(base)
    split = _honest().create("sub_x", "llm", ["Read"], ["g/a"]).read("sub_x", "g/a")
    assert _means(split.scores()) == pytest.approx(base)


def test_each_marked_round_is_judged_by_its_worst_subagent() -> None:
    # Two rounds marked needs_delegation: q1 perfect, q2 with a sloppy (unused Grep) subagent.
    log = Log(rounds=["q1", "q2"], marked=["q1", "q2"])
    log.round("q1").create("sub_1", "llm", ["Read"], ["g/a"]).read("sub_1", "g/a")
    log.round("q2").create("sub_2", "llm", ["Read", "Grep"], ["g/b"]).read("sub_2", "g/b")
    assert log.scores().tpp == pytest.approx(1 - 0.5 / 2)
    # A marked round where nothing was delegated falls short by 1.
    missing = Log(rounds=["q1", "q2"], marked=["q1", "q2"])
    missing.round("q1").create("sub_1", "llm", ["Read"], ["g/a"]).read("sub_1", "g/a")
    assert missing.scores().tpp == pytest.approx(0.5)
    # Delegating in an unmarked round adds no room: perfect there changes nothing, sloppy costs.
    extra = Log(rounds=["q1", "q2"], marked=["q1"])
    extra.round("q1").create("sub_1", "llm", ["Read"], ["g/a"]).read("sub_1", "g/a")
    extra.round("q2").create("sub_2", "llm", ["Read"], ["g/b"]).read("sub_2", "g/b")
    assert extra.scores().tpp == 1.0
    extra.create("sub_3", "llm", ["Read", "Grep"], ["g/c"]).read("sub_3", "g/c")
    assert extra.scores().tpp == pytest.approx(0.5)


def test_a_resumed_subagent_counts_in_the_round_it_works_in() -> None:
    log = Log(rounds=["q1", "q2"], marked=["q1", "q2"])
    log.round("q1").create("sub_1", "llm", ["Read"], ["g/a"]).read("sub_1", "g/a")
    log.round("q2").resume("sub_1").read("sub_1", "g/a")
    assert log.scores().tpp == 1.0


def test_do_nothing_llm_subagent_gets_mca_zero() -> None:
    idle = Log().create("sub_idle", "llm", ["Read"], ["g/a"]).scores().scenarios[S].subagents["sub_idle"]
    assert idle.mca == 0.0
    # Listing or searching is not reading: still 0.
    lister = Log().create("sub_ls", "llm", ["Glob"], ["g/a"]).call("sub_ls", "Glob", pattern="*")
    assert lister.scores().scenarios[S].subagents["sub_ls"].mca == 0.0
    reader = Log().create("sub_r", "llm", ["Read"], ["g/a"]).read("sub_r", "g/a")
    assert reader.scores().scenarios[S].subagents["sub_r"].mca == 1.0


def test_reading_every_granted_file_never_beats_a_precise_grant() -> None:
    folder = [f"g/f{i}" for i in range(10)]
    precise = Log().create("sub", "llm", ["Read"], ["g/f0", "g/f1"]).read("sub", "g/f0").read("sub", "g/f1")
    sweep = Log().create("sub", "llm", ["Read"], folder)
    for path in folder:
        sweep.read("sub", path)
    broad = Log().create("sub", "llm", ["Read"], folder).read("sub", "g/f0").read("sub", "g/f1")
    p, s, b = (x.scores().wpp for x in (precise, sweep, broad))
    assert p == 1.0 and s <= p and b == pytest.approx(0.2)


def test_files_it_created_do_not_fill_the_grant() -> None:
    log = Log().create("sub", "llm", ["Read", "Write"], ["g/a", "g/b", "g/c", "g/d"]).read("sub", "g/a")
    for i in range(10):
        log.call("sub", "Write", [ev.FileTouch(path=f"g/new{i}.md", op="write")], file_path=f"g/new{i}.md")
    assert log.scores().wpp == pytest.approx(0.25)


def test_bash_path_arguments_count_for_wpp() -> None:
    bash = [ev.FileTouch(path=p, op="bash") for p in ("g/a", "g/b", "g/c")]
    log = Log().create("sub", "llm", ["Bash"], ["g/a", "g/b", "g/c", "g/d"]).call("sub", "Bash", bash, command="x")
    sub = log.scores().scenarios[S].subagents["sub"]
    assert sub.wpp == pytest.approx(0.75) and sub.tpp == 1.0 and sub.mca == 1.0


def test_bash_touches_resolve_paths_inside_the_scope_only(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    (ws / "data").mkdir(parents=True)
    (ws / "other").mkdir()
    for name in ("a.csv", "b.csv", "c.txt"):
        (ws / "data" / name).write_text("x\n")
    (ws / "other" / "secret.txt").write_text("s\n")
    (tmp_path / "outside.txt").write_text("o\n")
    os.symlink(tmp_path / "outside.txt", ws / "data" / "link.txt")
    scope = ScopeGuard.for_subagent(str(ws), ["data"])
    cwd = scope.first_root()
    assert cwd == os.path.realpath(ws / "data")  # a subagent's commands run in its first granted folder
    touched = bash_touches(
        f"cat *.csv {ws}/data/c.txt ../other/secret.txt link.txt missing.csv {ws}/other/secret.txt > out.csv",
        scope,
        cwd,
    )
    assert sorted(t.path for t in touched) == ["data/a.csv", "data/b.csv", "data/c.txt"]
    assert all(t.op == "bash" for t in touched)
    # Relative words resolve against the agent's working folder, not the workspace root.
    inner = ScopeGuard.for_subagent(str(ws), ["data/a.csv", "data/c.txt"])
    assert [t.path for t in bash_touches("wc -l a.csv c.txt", inner, str(ws / "data"))] == ["data/a.csv", "data/c.txt"]


def test_bash_touches_never_expand_patterns_outside_the_scope_or_open_fifos(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    (ws / "data").mkdir(parents=True)
    (ws / "data" / "a.csv").write_text("x\n")
    os.mkfifo(ws / "data" / "pipe.csv")  # opening it for reading would block the harness
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "elsewhere" / "b.csv").write_text("y\n")
    scope = ScopeGuard.for_subagent(str(ws), ["data/a.csv", "data/pipe.csv"])
    touched = bash_touches(f"cat {ws}/data/*.csv {tmp_path}/elsewhere/*.csv /*/*/*", scope, str(ws / "data"))
    assert [t.path for t in touched] == ["data/a.csv"]
