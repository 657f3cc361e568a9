"""Whether a turn whose facts carry only part of it must also be kept verbatim (an *episodic* memory).

A turn is kept verbatim beside its facts when some statement in it is carried by none of them ("we left
denver, moved to boise last month": the move is lost if the parse missed it). A clause the facts account
for (its words are in a fact's text, in the value it replaces or in its evidence: "traded in my honda for
a subaru" -> "User now drives Subaru Outback", replacing honda, cue "traded") needs no copy, nor does a
comment headed by an adjective or adverb ("way better in snow", "so excited"): a copy of the whole turn
beside the UPDATE fact would only say the change again, the old value included.
"""

from __future__ import annotations

import re
from typing import Any

from mem_graph.extract.chat import FILLERS, is_small_talk
from mem_graph.extract.wordlist import may_name_a_thing
from mem_graph.types import Fact

_CLAUSES = re.compile(r"\s*(?:[,;:!?.]+|\s(?:and|but|plus|so|then)\s)\s*", re.I)
_WORDS = re.compile(r"[a-z0-9]{2,}")
# "i love reality tv, it's my guilty pleasure", "that's our thing": what the thing just named is to the speaker,
# said of it with a pronoun; the fact before carries it (a copy would keep its edges when the stance changes)
_COMMENT = re.compile(r"^(?:(?:lol|haha|honestly|tbh|like|yeah|and|but)\W+)*(?:(?:it|that|this|they)"
                      r"(?:'s|'re| is| are| was| were)|its|thats) (?:(?:literally|honestly|really|just|kinda|kind of|"
                      r"basically|totally|still) )*(?:my|our) [a-z' -]+$", re.I)


def _accounted(facts: list[Fact]) -> set[str]:
    words: set[str] = set()
    for f in facts:
        for part in (f.text, f.evidence, *f.replaces, f.object_key or ""):
            words.update(_WORDS.findall(part.casefold()))
    return words


def uncovered_statement(text: str, facts: list[Fact], nlp: Any, stop: frozenset[str],
                        naming: bool = False) -> str | None:
    """The first clause of ``text`` (a turn's statements, spelled out) that says something with a verb and
    that the facts do not account for (fewer than half its content words), or None when a verbatim copy
    would add nothing. ``naming``: only a clause that names a thing the facts do not ("i listen to techno
    now"; not "havent touched it since", "he cooked for us on friday")."""
    said = _accounted(facts)
    open_clauses = []
    for clause in filter(None, (c.strip() for c in _CLAUSES.split(text))):
        words = {w for w in _WORDS.findall(clause.casefold()) if w not in stop and w not in FILLERS}
        if words and len(words & said) * 2 < len(words) and not is_small_talk(clause) and not (
                facts and _COMMENT.match(clause)):
            open_clauses.append(clause)
    if naming:  # a clause that can name no thing (no noun, no name among its own words) needs no parse
        open_clauses = [c for c in open_clauses if any(
            may_name_a_thing(w) for w in _WORDS.findall(c.casefold()) if w not in said and w not in stop)]
    if not open_clauses:
        return None
    # a clause with a verb, or one headed by a noun ("plus squash on Tuesdays": one more value, said
    # elliptically), says something; one headed by an adjective or adverb ("way better in snow") comments
    said_more = [c for c, doc in zip(open_clauses, nlp.pipe(open_clauses), strict=True)
                 if any(t.pos_ in ("VERB", "AUX") or (t.dep_ == "ROOT" and t.pos_ in ("NOUN", "PROPN")) for t in doc)
                 and (not naming or any(t.pos_ in ("NOUN", "PROPN") and not t.ent_type_ and t.lower_ not in said
                                        and t.lower_ not in stop for t in doc))]
    return said_more[0] if said_more else None
