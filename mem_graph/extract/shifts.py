"""The shift pattern one works: nights, days, earlies or lates ("my wife works nights", "i'm on the day shift now",
"switched to day shifts", "sian's moved off nights"). One pattern at a time (the ``shift`` slot), so a new one
replaces the old, and coming off one ends it. Read from a clause whose object is the shift ("work on nights", as
``shift_said`` below says "works nights"); not "two nights in Rome", "three days a week" or "the night shift was
busy"."""

from __future__ import annotations

import re
from typing import Any

_SHIFTS = {"nights": "nights", "nightshift": "nights", "nightshifts": "nights", "earlies": "earlies",
           "lates": "lates", "days": "days", "dayshift": "days", "dayshifts": "days"}
_SHIFT_KIND = {"night": "nights", "day": "days", "early": "earlies", "late": "lates", "morning": "earlies",
               "evening": "lates"}
# not "works nights a week": how many, no pattern
_NOT_HOW_MANY = r"(?!\s+(?:a|per|each|every)\s+(?:week|month))"
# "at the moment", "for a while", "in the winter": when a shift is worked, not where
_WHEN = r"(?:the\s+|a\s+)?(?:moment|mo|minute|present|weekends?|night|week|month|year|while|now|winter|summer|autumn|" \
        r"spring)\b"
_WORKS_SHIFT_SAID = re.compile(r"\bworks?\s+(nights|days|lates|earlies)\b" + _NOT_HOW_MANY, re.I)
_ON = frozenset({"be", "work", "go", "put", "move", "switch", "stay", "start", "get"})
_TO = frozenset({"switch", "move", "change", "go", "swap"})
_OFF = frozenset({"be", "come", "move", "get", "go", "take"})


def shift_worked(text: str) -> str | None:
    """The shift an unplaced "works nights at the depot" (said with the workplace: read as no shift) states, or
    None."""
    m = _WORKS_SHIFT_SAID.search(text)
    return _SHIFTS[m.group(1).lower()] if m else None


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


# "my wife works nights", "working lates this week": the shift, said as the object the parse can read ("on nights")
_WORKS_SHIFT = re.compile(r"\b(work(?:s|ing|ed)?)\s+(?=(?:nights|night shifts?|days|day shifts?|lates|earlies|"
                          r"early shifts?|late shifts?)\b" + _NOT_HOW_MANY + r"(?!\s+(?:as|at|in|for)\s+(?!" + _WHEN
                          + r")))", re.I)  # (not with the job or the workplace after it: _SHIFT_AND_JOB splits those)
# "i work nights as a nurse", "my partner works nights at the hospital": the job or the workplace and the shift,
# each its own clause (a new shift ends the shift, not the workplace)
_SHIFT_AND_JOB = re.compile(r"\b(i|we|he|she|they|(?:my|our|his|her) [a-z]+|(?-i:[A-Z][a-z]+))\s+(work(?:s|ed)?)\s+"
                            r"(nights|lates|earlies)\s+((?:as\s+an?|at|in|for)\s+(?!" + _WHEN + r")[^,.!?;]+)", re.I)
# "sian's moved off nights", "i'm off nights now": no longer on that shift (the parse reads "off" as an adverb)
_SHIFT_NAMES = r"(?:the\s+)?(?:nights|night shifts?|lates|earlies|days|day shifts?|late shifts?|early shifts?)\b"
_OFF_SHIFT = re.compile(r"(?P<who>\b[A-Za-z]+)(?:\s+has|\s+have|'s|'ve)?\s+(?:just\s+|finally\s+)?(?:moved|come|came|"
                        r"got|gone|went)\s+off\s+(?=" + _SHIFT_NAMES + r")"
                        r"|\b(?P<be>i'm|im|i am|she's|he's|they're|we're|she is|he is)\s+(?:now\s+)?off\s+(?="
                        + _SHIFT_NAMES + r")", re.I)


# "on a 9 to 5", "working a 9-5 now": day hours, said as a shift
_NINE_TO_FIVE = re.compile(r"\b(on|work(?:s|ing|ed)?)\s+(?:a\s+|the\s+)?(?:9|nine)\s*(?:to|-|–)\s*(?:5|five)"
                           r"(?:\s+job)?\b", re.I)


def _off_shift(m: re.Match[str]) -> str:
    if m.group("be"):
        return f"{m.group('be')} no longer on "
    who = m.group("who")
    return f"{who} no longer {'work' if who.lower() in ('i', 'we', 'they', 'you') else 'works'} on "


def shift_said(text: str) -> str:
    """``text`` with a shift said the way the parse can read it: "works nights" -> "works on nights", "moved off
    nights" -> "no longer works on nights", "a 9 to 5" -> "days", "works nights as a nurse" -> the job and the shift
    as two clauses."""
    text = _OFF_SHIFT.sub(_off_shift, _NINE_TO_FIVE.sub(r"\1 days", text))
    return _WORKS_SHIFT.sub(r"\1 on ", _SHIFT_AND_JOB.sub(r"\1 \2 \4, and \1 \2 on \3", text))
