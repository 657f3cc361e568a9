"""A job said by what one does rather than by its name: "I manage a team of 6 at Aviva" (a manager), "i'm driving
buses now" (a bus driver), "jack's joined the army" (a soldier). Only these shapes: "I drive to work", "she drives a
van" or "joined the army reserves" say no job."""

from __future__ import annotations

from typing import Any

_DRIVEN_FOR_WORK = {"buses": "bus", "lorries": "lorry", "trucks": "truck", "taxis": "taxi", "cabs": "cab",
                    "trains": "train", "coaches": "coach", "trams": "tram", "ambulances": "ambulance"}
_MANAGED = frozenset({"team", "department", "staff"})
_SERVICES = {"army": "soldier", "navy": "sailor", "raf": "RAF", "marines": "marine", "police": "police officer",
             "met": "police officer"}


def job_done(lemma: str, obj: Any) -> str | None:
    """The occupation a verb ``lemma`` with object ``obj`` says ("manage" + "a team" -> "manager"), or None."""
    if lemma == "manage" and obj.lemma_.lower() in _MANAGED:
        return "manager"
    if lemma == "drive" and obj.lower_ in _DRIVEN_FOR_WORK and not list(obj.children):
        return f"{_DRIVEN_FOR_WORK[obj.lower_]} driver"
    if lemma == "join" and obj.lower_ in _SERVICES and [c.lower_ for c in obj.children] == ["the"]:
        return _SERVICES[obj.lower_]
    return None
