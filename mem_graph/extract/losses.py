"""A pet that died or went to a new home: "my hamster died", "biscuit passed away last week", "we had to put luna
down", "we lost rex", "we rehomed milo".

The fact says the pet is gone ("User's cat Biscuit passed away") and is stored negated in the pet's slot
(``user|pets|cat``), so the reconciler's negation rule ends "User has got a cat called biscuit". A pet named
earlier in the scope ("a cat called biscuit", "my dog rex", "named the hamster peanut") is remembered by name in
the add()'s Context, so its name alone says which pet it was. Someone else's pet ("her dog died") and people
("my grandad passed away") end no pet. The speaker's partner who died ("my husband passed away in march", "we lost
Geoff in March" once Geoff is named as the husband) ends the partner slot instead (``_lost_partner``).
"""

from __future__ import annotations

import re
from typing import Any

from mem_graph.extract.clauses import Context
from mem_graph.extract.deaths import lost_relative, when_said
from mem_graph.extract.kin_words import KIN, PARTNER_NOUNS, PET_NOUNS, PET_SPECIES
from mem_graph.extract.lexicon import stop_words
from mem_graph.types import EntityRef, Fact, MemoryRecord, Message, Triple, normalise_entity

_PET_ALT = "|".join(sorted(PET_NOUNS | {f"{p}s" for p in PET_NOUNS} | {"puppies", "bunnies"}, key=len, reverse=True))
# "a cat called biscuit", "my dog rex", "our hamster, peanut", "named the hamster peanut"
_NAMED_PET = re.compile(rf"\b(?:(?P<kind>{_PET_ALT}),?\s+(?:(?:is\s+)?(?:called|named)\s+)?(?P<name>[A-Za-z][a-z]+)"
                        rf"|(?:named|called)\s+(?:the|our|my)\s+(?P<kind2>{_PET_ALT})\s+(?P<name2>[A-Za-z][a-z]+)"
                        rf"|(?P<kind3>{_PET_ALT})\s*'s\s+name\s+is\s+(?P<name3>[A-Za-z][a-z]+))\b",
                        re.I)  # (the last: "my dog's name is milo")
_NOT_NAMES = frozenset({"and", "is", "was", "who", "that", "which", "but", "food", "sitter", "walker", "bed", "hair",
                        "lol", "haha", "too", "though", "now", "today", "yesterday", "named", "called", "has", "had",
                        "died", "passed", "got", "the", "a", "an", "in", "at", "on", "with", "for", "of", "to"})
_MY = frozenset({"my", "our"})
DIED = "rules.clause:pets.died"
_AND_NAME = re.compile(r",?\s+(?:and|&)\s+([A-Z][a-z]+)\b")


def named_pets(text: str) -> dict[str, str]:
    """The pets ``text`` names, by name ("a cat called biscuit" -> biscuit: cat; "two cats, Pepe and Olivia";
    "my dog's name is Milo")."""
    found: dict[str, str] = {}
    for m in _NAMED_PET.finditer(text):
        kind, name = next((m[f"kind{n}"], m[f"name{n}"]) for n in ("", "2", "3") if m[f"kind{n}"])
        if name.lower() in _NOT_NAMES or name.lower() in stop_words():  # "a cat, she's a tabby": no name
            continue
        kind = kind.lower()
        kind = {"puppies": "puppy", "bunnies": "bunny"}.get(kind, kind[:-1] if kind.endswith("s") else kind)
        found[name.lower()] = kind
        if (more := _AND_NAME.match(text, m.end())) is not None and more[1].lower() not in _NOT_NAMES | stop_words():
            found[more[1].lower()] = kind
    return found


def note_pets(sent: Any, ctx: Context, found: list[Fact] | None = None) -> None:
    """Remember the pets ``sent`` names, and those its facts name ("the shelter named him Turbo": "User's dog is
    named Turbo"), for a later "biscuit died" or "Turbo was NOT working, we've renamed him Duvet"."""
    ctx.pet_kinds.update(named_pets(sent.text))
    for f in found or []:
        kind = (f.subject_key or "").rpartition("'s ")[2]
        if f.slot and f.slot.endswith("|name") and kind in PET_NOUNS | set(PET_SPECIES.values()) and f.object_key:
            ctx.pet_kinds[f.object_key] = kind


_WHEN_GONE = re.compile(r"^\s*(?:last night|yesterday|this morning|peacefully|in (?:her|his|my) sleep|on (?:mon|tues|"
                        r"wednes|thurs|fri|satur|sun)day|over the weekend|at the weekend|last week)\b", re.I)


def _ended(verb: Any) -> tuple[Any, str] | None:
    """The token that names who is gone and the words for it, when ``verb`` says a death."""
    lemma = verb.lemma_.lower()
    parts = {c.lower_ for c in verb.children if c.dep_ in ("prt", "advmod", "prep")}
    # the subject nearest the verb ("sad news, mochi passed away": mochi, not news)
    subj = next((c for c in reversed(list(verb.lefts)) if c.dep_ in ("nsubj", "nsubjpass")), None) or next(
        (c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    dobj = next((c for c in verb.children if c.dep_ == "dobj"), None)
    if lemma == "die" and subj is not None:
        return subj, "died"
    if lemma == "pass" and subj is not None and (parts & {"away", "on"} or (dobj is None and _WHEN_GONE.search(
            verb.doc[verb.i + 1: verb.i + 4].text))):  # ("sunny passed last night"; not "passed her exam")
        return subj, "passed away"
    if lemma == "put" and ("down" in parts or _to_sleep(verb)):
        # "we had to put luna down", "put Bess to sleep"; passive: "Bramble was put down", "our spaniel had to be
        # put to sleep" (the subject is the one of "had")
        passive = [c for c in (*verb.children, *(verb.head.children if verb.dep_ == "xcomp" else ()))
                   if c.dep_ in ("nsubjpass", "nsubj") and c.i < verb.i] if dobj is None else []
        who = dobj or next((c for c in passive if c.lemma_.lower() in PET_NOUNS), passive[-1] if passive else None)
        if who is not None:
            return who, "was put down"
    if lemma == "lose" and dobj is not None:
        return dobj, "died"  # "we lost rex last week" (a pet: the thing lost is checked below)
    if dobj is not None and (lemma in ("rehome", "re-home") or (lemma == "give" and "away" in parts)):
        return dobj, "was rehomed"  # "we rehomed milo, the allergies were too much", "gave the rabbits away"
    if lemma == "go" and subj is not None and any(c.lemma_.lower() == "live" and c.dep_ in ("xcomp", "advcl") and any(
            p.lower_ == "with" for p in c.children) for c in verb.children):
        return subj, "was rehomed"  # "pixel's gone to live with my aunt" (a pet: checked below)
    vehicle = any(g.lemma_.lower() in ("car", "van", "bus", "lorry", "truck", "train", "tractor", "motorbike")
                  for c in verb.children if c.dep_ == "agent" for g in c.children)
    if subj is not None and ((lemma == "hit" and vehicle) or (lemma == "run" and "over" in parts and subj.dep_ ==
                                                               "nsubjpass") or (lemma == "kill" and subj.dep_ ==
                                                                                 "nsubjpass")):
        return subj, "was hit by a car" if lemma == "hit" else "was run over" if lemma == "run" else "was killed"
        # ("luna was hit by a car", "rex got run over": a pet, checked below)
    if subj is not None and ((lemma == "go" and any(c.lower_ == "missing" for c in verb.children)) or lemma in (
            "disappear", "vanish") or (
            lemma == "run" and "away" in parts)):
        return subj, "went missing"  # "ginger went missing in october", "the cat ran away" (a pet: checked below)
    negated = any(c.dep_ == "neg" for c in verb.children)
    if lemma == "have" and dobj is not None and (negated or "longer" in {t.lower_ for t in verb.subtree}) and any(
            t.lower_ in ("anymore", "longer") or (t.lower_ == "more" and t.nbor(-1).lower_ == "any")
            for t in verb.subtree if t.i > 0):
        return dobj, "is gone"  # "we don't have Luna anymore" (a pet: checked below; not "no car anymore")
    made_it = lemma == "make" and dobj is not None and dobj.lower_ == "it" and not parts & {"to", "home", "back", "in"}
    if subj is not None and negated and ((lemma == "wake" and "up" in parts) or made_it):
        # "biscuit didn't wake up this morning", "pepper didn't make it through the night" (not "to the vet")
        return subj, "died"
    over = next((g for p in verb.children if p.dep_ == "prep" and p.lower_ in ("over", "across") for g in p.children
                 if g.dep_ == "pobj"), None) if lemma in ("go", "cross", "pass") else None
    if subj is not None and ((lemma == "cross" and dobj is not None and dobj.lower_ == "bridge") or (
            over is not None and over.lower_ == "bridge" and any(c.lower_ == "rainbow" for c in over.children))):
        return subj, "died"  # "crossed the rainbow bridge", "went over the rainbow bridge"
    goodbye = next((g for p in verb.children if p.dep_ == "prep" and p.lower_ == "to" for g in p.children
                    if g.dep_ == "pobj"), None) if dobj is not None and dobj.lower_ == "goodbye" else None
    at_the_vet = verb.dep_ == "xcomp" or any(t.lemma_.lower() == "vet" for t in verb.doc)
    if lemma == "say" and goodbye is not None and at_the_vet:
        return goodbye, "died"  # "had to say goodbye to biscuit today", "the vet said it was time. we said goodbye"
    go = next((c for c in verb.children if c.lemma_.lower() == "go" and c.dep_ in ("ccomp", "xcomp")), None)
    gone = next((c for c in go.children if c.dep_ == "nsubj"), dobj) if go is not None else None
    if lemma == "let" and gone is not None and at_the_vet:
        return gone, "died"  # "we had to let Poppy go on Thursday" (not "let the dog go outside")
    return None


def _name_after(who: Any) -> str | None:
    """A capitalised name right after the pet's noun that the parser hung elsewhere ("our spaniel Bramble was put
    down": two passive subjects; "let our old cat Tilly go": "Tilly" an adverb)."""
    nxt = who.doc[who.i + 1] if who.i + 1 < len(who.doc) else None
    if nxt is None or not nxt.text[:1].isupper() or not nxt.is_alpha or nxt.lower_ in stop_words() or \
            nxt.head not in (who, who.head):
        return None
    return str(nxt.text)


def _to_sleep(verb: Any) -> bool:
    """"put ... to sleep", however the parser hangs "sleep" (a verb with "to", or the object of "to")."""
    return any(c.lower_ == "sleep" and (c.dep_ == "pobj" or any(a.lower_ == "to" for a in c.children))
               for c in (*verb.children, *(g for p in verb.children if p.lower_ == "to" for g in p.children)))


def lost_pet(verb: Any, ctx: Context, message: Message) -> Fact | None:
    """The speaker's pet that ``verb`` says died, as a negated fact in that pet's slot; None otherwise."""
    # "we had to put luna down": the verb under "had to"
    ended = next((e for v in (verb, *(c for c in verb.children if c.dep_ == "xcomp")) if (e := _ended(v))), None)
    if ended is None:
        return None
    who, words = ended
    poss = next((c for c in who.children if c.dep_ == "poss"), None)
    owner = poss.lower_ if poss is not None else None
    speaker = ctx.speaker
    kin = poss is not None and poss.lower_ in KIN and any(g.lower_ in _MY for g in poss.children)
    pet_word = next((c for c in who.children if c.dep_ == "compound" and c.lemma_.lower() in PET_NOUNS), None)
    kind, name = None, None
    if who.lemma_.lower() in PET_NOUNS and (owner in _MY or kin):  # "my hamster died", "we lost our dog"
        kind = who.lemma_.lower()
        name = next((c.text for c in who.children if c.dep_ == "appos"), None) or _name_after(who)
    elif pet_word is not None and (owner in _MY or kin):  # "my mum's dog benji died": the name as the head
        kind, name = pet_word.lemma_.lower(), who.text
    elif who.lemma_.lower() in PET_NOUNS and owner is None and who.i >= 2 and who.nbor(-1).lower_ == "the" and \
            who.nbor(-2).head == who.head and who.nbor(-2).is_alpha and who.nbor(-2).lower_ not in stop_words():
        kind, name = who.lemma_.lower(), who.nbor(-2).text  # "peanut the hamster died": the household's pet
    elif who.lower_ in ctx.pet_kinds and owner is None:  # "biscuit passed away": the pet named earlier
        kind, name = ctx.pet_kinds[who.lower_], who.text
    if kind is None:
        return _lost_partner(who, words, owner, ctx, message) or lost_relative(who, words, owner, ctx, message)
    if kin and poss is not None:  # a relative's pet: theirs ends, not the speaker's
        speaker = f"{ctx.speaker}'s {poss.lower_}"
    named = f" {name[:1].upper()}{name[1:]}" if name else ""
    text = f"{speaker}'s {kind}{named} {words}"
    key = normalise_entity(speaker)
    # a named pet is that one pet ("we lost Olivia" leaves Pepe, the other cat); an unnamed one is its kind
    pet = normalise_entity(name) if name else normalise_entity(kind)
    return Fact(
        text=text, entities=[EntityRef(speaker, "person"), EntityRef(kind, "thing"),
                             *([EntityRef(name, "animal")] if name else [])],
        triples=[Triple(speaker, "not_has_pet", name or kind)], slot=f"{key}|pets|{pet}",
        subject_key=key, object_key=pet, negated=True, rule=DIED,
        message_ids=[message.id] if message.id else [], timestamp=message.timestamp, metadata=dict(message.metadata),
        evidence=f"slot pets: the {kind}{named} {words}")


def _lost_partner(who: Any, words: str, owner: str | None, ctx: Context, message: Message) -> Fact | None:
    """"my husband passed away in march", "we lost Geoff in March" (Geoff the speaker's husband, named before): the
    partner slot ends (a negated fact that clears it), said as what happened. Never a partner who is someone
    else's ("her husband died"), nor a name that is not the speaker's partner ("we lost Jake's keys")."""
    speaker, key = ctx.speaker, normalise_entity(ctx.speaker)
    if who.lemma_.lower() in PARTNER_NOUNS and owner in _MY:
        kin = who.lower_
        name = next((c.text for c in who.children if c.dep_ == "appos"), None) or _name_after(who) or \
            ctx.kin_names.get((key, kin))
    else:
        kin = next((k for (o, k), n in ctx.kin_names.items() if o == key and k in PARTNER_NOUNS
                    and n.lower() == who.lower_), None) if owner is None and who.pos_ == "PROPN" else None
        name = who.text
    if kin is None or words not in ("died", "passed away"):
        return None
    named = f" {name[:1].upper()}{name[1:]}" if name else ""
    when = when_said(who.head)  # "in march", "last year"
    return Fact(
        text=f"{speaker}'s {kin}{named} {words}{' ' + when if when else ''}", entities=[EntityRef(speaker, "person"),
                                                          *([EntityRef(named.strip(), "person")] if name else [])],
        triples=[Triple(speaker, "not_partner", named.strip() or kin)], slot=f"{key}|partner", subject_key=key,
        object_key=normalise_entity(name) if name else None, negated=True, clears_slot=True,
        rule="rules.clause:partner.died", message_ids=[message.id] if message.id else [],
        timestamp=message.timestamp, metadata=dict(message.metadata),
        evidence=f"slot partner: the speaker's {kin}{named} {words}")


def died_pet_records(fact: Fact, records: list[MemoryRecord]) -> list[MemoryRecord]:
    """The speaker's pet facts that name the pet a death fact names ("User has a cat called biscuit" for
    "biscuit passed away", whatever the slot's key: the pet's kind or its name), the pet's name ("User's dog is
    named Rufus"), and the kind said alone ("User has a dog") when no other pet of that kind is known."""
    if fact.rule != DIED or not fact.triples or fact.object_key == normalise_entity(fact.entities[1].name):
        return []
    pet, kind, owner = fact.triples[-1].object, fact.entities[1].name.lower(), fact.subject_key or ""
    name = re.compile(rf"(?<![\w-]){re.escape(pet)}(?![\w-])", re.I)
    live = [r for r in records if r.polarity > 0 and r.slot]
    ended = [r for r in live if r.subject_key == owner and "|pets|" in (r.slot or "") and name.search(r.text)]
    if not ended and fact.entities[2:]:  # a named pet of the household's ("peanut the hamster died": the daughter's)
        ended = [r for r in live if (r.subject_key or "").startswith(f"{owner}'s ") and "|pets|" in (r.slot or "")
                 and name.search(r.text)]
    # the name slot is keyed by the pet ("user's cat|name") or, named in passing, by its name ("mochi|name")
    kinds = {kind, PET_SPECIES.get(kind, kind)}  # ("the spaniel Bramble died": "User's dog is named Bramble")
    names = [r for r in live if r.slot in {f"{owner}'s {k}|name" for k in kinds} or (
        (r.slot or "").endswith("|name") and r.subject_key in {f"{owner}'s {k}" for k in kinds})]
    ended += [r for r in names if r.object_key == normalise_entity(pet)]
    if all(r.object_key == normalise_entity(pet) for r in names):  # the only one of its kind: "User has a dog"
        plural = re.compile(rf"\b{re.escape(kind)}s\b", re.I)
        ended += [r for r in live if r.slot == f"{owner}|pets|{kind}" and not plural.search(r.text)]
    # what was said of the pet as it was, in no slot ("User's collie Bramble is 14", "Bramble is herding the
    # chickens every morning"): a present that ended with it
    ended += [r for r in records if r.polarity > 0 and not r.slot and r.layer != "episodic" and r not in ended
              and (r.subject_key or "").rpartition(" ")[2] == normalise_entity(pet)]
    return ended


_LOSS = re.compile(r"\b(?:lost|died|dies|passed(?: away| on)?|put (?:\w+ )?down|put (?:\w+ )?to sleep|rip|"
                   r"(?:didn'?t|did not) (?:wake up|make it)|rainbow bridge|say goodbye|said goodbye)\b", re.I)


def says_loss(text: str) -> bool:
    """The text says someone or something died or was lost (cheap: a regex, no parse)."""
    return _LOSS.search(text) is not None


_THE_PET = re.compile(rf"\bthe\s+(?P<kind>{_PET_ALT})\b", re.I)  # ("my dog" says whose; "the dog" leaves it open)


def needs_earlier_pets(text: str) -> bool:
    """The text says a pet died or speaks of "the dog" (cheap: regexes, no parse): the turn that named the
    speaker's pet may lie before the add()'s context."""
    return says_loss(text) or _THE_PET.search(text) is not None


def naming_earlier(text: str, earlier: list[Message]) -> list[Message]:
    """The earlier messages that named a pet the text says died ("we lost Olivia last week" -> "we've got two
    cats, Pepe and Olivia"), or the last one that named a pet of the kind the text speaks of ("the kids renamed
    the dog, he's waffles now" -> "living in leeds with my dog biscuit"), for a pet named longer ago than the
    add()'s context reaches."""
    named = [named_pets(m.content) for m in earlier]
    words = {w.lower() for w in re.findall(r"[A-Za-z]{2,}", text)} - _NOT_NAMES if says_loss(text) else set()
    kinds = {m["kind"].lower() for m in _THE_PET.finditer(text)}
    last = {kind: max((i for i, pets in enumerate(named) if kind in pets.values()), default=-1) for kind in kinds}
    return [m for i, (m, pets) in enumerate(zip(earlier, named, strict=True))
            if pets.keys() & words or i in last.values()]
