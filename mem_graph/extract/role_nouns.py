"""A noun that names what the speaker does, drinks or uses, said as "my <noun> is X" or "X is my <noun>".

"my regular workout is tennis", "my exercise routine is basically just crossfit", "swimming is my sport" (the
sport or exercise the speaker does: ``hobbies``), "my daily drink is energy drinks", "espresso is my daily
thing" (what the speaker drinks: ``drinks``, so a later "quit espresso" ends a drink, never a job), "Vim is my
editor of choice", "my IDE is PyCharm" (a tool the speaker uses: ``tools``). Without this the noun was no
slot's, or a role "drink"/"thing" whose value nothing ends. A bare "thing" names a drink only when the value is
a drink ("tennis is my thing" stays a liking). The value must be a thing, not how the noun is ("my workout
is intense").
"""

from __future__ import annotations

from typing import Any

from mem_graph.extract.lexicon import tech_kind

# the nouns, after qualifiers ("regular", "daily", "usual"), and the slot whose value they introduce
_ROLE_NOUNS: dict[str, str] = {
    "workout": "hobbies", "exercise": "hobbies", "exercise routine": "hobbies", "workout routine": "hobbies",
    "fitness routine": "hobbies", "gym routine": "hobbies", "training": "hobbies", "sport": "hobbies",
    "cardio": "hobbies", "exercise of choice": "hobbies", "sport of choice": "hobbies",
    "drink": "drinks", "beverage": "drinks", "drink of choice": "drinks", "caffeine": "drinks",
    "stack": "tools", "tech stack": "tools",  # "our stack is react + node + Postgres": each a tool of the team's
    "editor": "tools", "ide": "tools", "text editor": "tools", "code editor": "tools", "editor of choice": "tools",
}
# what a team's code is ("our frontend is angular", "the whole codebase is pytorch now"): a tool of theirs, when the
# value is a tool's name
_STACK_NOUNS = frozenset({"stack", "tech stack", "frontend", "front end", "backend", "back end", "codebase",
                          "code base", "app", "api", "website", "site", "infra", "infrastructure", "pipeline",
                          "monolith", "ml stack", "data stack", "training code", "models", "ci"})
_ROLE_NOUNS.update(dict.fromkeys(_STACK_NOUNS, "tools"))
_QUALIFIERS = frozenset({"regular", "daily", "usual", "main", "go-to", "current", "normal", "typical", "weekly",
                         "morning", "preferred", "primary", "only", "whole", "entire", "new"})
# the head words of a drink ("diet coke", "black coffee", "energy drinks")
# what a drink is served in ("a cup of tea"): the drink is the object
PORTIONS = frozenset(["cup", "mug", "glass", "pint", "bottle", "can", "shot", "bowl", "slice", "plate", "portion",
                      "serving", "pack", "packet", "litre", "liter"])
DRINKS = frozenset({"coffee", "tea", "coke", "cola", "soda", "juice", "beer", "wine", "cider", "water", "milk",
                    "latte", "espresso", "matcha", "chai", "kombucha", "smoothie", "drink", "pepsi", "cappuccino",
                    "mocha", "americano", "macchiato", "decaf", "cocoa", "lemonade", "seltzer", "whisky", "whiskey",
                    "gin", "vodka", "rum", "lager", "ale", "mate", "boba", "redbull", "lucozade"})
_VAGUE = frozenset({"thing", "vice", "fix", "addiction", "go-to"})


def is_role_noun(word: str) -> bool:
    """A noun naming what the speaker does, drinks or uses ("drink", "editor", "workout")."""
    return word in _ROLE_NOUNS


def role_noun(words: str, value: list[Any]) -> tuple[str, str] | None:
    """(slot name, the noun as said) when ``words`` (the attribute, "regular workout", "editor") introduces the
    value ``value`` (its tokens) of a slot of the speaker's."""
    head = next((t for t in reversed(value) if t.pos_ in ("NOUN", "PROPN", "VERB") or (
        t.pos_ == "ADJ" and t.text[:1].isupper() and t.i > 0) or tech_kind(t.lower_) is not None), None)
    # ("my editor is Vim", "our frontend is angular": a name read as an adjective; "is react now": as a verb)
    if head is None or (head.pos_ == "VERB" and not head.lower_.endswith("ing") and tech_kind(head.lower_) is None):
        return None
    parts = words.lower().replace("favourite", "").replace("favorite", "").split()
    if len(parts) != len(words.split()):
        return None  # "my favourite sport": the favourite slot's
    while parts and parts[0] in _QUALIFIERS:
        parts = parts[1:]
    noun = " ".join(parts)
    if noun in _VAGUE:
        return ("drinks", noun) if head.lemma_.lower() in DRINKS or head.lower_ in DRINKS else None
    slot = _ROLE_NOUNS.get(noun)
    if noun in _STACK_NOUNS and not (head.pos_ == "PROPN" or tech_kind(head.lower_) is not None):
        return None  # "our stack is a mess", "my app is live": no tool
    return (slot, noun) if slot is not None else None
