"""The JS source a workflow script is wrapped in.

The script becomes the body of an ``async function`` (so top-level ``await`` and
``return`` work) and is followed by a prelude that installs the script API. The prelude
comes *after* the script in the same source so that script line numbers in error stacks
are simply "engine line - 1", and any stack frame beyond the script's last line belongs to
the prelude and can be skipped when naming the line an error came from.

The JS side never calls into Python: QuickJS refuses Python callbacks while a CPU time
limit is set. Requests (``define``, ``agent``, ``phase``, ``log``) are queued in an outbox
that Python collects after each step, and Python answers ``agent()`` promises through
``__wf_settle``. Clock, randomness, code generation and GC-observing globals are removed
so a script is a pure function of ``args`` and the agents' answers.
"""

from __future__ import annotations

import json
from typing import Any

HEADER = "const __wf_body = async function () {\n"

_PRELUDE = r"""
};
(function (body, ARGS, MAX_CALLS) {
  "use strict";
  const G = globalThis;
  const outbox = [];
  const pending = new Map();
  const st = { nextId: 1, calls: 0, done: null, fatal: null };
  const hide = (obj, name, value) =>
    Object.defineProperty(obj, name, { value, writable: false, configurable: false, enumerable: false });
  const unavailable = (what, why) =>
    function () { throw new Error(what + " is not available in workflows (" + why + ")"); };

  const noDate = unavailable("Date", "no clock");
  for (const k of ["now", "parse", "UTC"]) noDate[k] = noDate;
  hide(G, "Date", noDate);
  hide(Math, "random", unavailable("Math.random", "no randomness"));
  for (const n of ["performance", "WeakRef", "FinalizationRegistry", "SharedArrayBuffer", "Atomics"]) {
    delete G[n];
  }
  hide(G, "eval", unavailable("eval", "no code generation"));
  const noCode = unavailable("The Function constructor", "no code generation");
  noCode.prototype = Function.prototype;
  for (const f of [function () {}, async function () {}, function* () {}, async function* () {}]) {
    hide(Object.getPrototypeOf(f), "constructor", noCode);
  }
  hide(G, "Function", noCode);

  class AgentError extends Error {
    constructor(message) { super(message); this.name = "AgentError"; }
  }
  const show = (v) => {
    if (typeof v === "string") return v;
    if (v instanceof Error) return String(v);
    try { const s = JSON.stringify(v); return s === undefined ? String(v) : s; } catch (e) { return String(v); }
  };
  const describe = (e) => e instanceof Error
    ? { name: String(e.name), message: String(e.message), stack: String(e.stack || "") }
    : { name: "", message: "uncaught exception: " + show(e), stack: "" };

  hide(G, "args", ARGS);
  hide(G, "log", function log(...values) { outbox.push({ op: "log", message: values.map(show).join(" ") }); });
  hide(G, "phase", function phase(title) { outbox.push({ op: "phase", message: show(title) }); });
  hide(G, "defineAgent", function defineAgent(spec) {
    if (spec === null || typeof spec !== "object" || Array.isArray(spec)) {
      throw new TypeError("defineAgent(spec): spec must be an object " +
        "{name, model_key, tools, accessible_paths, system_prompt}");
    }
    if (typeof spec.name !== "string" || spec.name.trim() === "") {
      throw new TypeError("defineAgent(spec): spec.name must be a non-empty string");
    }
    outbox.push({ op: "define", name: spec.name, spec: JSON.parse(JSON.stringify(spec)) });
    return spec.name;
  });
  hide(G, "agent", function agent(prompt, options) {
    if (typeof prompt !== "string") throw new TypeError("agent(prompt, {agentType}): prompt must be a string");
    const opts = options == null ? {} : options;
    const agentType = opts.agentType;
    if (typeof agentType !== "string" || agentType === "") {
      throw new TypeError("agent(prompt, {agentType}): agentType must be the name returned by defineAgent");
    }
    const schema = opts.schema == null ? null : opts.schema;
    if (schema !== null && (typeof schema !== "object" || Array.isArray(schema))) {
      throw new TypeError("agent(prompt, {schema}): schema must be a JSON Schema object");
    }
    st.calls += 1;
    if (st.calls > MAX_CALLS) {
      const msg = "too many agent() calls: a workflow may make at most " + MAX_CALLS;
      if (st.fatal === null) st.fatal = msg;
      throw new Error(msg);
    }
    const id = st.nextId++;
    const callSite = new Error().stack;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject, callSite });
      outbox.push({ op: "agent", id, agentType, prompt, schema: JSON.parse(JSON.stringify(schema)) });
    });
  });
  hide(G, "parallel", function parallel(thunks) {
    if (!Array.isArray(thunks)) throw new TypeError("parallel(thunks): expects an array of functions");
    return Promise.all(thunks.map(async (t) => {
      try { const v = await (typeof t === "function" ? t() : t); return v === undefined ? null : v; }
      catch (e) { log("parallel: a task failed:", e); return null; }
    }));
  });
  hide(G, "pipeline", function pipeline(items, ...stages) {
    if (!Array.isArray(items)) throw new TypeError("pipeline(items, ...stages): items must be an array");
    if (!stages.every((s) => typeof s === "function")) throw new TypeError("pipeline: every stage must be a function");
    return Promise.all(items.map(async (item, index) => {
      let value = item;
      try { for (const stage of stages) value = await stage(value, item, index); }
      catch (e) { log("pipeline: item " + index + " failed:", e); return null; }
      return value === undefined ? null : value;
    }));
  });
  hide(G, "__wf_settle", function (id, ok, payload) {
    const p = pending.get(id);
    if (p === undefined) return;
    pending.delete(id);
    if (ok) { p.resolve(JSON.parse(payload)); return; }
    const err = new AgentError(payload);
    err.stack = p.callSite;  // point at the agent() call in the script, not at this helper
    p.reject(err);
  });
  hide(G, "__wf_collect", function () {
    return JSON.stringify({ outbox: outbox.splice(0), done: st.done, fatal: st.fatal });
  });

  body().then((v) => {
    let json;
    try { json = JSON.stringify(v === undefined ? null : v); }
    catch (e) {
      const message = "the return value is not JSON: " + e.message;
      st.done = { ok: false, error: { name: "TypeError", message, stack: "" } };
      return;
    }
    st.done = { ok: true, value: json === undefined ? "null" : json };
  }, (e) => { st.done = { ok: false, error: describe(e) }; });
})(__wf_body, JSON.parse(__ARGS__), __MAX_CALLS__);
"""


def build_source(script: str, args: Any, max_agent_calls: int) -> str:
    """Wrap ``script`` as an async function body followed by the prelude that starts it."""
    args_literal = json.dumps(json.dumps(args))
    prelude = _PRELUDE.replace("__MAX_CALLS__", str(int(max_agent_calls))).replace("__ARGS__", args_literal)
    return HEADER + script + "\n" + prelude
