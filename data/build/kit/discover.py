"""Finding a domain's scenarios without a registration list.

Every domain keeps its scenarios one per module (``sc_*.py``, ``spec_*.py``, ``scen_*.py``), found
by ``spec_modules``. Adding a scenario is adding a module; nothing else names it.

Order matters: it is the order of the domain's ``tests-<domain>.json`` and of the merged index,
so it must be stable across machines and rebuilds. A spec module may say where it runs with an
integer ``RUN_ORDER``; modules without one come after those with one, by module name.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
from pathlib import Path
from types import ModuleType

ORDER_ATTR = "RUN_ORDER"


def _order_key(module: ModuleType) -> tuple[int, int, str]:
    order = getattr(module, ORDER_ATTR, None)
    if order is None:
        return (1, 0, module.__name__)
    if not isinstance(order, int) or isinstance(order, bool):
        raise SystemExit(
            f"{module.__file__}: {ORDER_ATTR} must be an integer (the scenario's place in the domain's run order), "
            f"not {order!r}"
        )
    return (0, order, module.__name__)


def spec_modules(folder: str | Path, prefix: str) -> list[ModuleType]:
    """Import every top-level module in ``folder`` whose name starts with ``prefix``, in run order.

    ``folder`` is put on ``sys.path`` when it is not there yet, so the modules import the way the
    domain's build script imports its own helpers (``from framework import ...``).
    """
    where = str(Path(folder).resolve())
    if where not in (str(Path(p).resolve()) for p in sys.path if p):
        sys.path.insert(0, where)
    names = sorted(info.name for info in pkgutil.iter_modules([where]) if info.name.startswith(prefix))
    if not names:
        raise SystemExit(f"{where}: no scenario module named {prefix}*.py (add one, or fix the prefix)")
    modules = [importlib.import_module(name) for name in names]
    orders = [getattr(m, ORDER_ATTR) for m in modules if getattr(m, ORDER_ATTR, None) is not None]
    clashes = sorted({o for o in orders if orders.count(o) > 1})
    if clashes:
        same = [m.__name__ for m in modules if getattr(m, ORDER_ATTR, None) in clashes]
        raise SystemExit(f"{where}: {', '.join(same)} share {ORDER_ATTR} {clashes}; give each its own place")
    return sorted(modules, key=_order_key)
