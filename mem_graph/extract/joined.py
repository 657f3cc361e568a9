"""A new value said as joining a side or as a headline: "made the switch to vegan 3 weeks ago", "iPhone 14 gang
now", "team matcha now lol", "new name for the pup: Ziggy", "new favourite food: tacos".

Chat says a change of diet, phone or car with a noun of switching ("made the switch/jump/move to X") or as
belonging to a camp ("X gang", "team X"); the clause reader finds no verb of its own there and the turn was kept
as said. When the part of the sentence is the speaker's (no subject but "I"/"we", no hedge: "might make the
switch to vegan" and "thinking about making the jump" are plans) and X, its trailing time and chat words set
aside, is a value the lexicons know, it is read as the plain statement of that value: a diet ("I went vegan"),
a phone ("I use the iPhone 14 now"), a car ("I drive a Tesla Model 3 now"), a hot drink ("I drink matcha now"),
a sport ("I do pilates now"); "new name for the <pet>: <Name>" as "my <pet> is called <Name> now", and "new
favourite <thing>: <value>" as "my favourite <thing> is <value> now".
A tool's switch is from_to.py's; a name no lexicon knows ("team edward") reads nothing.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from mem_graph.extract.catalogue import DIETS
from mem_graph.extract.cue_change import object_kind
from mem_graph.extract.lexicon import CAR_VALUES, COMPUTER_VALUES, PHONE_VALUES
from mem_graph.types import Fact, normalise_entity

_LEAD = r"^\s*(?:(?:ok|okay|so|well|lol|ngl|honestly|tbh|finally|just|officially|and|yeah|i|we|i've|we've|have" \
        r"|'ve)\s+)*"
_SWITCH = re.compile(_LEAD + r"(?:made|make|making|did) the (?:switch|jump|move|leap|change) (?:over )?to "
                     r"(?:the |a |an )?(?P<x>.+)$", re.I)
_CAMP = re.compile(_LEAD + r"(?:team (?P<x>.+?)|(?P<y>.+?) gang)(?:\s+(?:now|these days|for life|all the way|lol|"
                   r"tbh|ngl|haha|fr))*\s*$", re.I)
# "new name for the pup: Ziggy", "ok new favourite food: tacos", "new sport era: pilates 3x a week"
_NEW = re.compile(_LEAD + r"(?:my |our )?new (?P<attr>[a-z' ]{2,40}?)\s*:\s*(?P<x>.+)$", re.I)
_NAMED = re.compile(r"^name (?:for|of) (?:the|my|our) (?P<pet>[a-z]+)$")
_PET_WORDS = {"pup": "dog", "puppy": "dog", "doggo": "dog", "doggy": "dog", "pupper": "dog", "kitty": "cat",
              "kitten": "cat"}  # chat's words for a pet, as its kind (who "my dog" is is known)
# where the value's words end: a time, a filler, a clause of its own
_END = re.compile(r"\s+(?:\d+ \w+ ago|ago|last|this|yesterday|today|in|since|for|over|lol|now|tbh|ngl|haha|and|but"
                  r"|after|when|because|cause|cuz)\b.*$", re.I)


def _statement(value: str) -> str | None:
    """The plain statement of a value the lexicons know, or None."""
    low = value.lower()
    words = low.split()
    if low in DIETS:
        return f"I went {low}"
    if any(w in PHONE_VALUES for w in words):
        return f"I use the {value} now"
    if low in COMPUTER_VALUES or any(w in COMPUTER_VALUES for w in words):
        return f"I use a {value} now"
    if any(w in CAR_VALUES for w in words) and len(words) > 1:
        return f"I drive a {value} now"
    if object_kind(low) == "hot drink":
        return f"I drink {low} now"
    if object_kind(low) in ("sport", "activity"):
        return f"I do {low} now"
    return None


def _new_attribute(attr: str, value: str) -> str | None:
    """The plain statement of "new <attribute>: <value>", or None."""
    attr = attr.lower().strip()
    if (named := _NAMED.match(attr)) is not None and value[:1].isupper() and len(value.split()) == 1:
        return f"my {_PET_WORDS.get(named.group('pet'), named.group('pet'))} is called {value} now"
    if re.match(r"(?:all time )?(?:favourite|favorite|fave?) \w+", attr):
        return f"my {attr} is {value} now"
    return _statement(value)


def joined_facts(sentence: str, found: list[Fact], read: Callable[[str], list[Fact]]) -> list[Fact]:
    """The facts of a value the speaker switched to or joined the camp of (none when no rule fires)."""
    for part in re.split(r"[,;!?]|\.(?:\s|$)", sentence):
        m = _NEW.match(part) or _SWITCH.match(part) or _CAMP.match(part)
        if m is None:
            continue
        said = next(g for g in (m.groupdict().get("x"), m.groupdict().get("y")) if g)
        value = re.sub(r"\s+\d+x\b.*$", "", _END.sub("", said.strip())).strip(" .")  # "pilates 3x a week"
        if value[1:2].isupper() and value[2:3].islower():  # "IPhone 14": capitalised only as the sentence's start
            value = value[:1].lower() + value[1:]
        attr = m.groupdict().get("attr")
        statement = None if not 0 < len(value.split()) <= 4 else (
            _new_attribute(attr, value) if attr else _statement(value))
        if statement is None or any(f.object_key == normalise_entity(value) and not f.negated for f in found):
            continue
        return [f for f in read(statement) if f.slot and not f.negated]
    return []
