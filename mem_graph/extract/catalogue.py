"""The default slot catalogue: what people say about themselves and others, and how many values it holds.

A slot is (subject entity, attribute). ``single`` slots hold one current value, so a new value
supersedes the old one; ``multi`` slots accumulate ("I also speak French" invalidates nothing)
but each object in them carries a polarity (``key_by="object"``): "I don't play violin anymore"
flips that one object. ``key_by="qualifier"`` keys a single value per qualifier ("favourite
colour" and "favourite band" are two slots). Users extend or override entries with
``extraction.slots`` in the config (same fields; an entry with an existing name replaces it).

Recognition cues per slot (all optional):
``verbs``       verb lemma, or lemma_preposition ("live_in", "move_to")
``nouns``       attribute nouns in "my <noun> is Y" / "<X>'s <noun> is Y"
``adjectives``  adjective (+ preposition) complements ("allergic_to", "vegetarian")
``values``      object words that identify the slot whatever the verb ("accountant", "Honda")
``prototypes``  phrases embedded once per process for the nearest-prototype fallback
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from mem_graph.extract.health import HEALTH_CONDITIONS, MEDICATIONS
from mem_graph.extract.lexicon import (
    BIKE_VALUES,
    CAR_VALUES,
    COMPUTER_VALUES,
    GYM_VALUES,
    OCCUPATIONS,
    PET_BREEDS,
    PHONE_VALUES,
    TECH,
    TECH_KINDS,
    TIMEZONES,
    TRANSPORT,
)
from mem_graph.extract.role_nouns import DRINKS

CHAT_DEV = "dev"  # chat's "junior dev", an occupation only written lower-case ("Dev" is a name: slots.value_slot)
# "lead" alone is no post ("took the lead"); these are ("i'm tech lead for the frontend team now")
LEAD_POSTS = ("tech lead", "team lead", "team leader", "engineering lead", "product lead", "design lead",
              "project lead")
# "worker" alone is no post ("a hard worker"); these are
WORKER_POSTS = ("social worker", "care worker", "support worker", "youth worker", "factory worker",
                "construction worker", "warehouse worker", "civil servant", "tour guide", "dog walker",
                "health visitor", "estate agent", "travel agent", "flight attendant", "cabin crew", "postal worker",
                "lollipop lady", "dinner lady", "lab technician", "dental nurse", "veterinary nurse", "vet nurse")
# a school's posts of several words ("got the deputy head job", "I'm the new vice principal")
SCHOOL_POSTS = ("deputy head", "deputy headteacher", "head teacher", "assistant head", "vice principal",
                "assistant principal", "deputy principal", "principal", "headmaster", "headmistress")


class SlotSpec(BaseModel):
    """One attribute of the catalogue."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    relation: str = Field(pattern=r"^[a-z][a-z0-9_]*$")  # graph edge type
    cardinality: Literal["single", "multi"]
    key_by: Literal["none", "object", "qualifier"] = "none"
    subjects: Literal["any", "person", "thing"] = "any"
    verbs: tuple[str, ...] = ()
    nouns: tuple[str, ...] = ()
    adjectives: tuple[str, ...] = ()
    values: tuple[str, ...] = ()
    prototypes: tuple[str, ...] = ()


# editors by name ("I code in Eclipse", "been on VS Code for a month"); not the ones that are common words
# ("cursor", "atom", "nano")
EDITORS = ("vs code", "visual studio code", "sublime text", "intellij idea", "eclipse", "webstorm", "xcode", "zed",
           "notepad++", "helix", "jetbrains", "android studio", "visual studio", "atom")
DIETS = [
    "vegetarian", "vegan", "pescatarian", "pescetarian", "keto", "paleo", "carnivore", "omnivore", "kosher", "halal",
    "gluten-free", "flexitarian", "plant-based", "dairy-free", "lactose-free", "low-carb", "low-fodmap", "whole30",
    "atkins", "mediterranean", "fodmap",
]
RELIGIONS = [
    "catholic", "christian", "muslim", "jewish", "buddhist", "hindu", "sikh", "atheist", "agnostic", "protestant",
    "orthodox", "mormon", "pagan", "religious",  # ("not religious anymore" ends "catholic")
    # the churches by name ("I'm a Methodist")
    "methodist", "baptist", "anglican", "quaker", "presbyterian", "lutheran", "evangelical", "pentecostal",
    "episcopalian", "adventist",
    # the faiths by name, as one converts to them ("converted to Islam")
    "islam", "christianity", "judaism", "buddhism", "hinduism", "sikhism", "catholicism", "orthodoxy",
]
REL_STATUS = ["single", "married", "divorced", "engaged", "widowed", "separated", "remarried"]
DATABASES = sorted(TECH_KINDS["database"])
LANGUAGES = [
    "english", "french", "spanish", "german", "italian", "portuguese", "dutch", "russian", "chinese", "mandarin",
    "cantonese", "japanese", "korean", "arabic", "hindi", "urdu", "bengali", "turkish", "greek", "polish", "swedish",
    "norwegian", "danish", "finnish", "hebrew", "thai", "vietnamese", "indonesian", "tagalog", "swahili", "czech",
    "hungarian", "romanian", "ukrainian", "persian", "farsi", "catalan", "irish", "welsh",
]
INSTRUMENTS = ("piano guitar violin cello drums drum bass flute saxophone sax trumpet ukulele harp clarinet "
               "keyboard banjo viola trombone")
PLAYED_SPORTS = ("tennis football soccer basketball baseball golf chess volleyball hockey badminton cricket rugby "
                 "squash poker padel pickleball netball lacrosse")  # one plays them ("I play padel now")
# sports one does, all the same a sport ("I do yoga now", "dropped weightlifting")
EXERCISES = ("yoga pilates crossfit cycling weightlifting spin zumba kickboxing judo karate taekwondo jiujitsu "
             "jiu-jitsu triathlon parkrun powerlifting bodybuilding barre hiit calisthenics aerobics aquafit "
             "spinning kitesurfing windsurfing rollerblading mma capoeira archery ballet salsa ballroom gymnastics "
             "bjj derby bowls fencing rowing curling softball dodgeball")
# (not the -ing ones: "skateboarding", "boxing" are activities said as verbs)
# (activities said as verbs, "swimming", "bouldering", are lexicon.ACTIVITY_VERBS': a new one ends an old one)
SPORTS = f"{PLAYED_SPORTS} {EXERCISES}"
SPORT_WORDS = frozenset(SPORTS.split())  # each sport or exercise word, for membership tests
PETS = ("dog cat puppy kitten hamster rabbit bunny parrot goldfish turtle horse bird ferret snake lizard gecko "
        "tortoise budgie cockatiel chinchilla gerbil axolotl iguana chameleon hedgehog pony tarantula canary " +
        " ".join(PET_BREEDS))

_S, _M = "single", "multi"

# the kinds of business a person runs; the value word of the business slot
BUSINESSES = ("bakery", "cafe", "café", "restaurant", "bistro", "pub", "shop", "boutique", "salon", "barbershop",
              "bookshop", "bookstore", "deli", "brewery", "winery", "vineyard", "farm", "gallery", "florist", "startup",
              "agency", "consultancy", "clinic", "hotel", "guesthouse", "business", "firm", "workshop", "studio",
              "food truck")
# (no "gym": the gym slot's, a membership)

# what one studies ("english lit", "computer science"; "english" alone is a language, "art" and "music" pastimes)
STUDY_SUBJECTS = ("law", "history", "maths", "math", "mathematics", "physics", "chemistry", "biology", "psychology",
                  "economics", "medicine", "nursing", "engineering", "architecture", "philosophy", "sociology",
                  "politics", "geography", "anthropology", "linguistics", "journalism", "literature", "lit", "science",
                  "statistics", "neuroscience", "biochemistry", "zoology", "ecology", "criminology", "theology",
                  "classics", "dentistry", "midwifery", "physiotherapy", "compsci", "astrophysics", "pharmacology",
                  "econ", "econs", "psych", "informatics")

DEFAULT_SLOTS: tuple[SlotSpec, ...] = (
    SlotSpec(name="residence", relation="lives_in", cardinality=_S, subjects="person",
             verbs=("live_in", "live", "reside_in", "reside", "move_to", "relocate_to", "settle_in", "settle_into",
                    "rent_in", "base_in", "stay_in", "move_back_to", "move", "relocate", "come_back_to", "return_to",
                    "move_in", "come_back_to", "move_back_to", "go_back_to", "be_back_in", "transfer_to", "flat_in",
                    "base_at", "post_to", "emigrate_to", "immigrate_to"),
             nouns=("home", "hometown", "address", "city"),
             prototypes=("lives in", "moved to a new city", "is based in", "resides in", "home is in")),
    SlotSpec(name="origin", relation="is_from", cardinality=_S, subjects="person",
             verbs=("come_from", "grow_up_in", "raise_in"), prototypes=("is from", "grew up in")),
    SlotSpec(name="birthplace", relation="born_in", cardinality=_S, subjects="person",
             verbs=("bear_in",), prototypes=("was born in",)),
    SlotSpec(name="employer", relation="works_at", cardinality=_S, subjects="person",
             verbs=("work_at", "work_for", "work_in", "join", "employ_by", "hire_by", "hire_at", "start_at", "fly_for",
                    "intern_at", "teach_at", "recruit_by", "poach_by", "headhunt_by", "drive_for", "deliver_for",
                    "consult_for", "freelance_for", "write_for", "move_to", "sign_with", "work_with",
                    "be_with", "manage"),
             nouns=("employer", "company", "workplace"),
             prototypes=("works at a company", "got hired by", "is employed by", "joined the company")),
    # a business one owns or runs ("I run a small bakery in Turin", "we opened a cafe"): "we sold the bakery"
    # ends it (an ending verb with the value word); multi-valued, one per business
    SlotSpec(name="business", relation="runs", cardinality=_M, key_by="object", subjects="person",
             verbs=("run", "own", "open", "start", "found", "manage", "set_up", "launch"), values=BUSINESSES,
             prototypes=("runs a small business", "owns a cafe")),
    SlotSpec(name="occupation", relation="works_as", cardinality=_S, subjects="person",
             verbs=("work_as", "do_as", "work_in", "teach", "become", "retrain_as", "train_as", "qualify_as",
                    "start_as", "employ_as", "hire_as", "serve_as", "promote_to", "go_into", "move_into", "earn_as"),
             nouns=("job", "occupation", "profession", "career", "role", "title"),
             values=(*OCCUPATIONS, CHAT_DEV, *LEAD_POSTS, *WORKER_POSTS, *SCHOOL_POSTS),
             prototypes=("works as a", "is a teacher", "job is in nursing", "teaches at a school",
                         "is a software engineer", "earns a living as",
                         "pays the bills as a")),
    SlotSpec(name="school", relation="studies_at", cardinality=_S, subjects="person",
             verbs=("study_at", "attend", "go_to", "move_to", "change_to", "enrol_in", "enroll_in", "enrol_at",
                    "enroll_at", "transfer_to",
                    "switch_to", "start_at", "be_at", "graduate_from", "join", "get_into", "finish_at"),
             nouns=("school", "university", "college", "uni"),
             prototypes=("goes to school at", "is a student at", "attends the university", "studies at")),
    # "doing english lit", "switching to law", "reads history at Oxford": with these verbs only a subject's name
    SlotSpec(name="field_of_study", relation="studies", cardinality=_S, subjects="person",
             verbs=("study", "major_in", "do", "read", "switch_to", "change_to"),
             nouns=("major", "degree", "subject", "course"),
             values=STUDY_SUBJECTS,
             prototypes=("is studying biology", "majors in")),
    SlotSpec(name="age", relation="age", cardinality=_S, subjects="person", verbs=("turn",), nouns=("age",),
             prototypes=("is 30 years old", "just turned 40")),
    SlotSpec(name="birthday", relation="birthday", cardinality=_S, nouns=("birthday",), verbs=("bear_on",),
             prototypes=("birthday is on",)),
    SlotSpec(name="partner", relation="partner", cardinality=_S, subjects="person",
             verbs=("marry", "date", "be_with", "engage_to", "marry_to", "see"),
             nouns=("boyfriend", "girlfriend", "partner", "wife", "husband", "fiance", "fiancee", "fiancé",
                    "fiancée", "spouse"),
             adjectives=("married_to", "engaged_to"), values=tuple(REL_STATUS),
             prototypes=("is in a relationship with", "is married to", "is dating")),
    SlotSpec(name="diet", relation="diet", cardinality=_S, subjects="person", values=tuple(DIETS),
             nouns=("diet",), prototypes=("is vegetarian", "follows a vegan diet")),
    SlotSpec(name="eats", relation="eats", cardinality=_M, key_by="object", subjects="person",
             verbs=("eat", "consume"), prototypes=("eats meat",)),
    SlotSpec(name="drinks", relation="drinks", cardinality=_M, key_by="object", subjects="person",
             verbs=("drink", "switch_to", "change_to", "go_back_to", "stick_to", "live_on"),
             values=(*sorted(DRINKS - {"drink", "milk"}), "sparkling water", "fizzy water", "oat milk", "soya milk",
                     "soy milk", "almond milk", "coconut milk", "rice milk", "skimmed milk", "whole milk",
                     "lactose free milk", "diet coke",
                     "green tea", "black coffee", "energy drinks", "cold brew", "flat white", "hot chocolate",
                     "iced coffee", "iced tea", "bubble tea", "herbal tea", "chai latte", "matcha latte"),
             prototypes=("drinks coffee",)),
    SlotSpec(name="phone", relation="phone", cardinality=_S, values=PHONE_VALUES,
             nouns=("phone", "phone number", "number", "cell", "mobile"),
             prototypes=("uses an iPhone", "phone number is")),
    SlotSpec(name="computer", relation="computer", cardinality=_S, subjects="person", values=COMPUTER_VALUES,
             nouns=("laptop", "computer", "pc", "desktop"),
             prototypes=("uses a MacBook", "laptop is a ThinkPad")),
    SlotSpec(name="email", relation="email", cardinality=_S, nouns=("email", "email address", "e-mail"),
             prototypes=("email address is",)),
    SlotSpec(name="car", relation="drives", cardinality=_S, subjects="person", verbs=("drive", "ride"),
             values=CAR_VALUES, nouns=("car", "vehicle", "ride", "truck", "ute", "bakkie", "motor", "whip", "pickup"),
             prototypes=("drives a car", "owns a Toyota", "bought a new car")),
    SlotSpec(name="bike", relation="rides", cardinality=_S, subjects="person", verbs=("ride",),
             values=BIKE_VALUES, nouns=("bike", "bicycle"), prototypes=("rides a bike",)),
    SlotSpec(name="name", relation="name", cardinality=_S, verbs=("call", "name"), nouns=("name",),
             prototypes=("is called", "name is")),
    SlotSpec(name="nickname", relation="nickname", cardinality=_S, nouns=("nickname",),
             prototypes=("goes by the nickname",)),
    SlotSpec(name="native_language", relation="native_language", cardinality=_S, subjects="person",
             nouns=("native language", "mother tongue", "first language"),
             prototypes=("native language is",)),
    SlotSpec(name="nationality", relation="nationality", cardinality=_S, subjects="person",
             nouns=("nationality", "citizenship"), prototypes=("is a citizen of", "nationality is")),
    SlotSpec(name="religion", relation="religion", cardinality=_S, subjects="person", values=tuple(RELIGIONS),
             verbs=("convert_to", "revert_to"),
             nouns=("religion", "faith"), prototypes=("is a practising Catholic", "religion is")),
    SlotSpec(name="health_condition", relation="has_condition", cardinality=_M, key_by="object",
             subjects="person", values=HEALTH_CONDITIONS, verbs=("suffer_from", "diagnose_with"),
             nouns=("condition", "diagnosis"), prototypes=("has asthma", "was diagnosed with", "suffers from")),
    # a medicine one takes: only a known one's name ("I take sertraline", not "I take the bus")
    SlotSpec(name="medication", relation="takes", cardinality=_M, key_by="object", subjects="person",
             values=MEDICATIONS, verbs=("take", "start", "switch_to", "prescribe", "put_on", "go_on"),
             nouns=("medication", "medications", "meds", "medicine", "prescription"),
             prototypes=("takes medication", "is on tablets for", "was prescribed")),
    SlotSpec(name="allergies", relation="allergic_to", cardinality=_M, key_by="object", subjects="person",
             adjectives=("allergic_to",), nouns=("allergy", "allergies"), prototypes=("is allergic to",)),
    SlotSpec(name="stance", relation="likes", cardinality=_M, key_by="object",
             verbs=("like", "love", "enjoy", "prefer", "adore", "hate", "dislike", "detest", "loathe", "fancy",
                    "despise", "abhor", "go_off", "get_into"),
             adjectives=("sick_of", "tired_of", "bored_of", "bored_with", "fed_up_with", "into", "fond_of",
                         "done_with", "lose_interest_in", "have_interest_in", "take_interest_in", "hooked_on",
                         "addicted_to", "mad_about", "nuts_about",
                         "obsessed_with", "crazy_about", "passionate_about", "keen_on", "fan_of", "over", "lover_of",
                         "hater_of"),
             prototypes=("really enjoys", "is a big fan of", "can't stand", "is sick of")),
    SlotSpec(name="hobbies", relation="hobby", cardinality=_M, key_by="object", subjects="person",
             verbs=("play", "practice", "practise", "do", "go", "take_up", "pick_up", "start", "begin", "join",
                    "learn", "spend_regularly", "switch_to", "go_to", "touch"),
             values=tuple((INSTRUMENTS + " " + SPORTS).split()), nouns=("hobby", "hobbies", "pastime"),
             prototypes=("plays the guitar", "goes hiking on weekends", "hobby is")),
    SlotSpec(name="languages", relation="speaks", cardinality=_M, key_by="object", subjects="person",
             verbs=("speak", "learn", "know"), adjectives=("fluent_in",), values=tuple(LANGUAGES),
             prototypes=("speaks French", "is fluent in")),
    SlotSpec(name="skills", relation="can", cardinality=_M, key_by="object", subjects="person",
             verbs=("know", "code_in", "learn", "master"),
             adjectives=("good_at", "skilled_in", "skilled_at", "great_at"),
             nouns=("skill", "skills"), prototypes=("is good at", "knows how to")),
    SlotSpec(name="tools", relation="uses", cardinality=_M, key_by="object", values=TECH + EDITORS,
             verbs=("use", "switch_to", "migrate_to", "run_on", "build_with", "build_on", "write_in", "write",
                    "code_in", "work_in", "run", "force_to", "add", "adopt", "introduce", "bring_in", "do"),
             nouns=("stack", "tech stack"), prototypes=("uses the tool", "our stack runs on")),
    SlotSpec(name="database", relation="database", cardinality=_S, subjects="thing", values=tuple(DATABASES),
             verbs=("run_on", "use", "store_in", "switch_to", "migrate_to", "move_to", "sit_on", "live_in", "live_on",
                    "sit_in"),
             nouns=("database", "db", "datastore"), prototypes=("the service runs on a database",)),
    SlotSpec(name="role", relation="uses_as", cardinality=_S, key_by="qualifier",
             nouns=("main", "primary", "usual", "current", "preferred", "daily", "go-to"),
             prototypes=("main programming language is", "uses it as their editor")),
    SlotSpec(name="favourite", relation="favourite", cardinality=_S, key_by="qualifier",
             nouns=("favourite", "favorite"), prototypes=("favourite colour is",)),
    SlotSpec(name="pets", relation="has_pet", cardinality=_M, key_by="object", subjects="person",
             values=tuple(PETS.split()), verbs=("adopt",), prototypes=("has a dog", "adopted a kitten")),
    # the team one supports ("I support Arsenal", "a big Spurs fan": teams.py): a club or a town's name only
    SlotSpec(name="team", relation="supports", cardinality=_S, subjects="person", verbs=("support",),
             nouns=("football team", "footy team", "rugby team"), prototypes=("supports Arsenal",)),
    # the party one votes for ("I vote Labour", "a lifelong Tory": parties.py): a party the list knows only
    SlotSpec(name="party", relation="votes_for", cardinality=_S, subjects="person", verbs=("vote", "vote_for"),
             nouns=("political party",), prototypes=("votes Labour",)),
    # where one works from: remote, office or hybrid (work_mode.py builds these facts; no lexicon reads them)
    SlotSpec(name="work_mode", relation="works_from", cardinality=_S, subjects="person",
             prototypes=("works from home",)),
    SlotSpec(name="gym", relation="gym", cardinality=_S, subjects="person", nouns=("gym",),
             verbs=("go_to", "join", "train_at", "switch_to", "sign_up_for", "sign_up_at", "sign_up_to"),
             values=GYM_VALUES,
             prototypes=("goes to the gym at",)),
    # the services one is with: a bank, a GP, a broadband provider ("my bank is HSBC", "current account is with Monzo
    # now", "my GP is Dr Okafor", "our broadband is Virgin Media")
    # (named by the attribute noun only: a bank's or a provider's name is as often an employer's, "joined Monzo")
    SlotSpec(name="bank", relation="banks_with", cardinality=_S, subjects="person", verbs=("bank_with",),
             nouns=("bank", "current account", "bank account"), prototypes=("banks with",)),
    SlotSpec(name="doctor", relation="doctor", cardinality=_S, subjects="person",
             nouns=("gp", "doctor", "family doctor"), prototypes=("my GP is Dr",)),
    SlotSpec(name="internet", relation="internet_provider", cardinality=_S, subjects="person",
             nouns=("broadband", "internet", "isp", "internet provider", "broadband provider", "wifi provider"),
             prototypes=("our broadband provider is",)),
    # a job someone wants ("wants to be a vet"; ambitions.py places it): never an occupation, one at a time
    SlotSpec(name="ambition", relation="wants_to_be", cardinality=_S, subjects="person",
             nouns=("dream job", "ambition"), prototypes=("wants to be a vet when she grows up",)),
    SlotSpec(name="energy", relation="energy_supplier", cardinality=_S, subjects="person",
             nouns=("energy supplier", "energy provider", "energy company", "gas supplier", "electricity supplier"),
             prototypes=("our energy supplier is",)),
    # part time or full time (work_mode.py builds these facts; no lexicon reads them)
    SlotSpec(name="work_hours", relation="works_hours", cardinality=_S, subjects="person",
             prototypes=("works part time",)),
    # the shift pattern one works: nights, days, earlies, lates (shifts.py reads it; no lexicon does)
    SlotSpec(name="shift", relation="works_shift", cardinality=_S, subjects="person", prototypes=("works nights",)),
    # (named by the attribute noun or a network's name: "switched my phone contract to EE", "i'm on giffgaff now")
    SlotSpec(name="mobile", relation="mobile_network", cardinality=_S, subjects="person",
             nouns=("phone contract", "mobile network", "phone network", "mobile contract", "mobile provider",
                    "phone provider", "network provider"), prototypes=("my mobile network is",)),
    SlotSpec(name="commute", relation="commutes_by", cardinality=_S, subjects="person",
             verbs=("commute_by", "take", "catch", "ride", "get", "use"), values=TRANSPORT,
             nouns=("commute",), prototypes=("commutes by bike",)),
    SlotSpec(name="weight", relation="weighs", cardinality=_S, subjects="person", verbs=("weigh",),
             nouns=("weight",), prototypes=("weighs 80 kilos",)),
    SlotSpec(name="height", relation="height", cardinality=_S, subjects="person", nouns=("height",),
             prototypes=("is 180 cm tall",)),
    SlotSpec(name="timezone", relation="timezone", cardinality=_S, nouns=("timezone", "time zone"),
             values=TIMEZONES,
             prototypes=("time zone is",)),
    SlotSpec(name="habit", relation="habit", cardinality=_M, key_by="object", subjects="person",
             verbs=("smoke", "vape"), prototypes=("smokes cigarettes",)),
    SlotSpec(name="owns", relation="owns", cardinality=_M, key_by="object", verbs=("own", "have", "buy", "get"),
             prototypes=("owns a house",)),
)
# each slot's lexicon of values, by slot name ("occupation" -> nurse, midwife ...)
SLOT_VALUES = {spec.name: frozenset(spec.values) for spec in DEFAULT_SLOTS if spec.values}


def slot_words(name: str) -> str:
    """Search words for a slot name: its name and its relation ("residence lives in")."""
    spec = next((s for s in DEFAULT_SLOTS if s.name == name), None)
    words = name.replace("_", " ")
    return f"{words} {spec.relation.replace('_', ' ')}" if spec is not None else words


def single_slot_for_relation(relation: str) -> str | None:
    """The single-valued default slot whose graph relation is ``relation`` ("lives_in" -> "residence")."""
    spec = next((s for s in DEFAULT_SLOTS if s.relation == relation and s.cardinality == "single"
                 and s.key_by == "none"), None)
    return spec.name if spec is not None else None
