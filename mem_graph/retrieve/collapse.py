"""One source turn, one place in the top k: the last step of ranking, after current-first.

The rule extractor can turn one message into several memories (a fact per clause, plus the verbatim turn when
the facts miss some of what was said). They share their evidence: to a caller asking for the k best memories
they are k views of fewer things said, and several of them can push other turns' evidence out of the top k.
So memories derived from the same single source message (``source.message_ids``) take one place: the best
ranked stays, and its siblings from that turn travel with it as ``related`` (nothing said is hidden from a
caller that reads them). A memory with no message id, or one drawn from several messages at once (an LLM
fact over a whole ``add()``), is its own group: which message it came from is not known. A slot-filling fact
about a subject no better-ranked memory of its turn is about ("I moved to Berlin" beside "my sister Anna lives in
Lyon") is a different current value, about someone else, and keeps its own place, unless the turn's verbatim
copy ranks above it (it says both).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, TypeVar

from mem_graph.types import MemoryRecord, Scope


class _Ranked(Protocol):
    record: MemoryRecord


C = TypeVar("C", bound=_Ranked)
_WHOLE_TURN = "\x00turn"  # a turn kept verbatim: every subject of it
# a slot fact of a turn within this share of the score of the turn's verbatim copy leads the turn's place
FACT_LEADS_WITHIN = 0.9
# the rules that say only who someone is to the user ("User's sister is Hannah": extract/partner_mentions.py)
NAMING_RULES = frozenset({"rules.kin_named", "rules.partner_mention"})


def turn_key(record: MemoryRecord, scope_keys: dict[Scope, str] | None = None) -> tuple[str, str] | None:
    """(scope, message id) of the one message a memory came from; None when not one known message.
    ``scope_keys``: scope -> key, kept by a caller that asks for many records' keys."""
    ids = record.source.get("message_ids") if isinstance(record.source, dict) else None
    if not isinstance(ids, list) or len(ids) != 1:
        return None
    if scope_keys is None:
        return record.scope.key, str(ids[0])
    scope = record.scope
    key = scope_keys.get(scope)
    if key is None:
        key = scope_keys[scope] = scope.key
    return key, str(ids[0])


def collapse_turns(ranked: list[C], score: Callable[[C], float] | None = None) -> list[tuple[C, list[C]]]:
    """``ranked`` (best first) with each source turn's memories folded into its best ranked one.

    Returns (kept, siblings) pairs in rank order; siblings keep their own rank order. With ``score``, a turn's
    verbatim copy that leads its place gives it to a current slot fact of the same turn scoring nearly as well
    ("migration done, last angular module deleted, whole frontend is react now" -> "User now uses react"): the
    fact says the answer, the copy travels with it as related.
    """
    groups = [_said_first(kept, siblings) for kept, siblings in _collapsed(ranked)]
    return groups if score is None else [_fact_first(kept, siblings, score) for kept, siblings in groups]


def _said_first(kept: C, siblings: list[C]) -> tuple[C, list[C]]:
    """A turn led by a fact that only says who someone is ("User's son is Leo") is led by the turn as said
    instead, when it was kept: it says that and what else the turn was about."""
    if kept.record.source.get("rule") not in NAMING_RULES:
        return kept, siblings
    said = next((s for s in siblings if s.record.layer == "episodic"), None)
    return (kept, siblings) if said is None else (said, [kept, *(s for s in siblings if s is not said)])


def _fact_first(kept: C, siblings: list[C], score: Callable[[C], float]) -> tuple[C, list[C]]:
    if kept.record.layer != "episodic" or not siblings:
        return kept, siblings
    fact = next((s for s in siblings if s.record.slot and s.record.layer != "episodic" and s.record.polarity > 0
                 and score(s) >= FACT_LEADS_WITHIN * score(kept)), None)
    if fact is None:
        return kept, siblings
    return fact, [kept, *(s for s in siblings if s is not fact)]


def _collapsed(ranked: list[C]) -> list[tuple[C, list[C]]]:
    out: list[tuple[C, list[C]]] = []
    where: dict[tuple[str, str], int] = {}
    subjects: dict[tuple[str, str], set[str]] = {}  # whom a turn's kept memories are about
    scope_keys: dict[Scope, str] = {}  # a ranking is mostly of one scope: its key is built once
    for c in ranked:
        key = turn_key(c.record, scope_keys)
        subject = c.record.subject_key
        if key is None:
            out.append((c, []))
        elif key in where and not (subject and c.record.slot and subject not in subjects[key]
                                   and _WHOLE_TURN not in subjects[key]):
            out[where[key]][1].append(c)
        else:
            where.setdefault(key, len(out))
            # the turn kept as said is about everyone it names: its facts fold into it
            said = _WHOLE_TURN if c.record.layer == "episodic" else subject
            subjects.setdefault(key, set()).update([said] if said else [])
            out.append((c, []))
    return out
