"""A move of someone or something else: "moved my mum to a care home in york", "we moved the kids to st marys",
"moved the car to the back garden". The mover's home (or car) is not what changed; "moved us to bristol",
"moved house", "moved the family to leeds" and "moved the app from mongo to postgres" are read as before."""

from __future__ import annotations

from typing import Any

_MOVING = frozenset({"move", "relocate"})
_THE_SPEAKERS = frozenset({"us", "me", "myself", "ourselves", "everyone", "house", "home", "flat", "apartment",
                           "countries", "country", "cities", "city", "town", "family", "in", "out", "back", "over",
                           "away", "abroad", "here", "there"})
_HOME_SLOTS = frozenset({"residence", "car", "bike"})


def moved_something_else(pred: Any, slot: str | None) -> bool:
    """Whether the clause moves an object other than the speaker's household, so ``slot`` (a home or a vehicle
    the clause would otherwise place) is not the speaker's."""
    dobj = getattr(pred, "dobj", None)
    return (slot in _HOME_SLOTS and getattr(pred, "lemma", "") in _MOVING and dobj is not None
            and dobj.lower_ not in _THE_SPEAKERS and dobj.lemma_.lower() not in _THE_SPEAKERS)
