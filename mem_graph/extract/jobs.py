"""A job said with both of its attributes in one clause: the post and the place.

"I work at Google as an engineer", "I'm a pilot at Lufthansa", "I'm a software tester at Sky now", "got a junior
dev job at a fintech called pennywise": the fact sits in one slot (employer or occupation) and carries the other
attribute as a second edge (``works_as`` / ``works_at``). The reconciler then ends the other slot's old value too
("User is a nurse" after "got a junior dev job at pennywise"), since one clause stated both.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mem_graph.extract.clauses import Context, compound_span, span_text
from mem_graph.extract.lexicon import OCCUPATIONS, SECTORS, WORK_WORDS, WORKPLACES
from mem_graph.extract.predicate import Predicate
from mem_graph.extract.slots import SlotMatch
from mem_graph.extract.wordlist import is_english_word
from mem_graph.types import Fact, MemoryRecord, Triple, normalise_entity

JOB_NOUNS = frozenset({"job", "role", "position", "post", "gig"})
# words before "job" that say nothing of the post ("a new job", "my first full-time job")
_NOT_POSTS = frozenset({"new", "first", "second", "next", "old", "dream", "good", "great", "real", "proper", "full",
                        "part", "time", "full-time", "part-time", "permanent", "temporary", "temp", "day", "night",
                        "summer", "weekend", "remote", "big", "little", "small", "better", "cool", "amazing",
                        "awesome", "decent", "easy", "hard", "boring", "fun", "paid", "unpaid", "actual", "this",
                        "that", "a", "an", "the", "my", "his", "her", "their", "our", "another", "saturday", "sunday",
                        "holiday", "christmas", "seasonal", "evening", "morning", "side", "student", "uni"})
_MORE_POSTS = frozenset({"dev", "tester", "qa", "sre", "devops", "pm", "vet", "cook", "chef", "cleaner", "carer",
                         "porter", "receptionist", "tutor", "coach", "trainee", "apprentice", "manager", "director"})
_OTHER = {"employer": ("works_as", "occupation"), "occupation": ("works_at", "employer")}
OTHER_JOB_SLOT = {name: slot for name, (_, slot) in _OTHER.items()}  # a job fact states both: where and what
# verbs that take up a job with both attributes ("joined monzo as a backend engineer", "got hired at Ikea as a
# designer", "doing nights as a carer at a care home"); with any but "work" the "as" must name a post ("joined the
# club as a favour" names none)
_TAKING_UP = frozenset({"work", "join", "rejoin", "start", "begin", "hire", "employ", "recruit", "return", "do"})


def is_post(word: str) -> bool:
    """A noun that names a post ("nurse", "tester", "pharmacist"), not a role at a place ("patient", "member")."""
    return word in OCCUPATIONS or word in _MORE_POSTS or word.endswith(("ist", "ician"))


def job_talk(sent: Any) -> bool:
    """The sentence speaks of work: a word of it, or a post taken up ("joined Monzo as a backend engineer")."""
    return any(t.lower_ in WORK_WORDS or (t.dep_ == "pobj" and t.head.lower_ == "as" and is_post(t.lemma_.lower()))
               or (t.dep_ == "pobj" and t.lower_ in SECTORS) for t in sent)  # ("finally got out of banking")


def _post_of_job(noun: Any) -> str | None:
    """"a junior dev job" -> "junior dev"; None for "a new job"."""
    mods = [t for t in compound_span(noun) if t.i < noun.i and t.lower_ not in _NOT_POSTS and t.is_alpha]
    return span_text(mods) if mods else None


def second_attribute(m: SlotMatch, pred: Predicate, obj: Any) -> Triple | None:
    """The other job attribute the clause states beside its slot's value, as an edge; None when there is none."""
    name = m.spec.name
    if name == "occupation" and obj.dep_ in ("attr", "acomp"):  # "a pilot at Lufthansa", "im a backend dev at Stripe"
        preps = [p for p in obj.children if p.lower_ in ("at", "for", "with", "in")] + [
            p for p in pred.target.children if p.lower_ in ("at", "for", "in") and p.i > obj.i]
        org = next((g for p in preps if p.dep_ == "prep" for g in p.children if g.dep_ == "pobj"
                    and (((g.pos_ == "PROPN" or g.text[:1].isupper()) and p.lower_ != "in")  # "Stripe", a noun
                         or g.lemma_.lower() in WORKPLACES)), None)  # "an intern in a marketing agency"
        return Triple(m.subject, "works_at", span_text(compound_span(org))) if org is not None else None
    if pred.lemma in _TAKING_UP and name in _OTHER:  # "I work at Google as an engineer", "joined monzo as a dev"
        other = pred.preps.get("as") if name == "employer" else (pred.preps.get("at") or pred.preps.get("for"))
        if other is not None and other != obj and other.ent_type_ not in ("DATE", "TIME") and (  # ("for 6 years")
                pred.lemma == "work" or name == "occupation" or any(
                is_post(t.lemma_.lower()) or t.lower_ in _MORE_POSTS for t in compound_span(other))):
            return Triple(m.subject, _OTHER[name][0], span_text(compound_span(other)))
    if name != "employer":
        return None
    if obj.dep_ == "attr" and pred.lemma == "be" and is_post(obj.lemma_.lower()):
        return Triple(m.subject, "works_as", span_text(compound_span(obj)))  # "i'm a software tester at Sky now"
    # "got a junior dev job at a fintech", "a new role as ... at": the post is what qualifies the job noun
    near = [pred.dobj, *(c for c in pred.target.children if c.dep_ == "dobj"),
            obj.head.head if obj.head.dep_ == "prep" else None]
    job = next((t for t in near if t is not None and t.lemma_.lower() in JOB_NOUNS), None)
    post = _post_of_job(job) if job is not None else None
    return Triple(m.subject, "works_as", post) if post else None


_FIRED = frozenset({"fire", "sack", "dismiss", "axe"})


def job_lost(verb: Any) -> bool:
    """The clause says its subject's job ended without their choosing: "i lost my job at tesco", "got laid off
    from tesco", "i got fired", "was made redundant", "got let go" (the job slot ends, like "I retired")."""
    lemma = verb.lemma_.lower()
    words = {c.lower_ for c in verb.children}
    if lemma == "lose":
        return any(c.dep_ == "dobj" and c.lemma_.lower() in JOB_NOUNS for c in verb.children)
    if not any(c.dep_ in ("nsubjpass", "auxpass") for c in verb.children):
        return False  # "i fired my accountant", "they let me go early today" are no job lost
    return lemma in _FIRED or (lemma == "lay" and "off" in words) or (lemma == "let" and "go" in words) or (
        lemma == "make" and "redundant" in words)


_ON_ONES_OWN = frozenset({"freelancer", "freelance", "self-employed", "self employed", "sole trader"})


def other_attribute_ended(fact: Fact, records: list[MemoryRecord]) -> list[MemoryRecord]:
    """The records of the subject's other job slot whose value the fact's second edge replaces ("User is a nurse"
    for "User got a junior dev job at Pennywise", which also says works_as junior dev), or whose own second edge
    names another value of the fact's slot ("User is a backend dev at Stripe" for "User works at Figma now"); the
    commute, for work now done from home; the employer, for work now done on one's own ("freelance now")."""
    if not fact.slot or not fact.subject_key or fact.negated or fact.tense != "present":
        return []
    name = fact.slot.split("|")[1] if fact.slot.count("|") == 1 else ""
    if name == "work_mode" and fact.object_key == "remote":  # "fully remote now": no commute to work any more
        return [r for r in records if r.slot == f"{fact.subject_key}|commute" and r.polarity > 0]
    if name == "occupation" and fact.object_key in _ON_ONES_OWN:  # "kate's freelance now": no employer any more
        return [r for r in records if r.slot == f"{fact.subject_key}|employer" and r.polarity > 0]
    if name not in _OTHER:
        return []
    relation, other_slot = _OTHER[name]
    said = [normalise_entity(t.object) for t in fact.triples
            if t.relation == relation and normalise_entity(t.subject) == fact.subject_key]
    slot = f"{fact.subject_key}|{other_slot}"
    own = _OTHER[other_slot][0]  # the edge by which the other slot's memory named this slot's value too

    def named_another(r: MemoryRecord) -> bool:  # "User is a backend dev at Stripe" when "User works at Figma"
        return bool(fact.object_key) and any(
            t.relation == own and normalise_entity(t.subject) == fact.subject_key
            and not _same(normalise_entity(t.object), fact.object_key or "") for t in r.triples)

    return [r for r in records if r.slot == slot and r.polarity > 0 and r.object_key and (
        (said and not any(_same(r.object_key, s) for s in said)) or named_another(r))]


def _same(a: str, b: str) -> bool:
    """One post in other words: "tester" / "software tester", "dev" / "junior dev"."""
    wa, wb = set(a.split()), set(b.split())
    return bool(wa & wb)


_ROLE_WORDS = frozenset({"pm", "nurse", "lead", "head", "dev", "intern", "chef", "cto", "ceo", "cfo", "vp", "associate",
                         "apprentice", "trainee", "doctor", "medic", "clerk", "barista", "cook"})


def moved_for_job(pred: Any, obj: Any) -> bool:
    """"moved to Atlassian as a group PM": a move to an organisation, said with the role taken there (not "moved
    to Leeds as a teacher", a town one moves to, nor "moved to Bath as a family")."""
    as_ = pred.preps.get("as")
    if as_ is None or pred.lemma != "move":
        return False
    said = [t.lower_ for t in as_.doc[as_.left_edge.i: as_.i + 2] if t.is_alpha]  # "as" maps to its object
    role = any(w in _ROLE_WORDS or (w.endswith(("er", "or", "ist", "ant", "ian")) and w not in ("other", "older"))
               for w in said)
    return role and (obj.ent_type_ == "ORG" or (obj.is_alpha and not is_english_word(obj.text)))  # not a town


def note_employers(ctx: Context, found: list[Fact]) -> None:
    """Remember the speaker's employers a sentence names, for a later "moved from X to Y" in the same add()."""
    me = normalise_entity(ctx.speaker)
    ctx.employers.update(f.object_key for f in found if f.object_key and f.slot == f"{me}|employer")


def moved_jobs(m: SlotMatch | None, pred: Predicate, ctx: Context, catalogue: Any) -> SlotMatch | None:
    """"I moved from Barclays to Monzo": a move from an employer the speaker named is a new job, not a home."""
    if m is None or m.spec.name != "residence" or pred.lemma != "move" or "from" not in pred.preps or \
            "employer" not in catalogue.specs:
        return m
    left = span_text(compound_span(pred.preps["from"]))
    if normalise_entity(left) not in ctx.employers:
        return m
    return SlotMatch(catalogue.specs["employer"], m.subject, m.object,
                     f"slot employer: 'moved from {left}' (an employer said before)")


def job_moves(facts: list[Fact], holding: Callable[[str], list[MemoryRecord]]) -> list[Fact]:
    """``facts`` with each "moved from X to Y" read as a home ("User now lives in Bupa") said as a new employer when
    the scope's memories hold X as the subject's workplace ("User is a physio at Nuffield Health" for "moved from
    Nuffield to Bupa"): the employer slot of the same turn in the same add() is ``moved_jobs``'s, this is an earlier
    one's. ``holding(key)``: the scope's active memories that hold ``key``."""
    for f in facts:
        if not f.slot or not f.slot.endswith("|residence") or not f.replaces or f.negated or not f.object_key:
            continue
        old = f.replaces[0]
        held = holding(old)
        worked = [r for r in held if r.subject_key == f.subject_key and r.polarity > 0 and (
            (r.slot == f"{f.subject_key}|employer" and _same(r.object_key or "", old)) or any(
                t.relation == "works_at" and normalise_entity(t.subject) == f.subject_key
                and _same(normalise_entity(t.object), old) for t in r.triples))]
        home = [r for r in held if r.slot == f.slot and _same(r.object_key or "", old)]
        if not worked or home:  # ("moved from Leeds to York" after "lives in Leeds, works at Leeds General")
            continue
        name = next((t.object for t in f.triples if t.relation == "lives_in"), f.object_key)
        who = f.text.split(" now lives in ")[0] if " now lives in " in f.text else None
        f.slot, f.triples = f"{f.subject_key}|employer", [t for t in f.triples if t.relation != "lives_in"] + [
            Triple(who or f.triples[-1].subject, "works_at", name)]
        f.text = f"{who} now works at {name}" if who else f.text
        f.evidence = f"slot employer: 'moved from {old}' (a workplace of {worked[0].text!r}); " + f.evidence.replace(
            "slot residence:", "read first as residence:")
    return facts
