"""The arena's TPP/ROC/WPP/MCA judge a grant against the declared needs, never against activity.

Each case is a manager an adversary would write; the events are built by hand and every
expected number is derived in the comments from the definitions in docs/scoring.md.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from arena_tui import events as ev
from arena_tui.origin import Origin, OriginFields
from arena_tui.scoring import score_events
from arena_tui.scoring.metrics import ScenarioScore
from arena_tui.scoring.report import build_report, report_markdown
from arena_tui.scoring.report_model import ReportMeta
from arena_tui.vocabulary import ModelKey, Need

R, S = "run", "s1"
FOLDER = ["lib/a.md", "lib/b.md", "lib/c.md", "lib/d.md"]


def _f(agent: str = "main") -> OriginFields:
    return Origin(R, S, agent).fields()


def need(
    files: Sequence[str] = (),
    folders: Sequence[str] = (),
    tools: Sequence[Sequence[str]] = (("read",),),
    mods: Sequence[str] = ("text",),
) -> Need:
    return Need.model_validate(
        {"files": list(files), "folders": list(folders), "tools": [list(t) for t in tools], "modalities": list(mods)}
    )


class Log:
    def __init__(self, needs: dict[str, list[Need]], rounds: Sequence[str] = ("q1",)) -> None:
        self.rounds = list(rounds)
        self.events: list[ev.Event] = [
            ev.RunStarted(run_id=R, dataset="d", scenario_ids=[S], round_ids={S: self.rounds}, manager="m", pool={}),
            ev.ScenarioStarted(**_f(), round_ids=self.rounds, delegation_rounds=list(self.rounds), needs=needs),
        ]
        self.n = 0

    def round(self, round_id: str) -> Log:
        self.events.append(ev.RoundStarted(**_f(), round_id=round_id, index=self.rounds.index(round_id), question="q"))
        return self

    def create(self, sub: str, key: ModelKey, tools: list[str], paths: list[str], reach: list[str]) -> Log:
        self.events.append(
            ev.SubagentCreated(
                **_f(),
                subagent_id=sub,
                name=sub,
                model_key=key,
                tools=tools,
                accessible_paths=paths,
                reachable_files=reach,
            )
        )
        return self.run(sub, continued=False)

    def run(self, sub: str, continued: bool = True) -> Log:
        self.events.append(ev.SubagentRunStarted(**_f(sub), subagent_id=sub, mode="foreground", continued=continued))
        return self

    def call(
        self, sub: str, tool: str, files: Sequence[str] = (), op: str = "read", error: bool = False, **args: object
    ) -> Log:
        self.n += 1
        cid = f"c{self.n}"
        touches = [ev.FileTouch(path=p, op=op, modality="text") for p in files]  # type: ignore[arg-type]
        self.events.append(ev.ToolCalled(**_f(sub), call_id=cid, tool=tool, arguments={**args, "n": self.n}))
        self.events.append(ev.ToolResult(**_f(sub), call_id=cid, tool=tool, is_error=error, files=touches))
        return self

    def scenario(self) -> ScenarioScore:
        done: list[ev.Event] = [
            *(ev.RoundScored(**_f(), round_id=r, passed=True) for r in self.rounds),
            ev.ScenarioFinished(**_f(), status="completed"),
        ]
        return score_events([*self.events, *done]).scenarios[S]


def quartet(s: ScenarioScore) -> tuple[float, float, float, float]:
    return (round(s.tpp, 6), round(s.roc, 6), round(s.wpp, 6), round(s.mca, 6))


def _reader(*extra_tools: str) -> Log:
    # q1 needs one file, read: the reference grants exactly that.
    log = Log({"q1": [need(files=["docs/terms.md"])]}).round("q1")
    return log.create("w", "llm", ["Read", *extra_tools], ["docs/terms.md"], ["docs/terms.md"])


def test_throwaway_calls_change_nothing() -> None:
    """Broad tools with failing throwaway calls: on the use-based metric every failed call made its
    tool "used" (TPP 1, ROC 1); judged against the need, Read is the only covered tool of five."""
    honest = _reader("Write", "Edit", "Grep", "Glob").call("w", "Read", ["docs/terms.md"], file_path="t")
    junk = _reader("Write", "Edit", "Grep", "Glob").call("w", "Read", ["docs/terms.md"], file_path="t")
    junk.call("w", "Write", error=True, file_path="docs").call("w", "Edit", error=True, file_path="docs/terms.md")
    junk.call("w", "Grep", pattern="zzz").call("w", "Glob", pattern="**/*")
    # TPP = |{Read}| / 5 = 0.2; ROC 0 (Write, Edit granted, no need writes); WPP 1/1; MCA 1 (llm for text).
    assert quartet(honest.scenario()) == quartet(junk.scenario()) == (0.2, 0.0, 1.0, 1.0)


def test_a_sweep_scores_exactly_what_a_targeted_search_scores() -> None:
    needs = {"q1": [need(folders=["lib"], tools=[("read", "search")])]}
    search = Log(needs).round("q1").create("w", "llm", ["Read", "Grep"], ["lib"], FOLDER)
    search.call("w", "Grep", ["lib/c.md"], op="bash", pattern="Term").call("w", "Read", ["lib/c.md"], file_path="c")
    sweep = Log(needs).round("q1").create("w", "llm", ["Read", "Grep"], ["lib"], FOLDER)
    for p in FOLDER:
        sweep.call("w", "Read", [p], file_path=p)
    # The folder is the need: every granted file is covered, however many were read (use-based: 0.25 vs 1).
    assert quartet(search.scenario()) == quartet(sweep.scenario()) == (1.0, 1.0, 1.0, 1.0)


def test_one_extra_tool_costs_even_when_it_is_used() -> None:
    extra = _reader("Bash").call("w", "Read", ["docs/terms.md"], file_path="t")
    extra.call("w", "Bash", ["docs/terms.md"], op="bash", command="cat docs/terms.md")
    # TPP = 1/2 (Bash covered by no need); ROC 0 (a mutating tool where no need runs or writes).
    assert quartet(extra.scenario()) == (0.5, 0.0, 1.0, 1.0)
    assert quartet(_reader().scenario()) == (1.0, 1.0, 1.0, 1.0)


@pytest.mark.parametrize(
    ("key", "mods", "mca", "routing"),
    [
        ("omni", ["text"], 0.5, "over"),  # can do the work, but a cheaper key would have served
        ("vlm", ["document"], 0.5, "over"),
        ("llm", ["image"], 0.0, "under"),  # cannot perceive what the round needs
        ("omni", ["image"], 0.0, "under"),
        ("vlm", ["image"], 1.0, "right"),
        ("omni", ["audio"], 1.0, "right"),
    ],
)
def test_over_capable_routing_is_scored_apart_from_incapable(
    key: ModelKey, mods: list[str], mca: float, routing: str
) -> None:
    log = Log({"q1": [need(files=["m/f"], mods=mods)]}).round("q1").create("w", key, ["Read"], ["m/f"], ["m/f"])
    log.call("w", "Read", ["m/f"], file_path="m/f")
    s = log.scenario()
    assert s.mca == mca
    assert s.subagents["w"].routing == routing
    assert s.routing_counts[routing] == 1
    scores = score_events(log.events)
    started = log.events[0]
    assert isinstance(started, ev.RunStarted)
    report = build_report(scores, ReportMeta.of(started))
    assert report.per_scenario[0].routing[routing] == 1  # the report says which
    assert (f"1 {'over-capable' if routing == 'over' else 'incapable'}" in report_markdown(report)) == (
        routing != "right"
    )


def test_a_resumed_subagent_is_judged_against_both_rounds_needs() -> None:
    needs = {"q1": [need(files=["a/1"])], "q2": [need(files=["b/1"])]}
    both = Log(needs, ("q1", "q2")).round("q1").create("w", "llm", ["Read"], ["a/1", "b/1"], ["a/1", "b/1"])
    both.call("w", "Read", ["a/1"], file_path="a/1").round("q2").run("w").call("w", "Read", ["b/1"], file_path="b/1")
    assert quartet(both.scenario()) == (1.0, 1.0, 1.0, 1.0)
    # The same grant used in q1 only reaches b/1 that no need of q1 covers: WPP 1/2 there;
    # q2 then has no subagent and falls short by 1: WPP 1 − (1/2 + 1)/2 = 1/4.
    once = Log(needs, ("q1", "q2")).round("q1").create("w", "llm", ["Read"], ["a/1", "b/1"], ["a/1", "b/1"])
    once.call("w", "Read", ["a/1"], file_path="a/1").call("w", "Read", ["b/1"], file_path="b/1").round("q2")
    assert once.scenario().wpp == 0.25


def test_an_agent_created_output_folder_granted_to_a_writer() -> None:
    """The folder is empty when granted (main created it): the granted path itself is judged."""
    needs = {"q1": [need(folders=["output"], tools=[("write",)])]}
    log = Log(needs).round("q1").create("w", "llm", ["Write"], ["output"], [])
    log.call("w", "Write", error=True, file_path="output")  # even a writer whose write failed
    assert quartet(log.scenario()) == (1.0, 1.0, 1.0, 1.0)
    wrong = Log(needs).round("q1").create("w", "llm", ["Write"], ["drafts"], [])
    assert wrong.scenario().wpp == 0.0


def test_two_acceptable_ways_are_both_at_the_ceiling_and_mixing_them_is_not() -> None:
    needs = {"q1": [need(files=["t/tally.py"], folders=["logs"], tools=[("read", "run"), ("run",)])]}
    for tools in (["Read", "Bash"], ["Bash"]):
        log = Log(needs).round("q1").create("w", "llm", tools, ["logs", "t/tally.py"], ["logs/1.csv", "t/tally.py"])
        assert quartet(log.scenario()) == (1.0, 1.0, 1.0, 1.0), tools
    log = Log(needs).round("q1").create("w", "llm", ["Read", "Grep", "Bash"], ["logs", "t/tally.py"], ["t/tally.py"])
    assert log.scenario().tpp == pytest.approx(2 / 3)


def test_one_rounds_needs_do_not_cover_another_workers_grant() -> None:
    """A round with two workers: each subagent is judged against the one need it fits, not their union."""
    needs = {"q1": [need(files=["scan.png"], mods=["image"]), need(files=["t.py"], tools=[("run",)])]}
    log = Log(needs).round("q1").create("v", "vlm", ["Read", "Bash"], ["scan.png", "t.py"], ["scan.png", "t.py"])
    s = log.scenario()
    assert s.tpp == 0.5 and s.wpp == 0.5, quartet(s)
