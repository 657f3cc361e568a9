"""What reading a scope's earlier messages leaves behind, remembered across ``add()`` calls.

Every rules ``add()`` re-reads the scope's latest messages (``context_messages``, six by default) only for the
``Context`` they leave: who was named last, kin and pet names, employers, plans. That re-reading was most of an
add's extraction time, and the window slides by one message per add, so each message is read again with the same
``Context`` before it most of the time. This memo maps (the parsed message, its speaker, the speaker's
``Context`` before it) to the ``Context`` after it, so a message read again in the same state is not re-read.
A message read in a state not seen before is read in full, so results are exactly those of re-reading.
"""

from __future__ import annotations

import copy
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import fields
from typing import Any

from mem_graph.extract.clauses import IMPLIED_SUBJECTS, Context
from mem_graph.types import Message

_ABSENT = object()  # the message left no Context for its speaker (chit-chat returns before making one)


def _value_key(value: Any) -> Hashable:
    if isinstance(value, dict):
        return tuple(sorted(((_value_key(k), _value_key(v)) for k, v in value.items()), key=repr))
    if isinstance(value, set | frozenset):
        return tuple(sorted(map(_value_key, value), key=repr))
    if isinstance(value, list | tuple):
        return tuple(map(_value_key, value))
    if hasattr(value, "doc") and hasattr(value, "i"):  # a spaCy token (a remembered plan's verb)
        return ("token", value.doc.text, value.i)
    return value  # type: ignore[no-any-return]


def state_key(ctx: Context | None) -> Hashable:
    """Every field of ``ctx``, hashable: two Contexts with one key resolve every later subject alike."""
    if ctx is None:
        return None
    return tuple((f.name, _value_key(getattr(ctx, f.name))) for f in fields(ctx))


def copy_context(ctx: Context) -> Context:
    """``ctx`` with its own containers (their items are strings and tokens, never changed in place)."""
    fresh = copy.copy(ctx)
    for f in fields(ctx):
        if isinstance(value := getattr(ctx, f.name), dict | set | list):
            setattr(fresh, f.name, type(value)(value))
    return fresh


class ContextMemo:
    """(parsed message, speaker, Context before) -> Context after, least recently used first out."""

    def __init__(self, size: int = 4096) -> None:
        self._after: OrderedDict[Hashable, Any] = OrderedDict()
        self._size = size
        self._lock = threading.Lock()

    def read(self, doc: Any, message: Message, speaker: str, ctxs: dict[str, Context],
             read_facts: Callable[[Any, Message, dict[str, Context]], object], variant: Hashable = None) -> None:
        """Bring ``ctxs`` to the state reading ``message`` (parsed as ``doc``) leaves, reading it only when
        this state was not met before. ``variant``: any other setting the reading depends on."""
        key = (doc.text, tuple(sorted(doc.user_data.get(IMPLIED_SUBJECTS, ()))), speaker, variant,
               state_key(ctxs.get(speaker)))
        with self._lock:
            after = self._after.get(key)
            if after is not None:
                self._after.move_to_end(key)
        if after is not None:
            if after is _ABSENT:
                ctxs.pop(speaker, None)
            else:
                ctxs[speaker] = copy_context(after)
            return
        read_facts(doc, message, ctxs)
        now = ctxs.get(speaker)
        with self._lock:
            self._after[key] = _ABSENT if now is None else copy_context(now)
            while len(self._after) > self._size:
                self._after.popitem(last=False)
