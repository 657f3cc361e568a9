"""Offline rule extractor: spaCy dependency parse -> atomic facts, entities and triples.

Each clause with a subject we can name (the speaker for "I", a proper noun, or
"my sister Anna") and an object or complement becomes one fact, written in the
third person ("I moved to Shanghai" -> "User moved to Shanghai"). The parse,
not the NER label, decides the structure: the small model mislabels names.
Every fact records the rule that produced it, for the audit trail.
"""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from mem_graph.extract.nlp import get_nlp
from mem_graph.types import EntityRef, Fact, Message, Triple, normalise_entity

SPEAKER = "User"

CHITCHAT = frozenset(
    "ok okay k kk thanks thank thx ty you hi hello hey yo bye goodbye cya see ya lol lmao haha hahaha hmm "
    "sure great cool yes no yeah yep nope nice good morning night evening afternoon awesome wow right alright "
    "fine got it welcome please sounds perfect oh ah uh um well bro dude man sorry np pls".split()
)

# verb lemma (+ preposition) -> (canonical relation, single-valued?)
RELATIONS: dict[str, tuple[str, bool]] = {
    "live_in": ("lives_in", True), "live": ("lives_in", True), "reside_in": ("lives_in", True),
    "move_to": ("lives_in", True), "relocate_to": ("lives_in", True), "move": ("lives_in", True),
    "work_at": ("works_at", True), "work_for": ("works_at", True), "join": ("works_at", True),
    "work_as": ("works_as", True), "work_on": ("works_on", True),
    "like": ("likes", False), "love": ("likes", False), "enjoy": ("likes", False), "prefer": ("likes", False),
    "adore": ("likes", False), "hate": ("likes", False), "dislike": ("likes", False), "detest": ("likes", False),
    "use": ("uses", False), "switch_to": ("uses", False), "migrate_to": ("uses", False),
    "manage": ("manages", False), "lead": ("manages", False), "marry": ("married_to", True),
    "study_at": ("studies_at", True), "study": ("studies", False), "own": ("owns", False),
    "have": ("has", False), "eat": ("eats", False), "drink": ("drinks", False), "play": ("plays", False),
}
NEGATIVE_VERBS = frozenset({"hate", "dislike", "detest"})
STOP_VERBS = frozenset({"stop", "quit"})  # "I stopped using X" negates the complement
PLACE_LABELS = {"GPE": "place", "LOC": "place", "FAC": "place"}
ENTITY_LABELS = {"PERSON": "person", "ORG": "organization", "NORP": "group", "PRODUCT": "thing",
                 "EVENT": "event", "WORK_OF_ART": "work", "LANGUAGE": "language", **PLACE_LABELS}
SKIP_LABELS = frozenset({"DATE", "TIME", "CARDINAL", "ORDINAL", "PERCENT", "MONEY", "QUANTITY"})
SUBJECT_PRONOUNS_SKIPPED = frozenset({"he", "she", "it", "they", "we", "you", "this", "that", "there", "who",
                                      "what", "which", "everyone", "someone", "anyone", "one"})
CLAUSE_DEPS = frozenset({"conj", "ccomp", "advcl", "parataxis", "relcl"})
_FIRST_PERSON = {"i": SPEAKER, "me": SPEAKER, "myself": SPEAKER}
_AUX_3RD = {"do": "does", "have": "has", "am": "is", "'m": "is", "are": "is", "'re": "is", "'ve": "has", "ve": "has"}
_WORD = re.compile(r"[a-z']+")


@dataclass
class _Subject:
    name: str
    type: str
    extra_triples: list[Triple]
    extra_entities: list[EntityRef]
    attribute: str | None = None  # "name" in "my name is Sam"


def is_chitchat(text: str) -> bool:
    words = _WORD.findall(text.casefold())
    return not words or all(w in CHITCHAT for w in words)


def _third_person(verb: str) -> str:
    if verb in ("be", "am"):
        return "is"
    if verb == "have":
        return "has"
    if re.search(r"(s|sh|ch|x|z|o)$", verb):
        return verb + "es"
    if re.search(r"[^aeiou]y$", verb):
        return verb[:-1] + "ies"
    return verb + "s"


def _span_text(tokens: Iterable[Any]) -> str:
    """The contiguous text from the first to the last token (keeps "sci-fi" whole)."""
    toks = sorted(tokens, key=lambda t: t.i)
    return toks[0].doc[toks[0].i : toks[-1].i + 1].text.strip() if toks else ""


def _compound_span(tok: Any) -> list[Any]:
    """A noun with its compounds, modifiers and flat-name parts ("New York", "black coffee")."""
    parts = [tok]
    for child in tok.children:
        if child.dep_ in ("compound", "amod", "nummod", "flat", "nmod", "poss") and child.i < tok.i:
            if child.dep_ == "poss" and child.lower_ in ("my", "his", "her", "their", "our", "your", "its"):
                continue
            parts.extend(_compound_span(child))
    return sorted(parts, key=lambda t: t.i)


QUANTIFIERS = frozenset({"lot", "lots", "bit", "kind", "sort", "type", "couple", "number", "bunch", "plenty", "few"})


def _unwrap_quantifier(tok: Any) -> Any:
    """'a lot of sci-fi' -> 'sci-fi'."""
    if tok.lemma_.lower() in QUANTIFIERS:
        prep = next((c for c in tok.children if c.dep_ == "prep" and c.lower_ == "of"), None)
        pobj = next((g for g in prep.children if g.dep_ == "pobj"), None) if prep is not None else None
        if pobj is not None:
            return pobj
    return tok


def _own_tokens(tok: Any) -> set[int]:
    """A token's subtree without its conjuncts (and their links)."""
    out = {tok.i}
    for child in tok.children:
        if child.dep_ not in ("conj", "cc", "punct"):
            out.update(t.i for t in child.subtree)
    return out


def _entity_type(tokens: list[Any]) -> str:
    for t in tokens:
        if t.ent_type_ in ENTITY_LABELS:
            return ENTITY_LABELS[t.ent_type_]
    return "thing"


class RuleExtractor:
    """Deterministic facts from user messages; ``speaker`` names the "I" (default "User")."""

    name = "rules"

    def __init__(self, nlp: Any = None, parsed_cache: int = 256):
        self._nlp = nlp
        # extract() then analyse() on the same turns (a partly covered turn is also kept verbatim)
        # would parse them twice; recent parses are kept so the second call is free.
        self._parsed: OrderedDict[str, Any] = OrderedDict()
        self._parsed_max = parsed_cache
        self._parsed_lock = threading.Lock()

    @property
    def nlp(self) -> Any:
        if self._nlp is None:
            self._nlp = get_nlp()
        return self._nlp

    # -- public -----------------------------------------------------------
    def extract(self, messages: list[Message]) -> list[list[Fact]]:
        """Facts per message (same order); chit-chat and questions yield none."""
        docs = self._docs([m.content for m in messages])
        return [self._facts(doc, m) for doc, m in zip(docs, messages, strict=True)]

    def analyse(self, messages: list[Message]) -> list[tuple[list[EntityRef], list[Triple]]]:
        """Entities and triples per message, for verbatim (infer=False) memories."""
        out = []
        for doc, m in zip(self._docs([m.content for m in messages]), messages, strict=True):
            facts = self._facts(doc, m)
            entities = {e.key: e for f in facts for e in f.entities if e.name != (m.name or SPEAKER)}
            for ent in self._mentions(doc):
                entities.setdefault(ent.key, ent)
            out.append((list(entities.values()), [t for f in facts for t in f.triples]))
        return out

    def query_terms(self, text: str) -> list[str]:
        """Candidate entity names in a query: every 1-3 word n-gram, normalised (cheap, no parse)."""
        words = [w for w in re.findall(r"[\w'-]+", text.casefold())]
        words = [w[:-2] if w.endswith("'s") else w for w in words]
        grams = {" ".join(words[i:i + n]) for n in (1, 2, 3) for i in range(len(words) - n + 1)}
        return sorted(g for g in grams if len(g) > 1)

    # -- internals --------------------------------------------------------
    def _docs(self, texts: list[str]) -> list[Any]:
        with self._parsed_lock:
            known = {t: self._parsed[t] for t in texts if t in self._parsed}
        todo = list(dict.fromkeys(t for t in texts if t not in known))
        fresh = dict(zip(todo, self.nlp.pipe(todo, batch_size=64), strict=True)) if todo else {}
        with self._parsed_lock:
            for text, doc in fresh.items():
                self._parsed[text] = doc
            while len(self._parsed) > self._parsed_max:
                self._parsed.popitem(last=False)
        return [known[t] if t in known else fresh[t] for t in texts]  # an empty Doc is falsy

    def _mentions(self, doc: Any) -> list[EntityRef]:
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
            toks = [t for t in _compound_span(root) if not t.is_stop]
            if not toks:
                continue
            name = " ".join([t.text for t in toks[:-1]] + [toks[-1].lemma_ if root.pos_ == "NOUN" else toks[-1].text])
            ref = EntityRef(name, _entity_type(toks))
            if ref.key and len(ref.key) > 2:
                ents.setdefault(ref.key, ref)
        return list(ents.values())

    def _facts(self, doc: Any, message: Message) -> list[Fact]:
        if is_chitchat(message.content):
            return []
        speaker = message.name or SPEAKER
        facts: list[Fact] = []
        for sent in doc.sents:
            if sent.text.rstrip().endswith("?") or is_chitchat(sent.text):
                continue
            for verb in (t for t in sent if t.pos_ in ("VERB", "AUX") and (t.dep_ == "ROOT" or t.dep_ in CLAUSE_DEPS)):
                facts.extend(self._clause_facts(verb, speaker, message))
        return facts

    def _subject(self, verb: Any, speaker: str) -> _Subject | None:
        subj = next((c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")), None)
        if subj is None and verb.dep_ == "conj":  # "I moved to Paris and love it": inherit the subject
            subj = next((c for c in verb.head.children if c.dep_ in ("nsubj", "nsubjpass")), None)
        if subj is None:
            return None
        low = subj.lower_
        if low in _FIRST_PERSON:
            return _Subject(speaker, "person", [], [EntityRef(speaker, "person")])
        if low in SUBJECT_PRONOUNS_SKIPPED or subj.pos_ == "PRON":
            return None
        poss = next((c for c in subj.children if c.dep_ == "poss" and c.lower_ == "my"), None)
        appos = next((c for c in subj.children if c.dep_ == "appos" and c.pos_ == "PROPN"), None)
        if poss is not None and appos is None and verb.lemma_ == "be":
            # "my name is Sam", "my favourite colour is blue": an attribute of the speaker
            attribute = _span_text(_compound_span(subj)).lower()
            return _Subject(speaker, "person", [], [EntityRef(speaker, "person")], attribute=attribute)
        if poss is not None:  # "my sister Anna lives in Paris" / "my sister lives in Paris"
            relation = subj.lemma_.lower()
            if appos is not None:
                toks = _compound_span(appos)
                name = _span_text(toks)
                return _Subject(name, "person", [Triple(speaker, relation, name)],
                                [EntityRef(speaker, "person"), EntityRef(name, "person")])
            name = f"{speaker}'s {subj.text}"
            return _Subject(name, "person", [Triple(speaker, relation, name)],
                            [EntityRef(speaker, "person"), EntityRef(name, "person")])
        if subj.pos_ == "PROPN":
            toks = _compound_span(subj)
            name = _span_text(toks)
            return _Subject(name, _entity_type(toks) if _entity_type(toks) != "thing" else "person", [], [])
        return None

    def _clause_facts(self, verb: Any, speaker: str, message: Message) -> list[Fact]:
        subject = self._subject(verb, speaker)
        if subject is None:
            return []
        negated = any(c.dep_ == "neg" or c.lower_ in ("never", "anymore", "longer") for c in verb.children) or any(
            c.dep_ == "neg" for a in verb.children if a.dep_ == "aux" for c in a.children)
        hedged = any(c.tag_ == "MD" and c.lower_ not in ("will", "'ll") for c in verb.children)
        lemma = verb.lemma_.lower()
        target = verb
        if lemma in STOP_VERBS:  # "I stopped using MySQL" == "I don't use MySQL"
            xcomp = next((c for c in verb.children if c.dep_ in ("xcomp", "dobj") and c.pos_ == "VERB"), None)
            if xcomp is not None:
                target, negated, lemma = xcomp, True, xcomp.lemma_.lower()
        objects, prep = self._objects(target, lemma)
        if not objects:
            return []
        key = f"{lemma}_{prep}" if prep else lemma
        relation, single = RELATIONS.get(key) or RELATIONS.get(lemma) or (key if lemma != "be" else "is", False)
        if subject.attribute:
            relation, single = subject.attribute.replace(" ", "_"), True
        elif (lemma == "be" and subject.name == speaker and objects[0].pos_ == "PROPN"
              and objects[0].ent_type_ not in ("GPE", "LOC", "NORP", "ORG", "FAC")):
            relation, single = "name", True  # "I'm Sam"
        polarity = -1 if lemma in NEGATIVE_VERBS else 1
        facts = []
        for obj in objects:
            toks = _compound_span(obj)
            obj_name = _span_text(toks)
            obj_ref = EntityRef(obj_name, PLACE_LABELS.get(obj.ent_type_) or _entity_type(toks))
            entities = [*subject.extra_entities, *([] if subject.extra_entities else [EntityRef(subject.name, subject.type)])]
            triples = list(subject.extra_triples)
            if obj.dep_ != "acomp" and obj.pos_ not in ("PRON", "ADJ") and not obj.like_num:
                entities.append(obj_ref)
                triples.append(Triple(subject.name, relation, obj_name))
            facts.append(Fact(
                text=self._render(verb, speaker, exclude=[o for o in objects if o is not obj]),
                entities=entities,
                triples=triples,
                slot=f"{normalise_entity(subject.name)}|{relation}",
                subject_key=normalise_entity(subject.name),
                object_key=normalise_entity(obj_name) or obj.lemma_.lower(),
                negated=negated,
                polarity=polarity,
                single_valued=single and not hedged and not negated,
                rule=f"rules.clause:{relation}{'.single' if single and not hedged else ''}{'.neg' if negated else ''}",
                message_ids=[message.id] if message.id else [],
                timestamp=message.timestamp,
                metadata=dict(message.metadata),
            ))
        return facts

    @staticmethod
    def _objects(verb: Any, lemma: str) -> tuple[list[Any], str | None]:
        """Direct objects, complements, or the object of the verb's first preposition."""
        # several non-conjoined complements ("I'm vegetarian, so no meat…") are a misparse: keep the first
        direct = [c for c in verb.children if c.dep_ in ("dobj", "attr", "acomp", "oprd", "dative")][:1]
        prep_objs: list[Any] = []
        prep = None
        if not direct:
            for c in verb.children:
                if c.dep_ in ("prep", "agent") and (pobj := next((g for g in c.children if g.dep_ == "pobj"), None)):
                    prep, prep_objs = c.lower_, [pobj]
                    break
        heads = [_unwrap_quantifier(h) for h in (direct or prep_objs)]
        out = []
        for h in heads:
            out.append(h)
            stack = [h]
            while stack:  # "tea, coffee and cake": conjuncts chain off each other
                for c in stack.pop().children:
                    if c.dep_ == "conj" and c.pos_ in ("NOUN", "PROPN", "ADJ"):
                        out.append(c)
                        stack.append(c)
        return out, prep

    @staticmethod
    def _clause_tokens(verb: Any, exclude: list[Any]) -> list[Any]:
        """The clause's words, minus nested clauses and the other conjoined objects."""
        drop: set[int] = set()
        for obj in exclude:  # "tea, coffee and cake" -> keep only this fact's object
            drop.update(_own_tokens(obj))
            links = [*obj.children, *(obj.head.children if obj.dep_ == "conj" else [])]
            drop.update(c.i for c in links if c.dep_ in ("cc", "punct"))
        for child in verb.children:
            if child.dep_ in CLAUSE_DEPS and child.pos_ in ("VERB", "AUX") and child is not verb:
                drop.update(t.i for t in child.subtree)
                drop.update(c.i for c in verb.children if c.dep_ == "cc" and c.i < child.i)
        for child in verb.children:  # "Big news: I moved…", "Well, I…": drop the lead-in
            if child.dep_ in ("intj", "dep", "discourse", "vocative") and child.i < verb.i:
                drop.update(t.i for t in child.subtree)
        toks = [t for t in verb.subtree if t.i not in drop]
        while toks and (toks[0].is_punct or toks[0].dep_ == "cc"):
            toks.pop(0)
        while toks and (toks[-1].is_punct or toks[-1].dep_ == "cc"):
            toks.pop()
        return toks

    def _render(self, verb: Any, speaker: str, exclude: list[Any] | None = None) -> str:
        toks = self._clause_tokens(verb, exclude or [])
        first_person_heads = {t.head.i for t in toks if t.lower_ == "i" and t.dep_ in ("nsubj", "nsubjpass")}
        out: list[str] = []
        for t in toks:
            word, low = t.text, t.lower_
            if low in _FIRST_PERSON:
                word = speaker
            elif low in ("my", "mine"):
                word = f"{speaker}'s"
            elif (t.i in first_person_heads or t.head.i in first_person_heads) and t.tag_ == "VBP":
                if low in _AUX_3RD:
                    word = _AUX_3RD[low]
                elif t.dep_ in ("ROOT", "conj", "ccomp", "advcl") or t.i in first_person_heads:
                    word = _third_person(low)
            if word != t.text and t.text.startswith("'") and out and not out[-1].endswith(" "):
                out[-1] += " "
            out.append(word + t.whitespace_)
        text = "".join(out).strip()
        return text[0].upper() + text[1:] if text else text

