"""Slot recognition: which catalogue attribute a clause states, with the evidence.

Lexicons decide first (the verb and its preposition, an attribute noun, an adjective complement,
a value word such as "accountant" or "Honda"); when none fires, the whole clause goes to the
learned fallback (``slot_knn``: a classifier over a shipped bank of example clauses, with a
confidence rule). ``nearest`` (one prototype phrase per slot, floor and margin) stays for callers
that use it. A clause nothing places is no slot's: it is kept as a fact, never guessed into a slot.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from mem_graph.extract.catalogue import CHAT_DEV, DEFAULT_SLOTS, SlotSpec
from mem_graph.extract.slot_knn import SlotClassifier, SlotVote
from mem_graph.types import normalise_entity

PROTOTYPE_FLOOR = 0.5
PROTOTYPE_MARGIN = 0.1
SCHOOL_WORDS = frozenset([
    "school", "high", "elementary", "primary", "academy", "college", "university", "uni", "kindergarten", "preschool",
    "nursery", "institute", "secondary", "grammar", "montessori",
])
_AFTER_A_NAME = frozenset({"middle", "junior", "juniors", "infants", "prep"})  # "Jefferson Middle" (not "the middle")
# a school's own word in its language, capitalised in its name: "Scoil Iognáid", "Coláiste Iognáid", "Lycée Hoche"
_IN_A_NAME = frozenset({"scoil", "gaelscoil", "gaelcholáiste", "coláiste", "colaiste", "ardscoil", "meánscoil",
                        "gymnasium", "lycée", "lycee", "école", "ecole", "liceo", "colegio", "escuela", "escola",
                        "schule", "gesamtschule", "realschule", "grundschule", "istituto", "szkoła"})
SCHOOL_NAME_WORDS = SCHOOL_WORDS | _IN_A_NAME  # a word that makes a proper name a school's
PLACE_LABELS = frozenset({"GPE", "LOC", "FAC"})
# the vehicle values that are motorbikes (the makes that build both, "Honda", "BMW", "Yamaha", say no kind)
MOTORBIKES = frozenset({"ducati", "kawasaki", "ktm", "vespa", "harley", "harley-davidson", "aprilia", "bonneville",
                        "hayabusa", "enfield", "motorbike", "motorcycle", "scooter", "moped", "motorbikes"})
# places and things a post's name may stand before ("a gp surgery", "nurse training", "my teacher's union")
_NOT_A_POST = frozenset({"surgery", "clinic", "practice", "office", "station", "school", "training", "course",
                         "appointment", "uniform", "exam", "degree", "shift", "room", "ward", "union", "conference",
                         "programme", "program", "placement", "show", "friend", "friends", "mate"})
# words before an attribute noun that say when, not which attribute
_NOT_ATTRIBUTE = re.compile(r"^(?:(?:new|all-time|all time|absolute|latest) )+")


@dataclass
class SlotMatch:
    """A clause's object placed in a slot."""

    spec: SlotSpec
    subject: str  # the entity the slot belongs to (may differ from the clause subject: "Tom is my boyfriend")
    object: str
    evidence: str
    qualifier: str | None = None
    polarity: int = 1
    replaces: list[str] = field(default_factory=list)

    @property
    def object_key(self) -> str:
        return normalise_entity(self.object)

    def key(self) -> str:
        """The slot key: "user|residence", "user|stance|jazz", "user|favourite|colour"."""
        base = f"{normalise_entity(self.subject)}|{self.spec.name}"
        if self.spec.key_by == "object":
            return f"{base}|{self.object_key}"
        if self.spec.key_by == "qualifier" and self.qualifier:
            return f"{base}|{normalise_entity(self.qualifier)}"
        if self.spec.name == "car" and MOTORBIKES & set(self.object_key.split()):
            return f"{base}|motorbike"  # a motorbike sits beside the car ("treated myself to a Bonneville"), never in
        return base  # its place; it replaces a motorbike

    @property
    def single(self) -> bool:
        return self.spec.cardinality == "single" and self.spec.key_by != "object"


_PARTICLES = frozenset({"up", "out", "off", "down", "over"})


class SlotCatalogue:
    """The catalogue with its lookup tables (and, lazily, its prototype vectors)."""

    def __init__(self, extra: Iterable[SlotSpec | dict[str, Any]] = ()):
        specs = {s.name: s for s in DEFAULT_SLOTS}
        for item in extra:
            spec = item if isinstance(item, SlotSpec) else SlotSpec.model_validate(item)
            specs[spec.name] = spec
        self.specs = specs
        self.verbs: dict[str, list[SlotSpec]] = {}
        self.nouns: dict[str, SlotSpec] = {}
        self.adjectives: dict[str, SlotSpec] = {}
        self.values: dict[str, SlotSpec] = {}
        for spec in specs.values():
            for v in spec.verbs:
                self.verbs.setdefault(v, []).append(spec)
                lemma, particle, prep = [*v.split("_"), "", ""][:3]
                if prep and particle in _PARTICLES:  # "grow_up_in": a clause's key drops the particle (grow_in)
                    self.verbs.setdefault(f"{lemma}_{prep}", []).append(spec)
            for n in spec.nouns:
                self.nouns.setdefault(n, spec)
            for a in spec.adjectives:
                self.adjectives.setdefault(a, spec)
            for v in spec.values:
                self.values.setdefault(v, spec)
                self.values.setdefault(v.replace("-", " "), spec)  # "gluten free" as typed
        self._proto: tuple[list[tuple[SlotSpec, str]], np.ndarray] | None = None
        self._proto_lock = threading.Lock()
        self.classifier = SlotClassifier()

    def get(self, name: str) -> SlotSpec | None:
        return self.specs.get(name)

    def value_slot(self, tokens: list[Any]) -> SlotSpec | None:
        """The slot a value word names ("accountant" -> occupation, "Honda" -> car)."""
        words = [t.lower_ for t in tokens]
        while len(words) > 2 and tokens[len(words) - 1].like_num:
            words.pop()  # "a surface pro 9", "a mac mini m2": the model number after a name of several words
        for start in range(len(words) - 1):  # a name of several words: "VS Code", "diet coke", "sparkling water"
            for last in dict.fromkeys((words[-1], tokens[len(words) - 1].lemma_.lower())):  # ("flat whites")
                if (whole := " ".join((*words[start:-1], last)).replace(" - ", "-")) in self.values:
                    return self.values[whole]  # ("gluten - free" as parsed)
        if "occupation" in self.specs and any(t.lower_ == "head" and any(
                c.dep_ == "prep" and c.lower_ == "of" for c in t.children) for t in tokens):
            return self.specs["occupation"]  # "head of maths", "head of sales": a post
        makes = [spec for t in tokens[:-1] if (spec := self.values.get(t.lower_)) is not None and spec.name in (
            "car", "phone", "computer", "bike")]
        later = [spec for t in tokens[1:] if (spec := self.values.get(t.lower_)) is not None]
        if makes and (self.values.get(tokens[-1].lower_) is self.specs.get("occupation") or any(
                spec is not makes[0] and spec.name in ("car", "phone", "computer", "bike") for spec in later)):
            # "a Ford Ranger", "a ThinkPad X1": a make's model, whatever else the model's name is (a ranger, a BMW)
            return makes[0]
        for t in reversed(tokens):
            if t.lower_ == CHAT_DEV and t.text != CHAT_DEV:
                continue  # "my best friend is Dev": a name
            for form in (t.lower_, t.lemma_.lower()):
                spec = self.values.get(form)
                if spec is not None and (t == tokens[-1] or spec.name not in ("drinks", "occupation", "diet") or (
                        spec.name == "occupation" and tokens[-1].lemma_.lower() not in _NOT_A_POST) or (
                        spec.name == "diet" and tokens[-1].lemma_.lower() in (*spec.nouns, "eater", "lifestyle"))):
                    # only as the head: "a coffee machine" is no drink; "a gp surgery" no GP ("nurse practitioner" is);
                    # "a veggie burger" no diet ("a vegan diet" is)
                    return spec
        heads = [t for t in tokens if not t.like_num]
        if len(heads) > 1 and heads[-1].lemma_.lower() == "phone" and heads[-2].pos_ == "PROPN" and \
                "phone" in self.specs:  # "the Nothing Phone 2": a brand's phone (not "a phone case")
            return self.specs["phone"]
        return None

    def noun_slot(self, words: str) -> tuple[SlotSpec, str | None] | None:
        """An attribute noun: "job", "phone number", "favourite colour" (-> qualifier "colour")."""
        w = words.lower().strip().replace("favorite", "favourite").replace("color", "colour")
        w = _NOT_ATTRIBUTE.sub("", w)  # "my new favourite film" ("current" names a role: "my current editor")
        if w in self.nouns:
            return self.nouns[w], None
        parts = w.split()
        if parts and parts[0] in ("favourite", "favorite") and len(parts) > 1 and "favourite" in self.nouns:
            return self.nouns["favourite"], " ".join(parts[1:])
        if len(parts) > 1 and parts[0] in self.nouns and self.nouns[parts[0]].key_by == "qualifier":
            return self.nouns[parts[0]], parts[-1]  # "main programming language" -> role "language"
        if parts and parts[-1] in self.nouns:
            return self.nouns[parts[-1]], None
        return None

    # -- prototypes -----------------------------------------------------------------
    def _prototypes(self, embedder: Any) -> tuple[list[tuple[SlotSpec, str]], np.ndarray]:
        with self._proto_lock:
            if self._proto is None:
                pairs = [(s, p) for s in self.specs.values() for p in s.prototypes]
                vecs = np.stack([embedder.embed_query(p) for _, p in pairs]) if pairs else np.zeros((0, 1))
                self._proto = (pairs, vecs)
            return self._proto

    def nearest(self, embedder: Any, phrase: str, allowed: set[str] | None = None
                ) -> tuple[SlotSpec, str, float] | None:
        """The nearest prototype's slot when it clears the floor and beats every other slot by the margin."""
        pairs, vecs = self._prototypes(embedder)
        if not pairs:
            return None
        sims = vecs @ embedder.embed_query(phrase)
        best: dict[str, tuple[float, str]] = {}
        for (spec, proto), s in zip(pairs, sims, strict=True):
            if allowed is not None and spec.name not in allowed:
                continue
            if s > best.get(spec.name, (-2.0, ""))[0]:
                best[spec.name] = (float(s), proto)
        ranked = sorted(best.items(), key=lambda kv: -kv[1][0])
        if not ranked:
            return None
        name, (score, proto) = ranked[0]
        runner = ranked[1][1][0] if len(ranked) > 1 else -1.0
        if score < PROTOTYPE_FLOOR or score - runner < PROTOTYPE_MARGIN:
            return None
        return self.specs[name], proto, score


    def classify(self, embedder: Any, clause: str, allowed: set[str] | None = None
                 ) -> tuple[SlotSpec, SlotVote] | None:
        """The slot the example bank's classifier gives ``clause`` when it is confident and the slot is
        ``allowed`` (a confident "none" or a slot outside ``allowed`` is no slot)."""
        found = self.classifier.classify(embedder, clause)
        if found is None or (allowed is not None and found.slot not in allowed) or found.slot not in self.specs:
            return None
        return self.specs[found.slot], found


def looks_like_school(tokens: list[Any]) -> bool:
    return any(t.lower_ in SCHOOL_WORDS or (t.lower_ in _AFTER_A_NAME and n > 0 and tokens[n - 1].text[:1].isupper())
               or (t.lower_ in _IN_A_NAME and t.text[:1].isupper()) for n, t in enumerate(tokens))
