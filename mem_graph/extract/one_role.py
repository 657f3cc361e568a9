"""A role one person holds at a time for someone: "our new boss is a woman called Hannah" after "my boss is called
Steve", "my best friend is Sophie these days" after "my best friend is Laura", "my landlord is Mr Singh now".

These are read as identities (``User -boss-> Hannah``), kept in no slot, so a new name sat beside the old one. Here a
positive, present identity whose relation is one of the roles below ends the speaker's earlier identities of the
same owner and role that name someone else. A friend is one at a time only as the best friend; "another boss",
"my other manager", "also my boss" say one more."""

from __future__ import annotations

import re

from mem_graph.types import Fact, MemoryRecord, normalise_entity

_ONE_AT_A_TIME = frozenset({"boss", "manager", "line manager", "supervisor", "landlord", "landlady", "gp", "dentist",
                            "therapist", "counsellor", "personal trainer", "headteacher", "head teacher",
                            "form tutor", "mentor", "flatmate", "friend"})
# one role by its several names ("my boss Mike" .. "my new manager Priya")
_SAME_ROLE = {"manager": "boss", "line manager": "boss", "supervisor": "boss", "landlady": "landlord",
              "head teacher": "headteacher", "counsellor": "therapist"}
_BEST_WORDS = ("best friend", "bestie", "bff", "best mate")
_BEST = re.compile(r"\b(?:" + "|".join(_BEST_WORDS) + r")\b", re.I)
_ONE_MORE = re.compile(r"\b(?:another|other|also|too|as well|second|co-?)\b", re.I)


# "Hannah is my best friend now", "Fiona's my new manager": said role first, as the identity reader reads it
_NAME_IS_ROLE = re.compile(r"\b(?!(?-i:I|It|He|She|This|That|There|What|Who)\b)((?-i:[A-Z][a-z]+))(?: is|'s) "
                           r"((?:my|our) (?:new |current )?(?:"
                           + "|".join(sorted((*_BEST_WORDS, *(_ONE_AT_A_TIME - {"friend"})), key=len, reverse=True))
                           + r"))\b", re.I)


def role_said_first(text: str) -> str:
    """"Hannah is my best friend now" -> "my best friend is Hannah now" (see ``_NAME_IS_ROLE``)."""
    return _NAME_IS_ROLE.sub(r"\2 is \1", text)


def _role(said: Fact | MemoryRecord) -> tuple[str, str, str] | None:
    """(owner, role, name) of the identity the words state, or None."""
    found = [(normalise_entity(t.subject), _SAME_ROLE.get(t.relation, t.relation), normalise_entity(t.object))
             for t in said.triples if t.relation in _ONE_AT_A_TIME]
    if not found or found[-1][0] == found[-1][2]:
        return None
    if found[-1][1] == "friend" and not _BEST.search(said.text):
        return None  # ("my friend is Laura": one of many)
    return found[-1]


def replaced_role(fact: Fact, records: list[MemoryRecord]) -> tuple[list[MemoryRecord], str] | None:
    """The earlier identities a new holder of a one-at-a-time role ends, with the reason; None otherwise."""
    if fact.negated or fact.polarity <= 0 or fact.tense != "present" or _ONE_MORE.search(fact.text):
        return None
    new = _role(fact)
    if new is None:
        return None
    owner, role, name = new
    old = [r for r in records if r.polarity > 0 and (held := _role(r)) is not None and held[:2] == (owner, role)
           and held[2] != name and not set(r.source.get("message_ids") or []) & set(fact.message_ids)]
    if not old:
        return None
    return old, f"one {role} at a time: {', '.join(repr(r.text) for r in old)} -> {name!r}"
