"""Current value first: the last step of ranking, after fusion and rerank.

A single-valued attribute of one subject (a memory's ``slot``, e.g. ``user|residence``) has one value at a
time. When two memories of one slot are both believed (active now, or valid at the ``as_of`` time) the
reconciler missed an invalidation; the answer must still be the value said last. So within each scope and
slot, the newest memory by conversation time (``valid_from``) moves up to the best rank any memory of its
slot reached, and the older ones that ranked above it each move down one place of that slot. Memories
without a slot (multi-valued facts, verbatim turns) keep their places, and so do older values that already
ranked below the newest.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, TypeVar

from mem_graph.extract.couples import COUPLE_STATES
from mem_graph.types import MemoryRecord, Status


class _Ranked(Protocol):
    record: MemoryRecord


C = TypeVar("C", bound=_Ranked)


def current_first(ranked: list[C], *, any_status: bool = False,
                  slot_of: Callable[[MemoryRecord], str | None] | None = None) -> list[C]:
    """``ranked`` (best first) with each slot's newest memory ahead of its older ones.

    ``any_status``: every memory given was believed at the time asked (an ``as_of`` search), so invalidated
    ones take part too; otherwise only active memories are grouped. ``slot_of``: the slot to group a memory
    by (default its own ``slot``; the search passes one that also places a fact holding the attribute asked
    by its verb, retrieve/asked.py ``slot_key``).
    """
    positions: dict[tuple[str, str], list[int]] = {}
    for i, c in enumerate(ranked):
        r = c.record
        slot = slot_of(r) if slot_of is not None else r.slot
        if slot and slot.endswith("|partner") and r.object_key in COUPLE_STATES:
            slot += "#status"  # "married" and "my wife is Ana" are both true: neither is the other's old value
        if slot and (any_status or r.status == Status.ACTIVE):
            positions.setdefault((r.scope.key, slot), []).append(i)
    out = list(ranked)
    for pos in positions.values():
        if len(pos) < 2:
            continue
        newest = max(pos, key=lambda p: (ranked[p].record.valid_from, -p))  # ties: the better ranked
        above = [p for p in pos if p <= newest]  # the newest's place and the older values ranked above it
        members = [ranked[p] for p in above]
        for p, c in zip(above, [members[-1], *members[:-1]], strict=True):
            out[p] = c
    return out
