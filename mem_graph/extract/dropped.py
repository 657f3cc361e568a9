"""Facts a turn yields that the turn itself does not say, dropped before reconciliation:

- an object that is a pronoun nothing resolved: "sore from spin classes again, i do it like every other day" gave
  "User does it like every other day", which says nothing once it stands alone (and whose turn was then not kept
  verbatim, so a later "gave up spin classes" found nothing naming them); a turn left with no fact is kept
  verbatim, in the user's own words;
- a clause whose complement chat left out: "i'm on sertraline, have been for a couple of years" gave "User has
  been for a couple of years", which says how long of nothing (the clause before it says what);
- a clause rendered without its complement: "he's after being invited to a party" (Irish "has just been")
  gave "Declan is", which says nothing at all;
- a value the same turn says it replaces: "my dog's name is Luna not Max lol" gave "User's dog now named Luna"
  (replacing Max) and, from another reader, "User's dog's name is Max".
"""

from __future__ import annotations

import re

from mem_graph.types import Fact, normalise_entity

_PRONOUNS = frozenset({"it", "that", "this", "them", "those", "these"})
_ELIDED = re.compile(r"^\S+(?:'s \S+)? (?:has|have|had) been (?:for|since|like|about|around|over)\b", re.I)
_BARE_COPULA = re.compile(r"\b(?:is|are|was|were|has|have|had|been|will|would)\W*$", re.I)


# "Django is completely gone": a plain fact beside the slot's own "doesn't use Django anymore"
_IS_GONE = re.compile(r"^(.+?) (?:is|are|'s) (?:\w+ )?(?:gone|dead|history)$", re.I)


def without_unsaid(facts: list[Fact]) -> list[Fact]:
    """``facts`` less those whose object is an unresolved pronoun that no slot holds, and those stating a value
    another fact of the turn replaces in the same slot."""
    replaced = {(f.slot, old) for f in facts if f.slot and not f.negated for old in f.replaces}
    ended = {f.object_key for f in facts if f.slot and f.negated}  # "django is completely gone" said as no use
    return [f for f in facts if (f.slot or (f.object_key or "") not in _PRONOUNS)
            and (f.negated or (f.slot, f.object_key) not in replaced) and (f.slot or not _ELIDED.match(f.text))
            and not _BARE_COPULA.search(f.text) and not (
                not f.slot and (gone := _IS_GONE.match(f.text)) and normalise_entity(gone.group(1)) in ended)]
