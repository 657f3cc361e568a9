"""Moves told the way chat tells them, said back as the plain clause each means (life_news.py asks for them).

A street one now lives on ("new keys 🔑 we're on Cowley Road now"); a home of one's own ("kwame's FINALLY got his own
place, a one bed in brixton"); a child settled at a school ("ollie's settled in at westfield academy", "kabir got
admission in kendriya vidyalaya"); a stack moved over ("we spent all quarter lifting everything over to GCP"); a
title made official ("officially Senior Data Scientist as of this month"); a phone given in exchange ("gave the
iphone in exchange and took Pixel 8"); a pet brought home and named ("cavapoo puppy came home saturday, kids named
him waffles"). Each skips a hedged or asked line; the caller keeps only what a slot rule
places.
"""

from __future__ import annotations

import re

from mem_graph.extract.cue_change import object_kind
from mem_graph.extract.hedges import Hedge
from mem_graph.extract.kin_words import KIN
from mem_graph.extract.lexicon import GIVEN_NAMES, tech_kind
from mem_graph.extract.places import is_place_name
from mem_graph.extract.wordlist import is_common_word, is_english_word

_HEDGE = Hedge()
_STREET = re.compile(r"\b(?i:we're|were|we are|i'm|im|i am) (?:now )?on (?P<x>(?:[A-Z][\w'-]* ){1,3}(?:Road|Rd|Street|"
                     r"St|Lane|Ln|Avenue|Ave|Close|Drive|Way|Crescent|Grove|Terrace|Place|Gardens|Hill|Row|Square))\b"
                     r"(?P<now> now\b)?")
_NEW_HOME = re.compile(r"\bnew (?:keys|place|flat|house|home|pad|address)\b|\bmoved\b|\bkeys\b", re.I)
_OWN_PLACE = re.compile(r"(?:^|[,.!;:]\s*|\b(?:so|and|but|lol|well)\s+)(?P<who>[A-Za-z]+),?(?:'s| has|'ve| have)? "
                        r"(?:finally |just |officially )?got (?:his|her|their|my|our) (?:own )?(?:place|flat|house)"
                        r"(?:,? [^,.!?]{0,30}?)? in (?P<x>[A-Za-z][\w'-]*(?: (?-i:[A-Z])[\w'-]*)?)", re.I)
_SCHOOL_WORDS = (r"(?:school|academy|primary|secondary|high|college|vidyalaya|grammar|prep|infants|juniors|nursery"
                 r"|middle)")
_SETTLED = re.compile(r"(?:^|[,.!;:-]\s*|\b(?:so|and|but|lol|well|now)\s+)(?P<who>[A-Za-z]+),?(?:'s| has)? (?:already |"
                      r"finally |just )?(?:settled in|got admission|got a place|started) (?:at|in) "
                      rf"(?P<x>(?:the )?[A-Za-z][\w'-]*(?: [\w'-]+){{0,3}}? {_SCHOOL_WORDS}|(?:st\.?|saint) "
                      r"[A-Za-z]+'s)(?=\W|$)", re.I)  # ("settled in at st anne's": a saint's is a school here)
# "we moved Mia to Lincoln Middle", "switched my son to st peter's": the child's school now
_MOVED_TO_SCHOOL = re.compile(r"\b(?:moved|switched|changed|transferred|moving) (?:(?:my|our) )?(?P<who>[A-Za-z]+) "
                              rf"(?:over )?to (?P<x>(?:the )?[A-Za-z][\w'-]*(?: [\w'-]+){{0,3}}? {_SCHOOL_WORDS}|"
                              r"(?:st\.?|saint) [A-Za-z]+'s)(?=\W|$)", re.I)
_MOVED_OVER = re.compile(r"\b(?:moved|moving|lifting|lifted|migrated|migrating|shifted|shifting|ported|porting) "
                         r"(?:everything|it all|the lot|all of it|the whole (?:stack|thing|app|platform)) (?:over )?to "
                         r"(?P<x>[A-Za-z][\w.+#-]*(?: [A-Z][\w.+#-]*)?)")
_OFFICIAL = re.compile(r"\b(?i:officially) (?:an? )?(?P<x>(?:[A-Z][a-z]+ ){0,3}[A-Z][a-z]+)"
                       r"(?= as of|,|!|\.| now| from|$)")
# "marco got caught in the deliveroo layoffs": the job ended; "had an offer from monzo ... and started there"
_ORG = r"(?P<x>[A-Za-z][\w&'.-]*(?: (?-i:[A-Z])[\w&'.-]*)?)"
_LAID_OFF = re.compile(r"\b(?P<who>[A-Za-z]+)(?:'s| has)? (?:just )?(?:got )?(?:caught (?:up )?in|hit by) the "
                       rf"{_ORG} (?:layoffs|redundancies|job cuts|cuts)\b", re.I)
_STARTED_THERE = re.compile(r"\b(?P<who>[A-Za-z]+) (?:had|got|took|accepted) (?:an? )?(?:offer|job|role) "
                            rf"(?:from|at|with) {_ORG}[^.!?]{{0,60}}?\bstarted there\b", re.I)
# "he landed in toronto yesterday, his PR came through so he's there for good"; "she's been in oakwood lodge care
# home a fortnight now"
_FOR_GOOD = re.compile(r"\b(?P<who>he|she|they|i|we|[A-Z][a-z]+) (?:has |have |'s |just )?(?:landed|arrived|moved|"
                       rf"relocated|settled) in {_ORG}[^.!?]{{0,80}}?\b(?:there for good|for good|there permanently|"
                       r"permanently)\b", re.I)
_CARE_HOME = re.compile(r"(?<!['\u2019])\b(?P<who>he|she|they|[A-Z][a-z]+)(?:'s| has| is)? (?:been |now |just )?"
                        r"(?:moved |living |gone )?(?:in|into) (?:an? |the )?(?P<x>(?:[A-Za-z][\w'-]* ){0,3}"
                        r"(?:care home|nursing home|retirement home|retirement village|sheltered housing|"
                        r"assisted living))\b", re.I)
# "cavapoo puppy came home saturday, kids named him waffles": the pet the line brought home, named
_PET_HOME = re.compile(r"\b(?P<pet>puppy|pup|kitten|dog|cat|rabbit|bunny|hamster|guinea pig)\b[^.!?]{0,60}?\b(?:came "
                       r"home|arrived|joined us|is here)\b[^.!?]{0,40}?\b(?:named|called) (?:him|her|it) "
                       r"(?P<x>[A-Za-z][a-z]+)\b", re.I)
_TITLES = frozenset({"scientist", "engineer", "manager", "director", "lead", "analyst", "developer", "designer",
                     "officer", "nurse", "doctor", "teacher", "consultant", "partner", "associate", "head", "chef",
                     "architect", "editor", "executive", "specialist", "coordinator", "supervisor", "president",
                     "principal", "accountant", "solicitor", "lawyer", "surgeon", "registrar", "sergeant", "captain"})
_EXCHANGED = re.compile(r"\bgave (?:the|my|our) (?P<x>[a-z][\w-]*(?: \d+)?) (?:in exchange|as (?:a )?(?:part[- ]ex|"
                        r"trade[- ]in))|\b(?:and|i) took (?:a |an |the new )?"
                        r"(?P<y>[A-Za-z][\w-]*(?: \d+| [A-Z][\w-]*)?)", re.I)


def title_words(x: str) -> str:
    """Each word of a name capitalised, the rest of each word as typed ("kendriya vidyalaya", "McDonald's")."""
    return " ".join(w if w[:1].isupper() else w[:1].upper() + w[1:] for w in x.split())


def _person(word: str) -> str | None:
    low = word.lower()
    return "I" if low in ("i", "we") else low if low in ("he", "she") else title_words(word) if low in GIVEN_NAMES or (
        not is_english_word(low)) or (word[:1].isupper() and not is_common_word(low)) else None  # (not "Finally")


def _who(m: re.Match[str]) -> str | None:
    """Who a match's ``who`` names: a name or pronoun, or the speaker's kin ("my grandad's been in a care home")."""
    word, before = m.group("who"), m.string[max(0, m.start("who") - 4): m.start("who")].lower()
    if word.lower() in KIN and before.endswith(("my ", "our ")):
        return f"my {word.lower()}"
    return _person(word)


def _work_and_homes(text: str) -> list[str]:
    """A job ended by layoffs or started where an offer came from; a home for good or in a care home."""
    said: list[str] = []
    for pattern, clause in ((_LAID_OFF, "{} left {}"), (_STARTED_THERE, "{} works at {} now"),
                            (_FOR_GOOD, "{} lives in {} now"), (_CARE_HOME, "{} lives in {} now")):
        for m in pattern.finditer(text):
            who, where = _who(m), m.group("x")
            if who is None or not _HEDGE.said_as_done(text, m, "who") or (
                    pattern is _FOR_GOOD and not (is_place_name(where) or where[:1].isupper())):
                continue
            line = clause.format(who, title_words(where))
            said.append(line.replace("I works", "I work").replace("I lives", "I live").replace("we lives", "we live"))
    return said


def moves(text: str) -> list[str]:
    """The plain clauses for the moves ``text`` tells (see the module doc)."""
    said: list[str] = []
    for m in _STREET.finditer(text):
        if (m.group("now") or _NEW_HOME.search(text)) and _HEDGE.said_as_done(text, m, "x"):
            said.append(f"I live on {m.group('x')} now")
    for m in _OWN_PLACE.finditer(text):
        who, place = _who(m), m.group("x")
        named = is_place_name(place) or (place[:1].isupper() and not is_common_word(place.lower()))  # ("Headingley")
        if who and named and _HEDGE.said_as_done(text, m, "who"):
            said.append(f"{who} {'live' if who == 'I' else 'lives'} in {title_words(place)} now")
    for m in [*_SETTLED.finditer(text), *_MOVED_TO_SCHOOL.finditer(text)]:
        who = _who(m)
        if who and who != "I" and _HEDGE.said_as_done(text, m, "who"):
            school = title_words(re.sub(r'^the ', '', m.group('x'), flags=re.I))
            if re.match(r"(?i:st\.?|saint) ", school):
                school += " school"  # (a saint's name alone says no school word: the settling in says it)
            said.append(f"{who} is at {school} now")
    for m in _MOVED_OVER.finditer(text):
        tool = m.group("x").rstrip(".")
        whose = re.split(r"[.!?;]\s", text[:m.start()])[-1]
        if re.search(r"\b(?:my|our)\s+\w+'s\b|\b(?:his|her|their|he|she|they)\b", whose, re.I):
            continue  # "my brother's company moved everything over to github": not the speaker's stack
        if tech_kind(tool.lower()) is not None and _HEDGE.said_as_done(text, m):
            said.append(f"we use {tool} now")
    for m in _OFFICIAL.finditer(text):
        if m.group("x").split()[-1].lower() in _TITLES and _HEDGE.said_as_done(text, m, "x"):
            said.append(f"I'm a {m.group('x')} now")
    said += _work_and_homes(text)
    said += [f"my {m.group('pet').lower()} is called {m.group('x').capitalize()}" for m in _PET_HOME.finditer(text)
             if m.group("x").lower() not in ("after", "it", "that") and _HEDGE.said_as_done(text, m, "pet")]
    if re.search(r"\b(?:exchange|part[- ]ex|trade[- ]in)\b", text, re.I):
        for m in _EXCHANGED.finditer(text):
            x = (m.group("x") or m.group("y") or "").strip()
            if object_kind(x.lower()) in ("car", "phone", "computer") and _HEDGE.said_as_done(text, m):
                said.append(f"I sold the {x}" if m.group("x") else f"I got a {x}")
    return said
