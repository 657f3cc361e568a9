"""The team a person supports: "I support Arsenal", "I'm a big Spurs fan", "lifelong Leeds supporter", "switched
allegiance to spurs". One team at a time (the ``team`` slot), so a new one replaces the old.

A team is named by a club the short list below knows, or by a town's name said as a fan ("a Liverpool fan": the
club, not a home). Anything else one is a fan of ("a Coldplay fan", "I support the NHS", "I support Labour") is
no team: a liking or nothing. Each phrasing is said back as "I support <team>" for the slot rules to read.
"""

from __future__ import annotations

import re

# clubs people name by a word that is no town's name (a town's name said as a fan is a club anyway)
CLUBS = frozenset({
    "arsenal", "spurs", "tottenham", "tottenham hotspur", "man utd", "man united", "manchester united", "man city",
    "manchester city", "villa", "aston villa", "west ham", "wolves", "forest", "nottingham forest", "palace",
    "crystal palace", "leeds united", "celtic", "rangers", "hibs", "hibernian", "hearts", "barca", "barça",
    "real madrid", "atletico", "juventus", "juve", "ac milan", "inter", "inter milan", "bayern", "bayern munich",
    "psg", "ajax", "boca", "boca juniors", "benfica", "dortmund", "galatasaray", "fenerbahce", "yankees", "red sox",
    "mets", "dodgers", "lakers", "celtics", "knicks", "cowboys", "patriots", "packers", "49ers", "niners", "gunners",
    "leinster", "munster", "saracens", "all blacks", "wallabies", "springboks", "qpr", "mufc", "lfc", "cfc", "afc",
    "everton", "fulham", "brentford", "millwall", "charlton", "west brom", "boro", "middlesbrough",
    "sheffield wednesday",
    "sheffield united", "blades", "owls", "toffees", "hammers", "magpies", "baggies", "saints", "canaries", "foxes",
    "leicester city", "norwich city", "stoke city", "hull city", "cardiff city", "swansea city", "bristol city",
    "bristol rovers", "plymouth argyle", "aberdeen", "dundee united", "st mirren", "kilmarnock", "motherwell",
    "shamrock rovers", "bohemians", "athletic bilbao", "sevilla", "valencia", "napoli", "roma", "lazio", "marseille",
    "lyon", "porto", "sporting", "feyenoord", "psv", "flamengo", "river plate", "la galaxy", "inter miami",
})
# a town's name and one of these is a club ("Newcastle United", "Exeter City", "Bolton Wanderers")
_CLUB_SUFFIXES = frozenset({"united", "city", "town", "rovers", "wanderers", "athletic", "albion", "county", "fc",
                            "hotspur", "orient", "argyle", "rangers", "thistle"})
# a sport said beside the name makes any name a team ("I support the Scarlets in rugby")
SPORT_NAMES = frozenset({"rugby", "football", "footy", "soccer", "hockey", "basketball", "baseball", "cricket", "nfl",
                         "nba", "nhl", "mlb", "afl", "gaa", "hurling", "netball", "league"})
_KEEN = r"(?:(?:big|huge|massive|die-?hard|diehard|lifelong|life-?long|proper|loyal|long-?suffering|mad|avid|keen|" \
        r"season ticket holding|massive|devoted|true)\s+)*"
_NAME = r"(?P<x>[A-Za-z][\w'&-]*(?:\s(?!(?:since|because|cos|now|last|this|and|but|so|after|when|as|too|lol|for)\b)" \
        r"[A-Za-z][\w'&-]*)?)"
# "I'm a big Spurs fan", "i am a lifelong leeds supporter", "I'm an Arsenal fan now"
_A_FAN = re.compile(rf"\b(?:I'm|I am|im|I've become|I have become|ive become|I became)\s+an?\s+{_KEEN}{_NAME}\s+"
                    rf"(?:fan|supporter)\b(?P<comma>\s*,)?", re.I)
# "my son's become a Liverpool fan", "dad is a lifelong Everton supporter", "Tom's a Spurs fan": theirs
_THEIR_FAN = re.compile(rf"\b(?P<who>(?:my|our|his|her) [a-z]+|he|she|(?-i:[A-Z][a-z]+))(?:'s|\s+is|\s+has become|"
                        rf"'s become|\s+became)\s+an?\s+{_KEEN}{_NAME}\s+(?:fan|supporter)\b(?P<comma>\s*,)?", re.I)
# "switched allegiance to spurs", "changed teams to Villa": the new one
_SWITCHED = re.compile(rf"\b(?:switched|changed|swapped|moved)\s+(?:my\s+)?(?:allegiance|allegiances|teams|sides)\s+"
                       rf"to\s+(?:the\s+)?{_NAME}", re.I)


def is_team(words: str) -> bool:
    """``words`` name a team: a club the list knows or a town's name (its club)."""
    from mem_graph.extract.places import is_place_name

    low = words.lower().strip()
    town, _, suffix = low.rpartition(" ")
    return low in CLUBS or is_place_name(low) or (suffix in _CLUB_SUFFIXES and is_place_name(town)) or (
        words.strip().istitle() and low in _CLUB_SUFFIXES)  # "a City fan", "United": the club, said as its fans do


def _cased(name: str) -> str:
    """"spurs" -> "Spurs", "psg" -> "PSG"; a name typed with capitals stays as typed."""
    if name != name.lower():
        return name
    return " ".join(w.upper() if len(w) <= 3 and w.isalpha() and w not in ("man", "ac") else w.capitalize()
                    for w in name.split())


# "i've stopped following spurs", "quit supporting united": the team no longer supported
_STOPPED = re.compile(rf"\b(?:i'?ve\s+|i\s+)?(?:stopped|quit)\s+(?:following|supporting)\s+(?:the\s+)?{_NAME}",
                      re.I)


def team_said(text: str) -> str:
    """``text`` with a fan's or a switch's phrasing of a team said as "I support <team>" (see the module doc)."""
    def said(m: re.Match[str], now: str = "", who: str = "I support") -> str:
        # (a comma after it closes the clause: "..., season ticket and everything" is no second team)
        stop = "." if m.groupdict().get("comma") else ""
        return f"{who} {_cased(m.group('x'))}{now}{stop}" if is_team(m.group("x")) else m.group(0)

    text = _STOPPED.sub(lambda m: f"I don't support {_cased(m.group('x'))} anymore" if is_team(m.group("x"))
                        else m.group(0), text)
    text = _THEIR_FAN.sub(lambda m: m.group(0) if m.group("who").lower() in ("i", "it", "that", "this")
                          else said(m, who=f"{m.group('who')} supports"), text)
    return _SWITCHED.sub(lambda m: said(m, "" if re.match(r"\s*now\b", m.string[m.end():]) else " now"),
                         _A_FAN.sub(said, text))
