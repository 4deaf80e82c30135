"""House rules checked by tests: layering (modules and packages) and module size."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "arena_tui"


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_textual_only_imported_inside_tui() -> None:
    offenders = []
    for path in PACKAGE.rglob("*.py"):
        rel = path.relative_to(PACKAGE).as_posix()
        if rel.startswith("tui/"):
            continue
        if any(name == "textual" or name.startswith("textual.") for name in _imports(path)):
            offenders.append(rel)
    assert offenders == [], f"textual imported outside arena_tui/tui/: {offenders}"


def test_modules_stay_small() -> None:
    big = {
        path.relative_to(PACKAGE).as_posix(): n
        for path in PACKAGE.rglob("*.py")
        if (n := len(path.read_text(encoding="utf-8").splitlines())) > 500
    }
    assert big == {}, f"split these modules by concept: {big}"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _import_graph() -> dict[str, set[str]]:
    """Module -> arena_tui modules it imports.

    Every import counts: module level, under ``if TYPE_CHECKING``, and inside functions.
    A function-level or type-only import hides a circle from the interpreter but not from
    the reader, and the layers stay separable only if no import of any kind goes back up.
    ``from pkg import name`` counts as importing ``pkg.name`` when that is a module, else ``pkg``.
    """
    paths = {_module_name(p): p for p in PACKAGE.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        targets: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                    base = ".".join([*anchor, base] if base else anchor)
                for alias in node.names:
                    full = f"{base}.{alias.name}"
                    targets.add(full if full in paths else base)
        graph[name] = {t for t in targets if t in paths and t != name}
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_cycle_finder_sees_a_circle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": set()}
    assert _cycles(graph) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


def test_graph_sees_function_level_and_type_only_imports() -> None:
    graph = _import_graph()
    # arena_tui.commands.tui imports the TUI only inside functions.
    assert "arena_tui.tui.app" in graph["arena_tui.commands.tui"]
    assert "arena_tui.tools.base" in graph["arena_tui.tools.bash"]


def test_no_import_cycles() -> None:
    cycles = _cycles(_import_graph())
    assert cycles == [], f"import circles in arena_tui (break them with a protocol or a shared module): {cycles}"


def _package_of(module: str) -> str:
    """The unit of the package-level rule: a subpackage or a top-level module of arena_tui."""
    return ".".join(module.split(".")[:2])


def _package_graph() -> tuple[dict[str, set[str]], dict[tuple[str, str], list[str]]]:
    """Package -> packages it imports, and for each such edge the module imports behind it."""
    graph: dict[str, set[str]] = {}
    evidence: dict[tuple[str, str], list[str]] = {}
    for module, targets in _import_graph().items():
        source = _package_of(module)
        graph.setdefault(source, set())
        for target in targets:
            dest = _package_of(target)
            if dest != source:
                graph[source].add(dest)
                evidence.setdefault((source, dest), []).append(f"{module} -> {target}")
    return graph, evidence


def test_package_graph_folds_modules_into_their_package() -> None:
    graph, evidence = _package_graph()
    assert "arena_tui.tools" in graph["arena_tui.agents"]
    assert "arena_tui.agents" not in graph["arena_tui.agents"]
    assert all(edge[0] != edge[1] for edge in evidence)
    # Module-level acyclicity does not imply package-level acyclicity: a.x -> b.y -> a.z.
    modules = {"a.x": {"b.y"}, "b.y": {"a.z"}, "a.z": set()}
    assert _cycles(modules) == []
    folded = {"a": {"b"}, "b": {"a"}}
    assert _cycles(folded) == [["a", "b"]]


def test_no_package_import_cycles() -> None:
    """No loop between the subpackages (and top-level modules) of arena_tui.

    The module rule above cannot see ``tools.workflow_tool -> agents.ids`` beside
    ``agents.loop -> tools.base``: no module circles, yet the two packages need each other
    and neither can be understood, tested or replaced alone. Break a loop by moving the
    shared piece into the lower package or by passing it in (a protocol or a function).
    """
    graph, evidence = _package_graph()
    loops = []
    for component in _cycles(graph):
        members = set(component)
        edges = [line for (a, b), lines in sorted(evidence.items()) if a in members and b in members for line in lines]
        loops.append(f"{' <-> '.join(component)}: {'; '.join(sorted(edges))}")
    assert loops == [], "package import loops in arena_tui:\n" + "\n".join(loops)


APART = {
    (
        "arena_tui.store",
        "arena_tui.scoring",
    ): "the store keeps events; folding them is scoring's (runner/stored_runs.py joins the two)",
    ("arena_tui.scoring", "arena_tui.store"): "scoring is a pure fold over events, whatever their source",
    (
        "arena_tui.providers",
        "arena_tui.dataset",
    ): "a provider answers requests; what a scenario holds reaches it from the runner",
}
"""Package pairs with no loop between them that still stay apart: events are their only contract."""


def test_peers_meet_only_through_events() -> None:
    graph, evidence = _package_graph()
    crossed = [
        f"{a} -> {b} ({why}): {'; '.join(sorted(evidence[(a, b)]))}" for (a, b), why in APART.items() if b in graph[a]
    ]
    assert crossed == [], "packages that must not import each other:\n" + "\n".join(crossed)
