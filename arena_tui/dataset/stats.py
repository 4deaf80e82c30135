"""Dataset statistics: rounds, update groups, files, bytes and tokens by modality, tags.

Counts cover every file a run can see: the workspace template plus everything updates add.
Tokens are estimated for text-like files only (about four characters per token).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from arena_tui.dataset.model import Dataset

MODALITY_BY_EXT = {
    **dict.fromkeys((".png", ".jpg", ".jpeg", ".gif", ".webp", ".bmp", ".tif", ".tiff"), "image"),
    **dict.fromkeys((".wav", ".mp3", ".ogg", ".flac", ".m4a"), "audio"),
    **dict.fromkeys((".mp4", ".webm", ".mov", ".mkv", ".avi"), "video"),
    **dict.fromkeys((".pdf", ".docx", ".xlsx", ".pptx"), "document"),
}


def modality_of(path: Path) -> str:
    return MODALITY_BY_EXT.get(path.suffix.lower(), "text")


@dataclass
class DatasetStats:
    scenarios: int = 0
    rounds: int = 0
    update_groups: int = 0
    updates_by_op: Counter[str] = field(default_factory=Counter)
    files: Counter[str] = field(default_factory=Counter)
    bytes: Counter[str] = field(default_factory=Counter)
    text_tokens: int = 0
    tags: Counter[str] = field(default_factory=Counter)
    rounds_per_scenario: dict[str, int] = field(default_factory=dict)
    top_folders: dict[str, int] = field(default_factory=dict)


def _files(root: Path) -> list[Path]:
    return [p for p in root.rglob("*") if p.is_file()] if root.is_dir() else ([root] if root.is_file() else [])


def compute_stats(dataset: Dataset) -> DatasetStats:
    stats = DatasetStats()
    for scenario in dataset.scenarios:
        stats.scenarios += 1
        stats.rounds += len(scenario.rounds)
        stats.rounds_per_scenario[scenario.id] = len(scenario.rounds)
        stats.update_groups += len(scenario.manifest.updates)
        for group in scenario.manifest.updates.values():
            stats.updates_by_op[group.op] += 1
        for rnd in scenario.rounds:
            stats.tags.update(rnd.tags)
        sources = [scenario.workspace_template]
        sources += [scenario.manifest_path.parent / f.src for g in scenario.manifest.updates.values() for f in g.files]
        for source in sources:
            for path in _files(source):
                kind = modality_of(path)
                size = path.stat().st_size
                stats.files[kind] += 1
                stats.bytes[kind] += size
                if kind == "text":
                    stats.text_tokens += size // 4
        stats.top_folders[scenario.id] = sum(1 for p in scenario.workspace_template.iterdir() if p.is_dir())
    return stats


def stats_markdown(name: str, s: DatasetStats) -> str:
    kinds = sorted(set(s.files) | set(s.bytes))
    lines = [
        f"# Dataset statistics: {name}",
        "",
        f"- scenarios: **{s.scenarios}**",
        f"- evaluation rounds: **{s.rounds}**",
        f"- update groups: **{s.update_groups}** ({', '.join(f'{k} {v}' for k, v in sorted(s.updates_by_op.items()))})",
        f"- estimated text tokens: {s.text_tokens:,}",
        "",
        "| modality | files | bytes |",
        "|---|--:|--:|",
        *[f"| {k} | {s.files[k]} | {s.bytes[k]:,} |" for k in kinds],
        "",
        "| tag | rounds |",
        "|---|--:|",
        *[f"| {t} | {n} |" for t, n in sorted(s.tags.items(), key=lambda x: (-x[1], x[0]))],
        "",
        "| scenario | rounds | top-level folders |",
        "|---|--:|--:|",
        *[f"| {sid} | {n} | {s.top_folders.get(sid, 0)} |" for sid, n in s.rounds_per_scenario.items()],
    ]
    return "\n".join(lines) + "\n"


def write_stats(name: str, s: DatasetStats, out: Path) -> list[Path]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    out.mkdir(parents=True, exist_ok=True)
    md = out / "STATS.md"
    md.write_text(stats_markdown(name, s), encoding="utf-8")
    kinds = sorted(set(s.files) | set(s.bytes))
    fig, axes = plt.subplots(1, 2, figsize=(9, 3.5))
    axes[0].bar(kinds, [s.files[k] for k in kinds], color="#4c78a8")
    axes[0].set_title("files by modality")
    axes[1].bar(kinds, [s.bytes[k] / 2**20 for k in kinds], color="#f58518")
    axes[1].set_title("MiB by modality")
    fig.tight_layout()
    chart = out / "modalities.png"
    fig.savefig(chart, dpi=110)
    plt.close(fig)
    return [md, chart]
