"""A thing of the speaker's declared over, or taken up, by an idiom: "the fiat's gone to a new home", "flat whites
are history", "crossfit is dead to me", "the mysql box got switched off", "lowkey abandoned japanese", "I'm
finished with Chiefs".

No verb lexicon reads these: the thing is the subject of an idiom, or the object of a verb that ends anything.
Each is said back as the plain clause its kind of thing ends with ("I sold the fiat", "I don't drink flat whites
anymore", "I don't do crossfit anymore", "we don't use mysql anymore", "I'm not learning japanese anymore"), or,
for a thing of no known kind, as a stance that is over ("I'm not into Chiefs anymore"), for the rules to read. A
plan, a wish or a question ("might ditch netflix", "is jira dead?") says nothing; nor does someone else's thing.

What is taken up the same way ("korean is where it's at now", "matcha lattes are my personality now", "everything
lives in Postgres now") is said back as its kind's plain clause of the present ("I'm learning korean now", "I drink
matcha lattes now", "we use Postgres now"; else "I'm really into X now").
"""

from __future__ import annotations

import re

from mem_graph.extract.cue_change import object_kind
from mem_graph.extract.hedges import Hedge
from mem_graph.extract.wordlist import is_english_word

# (never a lead word: "well the ford's gone to the scrapyard" is the ford's)
_THING = r"(?P<x>(?!(?:well|so|and|but|lol|the|my|our)\b)[a-z0-9][\w+.'-]*(?: [a-z0-9][\w+.'-]*){0,2}?)"
_LEAD = r"(?:^|[,.!;:(]\s*|\b(?:so|and|but|now|well|lol|honestly|tbh|ngl|sadly|officially|welp)\s+)"
_OWN = r"(?:(?:the|my|our) )?"
# "the fiat's gone to a new home", "the ford's gone to the scrapyard"
_GONE_TO = re.compile(rf"{_LEAD}{_OWN}{_THING}(?:'s|\u2019s| is| has| has been|'s been) gone (?:off )?to (?:a "
                      r"(?:new|good|better|loving) home|the (?:scrap ?yard|scrappers|scrapheap|crusher|tip)|auction)\b",
                      re.I)
# "flat whites are history", "crossfit is dead to me", "tyson is in the rearview", "jira's a thing of the past"
_IS_OVER = re.compile(rf"{_LEAD}{_OWN}{_THING}(?:'s|\u2019s|'re| is| are) (?:officially |well and truly |now |so |"
                      r"basically |literally )?(?:history|dead to me|in the rear ?view(?: mirror)?|a thing of the past|"
                      r"ancient history|(?:done|over) for me)\b", re.I)
# "the mysql box got switched off", "the old jenkins server was turned off this morning"
_SWITCHED_OFF = re.compile(rf"{_LEAD}{_OWN}(?:old )?{_THING}(?: box| server| instance| cluster)? (?:got|was|has been|"
                           r"'s been|were|have been) (?:finally )?(?:switched|turned|shut) off\b", re.I)
# "lowkey abandoned japanese", "i've ditched netflix", "finished with Chiefs" ("done with" is a stance)
_ENDED_BY_ME = re.compile(rf"(?:{_LEAD}|\b(?=(?:i've|ive|i have|i'm|im|i am) ))"
                          r"(?:i(?:'ve| have)? |ive |i'm |im |i am )?"
                          rf"(?:lowkey |kinda |basically |totally |"
                          rf"officially |finally |completely )?(?:abandoned|ditched|binned(?: off)?|packed in|"
                          rf"gave up on|given up on|finished with) {_OWN}{_THING}"
                          rf"(?=\s*(?:$|[^\w\s'-]|(?:completely|for good|altogether|now|lol|tbh|and|but|so|"
                          r"because|cos|coz|after)\b))", re.I)
# "virgin is officially cancelled", "netflix got cancelled": the speaker's subscription or service ended
_CANCELLED = re.compile(rf"{_LEAD}{_OWN}{_THING}(?:'s|\u2019s| is| has been|'s been| got| was) (?:officially |finally |"
                        r"now )?(?:cancell?ed)\b", re.I)
# "pulled the plug on the last mysql server", "we've pulled the plug on jira"
_PLUG_PULLED = re.compile(rf"\b(?:pulled|pulling|pull) the plug on {_OWN}(?:(?:last|old) )?{_THING}"
                          r"(?: box| server| instance| cluster| subscription| membership)?"
                          r"(?=\s*(?:$|[^\w\s'-]|(?:for good|now|last|this|on|friday|monday|yesterday|today|lol|"
                          r"and|but|so)\b))", re.I)
# "the kindle's been collecting dust for weeks", "my guitar is gathering dust"
_DUSTY = re.compile(rf"{_LEAD}{_OWN}{_THING}(?:'s|\u2019s| is| has| has been|'s been| was| sits| sat|'s just| is just) "
                    r"(?:just )?(?:collecting|gathering|collected|gathered|sitting there collecting) dust\b", re.I)
# "sainsburys is officially behind me!! new job at the Co-op": a workplace left, in a turn about a new job
_BEHIND_ME = re.compile(rf"{_LEAD}{_OWN}{_THING}(?:'s|\u2019s| is| are) (?:officially |finally |now |well and truly )?"
                        r"behind me\b", re.I)
_NEW_JOB = re.compile(r"\bnew (?:job|role|position|gig)\b|\b(?:start(?:ed|ing)?|joined) at\b", re.I)
# what gets cancelled on one: an event, not the speaker's service ("the meeting got cancelled")
_EVENTS = frozenset({"meeting", "flight", "train", "bus", "class", "lesson", "lessons", "practice", "training", "match",
                     "game", "trip", "gig", "concert", "show", "party", "event", "appointment", "wedding", "session",
                     "plans", "plan", "holiday", "order", "booking", "surgery", "operation", "exam", "interview",
                     "date", "dinner", "lunch", "school", "race", "festival", "tour", "season", "series", "episode",
                     "call", "shift", "visit", "reservation", "ferry", "course", "sale", "deal", "launch", "release"})
_NOT_A_THING = frozenset({"it", "that", "this", "them", "him", "her", "me", "us", "you", "everything", "life", "work",
                          "the day", "today", "week", "the week", "pain", "stress", "rain", "weather", "drama"})
_HEDGE = Hedge()


def _clause(thing: str, mine: bool) -> str | None:
    """The plain clause that says ``thing`` is over for the speaker, by its kind (``mine``: the speaker said it
    of themself, so a thing of no known kind is a stance that ended: "I'm finished with Chiefs"; "Tyson is in the
    rearview" may be anyone's)."""
    x = thing.strip().lower()
    if x in _NOT_A_THING or x.split()[-1] in _NOT_A_THING or {"job", "role", "position"} & set(x.split()):
        return None  # ("packed in my job at tesco": a job quit, which the job readers say)
    kind = object_kind(x) or ""
    if kind in ("car", "phone", "computer", "transport"):
        return f"I sold the {thing}"
    if kind.startswith("tech"):
        return f"we don't use {thing} anymore"
    if kind in ("hot drink", "soft drink", "alcohol"):
        return f"I don't drink {thing} anymore"
    if kind == "language":
        return f"I'm not learning {thing} anymore"
    if kind in ("sport", "exercise", "activity", "instrument"):
        return f"I don't do {thing} anymore" if kind != "instrument" else f"I don't play the {thing} anymore"
    if kind in ("dish",):
        return f"I don't eat {thing} anymore"
    return f"I'm not into {thing} anymore" if mine else None


_OVER_WORDS = ((_GONE_TO, ("gone",)), (_IS_OVER, ("history", "dead to me", "rear", "thing of the past", "for me")),
               (_SWITCHED_OFF, (" off",)), (_ENDED_BY_ME, ("abandon", "ditch", "binned", "packed in", "gave up",
                                                          "given up", "finished with")),
               (_CANCELLED, ("cancel",)), (_PLUG_PULLED, ("plug",)), (_DUSTY, ("dust",)), (_BEHIND_ME, ("behind",)))


def declared_over(text: str) -> list[str]:
    """The plain clauses for what ``text`` declares over (see the module doc)."""
    said: list[str] = []
    low = text.lower()
    for pattern, words in _OVER_WORDS:
        if not any(w in low for w in words):
            continue  # (a cheap look first: most sentences say none of these)
        for m in pattern.finditer(text):
            if not _HEDGE.said_as_done(text, m, "x"):
                continue
            thing = m.group("x").rstrip(".'-")  # ("fly.io" keeps its dot)
            if thing[:1].isupper() and thing[1:] == thing[1:].lower() and m.start("x") == 0:
                thing = thing[:1].lower() + thing[1:]  # "Black coffee is dead to me": only the line's capital
            if pattern is _GONE_TO:  # a thing gone to a new home or the scrapyard was the speaker's to part with
                clause = None if object_kind(thing.lower()) == "pet" else f"I sold the {thing}"  # ("the golf")
            elif pattern is _BEHIND_ME:  # a workplace: a name or a new job said (not "the exam is behind me")
                thing = re.sub(r"^(?:(?:ok|okay|so|well|lol|yeah|and|but)\s+)+", "", thing, flags=re.I)
                named = not any(is_english_word(w) or not w.isalpha() for w in thing.lower().split())
                clause = f"I left {thing}" if not object_kind(thing.lower()) and thing.lower() not in _NOT_A_THING and (
                    named or _NEW_JOB.search(text)) else None
            elif pattern is _DUSTY:  # a thing kept but no longer used
                clause = None if thing.lower() in _NOT_A_THING else f"I stopped using my {thing}"
            elif pattern in (_CANCELLED, _PLUG_PULLED):  # a service or a subscription the speaker ended
                clause = None if set(thing.lower().split()) & (_EVENTS | _NOT_A_THING) else (
                    _clause(thing, False) or f"I cancelled {thing}")
            else:
                clause = _clause(thing, pattern is _ENDED_BY_ME)
            if clause is not None:
                said.append(clause)
    return list(dict.fromkeys(said))


# "korean is where it's at now", "matcha lattes are my whole personality these days", "olivia rodrigo is my new
# obsession" (not "she is my whole world": a person is no stance of this kind)
_TAKEN_UP = re.compile(rf"{_LEAD}{_THING}(?:'s|\u2019s|'re| is| are) (?:honestly |literally |basically |so )?(?:where "
                       r"it'?s at|my (?:whole |entire |new |current |latest )?(?:personality|obsession|religion|"
                       r"everything|jam|addiction)|all i (?:drink|eat|listen to|play|watch) now)"
                       r"(?=\s*(?:$|[^\w\s'-]|(?:now|these days|lately|atm|rn|tbh|lol|ngl)\b))", re.I)
# "everything lives in Postgres 16 now", "it all runs on azure these days": the team's tool now
_LIVES_IN = re.compile(rf"\b(?:everything|it all)(?: at work| here| now)? (?:lives|runs|sits) (?:in|on) {_THING}"
                       r"(?=\s*(?:$|[^\w\s'-]|(?:now|these days|and|but|so|\d+)\b))", re.I)
_WHO = frozenset({"he", "she", "they", "it", "this", "that", "mum", "mom", "dad", "baby", "daughter", "son", "wife",
                  "husband", "partner", "boyfriend", "girlfriend", "bf", "gf", "dog", "cat"})


def _now_clause(thing: str) -> str | None:
    """The plain clause that says the speaker has ``thing`` now, by its kind."""
    x = thing.strip().lower()
    if not x or x in _NOT_A_THING or x.split()[-1] in _WHO:
        return None
    kind = object_kind(x) or ""
    if kind.startswith("tech"):
        return f"we use {thing} now"
    if kind in ("hot drink", "soft drink", "alcohol") or x.endswith(("latte", "lattes", "tea", "coffee")):
        return f"I drink {thing} now"
    if kind == "language":
        return f"I'm learning {thing} now"
    if kind in ("sport", "exercise", "activity"):
        return f"I do {thing} now"
    return f"I'm really into {thing} now"


def taken_up(text: str) -> list[str]:
    """The plain clauses for what ``text`` says the speaker has taken up (see the module doc)."""
    said: list[str] = []
    low = text.lower()
    if not any(w in low for w in ("where it", "my ", "all i", "lives", "runs", "sits")):
        return said
    for pattern in (_TAKEN_UP, _LIVES_IN):
        for m in pattern.finditer(text):
            if not _HEDGE.said_as_done(text, m, "x"):
                continue
            thing = re.sub(r"\s+\d+(?:\.\d+)*$", "", m.group("x").rstrip(".'-"))  # "Postgres 16": Postgres
            if (clause := f"we use {thing} now" if pattern is _LIVES_IN else _now_clause(thing)) is not None:
                said.append(clause)
    return list(dict.fromkeys(said))
