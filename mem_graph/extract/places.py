"""Place names chat types in lower case, capitalised before parsing: "im in manchester now", "moved to new york".

The small English pipeline finds a town by its capital letter; "manchester" typed lower-case is a common noun to
it, so "I'm in manchester now" placed no home. ``recase_places`` gives the known place names of
``data/places.txt`` (countries, US states, cities of 50,000+, from GeoNames) their capitals, one to three words
at a time; a name of one word only after a word that comes before a place ("in", "to", "from", "left", "bye").
A name that is also an English verb, adjective or adverb ("bath", "reading", "nice", "split"), a given name
("florence", "victoria") or a car model is left as typed: the words around it must say it is a place.
"""

from __future__ import annotations

import re
from functools import lru_cache
from itertools import pairwise
from pathlib import Path
from typing import Any

from mem_graph.extract.lexicon import CAR_VALUES, GIVEN_NAMES, TECH

# the words a one-word place follows ("in manchester", "moved to leeds", "bye london"); a name of several words
# ("new york") is recased anywhere
_PLACE_BEFORE = frozenset({"in", "to", "from", "near", "around", "outside", "visiting", "visit", "visited", "left",
                           "leaving", "leave", "hello", "bye", "goodbye", "towards", "via", "of"})
_WORD = re.compile(r"(?<![\w'-])[a-z][a-z'-]*(?![\w'-])")


@lru_cache(maxsize=1)
def _all_places() -> frozenset[str]:
    text = (Path(__file__).parent / "data" / "places.txt").read_text(encoding="utf-8")
    return frozenset(line.strip() for line in text.splitlines() if line.strip() and not line.startswith("#"))


def is_place_name(words: str) -> bool:
    """``words`` name a known place ("Cork", which the tagger may call an organisation), whatever else they are."""
    return words.lower() in _all_places()


@lru_cache(maxsize=1)
def place_names() -> frozenset[str]:
    """The lower-case place names safe to recase (see the module doc)."""
    from mem_graph.extract.wordlist import is_common_word  # (it loads the spaCy pipeline: on first use only)

    taken = GIVEN_NAMES | set(CAR_VALUES) | set(TECH)
    return frozenset(n for n in _all_places() if n not in taken and not (" " not in n and is_common_word(n)))


@lru_cache(maxsize=1)
def _word_places() -> frozenset[str]:
    """One-word places that are also English words ("bath", "reading", "nice"): recased only after a move or a home
    (``_HOME_BEFORE``) and before the clause goes on to anything else."""
    return frozenset(n for n in _all_places() if " " not in n and n not in place_names() and n not in GIVEN_NAMES
                     and n not in CAR_VALUES and n not in TECH)


_HOME_BEFORE = re.compile(r"\b(?:mov(?:e|es|ed|ing)|relocat(?:e|es|ed|ing)) to\s+$|\b(?:live|lives|lived|living|"
                          r"based|settled) in\s+$", re.I)
_HOME_AFTER = re.compile(r"^(?:\s*$|\s*[,.!?;)]|\s+(?:in|next|last|this|for|with|now|soon|and|since|at|on|"
                         r"permanently|finally|already|tomorrow|today|yesterday)\b)", re.I)


def recase_places(text: str) -> str:
    """``text`` with the known place names it types in lower case capitalised ("new york" -> "New York"; "we're
    moving to bath in april" -> "Bath")."""
    text = _recase_word_places(text)
    names = place_names()
    out: list[str] = []
    pos = 0
    words = list(_WORD.finditer(text))
    i, placed_end = 0, -1
    while i < len(words):
        for n in (3, 2, 1):  # the longest name first: "new york city", "new york"
            span = words[i:i + n]
            if len(span) < n or any(text[a.end():b.start()] != " " for a, b in pairwise(span)):
                continue
            said = text[span[0].start():span[-1].end()]
            before = text[:span[0].start()].rstrip().rpartition(" ")[2].lower()
            # "columbus ohio", "portland, oregon": a second place right after one recased
            after_place = pos == placed_end and text[pos:span[0].start()] in (" ", ", ")
            if said in names and (n > 1 or before in _PLACE_BEFORE or after_place):
                out.append(text[pos:span[0].start()])
                out.append(" ".join(w[:1].upper() + w[1:] for w in said.split(" ")))
                pos, i = span[-1].end(), i + n
                placed_end = pos
                break
        else:
            i += 1
    out.append(text[pos:])
    return "".join(out)


def _recase_word_places(text: str) -> str:
    words = _word_places()
    return _WORD.sub(lambda m: m.group(0).capitalize() if m.group(0) in words and _HOME_BEFORE.search(
        text[:m.start()]) and _HOME_AFTER.match(text[m.end():]) else m.group(0), text)


def is_town(tok: Any) -> bool:
    """The token names a place: the tagger says so, or it is a known place name ("Durban", tagged ORG)."""
    return tok.ent_type_ in ("GPE", "LOC") or (tok.pos_ == "PROPN" and is_place_name(tok.text))


_WHERE_PREPS = frozenset({"in", "near", "outside"})
# the phrases that may stand between "lives" and the town: "by herself", "on her own", "at his mum's", "with Joe"
_BEFORE_THE_TOWN = frozenset({"in", "near", "outside", "by", "on", "at", "with", "out", "of"})


def lived_in_town(verb: Any) -> Any | None:
    """The town a "live" clause names past the phrases before it: "lives by herself in her bungalow in Margate",
    "lives at his mum's in Croydon", "lives on her own in Durban". Only along the chain of its prepositional
    phrases, never inside a clause ("lives with my aunt who works in London": London is where the aunt works)."""
    stack = [c for c in verb.children if c.dep_ == "prep" and c.lower_ in _BEFORE_THE_TOWN]
    stack += [g for c in verb.children if c.dep_ == "dep" and c.lower_ == "'s" for g in c.children  # "her dad's in"
              if g.dep_ == "prep" and g.lower_ in _WHERE_PREPS]
    while stack:
        prep = stack.pop(0)
        stack += [g for g in prep.children if g.dep_ == "prep" and g.lower_ in _BEFORE_THE_TOWN]  # "out of a van"
        for obj in (g for g in prep.children if g.dep_ == "pobj"):
            if prep.lower_ in _WHERE_PREPS and (is_town(obj) or (obj.pos_ == "PROPN" and obj.ent_type_ not in (
                    "PERSON", "NORP", "DATE", "TIME"))):  # ("in Whitstable": a town too small for the list)
                return obj
            stack += [g for g in obj.children if g.dep_ in ("prep", "nmod") and g.lower_ in _BEFORE_THE_TOWN]
    return None


_TOWN_SCHOOL = re.compile(r"\b([A-Za-z][a-z'-]+) (uni|university|college|poly|polytechnic)\b")


def town_schools(text: str) -> str:
    """"transferred to leeds uni" -> "transferred to Leeds Uni": a known town before a school word names the
    school (lower-case, the parser reads the town as a verb and the speaker as living there)."""
    return _TOWN_SCHOOL.sub(lambda m: f"{m.group(1).title()} {m.group(2).title()}" if is_place_name(m.group(1))
                            else m.group(0), text)
