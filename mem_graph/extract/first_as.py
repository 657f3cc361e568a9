"""A new role said through its first days: "first week as a junior doctor done", "my first shift as a
manager today!", "1st day as a barista, so tired".

Chat names the role only inside the milestone, so the parser finds no clause that states it. Said that way it is
the speaker's role now: ``first_as`` writes "I'm a junior doctor now, first week done" for the rules to read. A
milestone still ahead ("first day as a manager tomorrow", "my first week as a nurse starts next month") is a
plan and is left as it is; so is anyone else's ("her first day as a teacher").
"""

from __future__ import annotations

import re

_FIRST_AS = re.compile(
    r"(?<![\w'])(?:my\s+)?((?:first|1st)\s+(?:day|week|month|shift|night|year)s?)\s+as\s+"
    r"(an?\s+[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)(?=\s*(?:done|today|over|complete|finished|down|in the bag|"
    r"went|was|is|,|\.|!|\?|$))", re.I)
_AHEAD = re.compile(r"\b(?:tomorrow|tmrw|next|soon|starts|begins|on (?:mon|tues|wednes|thurs|fri|satur|sun)day|"
                    r"coming up|in \w+ (?:days?|weeks?))\b", re.I)
_OTHERS = re.compile(r"\b(?:his|her|their|your)\s+$", re.I)


def first_as(text: str) -> str:
    """``text`` with a milestone of a role said as the role ("first week as a nurse done" -> "I'm a nurse now,
    first week done"); any other text as it is."""
    def sub(m: re.Match[str]) -> str:
        if _OTHERS.search(m.string[:m.start()]) or _AHEAD.search(m.string[m.start(2):m.end() + 40]):
            return m.group(0)
        return f"I'm {m.group(2)} now, {m.group(1)}"
    return _FIRST_AS.sub(sub, text)
