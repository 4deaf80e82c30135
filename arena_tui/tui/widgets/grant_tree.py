"""A file tree limited to the paths a subagent may be granted; space marks paths for the grant."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.widgets import Tree
from textual.widgets.tree import TreeNode

from arena_tui.tui.formatting import relativize

MAX_CHILDREN = 200
"""Entries listed per folder (a huge folder is granted whole, not browsed)."""


class GrantTree(Tree[Path]):
    """Grantable roots and what lies below them; only paths inside a root ever appear.

    | Key | Action |
    | :- | :- |
    | space | Grant / ungrant the path under the cursor. |
    | enter | Expand / collapse a folder. |

    Args:
        grantable: Absolute paths that may be granted (the roots of the tree).
    """

    DEFAULT_CSS = """
    GrantTree { height: 8; border: round $primary 40%; }
    GrantTree:focus { border: round $primary; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [Binding("space", "toggle_grant", "Grant")]

    def __init__(self, grantable: Sequence[str], *, id: str | None = None) -> None:
        super().__init__("grantable", id=id)
        self.show_root = False
        self.guide_depth = 2
        self.roots = [Path(p) for p in grantable]
        self.granted: list[str] = []
        """Granted paths, in the order they were marked."""
        self._listed: set[int] = set()

    def on_mount(self) -> None:
        """One top-level node per grantable root."""
        if not self.roots:
            self.root.add_leaf(Text("nothing may be granted here", style="dim"))
        for root in self.roots:
            self.root.add(self._label(root, top=True), data=root, allow_expand=root.is_dir())

    def _label(self, path: Path, top: bool = False) -> Text:
        mark = "☑ " if str(path) in self.granted else "☐ "
        name = relativize(str(path)) if top else path.name  # roots by their workspace path
        return Text(mark + name + ("/" if path.is_dir() else ""))

    def _inside_a_root(self, path: Path) -> bool:
        real = os.path.realpath(path)
        return any(real == os.path.realpath(r) or real.startswith(os.path.realpath(r) + os.sep) for r in self.roots)

    def on_tree_node_expanded(self, event: Tree.NodeExpanded[Path]) -> None:
        """List a folder the first time it opens (symlinks leading outside every root are left out)."""
        node = event.node
        if node.id in self._listed or node.data is None:
            return
        self._listed.add(node.id)
        try:
            entries = sorted(node.data.iterdir(), key=lambda p: (not p.is_dir(), p.name))
        except OSError:
            node.add_leaf(Text("unreadable", style="dim"))
            return
        kept = [p for p in entries if self._inside_a_root(p)]
        for path in kept[:MAX_CHILDREN]:
            node.add(self._label(path), data=path, allow_expand=path.is_dir())
        if len(kept) > MAX_CHILDREN:
            node.add_leaf(Text(f"… {len(kept) - MAX_CHILDREN} more (grant the folder)", style="dim"))

    def toggle(self, node: TreeNode[Path]) -> None:
        """Grant or ungrant ``node``'s path.

        Args:
            node: A node of this tree (nodes without a path are ignored).
        """
        if node.data is None:
            return
        path = str(node.data)
        if path in self.granted:
            self.granted.remove(path)
        else:
            self.granted.append(path)
        node.set_label(self._label(node.data, top=node.parent is self.root))

    def action_toggle_grant(self) -> None:
        """Grant or ungrant the path under the cursor."""
        if self.cursor_node is not None:
            self.toggle(self.cursor_node)
