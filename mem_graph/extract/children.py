"""The speaker's children, counted or named as an object: "I have two kids, Maisie (9) and Theo (6)", "we've got
a cat called biscuit and two kids", "we have a son and a daughter"; or announced at birth: "she's here!!! eloise,
7lb 4oz, born on the 3rd".

Each named child is a fact of its own ("User has a child named Maisie, aged 9", edge ``User -child-> Maisie``);
unnamed children are one fact ("User has two kids"). The clause reading alone made "User has two kids maisie
(9)" and "User has theo (6)" (a thing owned), or lost the children listed after a pet.
"""

from __future__ import annotations

import re
from typing import Any

from mem_graph.extract.clauses import Context
from mem_graph.extract.wordlist import is_english_word
from mem_graph.types import EntityRef, Fact, Message, Triple, normalise_entity

# child noun -> the edge it names
_CHILD_NOUNS = {"kid": "child", "child": "child", "son": "son", "daughter": "daughter", "stepson": "son",
                "stepdaughter": "daughter", "twin": "child", "boy": "son", "girl": "daughter"}
_HAVE = frozenset({"have", "get"})
_NOT_OURS = frozenset({"his", "her", "their", "your"})
_HEDGES = frozenset({"might", "may", "would", "could", "should", "want", "wish", "if"})
# a birth, by the weight only a birth announcement gives: "hes here!! cian patrick, 8lb 2oz, born tues"
_BORN = re.compile(r"^\W*(?P<who>he|she|they|baby)(?:'?s|'re| is| are)?\s+(?:here|arrived)\b\W+(?P<name>[a-z]+)"
                   r"(?:\s+[a-z]+)?\s*,?\s*\d+\s*(?:lb|lbs|kg|g)\b", re.I)
# "our daughter ivy was born last week!!": the child named at the birth
_BORN_NAMED = re.compile(r"\b(?:my|our) (?P<who>daughter|son|baby girl|baby boy|baby|little girl|little boy),? "
                         r"(?P<name>[A-Za-z]+),? (?:(?:was|has been|got) )?born\b", re.I)  # (the parse's commas kept)
# "we just had a baby girl, her name is Rosie", "welcomed a baby boy called theo", "we had a little girl, Ada!"
_HAD_BABY = re.compile(r"\b(?i:(?:we|i|we've|i've|we have|i have)\s+(?:just |finally |officially )?(?:had|welcomed) "
                       r"(?:a|our) (?:beautiful |little |new |healthy |gorgeous )?(?P<who>baby girl|baby boy|baby|"
                       r"little girl|little boy|daughter|son)(?:\W+(?:(?:her|his|their) name is|(?:called|named)) "
                       r"(?P<name>[a-z]+)|,\s+))(?P<cap>[A-Z][a-z]+\b)?")
# "our baby girl Naledi" read as a baby named "Girl"
_KIN_AS_NAME = re.compile(r"'s (?:baby|little one) is (?:Girl|Boy)$")
_BORN_KID = {"he": "son", "she": "daughter", "daughter": "daughter", "son": "son", "baby girl": "daughter",
             "baby boy": "son", "little girl": "daughter", "little boy": "son"}


def _having_verb(noun: Any) -> Any | None:
    """The "have"/"got" whose object ``noun`` is (through "and", an apposition or "a cat called X and ...")."""
    for anc in noun.ancestors:
        lemma = anc.lemma_.lower()
        if anc.pos_ in ("VERB", "AUX") and lemma in _HAVE:
            return anc
        if anc.pos_ in ("VERB", "AUX") and lemma not in ("call", "name"):
            return None  # "a friend who has two kids": another verb's object
    return None


def _speakers(verb: Any) -> bool:
    subj = next((c for c in verb.children if c.dep_ == "nsubj"), None)
    if subj is None or subj.lower_ not in ("i", "we"):
        return False
    return not any(c.dep_ == "neg" or c.lower_ in _HEDGES for c in verb.children)


def _is_name(tok: Any) -> bool:
    return tok.is_alpha and (tok.pos_ == "PROPN" or not is_english_word(tok.lower_))


def _name_tokens(noun: Any) -> list[Any]:
    """"two kids, Maisie (9) and Theo (6)": the names set beside the noun (the parse hangs the second on the
    first name or on the noun itself)."""
    first = next((c for c in noun.children if c.dep_ == "appos" and _is_name(c)), None)
    if first is None:
        return []
    names = [first]
    for head in [first, noun]:  # ("Amara (12), Kofi (9) and Esi (4)": Esi hangs on Kofi)
        for c in head.children:
            if c.dep_ == "conj" and c.i > first.i and _is_name(c) and c not in names:
                names += [c, *(g for g in c.children if g.dep_ == "conj" and _is_name(g) and g not in names)]
    for tok in first.doc[first.i + 1:first.sent.end]:  # the list read on, where the parse lost it ("... and Esi (4)"
        if tok.pos_ in ("VERB", "AUX") or tok.text in (".", "!", "?", ";"):  # as the verb's "dep")
            break
        if _is_name(tok) and tok not in names and tok.i > 0 and tok.doc[tok.i - 1].text in (",", "and", "&"):
            names.append(tok)
    return sorted(names, key=lambda t: t.i)


def _age(name: Any) -> str | None:
    """"Maisie (9)": the number in brackets right after the name."""
    doc = name.doc
    if name.i + 2 < len(doc) and doc[name.i + 1].text == "(" and doc[name.i + 2].like_num:
        return str(doc[name.i + 2].text)
    return None


def _fact(text: str, entities: list[EntityRef], triples: list[Triple], key: str, obj: str, evidence: str,
          message: Message) -> Fact:
    return Fact(text=text, entities=entities, triples=triples, subject_key=key, object_key=obj,
                rule="rules.clause:children", message_ids=[message.id] if message.id else [],
                timestamp=message.timestamp, metadata=dict(message.metadata), evidence=evidence)


def children_facts(sent: Any, ctx: Context, message: Message, found: list[Fact]) -> list[Fact]:
    """``found`` with the speaker's children in ``sent`` stated one per fact (replacing facts that read a child's
    name as a thing owned); unchanged when the sentence names no children of the speaker's."""
    speaker = ctx.speaker
    key = normalise_entity(speaker)
    added: list[Fact] = []
    for noun in sent:
        relation = _CHILD_NOUNS.get(noun.lemma_.lower())
        verb = _having_verb(noun) if relation and noun.pos_ == "NOUN" else None
        if verb is None or not _speakers(verb) or any(c.lower_ in _NOT_OURS for c in noun.children):
            continue
        names = _name_tokens(noun)
        for tok in names:
            name = tok.text[:1].upper() + tok.text[1:]
            age = _age(tok)
            kind = "child" if relation == "child" else relation
            added.append(_fact(f"{speaker} has a {kind} named {name}" + (f", aged {age}" if age else ""),
                               [EntityRef(speaker, "person"), EntityRef(name, "person")],
                               [Triple(speaker, relation or "child", name)], key, normalise_entity(name),
                               f"children: '{noun.text}' named {name}", message))
            if relation in ("son", "daughter"):
                ctx.remember(speaker, relation, name)
        if not names and not any(noun.lower_ in f.text.lower() for f in found):
            count = next((c.text for c in noun.children if c.dep_ in ("nummod", "det")), "a")
            added.append(_fact(f"{speaker} has {count} {noun.text}", [EntityRef(speaker, "person")], [], key,
                               normalise_entity(noun.text), f"children: '{noun.text}'", message))
    born = _BORN.match(sent.doc.text) or _BORN_NAMED.search(sent.doc.text) or _HAD_BABY.search(sent.doc.text)
    group = "cap" if born is not None and born.re is _HAD_BABY and born.group("cap") else "name"
    if born is not None and sent.start_char <= born.start(group) < sent.end_char and \
            born.group(group).lower() not in ("was", "has", "got", "and", "but", "so"):
        name, relation = born.group(group).capitalize(), _BORN_KID.get(born.group("who").lower(), "child")
        added.append(_fact(f"{speaker} has a {relation} named {name}, just born",
                           [EntityRef(speaker, "person"), EntityRef(name, "person")],
                           [Triple(speaker, relation, name)], key, normalise_entity(name),
                           f"children: born, '{born.group(0)}'", message))
        if relation != "child":
            ctx.remember(speaker, relation, name)
    if not added:
        return found
    named = {f.object_key for f in added}
    # "User has theo (6)", "User has two kids maisie (9)": a child read as a thing owned
    kept = [f for f in found if not (f.slot and f.slot.startswith(f"{key}|owns|") and (
        f.object_key in named or any(n and n in (f.object_key or "").split() for n in named)
        or any(w in (f.object_key or "") for w in _CHILD_NOUNS))) and not _KIN_AS_NAME.search(f.text)]
    return kept + added


# children listed with their ages, said the ways people type them ("two kids, Alfie who's 8 and Rosie 5", "Alfie (8)",
# "Alfie aged 8"): the parser reads "Name ( 8 )" (the tokenizer takes "8)" for a smiley, and loses "and Rosie 5")
_KIDS = re.compile(r"\b(?:have|has|got|with)\s+(?:[\w-]+\s+){0,2}(?:kids|children|boys|girls|sons|daughters|twins|"
                   r"little ones)\b", re.I)  # (had as an object: "the kids are Alfie, 8, ..." is read as said)
_AGED = re.compile(r"\b(?P<name>[A-Z][a-z]+)(?: \(\s*|,? (?:who'?s|who is|that'?s|aged|age) |,? \((?:age|aged) |,? )"
                   r"(?P<age>\d{1,2})(?:\s*\))?(?=\s*(?:$|[.,!;)]|\s(?:and|&)\b))")


def kids_ages(text: str) -> str:
    """``text`` with the ages of a list of children as "Name ( 8 )" (see ``_AGED``); a line naming no children is
    left alone ("Tom who's 30 lives in Leeds")."""
    kids = _KIDS.search(text)
    if kids is None:
        return text
    return text[:kids.end()] + _AGED.sub(lambda m: f"{m.group('name')} ( {m.group('age')} )", text[kids.end():])
