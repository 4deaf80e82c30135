"""The seal: a deliverable's canonical form, its HMAC, and the sealing tool a workspace ships.

The canonical form is the deliverable's JSON object without its ``token`` field, with sorted
keys, compact separators and ASCII escapes. The build computes tokens with ``canonical``; the
sealing tool a subagent runs computes the same form from ``CANONICAL_LINE`` (the one line of
code both share), and the check engine's seal condition recomputes it when it grades.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from typing import Any, Literal

CANONICAL_ARGS = 'sort_keys=True, separators=(",", ":"), ensure_ascii=True'
"""The ``json.dumps`` arguments of the canonical form, as the sealing tool's source spells them."""


def canonical(obj: dict[str, Any]) -> bytes:
    body = {k: v for k, v in obj.items() if k != "token"}
    return json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode()


def seal_key(domain: str, sid: str, *, version: str | None = "v1") -> str:
    """A scenario's seal key: 40 hex digits derived from its domain and id (and a version, where it has one)."""
    tail = f" / {version}" if version else ""
    return hashlib.sha256(f"clawarena-team {domain} seal / {sid}{tail}".encode()).hexdigest()[:40]


def seal_hex(seal: str, obj: dict[str, Any]) -> str:
    """HMAC-SHA256 of the canonical form, keyed with the seal's text."""
    return hmac.new(seal.encode(), canonical(obj), hashlib.sha256).hexdigest()


_FLEXIBLE_ARGV = """def main(argv):
    if "--seal" not in argv or len(argv) < 3:
        print(__doc__.strip())
        return 2
    i = argv.index("--seal")
    seal_path = argv[i + 1]
    rest = argv[:i] + argv[i + 2:]
    with open(seal_path, "rb") as fh:
        key = fh.read().strip()
    with open(rest[0], encoding="utf-8") as fh:
"""
_STRICT_ARGV = """def main(argv):
    if len(argv) != 3 or argv[0] != "--seal":
        print(__doc__)
        return 2
    with open(argv[1], "rb") as fh:
        key = fh.read().strip()
    with open(argv[2], encoding="utf-8") as fh:
"""


def seal_tool_doc(sealed: str, reader: str, tool: str, file_word: str, noun: str) -> str:
    """The docstring most sealing tools ship: ``sealed`` (``a claim file``) is sealed so ``reader``
    can verify it; the usage line runs ``tools/<tool>`` on ``<file_word>.json``; ``noun`` names the
    deliverable in the rest. A ``seal_tool_template`` doc: ``{prefix}`` stays a field (and so does
    ``{tool}`` when ``tool`` is ``"{tool}"``)."""
    return (
        f"Seal {sealed} so {reader} can verify it (stdlib only, deterministic).\n\nUsage:\n"
        f"    python3 tools/{tool} --seal SEAL_KEY_FILE {file_word}.json\n\n"
        f"Prints one line `{{prefix}}:<hex>`: an HMAC-SHA256, keyed with the seal, of the {noun}'s\n"
        'canonical JSON (sorted keys, compact separators, any "token" field removed).\n'
        f"Editing the {noun} after sealing invalidates the token.\n"
    )


def seal_tool_template(
    doc: str,
    *,
    argv: Literal["flexible", "strict"] = "flexible",
    dict_guard: bool = True,
    names: tuple[str, str] = ("obj", "payload"),
    gap: bool = True,
) -> str:
    """The sealing tool's source as a ``str.format`` template with a ``{prefix}`` field.

    ``doc`` is the tool's docstring body (itself a template: ``{prefix}`` and any fields of its
    own). ``argv`` chooses how the tool reads ``--seal KEY FILE`` (anywhere, or exactly those three
    words); ``dict_guard`` drops the token only from an object; ``names`` are the source's names
    of the parsed deliverable and its canonical bytes; ``gap`` puts a blank line after the
    docstring. The printed line is ``{prefix}:<hex>``, the token ``seal_hex`` computes.
    """
    obj, payload = names
    drop = f'{obj} = {{{{k: v for k, v in {obj}.items() if k != "token"}}}}'
    body = (_FLEXIBLE_ARGV if argv == "flexible" else _STRICT_ARGV) + f"        {obj} = json.load(fh)\n"
    body += f"    if isinstance({obj}, dict):\n        {drop}\n" if dict_guard else f"    {drop}\n"
    body += f"    {payload} = json.dumps({obj}, {CANONICAL_ARGS}).encode()\n"
    body += f'    print("{{prefix}}:" + hmac.new(key, {payload}, hashlib.sha256).hexdigest())\n'
    body += '    return 0\n\n\nif __name__ == "__main__":\n    sys.exit(main(sys.argv[1:]))\n'
    imports = "import hashlib\nimport hmac\nimport json\nimport sys\n"
    return f'#!/usr/bin/env python3\n"""{doc}"""\n' + ("\n" if gap else "") + imports + "\n\n" + body
