"""The published figures and their tables (scoring/figures.py) from hand-made scores."""

from __future__ import annotations

from pathlib import Path

from PIL import Image

from arena_tui.scoring.compare import ComparedRun
from arena_tui.scoring.figures import figure_tables, write_published_figures
from arena_tui.scoring.fold import RunScores
from arena_tui.scoring.metrics import ScenarioScore, SubagentScore


def _run(label: str, forbidden: list[int], maf: int, sms_q1: list[bool]) -> ComparedRun:
    epochs = {}
    for e, passed in enumerate(sms_q1, 1):
        s = ScenarioScore("s1", ["q1"], passed={"q1": passed}, status="completed", maf=maf, saft=sum(forbidden))
        for i, n in enumerate(forbidden):
            key = ("llm", "vlm", "omni")[i % 3]
            s.subagents[f"a{i}"] = SubagentScore(f"a{i}", "n", key, ["Read"], ["x"], forbidden=n)
        s.inv = {"new_background": 2, "workflow": 1}
        epochs[e] = s
    scores = RunScores({"s1": epochs[max(epochs)]}, {}, epochs={"s1": epochs})
    return ComparedRun(label, label, scores)


def test_tables_hold_the_figures(tmp_path: Path) -> None:
    runs = [_run("careful", [0, 0, 0], 1, [True, True]), _run("sloppy", [3, 0, 40, 0], 120, [True, False])]
    forbidden, keys, inv, per_sub, spread = figure_tables(runs)
    # Two epochs, each with MAF 120 and SAFt 43: totals 240 and 86 over 8 subagents → SAFa 10.75.
    assert forbidden.rows[1] == ["sloppy", "240", "86", "10.75"]
    assert keys.rows[0] == ["careful", "2", "2", "2"]
    assert inv.rows[0][2] == "4" and inv.rows[0][5] == "2"  # background 2 + 2, workflow 1 + 1
    # llm subagents a0 (3 refusals) and a3 (none) in each epoch: 2 of 4; omni a2 (40): 2 of 2.
    assert per_sub.rows[1] == ["sloppy", "50.0 % (2/4)", "0.0 % (0/2)", "100.0 % (2/2)"]
    # careful passes in both epochs (no spread); sloppy fails epoch 2 (SMS 0): values x and 0 have
    # mean x/2 and population SD x/2.
    assert spread.heads == ["s1"] and spread.rows[0][1].endswith("± 0.0")
    mean, sd = spread.rows[1][1].split(" ± ")
    assert float(mean) == float(sd) > 0
    paths = write_published_figures(runs, tmp_path)
    for path in paths[:-1]:
        with Image.open(path) as image:
            image.verify()
    assert "## Forbidden accesses per run" in paths[-1].read_text()
