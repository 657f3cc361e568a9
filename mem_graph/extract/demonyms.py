"""Where one lives, said by what its people are called: "we're officially dubliners now", "a melbournian now",
"proper londoner these days".

A demonym said of the speaker as a change ("now", "officially", "finally", "these days", "a new") is restated as "I
live in <town> now" for the slot rules; said bare ("i'm a londoner") it may say where one is from, and is left as
typed. Only the demonyms of the table (big towns of the Englishes the benchmark hears).
"""

from __future__ import annotations

import re

DEMONYMS: dict[str, str] = {
    "dubliner": "Dublin", "londoner": "London", "new yorker": "New York", "melburnian": "Melbourne",
    "melbournian": "Melbourne", "sydneysider": "Sydney", "parisian": "Paris", "berliner": "Berlin",
    "torontonian": "Toronto", "glaswegian": "Glasgow", "mancunian": "Manchester", "liverpudlian": "Liverpool",
    "scouser": "Liverpool", "brummie": "Birmingham", "aucklander": "Auckland", "capetonian": "Cape Town",
    "lagosian": "Lagos", "nairobian": "Nairobi", "angeleno": "Los Angeles", "chicagoan": "Chicago",
    "bostonian": "Boston", "seattleite": "Seattle", "vancouverite": "Vancouver", "montrealer": "Montreal",
    "calgarian": "Calgary", "bristolian": "Bristol", "edinburgher": "Edinburgh", "corkonian": "Cork",
    "brisbanite": "Brisbane", "perthite": "Perth", "wellingtonian": "Wellington", "mumbaikar": "Mumbai",
    "dilliwala": "Delhi", "bangalorean": "Bangalore", "chennaiite": "Chennai", "singaporean": "Singapore",
    "hongkonger": "Hong Kong", "madrileño": "Madrid", "madrileno": "Madrid", "lisboeta": "Lisbon",
    "amsterdammer": "Amsterdam", "austinite": "Austin", "denverite": "Denver", "atlantan": "Atlanta",
    "philadelphian": "Philadelphia", "san franciscan": "San Francisco",
}
_NAMES = "|".join(sorted((re.escape(d) for d in DEMONYMS), key=len, reverse=True))
_CHANGE = r"(?:now|officially|finally|these days|nowadays|a new|new|proper)"
_SAID = re.compile(rf"\b(?:we'?re|we are|i'?m|i am|im)\s+(?P<lead>(?:(?:{_CHANGE}|an?|full|fully|basically)\s+)*)"
                   rf"(?P<d>{_NAMES})s?\b(?P<tail>\s+(?:now|these days|nowadays))?", re.I)


# chat's "I'm" left out: "left brissie last weekend, officially a melbournian now"
_BARE = re.compile(rf"(?:^|[,.;!]\s*)(?:(?:so|and|ok)\s+)?(?:officially|finally)\s+(?:an?\s+)?(?P<d>{_NAMES})s?\b",
                   re.I)


def demonym_homes(text: str) -> list[str]:
    """"I live in <town> now" for each demonym ``text`` says the speaker became (see the module doc)."""
    out = [m.group("d") for m in _SAID.finditer(text)
           if re.search(_CHANGE, m.group("lead") or "", re.I) or m.group("tail")]
    out += [m.group("d") for m in _BARE.finditer(text)]
    return list(dict.fromkeys(f"I live in {DEMONYMS[d.lower()]} now" for d in out))
