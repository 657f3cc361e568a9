"""A child moved to another school, said the way parents say it: "finally shifted kabir to ryan international from
this session", "we pulled anaya out of greenwood ... she's just done her first week at st mary's", "moved my son to
Oakfield this term"; and the speaker's own studies moved ("transferred my masters to Glasgow": "I study at Glasgow
now"). Each is said back as "<child>'s school is now <school>" (or, with no new school named, "<child>
doesn't go to <old school> anymore") for the rules to read over the whole turn. Names typed lower-case are taken as
said (a child's name is no dictionary word; a school's name runs to the next clause word). A plan or a wish
("thinking of moving kabir to...", "might pull her out of...") says nothing.
"""

from __future__ import annotations

import re

from mem_graph.extract.lexicon import GIVEN_NAMES
from mem_graph.extract.wordlist import is_english_word

_KIDS = r"son|daughter|boy|girl|kid|child|eldest|youngest|little one"
# the child: "my son", "our eldest", or a name (capitalised, or a word of no dictionary: "kabir")
_WHO = rf"(?P<who>(?:my|our) (?:{_KIDS})|[A-Za-z][a-z]+)"
# a school's name: up to four words, to the next clause word or stop
_CLAUSE_WORDS = (r"from|this|after|last|next|since|on|in|at|for|and|but|so|because|coz|cos|as|the|which|where|now|"
                 r"today|yesterday|went|was|is|has|had|started|starts|going|goes")
_SCHOOL = rf"(?P<school>(?:st\.? |saint )?[\w'&-]+(?: (?!(?:{_CLAUSE_WORDS})\b)[\w'&-]+){{0,3}})"
_STOP = rf"(?=\s*(?:$|[,.!;?)]|\s(?:{_CLAUSE_WORDS})\b))"
_HEDGE = re.compile(r"\b(?:thinking|think|might|may|maybe|considering|planning|plan|want|wanna|hoping|hope|if|should|"
                    r"could|would|whether|about to|going to|gonna)\b[^.!?]*$", re.I)
_SHIFTED = re.compile(rf"\b(?:shifted|moved|switched|transferred|changed) {_WHO} (?:over )?(?:to|into) "
                      rf"{_SCHOOL}{_STOP}", re.I)
_PULLED = re.compile(rf"\b(?:pulled|took|taken|taking) {_WHO} out of {_SCHOOL}{_STOP}", re.I)
# "transferred my masters to Glasgow", "moved my phd over to Imperial": the speaker's own studies moved
_COURSE_MOVED = re.compile(rf"\b(?:transferred|moved|switched|shifted) my (?:masters|master's|degree|course|phd|"
                           rf"studies|mba|msc|bsc|undergrad) (?:over )?(?:to|into) {_SCHOOL}{_STOP}", re.I)
_FIRST_AT = re.compile(rf"\bfirst (?:day|week|term|month|few days) at {_SCHOOL}{_STOP}", re.I)
_SCHOOL_TALK = re.compile(r"\b(?:school|class|classes|grade|year \d|session|term|commute|admission|teacher|primary|"
                          r"uniform|"
                          r"bullying|pupil|classmates?|first (?:day|week|term) at)\b", re.I)
_NOT_A_CHILD = frozenset({"him", "her", "them", "it", "me", "us", "everyone", "everything", "house", "home", "office",
                          "desk", "car", "stuff", "things", "money", "savings"})


def _child(word: str) -> str | None:
    low = word.lower()
    if low.startswith(("my ", "our ")):
        return "my " + low.split(" ", 1)[1]
    if low in _NOT_A_CHILD or (word.islower() and is_english_word(low) and low not in GIVEN_NAMES):
        return None
    return word[:1].upper() + word[1:]


def _named(school: str) -> str:
    return " ".join(w if any(c.isupper() for c in w) else w[:1].upper() + w[1:] for w in school.split())


def school_moved(text: str) -> list[str]:
    """"<child>'s school is now <school>" for each child the turn says was moved to another school."""
    said = [f"I study at {_named(m.group('school'))} now" for m in _COURSE_MOVED.finditer(text)
            if not _HEDGE.search(text[: m.start()])]
    if not _SCHOOL_TALK.search(text):
        return said
    for m in _SHIFTED.finditer(text):
        if not _HEDGE.search(text[: m.start()]) and (who := _child(m.group("who"))):
            said.append(f"{who}'s school is now {_named(m.group('school'))}")
    for m in _PULLED.finditer(text):
        if _HEDGE.search(text[: m.start()]) or not (who := _child(m.group("who"))):
            continue
        new = _FIRST_AT.search(text, m.end())
        said.append(f"{who}'s school is now {_named(new.group('school'))}" if new else
                    f"{who} doesn't go to {_named(m.group('school'))} anymore")
    return said
