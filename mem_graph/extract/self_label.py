"""A chat line that opens with a label of the speaker and "here": "Leeds resident here 👋", "vegetarian here,
any snack ideas", "35 years old here", "Atom user here, any good themes?", "diet coke addict here lol",
"nurse here", and a question asked "as a <label>" ("as a vegetarian what should i make for dinner").
"<label> here" at the start of a user's message is "I am <label>"; ``self_label`` says it so the
parser reads a statement: a resident of a place lives there, a user of a thing uses it, an owner has it, an
addict or a drinker of a drink drinks it (of anything else is addicted to it), a fan or a lover loves it, a
"former" / "ex" one did so before; an age, an adjective or any other noun is what the speaker is.
"Here" stays a place everywhere else ("my sister is here", "the coffee here is great", "same here").
"""

from __future__ import annotations

import re

_LEAD = r"(?:(?:hi|hey|hello|hiya|heya|ciao|hola|yo|sup|wassup|howdy|evening|morning|ok|okay|so|well|hmm|um|" \
        r"update|btw)\W+)*"
_LABEL = re.compile(rf"^(\W*{_LEAD})((?:[\w'-]+ ){{0,4}}?[\w'-]+) here\b(?!\s+(?:is|are|was|were|has|have)\b)"
                    r"\s*[,.!:;-]*\s*", re.I)
# words that open no label ("the coffee here", "same here", "my sister here", "nobody here", "it's nice here")
_NOT_LABEL = frozenset({
    "the", "this", "that", "these", "those", "my", "our", "your", "his", "her", "their", "its", "it's", "it", "same",
    "me", "you", "we", "they", "he", "she", "i", "i'm", "im", "not", "over", "right", "still", "back", "nobody",
    "no", "anyone", "anybody", "someone", "everyone", "nothing", "is", "are", "was", "get", "come", "stay", "go",
    "from", "in", "at", "out", "up", "down", "just", "be", "been", "being", "what", "who", "why", "how", "where",
    "there", "all", "and", "but", "or", "so", "a", "an", "some", "any", "lots", "weather", "life", "people",
    "he's", "hes", "she's", "shes", "they're", "theyre", "we're", "you're", "youre",  # "she's here!!!": arrived
})
_PAST = frozenset({"former", "ex", "recovering", "reformed"})
_MODIFIERS = frozenset({"longtime", "long-time", "lifelong", "life-long", "proud", "happy", "fellow", "daily",
                        "heavy", "big", "huge", "massive", "total", "hardcore", "die-hard", "diehard", "avid",
                        "regular", "loyal", "devoted", "serious", "casual", "new", "certified", "self-confessed",
                        "full-blown", "long", "time", "recovering", "former", "ex", "reformed"})
# the head nouns of a drink ("diet coke", "black coffee", "energy drinks")
_DRINKS = frozenset({"coffee", "coffees", "tea", "teas", "coke", "cola", "soda", "sodas", "pop", "juice", "beer",
                     "beers", "wine", "cider", "water", "milk", "latte", "lattes", "espresso", "matcha", "chai",
                     "kombucha", "smoothie", "smoothies", "drink", "drinks", "bull", "monster", "pepsi", "sprite",
                     "cappuccino", "mocha", "whisky", "whiskey", "gin", "vodka", "rum", "tequila", "lager", "ale",
                     "decaf", "cocoa", "lemonade", "seltzer", "boba"})
_ROLES: dict[str, tuple[str, str]] = {  # head noun -> (what the speaker does, the same in the past)
    "resident": ("I live in", "I used to live in"), "residents": ("we live in", "we used to live in"),
    "user": ("I use", "I used to use"), "users": ("we use", "we used to use"),
    "owner": ("I have a", "I used to have a"), "owners": ("we have a", "we used to have a"),
    "fan": ("I love", "I used to love"), "lover": ("I love", "I used to love"),
    "enthusiast": ("I love", "I used to love"),
    "addict": ("I'm addicted to", "I used to be addicted to"),
    "junkie": ("I'm addicted to", "I used to be addicted to"),
    "fiend": ("I'm addicted to", "I used to be addicted to"), "drinker": ("I drink", "I used to drink"),
    "allergy": ("I have a {} allergy", "I used to have a {} allergy"),  # "severe peanut allergy here"
    "sufferer": ("I have", "I used to have"),  # "hay fever sufferer here"
}
_AGE = re.compile(r"^(\d{1,3})(?:\s*(?:years?|yrs?)(?: old)?|\s*(?:yo|y/o|y\.o\.))?$", re.I)


def _statement(label: str) -> str | None:
    """What the speaker says of themself with ``label`` ("Leeds resident" -> "I live in Leeds")."""
    from mem_graph.extract.catalogue import DIETS
    from mem_graph.extract.wordlist import _lexicon, is_adjective

    words = label.split()
    low = [w.lower() for w in words]
    if low[0] in _NOT_LABEL or low[-1] in _NOT_LABEL:
        return None
    if (age := _AGE.match(label)) is not None:
        return f"I'm {label}" if 0 < int(age.group(1)) < 120 else None
    past = bool(set(low) & _PAST)
    rest = [w for w, lw in zip(words, low, strict=True) if lw not in _MODIFIERS]
    head = low[-1]
    if head in _ROLES and len(rest) > 1:
        thing = " ".join(rest[:-1])
        if head in ("addict", "junkie", "fiend", "lover", "fan") and rest[-2].lower() in _DRINKS:
            head = "drinker"  # "diet coke addict", "coffee lover": the speaker drinks it
        now, before = _ROLES[head]
        if head in ("owner", "owners") and thing.lower().endswith("s"):
            now, before = now.removesuffix(" a"), before.removesuffix(" a")  # "cat owners": "we have cats"
        said_as = before if past else now
        return said_as.format(thing) if "{}" in said_as else f"{said_as} {thing}"
    if any(w[:1].isupper() for w in words) and len(words) == 1:
        return None  # "Leeds here": a place or a name, no label
    said = [w for w, lw in zip(words, low, strict=True) if lw not in _PAST] or words
    nouns = _lexicon()[0].get("noun", frozenset())
    plural = head.endswith("s") and head not in nouns and head[:-1] in nouns  # "busy parents here": we are
    noun = head in nouns and head not in DIETS and (len(said) > 1 or not is_adjective(head)) and not plural
    subject = ("we were" if past else "we are") if plural else ("I was" if past else "I am")
    return f"{subject} {'a ' if noun else ''}{' '.join(said)}"  # "I am a nurse", "I am vegetarian"


# "as a vegetarian, what should i make for dinner": the label a question is asked with (not "as a kid ...")
_AS_A = re.compile(rf"^(\W*{_LEAD})as an? ((?:[\w'-]+ ){{0,3}}?[\w'-]+)\s*,?\s+(?=(?:what|how|where|which|who|why|"
                   r"when|can|could|should|would|is|are|do|does|any|anyone|recommend|suggest|tips|ideas)\b)", re.I)
# who a question may be asked as: a diet, a role above, an occupation, or one of these ("as a kid" is a past)
_PEOPLE = frozenset({"parent", "mum", "mom", "dad", "mother", "father", "beginner", "newbie", "noob", "student",
                     "freelancer", "expat", "immigrant", "local", "native", "homeowner", "renter", "tenant",
                     "pensioner", "retiree", "introvert", "extrovert", "runner", "cyclist", "gamer", "smoker"})


def _person(head: str) -> bool:
    from mem_graph.extract.catalogue import DIETS
    from mem_graph.extract.lexicon import OCCUPATIONS

    return head in _PEOPLE or head in DIETS or head in _ROLES or head in OCCUPATIONS


def _name(lead: str, label: str, rest: str) -> str | None:
    """"hey, sam here", "Kerry here, 29": one word after a greeting or before an age, neither a kind of person
    ("nurse", "vegan", "newbie") nor an adjective, names the speaker ("Leeds here" alone may be a place)."""
    from mem_graph.extract.wordlist import is_adjective

    if not label.isalpha() or label.lower() in _NOT_LABEL or _person(label.lower()) or is_adjective(label) or not (
            re.search(r"[a-z]", lead, re.I) or re.match(r"\d", rest)):
        return None
    return f"I'm {label[:1].upper()}{label[1:]}"


# "ciao! marco, 41, ...", "hey there, sam, 34": a greeting, then a name and an age
_GREETED = re.compile(r"^(\W*(?:hi|hey|hello|hiya|ciao|hola|yo|sup|heya|howdy|hallo|bonjour|salut|greetings)\b\W*"
                      r"(?:there\W+|all\W+|everyone\W+)?)([A-Za-z][a-z-]+)(?=,\s*\d{1,3}\b)", re.I)


# "hiya, name's Gemma", "names Kwame btw": the speaker's name said with its "my" left out
_NAMES = re.compile(rf"^(\W*{_LEAD})(?:the\s+|my\s+)?name(?:'s|s|\s+is)\s+"
                    r"(?!(?:of|are|were|for|and|on|in|is|a|the|my|our)\b)(?=[A-Za-z][a-z]+\b)", re.I)


def self_label(text: str) -> str:
    """``text`` with an opening "<label> here" said as a statement ("vegetarian here, any ideas" -> "I am
    vegetarian. any ideas"), and a greeting's "name, age" as "I'm <Name>, <age>"; any other text as it is."""
    if (n := _NAMES.match(text)) is not None:
        return f"{n.group(1)}my name is {text[n.end():]}"
    if (g := _GREETED.match(text)) is not None and (said := _name(g.group(1), g.group(2), "1")) is not None:
        return f"{g.group(1)}{said}{text[g.end():]}"
    m = _LABEL.match(text)
    if m is None and (m := _AS_A.match(text)) is not None and not _person(m.group(2).split()[-1].lower()):
        return text  # "as a result what happens", "as a kid what did you eat"
    if m is None:
        return text
    rest = text[m.end():]
    said = _name(m.group(1), m.group(2), rest) or _statement(m.group(2))
    if said is None:
        return text
    return f"{m.group(1)}{said}." + (f" {rest}" if rest else "")
