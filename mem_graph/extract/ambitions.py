"""What someone wants to become: "my daughter Grace wants to be a vet", "he dreams of being a pilot", "she wants
to be an architect now". A job only wanted is no occupation (it never replaces what they do), but it is a value
of its own that changes ("grace has changed her mind, she wants to be an architect now" replaces the vet): the
``ambition`` slot, one at a time. The clause reader places the wanted job as an occupation; here that match
becomes the ambition, and the wanting is stated now (no hedge: the wish itself is the fact)."""

from __future__ import annotations

from typing import Any

from mem_graph.extract.slots import SlotCatalogue, SlotMatch

_WANTING = frozenset({"want", "dream", "hope", "aspire", "wish"})


def wanted_job(cat: SlotCatalogue, pred: Any, m: SlotMatch | None) -> SlotMatch | None:
    """``m`` as the ambition when it places an occupation under a verb of wanting ("wants to be a vet")."""
    if m is None or m.spec.name != "occupation" or "ambition" not in cat.specs or pred.verb.i == pred.target.i:
        return m
    if pred.verb.lemma_.lower() not in _WANTING:
        return m
    evidence = m.evidence.replace("slot occupation:", "slot ambition:", 1)
    return SlotMatch(cat.specs["ambition"], m.subject, m.object, f"{evidence} (a job wanted)", m.qualifier,
                     m.polarity)
