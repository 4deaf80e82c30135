"""The check engine's condition table, read from its source (``data/build/_check.py``).

The engine is a stdlib script copied into every scenario; the kit does not import it but reads
its ``KINDS`` table (kind -> handler, required fields) and, for each handler, the fields it reads
from its condition (``c["x"]``, ``c.get("x")``, ``"x" in c``), also in the module functions the
handler hands its condition to. A field no handler reads is a field the engine ignores, so a
constructor that writes one is a mistake the build reports.
"""

from __future__ import annotations

import ast
import functools
import os
from dataclasses import dataclass

ENGINE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "_check.py")


@dataclass(frozen=True)
class KindFields:
    required: tuple[str, ...]
    readable: frozenset[str]


def _reads(fn: ast.FunctionDef, param: str) -> set[str]:
    """Field names ``fn`` reads from its parameter ``param``."""
    out: set[str] = set()
    for node in ast.walk(fn):
        if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id == param:
            if isinstance(node.slice, ast.Constant) and isinstance(node.slice.value, str):
                out.add(node.slice.value)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get":
            owner = node.func.value
            if isinstance(owner, ast.Name) and owner.id == param and node.args:
                first = node.args[0]
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    out.add(first.value)
        elif isinstance(node, ast.Compare) and len(node.ops) == 1 and isinstance(node.ops[0], ast.In | ast.NotIn):
            right, left = node.comparators[0], node.left
            if isinstance(right, ast.Name) and right.id == param and isinstance(left, ast.Constant):
                out |= {left.value} if isinstance(left.value, str) else set()
    return out


def _handed_on(fn: ast.FunctionDef, param: str, functions: dict[str, ast.FunctionDef]) -> set[str]:
    """Fields read by the module functions ``fn`` passes its condition to (one level down)."""
    out: set[str] = set()
    for node in ast.walk(fn):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in functions:
            callee = functions[node.func.id]
            for i, arg in enumerate(node.args):
                if isinstance(arg, ast.Name) and arg.id == param and i < len(callee.args.args):
                    out |= _reads(callee, callee.args.args[i].arg)
    return out


@functools.cache
def engine_kinds(path: str = ENGINE) -> dict[str, KindFields]:
    """kind -> (required fields, every field the engine reads) from the engine's source."""
    with open(path, encoding="utf-8") as fh:
        tree = ast.parse(fh.read(), path)
    functions = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}
    table: ast.Dict | None = None
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "KINDS" for t in node.targets):
            table = node.value if isinstance(node.value, ast.Dict) else None
    if table is None:
        raise RuntimeError(f"{path}: no KINDS table (kind -> (handler, required fields))")
    kinds: dict[str, KindFields] = {}
    for key, value in zip(table.keys, table.values, strict=True):
        if not (isinstance(key, ast.Constant) and isinstance(value, ast.Tuple) and len(value.elts) == 2):
            raise RuntimeError(f'{path}: KINDS entries must read "kind": (handler, [fields])')
        handler, req = value.elts
        if not (isinstance(handler, ast.Name) and handler.id in functions and isinstance(req, ast.List)):
            raise RuntimeError(f"{path}: KINDS[{key.value!r}] names no handler function of the engine")
        fn = functions[handler.id]
        param = fn.args.args[1].arg  # handlers are (ck, c)
        required = tuple(e.value for e in req.elts if isinstance(e, ast.Constant) and isinstance(e.value, str))
        readable = frozenset({"kind", *required, *_reads(fn, param), *_handed_on(fn, param, functions)})
        kinds[str(key.value)] = KindFields(required, readable)
    return kinds
