"""Chat fragments that say a change without the words a parser needs, said in full before parsing:

- "tennis elbow so switched to padel": the "I" after "so" left out before a verb of change -> "so I switched";
- "callum and i are done", "me and Jess are over": a couple that ended -> "... broke up" (never "we're done",
  which ends a conversation as often as a couple, nor "done with the kitchen");
- "new job at a fintech doing their social media": a new job said with no verb -> "I've got a new job at ..."
  (not "new job at Accenture is going great": there the job is the subject);
- "kind of tired of sourdough now": a slot adjective with its "I'm" left out (``adjective_fragment``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

# a verbless "not/no longer/now ..." after lead-ins ("well no longer at google actually"): the speaker's state,
# said without "I'm" (the rules read it as "I'm ...")
SUBJECTLESS_LEAD = re.compile(
    r"^\s*(?P<lead>(?:(?:oops|sorry|wait|no|well|so|ok|okay|eh|idk|yeah|ya|yep|honestly|but|and|oh|anyway|hmm|ugh|"
    r"welp|update|plus|haha|lol)[,.!:]?\s+)*)(?:not(?!\s+(?:a\s+single|(?:a\s+)?(?:one|once|even|much|many|that))\b)|"
    r"no longer|now|still|also|actually)\s+(?:a |an )?\w+", re.I)  # "not a single one since": a none, no state

_SO_CHANGE = re.compile(r"\b(so|and then|then) (?=(?:switched|moved|quit|started|stopped|gave up|sold|bought|joined|"
                        r"left|took up|went|got|changed|swapped)\b)", re.I)
_COUPLE_DONE = re.compile(r"\b((?:[A-Za-z][a-z]+ and (?:i|I|me)|[Mm]e and [A-Za-z][a-z]+))(?:'re| are| r) "
                          r"(?:done|over|finished)\b(?!\s+(?:with|for|now\?|yet))")
_NEW_JOB = re.compile(r"^(\W*(?:(?:so|and|oh|also|update|anyway|plus)\W+)*)new job (?=(?:at|with|in)\b)"
                      r"(?![^.,!?;]*\b(?:is|was|has|are|feels|seems|'s)\b)", re.I)  # not "new job at X is great"


def spelled_out(text: str) -> str:
    """``text`` with each fragment above said in full; any other text as it is."""
    text = _SO_CHANGE.sub(lambda m: f"{m.group(1)} I ", text)
    text = _COUPLE_DONE.sub(lambda m: f"{m.group(1)} broke up", text)
    return _NEW_JOB.sub(lambda m: f"{m.group(1)}I've got a new job ", text)


_LEAD_HEDGES = re.compile(r"^\s*(?:(?:kind of|sort of|kinda|sorta|so|really|pretty|totally|honestly|lowkey|a bit|"
                          r"a little|getting|now|also)\s+)*", re.I)


def adjective_fragment(sentence: str, adjectives: Iterable[str]) -> bool:
    """"kind of tired of sourdough now": a slot adjective ("tired_of", "allergic_to") with its "I'm" left out."""
    rest = _LEAD_HEDGES.sub("", sentence).lower()
    return any(rest.startswith(a.replace("_", " ") + " ") for a in adjectives if "_" in a)


# "my sister-in-law becky's vegetarian so ...": a lower-case given name with "is" contracted before a state
_NAME_IS = re.compile(r"\b([a-z]+)'s (?=(?:vegan|vegetarian|veggie|pescatarian|coeliac|celiac|allergic|pregnant|"
                      r"engaged|married|retired|single|moving|living|working|dating)\b)")  # (not "at": read elsewhere)


def name_is(text: str, names: frozenset[str]) -> str:
    """``text`` with "is" spelled out after a lower-case given name (one of ``names``) before a state."""
    return _NAME_IS.sub(lambda m: f"{m.group(1)} is " if m.group(1) in names else m.group(0), text)


# "registered at Parkview, my GP there is Dr Brennan": the place word between an attribute and its value
_THERE_IS = re.compile(r"\b((?:[Mm]y|[Oo]ur) (?:gp|GP|doctor|manager|boss|teacher|landlord|coach)) (?:there|here|now) "
                       r"(is|'s)\b")


def attribute_there(text: str) -> str:
    """``text`` without the "there" between an attribute and its value ("my GP there is Dr Brennan")."""
    return _THERE_IS.sub(r"\1 \2", text)
