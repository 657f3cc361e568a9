"""Offline rule extractor: spaCy dependency parse -> atomic facts, entities, triples and slots.

Each clause with a subject we can name (the speaker for "I", a proper noun, "my sister Anna",
"he" right after Leo) and an object or complement becomes one fact, written in the third
person ("I moved to Shanghai" -> "User moved to Shanghai"). The jobs are split by module:
clauses.py (clauses, subjects), cues.py (negation, tense, hedges, change words), recognise.py +
slots.py + catalogue.py (which slot a clause fills, with evidence), render.py (the fact text).
Questions, requests and small talk yield no fact. Every fact records the rule and the evidence
that produced it, for the audit trail.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Iterable
from contextvars import ContextVar
from dataclasses import replace
from typing import Any

from mem_graph.extract.activities import activity_fact
from mem_graph.extract.antecedent import pointed_at
from mem_graph.extract.bare import HABIT_VERBS, bare_fact, dedupe_triples, kin_fact, left_work, partner_intro
from mem_graph.extract.chat import (  # noqa: F401 - re-exported: write.py, strategy.py, hybrid.py
    is_chitchat,
    is_question_or_request,
    is_small_talk,
    normalise_chat,
    normalise_marked,
    not_memorable,
    said_in_passing,
    statements,
)
from mem_graph.extract.chat_restate import asked_as
from mem_graph.extract.children import children_facts
from mem_graph.extract.clause_span import in_clause
from mem_graph.extract.clauses import (
    CLAUSE_DEPS,
    IMPLIED_SUBJECTS,
    Context,
    Subject,
    clause_subject,
    clause_verbs,
    compound_span,
    dedupe_entities,
    span_text,
)
from mem_graph.extract.context_memo import ContextMemo
from mem_graph.extract.continuation import continued
from mem_graph.extract.contrast import contrast_not
from mem_graph.extract.conversation_names import proper_names
from mem_graph.extract.couples import note_partner, two_named, we_are_the_speaker
from mem_graph.extract.cues import CESSATION, read_cues, time_frame
from mem_graph.extract.device import device_facts
from mem_graph.extract.doc_entities import doc_entities
from mem_graph.extract.dropped import without_unsaid
from mem_graph.extract.follow_ons import follow_on_facts
from mem_graph.extract.fragments import SUBJECTLESS_LEAD, adjective_fragment
from mem_graph.extract.gapping import gapped_text, regapped
from mem_graph.extract.home_place import home_place_facts, kin_place_clauses
from mem_graph.extract.inverted import asked_without_mark
from mem_graph.extract.jobs import job_lost, moved_jobs, note_employers, second_attribute
from mem_graph.extract.kin_words import PARTNER_NOUNS
from mem_graph.extract.losses import DIED, note_pets
from mem_graph.extract.negation import absolute_fact, add_replacement, no_more, owned_slot, replacement_tail
from mem_graph.extract.nlp import entity_type, get_nlp
from mem_graph.extract.noted_people import note_asked_about, note_people
from mem_graph.extract.owned_models import owned_models
from mem_graph.extract.partner_mentions import kin_in_request, kin_named, partner_facts
from mem_graph.extract.people import (
    UNNAMED_PARTNER,
    couple_subject,
    kin_identity,
    kin_names,
    mention_people,
    others_pet_named_after,
    owned_thing_on_speaker,
    partner_named_after,
    recased,
    someone_named,
)
from mem_graph.extract.pet_mentions import pet_mention_facts
from mem_graph.extract.pet_names import note_one_more, pet_name_facts
from mem_graph.extract.plans import realise, realised_plans, remember_plan
from mem_graph.extract.predicate import HELD_POSTS, Predicate, content_verb, object_text, predicate
from mem_graph.extract.prep_choice import placing_object
from mem_graph.extract.providers import provider_facts
from mem_graph.extract.recognise import SEPARATION, recognise
from mem_graph.extract.render import clause_tokens, listed_value_text, render, replacement_text, reported, third_person
from mem_graph.extract.restate import kept, labelled, line_of, merged, restated, status_participle
from mem_graph.extract.slots import SlotCatalogue, SlotMatch
from mem_graph.extract.stance import with_stances
from mem_graph.extract.states import STATE_VERBS, state_fact
from mem_graph.extract.successor import successor_facts
from mem_graph.extract.target import (
    REPLACING,
    called_name,
    clause_target,
    course_not_tool,
    replacement_match,
    speaker_as_object,
    switched_to_replaces,
)
from mem_graph.extract.tense import fact_tense
from mem_graph.extract.turn_passes import across_the_turn
from mem_graph.extract.whole_events import whole_event
from mem_graph.extract.work_mode import work_mode_facts
from mem_graph.types import EntityRef, Fact, Message, Triple, normalise_entity

SPEAKER = "User"
_NOW = frozenset({"anymore", "any more", "no longer", "these days", "nowadays", "now"})  # "not religious anymore"
_PROTOTYPES: ContextVar[bool] = ContextVar("mem_graph_rule_prototypes", default=True)


class RuleExtractor:
    """Deterministic facts from user messages; ``speaker`` names the "I" (default "User").

    ``embedder`` (optional) enables the nearest-prototype slot fallback; ``slots`` extends or
    overrides the default catalogue (``extraction.slots``).
    """

    name = "rules"

    def __init__(self, nlp: Any = None, parsed_cache: int = 256, embedder: Any = None,
                 slots: Iterable[Any] = ()):
        self._nlp = nlp
        # extract() then analyse() on one turn (a partly read turn is also kept verbatim): parsed once, kept
        self._parsed: OrderedDict[str, Any] = OrderedDict()
        self._parsed_max, self._parsed_lock = parsed_cache, threading.Lock()
        self._context_memo = ContextMemo()  # the context read again on every add, remembered
        self.embedder = embedder
        self.catalogue = SlotCatalogue(slots)

    @property
    def nlp(self) -> Any:
        if self._nlp is None:
            self._nlp = get_nlp()
        return self._nlp

    # -- public -----------------------------------------------------------
    def extract(self, messages: list[Message], context: list[Message] | None = None) -> list[list[Fact]]:
        """Facts per message (same order); chit-chat, questions and requests yield none. ``context``:
        earlier messages of the scope, read only to resolve who "he" or "my brother" is."""
        ctxs: dict[str, Context] = {}
        said = [m.content for m in [*(context or []), *messages]]
        people = kin_names(said)  # "my sister ines": a name chat wrote lower-case, capitalised wherever used
        if context:
            for doc, m in zip(self._docs([recased(m.content, {}, people) for m in context]),
                              context, strict=True):
                self._context_memo.read(doc, m, m.name or SPEAKER, ctxs, self._facts, _PROTOTYPES.get())
        last = {m.name: m.content for m in context or []}  # "and Dutch now" goes on with the speaker's last line
        # "my husband Luis" ... "luis started a new job": names the conversation wrote capitalised
        names, texts = proper_names(said), []
        for m in messages:
            texts.append(recased(continued(last.get(m.name), m.content), names, people))
            last[m.name] = m.content
        return [self._facts(doc, m, ctxs) for doc, m in zip(self._docs(texts), messages, strict=True)]

    def analyse(self, messages: list[Message]) -> list[tuple[list[EntityRef], list[Triple]]]:
        """Entities and triples per message, for verbatim (infer=False) memories."""
        out = []
        ctxs: dict[str, Context] = {}
        # a verbatim turn needs only its entities and relations: the embedded-prototype slot fallback (a model
        # pass per clause, ~27 % of an infer=False add) only matters for facts that get reconciled
        token = _PROTOTYPES.set(False)
        try:
            parsed = [(doc, m, self._facts(doc, m, ctxs))
                      for doc, m in zip(self._docs([m.content for m in messages]), messages, strict=True)]
        finally:
            _PROTOTYPES.reset(token)
        for doc, m, facts in parsed:
            entities = {e.key: e for f in facts for e in f.entities if e.name != (m.name or SPEAKER)}
            for ent in doc_entities(doc):
                entities.setdefault(ent.key, ent)
            out.append((list(entities.values()), [t for f in facts for t in f.triples]))
        return out

    # -- internals --------------------------------------------------------
    def _docs(self, texts: list[str]) -> list[Any]:
        # chat is often lower-case ("my son Theo studies at...", "i live in..."): the small parser reads
        # a capitalised sentence start and "I" far better
        marked = [normalise_marked(t) for t in texts]
        keys = [f"{t}\0{sorted(offsets)}" for t, offsets in marked]  # the same words may differ in implied "I"s
        with self._parsed_lock:
            known = {k: self._parsed[k] for k in keys if k in self._parsed}
        todo = list(dict.fromkeys((k, t, o) for k, (t, o) in zip(keys, marked, strict=True) if k not in known))
        fresh = dict(zip([k for k, _, _ in todo], self.nlp.pipe([t for _, t, _ in todo], batch_size=64),
                         strict=True)) if todo else {}
        for (key, _, offsets) in todo:
            fresh[key].user_data[IMPLIED_SUBJECTS] = offsets  # read by clause_subject
        with self._parsed_lock:
            for key, doc in fresh.items():
                self._parsed[key] = doc
            while len(self._parsed) > self._parsed_max:
                self._parsed.popitem(last=False)
        return [known[k] if k in known else fresh[k] for k in keys]  # an empty Doc is falsy

    def _facts(self, doc: Any, message: Message, ctxs: dict[str, Context]) -> list[Fact]:
        if is_chitchat(message.content):
            return []
        speaker = message.name or SPEAKER
        ctx = ctxs.setdefault(speaker, Context(speaker))
        facts: list[Fact] = []
        ended_before: tuple[str, list[Fact]] | None = None  # the last sentence, when it ended a value
        whole = doc.text  # a Doc's (and a Span's) text is rebuilt from its tokens on every access

        def read(said: str) -> list[Fact]:  # a plain clause read in the speaker's stead
            parsed = self._docs([said])[0]
            return [f for v in clause_verbs(parsed[:]) for f in self._clause_facts(v, ctx, message, True)]
        for sent in doc.sents:
            line = sent.text
            if is_question_or_request(line) or is_chitchat(line) or is_small_talk(line):
                facts += owned_models(sent, ctx, message, [], question=True)  # "what oil ... in my Subaru?"
                facts += kin_in_request(sent, ctx, message)  # "a message to my sister Hannah?": who Hannah is
                note_pets(sent, ctx)
                note_people(sent, ctx)  # "... my sister Hannah? She lives in Edinburgh"
                note_asked_about(sent, ctx)  # "a good gift for my wife? she's a nurse": the wife
                # "as a nurse, is this ok?"; "a present for Dev, he's into bouldering" (Dev noted just above)
                facts += [f for said in asked_as(line) for f in read(said) if f.slot]
                continue  # a question, a request, small talk or a passing mood: never a fact (but the above)
            named_before = ctx.last_person
            found = [f for verb in clause_verbs(sent) for f in self._clause_facts(verb, ctx, message)]
            lead_in = SUBJECTLESS_LEAD.match(line)
            if not found and (lead_in or adjective_fragment(line, self.catalogue.adjectives)):
                # "not vegan anymore tbh", "kind of tired of sourdough now": the speaker, unsaid
                said = line[lead_in.end("lead") if lead_in else 0:].strip()
                found = read(f"I'm {said[:1].lower()}{said[1:]}")
            dating = someone_named(whole[sent.start_char:], len(line), speaker, message) or \
                partner_named_after(found, whole[sent.start_char:], len(line), message)
            if dating is not None and not any(f.slot == dating.slot and f.object_key not in UNNAMED_PARTNER
                                              and not f.negated for f in found):
                # "seeing someone, her name…", "got a gf! her name…", "we split up but im seeing someone new, her…"
                found = [f for f in found if f.object_key not in UNNAMED_PARTNER] + [dating]
            if (named := others_pet_named_after(found, whole[sent.start_char:], speaker, message)) is not None:
                found.append(named)  # "my friend jess got a puppy, she named him waffles"
            had = no_more(line) if not any(f.negated and f.slot for f in found) else None
            if had is not None:  # "sold it. no car anymore": "I don't have a car anymore"
                found += [f for f in read(had) if owned_slot(f)]
            # "new job at Accenture is going great", "32 as of last tuesday", "my son Greg in Toronto says ..."
            if said := restated(line_of(sent)) + kin_place_clauses(sent):
                found = merged([f for s in said for f in read(s)], found)
            found += pet_name_facts(sent, ctx, message, found)  # "we called the kitten mochi"
            found = work_mode_facts(line, speaker, message, found)  # "back in the office 5 days a week now"
            found += device_facts(sent, ctx, self.catalogue, message, found)  # "typing this on my iPhone 12"
            found += pet_mention_facts(sent, ctx, message, found)  # "my dog Biscuit is so spoiled"
            found += partner_facts(sent, ctx, message, found)  # "Alex (my partner)", "ryan and his gf chloe"
            found += kin_named(sent, ctx, message, found)  # "I can bring my daughter Joy from Cebu"
            found += home_place_facts(sent, ctx, message, found)  # "my flat in Leeds is tiny lol"
            found = children_facts(sent, ctx, message, found)  # "i have two kids, maisie (9) and theo (6)"
            found += realised_plans(sent, ctx, message, self._clause_facts, found)  # "moving to X in feb" .. "moved!"
            found += next((got for v, s in pointed_at(whole[:sent.start_char], line)  # "best ramen? its my fave"
                           if (got := [f for f in kept(read(s), found) if v.lower() in f.text.lower()])), [])
            if not found and ended_before:  # "cut out coffee. tea instead": the successor in a sentence of its own
                found = successor_facts(f"{ended_before[0]}, {line}", ended_before[1], speaker, read)
            found = provider_facts(line, found, read, whole)  # "we're on sky broadband", "switched broadband to BT"
            found = follow_on_facts(sent, found, speaker, read)  # "not vegan anymore, keto now", ...
            ended_before = (line, found) if any(f.negated or f.polarity < 0 for f in found) else None
            found = [f for f in found if f.slot or not said_in_passing(f.text, speaker)]
            note_one_more(found, line)  # "brought home a second one, the kids named her Dusty": Rex stays
            facts.extend(with_stances(found, line, speaker, message,  # "can't stand jazz anymore"
                                      before=whole[:sent.start_char]))
            mention_people(found, speaker)  # "my brother smokes ... he quit": a habit's subject is who "he" is
            note_employers(ctx, found)
            note_pets(sent, ctx, found)  # first: a pet's name is no person for a following "he"
            note_people(sent, ctx)
            subjects = [f.subject_key for f in facts if f.subject_key and f.metadata.get("_person")]
            if ctx.last_person == named_before and subjects:
                ctx.last_person = facts[-1].metadata.get("_person") or ctx.last_person
        placed = {f.slot for f in facts if f.slot}  # "new favourite food: tacos", "my job? nurse."
        facts += [f for said in labelled(whole, placed, message.content) for v in clause_verbs(self._docs([said])[0][:])
                  for f in self._clause_facts(v, ctx, message, True) if f.slot and f.slot not in placed]
        for f in (facts := without_unsaid(facts)):
            f.metadata.pop("_person", None)
        partners = {owner: name for (owner, kin), name in ctx.kin_names.items() if kin in PARTNER_NOUNS}
        across_the_turn(facts, partners, message.content)  # "there", replacements, a couple's status, "still"
        note_partner(ctx, facts)  # "my rishta with Hamza is finalized" ... "nikah done!!!": married to Hamza
        return sorted(facts, key=lambda f: f.rule == DIED)  # a death last: it ends the pet's name said in its turn

    def _clause_facts(self, verb: Any, ctx: Context, message: Message, slot_only: bool = False) -> list[Fact]:
        if time_frame(verb) is not None:  # "since I was 19" dates the clause above (read_cues notes it there)
            return []
        # "maya thinks [i should've stayed at the bank]": her view, said in her fact; "..., is neovim worth learning":
        if reported(verb) or asked_without_mark(verb):  # a question, whatever its punctuation
            return []
        if said := whole_event(verb, ctx, self.catalogue, message):  # "biscuit passed away", "the Golf finally
            return [said]  # died" (it ends), "Yvonne and I live together" (no object: no other reader keeps it)
        subject, subj_tok = clause_subject(verb, ctx)
        if subject is None:  # "... they broke up": the person just named and their partner
            subject = couple_subject(verb, subj_tok, ctx)
        if subject is None and verb.lemma_.lower() == "rename" and subj_tok is not None:
            # "the kids renamed the hamster to X": the name belongs to the hamster, whoever renamed it
            subject = Subject(span_text(list(subj_tok.subtree)), type="person", tokens={subj_tok.i})
        if subject is None and verb.lemma_.lower() == "be" and subj_tok is not None and subj_tok.lower_ == "it":
            # "it's a Ford Puma, not a Fiesta": "it" is the speaker's car or phone when the value says so
            attr = next((c for c in verb.children if c.dep_ == "attr"), None)
            spec = self.catalogue.value_slot(compound_span(attr)) if attr is not None else None
            if spec is not None and spec.name in ("car", "phone", "computer"):
                subject = Subject(ctx.speaker, is_speaker=True, attribute=spec.name, owner=ctx.speaker,
                                  entities=[EntityRef(ctx.speaker, "person")], tokens={subj_tok.i})
        if subject is None:
            return []
        target = content_verb(verb)
        cues = read_cues(verb, target)
        realise(cues)  # re-read as now: a plan a later turn says came true (plans.py)
        pred = predicate(verb, target)
        remember_plan(ctx, verb, cues, bool(pred.objects))
        if owned_thing_on_speaker(pred.lemma, subj_tok, pred.objects):  # "my knees hate me": a figure of speech
            return []
        speaker = ctx.speaker
        objects = pred.objects
        absolute = absolute_fact(self.catalogue, verb, pred, subject, subj_tok, objects, cues, ctx, message)
        if absolute is not None:  # "I don't drink anymore", "quit smoking", "we aren't together anymore"
            return [absolute]
        if subject.type == "person" and not cues.negated and job_lost(verb):  # "got laid off from tesco"
            return [bare_fact(verb, replace(pred, lemma="retire"), subject, subj_tok, cues, ctx, message)]
        if (left_work(verb, pred.lemma, objects, subject.is_speaker) or pred.lemma in SEPARATION | HABIT_VERBS) and \
                subject.type == "person" and (pred.lemma != "break" or any(c.lower_ == "up" for c in verb.children)) \
                and not (pred.lemma in SEPARATION and getattr(pred.dobj, "pos_", "") == "NOUN"):  # "split the bill"
            return [bare_fact(verb, pred, subject, subj_tok, cues, ctx, message)]
        if pred.lemma in STATE_VERBS and (state := state_fact(self.catalogue, verb, pred, subject, subj_tok, cues,
                                                              speaker, message)) is not None:
            return [state]  # "I'm freelancing now", "I bike everywhere now"
        if (act := activity_fact(self.catalogue, verb, pred, subject, subj_tok, cues, speaker, message)) is not None:
            return [act]  # "I swim twice a week"
        if not objects and subject.attribute and pred.target.tag_ == "VBG" and any(
                c.lemma_ == "be" for c in pred.target.children if c.dep_ == "aux"):
            # "My hobbies are climbing and photography" (read as a progressive verb)
            objects = pred.objects = [pred.target, *(c for c in pred.target.children if c.dep_ == "conj")]
            pred.lemma = "be"
        if (subject.type == "person" or getattr(subj_tok, "lower_", "") == "we") and status_participle(pred) and \
                not two_named(subj_tok):  # "Kate and I got engaged": the couple, named (partner_mentions.py)
            objects = pred.objects = [pred.target]
            pred.lemma = "be"
        if not objects and subject.triples and subject.type == "person" and cues.tense != "plan" and \
                subject.triples[-1].relation in PARTNER_NOUNS:
            return [kin_fact(verb, subject, subj_tok, cues, ctx, message)]
        if not objects:
            return []
        facts = []
        named = called_name(objects[0])
        if named is not None and self.catalogue.value_slot(compound_span(objects[0])) is None:
            # "joined a tiny startup called fernly": the name is the value (a cat called Tiza stays a cat)
            objects = pred.objects = [named, *objects[1:]]
        first = recognise(self.catalogue, pred, subject, objects[0], ctx.speaker)
        first = placing_object(self.catalogue, pred, subject, ctx.speaker, first)  # ("work in London as a nurse")
        objects = pred.objects
        if first is not None and first.spec.cardinality == "multi" and first.spec.values and \
                pred.lemma not in REPLACING and not {"from", "to"} <= pred.preps.keys():  # nor "from X to Y"
            # "dropped Angular for React" lists no two current values
            # "I speak Italian, Portuguese, a bit of Greek and Dutch": every value word of the slot in the
            # clause is an object, however the list was parsed (not what a name is: "Rufus, a springer spaniel")
            listed = [t for t in pred.target.subtree if t.i > pred.target.i and t.lower_ in first.spec.values
                      and t.i != getattr(cues.instead_of, "i", -1)  # "Svelte instead of React": React ended
                      and t.i != getattr(replacement_tail(verb), "i", -1)  # "no coffee anymore, tea only"
                      and not (t.left_edge.i > 0 and contrast_not(t.doc[t.left_edge.i - 1]))  # "padel now, not tennis"
                      and t.left_edge.lower_ not in ("no", "not")  # "switched to tea, no more coffee"
                      and in_clause(t, pred.target) and (t.dep_ != "appos" or (  # ("a dog, a collie": one dog)
                          t.head.lower_ in first.spec.values and t.head.tag_ != "NN"))]
            if len(listed) > 1 and not {t.i for t in listed} <= {o.i for o in objects}:  # the parse missed some
                for obj in listed:
                    fact = self._object_fact(verb, pred, subject, subj_tok, obj, cues, ctx, message, listed=True)
                    if fact is not None:
                        facts.append(fact)
                return facts
        # a nested verb, or the verb under "want to", "thinking about", "started": facts only for slots
        slot_only = slot_only or verb.dep_ not in ("ROOT", *CLAUSE_DEPS) or pred.target != verb
        facts += regapped([(obj, self._object_fact(verb, pred, subject, subj_tok, obj, cues, ctx, message,
                                                    slot_only=slot_only)) for obj in objects], object_text)
        tail = replacement_tail(verb) if facts and cues.negated and pred.lemma not in CESSATION else None
        if tail is not None:  # "i don't drink coffee anymore, tea only": tea is what the speaker drinks now
            now = self._object_fact(verb, pred, subject, subj_tok, tail, replace(cues, negated=False), ctx, message)
            if now is not None and not now.negated:
                add_replacement(facts, now, subject.name, third_person(pred.lemma), tail)
        intro = partner_intro(subject, ctx, message) if facts and subject.is_speaker else None
        if intro is not None and not any(f.slot == intro.slot for f in facts):
            facts.append(intro)
        return facts

    def _object_fact(self, verb: Any, pred: Predicate, subject: Subject, subj_tok: Any, obj: Any, cues: Any,
                     ctx: Context, message: Message, listed: bool = False, slot_only: bool = False) -> Fact | None:
        speaker = ctx.speaker
        # step 1: what the object stands for ("moved from X to Y": Y, replacing X; "named our puppy Max")
        target = clause_target(self.catalogue, pred, subject, obj, ctx)
        obj, slot_subject, replaces, m0 = target.obj, target.slot_subject, target.replaces, target.forced
        phrase = ""
        embedder = self.embedder if _PROTOTYPES.get() else None
        if embedder is not None and pred.lemma not in ("be",):
            phrase = " ".join(t.text for t in clause_tokens(pred.target, []) if t.dep_ not in ("nsubj", "nsubjpass")
                              and t.i >= pred.target.i)
        purpose = pred.preps.get("for")
        if subject.is_speaker and purpose is not None and purpose.pos_ == "NOUN" and any(
                c.lower_ in ("our", "my") for c in purpose.children) and pred.lemma in ("use", "run") and (
                (spec := self.catalogue.value_slot(compound_span(obj))) is not None and spec.subjects == "thing"):
            # "we use mongo for our main service": the service's database, as "the service runs on mongo"
            thing = span_text([t for t in compound_span(purpose) if t.lower_ not in ("our", "my")])
            slot_subject = Subject(thing, type="generic", entities=[EntityRef(thing, "thing")])
        # step 2: the slot it fills, with its evidence
        m = recognise(self.catalogue, pred, slot_subject, obj, speaker, embedder, phrase, cues.change)
        m = moved_jobs(m, pred, ctx, self.catalogue)  # "moved from Barclays to Monzo" (Barclays: an employer)
        if m is None:
            m = speaker_as_object(self.catalogue, pred, subject, obj, ctx.speaker)
        m = m0 or m
        if m is not None and "," in m.object and (value := next((t for t in (obj, *obj.children) if t.lower_ in
                                                                  m.spec.values), None)) is not None:
            m.object = value.text  # one value of a list ("Italian, Portuguese"), not its aside ("ozempic, weekly ...")
        if m is not None and cues.instead_of is not None:  # "I drink tea instead of coffee": coffee ends
            replaces.append(normalise_entity(object_text(cues.instead_of)))
        if m is not None and replaces:
            m.replaces = replaces
        if m is not None and m.spec.name == "tools" and course_not_tool(self.catalogue, replaces, obj):
            m = None  # "switched from nursing to paramedicine": no tool, the old value's kind (below)
        if m is None and replaces and not replaces[0].endswith("name"):  # "changed the dog's name to X": pet_names
            m = replacement_match(self.catalogue, pred, subject, slot_subject, obj, replaces, cues.negated)
        # step 3: polarity, and whether the fact is kept at all
        negated = cues.negated or (m is not None and m.polarity == 0)
        clears = negated and m is not None and m.single and (obj.lemma_.lower() in m.spec.nouns or (  # "sold my car"
            m.spec.name == "employer" and obj.lemma_.lower() in HELD_POSTS) or (m.spec.name == "religion" and (
            obj.lemma_.lower() == "church" or (obj.lower_ == "religious" and bool(set(cues.words) & _NOW)))))
        if m is not None and m.single and pred.lemma in ("switch", "change") and obj.tag_ == "NNS" and \
                obj.lemma_.lower() in m.spec.nouns:
            negated = clears = True  # "Mia switched schools": the old school ends; the new one is not named
        if pred.lemma == "stand" and cues.negated:  # "I can't stand jazz"
            negated = False
            m = SlotMatch(self.catalogue.specs["stance"], slot_subject.name, object_text(obj),
                          "slot stance: \"can't stand\" lexicon", polarity=-1) if "stance" in self.catalogue.specs \
                else m
        if subject.plural and not we_are_the_speaker(m.spec.name if m is not None else None, obj.lower_):
            return None  # "we all have our paths": "we" is the speaker only for a household's or team's slot
        if m is None and (subject.implied or slot_only) and not (cues.negated and obj.pos_ in ("NOUN", "PROPN") and (
                pred.verb.lemma_.lower() in CESSATION or pred.target.lemma_.lower() in CESSATION)):
            # a clause read off a loose parse (no subject written, a nested verb, a fragment) is kept only
            # when it states a slot: narration is better kept as the verbatim turn than as guessed fragments
            return None
        if subject.type == "generic" and (m is None or (m.spec.subjects != "thing" and m.subject == subject.name)):
            # "the weather is nice": a common noun is a subject only of a thing's slot, or of one it states
            # about someone else ("podcasts have grown on me": the speaker's stance)
            return None
        obj_name = object_text(obj)
        m, identity = kin_identity(self.catalogue, verb, pred, subject, subj_tok, obj, m, ctx, message)
        if identity is not None:  # "my friend Anna's brother is Marco", "my sister is called Nadia"
            return identity
        # step 4: entities and graph edges (a negated edge is stored as not_<relation>)
        triples = list(subject.triples) + (list(slot_subject.triples) if slot_subject is not subject else [])
        entities = [*subject.entities, *([] if slot_subject is subject else slot_subject.entities)]
        if not subject.entities:
            entities.append(EntityRef(subject.name, subject.type))
        relation = m.spec.relation if m is not None else (
            "is" if pred.lemma == "be" else third_person(pred.lemma) + (f"_{pred.prep}" if pred.prep else ""))
        if m is not None and m.spec.name == "stance" and m.polarity < 0:
            relation = "dislikes"
        rel_subject = m.subject if m is not None else slot_subject.name
        rel_object = m.object if m is not None else obj_name
        # an edge for a placed fact, or an object that names a thing (not "fine", "it", "3")
        names_thing = obj.dep_ != "acomp" and obj.pos_ not in ("PRON", "ADJ") and not obj.like_num
        if cues.tense != "plan" and (m is not None or names_thing) and normalise_entity(rel_object):
            entities.append(EntityRef(rel_object, entity_type(compound_span(obj)) if obj.pos_ != "VERB" else "thing"))
            edge = f"not_{relation}" if negated else (f"maybe_{relation}" if cues.tense == "plan" else relation)
            triples.append(Triple(rel_subject, edge, rel_object))
        if m is not None and cues.tense != "plan" and not negated and (
                second := second_attribute(m, pred, obj)) is not None:
            triples.append(second)  # "I work at Google as an engineer": one clause, two attributes (jobs.py)
        polarity = m.polarity if m is not None and m.polarity else 1
        # step 5: the fact's text
        siblings = [o for o in pred.objects if o != obj and (o.dep_ == "conj" or obj.dep_ == "conj")]
        text = render(verb, subject, speaker, exclude=siblings, subject_token=subj_tok)
        if m is not None and m.replaces and not negated and (plain := replacement_text(m)):
            text = plain  # "traded the Honda in for a Subaru", "moved from Denver to Austin": the new value
        text = gapped_text(obj, pred.target, subject.name, third_person(pred.lemma)) or text
        if listed:  # one value of a list the parse tangled: a short sentence of its own
            text, obj_name = listed_value_text(verb, pred.lemma, subject, obj, cues.negated), obj.text
        single = m is not None and m.single
        if m is not None and m.spec.name == "name" and slot_subject is not subject and pred.dobj is not None and \
                pred.dobj.pos_ == "PRON":  # "named him pickles": the text says whose name it is
            text = f"{slot_subject.name} is named {' '.join(w[:1].upper() + w[1:] for w in m.object.split())}"
        tense = fact_tense(cues, m, pred)
        slot_key = m.key() if m is not None else None
        evidence = "; ".join(x for x in [m.evidence if m is not None else "", subject.evidence,
                                         f"cues: {', '.join(cues.words)}" if cues.words else ""] if x)
        object_key = normalise_entity(m.object if m is not None else obj_name) or obj.lemma_.lower()
        if m is not None and m.spec.name == "partner" and m.subject != slot_subject.name:
            subj_key = normalise_entity(m.subject)
        else:
            subj_key = normalise_entity(m.subject if m is not None else slot_subject.name)
        rule = f"rules.clause:{m.spec.name if m else relation}{'.single' if single else ''}" \
               f"{'.neg' if negated else ''}{'.' + tense if tense != 'present' else ''}"
        meta = dict(message.metadata)
        if subject.type == "person" and not subject.is_speaker:
            meta["_person"] = subject.name
        return Fact(
            text=text, entities=dedupe_entities(entities), triples=dedupe_triples(triples),
            # a negated single value ("I don't live in Paris anymore") ends a value without being one
            slot=slot_key if (m is not None and tense != "plan" and (clears or not (negated and m.single))) else None,
            subject_key=subj_key, object_key=object_key, negated=negated, polarity=polarity,
            single_valued=single and tense == "present" and not negated, rule=rule,
            message_ids=[message.id] if message.id else [], timestamp=message.timestamp, metadata=meta,
            tense=tense, evidence=evidence, replaces=m.replaces if m is not None else [],
            replaces_others=bool((cues.instead or switched_to_replaces(pred, m)) and m is not None and not m.single
                                 and cues.instead_of is None and tense == "present" and not negated),
            clears_slot=clears,
        )
