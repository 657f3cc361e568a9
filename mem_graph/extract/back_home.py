"""Someone back in a town to live: "he's back home in auckland now, the rent finally broke him", "Priya's back in
Leeds for good". Said back as "<who> lives in <town> now" for the rules to read (the clause reader resolves "he"
to the person just named). A known town only, and not a visit ("she's back in london for the weekend", "back in
Paris next week") nor a plan ("might be back in Leeds").
"""

from __future__ import annotations

import re

from mem_graph.extract.hedges import Hedge
from mem_graph.extract.places import is_place_name

_BACK_HOME = re.compile(r"(?:^|[,.!;:]\s*|\b(?:so|and|but|now|finally|lol|well)\s+)(?P<who>he|she|they|[A-Z][a-z]+)"
                        r"(?:'s|\u2019s| is|'re| are|'s been| has been| have been) (?:now |finally |officially )?"
                        r"(?:moved )?back (?:home )?in (?P<place>[A-Za-z][\w'-]*(?: [A-Za-z][\w'-]*)?)"
                        r"(?=\s*(?:$|[,.!;]|\s(?:now|for good|permanently|since|and|the|lol)\b))", re.I)
_VISIT = re.compile(r"^\s*(?:for (?:the|a|two|three|\d+) |until |till |next |this (?:week|weekend)|tomorrow)", re.I)
_HEDGE = Hedge("will", window=40)


def back_home(text: str) -> list[str]:
    """The plain clauses for someone ``text`` says is back in a town to live (see the module doc)."""
    said: list[str] = []
    for m in _BACK_HOME.finditer(text):
        place = m.group("place")
        if not is_place_name(place):
            place = place.split()[0]
            if not is_place_name(place):
                continue
        if _VISIT.match(text[m.start("place") + len(place):]) or \
                _HEDGE.hedged(text, m.start("place")):
            continue
        who = m.group("who")
        verb = "live" if who.lower() == "they" else "lives"
        said.append(f"{who} {verb} in {' '.join(w[:1].upper() + w[1:] for w in place.split())} now")
    return said
