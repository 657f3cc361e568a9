"""From one clause's predicate (``predicate.py``) and object to the catalogue slot it names.

The order is fixed and every match carries its evidence: an attribute noun ("my job is ..."),
an adjective complement ("sick of", "allergic to"), a value word after a copula ("I'm an
accountant", "I'm 41"), the verb (+ preposition) lexicon, then the learned fallback (``slot_knn``). Each
candidate slot passes the guards of ``slot_fit.py`` (the object is of the slot's kind) before it is placed.
"""

from __future__ import annotations

import re
from typing import Any

from mem_graph.extract.ages import stated_age
from mem_graph.extract.ambitions import wanted_job
from mem_graph.extract.clause_span import whole_clause
from mem_graph.extract.clauses import Subject, compound_span, span_text
from mem_graph.extract.health import HEALTH_ADJECTIVES, allergy_of
from mem_graph.extract.home_place import MOTION_VERBS, NO_DWELLING, for_good, home_in, moved_here, settled_in
from mem_graph.extract.jobs import JOB_NOUNS
from mem_graph.extract.jobs_done import job_done
from mem_graph.extract.kin_words import CHILD_NOUNS, KIN, PARTNER_NOUNS
from mem_graph.extract.lexicon import (
    CARER_ROLES,
    SECTORS,
    SMOKING,
    SYSTEM_NOUNS,
    TECH,
    WORK_UNITS,
    agent_of,
    favourite_of,
    is_given_name,
)
from mem_graph.extract.places import is_place_name
from mem_graph.extract.predicate import YEAR_GROUPS, Predicate, in_year_group, object_text
from mem_graph.extract.role_nouns import DRINKS, PORTIONS, role_noun
from mem_graph.extract.shifts import shift_of
from mem_graph.extract.slot_fit import ENDING_VERBS, VALUE_FIRST_VERBS, fits, moved_a_thing
from mem_graph.extract.slots import PLACE_LABELS, SCHOOL_WORDS, SlotCatalogue, SlotMatch, looks_like_school
from mem_graph.extract.wordlist import is_english_word

LESSON_NOUNS = frozenset({"lesson", "class", "course", "training", "practice"})
_LESSON_VERBS = frozenset({"start", "take", "begin", "do", "have", "attend", "sign"})
COPULAS = frozenset({"be", "become", "remain", "stay", "turn", "get", "go"})
NEGATIVE_STANCE = frozenset({"hate", "dislike", "detest", "loathe", "sick_of", "tired_of", "bored_of", "bored_with",
                             "hater_of", "fed_up_with", "over", "despise", "abhor", "done_with", "lose_interest_in",
                             "go_off"})
SEPARATION = frozenset({"split", "break", "divorce", "separate"})
AGENT_NOUNS = {"teach": "teacher", "nurse": "nurse", "retire": "retired", "tutor": "tutor", "coach": "coach"}
# verbs whose clause wants, plans, seeks or reports rather than states: never placed by the learned fallback
# (it knows what a clause is about, "looking at electric cars" is about a car, not whether it states one)
NOT_STATING = frozenset({"say", "tell", "think", "want", "need", "feel", "seem", "try", "let", "wish", "hope", "plan",
                         "consider", "look", "shop", "browse", "search", "eye", "research", "compare", "check",
                         "test", "miss", "dream", "imagine", "picture", "ask", "talk", "chat", "hear", "read"})
# slots a prototype may place a fact in: those whose values no lexicon can list (a car, a diet or a
# language is named by a value word; "fix cars for a living" is no statement about the user's car)
PROTOTYPE_SLOTS = {"residence", "employer", "occupation", "school", "stance", "hobbies", "skills"}


# who studies at a place ("I'm a freshman engineering major at Texas Tech"): the place is a school, not an employer
_WORKPLACES = frozenset(["library", "office", "branch", "store", "shop", "hospital", "clinic", "depot", "site", "plant",
                         "factory", "warehouse", "station", "practice", "team", "department", "ward", "restaurant"])
_STUDENT_NOUNS = frozenset(["student", "major", "freshman", "sophomore", "undergrad", "undergraduate", "postgrad",
                            "fresher", "pupil", "minor", "grad"])

_GOT_SOMEONE = frozenset({"get", "have", "hire", "find", "need", "see", "meet", "call", "book", "employ"})
_GREETINGS = frozenset({"hi", "hey", "hello", "hiya", "howdy", "heya", "yo", "morning", "evening", "g'day", "gday"})


def recognise(cat: SlotCatalogue, pred: Predicate, subject: Subject, obj: Any, speaker: str,
              embedder: Any = None, phrase: str = "", change: str | None = None) -> SlotMatch | None:
    """The slot ``obj`` fills in this clause, or None (a job only wanted is an ambition: ambitions.py)."""
    return wanted_job(cat, pred, _recognise(cat, pred, subject, obj, speaker, embedder, phrase, change))


def _recognise(cat: SlotCatalogue, pred: Predicate, subject: Subject, obj: Any, speaker: str,
               embedder: Any = None, phrase: str = "", change: str | None = None) -> SlotMatch | None:
    lemma, key = pred.lemma, pred.key
    if obj.pos_ == "PRON" and obj.lower_ not in ("me", "us"):
        return None  # "I love it": which "it" is not known here, so no slot ("I hate it" later must not flip it)
    appos = next((c for c in obj.children if c.dep_ == "appos"), None) or next(
        (c for c in obj.head.children if c.dep_ in ("npadvmod", "appos") and c.i > obj.i and c.pos_ == "PROPN"),
        None)
    corrected = any(c.dep_ == "neg" for c in obj.children)  # "a Ford Puma, not a Fiesta": the appos is the old
    if appos is not None and not corrected and cat.value_slot(compound_span(appos)) is not None and \
            cat.value_slot(compound_span(obj)) is None and not (  # ("Tramline (a startup)": the name is it)
            appos.left_edge.i > 0 and appos.doc[appos.left_edge.i - 1].text == "("):
        obj = appos  # "a new phone, an iPhone 15" (not "a teacher, chemistry": the teacher is the value)
    portion = next((g for c in obj.children if c.dep_ == "prep" and c.lower_ == "of" for g in c.children
                    if g.dep_ == "pobj"), None) if obj.lemma_.lower() in PORTIONS else None
    if portion is not None:
        obj = portion  # "4 cups of filter coffee a day", "a pint of guinness": the drink, not the cups
    obj_toks = compound_span(obj) if obj.pos_ != "VERB" or (obj.i > 1 and obj.doc[obj.i - 1].tag_ == "HYPH") \
        else [obj]  # ("plant-based": the parse's verb is a word of a hyphenated adjective)
    text = span_text(obj_toks) if any(t.tag_ == "HYPH" for t in obj_toks) else object_text(obj)  # "plant-based"
    person = subject.type == "person"
    # "prod runs on postgres", "our data's in Mongo": the team's own system, no person (NER may call it one)
    system = subject.name.lower().removesuffix("'s").rpartition(" ")[2] in SYSTEM_NOUNS
    if subject.type == "generic" or system:
        person = False

    def match(name: str, why: str, *, subj: str | None = None, value: str | None = None,
              qualifier: str | None = None, polarity: int = 1) -> SlotMatch | None:
        spec = cat.get(name)
        if spec is None:
            return None
        return SlotMatch(spec, subj or subject.name, value or text, f"slot {name}: {why}", qualifier, polarity)

    # 1. an attribute noun: "my job is nursing", "my cat's name is Luna", "my favourite colour is blue"
    if subject.attribute and (lemma in COPULAS or lemma in ("include", "involve")) and subject.owner:
        found = cat.noun_slot(subject.attribute)  # "my hobbies include chess and baking": one value each
        if found is None and lemma == "be" and (pred.prep == "on" or (
                pred.prep == "in" and system)) and (
                tech := cat.value_slot(obj_toks)) is not None and tech.name == "database":
            # "our backend is on Oracle", "our data's in Mongo now": as "our backend runs on Oracle"
            return match("database", f"'{subject.attribute} is {pred.prep} {text}' value lexicon")
        if lemma in COPULAS and (role := role_noun(subject.attribute, obj_toks)) is not None:
            return match(role[0], f"'my {subject.attribute} is {text}' ({role[1]})", subj=subject.owner)
        if found is not None and found[0].name == "occupation" and pred.prep == "at" and "employer" in cat.specs:
            # "my job is at the BBC": where the job is, is the employer
            return match("employer", f"'{subject.attribute} is at {text}'", subj=subject.owner)
        if found is not None and found[0].name == "residence" and (obj.pos_ in ("ADJ", "VERB") or (
                obj.pos_ == "NOUN" and any(c.lower_ in ("a", "an") for c in obj.children))):
            return None  # "my home is a mess now", "home is cosy": no place
        if found is not None and found[0].name in ("occupation", "employer") and obj.pos_ == "ADJ":
            return None  # "my job is pretty chill", "my job is fine": how the job is, not which
        if found is not None and found[0].name in ("car", "bike", "phone", "computer") and pred.prep is not None:
            return None  # "my truck is in the shop", "my phone is on 2%": where or how it is, not which
        if found is not None and found[0].name in ("car", "phone", "computer", "tools") and obj.pos_ == "NOUN" and \
                not obj.text[:1].isupper() and is_english_word(obj.lower_) and cat.value_slot(obj_toks) is None and \
                not any(c.like_num for c in obj.children) and (found[0].name != "tools" or any(
                    c.lower_ in ("a", "an") for c in obj.children)):
            return None  # "my car is a mess lol", "our stack is a mess": what it is like, not which model
        if found is not None and (obj.lower_ in ("one", "ones") or (obj.pos_ == "NOUN" and obj.lemma_.lower() in (
                *found[0].nouns, subject.attribute.split()[-1]))):
            return None  # "it's my only car", "my car is the red one": the attribute noun or "one" is no value
        if found is not None and (lemma in COPULAS or found[0].cardinality == "multi"):
            spec, qualifier = found
            if spec.name == "role" and qualifier is None and "drinks" in cat.specs and \
                    getattr(cat.value_slot(obj_toks), "name", None) == "drinks":  # "my go-to is an oat flat white"
                return match("drinks", f"'{subject.attribute} is {text}' (a drink)", subj=subject.owner)
            if spec.name == "favourite" and qualifier is None:  # "my favourite is curry now": food
                qualifier = favourite_of(text)
            return match(spec.name, f"'{subject.attribute} is {text}' attribute noun", subj=subject.owner,
                         qualifier=qualifier)
        return None
    # 2. an adjective complement: "sick of jazz", "allergic to peanuts", "fluent in French"
    if pred.adjective:
        adj_spec = cat.adjectives.get(pred.adjective)
        if adj_spec is not None:
            pol = -1 if pred.adjective in NEGATIVE_STANCE else 1
            return match(adj_spec.name, f"'{pred.adjective.replace('_', ' ')}' adjective lexicon", polarity=pol)
    if lemma == "be" and pred.prep:
        if pred.prep == "into":
            return match("stance", "'be into' lexicon")
        if pred.prep == "over" and change is not None:  # "I'm over anime now": no longer into it
            return match("stance", f"'is over {text} {change}'", polarity=-1)
        tech = cat.value_slot(obj_toks) if pred.prep == "on" or (pred.prep == "in" and system) else None
        if tech is not None and tech.name in ("drinks", "medication") and person:  # "i'm on green tea", "on lithium"
            return match(tech.name, f"'is on {text}' value lexicon")
        if tech is not None and tech.name in ("tools", "database"):  # "we're on postgres now", "the app is on AWS"
            return match("tools" if person and tech.subjects == "thing" else tech.name,
                         f"'is {pred.prep} {text}' value lexicon")
        if pred.prep == "with" and person and obj.ent_type_ == "ORG":  # "I'm with Deloitte now"
            return match("employer", f"'is with {text}' (organisation)")
        if pred.prep == "from" and person:
            return match("origin", "'is from' lexicon")
        if pred.prep == "in" and person and obj.lemma_.lower() == "relationship" and "partner" in cat.specs:
            # a status, said with the partner or not ("in a relationship with Sam": "engaged" still replaces it;
            # the partner's name stays in the fact's words)
            return match("partner", "'is in a relationship' (a relationship status)")
        named_school = looks_like_school(obj_toks) or (  # ("at strathclyde uni": the school word its own pobj)
            obj.i + 1 < len(obj.doc) and obj.nbor(1).lower_ in SCHOOL_WORDS and (
                obj.nbor(1).head == obj.head or obj.nbor(1).dep_ not in ("nsubj", "nsubjpass", "pobj", "dobj")))
        why = "school word" if named_school else "child" if subject.kin in CHILD_NOUNS and (
            pred.prep == "at" or obj.pos_ == "PROPN" or obj.lower_ in YEAR_GROUPS) else \
            "year group" if pred.prep == "at" and in_year_group(pred) else None  # "in year 2 at Oakfield"
        if pred.prep in ("at", "in") and why and obj.lower_ not in ("year", "grade", "class", "form") and (
                pred.prep == "at" or obj.ent_type_ not in ("GPE", "LOC") or named_school):
            return match("school", f"'is {pred.prep}' + school ({why})")  # (not "in year 3": a year group)
        if pred.prep == "at" and person and (obj.pos_ == "PROPN" or obj.text[:1].isupper()) and \
                obj.i > 0 and obj.ent_type_ not in ("DATE", "TIME", "PERSON"):
            return match("employer", f"'is at {text}' (organisation)")  # "I'm at PwC now"
        moved = change is None and obj.ent_type_ == "GPE" and any(
            t.lemma_.lower() in ("move", "relocate") for t in obj.sent)  # "relocated for work, I'm in Singapore"
        if pred.prep == "in" and person and obj.lower_ not in WORK_UNITS and (  # (not "I'm in A&E now": a ward)
                obj.ent_type_ in ("GPE",) or moved_here(obj) or (
                obj.text[:1].isupper() and is_place_name(span_text(obj_toks)))) and (moved or change in (
                "now", "these days", "nowadays", "currently") or settled_in(pred, obj)):
            why = "+ a move in the sentence" if moved else f"{change} (place + change word)" if change else "plainly"
            return match("residence", f"'is in {text}' {why}")  # "I'm in Marseille now", "we're in Columbus Ohio"
    # "I use VS Code as my editor": a role of the speaker's
    as_role = pred.preps.get("as")
    if as_role is not None and any(c.lower_ in ("my", "our") for c in as_role.children) and person:
        return match("role", f"'{lemma} {text} as my {as_role.lemma_}'", qualifier=as_role.lemma_.lower())
    # "Sushi has really grown on me": the speaker's stance on the subject
    if lemma == "grow" and pred.prep == "on" and obj.lower_ in ("me", "us"):
        return match("stance", "'has grown on me' idiom", subj=speaker, value=subject.name)
    # 3. a copula with a value: "I'm 41", "I'm an accountant", "I'm vegetarian", "Tom is my boyfriend"
    if lemma in COPULAS:
        age = stated_age(obj)
        nxt = pred.target.nbor(1) if pred.target.i + 1 < len(pred.target.doc) else None
        if age is None and lemma == "be" and nxt is not None and nxt.like_num and nxt.text.isdigit() \
                and nxt.dep_ != "attr" and obj.dep_ != "conj" and 0 < int(nxt.text) < 130 and (
                    nxt.i + 1 >= len(nxt.doc) or nxt.nbor(1).lower_ not in (
                        "%", "kg", "lbs", "km", "miles", "minutes", "hours", "pm", "am", ":", "weeks", "months",
                        "days")):  # ("she is 12 weeks pregnant")
            age, text = nxt.text, nxt.text  # "I'm 27 so not that old" (the number read as a modifier)
        today = obj.i + 1 < len(obj.doc) and obj.nbor(1).lower_ in ("today", "now", "yesterday")  # "I'm 53 today"
        if age and person and (lemma in ("be", "turn")) and (obj.ent_type_ not in ("TIME", "MONEY", "PERCENT") or (
                obj.ent_type_ == "TIME" and today)) \
                and obj.dep_ != "pobj":
            return match("age", f"'{lemma} {text}' number", value=age)
        if lemma == "be" and obj.dep_ == "attr" and not subject.is_speaker and any(
                c.lower_ in ("my", "our") for c in obj.children) and obj.lemma_.lower() not in KIN:
            words = " ".join(t.lower_ for t in compound_span(obj) if t.lower_ not in ("my", "our"))
            found = cat.noun_slot(words)  # "Padel is my favourite sport now": the noun names the slot
            value_toks = [t for t in obj.doc if t.i in subject.tokens]
            if (role := role_noun(words, value_toks)) is not None:  # "Vim is my editor of choice"
                return match(role[0], f"'{subject.name} is my {words}' ({role[1]})", subj=speaker, value=subject.name)
            if found is not None and found[0].name == "residence" and subject.name.lower().split()[-1] in NO_DWELLING:
                return None  # "the Depot bouldering wall is my new home lol": where one spends the time, no address
            if found is not None and found[0].name not in ("name",):
                qualifier = found[1] or (favourite_of(subject.name) if found[0].name == "favourite" else None)
                return match(found[0].name, f"'{subject.name} is my {words}' attribute noun", subj=speaker,
                             value=subject.name, qualifier=qualifier)
        if lemma == "be" and any(c.lower_ == "my" for c in obj.children) and obj.lemma_.lower() in KIN:
            kin = obj.lemma_.lower()
            # "Marcus is my boyfriend": the partner noun says a person is meant, whatever NER took the name for
            if kin in PARTNER_NOUNS and subject.type != "animal" and not subject.is_speaker:
                return match("partner", f"'is my {kin}' partner noun", subj=speaker, value=subject.name)
            return None
        if lemma == "be" and person and obj.dep_ == "attr" and obj.lemma_.lower() in CARER_ROLES and any(
                t.lower_ in ("full", "stay", "sahm", "sahd") for t in obj.subtree if t.i < obj.i):
            # "I'm a full-time dad now", "a stay-at-home mum": caring is the occupation
            return match("occupation", f"'{lemma} {text}' full-time carer", value=span_text(
                [t for t in obj.subtree if t.i <= obj.i and t.dep_ != "det"]))
        if lemma == "be" and person and obj.dep_ in ("attr", "appos") and "field_of_study" in cat.specs and \
                (course := _course(obj.head if obj.dep_ == "appos" else obj,  # ("a comp sci major": "major" appos)
                                   cat.specs["field_of_study"].values)) is not None:
            return match("field_of_study", f"'{lemma} a {course[0]} {course[1]}'", value=course[0])  # "a history major"
        if lemma == "be" and person and obj.dep_ == "attr" and obj.lemma_.lower() in _STUDENT_NOUNS and \
                "school" in cat.specs and (org := _at_org(obj, True) or _at_org(pred.target, True)) is not None:
            # "I'm a student at Manchester Uni": the school (the occupation word "student" says no more)
            return match("school", f"'is a {obj.lower_} at {span_text(compound_span(org))}' (a student)",
                         value=span_text(compound_span(org)))
        val_spec = cat.value_slot(obj_toks)
        if val_spec is not None and val_spec.name in ("car", "phone", "computer") and obj.lemma_.lower() in (
                "household", "family", "house", "home", "person", "guy", "girl", "kind", "type", "man", "woman"):
            val_spec = None  # "we're a two car household", "I'm an iPhone person": no car or phone named
        if val_spec is not None and val_spec.name == "occupation" and (
                (obj.dep_ == "pobj" and obj.head.lower_ != "as") or (lemma in _GOT_SOMEONE and obj.lemma_.lower()
                                                                     not in JOB_NOUNS)):
            val_spec = None  # "went to the doctor", "got a new teacher": someone else's job, not the speaker's
        if val_spec is not None and val_spec.name == "occupation" and obj.lemma_.lower() in _EVERYDAY_AGENTS and any(
                c.dep_ == "amod" and c.lower_ in _HOW_GOOD for c in obj.children):
            return None  # "I'm a good cook", "a terrible driver": a skill judged, not a job
        if val_spec is not None and (val_spec.subjects != "person" or person) and (val_spec.name in (
                "occupation", "diet", "religion", "partner", "car", "phone", "computer", "timezone") or (
                obj.lower_ in HEALTH_ADJECTIVES)):
            return match(val_spec.name, f"'{lemma} {text}' value lexicon")
        if lemma == "be" and not pred.prep and (subject.is_speaker or subject.type == "animal") and \
                obj.pos_ == "PROPN" and obj.dep_ != "pobj" \
                and obj.ent_type_ not in (  # ("sorry for my English": no name)
                "GPE", "LOC", "NORP", "ORG", "FAC", "DATE", "PRODUCT", "LANGUAGE") and all(
                t.is_alpha for t in obj_toks) and not any(c.dep_ == "prep" for c in obj.children) \
                and obj.lower_ not in TECH:  # ("switched from Java to Kotlin" read as "I'm Kotlin now")
            return match("name", "'I am <Name>'")  # (not "i'm y2 comp sci at nus": a year of a course)
        if lemma == "be" and not pred.prep and subject.is_speaker and obj.dep_ in ("acomp", "attr") and \
                obj.is_alpha and not list(obj.children) and any(c.dep_ == "intj" and c.lower_ in _GREETINGS
                                                                for c in obj.head.children) and \
                not is_english_word(obj.lower_) and not obj.lower_.endswith(("ed", "ing")):
            return match("name", "'hi, I'm <Name>'")  # "Hi, I'm Bev" (the tagger's adjective)
        if lemma == "be" and person and obj.ent_type_ == "NORP" and obj.lower_ not in cat.values and not (
                obj.i > 0 and obj.doc[obj.i - 1].lower_ in ("over", "into", "off", "like")) and not is_given_name(obj):
            # (not "so over Tiktok", nor "my manager is Priya": a name, no nationality)
            return match("nationality", f"'is {text}' nationality (NORP)")
        if lemma == "turn" and age:
            return match("age", "'turned' number", value=age)
        if lemma in ("become",) and embedder is None:
            return None
    # "I call Seattle home now": the place one calls home
    if lemma == "call" and obj.lower_ == "home" and pred.dobj is not None and person and "residence" in cat.specs:
        place = span_text([t for t in compound_span(pred.dobj) if t.lower_ != "home"])
        return match("residence", f"'calls {place} home'", value=place)
    # "I clean houses for a living": what one does for a living is the occupation
    living = pred.preps.get("for")
    if living is not None and living.lemma_.lower() == "living" and person and lemma not in COPULAS:
        done = pred.target.text if obj.i == living.i else f"{lemma} {text}"  # "I do accounting for a living"
        return match("occupation", f"'{done} for a living'", value=done)
    # "Had my 42nd birthday", "celebrated my 30th birthday"
    if obj.lemma_.lower() == "birthday" and person:
        nth = next((c for c in obj.children if c.ent_type_ == "ORDINAL" or re.fullmatch(r"\d+(st|nd|rd|th)", c.lower_)),
                   None)
        if nth is not None and (digits := re.sub(r"\D", "", nth.text)):
            return match("age", f"'{nth.text} birthday' ordinal", value=digits)
    # "Tom and I split up", "I broke up with Tom", "I divorced Tom"
    if lemma in SEPARATION and not (obj == pred.dobj and getattr(obj, "pos_", "") == "NOUN"):  # not "split the bill"
        return match("partner", f"'{pred.verb.text}' separation", polarity=0)
    # "I'm living back at my mum's place", "moved back to my parents' place": a home at a relative's
    if lemma in ("live", "move", "stay") and person and obj.lemma_.lower() == "place" and obj.dep_ == "pobj" and any(
            c.dep_ == "poss" and c.lemma_.lower() in KIN for c in obj.children) and not any(
            c.dep_ == "prep" and c.lower_ in ("in", "near") for c in [*obj.children, *pred.target.children]):
        # (a town said with it is where: "moved back to my dad's in Leeds")
        kin = next(c.lemma_.lower() for c in obj.children if c.dep_ == "poss" and c.lemma_.lower() in KIN)
        return match("residence", f"'{pred.verb.text} at {kin}'s {text}' (a relative's home)", value=f"{kin}'s place")
    # "we moved out of Boston": the home ends
    if lemma in ("move", "get") and person and "of" in pred.preps and any(
            c.lower_ == "out" for c in pred.target.children) and obj == pred.preps["of"]:
        return match("residence", f"'{pred.verb.text} out of {text}'", polarity=0)
    # "work's letting me transfer to the tauranga city library": a transfer to a workplace (a school is a school's)
    # "big news, I've moved to the Ulster Hospital": a named workplace one moves to is a job, not a home
    named = lemma == "move" and len(compound_span(obj)) > 1 and all(t.text[:1].isupper() for t in compound_span(obj))
    if (lemma == "transfer" or named) and person and obj == pred.preps.get("to") and \
            obj.lemma_.lower() in _WORKPLACES:
        return match("employer", f"'{pred.verb.text} to the {obj.lower_}' (a workplace)",
                     value=span_text(compound_span(obj)))
    # "I'm a backend dev at Stripe": a post at an organisation names the employer, whatever the job noun
    if lemma == "be" and person and obj.dep_ == "attr" and obj.pos_ == "NOUN" and (
            org := _at_org(obj, student := obj.lemma_.lower() in _STUDENT_NOUNS) or _at_org(pred.target, student)) \
            is not None:
        if obj.lemma_.lower() in _STUDENT_NOUNS and "school" in cat.specs:  # "a freshman engineering major at TTU"
            return match("school", f"'is a {obj.lower_} at {span_text(compound_span(org))}' (a student)",
                         value=span_text(compound_span(org)))
        return match("employer", f"'is a {obj.lower_} at {span_text(compound_span(org))}'",
                     value=span_text(compound_span(org)))
    # "call"/"name": "my cat is called Misty", "we named our puppy Max"
    passive = any(c.dep_ == "auxpass" for c in pred.target.children)  # "she's called Nova" (Nova read as dobj)
    if lemma in ("call", "name") and (obj.dep_ == "oprd" or (passive and obj.dep_ == "dobj" and obj.pos_ == "PROPN")):
        if pred.dobj is not None and pred.dobj != obj:
            return None  # handled by the caller (the named thing is the object)
        if pred.verb.i + 1 < len(pred.verb.doc) and pred.verb.nbor(1).lower_ in ("it", "that", "this", "time"):
            return None  # "callum and i called it quits in march, mutual-ish": no name given
        return match("name", f"'{pred.verb.text} {text}'")
    if key in ("go_by", "answer_to") and subject.type == "animal" and obj.pos_ == "PROPN":  # "my dog goes by Hazel"
        return match("name", f"'{pred.verb.text} {pred.prep} {text}' (a pet's name)")
    # "headed off to Lisbon for good", "we're moving to Porto permanently": a move for good names the new home
    if lemma in MOTION_VERBS and pred.prep == "to" and person and for_good(pred.target) and (
            obj.ent_type_ in PLACE_LABELS or obj.pos_ == "PROPN") and "residence" in cat.specs:
        return match("residence", f"'{pred.verb.text} to {text}' for good")
    if person and (where := home_in(pred, obj)) is not None and not (  # "I share a flat in Marchmont"
            lemma in ("move", "relocate") and moved_a_thing(pred)):  # (not "moved my mum to a care home in york")
        return match("residence", f"'{pred.verb.text} … {obj.lower_} … {where}' (a home in a place)", value=where)
    if (allergen := allergy_of(lemma, obj)) is not None:  # "has a nut allergy", "outgrew it"
        return match("allergies", f"'{pred.verb.text} {text}'", value=allergen[0], polarity=int(not allergen[1]))
    # "dropping my son at Hilltop Primary", "picked my daughter up from St Mary's": the child's school run
    school = next((pred.preps[p] for p in ("at", "from", "to") if p in pred.preps), None)
    if lemma in ("drop", "pick", "take", "collect") and obj.lemma_.lower() in CHILD_NOUNS and any(
            c.lower_ in ("my", "our") for c in obj.children) and school is not None and looks_like_school(
                compound_span(school)) and "school" in cat.specs:
        return match("school", f"'{pred.verb.text} my {obj.lower_} … {object_text(school)}' (the school run)",
                     subj=f"{speaker}'s {obj.lemma_.lower()}", value=object_text(school))
    if lemma in ("have", "get", "find") and person and obj.lemma_.lower() in PARTNER_NOUNS and not any(
            c.dep_ == "poss" for c in obj.children):  # "got a girlfriend", "has a new boyfriend": not yet named
        return match("partner", f"'{pred.verb.text} a {obj.lower_}' (a partner, not named)", value=obj.lower_)
    home = "with parents" if obj.lemma_.lower() in _FAMILY_HOME else "with partner" if key == "move_with" and \
        obj.lemma_.lower() in PARTNER_NOUNS else None
    if key in ("live_with", "move_with") and person and home and "residence" in cat.specs and any(
            c.lower_ in ("my", "our", "his", "her", "their") for c in obj.children):  # the family home, a partner's
        return match("residence", f"'{pred.verb.text} with {span_text(list(obj.subtree)).lower()}' ({home})",
                     value=home)
    if key in ("live_with", "move_with") and person and not subject.is_speaker and obj.lower_ in ("us", "me"):
        return match("residence", f"'{pred.verb.text} … with {obj.lower_}' (the speaker's home)", value="with user")
    if person and pred.prep is None and "occupation" in cat.specs and (job := job_done(lemma, obj)) is not None:
        return match("occupation", f"'{pred.verb.text} {text}' ({job})", value=job)  # "I manage a team", "drive buses"
    # 4. the verb (+ preposition) lexicon, checked against the object
    value_spec = cat.value_slot(obj_toks)
    if key in ("start_at", "work_at", "work_for") and value_spec is not None and value_spec.name == "tools":
        value_spec = None  # "starting at Figma monday": the company, not the tool
    if lemma == "eat" and person and any((s := cat.values.get(t.lower_)) is not None and s.name == "diet" for t in
                                         obj_toks):  # "I eat vegetarian", "only eat halal meat" (not "had a vegan pie")
        return match("diet", f"'eat {text}' value lexicon")
    closed = lemma in ("close", "shut") and value_spec is not None and value_spec.name == "business"  # "shut the cafe"
    closed = closed or (lemma == "trade" and not {"for", "to", "up"} & {pred.prep, *pred.preps})  # "traded it in"
    if value_spec is not None and (lemma in ENDING_VERBS or closed):
        return match(value_spec.name, f"'{pred.verb.text} {text}' value lexicon (ends it)", polarity=0)
    if value_spec is None and lemma in ("sell", "scrap") and person and (obj.pos_ == "NOUN" or (  # "the Discovery"
            obj.pos_ == "PROPN" and obj.ent_type_ not in ("PERSON", "GPE", "LOC", "NORP"))) and "owns" in cat.specs \
            and pred.target.tag_ in ("VBD", "VBN") and any(c.lower_ in ("the", "my", "our") for c in obj.children):
        # (a thing of one's own, sold: not "i sell candles on etsy", a trade, nor "sold loads of candles today")
        return match("owns", f"'{pred.verb.text} {text}' (a thing owned, ended)", polarity=0)
    candidates = cat.verbs.get(key, []) + [s for s in cat.verbs.get(lemma, []) if s not in cat.verbs.get(key, [])]
    if value_spec is not None and (lemma in VALUE_FIRST_VERBS or key in value_spec.verbs or lemma in value_spec.verbs
                                   or (lemma == "do" and value_spec.name == "diet")):  # "doing keto"
        # the value word decides among the verb's slots: "switched to an iPhone", "ride a Trek", "go to PureGym"
        candidates = [value_spec, *[c for c in candidates if c is not value_spec]]
    for spec in candidates:
        if (spec.subjects == "person" and not person) or (
                spec.subjects == "thing" and person and subject.type != "generic"):
            continue
        if not fits(spec.name, pred, obj, obj_toks, subject, value_spec):
            continue
        pol = -1 if lemma in NEGATIVE_STANCE or key in NEGATIVE_STANCE else 1
        value = AGENT_NOUNS.get(lemma) if spec.name == "occupation" and lemma in AGENT_NOUNS else None
        value = f"qualified {text}" if spec.name == "occupation" and key == "qualify_as" else value  # not junior
        return match(spec.name, f"'{key.replace('_', ' ')}' verb lexicon"
                     + (f" + value '{text}'" if value_spec is spec else ""), value=value, polarity=pol)
    if lemma == "leave" and pred.prep == "for":
        return None  # "he leaves for the hostel in july": a departure for somewhere, nothing left behind
    # (not "Sam left me"; not "quit in 2022", "left in March": when, not what was left)
    if lemma in ("leave", "quit") and person and obj.pos_ != "PRON" and obj.ent_type_ not in ("DATE", "TIME"):
        if obj.ent_type_ in PLACE_LABELS and not any(  # "left Barclays and joined Monzo": a job left
                t.lemma_.lower() in ("join", "hire", "job", "role", "company", "employer", "start", "work", "team",
                                     "boss", "colleague", "coworker", "offer", "notice", "resign") for t in obj.sent):
            return match("residence", f"'{pred.verb.text} {text}' (place)", polarity=0)
        if obj.lemma_.lower() in ("church", "faith", "religion") and "religion" in cat.specs and not any(
                c.dep_ == "conj" or c.lower_ in ("after", "before", "at", "early") for c in pred.target.children):
            # "left the church a few years ago"; not "we left the church and drove to the reception"
            return match("religion", f"'{pred.verb.text} {text}' (a faith left)", polarity=0)
        job_at = [t for t in obj.children if t.dep_ == "compound"] or [p for c in obj.children if c.lower_ == "at"
                                                                        for p in c.children if p.dep_ == "pobj"]
        if obj.lemma_.lower() in ("job", "role", "post", "position", "gig") and job_at and "employer" in cat.specs:
            place = span_text(compound_span(job_at[-1]))  # "zoe's quit the pret job", "quit her job at Pret"
            return match("employer", f"'{pred.verb.text} {text}' (the job at {place})", value=place, polarity=0)
        if subject.kin in CHILD_NOUNS or looks_like_school(obj_toks):
            return match("school", f"'{pred.verb.text} {text}' (school)", polarity=0)
        if (agent := agent_of(obj.lower_)) is not None and "occupation" in cat.specs:  # "quit bartending": the job
            return match("occupation", f"'{pred.verb.text} {text}' (the work of a {agent})", value=agent, polarity=0)
        if (obj.lower_ == "gym" or (value_spec is not None and value_spec.name == "gym")) and "gym" in cat.specs:
            return match("gym", f"'{pred.verb.text} {text}' (a gym left)", polarity=0)  # "i quit the gym"
        if obj.lower_ in ("smoking", "vaping") and not any(  # "trying to quit smoking", "quit smoking 6 months ago"
                c.dep_ == "neg" or c.lower_ == "never" for c in pred.target.children):  # (a noun here)
            return match("habit", f"'{pred.verb.text} {text}'", value=obj.lower_[:-3] + "e", polarity=0)
        if obj.lemma_.lower() in DRINKS or obj.lower_ in DRINKS | SMOKING or (
                obj.lower_.endswith("ing") and obj.lower_ not in SECTORS and obj.ent_type_ != "ORG") or (
                value_spec is not None and value_spec.name not in ("employer", "occupation", "business") and not (
                    value_spec.name in ("car", "phone", "computer") and not any(  # "resigned at toyota": the maker
                        c.dep_ in ("det", "poss") for c in obj.children))):
            return None  # "quit espresso", "quit the gym": no job (the cessation ends what it names)
        return match("employer", f"'{pred.verb.text} {text}'", polarity=0)
    if person and (shift := shift_of(lemma, pred.prep, obj)) is not None:  # "on nights", "moved off nights"
        return match("shift", shift[1], value=shift[0], polarity=shift[2])
    # 5. the prototype fallback (never for generic verbs, which say too little)
    if person and obj.lemma_.lower() in LESSON_NOUNS and lemma in _LESSON_VERBS and pred.prep != "at" and any(
            c.dep_ in ("compound", "amod") for c in obj.children):
        return match("hobbies", f"'{pred.verb.text} {text}' (lessons)")  # "started drum lessons", "takes yoga classes"
    # (the bank states current values: a past is an event, "applied to X"; a wish, a report, a modal states none)
    if embedder is not None and obj.pos_ in ("NOUN", "PROPN") and pred.target.tag_ != "VBD" and \
            lemma not in NOT_STATING and not any(c.tag_ == "MD" and c.lower_ not in ("can", "ca")
                                                 for c in pred.verb.children):  # "i'd open a bakery": no value
        said = whole_clause(pred)
        # a slot with a value lexicon only when the object is one of its values ("we're on postgres now")
        learned = cat.classify(embedder, said, PROTOTYPE_SLOTS | ({value_spec.name} if value_spec else set()))
        if learned is not None:
            spec, vote = learned
            if (spec.subjects == "person" and not person) or not fits(spec.name, pred, obj, obj_toks, subject,
                                                                      value_spec) or (
                    spec.name in ("residence", "employer", "school") and not (
                        obj.dep_ == "pobj" and obj.head.head.i == pred.target.i)) or (
                    (known := {s.name for s in cat.verbs.get(lemma, [])}) and spec.name not in known):
                # the slot must take this object too ("relocated for work" names no city; in "I mentor
                # juniors at a fintech" the employer is where, never whom), and a verb the lexicon gives
                # other slots keeps to them ("i live in round rock and work at dell": 'live ... at dell')
                return None
            value = None
            if spec.name == "occupation":  # the post ("... as a police officer"), else what is done ("wait tables")
                post = pred.preps.get("as")
                value = AGENT_NOUNS.get(lemma) or (object_text(post) if post is not None else (
                    f"{lemma} {text}" if obj.dep_ == "dobj" else None))
            return match(spec.name, f"'{said}' ~ {vote.evidence()}", value=value)
    return None


_FAMILY_HOME = frozenset({"parent", "parents", "mum", "mom", "dad", "folk", "folks", "mother", "father", "grandparent",
                          "grandparents", "nan", "gran", "grandma", "grandad", "family", "mam"})
# what anyone may be good or bad at: said with a judgement, no job ("a great teacher" may well be one)
_EVERYDAY_AGENTS = frozenset({"cook", "driver", "listener", "dancer", "singer", "swimmer", "runner", "baker", "speller",
                              "reader", "sleeper", "eater", "talker", "learner", "gardener", "cleaner", "parker"})
_HOW_GOOD = frozenset({"good", "great", "bad", "terrible", "awful", "decent", "amazing", "excellent", "brilliant",
                       "rubbish", "lousy", "natural", "fantastic", "poor", "crap", "horrible", "better", "worse",
                       "best", "worst", "wonderful", "competent", "hopeless", "useless", "slow", "fast", "messy"})


def _at_org(noun: Any, student: bool = False) -> Any | None:
    """The organisation of "<job noun> at/for <Name>", when the noun phrase names one (a student's also by a name
    chat wrote in lower case, no English word, or a town's: "a sophomore at ucla", "a student at Leeds")."""
    return next((g for p in noun.children if p.dep_ == "prep" and p.lower_ in ("at", "for")
                 for g in p.children if g.dep_ == "pobj" and (g.pos_ == "PROPN" or g.text[:1].isupper() or (
                     student and g.is_alpha and not is_english_word(g.lower_)))
                 and g.ent_type_ not in ("DATE", "TIME", *(() if student else ("PERSON", "GPE", "LOC")))
                 and not (student and is_given_name(g))), None)


def _course(attr: Any, subjects: tuple[str, ...]) -> tuple[str, str] | None:
    """The course of "a comp sci major", "a history major", "a law student" (a student's only when the words name
    a subject: not "a mature student", "an exchange student")."""
    noun = next((t for t in attr.subtree if t.lower_ in ("major", "student") and t.i >= attr.i), None)
    if noun is None:
        return None
    words: list[Any] = []
    for t in reversed(attr.doc[attr.left_edge.i: noun.i]):
        if not t.is_alpha or t.dep_ == "det" or t.lower_ in ("first", "second", "third", "final", "year", "new") or \
                t.lower_ in _STUDENT_NOUNS or t.lower_ in ("junior", "senior"):
            break
        words.insert(0, t)
    if not words or (noun.lower_ == "student" and not any(t.lower_ in subjects for t in words)) or \
            _at_org(noun, True) or _at_org(attr, True):
        return None  # ("an engineering major at texas tech": the school, which the clause's own reading names)
    return span_text(words), noun.lower_
