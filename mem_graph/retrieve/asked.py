"""What a question asks for: which attributes (slots) and whose, read without a parse.

The attribute: the slot catalogue's lexicon (extract/question.py: "where ... live" -> residence, "my job" ->
occupation), on the question with chat spelling undone ("whats" -> "what is"; a bare phrase read as "what is
..."), and the nearest *prototype questions* of each slot, embedded once per embedder with the same model as
the query ("what do I eat" ~ "am I vegetarian" -> diet, "who am I seeing" -> partner): a slot passes when its
best prototype clears ``PROTOTYPE_FLOOR`` and is within ``PROTOTYPE_BAND`` of the best slot's (so "what do I
do for work" asks occupation and employer, "where do I work" only employer). When the prototypes pass they
arbitrate the lexicon ("what do I do for a living" asks no residence). Prototypes are written in the first
person, each with a derived third-person copy ("where does she live"); a question naming a third party is
compared as it is (no second model pass), so "where does Felix live" is usually the lexicon's to read.

Whose: ``self`` (I / my / me / "the user", or no subject at all: "current city?") is the scope's own user;
``named`` is someone the question names ("Leo", "my brother", "my cat": a word after "my" that is no
attribute noun); ``pronoun`` (she / he / they with no antecedent) and ``team`` (we / our) name nobody, so
any subject's value fits. Which stored subject a named question means is settled against the candidates
and their subjects' other memories (``answer_scores``), never guessed.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from itertools import pairwise
from typing import Any, Literal

import numpy as np

from mem_graph.extract.catalogue import DEFAULT_SLOTS, SLOT_VALUES
from mem_graph.extract.jobs import OTHER_JOB_SLOT
from mem_graph.extract.kin_words import KIN, PARTNER_NOUNS, PET_SPECIES
from mem_graph.extract.lexicon import tech_kind
from mem_graph.extract.question import asked_slots
from mem_graph.retrieve.answer import ENDED_ANSWER
from mem_graph.retrieve.attributes import THING_SLOTS, attributes, names_its_pet
from mem_graph.retrieve.tool_words import KIND_ASKED, KIND_WORDS, TEAM_THINGS, TOOL_KINDS, USE_ASKED
from mem_graph.types import MemoryRecord, normalise_entity

USER_KEY = "user"  # subject_key of facts about the speaker placeholder (extract/rules.py SPEAKER)
PROTOTYPE_FLOOR = 0.65
PROTOTYPE_BAND = 0.08
# questions whose answer is a time, a count or a reason, not an attribute's value (but a birthday is a date)
_NOT_A_VALUE = re.compile(r"^(when|why|how (many|much|often|long|come))\b")
_DATED = frozenset({"birthday"})

# First-person questions per slot: the ways people ask for the attribute, not the ways they state it.
PROTOTYPE_QUESTIONS: dict[str, tuple[str, ...]] = {
    "residence": ("where do I live", "what city do I live in", "where is my home", "where am I based"),
    "origin": ("where am I from", "where did I grow up"),
    "employer": ("where do I work", "which company do I work for", "who is my employer"),
    "occupation": ("what do I do", "what do I do for a living", "what is my job", "what is my profession",
                   "what do I work as"),
    "school": ("which school do I go to", "where do I study"),
    "age": ("how old am I", "what is my age"),
    "partner": ("who am I dating", "who is my partner", "am I in a relationship", "am I married",
                "who am I seeing", "am I single", "am I engaged", "what is my relationship status",
                "what is my partner's name"),
    "health_condition": ("what health conditions do I have", "do I have any medical conditions",
                         "what was I diagnosed with"),
    "diet": ("what do I eat", "am I vegetarian", "what is my diet", "do I eat meat", "is there any food I avoid"),
    "medication": ("what medication am I on", "what meds do I take", "what tablets am I taking",
                   "what was I prescribed"),
    "allergies": ("what am I allergic to", "do I have any allergies", "is there any food I avoid"),
    "car": ("what car do I drive", "what car do I have", "what vehicle do I own"),
    "phone": ("what phone do I use", "what is my phone number"),
    "computer": ("what laptop do I use", "what computer do I have"),
    "name": ("what is my name", "what am I called", "what is my dog's name", "what is my cat called"),
    "languages": ("what languages do I speak",),
    "hobbies": ("what do I do for fun", "what are my hobbies", "what sport do I play", "what exercise do I do",
                "how do I stay fit"),
    "stance": ("what music am I into", "what kind of music do I like"),
    "drinks": ("what do I drink", "what do I usually drink"),
    "favourite": ("what is my favourite food",),
    "pets": ("do I have pets", "what pets do I have", "do I have a dog", "do I have a cat"),
    "database": ("what database do we use", "which database does the service run on"),
    "birthday": ("when is my birthday",),
    "email": ("what is my email address",),
    "nationality": ("what is my nationality",),
    "religion": ("what is my religion",),
    "native_language": ("what is my native language",),
    "commute": ("how do I get to work",),
    "tools": ("what tools do I use", "what software do we use", "what do we use for CI", "which editor do I use",
              "what language do I code in", "what is our tech stack", "what framework do we use",
              "what design tool do we use", "which app do I use for"),
    "field_of_study": ("what do I study", "what is my major", "what course am I doing", "what is my degree in"),
    "business": ("what business do I run", "do I own a business"),
    "team": ("what team do I support", "which football club do I follow"),
    "party": ("who do I vote for", "which political party do I support"),
    "work_mode": ("do I work from home", "do I work in the office", "am I remote or in the office"),
    "ambition": ("what does she want to be when she grows up", "what is his dream job"),
    "energy": ("who is our energy supplier", "who do we get our gas and electric from"),
    "work_hours": ("do I work part time", "do I work full time", "how many hours do I work"),
    "shift": ("do I work nights", "what shifts do I work", "am I on days or nights"),
    "mobile": ("which mobile network am I on", "who is my phone contract with", "who is my phone provider"),
}

_CHAT = {"whats": "what is", "wheres": "where is", "whos": "who is", "hows": "how is", "whens": "when is",
         "im": "i am", "ive": "i have", "dont": "do not", "doesnt": "does not", "wat": "what", "wher": "where",
         "whre": "where", "u": "you"}
_SELF = frozenset({"i", "me", "my", "mine", "myself", "user", "user's"})
_THIRD = frozenset({"she", "he", "her", "his", "him", "hers", "they", "their", "them"})
_TEAM = frozenset({"we", "our", "us", "ours"})
# words that never name a subject ("the" of "the service" must not tie "the user" to "the band")
_FUNCTION = frozenset({
    "the", "a", "an", "is", "are", "was", "were", "be", "do", "doe", "does", "did", "of", "for", "to", "in", "at",
    "on", "with", "and", "or", "what", "where", "who", "whom", "whose", "which", "how", "when", "why", "now",
    "these", "days", "this", "that", "there", "here",
})
# a multi-valued attribute asked by its words, whoever it is asked of (the prototypes are far from a question
# that names a third party): "what does Maureen do for fun", "what are Leo's hobbies"
_MULTI_ASKED = {"hobbies": re.compile(r"\b(?:for fun|hobb(?:y|ies)|pastimes?|(?:free|spare) time)\b"),
                "pets": re.compile(r"\b(?:pets?|animals?)\b"),
                "medication": re.compile(r"\b(?:medications?|meds|medicines?|pills|tablets|prescri(?:bed|ption))\b")}
_QUESTION = re.compile(r"\b(where|what|which|who|whom|whose|how|when|why)\b")
_WORD = re.compile(r"[a-z0-9]+(?:'[a-z]+)?")
_THIRD_PERSON = [(r"\bam I\b", "is she"), (r"\bI am\b", "she is"), (r"\bdo I\b", "does she"),
                 (r"\bhave I\b", "has she"), (r"\bI have\b", "she has"), (r"\bI\b", "she"), (r"\bmy\b", "her"),
                 (r"\bme\b", "her"), (r"\bdo we\b", "does she"), (r"\bwe\b", "she")]
# the same as an app asks it of its user ("is the user in a relationship"), the way most questions come
_THE_USER = [(r"\bam I\b", "is the user"), (r"\bI am\b", "the user is"), (r"\bdo I\b", "does the user"),
             (r"\bhave I\b", "has the user"), (r"\bI have\b", "the user has"), (r"\bI\b", "the user"),
             (r"\bmy\b", "the user's"), (r"\bme\b", "the user"), (r"\bdo we\b", "does the user"),
             (r"\bwe\b", "the user")]

Whose = Literal["self", "named", "pronoun", "team"]


def normalise(question: str) -> str:
    """Lowercase, straight apostrophes, chat spellings undone ("whats my cats name" -> "what is my cats name")."""
    words = question.replace("\u2019", "'").casefold().split()
    return " ".join(_CHAT.get(w.strip("?!.,"), w) for w in words)


def third_person(question: str, person: list[tuple[str, str]] = _THIRD_PERSON) -> str:
    """'where do I live' -> 'where does she live' (for the prototype table only)."""
    for pattern, repl in person:
        question = re.sub(pattern, repl, question)
    return question


def _attribute_nouns() -> frozenset[str]:
    return frozenset(n for s in DEFAULT_SLOTS for n in (*s.nouns, s.name.replace("_", " ")) if " " not in n)


# (and the words before one: "the user's relationship status", "my current job")
ATTRIBUTE_NOUNS = _attribute_nouns() | TOOL_KINDS | {"name", "number", "address", "home", "work", "job",
                                                      "relationship", "marital", "health", "medical", "dietary",
                                                      "current", "new", "last", "previous", "old", "former", "ex"}
# attribute nouns that are also people ("my wife" is the partner's value, and a person with attributes)
_PERSON_NOUNS = frozenset(n for s in DEFAULT_SLOTS if s.name == "partner" for n in s.nouns)


def stem(word: str) -> str:
    """A word without its possessive and plural ending ("cats" -> "cat", "user's" -> "user")."""
    word = word.removesuffix("'s")
    return word[:-1] if word.endswith("s") and len(word) > 3 and not word.endswith("ss") else word


@dataclass(frozen=True)
class Asked:
    """What a question asks: ``slots`` (attribute names), ``whose``, the words that name a subject (``names``:
    capitalised words, "my <relation>") and every stemmed word of the question (``words``)."""

    slots: frozenset[str] = frozenset()
    whose: Whose = "self"
    names: frozenset[str] = field(default_factory=frozenset)
    words: frozenset[str] = field(default_factory=frozenset)
    unnamed: Whose = "self"  # whose, were its names no subjects ("do I live in Paris?": Paris is a value)
    tool_kind: str | None = None  # the kind of tool asked for ("what do we use for tickets": a tracker)
    where: bool = False  # a "where" question: of a job, the place is asked before the post

    def slot_keys(self) -> tuple[str, ...]:
        """``slot`` values of single-valued facts the question may be answered by (a lookup list, no parse: a
        subject missing here is still found among the other candidates)."""
        subjects = {USER_KEY, *self.names, *self.words, *(f"{USER_KEY}'s {w}" for w in self.names | self.words)}
        # a job fact states both attributes ("I'm an intern in a marketing agency": the post, and where): the other
        # one's facts are looked up too, and only those that state the asked one score as answers
        slots = self.slots | {OTHER_JOB_SLOT[a] for a in self.slots if a in OTHER_JOB_SLOT}
        return tuple(sorted(f"{s}|{a}" for s in subjects for a in slots))


def own_names(records: Sequence[Any]) -> set[str]:
    """The names the scope's speaker gave as their own among ``records``: the object of an active, positive
    ``user|name`` fact, or of a "User is Marta" edge said in passing (in a long intro)."""
    return {r.object_key for r in records if r.object_key and r.polarity > 0 and r.status.value == "active" and (
        r.slot == f"{USER_KEY}|name" or (r.subject_key == USER_KEY and " " not in r.object_key and any(
            t.relation == "is" and normalise_entity(t.object) == r.object_key for t in r.triples)))}


def own_name_is_self(asked: Asked, records: Sequence[Any]) -> Asked:
    """"what does dani do for work?" asked of Dani's own memory: a name the scope's speaker gave as their own
    (``own_names``) is the speaker, so the question asks the speaker's attributes."""
    hit = asked.names & {stem(name) for name in own_names(records)}
    if not hit:
        return asked
    names = asked.names - hit
    return replace(asked, whose=asked.whose if names else "self", names=names)


def known_subjects_named(asked: Asked, records: Sequence[Any]) -> Asked:
    """"what school does maya go to": a question word that is the subject key of a candidate memory ("maya",
    from "Maya is in year 2 at Oakfield") names that person, whatever its case (people type questions
    lower-case)."""
    if asked.whose == "named":
        return asked
    keys = {stem(r.subject_key) for r in records if r.subject_key and " " not in r.subject_key
            and r.subject_key != USER_KEY}
    hit = frozenset((asked.words & keys) - ATTRIBUTE_NOUNS)
    if not hit:
        return asked
    return replace(asked, whose="named", names=asked.names | hit)


def read_whose(question: str) -> tuple[Whose, frozenset[str], frozenset[str]]:
    """Whose attribute a question asks for, the (stemmed) words that name a subject, and all its words."""
    words = _WORD.findall(normalise(question))
    raw = question.replace("\u2019", "'").split()
    shouted = question.isupper()  # "WHERE DO I LIVE": capitals name nobody
    capitalised = {stem(w.strip("?!.,:;\"'").casefold()) for w in raw[1:] if w[:1].isupper() and not shouted
                   and w.strip("?!.,:;\"'").casefold() not in _SELF | _FUNCTION | TOOL_KINDS | KIND_WORDS | {
                       "i'm", "i've", "i'd"}}
    relations = {stem(b) for a, b in pairwise(words) if a in ("my", "our", "user's") and stem(b) not in
                 ATTRIBUTE_NOUNS and b not in ATTRIBUTE_NOUNS and b not in TEAM_THINGS}
    names = frozenset(w for w in capitalised | relations | _grammatical_subject(words) if w and w != USER_KEY)
    stems = frozenset(stem(w) for w in words) - _SELF - _THIRD - _TEAM - _FUNCTION
    return ("named" if names else _unnamed(words)), names, stems


# the subject slot of a question, whatever its case: "what does jake drive", "how old is priya"
_SUBJECT_SLOT = re.compile(r"^(?:what|where|which \w+|who|whom|how)\s+(?:does|did|has)\s+([a-z][\w']*)\s+\w|"
                           r"^how old is ([a-z][\w']*)$|^(?:who|what) is ([a-z][\w']*) (?:dating|seeing|married to|"
                           r"doing|up to)\b")
_NOT_A_SUBJECT = _SELF | _THIRD | _TEAM | _FUNCTION | {"you", "your", "yours", "everyone", "anyone", "someone",
                                                       "it", "its", "one", "user", "users"}


def _grammatical_subject(words: list[str]) -> set[str]:
    """The word in a question's subject slot when it is a name written lower-case ("what does jake drive"):
    someone the question asks about, not the user."""
    m = _SUBJECT_SLOT.match(" ".join(words))
    word = next((g for g in m.groups() if g), None) if m else None
    if word is None or word in _NOT_A_SUBJECT or word in ATTRIBUTE_NOUNS or stem(word) in ATTRIBUTE_NOUNS:
        return set()
    return {stem(word)}


def _unnamed(words: list[str]) -> Whose:
    present = set(words)
    if present & _SELF:
        return "self"
    if present & _THIRD:
        return "pronoun"
    if present & _TEAM:
        return "team"
    return "self"


class QuestionReader:
    """Reads ``Asked`` from a question and its query vector; prototype vectors are embedded on first use."""

    def __init__(self, embedder: Any) -> None:
        self.embedder = embedder
        self._lock = threading.Lock()
        self._table: tuple[list[str], np.ndarray] | None = None

    def _prototypes(self) -> tuple[list[str], np.ndarray]:
        with self._lock:
            if self._table is None:
                pairs = [(slot, t) for slot, qs in PROTOTYPE_QUESTIONS.items() for q in qs
                         for t in dict.fromkeys([q, third_person(q), third_person(q, _THE_USER)])]
                # one batch (one sentence each, so the same vectors as embed_query gives them, without ~90 passes)
                vecs = np.asarray(self.embedder.embed_documents([t for _, t in pairs]), dtype=np.float32)
                self._table = [s for s, _ in pairs], vecs
            return self._table

    def read(self, question: str, qvec: Any) -> Asked:
        """``qvec``: the question's query vector (the one search embedded already)."""
        whose, names, words = read_whose(question)
        text = normalise(question)
        # a bare phrase is read as the question it stands for: "current city?", "my employer?", "dog's name"
        lexicon = set(asked_slots(text if _QUESTION.search(text) else f"what is {text}"))
        lexicon |= {slot for slot, asks in _MULTI_ASKED.items() if asks.search(text)}  # "what does Maureen do for fun"
        nearest = self._nearest(qvec)
        # "my wife" names a person when the question asks something else of her ("what does my wife do",
        # "where does Karl's girlfriend live": residence, not partner)
        said = {b.removesuffix("'s") for a, b in pairwise(_WORD.findall(text)) if b.removesuffix("'s") in
                ATTRIBUTE_NOUNS and b.removesuffix("'s") in _PERSON_NOUNS and (  # ("my wife's name": her name)
                    a in ("my", "our", "user's") or a.removesuffix("'s") in names)}
        if said and lexicon - {"partner"}:  # "where does the user's partner work": near "who is the user's
            nearest -= {"partner"}  # partner" by its words only
        # the prototypes arbitrate when they are sure: "what do I do for a living" is no 'live' question
        slots = (lexicon & nearest or nearest) if nearest else lexicon
        if _NOT_A_VALUE.match(text):
            slots &= _DATED
        other = {spec.name for spec in DEFAULT_SLOTS if spec.name in slots and not said & {*spec.nouns, spec.name}}
        people = {stem(b) for b in said} if other else set()
        if people:
            whose, names, slots = "named", names | people, other
        kind = next((k for w, k in KIND_ASKED.items() if re.search(rf"\b{w}\b", text)), None)
        if kind is not None and USE_ASKED.search(text):  # "what do we use for tickets": a tool of that kind
            slots.add("tools")
        return Asked(frozenset(slots), whose, names, words, _unnamed(_WORD.findall(text)), kind,
                     where=re.match(r"\W*where\b", text) is not None)

    def _nearest(self, qvec: Any) -> set[str]:
        """The slots whose prototype questions are nearest (within the band of the best, over the floor).
        Named third parties are not masked (that would cost a second model pass): "where does Felix live"
        is far from every prototype and is left to the lexicon."""
        slots, vecs = self._prototypes()
        sims = vecs @ np.asarray(qvec, dtype=np.float32)
        best: dict[str, float] = {}
        for slot, s in zip(slots, sims.tolist(), strict=True):
            best[slot] = max(best.get(slot, -1.0), s)
        top = max(best.values(), default=0.0)
        if top < PROTOTYPE_FLOOR:
            return set()
        return {slot for slot, s in best.items() if s >= top - PROTOTYPE_BAND}




def slot_key(record: MemoryRecord, asked: frozenset[str]) -> str | None:
    """The slot current-first groups a memory by: its own, or (for a fact without one that holds an asked
    attribute by its verb) its subject and that attribute, so "Felix moved to Vienna" outranks "User's
    brother Felix lives in Munich" when the question asks where Felix lives."""
    if record.slot:
        return record.slot
    held = sorted(attributes(record) & asked)
    return f"{record.subject_key}|{held[0]}" if held else None


def subject_words(record: MemoryRecord) -> set[str]:
    """Stemmed words naming a memory's subject: its key ("leo", "user's cat" -> "cat") and the relation the
    user named it by in the text ("User's sister Anna ..." -> "sister")."""
    key = record.subject_key or ""
    words = {stem(w) for w in _WORD.findall(key.casefold()) if w not in (USER_KEY, "user's")} - _FUNCTION
    words |= {stem(m) for m in re.findall(r"\buser's (\w+)", record.text.casefold())
              if key and key != USER_KEY and key.casefold() in record.text.casefold()}
    return words


_RULE_SLOT = re.compile(r"^rules\.clause:([a-z_]+)\.")


def ended_attribute(record: MemoryRecord) -> str | None:
    """The attribute a negated or negative fact says ended ("User quit the bike shop": employer; "User's car
    got stolen": car), as the rule that read it named it; None for a positive fact."""
    if record.polarity > 0:
        return None
    found = _RULE_SLOT.match(str(record.source.get("rule", "")))
    return found[1] if found else None


def answer_scores(asked: Asked, records: list[MemoryRecord],
                  evidence: Sequence[MemoryRecord] = ()) -> dict[str, float]:
    """``holder_scores``; and when the user holds no value of what is asked about themselves, what they said
    ended answers in part (``ENDED_ANSWER``: kept under the semantic floor, moved to the front with no holder):
    "where do I work?" -> "User quit the bike shop", not an empty result."""
    scores = _where_first(asked, records, holder_scores(asked, records, evidence))
    if asked.whose != "self" or any(v > 0 for v in scores.values()):
        return scores
    ended_records = [r for r in records if r.subject_key == USER_KEY and ended_attribute(r) in asked.slots]
    latest = max((r.valid_from for r in ended_records), default=0.0)
    if any(names_a_value(r, asked.slots) for r in records if not r.slot and r.polarity > 0 and r.valid_from >= latest):
        return scores  # a turn kept as said since then may hold a new value ("sold the volvo ... got a kia niro")
    if "employer" in asked.slots:  # "quit the bookstore, got a job as a tutor at the learning centre": the new post
        posts = [r for r in records if r.subject_key == USER_KEY and "occupation" in attributes(r)
                 and r.valid_from >= latest and re.search(r"\b(?:at|for|with)\b", r.text)]
        if posts:
            return {**scores, **{r.id: 1.0 for r in posts}}
    return {**scores, **{r.id: ENDED_ANSWER for r in ended_records}}


def _where_first(asked: Asked, records: list[MemoryRecord], scores: dict[str, float]) -> dict[str, float]:
    """"Where does Rhian work?" asks the place: a post alone ("Rhian is a radiographer") answers it only after a
    holder of the same subject's employer. "What does Rhian do for work?" asks the post: the place alone ("Rhian
    works at the hospital") answers it only after a holder of the same subject's occupation."""
    if not {"employer", "occupation"} <= asked.slots:
        return scores
    first = "employer" if asked.where else "occupation"
    by_id = {r.id: r for r in records}
    placed = {by_id[i].subject_key for i, v in scores.items() if v > 0 and first in attributes(by_id[i])}
    return {i: v * 0.9 if v > 0 and by_id[i].subject_key in placed and first not in attributes(by_id[i])
            else v for i, v in scores.items()}


def names_a_value(record: MemoryRecord, slots: frozenset[str]) -> bool:
    """Whether a memory's words include a value word of one of ``slots`` ("kia", "niro" for the car)."""
    words = set(_WORD.findall(record.text.casefold()))
    return any(words & SLOT_VALUES.get(s, frozenset()) for s in slots)


def holder_scores(asked: Asked, records: list[MemoryRecord],
                  evidence: Sequence[MemoryRecord] = ()) -> dict[str, float]:
    """Per memory holding an asked attribute: 1.0 when it is about the subject the question asks about,
    0.5 for a holder one hop from someone the question names who holds none, -0.5 for the user's own value
    when the question names someone else, else 0. ``records``: every (believed) candidate; ``evidence``:
    other memories of the holders' subjects, any status, read only for the words naming them ("User's
    daughter Emma is at Westfield High", invalidated by "Emma switched to Eastwood", still says who Emma is).

    A subject the question names (a word of its key or of the relation the user named it by: "Leo", "my
    sister", "my cats name", "the service") is the one asked about, with every memory of that subject; a
    capitalised word that is a memory's value ("do I live in Paris?") names nobody, unless a relation names it
    ("User's partner, Jess"). Otherwise ``self``: the user's own facts (and a thing's attribute the question
    names by its noun: "what database do I use");
    ``pronoun`` / ``team``: anyone's (rank by slot fit). Names that point at nobody holding the attribute
    ("Karl's girlfriend"): the holders one hop from whom they name in the candidates' triples ("Karl is
    dating Nadia" -> Nadia), at half weight, the path being the second-hop step's (retrieve/answer.py);
    never a stranger's value ("whats my dogs name" is not Anna's cat's), and the user's own value is known
    not to be the answer ("who does my buddy work for" is not "User works at Fidelity").
    """
    holders = [r for r in records if attributes(r) & asked.slots and r.subject_key and (
        asked.tool_kind is None or attributes(r) & asked.slots - {"tools"} or tech_kind(r.object_key or "") ==
        asked.tool_kind)]  # ("what do we use for tickets": a tracker, not every tool)
    # "whats my parrots name" beside "User has got a parrot called Kiwi": the pet the question names is the subject
    asked_pet = "pet" in asked.names | asked.words  # "what's my pet called": any pet of the user's
    pets = {r.id for r in holders if "name" in asked.slots and names_its_pet(r) and (
        {k for w in _WORD.findall((r.object_key or "").casefold()) for k in (stem(w), PET_SPECIES.get(w))
         if k} & (asked.names | asked.words)  # (a breed is asked by its kind: "my dog" for "a collie called Bran")
        or (asked_pet and r.subject_key == USER_KEY))}
    if pets:
        return {r.id: float(r.id in pets) for r in holders}
    # a memory's value names nobody ("do I live in Paris?", "my cats" beside "User has got two cats"); a person a
    # memory links the user to by a relation does ("what does jess do" beside "User's partner, Jess, teaches")
    values = {stem(w) for r in records if not any(t.relation.lower() in KIN for t in r.triples)
              for w in _WORD.findall((r.object_key or "").casefold())}
    names = asked.names - values
    words = names | asked.words
    known: dict[str, set[str]] = {}  # subject -> the words any of its memories names it by
    for r in [*records, *evidence]:
        if r.subject_key and r.subject_key != USER_KEY:
            known.setdefault(r.subject_key, set()).update(subject_words(r))
        for t in r.triples:  # "User's partner is Ciarán": the user's partner is Ciarán, whatever Ciarán's facts say
            if normalise_entity(t.subject) == USER_KEY and t.relation.isalpha():
                # (a partner by any partner word: "what does my wife do" beside "User's wife is called Sam")
                said = PARTNER_NOUNS if t.relation.lower() == "partner" else {t.relation.lower()}
                known.setdefault(normalise_entity(t.object), set()).update(stem(w) for w in said)
    named = {r.subject_key for r in holders if r.subject_key and r.subject_key != USER_KEY
             and known.get(r.subject_key, set()) & words}
    if named:
        return {r.id: float(r.subject_key in named) for r in holders}
    whose = asked.whose if names or asked.whose != "named" else asked.unnamed
    if whose == "self":  # a thing's attribute named by its noun is the user's "our ...": "what db do I use"
        named_things = {a for a, nouns in THING_SLOTS.items() if nouns & asked.words}
        return {r.id: float(r.subject_key == USER_KEY or bool(attributes(r) & named_things)) for r in holders}
    if whose == "named":  # one hop from whom it names, through the candidates' own triples
        hop = {normalise_entity(t.object) for r in records for t in r.triples
               if {stem(w) for w in _WORD.findall(normalise_entity(t.subject))} & words}
        return {r.id: -0.5 if r.subject_key == USER_KEY else 0.5 * (r.subject_key in hop) for r in holders}
    return {r.id: 1.0 for r in holders}


def unnamed_holders(asked: Asked, answers: dict[str, float], records: list[MemoryRecord]) -> tuple[str, ...]:
    """The subjects holding an asked attribute when the question names someone none of them was matched to
    ("what school does my daughter go to?" beside "Emma switched to Eastwood"): whose other memories may
    say who they are (``answer_scores``' evidence). Empty when there is nothing to look up."""
    if not asked.names or any(v >= 1.0 for v in answers.values()):
        return ()
    return tuple(sorted({r.subject_key for r in records if r.id in answers and r.subject_key
                         and r.subject_key != USER_KEY}))
