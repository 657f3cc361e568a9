"""Pin an exploration Cypher query to the caller's scope before the hub runs it.

``Memory.graph.cypher`` passes the scope as parameters but trusts the query; over
HTTP the query comes from a client that must not see other namespaces. Every
node pattern gets the scope as an inline property map — ``(e:Entity)`` becomes
``(e:Entity {user_id: $user_id, namespace: $namespace})`` — and since entity ids
embed the full scope, every edge stays inside one scope: a pinned start node
only reaches nodes of its own scope. Anything the guard cannot read with
certainty (inline WHERE, parameter maps, scope keys in a pattern's own map,
unknown syntax around a label) is refused, never run unpinned. Results are
checked again: a node or relationship of another scope fails the query.
"""

from __future__ import annotations

import re
from typing import Any

from mem_graph.errors import ReadOnlyQueryError, ValidationError

SCOPE_KEYS = ("user_id", "agent_id", "run_id", "namespace")
_EXTRA_FORBIDDEN = re.compile(r"\b(SHOW|PROFILE|EXPLAIN|TERMINATE|GRANT|DENY|REVOKE)\b", re.IGNORECASE)
_VAR = re.compile(r"\s*([^\W\d]\w*)?\s*")
_LABELS = re.compile(r":\s*!?\s*[\w%]+(?:\s*[|&:]\s*!?\s*:?\s*[\w%]+)*\s*")
_SCOPE_KEY_IN_MAP = re.compile(r"(?:^|[{,])\s*(user_id|agent_id|run_id|namespace)\s*:", re.IGNORECASE)
_IDENT_BEFORE = re.compile(r"([^\W\d]\w*)\s*$")
# Functions commonly applied to a bound variable: ``count(n)`` is a call, not a node pattern.
_VARIABLE_FUNCTIONS = frozenset({
    "count", "collect", "labels", "label", "id", "elementid", "offset", "keys", "properties", "nodes",
    "relationships", "rels", "length", "size", "type", "startnode", "endnode", "exists", "head", "last", "tail",
    "reverse", "coalesce", "tostring", "min", "max", "sum", "avg", "isempty", "distinct",
})


def _mask(query: str) -> str:
    """Same-length copy with string literals blanked, quoted identifiers as ``_`` and comments as spaces."""
    out = list(query)
    i, n = 0, len(query)
    while i < n:
        c = query[i]
        if c in "'\"":
            j = i + 1
            while j < n and query[j] != c:
                j += 2 if query[j] == "\\" else 1
            for k in range(i + 1, min(j, n)):
                out[k] = "x"
            i = j + 1
        elif c == "`":
            j = query.find("`", i + 1)
            j = n - 1 if j < 0 else j
            out[i:j + 1] = "_" * (j + 1 - i)
            i = j + 1
        elif query.startswith("//", i):
            j = query.find("\n", i)
            j = n if j < 0 else j
            out[i:j] = " " * (j - i)
            i = j
        elif query.startswith("/*", i):
            j = query.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out[i:j] = [ch if ch == "\n" else " " for ch in query[i:j]]
            i = j
        else:
            i += 1
    return "".join(out)


def _closing_brace(masked: str, start: int) -> int:
    depth = 0
    for k in range(start, len(masked)):
        if masked[k] == "{":
            depth += 1
        elif masked[k] == "}":
            depth -= 1
            if depth == 0:
                return k
    raise ValidationError("unbalanced braces in the query")


def pin_to_scope(query: str, scope_keys: list[str]) -> str:
    """Return ``query`` with every node pattern constrained to ``$<key>`` for each scope key."""
    masked = _mask(query)
    found = _EXTRA_FORBIDDEN.search(masked)
    if found:
        raise ReadOnlyQueryError(f"{found.group(1).upper()} is not allowed in hub queries")
    entries = ", ".join(f"{k}: ${k}" for k in scope_keys)
    edits: list[tuple[int, str]] = []
    for open_at in (m.start() for m in re.finditer(r"\(", masked)):
        var = _VAR.match(masked, open_at + 1)
        assert var is not None  # the pattern can match the empty string
        pos, name = var.end(), var.group(1)
        labelled = False
        if masked.startswith(":", pos):
            labels = _LABELS.match(masked, pos)
            if labels is None:
                raise ValidationError(f"unsupported node pattern near {query[open_at:open_at + 40]!r}")
            pos, labelled = labels.end(), True
        rest = masked[pos:pos + 6]
        if rest.startswith(")"):
            before = _IDENT_BEFORE.search(masked, 0, open_at)
            if not labelled and before and before.group(1).lower() in _VARIABLE_FUNCTIONS:
                continue  # count(n), labels(n) …: a function of a bound variable
            edits.append((pos, f" {{{entries}}}"))
        elif rest.startswith("{"):
            close = _closing_brace(masked, pos)
            if _SCOPE_KEY_IN_MAP.search(masked[pos:close]):
                raise ReadOnlyQueryError("scope properties are set by the hub; remove them from the pattern")
            if not re.match(r"\s*\)", masked[close + 1:]):
                raise ValidationError(f"unsupported node pattern near {query[open_at:open_at + 40]!r}")
            sep = ", " if masked[pos + 1:close].strip() else ""
            edits.append((close, f"{sep}{entries}"))
        elif labelled or (name and re.match(r"(?i)(WHERE|IS)\b", rest)) or rest.startswith("$"):
            raise ValidationError(f"unsupported node pattern near {query[open_at:open_at + 40]!r} "
                                     "(use a MATCH … WHERE clause instead)")
    for at, text in sorted(edits, reverse=True):
        query = query[:at] + text + query[at:]
    return query


def check_rows(rows: list[dict[str, Any]], scope: dict[str, str]) -> None:
    """Refuse a result that carries a node or relationship of another scope (defence in depth)."""

    def visit(value: Any) -> None:
        if isinstance(value, dict):
            for k, want in scope.items():
                got = value.get(k)
                if got is not None and ("_LABEL" in value or "_label" in value or "labels" in value) and got != want:
                    raise ReadOnlyQueryError("the query reached outside the caller's scope")
            for v in value.values():
                visit(v)
        elif isinstance(value, (list, tuple)):
            for v in value:
                visit(v)

    visit(rows)
