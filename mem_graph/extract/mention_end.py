"""An ending said of a thing that an active fact names only in its words: "i dropped out of the mba" after "User is
doing an MBA at Warwick" (a school keyed by Warwick), "ben and i called it quits" after "User is in a relationship
with Ben" (a status keyed by "relationship"). The fact's object is matched against the words of the speaker's
active facts, not their slot values; only when the fact says the thing ended (a cue such as quit, left, dropped,
split, anymore) and nothing else it could cancel was found."""

from __future__ import annotations

import re

from mem_graph.types import Fact, MemoryRecord

# objects too general to pick one fact out by its words ("left the house", "quit my job" are read elsewhere;
# "left my phone on the bus" must not end "User's phone is an iPhone 12")
_GENERIC = frozenset({
    "job", "work", "it", "that", "this", "them", "him", "her", "one", "place", "thing", "things", "stuff", "company",
    "team", "role", "position", "house", "home", "flat", "car", "phone", "life", "time", "day", "week", "year",
    "people", "everything", "something", "nothing", "all", "me", "you", "us", "user", "town", "city", "country",
})
# slots that hold what one thinks of a thing, not a thing one has or does: an ending of the thing leaves them
_OPINION_SLOTS = ("stance", "favourite", "likes", "dislikes")
# the fact's words say the thing ended (not "User doesn't like Ben": a view, not an ending)
_ENDED = re.compile(r"\b(?:quit|left|leaves|stopped|dropped out|broke up|split|separated|divorc\w*|sold|gave up|"
                    r"given up|no longer|anymore|any more|ended|finished|cancelled|called it quits)\b", re.I)


def ended_by_mention(fact: Fact, records: list[MemoryRecord]) -> list[MemoryRecord]:
    """The speaker's active facts, outside opinion slots, whose words name the object of ``fact`` (a negation
    that says something ended)."""
    obj, subject = fact.object_key, fact.subject_key
    if not _ENDED.search(f"{fact.text} {fact.evidence}"):
        return []
    if not obj or not subject or len(obj) < 3 or obj in _GENERIC or not re.search(r"[a-z]", obj):
        return []
    named = re.compile(rf"(?<![\w-]){re.escape(obj)}(?![\w-])", re.I)
    return [r for r in records if r.subject_key == subject and r.polarity > 0 and named.search(r.text)
            and not (r.slot and r.slot.split("|")[1] in _OPINION_SLOTS)]
