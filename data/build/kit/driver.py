"""The one build driver: ``python data/build/<domain>/build.py [--check] [--out DATASET]``.

A domain's ``build.py`` declares what is its own as a ``Domain`` subclass: its folder (the domain's
name), where its scenarios come from (``scenarios``, ``scenario_id``), how one scenario folder is
built and self-tested (``build_scenario``), its subset's description (``desc``, or ``subset_files``
where the subset is written another way), the files it keeps in its own folder (``own_files``) and
what ``--check`` tolerates (``mp4_tolerant``, ``office_text``, ``kept``). The driver does the rest,
alike for every domain:

- a build clears each scenario folder but for the files other scripts write (``OTHER_WRITERS``)
  and those kept as committed, builds every scenario, writes the subset files (``tests-<domain>.json``
  and ``manifests-<domain>.json``) and the domain's own files, then prints each self-test problem as
  an ``ERROR:`` line and one ``built ...`` line;
- ``--check`` builds into an empty temporary folder and compares it with the dataset: a file only in
  the dataset, a file only in the build, a file that differs (``kit.rebuild.differs``) and a
  self-test problem are each an ``ERROR:`` line; the verdict line is ``check: OK (N generated files
  identical)`` or ``check: FAILED`` (``kit.rebuild.report``).
"""

from __future__ import annotations

import abc
import argparse
import os
import shutil
import tempfile
from collections.abc import Sequence
from typing import Generic, TypeVar

from kit.files import dump, write
from kit.rebuild import differs, report

DATASET = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "clawarena-team"))
OTHER_WRITERS = ("needs.json", "checks/_check.py", "checks/_check.sha256")
"""Files of a scenario folder, relative to it, that other scripts write: ``derive_needs.py`` the
needs, ``sync_checks.py`` the engine copy and its stamp. A build keeps them; ``--check`` leaves them out."""
OFFICE = (".docx", ".xlsx")

Scenario = TypeVar("Scenario")


class Domain(abc.ABC, Generic[Scenario]):
    """One domain's build: what it declares, and the driver (``main``) that runs it."""

    folder: str
    """``data/build/<domain>/``, the folder of the domain's build.py; its name is the domain's."""
    desc: str = ""
    """The description ``tests-<domain>.json`` gives."""
    mp4_tolerant = False
    """``--check`` accepts an MP4 whose bytes differ (another ffmpeg/x264 build), with a note."""

    @property
    def name(self) -> str:
        return os.path.basename(self.folder)

    @abc.abstractmethod
    def scenarios(self) -> Sequence[Scenario]:
        """Every scenario of the domain, in run order (the order of its subset)."""

    @abc.abstractmethod
    def scenario_id(self, sc: Scenario) -> str:
        """The scenario's id: its folder under ``scenarios/``."""

    @abc.abstractmethod
    def build_scenario(self, sc: Scenario, sdir: str) -> list[str]:
        """Write every file of the scenario into its folder ``sdir``; the problems its self-test finds."""

    def subset_files(self, ids: list[str]) -> dict[str, str]:
        """The domain's subset, by path relative to the dataset: its scenarios' manifests and its tests file."""
        manifests = f"manifests-{self.name}.json"
        listed = {"name": self.name, "desc": self.desc, "manifests_ref": manifests, "scenario_ids": ids}
        return {
            manifests: dump({"scenarios": {sid: f"scenarios/{sid}/manifest.json" for sid in ids}}),
            f"tests-{self.name}.json": dump(listed),
        }

    def own_files(self, scs: Sequence[Scenario]) -> dict[str, str]:
        """Files the build writes into the domain's folder, by path relative to it (what the tests
        read beside the dataset); asked for once every scenario is built."""
        return {}

    def kept(self, rel: str) -> bool:
        """Whether a committed file (``rel`` relative to the dataset) is kept as it is because this
        machine cannot build it; ``--check`` puts it into the fresh build before building."""
        return False

    def office_text(self, data: bytes, rel: str) -> str | None:
        """The text of an office file, compared by ``--check`` when its bytes differ (None: bytes only)."""
        return None

    # ------------------------------------------------------------------ the driver
    def main(self, doc: str | None, argv: Sequence[str] | None = None) -> int:
        """Run the build (``doc``, the build script's docstring, gives its one-line description)."""
        ap = argparse.ArgumentParser(description=doc.strip().splitlines()[0] if doc else None)
        ap.add_argument("--check", action="store_true", help="build into a temp dir and compare byte for byte")
        ap.add_argument("--out", default=DATASET, help="the dataset folder (default: data/clawarena-team)")
        args = ap.parse_args(argv)
        return self.check(args.out) if args.check else self.build(args.out)

    def build(self, dataset: str) -> int:
        """(Re)generate every scenario of the domain in place; the exit status."""
        scs = self.scenarios()
        for sc in scs:
            self._clear(dataset, self.scenario_id(sc))
        problems = self._build_into(dataset, scs)
        for rel, text in self.own_files(scs).items():
            write(os.path.join(self.folder, rel), text)
        for p in problems:
            print("ERROR:", p)
        files = sum(len(self._tree(dataset, self.scenario_id(sc))) for sc in scs)
        print(f"built {files} files of {len(scs)} {self.name} scenarios under {dataset}")
        return 1 if problems else 0

    def check(self, dataset: str) -> int:
        """Build into an empty folder and compare it with ``dataset``; print the problems and the verdict."""
        scs = self.scenarios()
        ids = [self.scenario_id(sc) for sc in scs]
        committed = [rel for sid in ids for rel in self._tree(dataset, sid)]
        with tempfile.TemporaryDirectory() as fresh:
            for rel in filter(self.kept, committed):
                os.makedirs(os.path.dirname(os.path.join(fresh, rel)), exist_ok=True)
                shutil.copyfile(os.path.join(dataset, rel), os.path.join(fresh, rel))
            problems = self._build_into(fresh, scs)
            subset = list(self.subset_files(ids))
            built = {*(rel for sid in ids for rel in self._tree(fresh, sid)), *subset}
            have = {*committed, *(rel for rel in subset if os.path.isfile(os.path.join(dataset, rel)))}
            problems += [f"{rel}: in the dataset but not generated (a stray file?)" for rel in sorted(have - built)]
            problems += [f"{rel}: generated but missing in the dataset (run the build)" for rel in sorted(built - have)]
            for rel in sorted(have & built):
                problem = self._differs(rel, os.path.join(dataset, rel), os.path.join(fresh, rel))
                problems += [problem] if problem else []
        for rel, text in self.own_files(scs).items():
            shown = f"data/build/{self.name}/{rel}"
            if not os.path.isfile(os.path.join(self.folder, rel)):
                problems.append(f"{shown}: generated but missing (run the build)")
                continue
            problem = differs(shown, os.path.join(self.folder, rel), text.encode())
            problems += [problem] if problem else []
        return report(problems, f"{len(built)} generated files identical")

    # ------------------------------------------------------------------ its steps
    def _build_into(self, root: str, scs: Sequence[Scenario]) -> list[str]:
        """Every scenario folder and the subset files under ``root``; the self-tests' problems."""
        problems = []
        for sc in scs:
            problems += self.build_scenario(sc, os.path.join(root, "scenarios", self.scenario_id(sc)))
        for rel, text in self.subset_files([self.scenario_id(sc) for sc in scs]).items():
            write(os.path.join(root, rel), text)
        return problems

    def _tree(self, root: str, sid: str) -> list[str]:
        """The files of a scenario folder the build writes, relative to ``root``, sorted."""
        sdir = os.path.join(root, "scenarios", sid)
        out = []
        for top, _, names in os.walk(sdir):
            for n in names:
                rel = os.path.relpath(os.path.join(top, n), sdir)
                if rel not in OTHER_WRITERS and "__pycache__" not in rel:
                    out.append(f"scenarios/{sid}/{rel}")
        return sorted(out)

    def _clear(self, dataset: str, sid: str) -> None:
        """Remove what an earlier build left in the scenario folder, but for the files other scripts
        write and those kept as committed (emptied folders go too)."""
        sdir = os.path.join(dataset, "scenarios", sid)
        for top, _, names in os.walk(sdir, topdown=False):
            for n in names:
                rel = os.path.relpath(os.path.join(top, n), sdir)
                if rel not in OTHER_WRITERS and not self.kept(f"scenarios/{sid}/{rel}"):
                    os.remove(os.path.join(top, n))
            if not os.listdir(top):
                os.rmdir(top)

    def _differs(self, rel: str, committed: str, fresh: str) -> str | None:
        """``kit.rebuild.differs``, and an office file whose bytes differ agrees when its text is the same."""
        problem = differs(rel, committed, fresh, mp4_tolerant=self.mp4_tolerant)
        if problem and rel.endswith(OFFICE):
            with open(committed, "rb") as a, open(fresh, "rb") as b:
                have, want = self.office_text(a.read(), rel), self.office_text(b.read(), rel)
            if have is not None and have == want:
                print(f"note: {rel}: zip bytes differ but the extracted text matches")
                return None
        return problem
