"""The predicate of one parsed clause: its content verb, its objects and prepositional phrases.

"I used to live in Rome" -> live (in Rome); "got a job at Stripe" -> work at Stripe; "traded in my Honda for a
Subaru" -> trade (in Honda, for Subaru); "a lot of sci-fi" -> sci-fi. Parse repairs for chat phrasings the small
parser misreads live here, each with its reason.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from mem_graph.extract.admission import admitted_to_school
from mem_graph.extract.catalogue import REL_STATUS
from mem_graph.extract.clauses import compound_span, span_text
from mem_graph.extract.contrast import contrasted
from mem_graph.extract.correction import value_class
from mem_graph.extract.gapping import gapped_objects
from mem_graph.extract.kin_words import KIN
from mem_graph.extract.lexicon import WORKPLACES
from mem_graph.extract.model_names import with_model_number
from mem_graph.extract.places import is_town, lived_in_town
from mem_graph.extract.quitting import NOTICE_NOUNS, quit_idioms

TIME_PREPS = frozenset({"during", "since", "after", "before", "until", "throughout", "around", "over"})
PREP_ALIASES = {"off": "from", "onto": "to", "into": "to"}
# adverbs a destination's "to" phrase can hang off ("moved back home to Cork", "moved over to Lyon")
DIRECTION_ADVERBS = frozenset({"back", "home", "over", "away", "down", "up", "north", "south", "east", "west"})
_REFLEXIVES = frozenset({"myself", "himself", "herself", "themselves", "themself", "ourselves", "yourself"})
RECURRING_TIMES = frozenset({"morning", "evening", "night", "day", "weekend", "afternoon", "week", "weekday",
                             "lunchtime", "summer", "winter"})
DURATION_NOUNS = frozenset({"year", "month", "week", "day", "decade", "while", "age", "hour", "minute", "time"})
# nouns of a post: "got a job at Stripe", "took a position with Shell", "accepted an offer from Amazon"
JOB_NOUNS = frozenset({"job", "position", "internship", "gig", "offer", "role", "placement", "post"})
HELD_POSTS = JOB_NOUNS | NOTICE_NOUNS  # what "quit" names when it names the job itself ("she quit her job")
# nouns of a course of study: "doing a phd at cambridge", "starting my masters at leeds"
DEGREE_NOUNS = frozenset({"phd", "doctorate", "masters", "master", "degree", "bachelors", "bachelor", "mba", "msc",
                          "bsc", "mphil", "dphil", "pgce", "undergrad", "diploma", "certificate", "hnd", "nvq",
                          "apprenticeship", "foundation", "access", "btec", "llm", "ma", "ba", "postgrad"})
STUDYING_VERBS = frozenset({"do", "start", "begin", "pursue", "take"})
QUANTIFIERS = frozenset({"lot", "lots", "bit", "kind", "sort", "type", "couple", "number", "bunch", "plenty", "few",
                         "loads", "load", "tons", "ton", "heaps", "gallons", "litres", "cups", "pints", "mugs"})
# past forms the tagger sometimes leaves unlemmatised ("Got a new phone" read as an imperative)
IRREGULAR = {"hates": "hate", "loves": "love", "got": "get", "bought": "buy", "sold": "sell", "went": "go",
             "took": "take", "made": "make", "had": "have", "left": "leave", "began": "begin", "became": "become",
             "met": "meet", "quit": "quit"}


def duration(prep: Any) -> bool:
    """A "for" phrase that says how long ("vegetarian for years", "lived there for a while"), not what."""
    return prep.lower_ == "for" and any(g.dep_ == "pobj" and g.lemma_.lower() in DURATION_NOUNS
                                        for g in prep.children)


def _when(prep: Any) -> bool:
    """An "on"/"in" phrase that says when ("got married on saturday", "engaged in june"), not what."""
    return prep.lower_ in ("on", "in") and any(g.dep_ == "pobj" and g.ent_type_ in ("DATE", "TIME")
                                               for g in prep.children)


def recurring_time(noun: Any) -> bool:
    """"(I go running) most mornings", "every weekend": when it happens, read as an object."""
    return noun.lemma_.lower() in RECURRING_TIMES and any(
        c.lower_ in ("most", "every", "some", "all", "many") for c in noun.children)


@dataclass
class Predicate:
    """The content verb of a clause with its objects and prepositional phrases."""

    verb: Any  # the clause head as written ("used", "stopped", "'d love")
    target: Any  # the content verb ("live", "eating", "live")
    lemma: str
    objects: list[Any] = field(default_factory=list)
    prep: str | None = None  # the preposition the objects came from
    preps: dict[str, Any] = field(default_factory=dict)  # preposition -> its object
    adjective: str | None = None  # "sick_of", "allergic_to"
    dobj: Any | None = None
    back: bool = False  # "come back to", "move back to"
    away: bool = False  # "is up in Auckland", "out in Alicante": "is in", said with a direction

    @property
    def key(self) -> str:
        prt = next((c.lower_ for c in self.target.children if c.dep_ == "prt"), None)
        if prt in ("up", "out", "off") and not self.prep:  # "took up bouldering", "gone off spicy food"
            return f"{self.lemma}_{prt}"
        if self.prep and self.back:
            return f"{self.lemma}_back_{self.prep}"
        return f"{self.lemma}_{self.prep}" if self.prep else self.lemma


# what one does for an employer: "I do deliveries for a courier", "doing shifts at Tesco", "I do admin for a charity"
WORK_DONE = frozenset({"delivery", "deliveries", "books", "shift", "shifts", "admin", "accounts", "bookkeeping",
                       "marketing", "sales", "it", "pr", "hr", "security", "cleaning", "tutoring", "contract",
                       "contracting", "nights", "overtime", "ops", "payroll", "recruitment", "support", "freelance"})


_WORK_VEHICLES = frozenset({"van", "truck", "lorry", "bus", "cab", "taxi", "forklift", "tractor", "rig", "artic"})


def _moved_to(pred: Predicate) -> Any | None:
    """Where a move with no object went: a place the tagger knows, else a name after "in" ("moved in with my
    daughter Karen in Lincoln": Lincoln tagged an ORG), never "from" ("moved from Denver") nor a month."""
    places = [o for p, o in pred.preps.items() if p != "from" and o.ent_type_ == "GPE"]
    named = [o for p, o in pred.preps.items() if p == "in" and o.pos_ == "PROPN" and o.ent_type_ not in (
        "PERSON", "DATE", "TIME") and value_class(o.lower_) != "month"]
    return (places or named or [None])[0]


# what one does at a place for an evening, not for a living ("we're doing lunch at a cafe")
_OCCASIONS = frozenset({"lunch", "dinner", "breakfast", "brunch", "drink", "coffee", "shopping", "party", "quiz",
                        "karaoke", "birthday", "date", "workout", "class", "course", "talk", "presentation", "event",
                        "homework", "revision"})


def _at_workplace(verb: Any) -> bool:
    """"she's doing nails at a salon": the verb's "at" names a place of work."""
    return any(c.dep_ == "prep" and c.lower_ == "at" and any(g.dep_ == "pobj" and g.lemma_.lower() in WORKPLACES
                                                               for g in c.children) for c in verb.children)


def _work_done_for(verb: Any, direct: list[Any]) -> tuple[str, Any] | None:
    """The preposition and employer of "do <work> for/at <employer>" (not "for my dad", "for fun")."""
    noun = next((c for c in direct if c.dep_ == "dobj" and (WORK_DONE & {c.lemma_.lower(), c.lower_} or (
        verb.tag_ == "VBG" and c.pos_ == "NOUN" and c.lemma_.lower() not in _OCCASIONS and _at_workplace(verb)))
                 and (c.lower_ != "it" or c.text == "IT")), None)  # "I do IT for a charity", not "do it for my biz"
    if noun is None or any(c.lower_ in ("trial", "extra", "taster", "cover", "test", "one-off") for c in noun.children):
        return None  # "did a trial shift at Aldi": a try, no job
    for prep in (*noun.children, *verb.children):
        pobj = next((g for g in prep.children if g.dep_ == "pobj"), None) if prep.dep_ == "prep" else None
        if pobj is not None and prep.lower_ in ("for", "at") and pobj.ent_type_ not in ("PERSON", "DATE", "TIME") \
                and pobj.lemma_.lower() not in KIN | {"fun", "free", "money", "cash", "me", "us", "them", "friend"}:
            return prep.lower_, pobj
    return None


def unwrap_quantifier(tok: Any) -> Any:
    """'a lot of sci-fi' -> 'sci-fi'."""
    if tok.lemma_.lower() in QUANTIFIERS:
        prep = next((c for c in tok.children if c.dep_ == "prep" and c.lower_ == "of"), None)
        pobj = next((g for g in prep.children if g.dep_ in ("pobj", "pcomp")), None) if prep is not None else None
        if pobj is not None:
            return pobj
    return tok


def content_verb(verb: Any) -> Any:
    """The verb a clause is about: "used to live" -> live, "stopped eating" -> eating, "went back to eating"
    -> eating, "thinking about quitting" -> quitting, "'d love to live" -> live, "want to move" -> move."""
    lemma = verb.lemma_.lower()
    xcomp = next((c for c in verb.children if c.dep_ == "xcomp" and c.pos_ in ("VERB", "AUX")), None)
    modal = any(c.tag_ == "MD" for c in verb.children)
    if xcomp is not None:
        if lemma in ("use", "stop", "quit", "start", "begin", "continue", "keep", "want", "plan", "hope", "come",
                     "grow", "intend", "wish", "try", "decide", "need", "go", "consider", "resume", "cease", "expect",
                     "learn",  # "learning to code in Go", "learning to surf"
                     "end") or (lemma == "give" and any(c.lower_ == "up" for c in verb.children)) or (
                lemma == "have" and any(g.tag_ == "TO" for g in xcomp.children)):  # "had to give up climbing"
            return content_verb(xcomp)  # "ended up calling the cat Ginger", "gave up running"
        if lemma in ("love", "like", "prefer", "hate") and modal:  # "I'd love to live in Rome"
            return content_verb(xcomp)
    # "I've come to love running", "I've grown to hate it": the stance is the infinitive's
    if lemma in ("come", "grow") and xcomp is None:
        inf = next((c for c in verb.children if c.dep_ in ("advcl", "xcomp") and c.pos_ == "VERB"
                    and any(g.tag_ == "TO" for g in c.children)), None)
        if inf is not None:
            return content_verb(inf)
    if lemma in ("stop", "quit", "give", "consider") and xcomp is None:
        ger = next((c for c in verb.children if c.dep_ in ("dobj", "xcomp", "pcomp") and c.tag_ == "VBG"), None)
        if ger is not None:
            return ger
    # "went back to eating fish", "thinking about quitting", "dreaming of living"
    for prep in (c for c in verb.children if c.dep_ == "prep" and c.lower_ in ("about", "of", "to", "into")):
        for g in prep.children:
            if g.dep_ == "pcomp" and g.pos_ == "VERB" and lemma in ("go", "think", "dream", "return", "consider",
                                                                     "look"):
                return g
    for adv in (c for c in verb.children if c.dep_ == "advmod" and c.lower_ == "back"):
        for prep in (c for c in adv.children if c.dep_ == "prep"):
            for g in prep.children:
                if g.dep_ == "pcomp" and g.pos_ == "VERB":
                    return g
    return verb


YEAR_GROUPS = frozenset({"year", "grade", "class", "form", "reception", "kindergarten", "nursery", "preschool"})


def in_year_group(pred: Predicate) -> bool:
    """"in year 2 at Oakfield", "in grade 5 at Lincoln": a class said beside the school that holds it."""
    group = pred.preps.get("in")
    return group is not None and group.lower_ in YEAR_GROUPS and "at" in pred.preps


def _object_of(prep: Any) -> Any | None:
    """A preposition's object; "at Sainsbury's last week" (parsed as last week's Sainsbury's) is Sainsbury's, and
    "at the moment" has none."""
    pobj = next((g for g in prep.children if g.dep_ in ("pobj", "pcomp")), None)
    if pobj is not None and prep.lower_ == "at" and pobj.text in ("moment", "minute", "present", "mo"):
        return None  # "I'm working at the moment": when, not where
    if pobj is not None and pobj.ent_type_ in ("DATE", "TIME"):
        return next((g for g in pobj.children if g.dep_ == "poss" and g.ent_type_ not in ("DATE", "TIME")), pobj)
    return pobj


def predicate(verb: Any, target: Any) -> Predicate:
    pred = Predicate(verb, target, IRREGULAR.get(target.lower_, target.lemma_.lower()))
    # "as a teacher I don't get weekends off": a standpoint before the verb is no object of it
    own = [c for c in target.children if not (c.lower_ == "as" and c.i < target.i)]
    for c in own:  # the verb's own prepositions before any nested in them: "after 8 years as a
        pobj = _object_of(c)  # barista i work as a designer"
        if c.dep_ in ("prep", "agent") and pobj is not None and pobj.ent_type_ not in ("DATE", "TIME"):
            pred.preps.setdefault(c.lower_, pobj)  # (not "in May": "moved into a home in Leeds in May")
    for c in own:
        if c.dep_ in ("prep", "agent"):  # "agent": "hired by Oracle"
            pobj = _object_of(c)
            if pobj is None and c.lower_ == "out":  # "moved out of Boston"
                pobj = next((h for g in c.children if g.dep_ == "prep" and g.lower_ == "of"
                             for h in g.children if h.dep_ == "pobj"), None)
                if pobj is not None:
                    pred.preps.setdefault("of", pobj)
                continue
            if pobj is not None:
                pred.preps.setdefault(c.lower_, pobj)
                # "from MongoDB to Postgres": the second hangs off the first ("live with my parents and my
                # brother in Lagos": or off the last of those one is with)
                withs = [pobj, *pobj.conjuncts] if c.lower_ == "with" else [pobj]
                for g in (g for w in withs for g in w.children):
                    if g.dep_ == "prep":
                        inner = next((h for h in g.children if h.dep_ == "pobj"), None)
                        if inner is not None:
                            pred.preps.setdefault(g.lower_, inner)
                for g in c.children:
                    if g.dep_ == "prep":
                        inner = next((h for h in g.children if h.dep_ == "pobj"), None)
                        if inner is not None:
                            pred.preps.setdefault(g.lower_, inner)
        if c.dep_ in ("advmod", "prt") and c.lower_ in DIRECTION_ADVERBS:
            # "coming back to Seattle", "moved back to Leeds"; "moved back home to Cork", "moved over to Lyon"
            # (the "to" phrase hangs off the adverb)
            for g in c.children:
                inner = next((h for h in g.children if h.dep_ == "pobj"), None) if g.dep_ == "prep" else None
                if inner is not None and g.lower_ == "to":  # not "back in the day"
                    pred.preps.setdefault(g.lower_, inner)
                    pred.back = pred.back or c.lower_ == "back" or any(a.lower_ == "back" for a in c.children)
                elif inner is not None and g.lower_ == "in" and (c.lower_ == "back" or (c.lower_ == "home" and any(
                        a.lower_ == "back" for a in c.children))) and pred.lemma == "be" and (  # "back home in Kochi"
                        inner.ent_type_ in ("GPE", "LOC") or inner.pos_ == "PROPN"):
                    pred.preps.setdefault("in", inner)  # "I'm back in Pune": a return home
                    pred.back = True
                elif inner is not None and g.lower_ == "in" and c.lower_ in ("up", "down", "over", "out") and \
                        pred.lemma == "be" and (inner.ent_type_ in ("GPE", "LOC") or inner.pos_ == "PROPN"):
                    pred.preps.setdefault("in", inner)  # "my mate Rawiri is up in Auckland": where he is
                    pred.away = True
    # objects follow the verb in a statement; a "that" read as an object is a misparse
    for d in (c for c in target.children if c.dep_ == "dobj"):  # "moved the app from SQLite to ..."
        for c in d.children:
            pobj = next((g for g in c.children if g.dep_ == "pobj"), None) if c.dep_ == "prep" else None
            if pobj is not None and c.lower_ in ("from", "to", "for", "with", "off", "onto"):
                pred.preps.setdefault(c.lower_, pobj)
    for alias, plain in PREP_ALIASES.items():  # "migrated off mongo onto postgres" = from mongo to postgres
        if alias in pred.preps:
            pred.preps.setdefault(plain, pred.preps[alias])
    direct = [c for c in target.children if (c.dep_ in ("dobj", "attr", "acomp", "oprd", "dative") or (
              pred.lemma == "turn" and c.like_num)  # "she turned 7" (7 read as advmod)
              or (c.dep_ == "xcomp" and c.pos_ == "NOUN" and not list(c.children)))  # "i use spotify" (misparse)
              and c.i > target.i
              and c.pos_ not in ("SCONJ", "DET") and c.lower_ not in ("that", "this") and not recurring_time(c)]
    # "switched to tea, no more coffee": a "no more" phrase after a comma ends a value, it is no object; nor is
    # what "instead of" names ("got a bike so cycling now instead of the bus": the bus read as what was got)
    direct = [c for c in direct if not (c.left_edge.lower_ == "no" and c.left_edge.i > 0
                                        and c.doc[c.left_edge.i - 1].text == ",") and not _instead_of(c)
              and not contrasted(c)]
    if pred.lemma == "teach" and any(c.lower_ in ("myself", "ourselves") for c in direct):
        # "I'm teaching myself guitar": to teach oneself is to learn
        pred.lemma, direct = "learn", [c for c in direct if c.lower_ not in ("myself", "ourselves")]
    if len(direct) > 1 and direct[0].dep_ == "dative" and direct[0].lower_ in _REFLEXIVES:
        direct = direct[1:]  # "dad's got himself a Tesla", "bought myself a Kindle": the thing got
    if not direct and pred.lemma == "give" and "on" in pred.preps and any(
            c.dep_ == "prt" and c.lower_ == "up" for c in target.children):
        direct = [pred.preps["on"]]  # "gave up on the gym": what was given up, as in "gave up the gym"
    if not direct and pred.lemma in ("get", "buy", "have") and (held := next(
            (g for c in target.children if c.dep_ == "ccomp" and c.tag_ == "VBG" and c.i > target.i
             for g in c.children if g.dep_ == "nsubj" and g.pos_ == "NOUN" and
             any(d.lower_ in ("a", "an", "the") for d in g.children)), None)) is not None:
        direct = [held]  # "got a framework laptop running arch": what was got (and what it runs)
    pred.dobj = next((c for c in direct if c.dep_ == "dobj"), None)
    oprd = next((c for c in direct if c.dep_ == "oprd"), None)
    if oprd is not None:  # "we named our puppy Max", "my cat is called Misty"
        direct = [oprd]
    if pred.lemma == "do" and (done := _work_done_for(target, direct)) is not None:
        pred.lemma, pred.prep, direct = "work", done[0], [done[1]]  # "I do deliveries for a courier"
    for noun in [c for c in direct if c.dep_ in ("attr", "dobj")]:
        prep = next((c for c in noun.children if c.dep_ == "prep"), None)
        if prep is None and noun.lemma_.lower() in JOB_NOUNS | DEGREE_NOUNS | {"living", "career"}:
            prep = next((c for c in target.children if c.dep_ == "prep" and c.lower_ in ("at", "with", "as", "in")),
                        None)
        pobj = next((g for g in prep.children if g.dep_ == "pobj"), None) if prep is not None else None
        if prep is None or pobj is None:
            continue
        if noun.lemma_.lower() in ("fan", "lover", "hater") and prep.lower_ == "of":
            pred.adjective, direct = f"{noun.lemma_.lower()}_of", [pobj]  # "a big fan of jazz"
        elif noun.lemma_.lower() == "interest" and prep.lower_ == "in" and pred.lemma in ("lose", "have", "take"):
            pred.adjective, direct = f"{pred.lemma}_interest_in", [pobj]  # "I've lost interest in opera"
        elif noun.lemma_.lower() in JOB_NOUNS | {"living", "career"} and prep.lower_ == "as":
            pred.lemma, pred.prep, direct = "work", "as", [pobj]  # "landed a gig as a barista": the job itself
        elif noun.lemma_.lower() in JOB_NOUNS and (prep.lower_ in ("at", "with") or (
                noun.lemma_.lower() == "offer" and prep.lower_ == "from")) and not _only_offered(pred, noun):
            pred.lemma, pred.prep, direct = "work", "at", [pobj]  # "got a job at Stripe", "accepted an offer"
        elif noun.lemma_.lower() == "transfer" and prep.lower_ == "to" and pred.lemma in ("get", "have", "accept"):
            pred.lemma, pred.prep, pred.dobj, direct = "transfer", "to", None, [pobj]  # "got her transfer to NYU"
        elif noun.lemma_.lower() in DEGREE_NOUNS and prep.lower_ == "in" and pred.lemma in STUDYING_VERBS:
            pred.lemma, pred.prep, direct = "study", None, [pobj]  # "doing a degree in computer science"
        elif noun.lemma_.lower() in DEGREE_NOUNS and prep.lower_ == "at" and pred.lemma in STUDYING_VERBS:
            # "doing a phd at cambridge": where one studies ("got my degree at leeds" is a past, not a school now)
            pred.lemma, pred.prep, direct = "study", "at", [pobj]
        break
    if target.tag_ == "VBN" and any(c.dep_ == "auxpass" for c in target.children) and not pred.adjective:
        # "I'm obsessed with tea" parsed as a passive: the participle is the adjective
        prep = next((c for c in target.children if c.dep_ == "prep"), None)
        if prep is not None and any(g.dep_ == "pobj" for g in prep.children):
            pred.adjective = f"{target.lower_}_{prep.lower_}"
    acomp = next((c for c in direct if c.dep_ == "acomp"), None)
    if acomp is not None:  # not a time phrase: "went fully vegan over lockdown" is about vegan
        prep = next((c for c in acomp.children if c.dep_ == "prep" and c.lower_ not in TIME_PREPS
                     and c.lower_ != "than" and not duration(c) and not _when(c)  # "nicer than my old Subaru"
                     and not (c.lower_ == "with" and acomp.lower_ in REL_STATUS)), None)  # "married with two kids"
        pobj = next((g for g in prep.children if g.dep_ in ("pobj", "pcomp")), None) if prep is not None else None
        if pobj is not None and pobj.dep_ == "pcomp":  # "sick of running marathons" is about marathons
            pobj = next((g for g in pobj.children if g.dep_ == "dobj"), pobj)
        if prep is not None and pobj is not None:  # "sick of jazz", "allergic to peanuts"
            pred.adjective = f"{acomp.lower_}_{prep.lower_}"
            direct = [pobj]
        elif acomp.lower_ in ("allergic", "intolerant", "addicted") and (thing := next(
                (c for c in acomp.children if c.dep_ == "xcomp" and any(a.lower_ == "to" for a in c.children)),
                None)) is not None:  # "I'm allergic to shellfish": the small tagger read "to shellfish" as a verb
            pred.adjective, direct = f"{acomp.lower_}_to", [thing]
    if not direct:
        ger = next((c for c in target.children if c.dep_ == "xcomp" and c.tag_ in ("VBG", "VB")), None)
        if ger is not None and pred.lemma in ("love", "like", "enjoy", "hate", "prefer", "adore", "go", "dislike",
                                              "detest", "loathe", "fancy", "stand"):
            # "I love hiking"; "I love playing Fortnite" is about Fortnite
            gobj = next((c for c in ger.children if c.dep_ == "dobj"), None) if pred.lemma != "go" else None
            direct = [gobj if gobj is not None else ger]
    if not direct and pred.lemma in ("promote", "demote") and "to" not in pred.preps and (
            role := _misread_role(target)) is not None:
        pred.prep, direct = "to", [role]  # "got promoted to store manager" ("to store" read as an infinitive)
        pred.preps["to"] = role
    if not direct and pred.lemma in ("move", "relocate") and (place := _moved_to(pred)) is not None:
        pred.prep, direct = "to", [place]  # "moved in with my aunt in Rome" (never "moved from Denver")
    if not direct and "of" in pred.preps and any(c.lower_ == "out" for c in target.children):
        pred.prep, direct = "of", [pred.preps["of"]]  # "moved out of Boston"
    if not direct and pred.away:
        pred.prep, direct = "in", [pred.preps["in"]]
    if not direct and pred.back and ("to" in pred.preps or "in" in pred.preps):  # "coming back to Seattle"
        pred.prep = "to" if "to" in pred.preps else "in"  # ("I'm back in Pune")
        direct = [pred.preps[pred.prep]]
    got = [c for c in direct if c.lower_ != "home"] or [pred.preps[p] for p in ("with",) if p in pred.preps]
    if pred.lemma in ("come", "bring") and any(c.lower_ == "home" for c in target.children) and got:
        pred.lemma, direct = "get", got  # "came home with a border terrier", "brought home a kitten": got
    if pred.lemma == "get" and pred.dobj is not None and pred.dobj.lemma_.lower() == "key" and "to" in pred.preps:
        pred.dobj = pred.preps["to"]  # "finally got the keys to the flat in Leeds": the flat got
        direct = [pred.dobj]
    if pred.lemma in ("close", "complete") and not direct and "on" in pred.preps:  # "closed on a house in Austin",
        # "completed on a house in Bath" (UK): bought
        pred.lemma, pred.dobj, direct = "buy", pred.preps["on"], [pred.preps["on"]]
    direct = quit_idioms(pred, target, direct)  # "packed in the buses", "handed my notice in at Greggs"
    work_vehicle = next((c for c in direct if c.lemma_.lower() in _WORK_VEHICLES), None)
    if pred.lemma == "drive" and work_vehicle is not None and "for" in pred.preps and pred.preps["for"].pos_ == \
            "PROPN" and pred.preps["for"].ent_type_ != "PERSON":  # "I drive a delivery van for DPD": who for
        pred.prep, pred.dobj, direct = "for", None, [pred.preps["for"]]
    if not direct and in_year_group(pred):  # "she's in year 2 at Oakfield": the class says which, "at" where
        pred.prep, direct = "at", [pred.preps["at"]]
    if not direct and pred.preps:
        # "before Madrid I lived in Valencia": a time phrase is the object only when nothing else is; "for
        # context i live in Leeds": a phrase fronted before the verb, only when none follows it
        for c in sorted(target.children, key=lambda c: (c.lower_ in TIME_PREPS or duration(c), c.i < target.i)):
            # ("suffer from migraines": the condition; "(I'm vegan,) have been for years": says no more)
            if c.dep_ in ("prep", "agent") and c.lower_ in pred.preps and (c.lower_ not in ("from", "than") or (
                    pred.lemma == "suffer" and c.lower_ == "from")) and not (pred.lemma == "be" and duration(c)):
                pred.prep, direct = c.lower_, [pred.preps[c.lower_]]
                break
    if pred.lemma in ("live", "stay") and pred.prep == "with" and "in" in pred.preps:
        pred.prep, direct = "in", [pred.preps["in"]]  # "I live with my parents in Leeds": where, not with whom
    if pred.lemma == "live" and direct and not is_town(direct[0]) and (town := lived_in_town(target)) is not None:
        pred.prep, direct = "in", [town]  # "lives by herself in her bungalow in Margate": the town, past the rest
    if pred.lemma == "spend" and (spent := _time_spent_on(target, pred)) is not None:
        # "spending Sundays at the allotment", "spend weekends hiking": a pastime (key "spend_regularly", which
        # no other "spend" has: "spent the night at the hospital" is none)
        pred.prep, direct = "regularly", [spent]
    if direct and admitted_to_school(pred.lemma, pred.prep, direct[0]):
        pred.lemma, pred.prep = "study", "at"  # "Layla got into Durham": a place at a school, not a stance
    out = []
    direct = [_alnum_head(h) for h in direct]
    for h in direct[:1]:
        out.append(unwrap_quantifier(h))
        stack = [h, out[-1]]
        while stack:  # "tea, coffee and cake": conjuncts chain off each other (and off "a bit of Greek")
            parent = stack.pop()
            for c in parent.children:
                described = c.pos_ == "ADJ" and parent.pos_ in ("NOUN", "PROPN") and c.text.islower()
                if described:  # "a Skoda Octavia, boring but reliable": what it is like, not a second object
                    continue
                if c.dep_ == "conj" and c.pos_ in ("NOUN", "PROPN", "ADJ") and c not in out and not _opens_clause(c) \
                        and not (c.i > 1 and c.doc[c.i - 1].lower_ == "of" and c.doc[c.i - 2].lower_ == "instead"):
                    out.append(unwrap_quantifier(c))
                    stack.append(c)
    if out and out[0].dep_ == "dobj" and out[0].pos_ == "PROPN":
        # gapping: "we use Python for the backend and TypeScript on the frontend" (TypeScript hangs off "backend")
        for pobj in pred.preps.values():
            for c in pobj.children:
                nxt = c.doc[c.i + 1] if c.i + 1 < len(c.doc) else None
                if c.dep_ == "conj" and c.pos_ == "PROPN" and nxt is not None and nxt.dep_ == "prep" and \
                        nxt.head.i in (target.i, c.i) and c not in out:
                    out.append(c)
    pred.objects = out + gapped_objects(target, out)
    return pred


_WEEKDAYS = frozenset({"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"})
_NOT_PASTIMES = frozenset({"work", "home", "school", "office", "job", "hospital", "desk"})


def _time_spent_on(target: Any, pred: Predicate) -> Any | None:
    """What regular time is spent on: "spending Sundays at the allotment" -> allotment, "I spend my weekends
    hiking" -> hiking (a pastime); not "spent the night at the hospital", "spend weekends at my mum's"."""
    dobj = pred.dobj
    if dobj is None or dobj.lemma_.lower() not in RECURRING_TIMES | _WEEKDAYS or dobj.tag_ != "NNS":
        return None
    ger = next((c for c in target.children if c.dep_ in ("xcomp", "advcl") and c.tag_ == "VBG"), None)
    if ger is not None and ger.i > dobj.i:
        return ger
    place = pred.preps.get("at") or pred.preps.get("in")
    if place is None or place.lemma_.lower() in _NOT_PASTIMES | RECURRING_TIMES or place.ent_type_ in (
            "PERSON", "DATE", "TIME") or any(c.dep_ in ("poss", "case") for c in place.children):
        return None
    return place


_ACCEPTING = frozenset({"accept", "take", "sign"})


def _only_offered(pred: Predicate, noun: Any) -> bool:
    """A post offered, not taken: "got a job offer from Spotify", "was offered a position at Google" (an offer
    is the job only when accepted: "accepted an offer from Amazon", "took the offer from Shell")."""
    return pred.lemma == "offer" or (noun.lemma_.lower() == "offer" and pred.lemma not in _ACCEPTING)


def _misread_role(verb: Any) -> Any | None:
    """The role after "promoted to" when the parser took "to <noun>" for an infinitive: its object noun."""
    inf = next((c for c in verb.children if c.dep_ in ("xcomp", "advcl") and any(g.tag_ == "TO" for g in c.children)),
               None)
    if inf is None:
        return None
    if inf.lower_ == "head" and any(c.dep_ == "prep" and c.lower_ == "of" for c in inf.children):
        return inf  # "promoted to head of maths": "head" read as a verb
    return next((g for g in inf.children if g.dep_ in ("dobj", "attr") and g.pos_ == "NOUN"), None)


def _opens_clause(tok: Any) -> bool:
    """A conjoined noun that is the subject of the next verb ("to Porto and Luis started ...", "at a school in
    Bishopston and the staff room apparently demanded the recipe")."""
    i = tok.i + 1
    while i < len(tok.doc) and tok.doc[i].tag_ in ("RB", "RBR", "RBS") and tok.doc[i].lower_ != "not":
        i += 1
    nxt = tok.doc[i] if i < len(tok.doc) else None
    return nxt is not None and nxt.pos_ in ("VERB", "AUX") and nxt.tag_ in ("VBD", "VBZ", "VBP", "MD")


def _alnum_head(tok: Any) -> Any:
    """An emoji read as the head of "Klarna 🎉": the word before it."""
    if any(ch.isalnum() for ch in tok.text):
        return tok
    words = [c for c in tok.children if any(ch.isalnum() for ch in c.text)]
    return words[-1] if words else tok


def object_text(obj: Any) -> str:
    if obj.ent_type_ == "GPE":  # "Portland, Maine"
        nxt = list(obj.doc[obj.i + 1: obj.i + 3])
        if len(nxt) == 2 and nxt[0].text == "," and nxt[1].ent_type_ == "GPE" and nxt[1].head in (obj, obj.head):
            return f"{span_text(compound_span(obj))}, {nxt[1].text}"
    if obj.pos_ == "VERB":  # "hiking", "playing tennis" (not "running now": the change word is no part of it)
        if obj.dep_ == "ROOT":
            return str(obj.text)
        keep = [obj, *(t for c in obj.children if c.dep_ not in ("advmod", "npadvmod", "punct", "cc", "conj")
                       and not (c.dep_ == "prep" and c.head == obj) and not (c.dep_ == "aux" and c.lower_ == "to")
                       for t in c.subtree)]  # ("allergic to shellfish" misread: "to" is no part of it)
        return span_text(keep)
    return span_text(with_model_number(obj, compound_span(obj)))  # "the Pixel 8", "a Tesla Model 3"


def _instead_of(tok: Any) -> bool:
    """``tok``'s phrase follows "instead of" or "rather than"."""
    at = tok.left_edge.i
    return at >= 2 and (tok.doc[at - 2].lower_, tok.doc[at - 1].lower_) in (("instead", "of"), ("rather", "than"))
