"""Fault injection for crash tests: ``MEM_GRAPH_FAULT=<point>[:<n>]`` SIGKILLs the process there.

The write path calls ``fault_point("after_vectors")`` and friends at each step
(see ``POINTS``). With the variable unset (always, outside tests) a call costs
one dictionary lookup. With ``MEM_GRAPH_FAULT=after_vectors:3`` the process
kills itself with SIGKILL the third time it reaches that point, so a crash
harness can stop a writer exactly between two store writes.
"""

from __future__ import annotations

import os
import signal

ENV = "MEM_GRAPH_FAULT"
POINTS = (
    "after_messages",     # add(): raw messages saved, nothing journaled yet
    "after_journal",      # any write plan journaled (add, update, delete, delete_all), no store touched
    "mid_delete",         # delete / delete_all / retention: vectors removed, graph and history not yet
    "after_vectors",      # new or updated vectors written, graph not yet
    "after_invalidate",   # superseded memories invalidated in the vector store
    "after_graph",        # every store written, events not yet recorded
    "after_events",       # events recorded, journal closed, messages marked: the call has not returned yet
    "before_graph_index", # infer=False, deferred: turns parsed, graph step not written (graph_index.py)
    "mid_graph_index",    # infer=False, deferred: payload entities set, graph not written, job still open
)
_hits: dict[str, int] = {}


def fault_point(name: str) -> None:
    """SIGKILL this process if ``MEM_GRAPH_FAULT`` names this point (and its hit count is reached)."""
    spec = os.environ.get(ENV)
    if not spec:
        return
    point, _, nth = spec.partition(":")
    if point != name:
        return
    _hits[name] = _hits.get(name, 0) + 1
    if _hits[name] >= int(nth or 1):
        os.kill(os.getpid(), signal.SIGKILL)
