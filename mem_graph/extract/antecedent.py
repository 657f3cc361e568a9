"""A value named once and then pointed at with a pronoun, restated with the value in the pronoun's place.

"best ramen near me? its my favourite" -> "ramen is my favourite"; "any good Postgres monitoring tools? we use it
in prod" -> "we use Postgres in prod"; "matcha > everything, i drink it daily" -> "i drink matcha daily"; "best vim
extensions for python? its what i code in" -> "i code in vim"; "grocery list for a vegan person? that's me" ->
"I'm vegan". The value is a word the class lexicons know (a dish, a drink, a genre, a tool, a car, a sport, a
diet) or a capitalised name, in the clause or two before the pronoun: the first such value of the nearest clause.
Each restatement is a plain clause; the caller keeps only what a slot rule places, so a pronoun that points
somewhere else ("the bus was late, it's my favourite thing to moan about") costs nothing.
"""

from __future__ import annotations

import re

from mem_graph.extract.catalogue import DIETS, EDITORS, SPORTS
from mem_graph.extract.chat_restate import NAME
from mem_graph.extract.cue_change import HOT_DRINK_NAMES, object_kind
from mem_graph.extract.lexicon import CAR_VALUES, COMPUTER_VALUES, DISHES, MUSIC_GENRES, PHONE_VALUES, stop_words
from mem_graph.extract.wordlist import is_adjective, is_english_word, is_verb, may_name_a_thing

# where one clause ends and the next begins ("?", ",", " - ", "..."; not "X > Y": its first value is the one meant)
_CLAUSE_BREAK = re.compile(r"\s*(?:[.!?;:,()]+|\s[-–—]+\s|\.\.\.)\s*")
_LEAD = r"(?:(?:and|but|so|lol|haha|tbh|ngl|honestly|yeah|yep|ok|okay|also|plus)\s+)*"
# "ditched Go for Rust", "swapped coffee for tea", "moved from Jira to Linear": the last value is the one held now
_SWAPPED = re.compile(r"\b(?:ditch|drop|swap|switch|trade|replace|bin|move|migrate|chang)\w* .*\b(?:for|to|with)\b",
                      re.I)
# "its my favourite", "that's our go-to", "it is my fave" (the pronoun as subject)
_IT_IS = re.compile(rf"^{_LEAD}(?:it|that|this)(?:'s|’s|s| is)\s+(?P<rest>(?!what\b|where\b|who\b|me\b|us\b)\S.*)$",
                    re.I)
# "its what i code in", "that's what we run on" (the value is the object of the clause that follows)
_WHAT_I = re.compile(rf"^{_LEAD}(?:it|that|this)(?:'s|’s|s| is) what (?P<who>i|we) (?P<rest>.+)$", re.I)
# "we use it in prod", "i drink it daily", "i play it every sunday" (the pronoun as object)
_USE_IT = re.compile(rf"^{_LEAD}(?P<who>i|we)\b(?P<verb>(?:(?!\b(?:it|them|that|one)\b)[^,])" r"{1,30}?)"
                     r"\b(?P<it>it|them|one)\b(?P<rest>.*)$", re.I)  # ("one": "flat whites, i have one a day")
# "it's my favourite thing to moan about", "that's my fave part": what is said of the moment, not of a value
_IDIOM = re.compile(r"\b(?:thing|part|bit|moment|kind of|sort of|problem|fault|life)\b", re.I)
# "what's on in Leeds this weekend? (i live here ...)": the place named before
_LIVE_HERE = re.compile(rf"^{_LEAD}(?P<who>i|we) (?:live|have lived|'ve lived|'m based|am based|grew up) here\b", re.I)
# "a vegan person? that's me", "vegetarian household, that's us"
_THATS_ME = re.compile(rf"^{_LEAD}(?:that|this)(?:'s|’s|s| is) (?:me|us)\b", re.I)
_KIND_OF_PERSON = re.compile(r"\b(?P<what>[a-z][\w-]*) (?:person|people|eater|household|family|guy|girl|gal)\b",
                             re.I)
# the pronoun clause names no time, plan or doubt that would make it anything but what is so
_NOT_SO = re.compile(r"\b(?:not|never|n't|no longer|used to|maybe|might|would|could|should|if|was|were|will|once|"
                     r"ever)\b"
                     r"|\?", re.I)

_MULTIWORD = sorted({v for v in (*DISHES, *MUSIC_GENRES, *EDITORS, *CAR_VALUES, *PHONE_VALUES, *COMPUTER_VALUES,
                                 *HOT_DRINK_NAMES)
                     if " " in v}, key=len, reverse=True)
_SINGLE = frozenset({*SPORTS.split(), *DIETS})
_MULTIWORD_SET = frozenset(_MULTIWORD)
_DISHES_SET = frozenset(DISHES)
_LESSONS = re.compile(r" (?:class|classes|lessons?)$")
_FOODS = frozenset({"dish", "meat", "dairy", "fish", "sugar", "hot drink", "soft drink", "alcohol"})
# said before a dish or a drink, of no one dish ("best ramen", "my usual latte")
_EVALUATIVE = frozenset({"best", "good", "great", "decent", "nice", "favourite", "favorite", "fave", "fav", "new",
                         "usual", "daily", "local", "cheap", "proper", "real", "fancy", "homemade", "morning"})
# the last word of many a dish's name, after the word that says which ("jollof rice", "butter chicken")
_DISH_HEADS = frozenset({"rice", "chicken", "noodles", "curry", "soup", "stew", "pie", "salad", "wings", "fries",
                         "burger", "burgers", "sandwich", "pasta", "bowl", "dumplings", "tacos", "bread", "cake",
                         "pizza", "roll", "rolls", "ramen", "pho"})
# words a class lexicon knows that name no one thing here ("stuff", "food", "music", "drinks")
_NOT_VALUES = frozenset({"i", "im", "i'm", "food", "music", "drink", "drinks", "stuff", "thing", "things",
                         "dinner", "lunch", "breakfast", "snack", "meal", "code", "app", "tool", "tools", "car",
                         "phone", "any", "best", "ok", "okay", "lol"})


def _values(clause: str) -> list[str]:
    """The values a clause names, in the order said: lexicon phrases and words first found, then names."""
    found: list[tuple[int, str]] = []
    low = clause.lower()
    taken: list[tuple[int, int]] = []
    for phrase in _MULTIWORD:
        for m in re.finditer(rf"\b{re.escape(phrase)}s?\b", low):  # ("flat whites")
            if not any(s < m.end() and m.start() < e for s, e in taken):
                taken.append((m.start(), m.end()))
                found.append((m.start(), clause[m.start():m.end()]))
    for m in re.finditer(r"[\w+#.-]+", clause):
        word = m.group(0).strip(".-")
        if any(s <= m.start() < e for s, e in taken) or not word:
            continue
        low_word = word.lower()
        kind = object_kind(low_word)
        if low_word in _SINGLE or (kind is not None and low_word not in _NOT_VALUES):
            start, end = (m.start(), m.end()) if kind not in _FOODS else _dish(clause, m.start(), m.end())
            if kind in ("sport", "exercise", "activity") and (
                    lesson := re.match(r" (?:class|classes|lessons?)\b", clause[end:])):
                end += lesson.end()  # "spin classes": what was said, as said
            if kind in ("car", "phone", "computer") and (
                    more := re.match(r"(?: (?:[A-Z][\w-]*|\d+\w*))+", clause[end:])):
                end += more.end()  # a name goes on: "Nissan Leaf", "Hyundai Ioniq 5"
            found.append((start, clause[start:end]))
            taken.append((start, end))
    for m in re.finditer(NAME, clause):
        first = m.group(1).split()[0].lower().split("'")[0]
        if any(s <= m.start() < e for s, e in taken) or (m.start() == 0 and is_english_word(first)) \
                or first in _NOT_VALUES:
            continue
        found.append((m.start(), m.group(1)))
    # a lexicon word the sentence opens with was capitalised for the parser: "Flat whites are my thing"
    return [v.lower() if at == 0 and v == v.capitalize() and v.lower() != v and _lexicon_word(v) else v
            for at, v in sorted(found)]


def _lexicon_word(value: str) -> bool:
    """A common noun of a class lexicon (a dish, a drink, a sport, a diet), not a product's or a tool's name."""
    low = value.lower()
    return low in _SINGLE or object_kind(low) in _FOODS or object_kind(low.split()[-1]) in _FOODS or (
        low in _MULTIWORD_SET and low in HOT_DRINK_NAMES | _DISHES_SET)


def _dish(clause: str, start: int, end: int) -> tuple[int, int]:
    """The whole name of the dish or drink whose word is at ``start:end``: "jollof rice", "butter chicken",
    "oat milk lattes" (a name word before it, a dish or drink word after it)."""
    for _ in range(2):
        after = re.match(r" ([a-z]+)\b", clause[end:])
        if after is None or not (after.group(1) in _DISH_HEADS or object_kind(after.group(1)) in _FOODS):
            break
        end += after.end()
    before = re.search(r"\b([A-Za-z][a-z]*) $", clause[:start])  # ("Orange juice > everything": a line opens it)
    if before is not None and (word := before.group(1).lower()) not in _EVALUATIVE and word not in stop_words() and \
            not word.endswith("ing") and \
            (is_adjective(word) or (may_name_a_thing(word) and not is_verb(word))):  # "green tea", not "love tea"
        start = before.start(1)
    return start, end


def _singular(value: str) -> str:
    return value[:-1] if value.endswith("s") and not value.endswith("ss") else value


def _one_of(value: str) -> str:
    """"one" of a value said in the plural: "flat whites" -> "a flat white"."""
    single = _singular(value)
    return f"{'an' if single[:1].lower() in 'aeiou' else 'a'} {single}"


def pointed_at(before: str, line: str) -> list[tuple[str, str]]:
    """(value, plain clause) for what ``line`` means once its pronoun is the value named just before it
    (``before``: the same message's earlier text). Several readings may come back, one per candidate value,
    nearest first; the caller keeps the first that a slot rule places with its value."""
    clauses = [c.strip() for c in _CLAUSE_BREAK.split(f"{before} \n{line}".strip()) if c.strip()]
    own = {c.strip() for c in _CLAUSE_BREAK.split(line) if c.strip()}
    said: list[tuple[str, str]] = []
    for i, clause in enumerate(clauses):
        if i == 0 or clause not in own:
            continue
        # (a swap's new value first: "we ditched Go for Rust, I'm loving it" is Rust)
        earlier = [v for c in reversed(clauses[max(0, i - 2):i])
                   for v in (_values(c)[::-1] if _SWAPPED.search(c) else _values(c))]
        if (m := _THATS_ME.match(clause)) is not None:
            kinds = [k.group("what") for c in clauses[max(0, i - 2):i] for k in _KIND_OF_PERSON.finditer(c)]
            said += [(k, f"I'm {k}") for k in kinds[-1:]]
            continue
        if not earlier or _NOT_SO.search(clause):
            continue
        if (m := _LIVE_HERE.match(clause)) is not None:
            said += [(v, f"{m.group('who')} live in {v}") for v in earlier if v[:1].isupper()]
            continue
        if (m := _WHAT_I.match(clause)) is not None:
            said += [(v, f"{m.group('who')} {m.group('rest')} {v}") for v in earlier]
        elif (m := _IT_IS.match(clause)) is not None and not _IDIOM.search(m.group("rest")) and not _values(
                m.group("rest")):  # ("ditched mongo, it's all postgres now": "it" is the stack, not mongo)
            said += [(v, f"{v} is {m.group('rest')}") for v in earlier]
        elif (m := _USE_IT.match(clause)) is not None:
            verb = " take " if m.group("verb").strip() == "do" else m.group("verb")  # "i do [spin classes]": take them
            one = m.group("it").lower() == "one"
            said += [(_singular(v) if one else v, f"{m.group('who')}"
                      f"{verb if _LESSONS.search(v) else m.group('verb')}{_one_of(v) if one else v}{m.group('rest')}")
                     for v in earlier]
    return said
