"""Clauses one reader says in full, before the slot readers: an event that ends or states a slot by itself
("biscuit passed away", "the Golf finally died", "Yvonne and I live together", "I graduated in july")."""

from __future__ import annotations

from typing import Any

from mem_graph.extract.clauses import Context
from mem_graph.extract.graduation import graduation
from mem_graph.extract.losses import lost_pet
from mem_graph.extract.possessions import possession_ended
from mem_graph.extract.slots import SlotCatalogue
from mem_graph.extract.together import living_together
from mem_graph.types import Fact, Message


def whole_event(verb: Any, ctx: Context, cat: SlotCatalogue, message: Message) -> Fact | None:
    """The fact one of the event readers makes of ``verb``'s clause, or None."""
    return (lost_pet(verb, ctx, message) or possession_ended(verb, ctx.speaker, cat, message)
            or living_together(verb, ctx, message) or graduation(verb, ctx, message))
