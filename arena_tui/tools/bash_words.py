"""Which words of a Bash command name files: the one rule the harness and the check engine share.

The harness's file-touch accounting (:mod:`arena_tui.tools.bash_files`) and the check engine
(``data/build/_check.py``, stdlib only) both split a command with :func:`command_words` and
tell patterns from plain words with :func:`is_pattern`. The engine carries a byte-identical copy
of this module's body between its ``bash-words`` markers, stamped with this file's sha256;
``data/build/sync_checks.py`` writes the copy and a test verifies it. Keep it stdlib-only and
free of imports from the package.

The rule: shell quoting is honoured (``'my file.txt'`` is one word); operators, redirections,
pipes and backticks separate words; a comment (``# ...``) names nothing; in ``--opt=path`` and
``VAR=path`` the part after the first ``=`` is the word; options (``-x``), variables (``$X``)
and URLs name nothing. A word holding ``*``, ``?``, ``[`` or a brace list is a *pattern*: it
names only the files the harness expanded it to, never a file by its own spelling.
"""

import re
import shlex

_PATTERN = re.compile(r"[*?\[]|\{[^{}]*,[^{}]*\}")
_FALLBACK_SPLIT = re.compile(r"[\s;|&<>()'\"`]+")
_OPERATOR_CHARS = frozenset(";|&<>()")


def command_words(command: str) -> list[str]:
    """The words of ``command`` that may name a path, in order (repeats kept)."""
    try:
        lex = shlex.shlex(command.replace("`", " "), posix=True, punctuation_chars=True)
        lex.whitespace_split = True
        raw = list(lex)
    except ValueError:  # unbalanced quotes: fall back to splitting on every separator
        raw = _FALLBACK_SPLIT.split(command)
    out = []
    for word in raw:
        if not word or all(ch in _OPERATOR_CHARS for ch in word):
            continue
        if "=" in word and not word.startswith(("/", ".")):
            word = word.split("=", 1)[1]
        word = word.rstrip(":,")
        if not word or word.startswith(("-", "$")) or "://" in word:
            continue
        out.append(word)
    return out


def is_pattern(word: str) -> bool:
    """Whether ``word`` is a glob or brace pattern (it names files only as the harness expanded it)."""
    return _PATTERN.search(word) is not None
