"""Guards that keep a verb's slot to objects of the right kind ("drove to Bergen" names no car, "I go to the gym"
no gym of the slot's, "doing yoga" no subject of study): the checks ``recognise`` runs before it places a fact."""

from __future__ import annotations

from typing import Any

from mem_graph.extract.ages import stated_age
from mem_graph.extract.clauses import Subject, compound_span, span_text
from mem_graph.extract.home_place import bare_place, settled_in
from mem_graph.extract.jobs import job_talk, moved_for_job
from mem_graph.extract.kin_words import CHILD_NOUNS, KIN
from mem_graph.extract.lexicon import (
    CALENDAR_WORDS,
    CHORES,
    DRINKING,
    GIVEN_NAMES,
    NOT_EMPLOYERS,
    SECTORS,
    TIME_WORD,
    WORK_UNITS,
    WORKPLACES,
    agent_of,
    is_activity,
    is_given_name,
    tech_kind,
)
from mem_graph.extract.parties import is_party
from mem_graph.extract.places import is_place_name
from mem_graph.extract.predicate import DURATION_NOUNS, Predicate
from mem_graph.extract.providers import NETWORKS
from mem_graph.extract.slots import MOTORBIKES, PLACE_LABELS, looks_like_school
from mem_graph.extract.teams import SPORT_NAMES, is_team

# "got rid of" is "rid"
ENDING_VERBS = frozenset({"sell", "scrap", "crash", "total", "lose", "return", "break", "rid", "rehome"})
# verbs that say nothing of the slot themselves: the value word names it ("bought a Kia", "switched to Postgres")
VALUE_FIRST_VERBS = frozenset({"switch", "move", "migrate", "buy", "get", "have", "own", "trade", "use", "run", "drive",
                               "sell", "lease", "upgrade", "replace", "follow", "start", "try", "adopt",
                               "pick", "swap", "exchange", "ditch", "dump", "drop"})
# verbs that take up a tool only when the lexicon names it ("we added redis to the stack", "adopted kubernetes")
_TOOL_TAKEN_UP = ("add", "adopt", "introduce", "bring")


# words that make a trip a commute ("take the bus to work", "cycle everywhere")
COMMUTE_WORDS = frozenset({"everywhere", "work", "office", "school", "campus", "commute", "daily", "uni"})
# a pastime one joins: "joined a five-a-side football team", "joined a choir"
GROUP_NOUNS = frozenset({"club", "league", "choir", "orchestra", "band", "society", "group", "class", "circle"})


def _said_as_now(verb: Any) -> bool:
    """The verb is marked as how things are now: "taking the bus now", "... for now", "... these days"."""
    return any(c.lower_ == "now" or (c.dep_ in ("prep", "npadvmod") and {g.lower_ for g in c.children} & {
        "now", "these", "moment"}) for c in verb.children)


def bare_org(obj: Any, lemma: str) -> bool:
    """"joined stripe in 2024", "joined monzo as a backend dev": chat writes the company lower-case, so the tagger
    reads a common noun; one joined bare (no article, possessive, number or adjective) is an organisation's name,
    unless it is an app or a group one joins ("joined twitter", "joined choir")."""
    return lemma == "join" and obj.dep_ == "dobj" and obj.pos_ == "NOUN" and obj.tag_ in ("NN", "NNS") and \
        obj.lower_ not in NOT_EMPLOYERS and obj.lemma_.lower() not in NOT_EMPLOYERS | GROUP_NOUNS and \
        not any(c.dep_ in ("det", "poss", "nummod", "amod", "compound") for c in obj.children)


_SCHOOL_AGE_KIN = CHILD_NOUNS | {"grandson", "granddaughter", "grandkid", "grandchild"}  # ("my grandson Oliver")


# what one works rather than does for fun: "Maya is doing nights", "doing doubles all week"
_SHIFTS = frozenset({"nights", "days", "lates", "earlies", "shifts", "doubles", "overtime", "nightshifts", "weekends",
                     "mornings", "evenings", "afternoons", "splits", "overnights", "graveyards"})


# what a household moves with it ("moved the family to Leeds", "moved my whole life to Lisbon"); not the kids or
# a parent, who are moved somewhere of their own ("moved my mum to a care home in york")
_MOVED_WITH_US = frozenset({"family", "stuff", "thing", "belonging", "life", "everything", "everyone", "wife",
                            "husband", "partner", "dog", "cat", "furniture", "box", "base", "household"})


def moved_a_thing(pred: Any) -> bool:
    """"moved the whole automation suite to Playwright": a thing moved somewhere, not the speaker's home (nor
    someone else: "we moved him to Hillcrest", a child's school)."""
    return pred.dobj is not None and ((pred.dobj.lemma_.lower() not in _MOVED_WITH_US and pred.dobj.pos_ in (
        "NOUN", "PROPN")) or pred.dobj.lower_ in ("him", "her", "them", "it"))


# nouns of "-er" words that name no job ("as a beginner", "as a member", "as a customer")
_NO_POST = frozenset({"member", "beginner", "user", "customer", "player", "starter", "reminder", "father", "mother",
                      "brother", "sister", "other", "partner", "newcomer", "outsider", "favour", "favor", "hobby",
                      "joke", "team", "family", "parent", "adult", "kid", "child", "student", "treat", "gift"})


def worker_noun(word: str) -> bool:
    """A noun shaped like a post ("porter", "carer", "courier", "assistant", "technician"): what "doing shifts as
    a ..." names."""
    return word not in _NO_POST and len(word) > 4 and word.endswith(("er", "or", "ist", "ant", "ian", "ic", "eur"))


_CHILD_WORDS = frozenset({"kids", "children", "son", "daughter", "boys", "girls", "twins", "eldest", "youngest"})
_SHORT_SPANS = frozenset({"day", "days", "night", "nights", "week", "weeks", "fortnight", "month", "weekend"})


def _short_stay(verb: Any) -> bool:
    """"staying with my mum in York for a few weeks while she recovers", "staying at Jo's over christmas": a visit
    with its end in sight, no new home."""
    for c in verb.children:
        if c.dep_ == "prep" and c.lower_ in ("for", "over") and any(
                g.lemma_.lower() in _SHORT_SPANS | {"christmas", "summer", "holiday", "holidays", "easter"}
                for g in c.children if g.dep_ == "pobj"):
            return True
        if c.dep_ == "advcl" and any(m.lower_ == "while" for m in c.children if m.dep_ == "mark"):
            return True
    return False


_SCHOOL_TALK = frozenset({"school", "classes", "class", "teacher", "teachers", "term", "uniform", "ofsted", "pupils",
                          "classmates", "reception", "nursery", "headteacher"})


def _dated(obj: Any) -> bool:
    """A time the tagger marked and the words bear out ("at 9", "at christmas"), not a shop it took for a date
    ("works at lidl" is tagged DATE)."""
    return obj.ent_type_ in ("DATE", "TIME") and any(TIME_WORD.match(t.text) for t in obj.subtree)


_STUDY_TALK = _SCHOOL_TALK | {"course", "uni", "university", "degree", "college", "module", "modules"}
_GONE_TO_NO_SCHOOL = frozenset({"bed", "sleep", "work", "town", "shop", "shops", "church", "gym", "park", "party",
                                "doctor", "doctors", "dentist", "hospital", "pub", "beach", "cinema", "toilet"})


def fits(name: str, pred: Predicate, obj: Any, obj_toks: list[Any], subject: Subject, value_spec: Any) -> bool:
    """Guards that keep a verb's slot to objects of the right kind."""
    lemma = pred.lemma
    if name == "religion":  # "converted to Buddhism"; not "we converted the garage to an office"
        return value_spec is not None and value_spec.name == "religion"
    if name in ("work_mode", "work_hours"):  # work_mode.py's alone ("I work from home" read by a verb: an employer)
        return False
    if name == "party":  # "I vote Labour", "voting for the Green Party"; not "voted for the best cake"
        return is_party(span_text(obj_toks)) or is_party(obj.text)
    if name == "team":  # "I support Arsenal", "the Scarlets in rugby"; not "I support my mum" nor "support the NHS"
        return is_team(span_text(obj_toks)) or is_team(obj.text) or (obj.pos_ == "PROPN" and any(
            t.lower_ in SPORT_NAMES for t in obj.sent))
    if name in ("car", "bike", "phone", "computer") and subject.is_speaker and any(
            (c.dep_ == "poss" and c.lower_ in ("her", "his", "their", "your")) or c.lower_ == "what"
            for c in obj.children):
        return False  # "my friend let me drive her Tesla": someone else's ("..., what a car": an exclamation)
    if name == "owns" and value_spec is not None and value_spec.name == "occupation":
        return False  # "she's got a new teacher": a person, not a thing owned
    if lemma == "touch":  # "haven't touched the violin in years": a pastime dropped (not "touched base")
        return name == "hobbies" and value_spec is not None and value_spec.name == name and any(
            c.dep_ == "neg" or c.lower_ == "never" for c in pred.target.children)
    if name == "residence" and obj.lower_ in WORK_UNITS | SECTORS:  # "moved wards, I'm in A&E now": a job's place
        return False
    if name == "residence" and lemma == "transfer" and any(t.lower_ in _STUDY_TALK for t in obj.sent):
        return False  # "amelia's transferred to Exeter, same course": a university, no home
    if name == "residence" and (tech_kind(span_text(obj_toks)) or span_text(obj_toks).lower() in NETWORKS):
        return False  # "moved over to microsoft 365", "moved to giffgaff": a tool or a network, no home
    # "started uni at Bristol": the object names the school, the "at" phrase which one
    school_first = looks_like_school(
        [c for c in pred.target.children if c.i < obj.i and c.dep_ in ("dobj", "advmod", "npadvmod")])
    school_first = school_first or any(  # "started her freshman year at Ohio State"
        c.dep_ == "dobj" and c.lemma_.lower() in ("year", "semester") and c.i < obj.i and any(
            a.lower_ in ("freshman", "sophomore", "junior", "senior", "fresher")
            for a in c.children) for c in pred.target.children)
    # "transferred to Loughborough for second year": a move between schools, said by its year
    for_a_year = pred.lemma in ("transfer", "move", "switch") and any(
        p.lower_ == "for" and any(g.lemma_.lower() in ("year", "semester", "term", "degree", "masters", "phd")
                                  for g in p.children) for p in pred.target.children if p.dep_ == "prep")
    post = pred.preps.get("as")  # "started at google as an intern": a job, whoever's child
    works = lemma == "work" or getattr(pred.dobj, "lemma_", "").lower() in ("job", "role", "position", "gig") or (
        post is not None and post.lemma_.lower() not in ("student", "pupil", "fresher", "kid", "child", "boarder"))
    school_ok = looks_like_school(obj_toks) or (subject.kin in _SCHOOL_AGE_KIN and not works) or school_first or \
        for_a_year
    if name == "field_of_study" and pred.key not in ("study", "major_in"):  # "doing law", not "doing yoga" nor
        return value_spec is not None and value_spec.name == name and (  # not "books"; "statistics" as said
            obj.lemma_.lower() in value_spec.values or obj.lower_ in value_spec.values)
    if name == "hobbies" and lemma == "play":
        return True
    if name == "residence" and lemma == "move" and subject.name.split("'s ")[-1] in _CHILD_WORDS and any(
            t.lower_ in _SCHOOL_TALK for t in obj.sent):
        return False  # "the kids have moved to Ashgrove, smaller classes": a school (school_moves.py reads it)
    if name == "hobbies" and lemma in ("move", "relocate") and obj.text[:1].isupper() and is_place_name(obj.text):
        return False  # "moved to Derby": a town (roller derby is played)
    if name == "hobbies" and (pred.prep == "at" or pred.key == "do_as"):
        # "started at the new practice": a place, not a pastime; "did it as a favour": what it was done as
        return False
    if name == "hobbies" and (obj.lemma_.lower() in KIN or obj.lower_ in CHORES | _SHIFTS or (
            pred.key == "pick_up" and any(c.lower_ in ("the", "my", "our", "his", "her", "their")
                                          for c in obj.children))):
        return False  # "picked my daughter up", "need to do laundry", "picked up the model 3": no pastime
    if name == "drinks" and lemma != "drink":  # "switched to matcha", not "switched to VS Code": a drink's name
        return value_spec is not None and value_spec.name == name and pred.key in DRINKING
    if name == "age":  # "turned 40", not "turned the truck back in"
        return stated_age(obj) is not None
    if name == "occupation" and pred.key == "do_as":  # "doing nights as a care assistant", not "did it as a favour"
        return (value_spec is not None and value_spec.name == name) or worker_noun(obj.lemma_.lower())
    if name == "medication":  # "take sertraline", not "take the bus"
        return value_spec is not None and value_spec.name == name
    if name == "business" or (name == "tools" and (pred.key in ("write", "run", "work_in", "run_with")
                                                   or lemma in ("write", "run", "do", *_TOOL_TAKEN_UP))):
        # (not "i run with my club", "added a new hire to the team", "adopted a dog")
        # "run a bakery", "write kotlin", "been doing JavaScript" (not poems, nor "wrote to my sister"), "we run MySQL
        # in production" (not "run a marathon", "ran into Jo", "run out of time"), "work in python" (not in a call
        # centre)
        return value_spec is not None and (value_spec.name == name or (name, value_spec.name) == (
            "tools", "database")) and (pred.prep is None or name == "tools")
    if value_spec is not None and value_spec.name != name and name == "employer" and (
            pred.prep in ("at", "for", "by", "with") or value_spec.name == "business"):
        return True  # "works at Puma", "joined a startup": a brand or a business is a company here
    if value_spec is not None and name == "residence" and pred.prep in ("in", "to") and (obj.ent_type_ == "GPE" or (
            obj.text[:1].isupper() and is_place_name(obj.text))) and value_spec.name in ("car", "bike", "phone",
                                                                                          "computer", "hobbies"):
        value_spec = None  # "we live in Kawasaki": the city, not the motorbike make; "moved to Derby": no sport
    if value_spec is not None and value_spec.name != name and name in ("residence", "employer", "school", "tools",
                                                                        "owns", "hobbies", "eats", "drinks"):
        return (value_spec.name == "database" and name == "tools") or (name == "owns" and value_spec.name not in (
            "car", "phone", "computer", "pets", "health_condition"))
    if name == "residence":
        dated = obj.ent_type_ in ("DATE", "TIME") and not (  # ("moved to Bath last month": Bath read as a date)
            obj.text[:1].isupper() and obj.is_alpha and obj.lower_ not in CALENDAR_WORDS and obj.i > obj.sent.start)
        if (lemma == "move" and (pred.prep is None or moved_for_job(pred, obj) or moved_a_thing(pred))) or (
                lemma == "transfer" and moved_a_thing(pred)) or \
                looks_like_school(obj_toks) or for_a_year or tech_kind(obj.text) is not None or \
                dated or (lemma in ("rent", "stay") and pred.dobj not in (None, obj)) or (
                lemma == "stay" and _short_stay(pred.target)) or (
                lemma == "stay" and obj.pos_ == "NOUN" and obj.ent_type_ not in PLACE_LABELS and  # (the same home,
                not is_place_name(obj.text)) or (  # or a stay: "I'm staying in the apartment", "... in a hotel")
                lemma == "transfer" and obj.ent_type_ != "GPE" and not is_place_name(obj.text)) or (
                pred.key == "be_back_in" and not settled_in(pred, obj)):  # (not "back in London for the weekend")
            return False  # "rented a car in Spain": a thing hired; "moved in June": a time; "moved to X as a PM": a job
        # (a town the small tagger misreads: "moved to Leeds" as a plural noun, a PRODUCT; "moved to Bath")
        named = obj.text[:1].isupper() and obj.i > obj.sent.start and pred.prep in ("to", "in") and \
            obj.ent_type_ not in ("PERSON", "ORG", "NORP", "DATE", "TIME", "MONEY", "EVENT", "WORK_OF_ART")
        return obj.ent_type_ in PLACE_LABELS or obj.pos_ == "PROPN" or named or obj.lemma_.lower() in (
            "city", "town", "apartment", "flat", "house", "village", "suburb", "country", "countryside", "area",
            "bungalow", "cottage", "halls") or bare_place(obj, lemma, pred.prep) or (  # "moved into a care home"
            obj.lemma_.lower() == "home" and any(c.lower_ in ("care", "nursing", "retirement", "residential")
                                                 for c in obj.children))
    if name == "tools" and lemma == "use" and obj.dep_ == "pobj" and obj.head.lower_ == "for":
        return False  # "a volvo that my husband uses for the school run": what it is used for, the tool unsaid
    if name == "tools" and value_spec is None and lemma in ("switch", "move", "change", "go") and obj.tag_ == "NNS" \
            and obj.pos_ != "PROPN" and not any(t.text[:1].isupper() for t in obj_toks):
        return False  # "switched to day shifts", "moved to nights": a plural common noun is no tool
    if name == "tools" and lemma in ("switch", "move", "change") and looks_like_school(obj_toks):
        return False  # "switched Maisie to Hillside Middle": a child's school, no tool
    if name == "school":
        if lemma == "go" and obj.lower_ in _GONE_TO_NO_SCHOOL and not any(c.dep_ == "compound" for c in obj.children):
            return False  # "my son's gone to bed", "she went to work"
        if lemma in ("move", "switch", "transfer") and moved_a_thing(pred):
            return False  # "we moved Mia to Lincoln Middle": Mia's school (life_moves.py), not the speaker's
        if pred.key in ("study_at", "enrol_at", "enroll_at") and (obj.pos_ == "PROPN" or (
                obj.pos_ in ("NOUN", "ADJ") and obj.lower_ not in ("home", "work", "night", "weekends", "lunch")
                and not any(c.dep_ in ("det", "poss", "amod", "nummod") for c in obj.children))):
            # "I study at Leeds Beckett", "doing a phd at cambridge" (chat's lower-case name, said bare): where
            # one studies is a school, whatever its name says
            return True
        return (school_ok and lemma not in ("be",)) or (lemma == "be" and school_ok)
    if name == "employer":
        if (subject.kin in _SCHOOL_AGE_KIN and not works) or school_first:
            return False  # "my kid started at Riverside Elementary": a school ("my son works at tesco": a job)
        if pred.key == "work_in":
            return obj.ent_type_ == "ORG" or (obj.pos_ == "PROPN" and obj.ent_type_ not in PLACE_LABELS)
        if pred.key in ("work_with", "be_with"):  # "I work with GTBank", "with Flutterwave now, payments team"
            return (obj.ent_type_ == "ORG" or (obj.pos_ == "PROPN" and obj.ent_type_ not in PLACE_LABELS | {
                "PERSON", "DATE", "TIME", "NORP"} and (pred.key == "work_with" or job_talk(obj.sent)))) and \
                obj.lower_ not in GIVEN_NAMES
        if lemma == "manage":  # "I'm managing a Home Depot now" (not "manage a team", "managing my diabetes")
            return obj.ent_type_ == "ORG" or (obj.pos_ == "PROPN" and obj.ent_type_ not in PLACE_LABELS | {"PERSON"})
        if pred.key == "move_to":  # "moved to Atlassian as a group PM": a job one moves to, named with its role
            return moved_for_job(pred, obj)
        if pred.key in ("drive_for", "deliver_for", "consult_for", "freelance_for", "write_for"):
            return bool(obj.pos_ == "PROPN" or obj.text[:1].isupper())  # "I drive for Uber", not "for fun"
        if lemma in ("join", "start"):
            named = obj.head.dep_ == "acl" and obj.head.lemma_.lower() in ("call", "name")  # "a startup called X"
            return (obj.pos_ == "PROPN" or obj.text[:1].isupper() or named or bare_org(obj, lemma) or (
                pred.prep == "at" and obj.lemma_.lower() in WORKPLACES)) and \
                obj.ent_type_ not in ("DATE", "TIME") and (obj.ent_type_ != "PERSON" or job_talk(obj.sent))
        return not _dated(obj) and not obj.like_num and obj.lower_ not in ("home", "night", "weekends")
    if name == "occupation":
        if lemma in ("switch", "change") and obj.tag_ == "NNS":  # "switched editors": tools, not a job
            return False
        if lemma != "be" and any(c.dep_ == "aux" and c.lower_ in ("can", "ca") for c in pred.target.children):
            return False  # "I can teach others the joy of dancing": what one is able to do, not the job
        if pred.key in ("work_in", "go_into", "move_into"):  # "works in retail", "gone into nursing", "moved into
            # product management": a line of work (not "works in London", "gone into hospital"); "went into the army"
            return ((obj.lower_ in SECTORS or obj.lemma_.lower() in SECTORS or agent_of(obj.lower_) is not None) and \
                not any(c.dep_ in ("det", "poss") for c in obj.children)) or (
                pred.key == "go_into" and obj.lower_ in ("army", "navy", "police", "raf", "military", "forces"))
        if value_spec is not None and value_spec.name == "occupation" and lemma in VALUE_FIRST_VERBS and \
                lemma not in ("start", "switch"):
            return False  # "we have a nanny", "I got a new trainer": someone else's job, not the speaker's
        return lemma != "become" or (value_spec is not None and value_spec.name == "occupation")
    if name == "partner":  # one dates or marries a person, whatever the entity tagger says ("dating Tess")
        if lemma == "see" and pred.target.tag_ != "VBG":
            return False  # "I'm seeing Olivia" dates her; "I saw Tom at the pub", "see Tom tomorrow" do not
        if is_given_name(obj):  # "seeing Olivia" (a GPE to the tagger)
            return True
        named = obj.pos_ == "PROPN" or (obj.ent_type_ == "PERSON" and obj.text[:1].isupper())
        if pred.key == "be_with":  # not "with Deloitte now, same job": a company (above: "Raj is with Sofia now")
            return named and obj.ent_type_ != "ORG" and not job_talk(obj.sent)  # (a name read as a city)
        return named and (obj.ent_type_ not in PLACE_LABELS | {"ORG"} or lemma in ("date", "marry"))
    if name in ("car", "bike") and lemma in ("move", "relocate") and moved_a_thing(pred):
        return False  # "moved the car to the back garden": where it is parked, no car of one's own named
    if name == "car" and obj != pred.dobj and pred.prep in ("to", "into", "from", "through", "across", "past"):
        return False  # "drove to Bergen": a place driven to, no car
    if name == "car" and lemma == "ride":  # "I ride a Kawasaki Ninja" (not "ride a bike", "ride the bus")
        return value_spec is not None and value_spec.name == name and bool(
            MOTORBIKES & {t.lower_ for t in compound_span(obj)})
    if name == "car" and lemma == "drive" and value_spec is None:
        # "I drive a Vauxhall Corsa": what one drives, named, is the car whatever the make
        return obj.pos_ == "PROPN" and obj.ent_type_ not in ("PERSON", "GPE", "LOC", "DATE", "TIME")
    if name in ("car", "phone", "computer", "pets", "health_condition", "bike"):
        return value_spec is not None and value_spec.name == name
    if name == "diet" and lemma == "do":  # "doing keto", not "did a bike ride"
        return value_spec is not None and value_spec.name == name
    if name == "gym" and pred.key != "train_at":
        # a named gym ("Anytime Fitness", "PureGym"), not "the gym" of "I go to the gym"
        return value_spec is not None and value_spec.name == name and (
            any(t.pos_ == "PROPN" for t in obj_toks) or obj.lower_ not in ("gym", "fitness") or (
                # one gym joined, said by its kind or place: "joined a small boxing gym in hackney"
                lemma in ("join", "sign", "switch") and any(c.dep_ in ("compound", "amod") or (
                    c.dep_ == "prep" and c.lower_ in ("in", "near", "on", "by")) for c in obj.children)))
    if name == "commute" and pred.key != "commute_by":
        # "I take the bus to work", "taking the bus now" (a habit changed); not "I took the bus into town"
        return value_spec is not None and value_spec.name == name and bool(
            COMMUTE_WORDS & {t.lower_ for t in pred.target.subtree} or (
                obj == pred.dobj and pred.target.tag_ in ("VBG", "VBP", "VBZ")  # not "drive for Uber now": a job
                and _said_as_now(pred.target)) or (  # "I take the bus", "I get the train every day": a habit
                obj == pred.dobj and pred.target.tag_ in ("VBP", "VBZ") and not any(
                    c.dep_ in ("aux", "mark", "neg") for c in pred.target.children)))
    if name == "database":
        return value_spec is not None and value_spec.name == "database"
    if name == "hobbies":
        if lemma in ENDING_VERBS:
            return False
        if lemma == "join":
            return (value_spec is not None and value_spec.name == name) or obj.lemma_.lower() in GROUP_NOUNS
        if lemma == "learn":  # "learning the piano"; a language or a programming language is another slot's
            return value_spec is not None and value_spec.name == name
        if lemma in ("start", "begin", "switch"):  # "started rock climbing", "switched to swimming"; not "started
            return (value_spec is not None and value_spec.name == name) or is_activity(obj)  # a new job"
        if pred.key == "go_to":  # "I go to yoga twice a week", "started going to water aerobics" (not "to school")
            return (value_spec is not None and value_spec.name == name) or is_activity(obj)
        if lemma in ("go",):
            return bool(obj.tag_ == "VBG")
        if lemma == "do":  # (not "doing an apprenticeship now": work or study)
            return obj.pos_ == "NOUN" and not any(c.dep_ == "poss" for c in obj.children) and \
                obj.lemma_.lower() not in ("apprenticeship", "internship", "traineeship", "placement", "degree",
                                           "masters", "phd", "course", "residency", "fellowship", "job", "shift",
                                           "overtime")
        return True
    if name == "languages":
        return value_spec.name == name if value_spec is not None else lemma == "speak"
    if name == "owns":  # not a simple past: "had a great time" is narration, not a possession
        # nor a duration: "(runs on mysql,) has for like 6 years" owns no years
        return lemma in ("own", "have") and obj.pos_ in ("NOUN", "PROPN") and not obj.like_num and \
            pred.target.tag_ != "VBD" and not (obj.dep_ == "pobj" and obj.lemma_.lower() in DURATION_NOUNS)
    if name == "name":
        return bool(obj.dep_ == "oprd")
    if name == "field_of_study":  # what one studies, not where ("study at Leeds Beckett")
        return obj.pos_ in ("NOUN", "PROPN") and pred.prep != "at"
    if name in ("origin", "birthplace"):
        return obj.ent_type_ in PLACE_LABELS or obj.pos_ == "PROPN"
    return True
