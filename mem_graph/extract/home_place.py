"""Where the speaker lives or works, said through their home or their job: "my <home> in <place>", "my <job> at <org>".

"my flat in Leeds is tiny lol", "our apartment's in Austin, walking distance to everything", "my house in
Denver has a huge garden": the clause is about the flat, the place is where the speaker lives (the
``residence`` slot, as "I live in Leeds"); "my job at Microsoft is pretty chill tbh", "work at IBM has been
crazy this week", "my boss at Acme is driving me mad", "my colleagues at Acme are lovely": the organisation is the
employer (as "I work at Microsoft"). So a later "moved to Manchester"
or "I'm at Google now" has a value to end. Not someone else's ("my mum's house in Leeds", "my sister's job at
Tesco"), a former, second or hoped-for one ("my old flat in Leeds", "our holiday home in Spain", "my dream job
at Google"), a plan or a negation ("we might buy a house in Leeds", "my new job at Unilever starts next
month", "our new flat in York is ready next week"), nor a past ("my job at Tesco was awful").

Also the residence guards ``recognise`` asks: a city chat wrote lower-case (``bare_place``, ``moved_here``),
a move for good (``for_good``), a home in a place (``home_in``), a town said plainly (``settled_in``); and a
relative's home said as who they are ("my son Greg in Toronto": ``kin_place_clauses``).
"""

from __future__ import annotations

import itertools
from typing import Any

from mem_graph.extract.clauses import Context, compound_span, span_text
from mem_graph.extract.cues import read_cues, time_ahead
from mem_graph.extract.kin_words import FIRST_PERSON, KIN, POSSESSIVES
from mem_graph.extract.owned_models import owned_models
from mem_graph.extract.places import is_place_name
from mem_graph.extract.predicate import content_verb
from mem_graph.extract.slots import PLACE_LABELS
from mem_graph.extract.wordlist import is_common_word, is_english_word
from mem_graph.types import EntityRef, Fact, Message, Triple, normalise_entity

JOB_NOUNS = frozenset({"job", "work", "position", "internship", "gig", "placement", "role", "post", "apprenticeship"})
# the people and places of one's work: "my boss at Acme", "my colleagues at Acme", "my shift at Tesco"
WORK_LIFE_NOUNS = frozenset({"boss", "manager", "team", "colleague", "coworker", "co-worker", "office", "shift",
                             "desk", "supervisor", "department", "workplace", "salary", "contract",
                             "payslip", "onboarding", "probation"})
_PLURAL_OK = frozenset({"colleague", "coworker", "co-worker", "shift", "neighbour", "neighbor"})
HOME_NOUNS = frozenset({"flat", "apartment", "house", "place", "home", "condo", "studio", "bungalow", "townhouse",
                        "cottage", "apt", "flatshare", "houseshare", "room", "terrace", "maisonette", "duplex",
                        "farmhouse", "rental", "semi", "detached", "new-build", "townhome", "villa", "bedsit"})
# the people and places of where one lives: "my landlord in Dublin", "my neighbourhood in Osaka"
LOCAL_NOUNS = frozenset({"landlord", "landlady", "neighbourhood", "neighborhood", "neighbour", "neighbor", "street",
                         "building", "hood", "postcode"})
_HOME_VERBS = frozenset({"share", "rent", "buy", "own", "find", "get", "have"})
_LEASE_VERBS = frozenset({"sign", "take", "get"})
_LEASE_NOUNS = frozenset({"lease", "tenancy"})
_LIVE_VERBS = frozenset({"live", "be", "move", "settle"})  # "live in a bungalow near Exeter" (a stay is a visit)
_WHERE = frozenset({"in", "near", "outside"})
# a home that is not where one lives now: "my old flat", "our holiday home", "my parents' place"
_NOT_CURRENT = frozenset({"old", "former", "previous", "last", "first", "holiday", "summer", "vacation", "beach",
                          "second", "future", "dream", "next", "childhood", "weekend", "ski", "part", "side", "temp"})
# what one calls "my new home" in jest and no one lives in ("the climbing wall is my new home")
NO_DWELLING = frozenset({"wall", "gym", "club", "pub", "bar", "cafe", "café", "library", "studio", "office", "desk",
                         "sofa", "couch", "bed", "kitchen", "garden", "allotment", "court", "pitch", "track", "pool",
                         "centre", "center", "shop", "store", "restaurant", "lab", "range", "rink", "park", "beach"})


def _place(home: Any) -> Any | None:
    """The place the home is in: "my flat in Leeds", "our apartment's in Austin", "my hackney flat"."""
    preps = [c for c in home.children if c.dep_ == "prep" and c.lower_ == "in"]
    if home.dep_ == "nsubj" and home.head.lemma_ == "be":  # "our apartment's in Austin"
        preps += [c for c in home.head.children if c.dep_ == "prep" and c.lower_ == "in"]
    for p in preps:
        obj = next((g for g in p.children if g.dep_ == "pobj"), None)
        if obj is not None and (obj.ent_type_ in PLACE_LABELS or (obj.pos_ == "PROPN" and obj.ent_type_ in (
                "", "PERSON", "ORG"))) and obj.text[:1].isupper():  # (a home is in a place: "Bristol" an ORG)
            return obj
    # "my hackney flat", "our Brooklyn apartment": the place said before the home
    return next((c for c in home.children if c.dep_ == "compound" and c.i < home.i and (
        c.ent_type_ in ("GPE", "LOC") or is_place_name(c.text)) and not is_common_word(c.lower_)), None)


def _org(job: Any, preps: tuple[str, ...] = ("at", "with", "for")) -> Any | None:
    """The organisation a job is at: "my job at Microsoft", "work at IBM", "my internship with Deloitte"."""
    for p in job.children:
        if p.dep_ == "prep" and p.lower_ in preps:
            obj = next((g for g in p.children if g.dep_ == "pobj"), None)
            if obj is not None and obj.text[:1].isupper() and (obj.ent_type_ == "ORG" or (
                    obj.pos_ == "PROPN" and obj.ent_type_ not in PLACE_LABELS | {"PERSON", "DATE", "TIME", "NORP"})):
                return obj
    return None


_TEAM_NOUNS = frozenset({"team", "department", "squad", "unit", "division", "crew"})
_STAFF_NOUNS = frozenset({"employee", "staffer", "contractor", "intern", "hire", "engineer", "developer"})


def _speakers_clause(tok: Any) -> Any | None:
    """The verb of the clause ``tok`` is in, when its subject is the speaker ("I'm on the data team at ...")."""
    verb = next((a for a in tok.ancestors if a.pos_ in ("VERB", "AUX")), None)
    subj = next((c for c in verb.children if c.dep_ == "nsubj"), None) if verb is not None else None
    return verb if subj is not None and subj.lower_ in FIRST_PERSON else None


def _work_said_otherwise(tok: Any, lemma: str) -> Any | None:
    """The organisation of a team the speaker is on or runs ("I'm on the data team at Acme", "I run the marketing
    team at Acme") or whose staff they are ("I'm an Acme employee")."""
    verb = _speakers_clause(tok)
    if verb is None or tok.tag_ == "NNS":
        return None
    if lemma in _TEAM_NOUNS:
        return _org(tok, ("at",)) or _org(verb, ("at",))
    if lemma in _STAFF_NOUNS and tok.dep_ == "attr":
        return next((c for c in tok.children if c.dep_ == "compound" and c.text[:1].isupper() and (
            c.ent_type_ == "ORG" or c.pos_ == "PROPN")), None)
    return None


def _where_i(tok: Any) -> tuple[str, Any, str] | None:
    """"Toronto is where I live now", "Acme is where I work"."""
    be = tok.head
    if tok.dep_ != "nsubj" or be.lemma_ != "be" or not tok.text[:1].isupper() or tok.pos_ != "PROPN":
        return None
    for c in be.children:  # "Leeds is home" is restate._HOME_IS's
        if c.dep_ in ("advcl", "ccomp", "relcl") and c.lemma_ in ("live", "work") and any(
                g.lower_ == "where" for g in c.children) and any(
                g.dep_ == "nsubj" and g.lower_ in FIRST_PERSON for g in c.children):
            return ("residence", tok, "lives in") if c.lemma_ == "live" else ("employer", tok, "works at")
    return None


def _post_in_town(tok: Any) -> Any | None:
    """The town of "i'm a nurse in Leeds", "I'm a student in Boston": what one is, where one is it, is where one
    lives (a town or region only: not "a nurse in A&E", "a teacher in training")."""
    be = tok.head
    if tok.dep_ != "attr" or tok.pos_ != "NOUN" or be.lemma_ != "be" or not any(
            c.dep_ == "nsubj" and c.lower_ in FIRST_PERSON for c in be.children):
        return None
    place = _place(tok)  # ("a London dev" is; "a Liverpool fan" is no home: a team)
    return place if place is not None and place.ent_type_ in ("GPE", "LOC") and (
        place.dep_ == "pobj" or tok.lemma_.lower() not in _FOLLOWERS) else None


_FOLLOWERS = frozenset({"fan", "supporter", "lover", "fanatic", "addict", "nut", "obsessive", "tragic"})


def _held(tok: Any) -> tuple[str, Any, str] | None:
    """(slot name, value token, the relation's words) when ``tok`` is the speaker's home in a place or job at
    an organisation."""
    lemma = tok.lemma_.lower()
    if (where := _where_i(tok)) is not None:
        return where
    if tok.pos_ == "NOUN" and (org := _work_said_otherwise(tok, lemma)) is not None:
        return "employer", org, "works at"
    if (town := _post_in_town(tok)) is not None:
        return "residence", town, "lives in"
    if tok.pos_ != "NOUN" or lemma not in HOME_NOUNS | LOCAL_NOUNS | JOB_NOUNS | WORK_LIFE_NOUNS or (
            tok.tag_ == "NNS" and lemma not in _PLURAL_OK):
        return None
    owners = [c for c in tok.children if c.dep_ in ("poss", "det")]
    mine = bool(owners) and all(c.lower_ in POSSESSIVES for c in owners)
    if lemma in ("work", "job") and not owners:
        mine = tok.i == tok.sent.start or tok.doc[tok.i - 1].is_punct  # "work at IBM has been crazy": the speaker's
    if not mine or any(c.lower_ in _NOT_CURRENT for c in tok.children if c.dep_ in ("amod", "compound")):
        return None
    if lemma in HOME_NOUNS | LOCAL_NOUNS:
        place = _place(tok)
        return ("residence", place, "lives in") if place is not None else None
    org = _org(tok) if lemma in JOB_NOUNS else _org(tok, ("at",))  # "my manager at Acme" ("my team for ..." no)
    return ("employer", org, "works at") if org is not None else None


# "live in fear", "live in hope": a state, never a place
_LIVE_IN_STATES = frozenset({"fear", "hope", "peace", "denial", "sin", "harmony", "poverty", "luxury", "comfort",
                             "misery", "style", "shame", "chaos", "limbo", "bliss", "isolation", "secret"})

def bare_place(obj: Any, lemma: str, prep: str | None) -> bool:
    """"(used to) live in lisbon": chat writes a city lower-case, so the tagger reads a common noun; a bare
    singular one (no article, no possessive, no plural) where one lives is a place's name."""
    return lemma in ("live", "reside") and prep == "in" and obj.tag_ == "NN" and \
        obj.lemma_.lower() not in _LIVE_IN_STATES and not any(c.dep_ in ("det", "poss", "amod") for c in obj.children)



# verbs of going somewhere: with "for good" the destination is the new home ("headed to Lisbon for good")
MOTION_VERBS = frozenset({"head", "go", "move", "relocate", "emigrate", "come", "return", "leave"})


def for_good(verb: Any) -> bool:
    """The clause says the move is permanent: "for good", "for keeps", "permanently"."""
    words = [t.lower_ for t in verb.subtree]
    return "permanently" in words or any(a == "for" and b in ("good", "keeps") for a, b in itertools.pairwise(words))


# what makes "I'm in Paris" a stay, not a home: a time, a purpose, a trip
_STAY_WORDS = frozenset({"for", "until", "till", "til", "visiting", "visit", "trip", "holiday", "holidays", "vacation",
                         "conference", "weekend", "today", "tonight", "tomorrow", "right", "moment", "atm", "staying",
                         "hotel", "airport", "layover", "stopover", "transit", "week", "days",
                         "again", "honeymoon", "break", "stuck", "ever", "been", "wish", "if", "when", "once"})


def settled_in(pred: Any, obj: Any) -> bool:
    """"we're in columbus ohio", "Im in Calgary and winters are long": a plain present "is in <town>" said of
    oneself is where one lives, unless the clause says for how long or why ("in Paris for work", "this week",
    "right now", "visiting"); a past, a question or a hedge is none."""
    verb = pred.target
    if verb.tag_ not in ("VBP", "VBZ") or verb.lemma_.lower() != "be" or obj.ent_type_ not in ("GPE", "LOC", "") or \
            any(c.tag_ == "POS" for c in obj.children):  # ("she's in St Mary's": a school, a ward, a church)
        return False
    # the clause up to a second one joined after the place ("... and winters are long")
    last = min((t.i for t in verb.children if t.dep_ in ("cc", "conj") and t.i > obj.i), default=verb.sent.end)
    clause = [t for t in verb.subtree if t.i < last]
    if any(t.lower_ == "back" and any(g.lower_ == "from" for g in t.children) for t in clause):
        return False  # "we're back from honeymoon in Bali": a trip ended
    return not {t.lower_ for t in clause} & _STAY_WORDS and not any(t.ent_type_ in ("DATE", "TIME") for t in clause) \
        and not any(t.dep_ == "neg" or t.tag_ == "MD" for t in verb.children) and not _asked(verb, obj)


def _asked(verb: Any, obj: Any) -> bool:
    """The clause is a question: "am i in zone 2?", "i'm in Leeds?" (not "I'm in Calgary and the chinooks are
    wrecking me, anything that helps?": the question comes after the place)."""
    after = [t for t in verb.sent if t.i > obj.i]
    return verb.sent.text.strip()[-1:] == "?" and not any(t.lower_ in (",", "and", "so", "-", "but") for t in after)


def moved_here(obj: Any) -> bool:
    """"i'm in austin now, moved from denver": where one is, said beside a move (in the same turn), is a place even
    when chat wrote it lower-case and the tagger read a common noun (a bare one: no article, possessive or
    adjective)."""
    return obj.tag_ in ("NN", "NNP") and obj.lemma_.lower() not in _LIVE_IN_STATES and not any(
        c.dep_ in ("det", "poss", "amod") for c in obj.children) and any(
        t.lemma_.lower() in ("move", "relocate") for t in obj.doc)  # the move may be its own sentence now


def _said(tok: Any, place: Any, name: str) -> str:
    """The words that placed it: "flat in Leeds", "Brooklyn apartment"."""
    return f"{name} {tok.lower_}" if place.dep_ == "compound" else f"{tok.lower_} {place.head.text} {name}"


def home_place_facts(sent: Any, ctx: Context, message: Message, found: list[Fact]) -> list[Fact]:
    """The speaker's residence or employer said through their home or job in ``sent``, unless ``found`` places
    it already."""
    speaker = ctx.speaker
    out: list[Fact] = []
    for tok in sent:
        held = _held(tok)
        if held is None:
            continue
        name_slot, place, words = held
        slot = f"{normalise_entity(speaker)}|{name_slot}"
        if any(f.slot == slot for f in [*found, *out]):
            continue
        # the clause's verb (the root when the tagger took "starts" for a noun): "starts next month" is a plan
        verb = next((a for a in tok.ancestors if a.pos_ in ("VERB", "AUX")), None) or (
            tok.sent.root if tok.sent.root != tok else None)
        if verb is not None:
            cues = read_cues(verb, content_verb(verb))
            # "our flat isn't in Leeds" (not "my flat in Leeds has no heating", "our Brooklyn apartment has no AC")
            on_place = place.dep_ == "pobj" and place.head.head.i == verb.i
            if cues.tense != "present" or (cues.negated and on_place) or time_ahead(verb.subtree):
                continue  # "my flat in Leeds was tiny", "we might rent a place in Leeds"
        name = span_text(compound_span(place))
        relation = "lives_in" if name_slot == "residence" else "works_at"
        out.append(Fact(text=f"{speaker} {words} {name}", entities=[
            EntityRef(speaker, "person"), EntityRef(name, "place" if name_slot == "residence" else "organization")],
                     triples=[Triple(speaker, relation, name)], slot=slot, subject_key=normalise_entity(speaker),
                     object_key=normalise_entity(name), single_valued=True, rule=f"rules.held:{name_slot}",
                     message_ids=[message.id] if message.id else [], timestamp=message.timestamp,
                     metadata=dict(message.metadata),
                     evidence=f"slot {name_slot}: '{_said(tok, place, name)}' (the speaker's "
                              f"{'home' if name_slot == 'residence' else 'job'})"))
    return out + owned_models(sent, ctx, message, [*found, *out])  # "just washed my Subaru Outback lol": the car


def home_in(pred: Any, obj: Any) -> str | None:
    """The place of a home one has ("I share a flat in Marchmont", "we bought a house in Harrogate", "live in a
    bungalow near Exeter", "we're in a flat in Topsham now"), not a former, second or holiday one ("bought a
    holiday home in Spain")."""
    if pred.lemma in _LEASE_VERBS and obj == pred.dobj and obj.lemma_.lower() in _LEASE_NOUNS:
        # "signed a lease on a 2 bedroom in Scarborough", "we took a tenancy on a flat in Leith": the home leased
        leased = pred.preps.get("on") or pred.preps.get("for")
        words = {t.lemma_.lower() for t in leased.subtree} if leased is not None else set()
        if leased is not None and (not words & (HOME_NOUNS | {"bedroom", "bed"}) or words & _NOT_CURRENT):
            return None  # "a lease on my car", "on our new office", "on a holiday flat in Spain"
        obj = leased if leased is not None else obj
    elif obj.lemma_.lower() not in HOME_NOUNS or any(c.lower_ in _NOT_CURRENT for c in obj.children) or not (
            (pred.lemma in _HOME_VERBS and obj == pred.dobj) or (
            pred.lemma in _LIVE_VERBS and obj.dep_ == "pobj" and (
                pred.prep in ("in", "into", "at") or (pred.prep == "to" and pred.lemma == "move")))):
        return None
    inside = [g for c in obj.children if c.dep_ == "prep" and c.lower_ in _WHERE for g in c.children
              if g.dep_ == "pobj"]  # "a house in Bath", "a bungalow near Exeter"
    here = pred.preps.get("in")
    place = here if here is not None and here != obj else next(iter(inside), None)
    if place is None or not (place.ent_type_ in PLACE_LABELS or place.pos_ == "PROPN" or place.text.istitle()
                             or (place.is_alpha and not is_english_word(place.text))):  # "a flat in partick"
        return None
    return span_text(compound_span(place))


# a stay, not a home: "my sister in Leeds for the weekend", "my mum in hospital"
_NOT_KIN_HOMES = frozenset({"hospital", "town", "bed", "school", "work", "class", "charge", "law", "person", "touch"})


def kin_place_clauses(sent: Any) -> list[str]:
    """Plain "<my kin [Name]> lives in <town>" clauses for the "my <kin> [Name] in <town>" phrases of ``sent``
    ("my son Greg in Toronto says I should get one": the clause states nothing, the phrase where Greg lives;
    "my dad back in Seattle")."""
    said: list[str] = []
    for prep in sent:
        if prep.dep_ != "prep" or prep.lower_ != "in":
            continue
        town = next((c for c in prep.children if c.dep_ == "pobj"), None)
        kin = prep.head
        while kin.dep_ == "advmod" and kin.lower_ in ("back", "home", "over", "out") and kin.head is not kin:
            kin = kin.head  # "my dad back in Seattle", "my parents back home in Chennai"
        if town is None or town.lower_ in _NOT_KIN_HOMES or not (town.ent_type_ in ("GPE", "LOC") or (
                town.text[:1].isupper() and is_place_name(span_text(compound_span(town))))):
            continue
        if kin.pos_ == "PROPN" and kin.dep_ == "appos":  # "my son Greg in Toronto": the name hangs off the kin noun
            kin = kin.head
        mine = next((c for c in kin.children if c.dep_ == "poss" and c.lower_ in ("my", "our")), None)
        if kin.lemma_.lower() not in KIN or kin.lemma_.lower() in LOCAL_NOUNS | WORK_LIFE_NOUNS or mine is None or \
                kin.dep_ == "ROOT" or any(  # ("my landlord in Portland": the user's home; a verb misread: "my son
                t.lower_ in ("for", "until") or t.ent_type_ in ("DATE", "TIME") for t in kin.subtree):  # graduate ...")
            continue
        top = kin
        while top.dep_ == "conj" and top.head is not top:  # ("we live with my parents and my brother in Lagos")
            top = top.head
        if top.dep_ == "pobj" and top.head.lower_ == "with":  # "I live with my parents in Leeds": the user's home
            continue
        name = next((c for c in kin.children if c.dep_ == "appos" and c.pos_ == "PROPN"), None)
        who = f"{mine.lower_} {kin.lower_}" + (f" {name.text}" if name is not None else "")
        said.append(f"{who} {'live' if kin.tag_ == 'NNS' and name is None else 'lives'} in "
                    f"{span_text(compound_span(town))}")
    return said
