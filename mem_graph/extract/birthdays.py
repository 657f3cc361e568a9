"""An age said as the birthday itself: "the big 40 happened yesterday", "celebrating 39, turned it on friday",
"another lap round the sun done, 53 today", "it's my 30th today", "my birthday!! the big three-oh".

Each is said back as "I'm N now" for the rules to read; a birthday still ahead ("the big 4-0 tomorrow") says
nothing.
"""

from __future__ import annotations

import re

from mem_graph.extract.kin_words import KIN

_BIG_AGE = re.compile(r"\bthe big (\d{2})(?:th)? (?:happened|is here|arrived|came|was)\b"
                      r"|\bcelebrat\w* (?:my )?(\d{2})(?:th)?\b(?=.*\b(?:turned|birthday|bday)\b)", re.I)
# "..., 53 today", "40 today!!": a clause of its own (not "we got 12 today")
_TODAY = re.compile(r"(?:^|[,.!;:]\s*)\W*(?:and |so |officially |finally )?(\d{2}) (?:years old |yrs old )?today\b"
                    r"(?! (?:at|in|on|for)\b)", re.I)
# "it's my 30th today", "my 45th birthday was yesterday"
_NTH = re.compile(r"\b(?:it'?s|its|it is|was|had|celebrated|celebrating) my (\d{2})(?:st|nd|rd|th) (?:birthday |bday )?"
                  r"(?:today|yesterday|on \w+day|last \w+|this weekend)\b"
                  r"|\bmy (\d{2})(?:st|nd|rd|th) (?:birthday|bday) (?:was|is) (?:today|yesterday|on \w+day)\b", re.I)
# "it was my son's 8th birthday yesterday", "my mum's 70th was on saturday": a relative's age reached
_KIN_NTH = re.compile(r"\b(?:it'?s|its|it is|it was|was|had|celebrated|celebrating) my (?P<kin>[a-z]+(?:-in-law)?)'s "
                      r"(?P<n>\d{1,3})(?:st|nd|rd|th) (?:birthday |bday )?(?:today|yesterday|on \w+day|last \w+|"
                      r"this weekend)\b|\bmy (?P<kin2>[a-z]+(?:-in-law)?)'s (?P<n2>\d{1,3})(?:st|nd|rd|th) "
                      r"(?:birthday |bday )?(?:was|is) (?:today|yesterday|on \w+day|last \w+|at the weekend)\b", re.I)
# "my daughter's sweet sixteen was last weekend": the sixteenth said by its name
_SWEET_SIXTEEN = re.compile(r"\bsweet (?:sixteen|16)\b", re.I)
_DECADES = {"two": 20, "three": 30, "four": 40, "five": 50, "six": 60, "seven": 70, "eight": 80, "nine": 90}
# "the big three-oh", "the big 4-0", "the big 50": reached, unless said ahead or as what one plans for
_BIG_DECADE = re.compile(r"(?<!\bfor )(?<!\bplanning )(?<!\bbefore )(?<!\buntil )(?<!\btill )\bthe big "
                         r"(?:(two|three|four|five|six|seven|eight|nine)[- ]?(?:oh|o|0)|(\d)[- ]?(?:oh|o|0)|(\d0))\b",
                         re.I)
_AHEAD = re.compile(r"\b(?:tomorrow|next (?:week|month|year)|coming up|soon|in \d+ days|is on|on (?:mon|tues|wednes|"
                    r"thurs|fri|satur|sun)day|party|plans?|planning)\b", re.I)


# "the big seven-oh happened on sunday": reached, whatever day is named after it
_REACHED = re.compile(r"^\s*(?:happened|was|came|arrived|is done|done|hit)\b", re.I)
# "officially in my 30s as of saturday", "just hit my forties": a decade just reached
_NEW_DECADE = re.compile(r"\b(?:officially|just|finally) (?:in|into|hit|hitting|reached|entered) my (?:(\d)0'?s|"
                         r"(twen|thir|for|fif|six|seven|eigh|nine)ties)\b", re.I)
_TIES = {"twen": 20, "thir": 30, "for": 40, "fif": 50, "six": 60, "seven": 70, "eigh": 80, "nine": 90}


def age_said(text: str) -> list[str]:
    """"I'm N now" for each age the turn says as a birthday reached."""
    text = _SWEET_SIXTEEN.sub("16th birthday", text)
    ages = [a for m in _BIG_AGE.finditer(text) for a in m.groups() if a]
    ages += [m.group(1) for m in _TODAY.finditer(text)]
    ages += [a for m in _NTH.finditer(text) for a in m.groups() if a]
    ages += [str(_DECADES[w.lower()]) if w.isalpha() else w if len(w) == 2 else f"{w}0"
             for m in _BIG_DECADE.finditer(text) if not _AHEAD.search(text) or _REACHED.match(text[m.end():])
             for w in m.groups() if w]
    if not _AHEAD.search(text.replace("as of", "")):
        ages += [f"{m.group(1)}0" if m.group(1) else str(_TIES[m.group(2).lower()]) for m in _NEW_DECADE.finditer(text)]
    kin = [f"my {m.group('kin') or m.group('kin2')} is {int(m.group('n') or m.group('n2'))} now"
           for m in _KIN_NTH.finditer(text) if (m.group("kin") or m.group("kin2") or "").lower() in KIN]
    return [f"I'm {int(a)} now" for a in dict.fromkeys(ages) if 12 < int(a) < 120] + kin
