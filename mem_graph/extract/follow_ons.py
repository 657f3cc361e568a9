"""The sentence-level readers of a change the clause reader misses, each by reading a plain clause in the
speaker's stead (``read``: a sentence -> its slot facts), in order:

- ``successor_facts``: a value ended, the next named in a bare fragment ("not vegan anymore, keto now");
- ``not_the_old``: a value said new, the old one ended in a bare fragment ("into indie rock now, not hip hop");
- ``switched_tool``: a tool switch the parse missed ("we migrated from MongoDB to Postgres");
- ``replaced_by``: the new thing as the subject of "replace" ("boxing has replaced swimming for me");
- ``joined_facts``: a value switched to or joined as a camp ("made the switch to vegan", "iPhone 14 gang now");
- ``with_new_partner``: the new partner named beside a breakup ("i'm with Riley now, things with Jamie ended").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mem_graph.extract.from_to import switched_tool
from mem_graph.extract.joined import joined_facts
from mem_graph.extract.new_partner import with_new_partner
from mem_graph.extract.replaced_by import replaced_by
from mem_graph.extract.successor import not_the_old, successor_facts
from mem_graph.types import Fact


def follow_on_facts(sent: Any, found: list[Fact], speaker: str, read: Callable[[str], list[Fact]]) -> list[Fact]:
    """``found`` with what each reader adds or puts in place of what the clause reader made of the sentence."""
    text = sent.text
    after = successor_facts(text, found, speaker, read)
    if after:  # "i'm done with spotify, apple music now": the successor is no second thing the speaker is done with
        named = {f.object_key for f in after}
        found = [f for f in found if not (f.object_key in named and (f.negated or f.polarity < 0))]
    found = found + after
    found = found + not_the_old(text, found, speaker, read)
    found = switched_tool(text, found, read)
    found = replaced_by(sent, found, read)
    return with_new_partner(found + joined_facts(text, found, read))
