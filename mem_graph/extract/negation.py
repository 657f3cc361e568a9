"""What a negation ends beyond its own words: a kind and its members, a verb's implied object, a role's post.

- "I don't drink anymore": *drink* without an object means alcohol, so the negation is about alcohol, and
  alcohol ends "User drinks wine with dinner" (wine is a kind of alcohol). Kinds are small class lexicons.
- "quit smoking", "stopped vaping": the habit named by its gerund ends ("User smokes").
- "Tom and I aren't together anymore": a separation, like "Tom and I split up".
- A role that ends with no successor ("she retired", "I quit my job") ends the post too (the employer).
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from mem_graph.extract.bare import HABIT_VERBS, bare_fact, habit_fact
from mem_graph.extract.clauses import Context, Subject, compound_span, span_text
from mem_graph.extract.predicate import Predicate
from mem_graph.extract.render import render
from mem_graph.extract.slots import SlotCatalogue
from mem_graph.types import EntityRef, Fact, Message, Triple, normalise_entity


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


KINDS: dict[str, frozenset[str]] = {
    "alcohol": _words(
        "wine red white rosé rose beer beers ale lager stout cider whisky whiskey vodka gin rum tequila brandy "
        "cognac bourbon scotch sake champagne prosecco cocktail cocktails booze liquor spirits margaritas "
        "margarita martini mojito sangria mead malbec merlot shiraz syrah pinot rioja chardonnay sauvignon cabernet "
        "riesling chianti tempranillo grenache zinfandel port sherry negroni aperol guinness ipa bitter pint pints "
        "peroni stella heineken corona budweiser carling moretti coors carlsberg kronenbourg asahi madri amstel "
        "estrella tennent's tennents fosters foster's bud smirnoff jägermeister jager baileys pimm's pimms"),
    "meat": _words(
        "beef pork chicken lamb mutton veal bacon ham steak steaks sausage sausages burger burgers turkey duck "
        "venison salami pepperoni meatballs ribs"),
    "red meat": _words("beef pork lamb mutton veal steak steaks burger burgers venison mince"),
    "dairy": _words("milk cheese butter yogurt yoghurt cream ice-cream"),
    "fish": _words("salmon tuna cod trout sardines mackerel shrimp prawns seafood sushi"),
    "sugar": _words("sweets candy chocolate soda cake cookies desserts dessert"),
    # sports said by a kind of them: "no more football for me" ends five-a-side, "gave up climbing" bouldering
    "football": _words("five five-a-side 5-a-side futsal soccer"),
    "climbing": _words("bouldering boulder boulders climb"),
    # "cut out caffeine" ends the coffee (not tea: "herbal tea only" is often what replaces it)
    "caffeine": _words("coffee coffees espresso espressos latte lattes cappuccino cappuccinos americano americanos "
                       "mocha mochas macchiato cortado cortados redbull cola coke pepsi whites"),  # ("flat whites")
}
# kinds a stance against meets the members of ("can't stand coffee" ends "obsessed with iced oat lattes"); not
# for a negation, where "no coffee after 2pm" leaves the morning latte
STANCE_KINDS: dict[str, frozenset[str]] = {**KINDS, "coffee": _words(
    "latte lattes cappuccino cappuccinos espresso espressos americano americanos macchiato mocha mochas cortado "
    "cortados frappuccino frappuccinos")}
# a consumption verb said without its object names a kind: "I don't drink" is about alcohol
IMPLIED_OBJECTS = {"drink": "alcohol"}
# (slot a negation clears) -> slots that end with it
ENDS_TOO: dict[str, tuple[str, ...]] = {"occupation": ("employer",), "school": ("field_of_study",)}


def kind_of(member: str | None, kind: str | None, kinds: dict[str, frozenset[str]] = KINDS) -> bool:
    """``member`` (an object key, "red wine") is of the kind ``kind`` names ("alcohol")."""
    if not member or not kind or kind not in kinds:
        return False
    return any(w in kinds[kind] for w in member.replace(",", " ").split())


def ends_too(slot: str | None) -> list[str]:
    """Slots that end with ``slot`` ("dad|occupation" -> ["dad|employer"])."""
    if not slot or slot.count("|") != 1:
        return []
    subject, name = slot.split("|")
    return [f"{subject}|{other}" for other in ENDS_TOO.get(name, ())]


def habit_gerund(obj: Any) -> str | None:
    """"smoking" in "quit smoking" (read as a noun): the habit verb it names."""
    lemma = obj.lemma_.lower()
    word = obj.lower_
    if any(c.dep_ == "compound" for c in obj.children):
        return None  # "gave up energy drinks": a kind of drink, not the habit of drinking
    for habit in HABIT_VERBS | set(IMPLIED_OBJECTS):
        if lemma == habit or word in (f"{habit}ing", f"{habit[:-1]}ing"):
            return habit
    return None


def absolute_fact(cat: SlotCatalogue, verb: Any, pred: Predicate, subject: Subject, subj_tok: Any,
                  objects: list[Any], cues: Any, ctx: Context, message: Message) -> Fact | None:
    """A clause whose verb stands without its object, or whose object is only a habit's gerund: "I don't drink
    anymore", "quit smoking", "Tom and I aren't together anymore". None when the clause is something else."""
    if subject.type != "person":
        return None
    objects = [o for o in objects if o.ent_type_ not in ("DATE", "TIME")]  # "stopped drinking in january"
    habit = habit_gerund(objects[0]) if len(objects) == 1 and cues.negated else None
    if habit in HABIT_VERBS:  # "quit smoking": the habit ends
        return habit_fact(verb, replace(pred, lemma=habit), subject, subj_tok, cues, ctx, message)
    kind_verb = habit if habit in IMPLIED_OBJECTS else (pred.lemma if not objects else None)
    if kind_verb in IMPLIED_OBJECTS and not pred.preps.get("with") and cues.tense != "plan":
        slot = next((spec.name for spec in cat.verbs.get(kind_verb, []) if spec.key_by == "object"), "eats")
        return _kind_fact(verb, kind_verb, IMPLIED_OBJECTS[kind_verb], slot, subject, subj_tok, cues, ctx, message)
    if not objects and pred.lemma == "be" and cues.negated and any(
            c.lower_ == "together" for c in pred.target.children):  # "Tom and I aren't together anymore"
        return bare_fact(verb, replace(pred, lemma="separate"), subject, subj_tok, cues, ctx, message)
    if pred.lemma in ("be", "go", "become") and not cues.negated and cues.tense == "present":  # "gone teetotal"
        return _without_state(cat, verb, pred, subject, subj_tok, objects, cues, ctx, message)
    return None


# a state that is the absence of a habit or of work: "i'm sober now", "been smoke free since march", "unemployed"
_NO_WORK = frozenset({"unemployed", "jobless", "workless"})
_FREE_OF = {"smoke": "smoke", "smoking": "smoke", "nicotine": "smoke", "vape": "vape", "alcohol": "alcohol",
            "booze": "alcohol", "drink": "alcohol", "caffeine": "caffeine", "sugar": "sugar", "meat": "meat",
            "dairy": "dairy"}


def _without_state(cat: SlotCatalogue, verb: Any, pred: Predicate, subject: Subject, subj_tok: Any,
                   objects: list[Any], cues: Any, ctx: Context, message: Message) -> Fact | None:
    """"I'm unemployed now" ends the job; "I've been sober for 6 months" (or "gone teetotal") ends drinking; "smoke
    free since march" ends smoking (the habit named before "free")."""
    words = [o for o in objects if o.pos_ in ("ADJ", "NOUN", "VERB")]
    if any(o.lower_ in _NO_WORK for o in words):
        return bare_fact(verb, replace(pred, lemma="retire"), subject, subj_tok, cues, ctx, message)
    ended = replace(cues, negated=True)
    for o in words:
        kind = "alcohol" if o.lower_ in ("sober", "teetotal") else next(
            (_FREE_OF[c.lower_] for c in o.children if o.lower_ == "free" and c.lower_ in _FREE_OF), None)
        if kind is None and o.lower_.endswith("-free"):
            kind = _FREE_OF.get(o.lower_.removesuffix("-free"))
        if kind is None and o.lower_ in _FREE_OF and o.i + 1 < len(o.doc) and o.doc[o.i + 1].lower_ == "free":
            kind = _FREE_OF[o.lower_]  # "smoke free since march" (the parse makes "smoke" the complement)
        fact = None
        if kind in HABIT_VERBS:
            fact = habit_fact(verb, replace(pred, lemma=kind), subject, subj_tok, ended, ctx, message)
        elif kind == "alcohol":
            slot = next((spec.name for spec in cat.verbs.get("drink", []) if spec.key_by == "object"), "drinks")
            fact = _kind_fact(verb, "drink", "alcohol", slot, subject, subj_tok, ended, ctx, message)
        if fact is not None:  # the state says the habit ended: "no longer" (what reconcile reads as a change)
            fact.evidence += f"; {'' if 'cues:' in fact.evidence else 'cues: '}'{o.text}': no longer"
            return fact
    return None


def _kind_fact(verb: Any, lemma: str, kind: str, slot: str, subject: Subject, subj_tok: Any, cues: Any,
               ctx: Context, message: Message) -> Fact:
    relation = f"{lemma}s"
    triples = [*subject.triples, Triple(subject.name, f"not_{relation}" if cues.negated else relation, kind)]
    return Fact(
        text=render(verb, subject, ctx.speaker, subject_token=subj_tok),
        entities=[*(subject.entities or [EntityRef(subject.name, subject.type)]), EntityRef(kind, "thing")],
        triples=triples, slot=f"{subject.key}|{slot}|{kind}", subject_key=subject.key,
        object_key=normalise_entity(kind), negated=cues.negated,
        rule=f"rules.clause:{slot}.kind{'.neg' if cues.negated else ''}",
        message_ids=[message.id] if message.id else [], timestamp=message.timestamp,
        metadata=dict(message.metadata), tense=cues.tense,
        evidence=f"slot {slot}: '{lemma}' without an object means {kind}" + (
            f"; cues: {', '.join(cues.words)}" if cues.words else ""))


_INSTEAD = frozenset({"only", "just", "instead", "now"})


def replacement_tail(verb: Any) -> Any | None:
    """The replacement a negated clause names after a comma, with no verb of its own: "i don't drink coffee
    anymore, tea only", "don't eat meat anymore, just fish", "no coffee now, only tea". None when there is none
    (a bare noun after the comma without "only"/"just"/"instead" is not one)."""
    for tail in verb.children:
        if tail.dep_ not in ("dep", "appos", "npadvmod") or tail.pos_ not in ("NOUN", "PROPN") or tail.i <= verb.i:
            continue
        if not any(t.text == "," for t in verb.doc[verb.i: tail.i]):
            continue
        nxt = verb.doc[tail.i + 1] if tail.i + 1 < len(verb.doc) else None
        marks = {c.lower_ for c in tail.children if c.dep_ == "advmod"} | ({nxt.lower_} if nxt is not None else set())
        if marks & (_INSTEAD - {"now"}):
            return tail
    return None


def add_replacement(facts: list[Fact], now: Fact, subject: str, verb: str, tail: Any) -> None:
    """Add the replacement's own fact, said plainly ("User drinks tea now") and marked as the turn's change; the
    negation's text ends before it ("User doesn't drink coffee anymore", not "..., tea only")."""
    said = span_text(compound_span(tail))
    for f in facts:
        head, sep, rest = f.text.rpartition(",")
        if f.negated and sep and said.lower() in rest.lower():
            f.text = head.rstrip()
    now.text = f"{subject} {verb} {said} now"
    now.evidence += ("; cues: instead" if "cues:" not in now.evidence else ", instead") + \
        f"; replacement after a negation: '{said}'"
    facts.append(now)


def counted(key: str | None) -> str | None:
    """An object key without a leading amount or a trailing "lessons", with plural nouns singular ("4 coffees" ->
    "coffee"), so that "I don't drink coffee anymore" names what "I drink like 4 coffees a day" did."""
    if not key:
        return key
    words = key.replace(",", " ").split()
    while len(words) > 1 and (words[0].isdigit() or words[0] in _AMOUNTS):
        words = words[1:]
    if len(words) > 1 and words[-1] in ("lessons", "classes", "class", "practice", "sessions"):
        words = words[:-1]  # "does trumpet lessons on tuesdays" is what "ditched the trumpet" ends
    return " ".join(w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w for w in words)


_AMOUNTS = frozenset({"a", "an", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                      "few", "couple", "lot", "lots", "of", "some", "many", "several", "about", "like", "dozen"})


# "sold it. no car anymore", "no pets these days", "nope, no boyfriend anymore lol": a verbless "no <thing>" with
# a word saying it changed; said as "I don't have a car anymore" for the parse
_NO_MORE = re.compile(
    r"^\W*(?:(?:ok|okay|so|well|eh|meh|nah|nope|yeah|ya|yep|honestly|but|and|oh|anyway|hmm|ugh|welp|lol|haha|"
    r"update|also|sadly|tbh|ngl|and now|now)[,.!:]*\s+)*no (?:more )?(?P<thing>(?:[a-z][\w'-]* ){0,2}?[a-z][\w'-]*)"
    r"\s+(?P<when>anymore|any more|these days|nowadays|now|for me now|for now)\b", re.I)


def no_more(sentence: str) -> str | None:
    """"no car anymore" -> "I don't have a car anymore" (the speaker's, unsaid); None for anything else."""
    m = _NO_MORE.match(sentence)
    if m is None:
        return None
    thing = m.group("thing")
    article = "" if thing.lower().endswith("s") or thing.lower().split()[0] in ("more", "longer") else "a "
    return f"I don't have {article}{thing} {m.group('when')}"


def owned_slot(fact: Fact) -> bool:
    """A negated fact of a slot a thing had can end ("no car anymore": the car; not "no worries": a mere "has")."""
    return fact.negated and fact.slot is not None and fact.slot.split("|")[1:2] != ["owns"]


# what a diet excludes: "i eat meat again" ends "User is vegetarian"
DIET_EXCLUDES: dict[str, tuple[str, ...]] = {
    "vegetarian": ("meat", "fish"), "veggie": ("meat", "fish"), "vegan": ("meat", "fish", "dairy", "eggs", "egg"),
    "plant-based": ("meat", "fish", "dairy", "eggs", "egg"), "plant based": ("meat", "fish", "dairy", "eggs", "egg"),
    "pescatarian": ("meat",),
    "pescetarian": ("meat",),
    "gluten free": ("gluten", "bread", "wheat", "pasta"), "dairy free": ("dairy", "milk", "cheese"),
    "teetotal": ("alcohol", "beer", "wine"), "sober": ("alcohol", "beer", "wine"),
}
_RESUMED = re.compile(r"\b(?:again|now|started|start|back|these days|nowadays|anymore)\b", re.I)


def _excluded(diet_key: str | None) -> tuple[str, ...]:
    """What the diet an object key names excludes ("pescatarian" -> meat); () for no known diet."""
    diet = (diet_key or "").replace("-", " ")
    return next((k for d, k in DIET_EXCLUDES.items() if d.replace("-", " ") in diet), ())


def breaks_diet(fact: Fact, record: Any) -> bool:
    """``fact`` ("User eats meat again") says the subject now eats what ``record``'s diet ("User is vegetarian")
    excludes: the diet ended. Only with a word of change ("again", "now", "started"): "eats fish sometimes" may
    be a loose diet, not the end of one."""
    if not fact.slot or fact.slot.split("|")[1:2] != ["eats"] or fact.tense != "present" or fact.negated or \
            not record.slot or record.slot.split("|")[1:] != ["diet"] or not _RESUMED.search(fact.text):
        return False
    kinds = _excluded(record.object_key)
    return any(fact.object_key == k or kind_of(fact.object_key, k) for k in kinds)


# diets that are eating a kind: "i'm a total carnivore" ends when the speaker stops eating meat
DIET_NEEDS: dict[str, str] = {"carnivore": "meat", "meat eater": "meat", "meat-eater": "meat"}


def drops_diet(fact: Fact, record: Any) -> bool:
    """``fact`` ("User stopped eating meat") ends what ``record``'s diet ("User is a total carnivore") is made of."""
    if not fact.slot or fact.slot.split("|")[1:2] != ["eats"] or not fact.negated or not record.slot or \
            record.slot.split("|")[1:] != ["diet"]:
        return False
    need = next((k for d, k in DIET_NEEDS.items() if d in (record.object_key or "")), None)
    return need is not None and (fact.object_key == need or kind_of(fact.object_key, need))


def excluded_by_diet(fact: Fact, records: list[Any]) -> list[Any]:
    """The subject's current "eats" facts that a diet ``fact`` now says excludes ("User eats meat" when "i'm
    pescatarian now"): eating what one's diet rules out is no longer true."""
    if not fact.slot or fact.slot.split("|")[1:] != ["diet"] or fact.negated or fact.tense != "present":
        return []
    kinds = _excluded(fact.object_key)
    return [r for r in records if r.subject_key == fact.subject_key and r.polarity > 0 and r.slot
            and r.slot.split("|")[1:2] == ["eats"]
            and any(r.object_key == k or kind_of(r.object_key, k) for k in kinds)]


# "I don't teach on mondays", "no coffee after 2pm": a negation kept to some days or hours, no end of the value
# (days said in the plural: "retired on friday", "died at the weekend" are one day's news)
_SOME_TIMES = re.compile(r"\b(?:on|at) (?:(?:mon|tues|wednes|thurs|fri|satur|sun)days|weekends|weeknights|bank "
                         r"holidays)\b|\b(?:after|before) (?:\d+ ?(?:pm|am)|\d+:\d+)(?!\w)", re.I)
_CHANGE_SAID = re.compile(r"\b(?:anymore|any more|no longer|stopped|quit|gave up|given up|retired|left|sold|split|"
                          r"broke up|moved)\b", re.I)


def some_times_only(fact: Fact) -> bool:
    """Whether ``fact`` is a negation kept to some days or hours, said with no change ("I don't teach on mondays")."""
    return fact.negated and bool(_SOME_TIMES.search(fact.text)) and not _CHANGE_SAID.search(fact.text)

