"""Chat lines that leave out the speaker's "I'm" before a bare complement: an age ("currently 17, if that
matters", "32 as of last tuesday") or an adjective said of oneself ("strictly vegetarian since uni", "single
again lol", "fully vegan now"). ``complement_opens`` tells ``chat._implied_subject`` that the line, after its
lead adverbs, opens with one; the "I'm" put back is marked implied, so only a slot fact comes of it
("interesting, go on" gets no fact). Also "like always" / "like usual" read as "as always": continuity, never a
liking ("coding in Eclipse rn, like always" was "User likes always"). ``says_own_routine``: a line that opens
with a present-tense verb of one's routine, its "I" left out ("live in a bungalow near Exeter", "mostly write
python at work"), not a request ("work out a plan for me")."""

from __future__ import annotations

import re

from mem_graph.extract.wordlist import is_verb

# what may follow a complement: the end of the clause, a preposition or a time word ("vegetarian since uni")
_AFTER = r"(?=\s*(?:$|[,.!?;:)]|(?:since|for|now|these|and|but|in|at|with|from|until|anymore|any more|again|too|" \
         r"as|by|lately|nowadays|currently|right now|at the moment|though|tho|here|lol|tbh|of|about|to|if|so|" \
         r"today|already|atm)\b))"
# "32 as of last tuesday", "17 years old"; not "14 years. gutted" (how long, said of something else)
_AGE = re.compile(r"^(\d{1,3})(?:\s*(?:years?|yrs?) old|\s*(?:yo|y/o|y\.o\.))?" + _AFTER, re.I)
_INTENSIFIERS = r"(?:(?:strictly|fully|totally|mostly|completely|pretty|very|so|really|basically|kind of|sort of|" \
                r"now|still|happily|proudly|officially|newly|recently|finally|mainly|largely)\s+)*"
_ADJECTIVE = re.compile(rf"^{_INTENSIFIERS}([a-z][a-z-]+)" + _AFTER, re.I)
_LIKE_ALWAYS = re.compile(r"(?<![\w'])(?:like|same as) (always|usual|normal|ever|before)\b", re.I)
_CLOCKWORK = re.compile(r"(?<![\w'])like clockwork\b", re.I)


def complement_opens(rest: str) -> bool:
    """``rest`` (a line after its lead words) opens with an age or an adjective said of the speaker."""
    from mem_graph.extract.catalogue import DIETS
    from mem_graph.extract.wordlist import is_adjective

    age = _AGE.match(rest)
    if age is not None:
        return 0 < int(age.group(1)) < 120
    adjective = _ADJECTIVE.match(rest)
    if adjective is None:
        return False
    word = adjective.group(1).lower()  # a diet word is an adjective too ("vegetarian"), if the word list says noun
    return (is_adjective(word) or word in DIETS) and not word.endswith(("ing", "ed"))  # a participle: read apart


# "nurse on a cardiac ward at St James's", "software engineer at monzo": a line that opens with the speaker's
# job, its "I'm a" left out (up to two words before the job noun, none of them a function word or a verb); a
# bare "engineer." answers the assistant's question, and is left as said
_JOB_FIRST = re.compile(r"^((?:[a-z][a-z-]+ ){0,2}?)([a-z]+)(?=\s+(?:at|in|on|for|with|by|now|since|and)\b)", re.I)
_NOT_MODIFIERS = frozenset({"the", "a", "an", "my", "our", "your", "his", "her", "their", "this", "that", "no", "not",
                            "any", "some", "every", "each", "which", "what", "who", "is", "was", "be", "as", "like"})


def job_opens(rest: str) -> str | None:
    """The article for "I'm a/an" when ``rest`` (a line after its lead words) opens with the speaker's job."""
    from mem_graph.extract.lexicon import OCCUPATIONS

    m = _JOB_FIRST.match(rest)
    if m is None or m.group(2).lower() not in OCCUPATIONS:
        return None
    before = m.group(1).lower().split()
    if any(w in _NOT_MODIFIERS or is_verb(w) for w in before):
        return None
    return "an" if rest[:1].lower() in "aeiou" else "a"


# "knee injury so no running for a while", "no more climbing for me": a pastime stopped, said with "no" and no
# verb; said "I'm not running for a while" it is a negated activity (extract/activities.py)
_NO_ACTIVITY = re.compile(r"(?<![\w'])no (more )?([a-z]{3,}ing)(?: for me)?(?=(?P<when>\s+(?:for (?:a while|now|"
                          r"the moment|a bit|a few (?:weeks|months))|anymore|any more|these days|at the moment|until|"
                          r"till)\b)|\s*(?:$|[,.!;]))", re.I)
_NOT_ACTIVITIES = frozenset({"thing", "nothing", "morning", "evening", "wedding", "building", "ceiling", "pudding",
                             "something", "anything", "everything", "sibling", "darling", "spring", "string"})


def not_doing(text: str) -> str:
    """``text`` with a pastime stopped said with "no" said as "I'm not <doing>" ("no more X" as "... anymore";
    a bare "no smoking" is a sign, left as it is)."""
    def said(m: re.Match[str]) -> str:
        if m.group(2).lower() in _NOT_ACTIVITIES or not (m.group(1) or m.group("when")):
            return m.group(0)
        return f"I'm not {m.group(2)}" + ("" if m.group("when") else " anymore")

    return _NO_ACTIVITY.sub(said, text)


def continuity(text: str) -> str:
    """``text`` with chat's "like always" said "as always" (and "like clockwork" "as always")."""
    return _CLOCKWORK.sub("as always", _LIKE_ALWAYS.sub(lambda m: f"as {m.group(1)}", text))


# present-tense verbs a chat line opens with in the speaker's stead, by the words that may follow them (not a
# request: "work out a plan", "live a little", "share your thoughts")
_ROUTINE_VERBS = {
    "live": frozenset(["in", "near", "with", "on", "by", "at", "just", "outside", "abroad", "alone", "together"]),
    "work": frozenset(["at", "for", "in", "as", "from", "nights", "weekends", "part", "full", "remotely", "remote"]),
    "share": frozenset(["a", "an", "the"]),
    "teach": frozenset(), "study": frozenset(), "drive": frozenset(["a", "an", "the"]),
}


_HABIT_ADVERBS = frozenset(["mostly", "usually", "always", "still", "also", "currently", "now", "really", "mainly",
                            "basically", "kinda", "literally", "actually", "totally"])


# a pastime or a habit said with how often: "play tennis on sundays", "drink way too much coffee, like 5 a day"
_HABIT_VERBS = frozenset(["play", "drink", "eat", "run", "swim", "cycle", "walk", "go", "do", "train", "climb"])
_HOW_OFTEN = re.compile(r"\b(?:every|each|daily|weekly|twice|thrice|on (?:mon|tues|wednes|thurs|fri|satur|sun)days|"
                        r"(?:on|at) weekends|a (?:day|week|month)|most (?:days|mornings|evenings|nights|weekends))\b",
                        re.I)


def says_own_routine(first: str, after: str, *, adverbs: set[str], line: str = "") -> bool:
    """A present-tense verb of the speaker's routine, its "I" left out: "work at a costa" (a verb from
    ``_ROUTINE_VERBS`` before a word it takes), after a frequency adverb ("mostly write go at work"), or a
    pastime's verb in a ``line`` that says how often ("play tennis on sundays with my sister")."""
    if first in _HABIT_VERBS and after not in ("me", "us", "your", "it", "this", "that", "some", "a", "an") and \
            _HOW_OFTEN.search(line):
        return True
    if first in _ROUTINE_VERBS:
        follows = _ROUTINE_VERBS[first]
        return bool(after) and after not in ("me", "us", "your", "out", "it", "this", "that") \
            and (not follows or after in follows)
    return bool(adverbs & _HABIT_ADVERBS) and bool(after) and after not in ("me", "us", "your") and is_verb(first) \
        and not first.endswith(("ing", "ed", "s"))


# "sold my honda, bought a subaru", "quit my job, joined a startup": a thing ended, then its successor got, in a
# second clause after the comma with its "I" left out too
_ENDED_FIRST = re.compile(r"^\W*I (?:(?:just|finally|also)\s+)?(?:sold|quit|left|ditched|dropped|scrapped|traded|"
                          r"gave up|got rid of|moved out of|retired)\b", re.I)
_COMMA_PAST = re.compile(r",\s+(?:(?:and\s+)?(?:then|just|finally|also)\s+)?(got|bought|picked|joined|started|"
                         r"adopted|moved|switched|found|took)\b")


def successor_subjects(sentence: str) -> tuple[str, list[int]]:
    """``sentence`` (one whose "I" was put back) with the "I" of a successor's clause put back too, and those
    "I"s' offsets."""
    out, offsets, pos = [], [], 0
    if not _ENDED_FIRST.match(sentence):
        return sentence, []
    for m in _COMMA_PAST.finditer(sentence):
        out.append(sentence[pos:m.start(1)])
        offsets.append(sum(len(x) for x in out))
        out.append("I ")
        pos = m.start(1)
    out.append(sentence[pos:])
    return "".join(out), offsets
