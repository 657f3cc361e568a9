"""Facts chat states in fragments and set phrases no clause rule reads, each said back as the plain clause it means
("the caller keeps only what a slot rule places"):

- where the family is, opening a request: "we're in the Sutherland Shire in Sydney, help me plan ..." -> "we live
  in the Sutherland Shire" (a known town, or a capitalised name, only: not "we're in the car");
- a faith one was raised in: "born and raised catholic" -> "I'm catholic";
- a diet as a headline: "fully plant based since mid jan" -> "I'm plant-based now";
- a yes to being someone's partner: "she said yes to being my gf" -> "she is my girlfriend now" ("maddie and i r
  done" is fragments.py's couple that ended);
- an instrument one has been on: "been on drums since i was 12" -> "I play drums";
- a car handed over or driven, a phone arrived: "garage gave me 1500 for the corsa as a trade in" -> "I traded in
  the corsa"; "one pedal driving in the MG4 is so addictive" -> "I drive the MG4"; "pixel 8 arrived this morning"
  -> "I got a pixel 8";
- a label one has put down: "wouldn't call myself religious anymore" -> "I'm not religious anymore"; work done for
  years: "been nursing 5 yrs now" -> "I'm a nurse".

A plan, a wish or a question says nothing.
"""

from __future__ import annotations

import re

from mem_graph.extract.catalogue import DIETS, INSTRUMENTS, RELIGIONS
from mem_graph.extract.cue_change import object_kind
from mem_graph.extract.hedges import Hedge
from mem_graph.extract.lexicon import agent_of
from mem_graph.extract.places import is_place_name

_LEAD = r"(?:^|[,.!;:(]\s*|\b(?:so|and|but|now|well|lol|ok|okay|honestly|tbh|ngl)\s+)"
# ("I'm in Paris!" is as often a trip: only "I'm based in", "I'm living in")
_WE_ARE_IN = re.compile(rf"(?i:{_LEAD})(?:(?i:we'?re|we are) (?i:based |living )?"
                        r"|(?i:i'?m|im|i am) (?i:based |living ))(?i:in) (?i:the )?"
                        r"(?P<x>[A-Z][\w'-]*(?: [A-Z][\w'-]*){0,2}|[a-z][\w'-]*(?: [a-z][\w'-]*)?)"
                        r"(?=\s*(?:$|[,.;]|\s(?:in|and|so|but|now|btw|lol)\b))")  # ("we're in rome!!": a trip)
_RAISED = re.compile(r"\bborn and (?:raised|bred) (?P<x>[a-z]+)\b", re.I)
_DIET_SINCE = re.compile(rf"{_LEAD}(?:fully |now |officially |properly |totally )?(?P<x>plant[- ]based|vegan|"
                         r"vegetarian|veggie|pescatarian|keto|gluten[- ]free|dairy[- ]free) (?:since|for) ", re.I)
_SAID_YES = re.compile(r"\b(?P<who>she|he|they) said yes to being my (?P<x>gf|girlfriend|bf|boyfriend|partner)\b",
                       re.I)
_BEEN_ON = re.compile(rf"{_LEAD}(?:i'?ve |ive |i have )?been on (?:the )?(?P<x>[a-z]+) (?:since|for)\b", re.I)
_TRADED = re.compile(r"\b(?:gave|give|offered|got) (?:me |us )?(?:£|\$|€|r)?\d[\d,k]* for (?:the |my |our )?"
                     r"(?P<x>[\w-]+(?: [\w-]+)?) (?:as (?:a |the )?)?(?:trade[- ]?in|part[- ]ex(?:change)?|px)\b", re.I)
_DRIVING = re.compile(r"\b(?:driving|drive) (?:in |around in )?(?:the |my )(?P<x>[A-Za-z][\w-]*(?: [A-Za-z0-9][\w-]*)?)"
                      r"(?= is| has| feels|\s*[,.!]| every| around)", re.I)
_ARRIVED = re.compile(rf"{_LEAD}(?:my |the |new |my new )?(?P<x>[A-Za-z][\w-]*(?: [A-Za-z0-9][\w-]*)?) (?:arrived|"
                      r"came|got delivered|was delivered) (?:today|this morning|yesterday|this afternoon)\b", re.I)
# "been nursing 5 yrs now": the work of an occupation, done for years
_BEEN_DOING = re.compile(rf"{_LEAD}(?:i'?ve |ive |i have )?been (?P<x>[a-z]+ing) (?:for )?(?:\d+|a few|two|three|four|"
                         r"five|six|seven|eight|nine|ten|many) (?:yrs|years)\b", re.I)
_NOT_ANYMORE = re.compile(r"\b(?:wouldn'?t|would not|don'?t|do not|can'?t) (?:really )?(?:call|consider) myself "
                          r"(?:an? )?(?P<x>[a-z][\w-]*) (?:anymore|any more|now)\b", re.I)
_HEDGE = Hedge()
_NOT_A_HOME = frozenset({"car", "office", "queue", "hospital", "middle", "process", "mood", "zone", "kitchen", "bed",
                         "shop", "lab", "meeting", "clinic", "waiting room", "same boat", "uk for", "gym"})


_CUE_WORDS = ("in ", "born and", " since", " for ", "said yes", "been on",
              "trade", "part", " px", "driv", "arrived", "came", "delivered", "myself", "been ")


def _known(text: str, m: re.Match[str]) -> bool:
    return _HEDGE.said_as_done(text, m)


def fragment_clauses(text: str) -> list[str]:
    """The plain clauses for what ``text`` states in a fragment or a set phrase (see the module doc)."""
    low = text.lower()
    if not any(w in low for w in _CUE_WORDS):
        return []  # (a cheap look first: most sentences say none of these)
    said: list[str] = []
    for m in _WE_ARE_IN.finditer(text):
        x = m.group("x")
        if _known(text, m) and x.lower() not in _NOT_A_HOME and (is_place_name(x) or x[:1].isupper()):
            who = "we live" if m.group(0).lower().lstrip(" ,.!;:(").startswith("we") else "I live"
            said.append(f"{who} in {x}")
    said += [f"I'm {m.group('x').lower()}" for m in _RAISED.finditer(text) if m.group("x").lower() in RELIGIONS]
    said += [f"I'm {d} now" for m in _DIET_SINCE.finditer(text) if _known(text, m)
             and (d := m.group("x").lower().replace(" ", "-").replace("veggie", "vegetarian")) in DIETS]
    said += [f"{m.group('who')} is my {_PARTNER[m.group('x').lower()]} now" for m in _SAID_YES.finditer(text)]
    said += [f"I play {m.group('x')}" for m in _BEEN_ON.finditer(text) if m.group("x").lower() in INSTRUMENTS.split()]
    said += [f"I traded in the {m.group('x')}" for m in _TRADED.finditer(text)
             if object_kind(m.group("x").lower()) == "car"]
    said += [f"I drive the {m.group('x')}" for m in _DRIVING.finditer(text)
             if _known(text, m) and object_kind(m.group("x").lower()) == "car"]
    said += [f"I got a {m.group('x')}" for m in _ARRIVED.finditer(text)
             if object_kind(m.group("x").lower()) in ("phone", "computer", "car")]
    said += [f"I'm not {m.group('x')} anymore" for m in _NOT_ANYMORE.finditer(text)]
    said += [f"I'm {'an' if a[0] in 'aeiou' else 'a'} {a}" for m in _BEEN_DOING.finditer(text)
             if (a := agent_of(m.group("x").lower()))]
    return list(dict.fromkeys(said))


_PARTNER = {"gf": "girlfriend", "girlfriend": "girlfriend", "bf": "boyfriend", "boyfriend": "boyfriend",
            "partner": "partner"}
