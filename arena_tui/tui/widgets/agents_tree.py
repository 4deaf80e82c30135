"""The Agents tree: main → subagents (model key, state, forbidden count) → sessions."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.widgets import Tree
from textual.widgets.tree import TreeNode

from arena_tui.tui.formatting import plural
from arena_tui.tui.state import MAIN, ArenaState
from arena_tui.tui.state_models import AgentNode, SessionNode
from arena_tui.tui.widgets.quiet import same_text

STATE_GLYPHS: dict[str, tuple[str, str]] = {
    "idle": ("○ idle", "agents--muted"),
    "thinking": ("● thinking", "agents--busy"),
    "running": ("● running", "agents--busy"),
    "background": ("◐ background", "agents--busy"),
    "done": ("✓ done", "agents--ok"),
    "failed": ("✗ failed", "agents--hot"),
    "stopped": ("■ stopped", "agents--hot"),
}


class AgentsTree(Tree[str]):
    """Agents of the current scenario; node data is the agent id (sessions carry their agent's id).

    Nodes live in a dict by id and are relabelled in place; labels are ``rich.text.Text`` so an
    agent-chosen name is never parsed as markup.
    """

    DEFAULT_CSS = """
    AgentsTree {
        height: 1fr;
        min-height: 4;
        overflow-x: hidden;
        border: round $primary 40%;
        border-title-color: $text-muted;
        background: $surface;
    }
    AgentsTree:focus { border: round $primary; }
    AgentsTree > .agents--busy { color: $warning; }
    AgentsTree > .agents--ok { color: $success; }
    AgentsTree > .agents--hot { color: $error; }
    AgentsTree > .agents--muted { color: $text-muted; }
    AgentsTree > .agents--key { color: $accent; }
    """

    COMPONENT_CLASSES: ClassVar[set[str]] = Tree.COMPONENT_CLASSES | {
        "agents--busy",
        "agents--ok",
        "agents--hot",
        "agents--muted",
        "agents--key",
    }

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(Text(MAIN), data=MAIN, id=id)
        self.border_title = "Agents"
        self.auto_expand = False
        self.show_root = True
        self.root.expand()
        self._agents: dict[str, TreeNode[str]] = {MAIN: self.root}
        self._sessions: dict[tuple[str, str], TreeNode[str]] = {}
        self._groups: dict[str, TreeNode[str]] = {}
        self._grouped = False
        self._seen: object = None

    def _group_node(self, state: ArenaState, agent: AgentNode) -> TreeNode[str]:
        """The root, or (several scenarios at once) the agent's scenario node under it."""
        if not self._grouped:
            return self.root
        sid = agent.scenario_id or ""
        group = self._groups.get(sid)
        if group is None:
            group = self._groups[sid] = self.root.add(self._group_label(state, sid), data=MAIN, expand=True)
        return group

    def _group_label(self, state: ArenaState, sid: str) -> Text:
        """``#2 s_x q3``: the scenario's number (as in the status line), id and current round."""
        progress = state.running.get(sid)
        label = Text(no_wrap=True, overflow="ellipsis")
        if progress is not None:
            label.append(f"#{progress.index} ", style=self.get_component_rich_style("agents--muted"))
        label.append(sid or "?", style="bold")
        if progress is not None and progress.round_id:
            label.append(f" {progress.round_id}", style=self.get_component_rich_style("agents--key"))
        return label

    def sync(self, state: ArenaState, force: bool = False) -> None:
        """Add, relabel and remove nodes so the tree matches ``state`` (only when it changed)."""
        key = state.versions.tree
        if key == self._seen and not force:
            return
        self._seen = key
        grouped = state.grouped()
        wanted = {a.scenario_id or "" for a in state.agents.values() if a.agent_id != MAIN} | set(state.running)
        if grouped != self._grouped or (grouped and set(self._groups) - wanted):
            self._grouped = grouped
            self.root.remove_children()
            self._agents, self._sessions, self._groups = {MAIN: self.root}, {}, {}
        if grouped:
            for sid in state.running:  # every running scenario shows, agents or not
                _relabel(self._group_node(state, AgentNode(MAIN, MAIN, "main", sid)), self._group_label(state, sid))
        for aid in [a for a in self._agents if a != MAIN and a not in state.agents]:
            self._agents.pop(aid).remove()
            for skey in [k for k in self._sessions if k[0] == aid]:
                del self._sessions[skey]
        for aid, agent in state.agents.items():
            node = self._agents.get(aid)
            if node is None:
                parent = self._group_node(state, agent)
                node = self._agents[aid] = parent.add(self._agent_label(agent), data=aid, expand=True)
            else:
                _relabel(node, self._agent_label(agent))
            for sid, session in agent.sessions.items():
                snode = self._sessions.get((aid, sid))
                if snode is None:
                    self._sessions[(aid, sid)] = node.add_leaf(self._session_label(session), data=aid)
                else:
                    _relabel(snode, self._session_label(session))

    def _agent_label(self, agent: AgentNode) -> Text:
        style = self.get_component_rich_style
        glyph, cls = STATE_GLYPHS.get(agent.state, (agent.state, "agents--muted"))
        text = Text(no_wrap=True, overflow="ellipsis")
        text.append(agent.name, style="bold" if agent.agent_id == MAIN else "")
        if agent.agent_id != MAIN:
            text.append(f" {agent.model_key}", style=style("agents--key"))
        text.append(f"  {glyph}", style=style(cls))
        if agent.forbidden:
            text.append(f"  {agent.forbidden}⚠", style=style("agents--hot"))
        return text

    def _session_label(self, session: SessionNode) -> Text:
        kind = "continued" if session.continued else "new"
        mode = "bg" if session.mode == "background" else "fg"
        text = Text(no_wrap=True, overflow="ellipsis", style=self.get_component_rich_style("agents--muted"))
        text.append(f"sess {session.session_id[:8]} {kind} {mode} · {plural(session.calls, 'call')}")
        return text


def _relabel(node: TreeNode[str], label: Text) -> None:
    """Set ``label`` unless the node shows it already (each relabel repaints the tree's line)."""
    if not same_text(node.label, label):
        node.set_label(label)
