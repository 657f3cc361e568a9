"""The party a person votes for: "I vote Labour", "i'm a Labour voter", "voting Green this time", "I'm a lifelong
Tory", "she's a registered Democrat". One party at a time (the ``party`` slot), so a new one replaces the old.

Only a party the list below knows: "green", "labour" and "reform" are words first ("in labour", "a green car"), so
they are a party only as what is voted for or as a voter's or a member's kind. Each phrasing is said back as
"I vote <party>" for the slot rules to read ("I'm a Tory" was read as a nationality).
"""

from __future__ import annotations

import re

PARTIES = frozenset({
    "labour", "tory", "tories", "conservative", "conservatives", "lib dem", "lib dems", "libdem", "libdems",
    "liberal democrat", "liberal democrats", "green", "greens", "green party", "snp", "plaid", "plaid cymru", "reform",
    "reform uk", "ukip", "sinn fein", "sinn féin", "dup", "alliance", "democrat", "democrats", "democratic",
    "republican", "republicans", "gop", "ndp", "bloc", "liberal", "liberals", "labor", "the greens",
})
# a party named as what one is (not "green", "liberal" or "conservative": "I'm a bit conservative" is a temper)
_PARTISANS = r"tory|tories|democrat|republican|lib ?dem|labour (?:voter|supporter|member)|snp (?:voter|supporter)"
_PARTY = "|".join(re.escape(p) for p in sorted(PARTIES, key=len, reverse=True))
_KEEN = r"(?:(?:lifelong|life-?long|registered|card[- ]carrying|loyal|die-?hard|proper|true|staunch|paid-up)\s+)*"
# "i'm a Labour voter", "I'm a lifelong Tory", "she's a registered Democrat", "a green party member"
_A_VOTER = re.compile(rf"\b(?P<who>I'm|I am|im|(?:she|he)'s|(?:she|he) is|(?:(?:my|our)\s+\w+|(?-i:[A-Z][a-z]+))"
                      rf"(?:'s| is))\s+(?:now\s+)?an?\s+"
                      rf"{_KEEN}(?:(?P<party>{_PARTY})\s+(?:voter|supporter|member)|(?P<partisan>{_PARTISANS}))\b",
                      re.I)


def is_party(words: str) -> bool:
    """``words`` name a political party the list knows."""
    return words.lower().strip().removeprefix("the ") in PARTIES


def _cased(name: str) -> str:
    if name != name.lower():
        return name
    return " ".join(w.upper() if w in ("snp", "dup", "gop", "ndp", "ukip", "uk") else w.capitalize()
                    for w in name.split())


def party_said(text: str) -> str:
    """``text`` with a voter's or a member's phrasing of a party said as "I vote <party>"."""
    def said(m: re.Match[str]) -> str:
        who = m.group("who")
        low = who.lower()
        subject = "I" if low in ("i'm", "i am", "im") else re.sub(r"(?:'s| is)$", "", who)
        verb = "vote" if subject == "I" else "votes"
        party = m.group("party") or m.group("partisan")
        return f"{subject} {verb} {_cased(party.removesuffix(' voter').removesuffix(' supporter'))}"

    return _A_VOTER.sub(said, text)
