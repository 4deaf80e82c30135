"""The pure TUI state reducer: events in, panel data out. No Textual import, O(1) per event.

Live, replay and watch differ only in where events come from; all feed :meth:`ArenaState.apply`.
Scores come from the one :class:`~arena_tui.scoring.ScoreFold` so the UI can never disagree with
reports.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from arena_tui import events as ev
from arena_tui.check_output import failed_conditions
from arena_tui.scoring import RunScores, ScoreFold, SubagentScore
from arena_tui.scoring.finished import FinishedPart
from arena_tui.tui.formatting import relativize, short_paths
from arena_tui.tui.ring import DEFAULT_STREAM_CAPACITY, RingBuffer
from arena_tui.tui.state_models import (
    AgentNode,
    Budget,
    RoundMark,
    RunHeader,
    ScenarioProgress,
    SessionNode,
    StreamLine,
    Versions,
)

MAIN = ev.MAIN_AGENT


class ArenaState:
    """Everything the run screen shows, folded from events.

    Args:
        stream_capacity: How many stream lines are kept (older ones are evicted).
        seed: The fold to continue: a copy of a run's fold before its first event (a resumed
            run's kept rounds), so the panels show exactly what the report will. The state owns
            it and folds every event it is given into it; ``None`` starts from an empty fold.
    """

    def __init__(
        self,
        stream_capacity: int = DEFAULT_STREAM_CAPACITY,
        seed: ScoreFold | None = None,
    ) -> None:
        self.header = RunHeader()
        self.agents: dict[str, AgentNode] = {MAIN: AgentNode(MAIN, MAIN, "main")}
        self.gone: dict[str, AgentNode] = {}
        """Subagents of scenarios that ended: a filter or Grants on one keeps showing it."""
        self.stream: RingBuffer[StreamLine] = RingBuffer(stream_capacity)
        self.calls: dict[str, StreamLine] = {}
        self.rounds: dict[str, list[str]] = {}
        self.marks: dict[tuple[str, str], RoundMark] = {}
        self.budget = Budget()
        self.fold = seed if seed is not None else ScoreFold()
        self.finished = FinishedPart(self.fold)
        """The report of the finished part: what every "so far" figure is (fed right after the fold)."""
        self._so_far: RunScores | None = None
        self.running: dict[str, ScenarioProgress] = {}
        """Scenarios started and not finished, in start order (several with ``-c 2``)."""
        self.versions = Versions()
        self.events_applied = 0
        self._scores: RunScores | None = None
        self._handlers: dict[type[Any], Callable[[Any], None]] = {
            ev.RunStarted: self._run_started,
            ev.RunFinished: self._run_finished,
            ev.ScenarioStarted: self._scenario_started,
            ev.ScenarioFinished: self._scenario_finished,
            ev.RoundStarted: self._round_started,
            ev.RoundFinished: self._round_finished,
            ev.RoundScored: self._round_scored,
            ev.CheckFinished: self._check_finished,
            ev.ModelRequest: self._model_request,
            ev.ModelResponse: self._model_response,
            ev.ModelError: self._model_error,
            ev.ToolCalled: self._tool_called,
            ev.ToolResult: self._tool_result,
            ev.ForbiddenAccess: self._forbidden,
            ev.SubagentCreated: self._subagent_created,
            ev.SubagentScopeGrown: self._scope_grown,
            ev.SubagentRunStarted: self._subagent_run_started,
            ev.SubagentRunFinished: self._subagent_run_finished,
            ev.NotificationDelivered: self._notification,
            ev.TaskFinished: self._task_finished,
            ev.ReminderDelivered: self._reminder,
            ev.AgentStopped: self._agent_stopped,
        }

    # --- public API -----------------------------------------------------------------

    def apply(self, event: ev.Event) -> None:
        """Fold one event into the state (mutates in place)."""
        self.events_applied += 1
        self.fold.apply(event)
        self.finished.observe(event)
        if event.ts > self.header.now_ts:
            self.header.now_ts = event.ts
            self.versions.header += 1
        handler = self._handlers.get(type(event))
        if handler is not None:
            handler(event)

    def apply_many(self, events: Iterable[ev.Event]) -> int:
        """Fold several events; returns how many were applied."""
        n = 0
        for event in events:
            self.apply(event)
            n += 1
        return n

    @property
    def scores(self) -> RunScores:
        """Live run scores from the shared score fold."""
        if self._scores is None:
            self._scores = self.fold.result()
        return self._scores

    @property
    def so_far(self) -> RunScores:
        """Run scores over the rounds that have a verdict (:mod:`arena_tui.scoring.finished`)."""
        if self._so_far is None:
            self._so_far = self.finished.result()
        return self._so_far

    def grant(self, agent_id: str | None) -> SubagentScore | None:
        """The score record (grant vs use) of a subagent, or ``None`` for main/unknown ids."""
        node = self.agents.get(agent_id or "") or self.gone.get(agent_id or "")
        if node is None or agent_id == MAIN or node.scenario_id is None:
            return None
        scenario = self.fold.scenarios.get(node.scenario_id)
        return scenario.subagents.get(node.agent_id) if scenario else None

    def label(self, agent_id: str | None) -> str:
        """A short display name for an agent id."""
        node = self.agents.get(agent_id or MAIN) or self.gone.get(agent_id or "")
        return node.name if node else (agent_id or MAIN)

    def filter_label(self, agent_id: str) -> str:
        """Who a filter shows: ``tally · s_x`` when names may repeat across scenarios, ``(ended)`` once it has."""
        node = self.agents.get(agent_id) or self.gone.get(agent_id)
        if node is None or agent_id == MAIN:
            return self.label(agent_id)
        ended = agent_id not in self.agents
        tagged = node.scenario_id and (ended or self.grouped() or len(self.header.scenario_ids) > 1)
        return node.name + (f" · {node.scenario_id}" if tagged else "") + (" (ended)" if ended else "")

    def filter_cycle(self) -> list[str | None]:
        """Stream filters in ``f`` order: all agents, main, then each subagent."""
        return [None, *self.agents.keys()]

    def round_strip(self) -> list[RoundMark]:
        """One mark per round of every selected scenario, in run order (verdicts from the scoring fold)."""
        marks: list[RoundMark] = []
        for sid, rids in self.rounds.items():
            scored = self.fold.scenarios.get(sid)
            passed = scored.passed if scored is not None else {}
            for rid in rids:
                if rid in passed:
                    marks.append("pass" if passed[rid] else "fail")
                else:
                    marks.append("running" if self.marks.get((sid, rid)) == "running" else "pending")
        return marks

    def grouped(self) -> bool:
        """Whether agents of more than one scenario are shown (the tree then groups them by scenario)."""
        return len({a.scenario_id for a in self.agents.values() if a.agent_id != MAIN} | set(self.running)) > 1

    # --- helpers --------------------------------------------------------------------

    def _push(self, line: StreamLine) -> StreamLine:
        no, evicted = self.stream.append(line)
        line.no = no
        if evicted is not None and evicted.call_id is not None and self.calls.get(evicted.call_id) is evicted:
            del self.calls[evicted.call_id]
        self.versions.stream += 1
        return line

    def _info(
        self, event: ev.Event, kind: Any, text: str, agent_id: str | None = None, output: str = "", task_id: str = ""
    ) -> None:
        aid = agent_id or event.agent_id or MAIN
        text = relativize(text)
        label = self._who(aid, event.scenario_id)
        line = StreamLine(event.ts, aid, label, kind, text=text, output=output, task_id=task_id)
        self._push(line)

    def _who(self, agent_id: str, scenario_id: str | None) -> str:
        """A stream line's agent label; with several scenarios running it says whose (``main #2``, ``tally #2``)."""
        if len(self.running) > 1 and scenario_id in self.running:  # two "tally"s of two scenarios stay apart
            return f"{self.label(agent_id)} #{self.running[scenario_id].index}"
        return self.label(agent_id)

    def _touch_scores(self, grants: bool = False) -> None:
        self._scores = None
        self._so_far = None
        self.versions.scores += 1
        if grants:
            self.versions.grants += 1

    def _set_state(self, agent_id: str | None, state: Any) -> None:
        node = self.agents.get(agent_id or MAIN)
        if node is not None and node.state != state:
            node.state = state
            self.versions.tree += 1

    # --- handlers -------------------------------------------------------------------

    def _run_started(self, e: ev.RunStarted) -> None:
        h = self.header
        h.run_id, h.manager, h.pool, h.simulated = e.run_id, e.manager, dict(e.pool), list(e.simulated)
        h.scenario_ids, h.started_ts, h.now_ts, h.status = list(e.scenario_ids), e.ts, e.ts, "running"
        h.writer_pid = getattr(e, "writer_pid", None)
        self.running = {}
        self.agents[MAIN].model_key = e.manager
        self.rounds = {sid: list(e.round_ids.get(sid, [])) for sid in e.scenario_ids}
        limit = e.settings.get("main_token_limit")
        if isinstance(limit, int) and limit > 0:
            self.budget.token_limit = limit
        self.versions.header += 1
        self.versions.budget += 1
        self._touch_scores()

    def _run_finished(self, e: ev.RunFinished) -> None:
        self.header.status = e.status
        self.running = {}
        self.versions.header += 1
        self._set_state(MAIN, "done")
        self._info(e, "info", f"run {e.status}" + (f": {e.reason}" if e.reason else ""))

    def _scenario_started(self, e: ev.ScenarioStarted) -> None:
        sid = e.scenario_id or ""
        self.header.scenario_id, self.header.round_count, self.header.round_index = sid, len(e.round_ids), -1
        self.header.round_id, self.header.question = "", ""
        self.rounds[sid] = list(e.round_ids)
        for key in [k for k in self.marks if k[0] == sid]:
            del self.marks[key]
        index = self.header.scenario_ids.index(sid) + 1 if sid in self.header.scenario_ids else 0
        self.running[sid] = ScenarioProgress(sid, index, round_count=len(e.round_ids))
        # The tree shows the running scenarios' subagents only; old stream lines keep their labels.
        main = self.agents[MAIN]
        if len(self.running) == 1:
            main.forbidden, main.sessions, main.state = 0, {}, "idle"
        kept = {
            aid: a
            for aid, a in self.agents.items()
            if aid == MAIN or (a.scenario_id in self.running and a.scenario_id != sid)
        }
        self.gone.update((aid, a) for aid, a in self.agents.items() if aid not in kept)
        self.agents = kept
        self.versions.header += 1
        self.versions.tree += 1
        self.versions.grants += 1
        self._touch_scores()
        self._info(e, "info", f"scenario {sid} started (attempt {e.attempt})")

    def _scenario_finished(self, e: ev.ScenarioFinished) -> None:
        self.running.pop(e.scenario_id or "", None)
        if self.running and self.header.scenario_id == e.scenario_id:
            self._show_progress(next(reversed(self.running.values())))
        self.versions.header += 1
        self._touch_scores()
        self._info(e, "info", f"scenario {e.scenario_id} {e.status}" + (f": {e.reason}" if e.reason else ""))

    def _round_started(self, e: ev.RoundStarted) -> None:
        progress = self.running.get(e.scenario_id or "")
        if progress is not None:
            progress.round_id, progress.round_index, progress.round_started_ts = e.round_id, e.index, e.ts
            self._show_progress(progress)
            if len(self.running) > 1:  # the tree's scenario nodes name their round
                self.versions.tree += 1
        h = self.header
        h.round_id, h.round_index, h.question, h.round_started_ts = e.round_id, e.index, e.question, e.ts
        self.marks[(e.scenario_id or "", e.round_id)] = "running"
        self.versions.header += 1
        self._touch_scores()
        self._info(e, "round", f"round {e.round_id} started: {e.question}", MAIN)

    def _show_progress(self, p: ScenarioProgress) -> None:
        """The header follows the scenario that moved last."""
        h = self.header
        h.scenario_id, h.round_id, h.round_index, h.round_count = (
            p.scenario_id,
            p.round_id,
            p.round_index,
            p.round_count,
        )
        h.round_started_ts = p.round_started_ts

    def _round_finished(self, e: ev.RoundFinished) -> None:
        self._set_state(MAIN, "idle")
        if e.status != "completed":
            self._info(e, "round", f"round {e.round_id} {e.status}" + (f": {e.reason}" if e.reason else ""), MAIN)

    def _round_scored(self, e: ev.RoundScored) -> None:
        self.marks[(e.scenario_id or "", e.round_id)] = "pass" if e.passed else "fail"
        self._touch_scores()
        feedback = f" — {e.feedback}" if e.feedback else ""
        self._info(e, "round", f"round {e.round_id} {'passed' if e.passed else 'failed'}{feedback}", MAIN)

    def _check_finished(self, e: ev.CheckFinished) -> None:
        if e.passed:
            self._info(e, "check", f"check passed: {short_paths(e.command)}", MAIN)
            return
        failed = "; ".join(failed_conditions(e))
        self._info(
            e, "check", f"check failed: {failed} (exit {e.exit_code}, expected {e.expect_exit}: {e.command})", MAIN
        )

    def _model_request(self, e: ev.ModelRequest) -> None:
        if (e.agent_id or MAIN) == MAIN:
            self._set_state(MAIN, "thinking")

    def _model_response(self, e: ev.ModelResponse) -> None:
        if (e.agent_id or MAIN) == MAIN:
            self.budget.main_context = e.usage.prompt_tokens + e.usage.completion_tokens
            self.budget.main_tokens += e.usage.prompt_tokens + e.usage.completion_tokens
            self._set_state(MAIN, "running")
        self._touch_scores()
        self.versions.budget += 1

    def _model_error(self, e: ev.ModelError) -> None:
        self.budget.model_errors += 1
        self.versions.budget += 1
        if e.final or e.attempt == 1:
            self._info(e, "error", f"model error {e.status_code or ''} {e.error}".replace("  ", " "))

    def _tool_called(self, e: ev.ToolCalled) -> None:
        aid = e.agent_id or MAIN
        node = self.agents.get(aid)
        if node is not None:
            node.calls += 1
            session = node.sessions.get(e.session_id or "")
            if session is not None:
                session.calls += 1
            self.versions.tree += 1
        line = StreamLine(e.ts, aid, self._who(aid, e.scenario_id), "call", e.tool, e.call_id, e.arguments, "pending")
        self.calls[e.call_id] = self._push(line)

    def _tool_result(self, e: ev.ToolResult) -> None:
        line = self.calls.get(e.call_id)
        if line is None:
            aid = e.agent_id or MAIN
            line = StreamLine(e.ts, aid, self._who(aid, e.scenario_id), "call", e.tool, e.call_id, None)
            self.calls[e.call_id] = self._push(line)
        line.outcome = "forbidden" if e.forbidden else "invalid" if e.invalid else "error" if e.is_error else "ok"
        line.duration_ms, line.output = e.duration_ms, e.output
        self.versions.stream += 1
        if e.agent_id not in (None, MAIN):
            self._touch_scores(grants=True)

    def _forbidden(self, e: ev.ForbiddenAccess) -> None:
        aid = e.agent_id or MAIN
        node = self.agents.get(aid)
        if node is not None:
            node.forbidden += 1
            self.versions.tree += 1
        self.versions.forbidden += 1
        self._touch_scores(grants=aid != MAIN)
        line = self.calls.get(e.call_id or "")
        if line is not None:
            line.outcome = "forbidden"
            self.versions.stream += 1
        else:
            self._info(e, "forbidden", f"FORBIDDEN {e.tool} {e.path or ''} ({e.reason})")

    def _subagent_created(self, e: ev.SubagentCreated) -> None:
        self.agents[e.subagent_id] = AgentNode(e.subagent_id, e.name, e.model_key, e.scenario_id)
        self.versions.tree += 1
        self._touch_scores(grants=True)

    def _scope_grown(self, e: ev.SubagentScopeGrown) -> None:
        self._touch_scores(grants=True)

    def _subagent_run_started(self, e: ev.SubagentRunStarted) -> None:
        node = self.agents.get(e.subagent_id)
        if node is None:
            return
        node.state = "background" if e.mode == "background" else "running"
        if e.session_id:
            session = node.sessions.get(e.session_id)
            if session is None:
                node.sessions[e.session_id] = SessionNode(e.session_id, e.continued, e.mode)
            else:
                session.continued, session.mode = session.continued or e.continued, e.mode
        self.versions.tree += 1
        self._touch_scores()

    def _subagent_run_finished(self, e: ev.SubagentRunFinished) -> None:
        state = {"completed": "done", "failed": "failed", "stopped": "stopped"}[e.status]
        self._set_state(e.subagent_id, state)

    def _notification(self, e: ev.NotificationDelivered) -> None:
        text = f"← task-notification {e.task_kind} {e.task_id} {e.status}: {e.body}"
        self._info(e, "notification", text, task_id=e.task_id)

    def _task_finished(self, e: ev.TaskFinished) -> None:
        """A background task ended: said at once (its notification reaches main with main's next turn)."""
        first = e.result.strip().splitlines()[0] if e.result.strip() else ""
        line = f"◆ {e.task_kind} {e.task_id} {e.status}" + (f": {first}" if first else "")
        self._info(e, "task", line, output=e.result, task_id=e.task_id)

    def _reminder(self, e: ev.ReminderDelivered) -> None:
        self._info(e, "reminder", f"← system-reminder {e.reminder}: {e.body}")

    def _agent_stopped(self, e: ev.AgentStopped) -> None:
        self._set_state(e.agent_id, "stopped")
        self._info(e, "error", f"agent stopped: {e.reason}" + (f" ({e.detail})" if e.detail else ""))


def reduce(state: ArenaState, event: ev.Event) -> ArenaState:
    """Functional spelling of :meth:`ArenaState.apply` (mutates and returns ``state``)."""
    state.apply(event)
    return state
