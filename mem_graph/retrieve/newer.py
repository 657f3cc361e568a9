"""What the user said later first, when no memory holds the attribute asked: after answer-first.

Both steps act only on a question that asks a single-valued attribute that changes (not one said once for
life: where one is from, a name, a birthday) and that nothing among the candidates holds (no ``answer`` > 0:
the rules placed no value of it), and only within the top ``WINDOW`` (what fusion
found relevant). A memory that hedges, plans, asks, speaks of a trip, of the past or in the negative is never
the later word ("maybe we move to coimbra next year", "thinking of moving to Leeds?").

**A newer memory on the same topic supersedes the best match** (``newer_same_topic_first``). "still driving my
dad's old car until I sort something out" and, weeks later, "picked up a used hatchback on saturday": both
near "what car does the user drive", the older ranked first, and no memory holds the car. The newest memory
below the first that is as alike to it as a paraphrase (the cosine of their stored vectors at least
``SAME_TOPIC``) is the later word on the same thing and takes the first place. Only for a question that asks
a single-valued attribute: conversations come back to a topic without changing it ("what did Caroline
research?"), and a newer hobby does not replace an older one. A yes/no question's value stays named: "does
the user play piano?" is not answered by a newer "learning the guitar now too".

**The newest value said first** (``newest_value_first``). "where does the user live?" while the rules could
not place "now we are in braga already 2 week" (kept as said), and an older memory that does not answer
ranks above it ("User works like waiter in small restaurant in Porto"): among the memories naming a value of
the asked single-valued attribute (a town, a car make, a diet), of the subject asked about, the newest moves
to the front. Only single-valued attributes (a newer hobby does not replace an older one), and only about
whom the question asks: a turn about someone else ("my sister now lives in braga") names no value of the
user's. Neither step moves anything for a question about the past or a time ("when", "did", "used to",
"before").
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Protocol, TypeVar

import numpy as np

from mem_graph.extract.catalogue import DEFAULT_SLOTS
from mem_graph.extract.cues import AHEAD, HEDGE_ADVERBS, MODAL_HEDGES
from mem_graph.extract.kin_words import KIN
from mem_graph.extract.places import is_place_name, place_names
from mem_graph.retrieve.asked import USER_KEY, Asked, names_a_value, normalise, stem, subject_words
from mem_graph.retrieve.collapse import turn_key
from mem_graph.types import MemoryRecord

WINDOW = 5  # the ranks a later word may come from: the results a caller usually reads
SAME_TOPIC = 0.5  # cosine of two memories' vectors from which one restates or updates the other
# questions about a time or the past: the later word on the topic is not what they ask for
_PAST_ASKED = re.compile(r"^(?:when|why|how (?:many|much|often|long|come))\b|"
                         r"\b(?:did|was|were|used to|before|previously|ago|last|first|ever|had)\b")

_YES_NO = re.compile(r"^(?:do|does|is|are|am|has|have|can|could|will|would)\b")
_PLACE_SLOTS = frozenset({"residence"})
# attributes said once and true for life: a later memory about the same person or pet does not replace them
# ("User lives in Warsaw" does not say where the user is from; "the puppy chewed my shoe" is not its name)
LASTING = frozenset({"origin", "name", "birthday", "nationality", "native_language"})
_CHANGING = frozenset(s.name for s in DEFAULT_SLOTS if s.cardinality == "single") - LASTING
_WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")
_NOT_HELD = frozenset({*MODAL_HEDGES, *HEDGE_ADVERBS, "if", "gonna", "planning", "thinking", "considering",
                       "hoping", "want", "wanna", "visit", "visiting", "trip", "holiday", "vacation", "flight",
                       "tomorrow", "soon"})
_NOT_NOW_RULE = re.compile(r"\.(?:plan|past|neg)\b")  # a rule's tense and polarity marks (extract/rules.py)
_SOMEONE_ELSE = re.compile(r"\b(?:my|our|his|her|their)\s+(?:" + "|".join(sorted(KIN)) + r")s?\b")


class _Ranked(Protocol):
    record: MemoryRecord
    answer: float


C = TypeVar("C", bound=_Ranked)


def newer_same_topic_first(ranked: list[C], question: str, asked: Asked,
                           vectors_of: Callable[[list[str]], dict[str, np.ndarray]]) -> list[C]:
    """``ranked`` with the newest memory of the top ``WINDOW`` that is as alike to the first as ``SAME_TOPIC``
    moved to the front; unchanged when a memory holds the attribute asked, the attribute asked is many-valued
    ("does the user play piano?" beside a newer "learning the guitar now too") or the question asks of the
    past. ``vectors_of``: the stored dense vectors of memory ids (``VectorStore.dense_vectors``)."""
    if (len(ranked) < 2 or not asked.slots & _CHANGING or any(c.answer > 0 for c in ranked)
            or _PAST_ASKED.search(normalise(question))):
        return ranked
    head = ranked[:_window(ranked)]
    vectors = vectors_of([c.record.id for c in head])
    first = vectors.get(head[0].record.id)
    if first is None:
        return ranked
    # a yes/no question names a value ("does the user play piano?"): the later word names it too, if the first does
    named = asked.words & _stems(head[0].record.text) if _YES_NO.match(normalise(question)) else set()
    best = 0
    for i, c in enumerate(head[1:], start=1):
        vector = vectors.get(c.record.id)
        if (vector is not None and c.record.valid_from > head[best].record.valid_from
                and float(vector @ first) >= SAME_TOPIC and _said_as_held(c.record)
                and named <= _stems(c.record.text)):
            best = i
    return ranked if best == 0 else [ranked[best], *ranked[:best], *ranked[best + 1:]]


def newest_value_first(ranked: list[C], question: str, asked: Asked) -> list[C]:
    """``ranked`` with the newest memory of the top ``WINDOW`` that names a value of the asked single-valued
    attribute, of the subject asked about, at the front; unchanged when a memory holds the attribute or the
    question asks of the past."""
    slots = asked.slots & _CHANGING
    if not slots or not ranked or any(c.answer > 0 for c in ranked) or _PAST_ASKED.search(normalise(question)):
        return ranked
    head = ranked[:_window(ranked)]
    aliases = subject_aliases(asked, [c.record for c in head]) if asked.whose == "named" else frozenset()
    namers = [i for i, c in enumerate(head)
              if _about_asked(c.record, asked, aliases) and _names_value(c.record, slots)]
    if not namers:
        return ranked
    newest = max(namers, key=lambda i: (head[i].record.valid_from, -i))
    return ranked if newest == 0 else [ranked[newest], *ranked[:newest], *ranked[newest + 1:]]


def _window(ranked: Sequence[_Ranked]) -> int:
    """How many ranked memories make the first ``WINDOW`` results: the memories of one turn take one place
    (retrieve/collapse.py), so a turn stated as four facts is one result, not four."""
    turns: set[object] = set()
    for n, c in enumerate(ranked):
        key = turn_key(c.record)
        if key not in turns:
            if len(turns) == WINDOW:
                return n
            turns.add(key if key is not None else n)
    return len(ranked)


def _names_value(record: MemoryRecord, slots: frozenset[str]) -> bool:
    """Whether a memory's words name a value of one of ``slots`` (a car make, a diet; a known place for a
    home), said as held: no hedge, plan, trip or question."""
    if not _said_as_held(record):
        return False
    text = record.text.casefold()
    # (a place entity that is no common word, or is said as a place: "User set a date" names no town called
    # Date, "we buy house in reading" does)
    if slots & _PLACE_SLOTS and (any(e.casefold() in place_names() or (is_place_name(e) and re.search(
            rf"\b(?:in|to|from|near)\s+{re.escape(e.casefold())}\b", text)) for e in record.entities)
                                 or _names_place(text)):
        return True
    return names_a_value(record, slots)


def _stems(text: str) -> set[str]:
    return {stem(w) for w in _WORD.findall(text.casefold())}


def _said_as_held(record: MemoryRecord) -> bool:
    """Not a hedge, a plan, a trip, a question, a past or a negated fact: what may be held now."""
    text = record.text.casefold()
    return (record.polarity > 0 and not _NOT_NOW_RULE.search(str(record.source.get("rule", "")))
            and not set(_WORD.findall(text)) & _NOT_HELD and not text.rstrip().endswith("?")
            and not AHEAD.search(f" {text} "))


# a town's name before one of these names a place in some town, not the town ("a running club in Victoria park")
_LANDMARKS = frozenset({"park", "street", "st", "road", "rd", "station", "square", "avenue", "ave", "bridge", "market",
                        "markets", "hospital", "airport", "lane", "gardens", "hall", "stadium", "centre", "center",
                        "mall", "way", "common", "heath", "beach", "arena"})


def _names_place(text: str) -> bool:
    names, tokens = place_names(), _WORD.findall(text)
    if not tokens:  # a memory of no words ("?!", an emoji): no place (and the zips below need one token)
        return False
    after = [*tokens[1:], ""]
    then = [*after[1:], ""]
    return any(tok in names and nxt not in _LANDMARKS for tok, nxt in zip(tokens, after, strict=True)) or any(
        f"{a} {b}" in names and nxt not in _LANDMARKS for a, b, nxt in zip(tokens, after, then, strict=True))


def _about_asked(record: MemoryRecord, asked: Asked, aliases: frozenset[str]) -> bool:
    """A memory about whom the question asks: the user's own (a fact of theirs, or a turn they said that names
    nobody else's relation), or the subject a named question names, by any of its ``aliases``."""
    text = record.text.casefold()
    if asked.whose == "self":
        if record.subject_key:
            return record.subject_key == USER_KEY
        return not _SOMEONE_ELSE.search(text)
    if asked.whose != "named":
        return True
    if record.subject_key and record.subject_key != USER_KEY:
        return bool(subject_words(record) & (aliases | asked.words))
    return bool(_stems(text) & aliases)


# the words people call a relation by ("where does the user's mother live" beside "mom decided to move back")
_SAME_RELATION = [frozenset(g) for g in (("mother", "mom", "mum", "mam", "mommy", "mummy", "mama", "ma"),
                                         ("father", "dad", "daddy", "papa", "pa"), ("grandmother", "grandma", "nan",
                                         "nana", "granny"), ("grandfather", "grandpa", "grandad", "granddad"),
                                         ("kid", "child"))]


def subject_aliases(asked: Asked, records: Sequence[MemoryRecord]) -> frozenset[str]:
    """The words naming whom a named question asks about: its own names, the other words for the same relation,
    and the name the user gave that relation in a candidate ("my son paolo graduate college" -> paolo)."""
    names = set(asked.names)
    for group in _SAME_RELATION:
        if names & group:
            names |= group
    relation = "|".join(re.escape(n) for n in sorted(names))
    if relation:
        # a name (an entity or a subject of the candidates), not the verb after the relation ("my mom decided")
        known = {e for r in records for e in r.entities} | {r.subject_key for r in records if r.subject_key}
        for r in records:
            said = re.findall(rf"\b(?:my|our|user's) (?:{relation}) ([a-z]+)", r.text.casefold())
            names.update(m for m in said if m in known)
    return frozenset(names)


# "who is my advisor", "who's the user's doctor now": a person the user knows by a role
_WHO_IS_MY = re.compile(r"^(?:who|what)(?:'s| is) (?:my|the user's|user's) (?:current |new )?([a-z]+(?: [a-z]+)??)"
                        r"(?: now| these days)?$")  # (lazy: "who's my manager now" asks of "manager")
_HELD_AS = "(?:new |primary |main |current |line )?"


def new_one_first(ranked: list[C], question: str, asked: Asked) -> list[C]:
    """``ranked`` with a newer memory that says who the user's *new* <role> is moved to the front, for a question
    asking who that role is ("who is my doctor" beside the older "Dr. Patel has been User's doctor for 20 years"
    and "User's new doctor is Dr. Hensley"); unchanged otherwise: an attribute the rules place is left to the
    steps above ("what is my job" beside "Anita got a new job too"). Only within the top ``WINDOW``."""
    m = _WHO_IS_MY.match(normalise(question).rstrip("?").strip())
    if m is None or len(ranked) < 2 or asked.slots:
        return ranked
    role = re.escape(m.group(1))
    # "User's new doctor is Dr. Hensley", "Tomasz is User's manager now", "X is taking over as User's supervisor"
    said_new = re.compile(rf"\b(?:my|user's) new {role}\b|\b(?:is|as) (?:now )?(?:my|user's) {_HELD_AS}{role}\b|"
                          rf"\b(?:my|user's) {_HELD_AS}{role} is (?:now )?(?-i:[A-Z])", re.I)
    top = ranked[0].record
    for i, c in enumerate(ranked[1:WINDOW], start=1):
        if said_new.search(c.record.text) and c.record.valid_from > top.valid_from and _said_as_held(c.record):
            return [c, *ranked[:i], *ranked[i + 1:]]
    return ranked
