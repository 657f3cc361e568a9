"""The small parser reads "I'm officially vegan" and "she is officially vegan" as a passive whose root is the
complement: "vegan" the ROOT, "'m" its ``auxpass``, "I" its ``nsubjpass``. No reader finds a "be" clause
there, so the diet was never stated ("I'm vegan", "I'm now vegan" parse as copulas and were read).

A pipeline component after the lemmatizer re-heads such a clause as the copula it is: the form of "be" becomes
the head (ROOT, or the clause's own relation), the complement its ``attr`` (a noun) or ``acomp`` (an
adjective), the passive subject an ``nsubj``; every other word stays where the parser put it. Only a
complement that is no verb is repaired: "I'm married" (a participle) reads as a status already.

It also gives a preposition back its object where the parser took an unknown word for punctuation ("replaced
MySQL with CockroachDB") or "be" its complement ("my favourite food is tacos"), joins a name it split into two
objects ("to IntelliJ IDEA"), and reads "listen to techno" as a thing listened to, not an infinitive.

The same component gives back a name its subject role: "Raj got a new job" reads "Raj" as an adverb of "got"
(a sentence-initial word the model does not know), so the clause had no subject and a following "he" went to
whoever was named before. A capitalised first word that is no adverb, adjective, verb or function word of the
word list (a name, or a noun such as "Tom"), an ``advmod`` of the finite verb right after it, which has no
subject, is that verb's ``nsubj`` (a PROPN). So is a name that opens the message and the model read as an
adjective ("Sara lives in Lima": "Sara" an ``amod`` of "lives") or a common noun ("Alice lives in Lima",
"Caroline works at Initech": a NOUN, which read as a thing with no person's slots): a capitalised first word
right before its finite verb, with no word of its own, that the word list does not know or whose verb only a
person does (marries, dates, loves, ...; lives in, works at, moves to a named place; "is a/an <noun>").
"Coffee keeps me awake", "Work is hectic" and "Oneplus is dead" stay things. And a verb's third person read as
a plural noun at the root ("My mum lives in Cardiff") is the verb again.
"""

from __future__ import annotations

from typing import Any

from mem_graph.extract.catalogue import SPORT_WORDS
from mem_graph.extract.lexicon import CALENDAR_WORDS
from mem_graph.extract.lexicon_tables import lexicon_of, only_a_noun_in

# Doc.user_data key: indices of the names given back their subject role (a person, whatever the entity
# recogniser, which runs after this and often calls an opening name an ORG, says)
NAMES_GIVEN_BACK = "mem_graph_names_given_back"

# verbs whose "to" takes a thing: "i listen to techno now", "switched to matcha" (the parser reads an unknown
# word after "to" as an infinitive)
_TO_THING = frozenset({"listen", "switch", "move", "convert", "change", "migrate", "upgrade", "stick", "turn",
                       "go", "get", "downgrade", "shift"})


def _name_as_subject(tok: Any, words: dict[str, frozenset[str]]) -> bool:
    """"Raj got a new job", "Raj got headhunted": the name the parser took for an adverb of the verb after it
    (with only its auxiliaries between)."""
    verb = tok.head
    between = tok.doc[tok.i + 1: verb.i] if verb.i > tok.i else None
    right_after = between is not None and all(t.dep_ in ("aux", "auxpass") and t.head.i == verb.i for t in between)
    return (tok.dep_ == "advmod" and tok.i == tok.sent.start and tok.text[:1].isupper() and tok.text[1:].islower()
            and right_after and verb.tag_ in (("VBD", "VBZ", "VBP") if not between else ("VBD", "VBZ", "VBP", "VBN"))
            and not any(c.dep_ in ("nsubj", "nsubjpass") and not (  # ("Raj is at Lloyds not Barclays")
                c.i > verb.i and any(g.dep_ == "neg" for g in c.children)) for c in verb.children)
            and only_a_noun_in(words, tok.lower_))


# verbs a person does, not a thing: a bare capitalised first word before one is a name ("Grace works at ...")
_PERSON_VERBS = frozenset({"marry", "date", "love", "hate", "like", "enjoy", "adore", "prefer", "relocate",
                           "retire", "graduate", "divorce"})
# ... or does at a named place or as a post ("Rose works at Acme"; not "yoga works wonders", "lunch works for
# me", "work moved to Tuesdays")
_PERSON_WITH = {"live": ("in", "near"), "work": ("at", "as"), "move": ("to",)}


def _name_misread(tok: Any, words: dict[str, frozenset[str]]) -> bool:
    """"Alice lives in Lima", "Sara works at Acme": the opening name the parser took for a noun or adjective."""
    verb = tok.head
    if tok.i != tok.sent.start or not (tok.text[:1].isupper() and tok.text[1:].islower()) or tok.ent_type_ or \
            verb.i != tok.i + 1 or verb.tag_ not in ("VBZ", "VBD") or tok.n_lefts or tok.n_rights:
        return False
    if tok.dep_ == "amod" and tok.pos_ == "ADJ":
        return not any(c.dep_ in ("nsubj", "nsubjpass") for c in verb.children) and only_a_noun_in(words, tok.lower_)
    if tok.dep_ != "nsubj" or tok.pos_ != "NOUN" or tok.tag_ != "NN":
        return False
    lemma = verb.lemma_.lower()
    if lemma == "be" and not any(c.dep_ == "attr" and any(g.lower_ in ("a", "an") for g in c.children)
                                 for c in verb.children):
        return False  # "Priya is a nurse"; not "Oneplus is dead" (a brand the word list does not know either)
    return not any(tok.lower_ in ws for ws in words.values()) or lemma in _PERSON_VERBS or any(
        c.dep_ == "prep" and c.lower_ in _PERSON_WITH.get(lemma, ()) and any(
            o.dep_ == "pobj" and (o.lower_ != o.text or c.lower_ == "as")
            and o.lower_.rstrip("s") not in CALENDAR_WORDS  # (the entity recogniser runs later: a day by its name)
            for o in c.children) for c in verb.children)


# attribute nouns chat writes as acronyms, which the tagger reads as a name ("my IDE is PyCharm", "our DB is Mongo")
_ACRONYM_NOUNS = frozenset({"ide", "db", "dbms", "os"})


def _acronym_noun(tok: Any) -> bool:
    return tok.pos_ == "PROPN" and tok.text.isupper() and tok.lower_ in _ACRONYM_NOUNS and any(
        c.dep_ == "poss" for c in tok.children)


def _split_compound(tok: Any) -> Any | None:
    """"our prod db is Mongo": the noun before "db" the subject, "db" its apposition; returns that noun."""
    first = tok.head
    if tok.dep_ != "appos" or tok.lower_ not in _ACRONYM_NOUNS | {"database"} or first.i != tok.i - 1 or \
            first.dep_ not in ("nsubj", "nsubjpass") or first.pos_ != "NOUN":
        return None
    return first


def _thing_after_to(tok: Any, words: dict[str, frozenset[str]]) -> Any | None:
    """The "to" of "listen to techno" when the parser read "techno" (no verb of the word list) as an infinitive."""
    to = tok.doc[tok.i - 1] if tok.i > 0 else None
    if tok.dep_ != "xcomp" or tok.pos_ != "VERB" or to is None or to.lower_ != "to" or to.head.i != tok.i:
        return None
    if tok.head.lemma_.lower() not in _TO_THING or tok.lower_ in words.get("verb", frozenset()):
        return None
    return to


def _word_as_punct(tok: Any) -> tuple[Any, str] | None:
    """(head, relation) for a word the parser took for punctuation: the object of the preposition before it
    ("replaced MySQL with CockroachDB") or the complement of "be" ("my favourite food is tacos")."""
    if tok.dep_ != "punct" or not tok.is_alpha or tok.i == 0:
        return None
    before, head = tok.doc[tok.i - 1], tok.head
    if before.pos_ == "ADP" and not any(c.dep_ == "pobj" for c in before.children):
        return before, "pobj"
    if before.i == head.i and head.lemma_ == "be" and not any(
            c.dep_ in ("attr", "acomp", "prep") for c in head.children):
        return head, "attr"
    if before.i == head.i and head.pos_ == "VERB" and tok.text[:1].isupper() and not any(
            c.dep_ in ("dobj", "attr", "prep") for c in head.children):
        return head, "dobj"  # "we're running DynamoDB now"
    return None


def _split_name(tok: Any) -> Any | None:
    """The second word of a name the parser split into two objects of one head ("to IntelliJ IDEA")."""
    nxt = tok.doc[tok.i + 1] if tok.i + 1 < len(tok.doc) else None
    if nxt is None or tok.pos_ != "PROPN" or nxt.pos_ != "PROPN" or tok.dep_ not in ("pobj", "dobj", "attr") or \
            nxt.dep_ != tok.dep_ or nxt.head.i != tok.head.i:
        return None
    return nxt


def _name_as_clause(tok: Any) -> bool:
    """"I support Leeds United": a two-word name after a verb the parser read as a clause of its own ("United" a
    ``ccomp``, "Leeds" its subject); the name is the verb's object."""
    if tok.dep_ != "ccomp" or tok.pos_ != "PROPN" or tok.head.pos_ != "VERB" or tok.head.i > tok.i:
        return False
    return all((c.pos_ == "PROPN" and c.i == tok.i - 1 and c.dep_ in ("nsubj", "compound")) or c.dep_ == "punct"
               for c in tok.children)


def _noun_as_object_of_noun(tok: Any) -> bool:
    """"switched to soya milk": "milk" read as the object of the noun before it ("soya", a preposition's object);
    the two are one noun, "milk" its head."""
    first = tok.head
    return tok.dep_ == "dobj" and tok.pos_ == "NOUN" and first.i == tok.i - 1 and first.pos_ in ("PROPN", "NOUN") \
        and first.dep_ in ("pobj", "dobj") and not list(tok.children)


def _verb_on_complement(tok: Any) -> Any | None:
    """"Bill is 89 and lives in Hull": the second verb read as conjoined to "89" (the copula's complement); returns
    the copula, whose conjunct it is."""
    comp = tok.head
    if tok.dep_ != "conj" or tok.pos_ != "VERB" or tok.tag_ not in ("VBZ", "VBP", "VBD") or \
            comp.dep_ not in ("attr", "acomp") or comp.head.lemma_ != "be" or \
            any(c.dep_ in ("nsubj", "nsubjpass") for c in tok.children):
        return None
    return comp.head


def _noun_before_its_name(tok: Any) -> Any | None:
    """"My hamster Peanut keeps biting": "my hamster" read as a phrase of its own beside the subject "Peanut";
    returns the name, whose compound the noun is (as in "My dog Biscuit ...")."""
    name = tok.doc[tok.i + 1] if tok.i + 1 < len(tok.doc) else None
    if name is None or tok.pos_ != "NOUN" or tok.dep_ not in ("npadvmod", "nsubj") or name.pos_ != "PROPN" or \
            name.dep_ != "nsubj" or name.head.i != tok.head.i or not any(
                c.dep_ == "poss" and c.lower_ in ("my", "our") for c in tok.children):
        return None
    return name


_GERUNDS_TAKING = {"eating": "eat", "drinking": "drink", "having": "have", "using": "use", "playing": "play",
                   "doing": "do", "learning": "learn", "wearing": "wear"}


def _object_as_verb(tok: Any) -> Any | None:
    """"I'm eating gluten again": the object read as the verb, its gerund ("eating") as an auxiliary; returns the
    gerund."""
    ger = tok.doc[tok.i - 1] if tok.i else None
    if ger is None or tok.pos_ != "VERB" or ger.dep_ != "aux" or ger.head.i != tok.i or \
            ger.lower_ not in _GERUNDS_TAKING or any(c.dep_ in ("dobj", "prep", "xcomp") for c in tok.children):
        return None
    return ger


def _training_as_noun(tok: Any) -> Any | None:
    """"my sister is training as a midwife": "training" read as a noun, the complement of "be" or a root with "be"
    its auxiliary (the parse reads "Jo is training as a teacher" as the verb it is); returns that "be"."""
    if tok.lower_ not in ("training", "retraining") or tok.pos_ != "NOUN" or not any(
            c.dep_ == "prep" and c.lower_ == "as" for c in tok.children):
        return None
    if tok.dep_ == "attr" and tok.head.lemma_ == "be":
        return tok.head
    return next((c for c in tok.children if c.dep_ == "aux" and c.lemma_ == "be"), None)


# verbs whose bare noun after them is what they act on: "i dropped tennis" (read as "dropped yesterday")
_TAKES_A_THING = frozenset({"stop", "quit", "drop", "ditch", "cut", "cancel", "play", "do", "try", "start", "love",
                            "hate", "like", "enjoy", "miss", "skip"})


def _thing_as_time(tok: Any, words: dict[str, frozenset[str]]) -> bool:
    """"I stopped tennis": the object the parser took for a time phrase (``npadvmod``); "I quit zumba": a word it
    does not know, taken for an adverb."""
    verb = tok.head
    thing = (tok.dep_ == "npadvmod" and tok.pos_ == "NOUN") or (
        tok.dep_ == "advmod" and tok.is_alpha and (tok.lower_ in SPORT_WORDS or not any(
            tok.lower_ in words.get(pos, ()) for pos in ("adj", "adv", "noun", "verb", "stop", "irregular"))))
    return thing and not tok.ent_type_ and tok.i == verb.i + 1 and \
        verb.lemma_.lower() in _TAKES_A_THING and not any(c.dep_ == "dobj" for c in verb.children) and \
        tok.lower_ not in ("home", "today", "tonight", "tomorrow", "yesterday", "morning", "night", "weekend")


def _repair(doc: Any, words: dict[str, frozenset[str]]) -> Any:
    for tok in doc:
        if _thing_as_time(tok, words):
            tok.dep_ = "dobj"
            if tok.pos_ == "ADV":
                tok.pos_, tok.tag_ = "NOUN", "NN"
            continue
        if tok.pos_ == "PROPN" and tok.text.islower() and tok.lower_ in SPORT_WORDS:
            tok.pos_, tok.tag_ = "NOUN", "NN"  # "quit barre": a sport typed lower-case is no one's name
            continue
        if (do := _sport_done(tok)) is not None:  # "I do karate": "do" the verb, the sport its object
            for c in list(tok.children):
                if c is not do:
                    c.head = do
            do.head, do.dep_, do.pos_ = (do if tok.dep_ == "ROOT" else tok.head), tok.dep_, "VERB"
            tok.head, tok.dep_, tok.pos_, tok.tag_, tok.lemma_ = do, "dobj", "NOUN", "NN", tok.lower_
            continue
        if (name := _noun_before_its_name(tok)) is not None:
            for c in list(tok.children):
                c.head = name
            tok.head, tok.dep_ = name, "compound"
            continue
        if (ger := _object_as_verb(tok)) is not None:
            ger.head, ger.dep_ = (ger if tok.head is tok else tok.head), tok.dep_
            ger.pos_, ger.tag_, ger.lemma_ = "VERB", "VBG", _GERUNDS_TAKING[ger.lower_]
            for c in list(tok.children):
                c.head = ger
            tok.head, tok.dep_, tok.pos_, tok.tag_, tok.lemma_ = ger, "dobj", "NOUN", "NN", tok.lower_
            continue
        if (be := _training_as_noun(tok)) is not None:
            if be.head.i != tok.i:  # the complement of "be": "be" becomes its auxiliary
                tok.head, tok.dep_ = (tok if be.head is be else be.head), be.dep_
                for c in list(be.children):
                    if c is not tok:
                        c.head = tok
                be.head, be.dep_ = tok, "aux"
            tok.pos_, tok.tag_, tok.lemma_ = "VERB", "VBG", tok.lower_[:-3]
            continue
        if (be := _verb_on_complement(tok)) is not None:
            for c in list(tok.head.children):
                if c.dep_ == "cc" and c.i < tok.i:
                    c.head = be
            tok.head = be
            continue
        if _noun_as_object_of_noun(tok):
            first = tok.head
            tok.head, tok.dep_ = (tok if first.head is first else first.head), first.dep_
            for c in list(first.children):
                c.head = tok
            first.head, first.dep_ = tok, "compound"
            continue
        if _name_as_clause(tok):
            tok.dep_ = "dobj"
            for c in tok.children:
                if c.dep_ == "nsubj":
                    c.dep_ = "compound"
            continue
        if (rest := _split_name(tok)) is not None:
            tok.head, tok.dep_ = rest, "compound"
            continue
        misread = _word_as_punct(tok)
        if misread is not None:
            tok.head, tok.dep_ = misread
            tok.pos_, tok.tag_ = ("PROPN", "NNP") if tok.text[:1].isupper() else ("NOUN", "NN")
            continue
        if (first := _split_compound(tok)) is not None:
            tok.head, tok.dep_, tok.pos_, tok.tag_ = first.head, first.dep_, "NOUN", "NN"
            for c in list(first.children):
                if c.dep_ in ("poss", "det"):
                    c.head = tok
            first.head, first.dep_ = tok, "compound"
            continue
        if (held := _object_before_daily(tok)) is not None:  # "I drink orange juice daily": juice is the object
            held.head, held.dep_, held.pos_, held.tag_ = tok.head, "dobj", "NOUN", "NN"
            tok.pos_, tok.tag_ = "ADV", "RB"
            continue
        if _acronym_noun(tok):
            tok.pos_, tok.tag_, tok.lemma_ = "NOUN", "NN", tok.lower_
            continue
        if _name_as_subject(tok, words) or _name_misread(tok, words):
            tok.dep_, tok.pos_, tok.tag_ = "nsubj", "PROPN", "NNP"
            doc.user_data.setdefault(NAMES_GIVEN_BACK, set()).add(tok.i)
            continue
        to = _thing_after_to(tok, words)
        if to is not None:
            to.head, to.dep_, to.pos_, to.tag_ = tok.head, "prep", "ADP", "IN"
            tok.head, tok.dep_, tok.pos_, tok.tag_ = to, "pobj", "NOUN", "NN"
            tok.lemma_ = tok.lower_
            continue
        if (verb := _verb_as_conjoined_noun(tok)) is not None:  # "used to live in porto and work at sonae"
            tok.pos_, tok.tag_ = "VERB", verb.tag_ if verb.tag_ in ("VB", "VBP") else "VB"
            tok.head = verb  # ("live in mumbai, andheri side, and work from home": the verb's, not the town's)
            continue
        verb_words = words.get("verb", frozenset())
        if (lemma := _verb_as_plural(tok, verb_words)) is not None:
            tok.pos_, tok.tag_, tok.lemma_ = "VERB", "VBZ", lemma
            continue
        bare = _bare_form_after_be(tok)  # "my favourite food is curry": no verb's base form follows "is"
        if not bare and (tok.pos_ in ("VERB", "AUX") or tok.tag_.startswith("VB")) and (
                tok.lemma_.lower() in verb_words or tok.lower_ in verb_words or tok.pos_ == "AUX"):
            continue  # a verb ("I'm married"); not "I'm not keto anymore" (no verb of the word list)
        be = next((c for c in tok.children if c.lemma_.lower() == "be" and (c.dep_ == "auxpass" or (
            c.dep_ == "aux" and tok.pos_ in ("NOUN", "PROPN", "ADJ") and tok.dep_ == "ROOT" and c.i < tok.i))), None)
        subj = next((c for c in tok.children if c.dep_ in ("nsubjpass", "nsubj")), None) or (
            next((c for c in be.children if c.dep_ in ("nsubjpass", "nsubj")), None) if be is not None else None)
        if be is None or subj is None:  # ("my diet is keto": the subject hangs on "is")
            continue
        root = tok.dep_ == "ROOT"
        be.head, be.dep_, be.pos_ = (be if root else tok.head), tok.dep_, "AUX"
        if bare:
            tok.pos_, tok.tag_, tok.lemma_ = "NOUN", "NN", tok.lower_
        elif tok.pos_ == "VERB":
            tok.pos_, tok.tag_ = "ADJ", "JJ"
        tok.head, tok.dep_ = be, "attr" if tok.pos_ in ("NOUN", "PROPN") else "acomp"
        subj.head, subj.dep_ = be, "nsubj"
        for c in list(tok.children):  # "I'm not keto anymore", "I've been keto": the negation and aux are the copula's
            if (c.dep_ == "neg" and c.i > be.i) or c.i < be.i:  # ("reminder, I'm gluten free": before it too)
                c.head = be
    return doc


def _sport_done(tok: Any) -> Any | None:
    """"I do karate", "my son does ballet": the sport the parser read as a verb after an emphatic "do"; that
    "do" (right before it, no negation)."""
    if tok.pos_ != "VERB" or tok.lower_ not in SPORT_WORDS:
        return None
    return next((c for c in tok.children if c.dep_ == "aux" and c.lower_ in ("do", "does", "did") and c.i == tok.i - 1
                 and not any(g.dep_ == "neg" for g in tok.children)), None)


def _verb_as_plural(tok: Any, verbs: frozenset[str]) -> str | None:
    """"My mum lives in Cardiff": the root read as a plural noun ("lives") with a subject before it and a
    preposition after, when it is a verb's third person; the verb's lemma."""
    if tok.dep_ != "ROOT" or tok.tag_ != "NNS" or not tok.lower_.endswith("s") or not any(
            c.dep_ == "nsubj" and c.i < tok.i for c in tok.children) or not any(
            c.dep_ == "prep" and c.i == tok.i + 1 for c in tok.children):
        return None
    stem = tok.lower_[:-2] if tok.lower_.endswith("es") and tok.lower_[:-2] in verbs else tok.lower_[:-1]
    return stem if stem in verbs else None


# verbs of where one lives, works or studies, read as nouns after "and" ("live in porto and work at sonae")
_CONJOINED_VERBS = {"work": ("at", "for", "as", "in", "from"), "live": ("in",), "study": ("at", "in"),
                    "teach": ("at", "in")}


def _verb_as_conjoined_noun(tok: Any) -> Any | None:
    """The verb a verb's plain form is conjoined to where the parser read it as a noun (right after "and", no
    determiner or possessive of its own, the preposition of a place after it): the verb it hangs on ("live in porto
    and work at sonae"), or the verb of the place it hangs on ("live in mumbai, andheri side, and work from home")."""
    if not (tok.dep_ == "conj" and tok.pos_ == "NOUN" and tok.tag_ == "NN" and tok.lower_ in _CONJOINED_VERBS
            and tok.i > 0 and tok.doc[tok.i - 1].lower_ == "and" and not any(
                c.dep_ in ("det", "poss", "amod", "compound") for c in tok.children) and any(
                c.dep_ == "prep" and c.lower_ in _CONJOINED_VERBS[tok.lower_] for c in tok.children)):
        return None
    if tok.head.tag_ in ("VB", "VBP"):
        return tok.head
    top = tok.head
    while top.dep_ == "conj" and top.head.i != top.i:  # ("mumbai, andheri side, and work": a list of the place)
        top = top.head
    if top.dep_ != "pobj":
        return None
    verb = next((a for a in top.ancestors if a.pos_ in ("VERB", "AUX")), None)
    return verb if verb is not None and verb.tag_ in ("VB", "VBP") else None


def _object_before_daily(tok: Any) -> Any | None:
    """The object the parser hung on "daily" as its compound ("drink orange juice daily"), when the verb has none."""
    if tok.lower_ not in ("daily", "weekly", "nightly") or tok.dep_ != "advmod" or tok.head.pos_ != "VERB" or any(
            c.dep_ == "dobj" for c in tok.head.children):
        return None
    before = tok.doc[tok.i - 1] if tok.i > 0 else None
    return before if before is not None and before.head.i == tok.i and before.dep_ == "compound" else None


def _bare_form_after_be(tok: Any) -> bool:
    """A verb's base form as the root of a passive on "is" ("my favourite food is curry"): the parser took a
    noun that is also a verb for one (a passive takes a participle: "is curried")."""
    return tok.tag_ == "VB" and tok.pos_ == "VERB" and any(
        c.dep_ == "auxpass" and c.lower_ in ("is", "'s", "are", "'re", "am", "'m", "was", "were") and c.i == tok.i - 1
        for c in tok.children)


def repair_copulas(nlp: Any) -> None:
    """Add the repairing component to ``nlp`` (once), after the lemmatizer (it needs the lemma of "be")."""
    if "mg_copulas" in nlp.pipe_names:
        return
    from spacy.language import Language

    words = lexicon_of(nlp)[0]  # the word lists of this pipeline (wordlist.py reads the same, cached)
    Language.component("mg_copulas", func=lambda doc: _repair(doc, words))
    nlp.add_pipe("mg_copulas", after="lemmatizer")
