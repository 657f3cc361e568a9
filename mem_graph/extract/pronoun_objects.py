"""Facts whose object is a pronoun nothing resolved: "sore from spin classes again, i do it like every other day"
gave "User does it like every other day", a fact that says nothing once it stands alone (and whose turn was
then not kept verbatim, so a later "gave up spin classes" found nothing naming them). Such a fact is dropped;
a turn left with no fact is kept verbatim, in the user's own words."""

from __future__ import annotations

from mem_graph.types import Fact

_PRONOUNS = frozenset({"it", "that", "this", "them", "those", "these"})


def without_bare_pronouns(facts: list[Fact]) -> list[Fact]:
    """``facts`` less those whose object is an unresolved pronoun and that no slot holds."""
    return [f for f in facts if f.slot or (f.object_key or "") not in _PRONOUNS]
