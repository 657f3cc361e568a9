"""The age a clause's object states: "I'm 41", "41 years old", "I'm thirty now", "I'm forty-two"."""

from __future__ import annotations

from typing import Any

_TENS = {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80,
         "ninety": 90}
_UNITS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9}
_TEENS = {"ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15, "sixteen": 16,
          "seventeen": 17, "eighteen": 18, "nineteen": 19}


def stated_age(obj: Any) -> str | None:
    """The age ``obj`` says, as digits; None when it says none."""
    if obj.i + 1 < len(obj.doc) and obj.nbor(1).lemma_.lower() in ("week", "month", "day", "hour", "minute"):
        return None  # "she is 12 weeks pregnant", "he's 6 months old": no age in years
    if obj.like_num and obj.text.isdigit() and 0 < int(obj.text) < 130:
        return str(obj.text)
    if obj.lower_ in _TENS:  # "I'm thirty now", "turned forty-two"
        after = [t.lower_ for t in obj.doc[obj.i + 1: obj.i + 3]]
        unit = _UNITS.get(after[1]) if len(after) == 2 and after[0] == "-" else None
        return str(_TENS[obj.lower_] + (unit or 0))
    if obj.head.lemma_.lower() == "turn" and obj.head != obj and (small := {**_UNITS, **_TEENS}.get(obj.lower_)):
        return str(small)  # "lily turned five", "he turns sixteen in may" (a bare "it's five" is a time)
    tens = next((c for c in obj.children if c.dep_ == "compound" and c.lower_ in _TENS), None)
    if tens is not None and obj.lower_ in _UNITS:  # "I'm forty-two": "forty" hangs on "two"
        return str(_TENS[tens.lower_] + _UNITS[obj.lower_])
    if obj.lower_ in ("old",):  # "41 years old"
        num = next((t for t in obj.subtree if t.like_num), None)
        return num.text if num is not None else None
    if obj.lemma_ == "year":
        num = next((t for t in obj.subtree if t.like_num), None)
        return num.text if num is not None else None
    return None
