"""Ingest a chat log into memory in batches (``mem-graph ingest FILE --user U``).

Input: JSON Lines (one ``{role, content[, name, timestamp, metadata]}`` per line)
or a JSON array of the same. Lines are validated as a whole before anything is
written; each batch is one ``add()`` (so reconciliation sees earlier batches).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mem_graph.errors import ValidationError

if TYPE_CHECKING:
    from mem_graph.memory import Memory


def read_messages(path: Path) -> list[dict[str, Any]]:
    """The messages of a JSON Lines file or a JSON array file; ValidationError when it is neither."""
    try:
        raw = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ValidationError(f"cannot read {path}: {exc}") from exc
    stripped = raw.lstrip()
    try:
        if stripped.startswith("["):
            rows = json.loads(raw)
        else:
            rows = [json.loads(line) for line in raw.splitlines() if line.strip()]
    except json.JSONDecodeError as exc:
        raise ValidationError(f"{path} is neither JSON Lines nor a JSON array: {exc}") from exc
    if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
        raise ValidationError(f"{path}: every entry must be an object with role and content")
    return rows


def ingest(memory: Memory, messages: list[dict[str, Any]], *, user_id: str | None = None,
           agent_id: str | None = None, run_id: str | None = None, infer: bool = True, batch: int = 100,
           on_batch: Callable[[int], None] | None = None) -> dict[str, int]:
    """Add ``messages`` to the scope in batches of ``batch`` (each one ``add()``); returns counts per event."""
    counts: dict[str, int] = {}
    for i in range(0, len(messages), batch):
        chunk = messages[i:i + batch]
        out = memory.add(chunk, user_id=user_id, agent_id=agent_id, run_id=run_id, infer=infer)
        for r in out["results"]:
            counts[r["event"]] = counts.get(r["event"], 0) + 1
        if on_batch:
            on_batch(len(chunk))
    return counts
