"""The entities a parsed text names: its named entities and the heads of its noun chunks (for verbatim
memories' graph nodes and for the entity list of every fact)."""

from __future__ import annotations

from typing import Any

from mem_graph.extract.clauses import compound_span
from mem_graph.extract.nlp import ENTITY_LABELS, SKIP_LABELS, entity_type
from mem_graph.types import EntityRef


def doc_entities(doc: Any) -> list[EntityRef]:
    """Named entities (not dates or numbers), then noun chunks by their head with its compounds, one per key."""
    ents: dict[str, EntityRef] = {}
    for ent in doc.ents:
        if ent.label_ in SKIP_LABELS:
            continue
        ref = EntityRef(ent.text, ENTITY_LABELS.get(ent.label_, "thing"))
        if ref.key and len(ref.key) > 1:
            ents.setdefault(ref.key, ref)
    for chunk in doc.noun_chunks:
        root = chunk.root
        if root.pos_ == "PRON" or root.is_stop or root.like_num:
            continue
        toks = [t for t in compound_span(root) if not t.is_stop]
        if not toks:
            continue
        name = " ".join([t.text for t in toks[:-1]] + [toks[-1].lemma_ if root.pos_ == "NOUN" else toks[-1].text])
        ref = EntityRef(name, entity_type(toks))
        if ref.key and len(ref.key) > 2:
            ents.setdefault(ref.key, ref)
    return list(ents.values())
