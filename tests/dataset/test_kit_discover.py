"""kit.discover: a domain's scenarios are found, not registered, in an order that never drifts.

The domain rebuild tests prove the real order (each tests-<domain>.json rebuilds byte for byte);
these pin the rules a new scenario module relies on: RUN_ORDER first, then the unordered by name,
two modules claiming one place or a RUN_ORDER that is no integer stop the build with one line.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

BUILD = Path(__file__).resolve().parents[2] / "data" / "build"
if str(BUILD) not in sys.path:
    sys.path.insert(0, str(BUILD))

from kit.discover import spec_modules  # noqa: E402


def _modules(folder: Path, bodies: dict[str, str]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for name, body in bodies.items():
        (folder / f"{name}.py").write_text(body, encoding="utf-8")
    return folder


def test_run_order_first_then_the_rest_by_name(tmp_path: Path) -> None:
    folder = _modules(
        tmp_path / "dom",
        {
            "kd1_zeta": "RUN_ORDER = 1\n",
            "kd1_alpha": "RUN_ORDER = 2\n",
            "kd1_new_b": "",
            "kd1_new_a": "",
            "helper": "RUN_ORDER = 0\n",  # no prefix: not a scenario
        },
    )
    names = [m.__name__ for m in spec_modules(folder, "kd1_")]
    assert names == ["kd1_zeta", "kd1_alpha", "kd1_new_a", "kd1_new_b"]


@pytest.mark.parametrize(
    ("prefix", "bodies", "fragment"),
    [
        ("kd2_", {"kd2_a": "RUN_ORDER = 3\n", "kd2_b": "RUN_ORDER = 3\n"}, "kd2_a, kd2_b share RUN_ORDER [3]"),
        ("kd3_", {"kd3_a": "RUN_ORDER = 'first'\n"}, "kd3_a.py: RUN_ORDER must be an integer"),
        ("kd4_", {"other": ""}, "no scenario module named kd4_*.py"),
    ],
)
def test_bad_folders_stop_with_one_line(tmp_path: Path, prefix: str, bodies: dict[str, str], fragment: str) -> None:
    folder = _modules(tmp_path / "dom", bodies)
    with pytest.raises(SystemExit) as err:
        spec_modules(folder, prefix)
    message = str(err.value)
    assert fragment in message and "\n" not in message, message
