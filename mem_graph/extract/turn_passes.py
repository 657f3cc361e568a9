"""What one turn's facts say together, settled after each clause is read: "there" is the place named before
(there.py), a replacement links the value it ends (cues.py), a couple's status names the partner (couples.py),
and a value said beside "still <old value>" refines it ("still in berlin, moved to a bigger flat in
kreuzberg": Kreuzberg is where in Berlin, not a move away)."""

from __future__ import annotations

from mem_graph.extract.couples import name_the_couple
from mem_graph.extract.cues import link_replacements
from mem_graph.extract.there import resolve_there
from mem_graph.types import Fact


def _refined_beside_still(facts: list[Fact]) -> None:
    """A single-valued fact beside one that keeps the slot's value ("still in berlin") takes no slot: it says
    more about the value kept, it does not replace it."""
    kept = {f.slot for f in facts if f.slot and f.single_valued and " still " in f" {f.text.lower()} "}
    for f in facts:
        if f.slot in kept and " still " not in f" {f.text.lower()} " and not f.negated:
            f.slot, f.single_valued = None, False
            f.evidence += "; said beside 'still': a detail of the value kept"


def across_the_turn(facts: list[Fact], partners: dict[str, str] | None = None, text: str = "") -> None:
    """Settle the turn's facts together (in place; see the module doc). ``partners``: subject key -> the partner
    earlier turns named."""
    resolve_there(facts)
    link_replacements(facts)
    name_the_couple(facts, partners, text)  # "my boyfriend dan proposed!! we're engaged": engaged to Dan
    _refined_beside_still(facts)
