"""Which single-valued attribute a question asks for ("Where does Bob's report work?" -> employer).

Classic question answering's *answer type*: a question names the attribute it wants through its wh-word and
predicate. A memory that holds a value of that attribute answers it; one that only mentions the people asked
about ("Bob manages Alice") is a step on the way. Read from the slot catalogue's own lexicon (verb +
preposition, attribute nouns), without a parse, so a search costs no spaCy call: the question's words are
matched against every inflection of each slot verb. Only single-valued slots: "the" value of an attribute.
"""

from __future__ import annotations

import re
from functools import lru_cache

from mem_graph.extract.catalogue import DEFAULT_SLOTS, SlotSpec

_WH = {"where", "what", "which", "who", "whom", "whose", "how"}
# prepositions a "where" stands in for ("works at" -> "where does she work")
_PLACE_PREPS = {"in", "at", "for", "to", "from", "on"}
_IRREGULAR = {"be": ("is", "are", "was", "were", "been", "being"), "go": ("goes", "went", "gone", "going"),
              "teach": ("teaches", "taught", "teaching"), "bear": ("born",), "drive": ("drives", "drove",
              "driven", "driving"), "eat": ("eats", "ate", "eaten", "eating"), "see": ("sees", "saw",
              "seen", "seeing"), "hire": ("hired",), "come": ("comes", "came", "coming"),
              "grow": ("grows", "grew", "grown", "growing"), "become": ("becomes", "became", "becoming")}
_WORD = re.compile(r"[a-z]+")
# ("the user's son" is four words here: the apostrophe splits "user s"; "what is my brother doing now": his job,
# not his weekend; "what did I do before?": the job held before)
_JOB_ASKED = re.compile(r"\bdo(?:ing)? for (?:work|a living|money|a job)\b"
                        r"|^what (?:do|does|did) (?:[a-z]+ ){1,4}do"
                        r"(?: before| previously| back then| now| these days)?$"
                        r"|^what (?:is|are|s) (?!you )(?:[a-z]+ ){1,4}doing (?:now|these days|nowadays)$")


def inflections(verb: str) -> set[str]:
    """The regular (and a few irregular) forms of an English verb lemma."""
    forms = {verb, *_IRREGULAR.get(verb, ())}
    stem = verb[:-1] if verb.endswith("e") else verb
    forms |= {verb + ("es" if verb.endswith(("s", "sh", "ch", "x", "z", "o")) else "s"),
              stem + "ed", stem + "ing"}
    if verb.endswith("y") and len(verb) > 2 and verb[-2] not in "aeiou":
        forms |= {verb[:-1] + "ies", verb[:-1] + "ied"}
    return forms


# verbs that state a subject of study only with a subject's name as object ("doing law", not "doing yoga")
_VALUE_GATED = frozenset({"do", "read", "switch", "change"})


@lru_cache(maxsize=8)
def _lexicon(slots: tuple[SlotSpec, ...]) -> tuple[dict[str, set[tuple[str, str | None]]], dict[str, set[str]]]:
    """verb form -> {(slot, preposition)}, attribute noun -> {slot}."""
    verbs: dict[str, set[tuple[str, str | None]]] = {}
    nouns: dict[str, set[str]] = {}
    for spec in slots:
        if spec.cardinality != "single" or spec.key_by != "none":
            continue
        for entry in spec.verbs:
            lemma, _, prep = entry.partition("_")
            if spec.name == "field_of_study" and lemma in _VALUE_GATED:
                continue  # "what does she do", "where does she teach": no subject of study asked
            for form in inflections(lemma):
                verbs.setdefault(form, set()).add((spec.name, prep or None))
        for noun in (*spec.nouns, spec.name.replace("_", " ")):
            nouns.setdefault(noun, set()).add(spec.name)
    return verbs, nouns


# the nouns that ask for one of a person's many pastimes or drinks: "what sport do I do?", "what's my usual drink?"
_MANY_ASKED = {"sport": "hobbies", "sports": "hobbies", "exercise": "hobbies", "workout": "hobbies",
               "hobby": "hobbies", "hobbies": "hobbies", "pastime": "hobbies", "drink": "drinks", "drinks": "drinks"}


def asked_slots(question: str, slots: tuple[SlotSpec, ...] = DEFAULT_SLOTS) -> frozenset[str]:
    """Names of the single-valued slots a wh-question asks for (and of pastimes or drinks, asked by their noun);
    empty for anything else."""
    words = _WORD.findall(question.casefold())
    if words and words[0] in ("do", "does", "is", "are") and _WORK_MODE_ASKED.search(" ".join(words)) and any(
            spec.name == "work_mode" for spec in slots):
        return frozenset({"work_mode"})  # "does she work from home?": yes or no, by the work mode
    if not words or not (_WH & set(words)):
        return frozenset()
    verbs, nouns = _lexicon(slots)
    text = " ".join(words)
    out: set[str] = {name for noun, names in nouns.items() if re.search(rf"\b{noun}\b", text) for name in names}
    where = "where" in words
    for i, w in enumerate(words):
        # "where does Layla study": the place (school), not what ("study" alone is the field of study)
        placed = where and any(p in _PLACE_PREPS for _, p in verbs.get(w, ()))
        for name, prep in verbs.get(w, ()):
            after = words[i + 1: i + 3]
            if (prep is None and not placed) or (prep is not None and prep in after) or (
                    where and prep in _PLACE_PREPS):
                out.add(name)
    names = {spec.name for spec in slots}
    out |= {_MANY_ASKED[w] for w in words if w in _MANY_ASKED and _MANY_ASKED[w] in names}
    if _JOB_ASKED.search(text):  # "what does dani do for work", "what does the user do": the job, whoever it is
        out |= {spec.name for spec in slots if spec.name in ("occupation", "employer")}
    if "how old" in text and "age" in names:  # "how old is ella": her age
        out.add("age")
    if "ex" in words and "partner" in names:  # "who is my ex": a former partner (retrieve/ended.py)
        out.add("partner")
    if _WORK_MODE_ASKED.search(text) and "work_mode" in names:  # "does she work from home or in the office?"
        out = (out - {"employer", "occupation"}) | {"work_mode"}
    return frozenset(out)


_WORK_MODE_ASKED = re.compile(r"\b(?:from home|remote(?:ly)?|wfh|hybrid|in the office|in office|work from)\b")
