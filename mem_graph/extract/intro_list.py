"""A self-introduction typed as a comma list: "i'm maya, product designer, based in bristol", "I'm Tom, 34, a
nurse from Leeds", "hi im priya, 31, software engineer in london", "i'm 29, software engineer at monzo, living in
london" (an age first).

The parser reads the items as appositions of the name and the extractor kept one fact with no slot ("User is
maya, product designer, based in bristol"): the occupation and the home were lost to their slots, so a later
move or new job had nothing to end. Each item becomes its own statement ("I'm Maya. I'm a product designer.
I'm based in bristol."). Only a list that reads as an introduction is split: a name-shaped first word and at
least one item that is an age, a post from the occupation lexicon or a where-from phrase ("based in", "from",
"living in"); a list with an item of any other shape is left as typed ("I'm tired, hungry, bored"). A line
that is nothing but such a list, with no "I'm" ("freelance designer, mostly figma, based in Lisbon"), is read the
same way when its first item is a post, an age or a place; an item may then also name a tool ("mostly figma").
"""

from __future__ import annotations

import re

from mem_graph.extract.lexicon import OCCUPATIONS, TECH, tech_kind

# (the first item may be a post or a state said with its article: "i'm a single mum btw, work part time at a pharmacy")
_LIST = re.compile(r"(?<![\w'])(I'm|I am|im)\s+(an?\s+[a-z][a-z -]{1,40}?|[A-Za-z][a-z-]+|\d{1,2})"
                   r"((?:\s*,\s*[^,.!?;]{1,64}){1,5}?)"
                   r"(?=\s*(?:[.!?;]|$))", re.I)
_AGE = re.compile(r"^(\d{1,3})(?:\s*(?:years old|yo|y/o))?$", re.I)
_PLACE_PHRASE = re.compile(r"^(?:(?:currently|originally)\s+)?(?:based|living|located|from|born|raised|working|"
                           r"studying)\b", re.I)
_STATE_WORDS = frozenset({"married", "single", "engaged", "divorced", "widowed", "retired", "unemployed", "vegan",
                          "vegetarian", "pescatarian", "a", "an", "the"})
_YEARS_OF_STUDY = frozenset({"freshman", "sophomore", "junior", "senior", "fresher", "undergrad", "postgrad"})
_PARENTS = frozenset({"mum", "mom", "mother", "dad", "father", "parent", "grandma", "grandmother", "grandad",
                      "grandfather", "stepmum", "stepdad"})
_SOMEONE_ELSE = frozenset({"my", "our", "his", "her", "their", "your", "he", "she", "they", "he's", "she's", "hes",
                          "shes", "they're", "theyre"})
_NOT_NAMES = frozenset({"so", "just", "really", "very", "here", "back", "home", "done", "fine", "good", "ok", "okay",
                        "sorry", "sure", "not", "still", "also", "now", "finally", "tired", "busy", "new"})


def _item(text: str) -> tuple[str, bool] | None:
    """An item as its own statement, and whether it is evidence of an introduction; None: not an item of one."""
    item = re.sub(r"^(?:and|&)\s+", "", text.strip())
    words = item.lower().split()
    if not words:
        return None
    if words[0] == "not":  # "a pharmacy technician, not a pharmacist", "31, not on social media": said as it is
        return f"I'm {item}", False
    if words[0] in ("don't", "dont", "didn't", "can't", "cant", "won't", "never", "please", "pls", "lol", "haha"):
        return None  # "I'm a Liverpool fan now, don't judge": an aside, no item (else "I'm a don't judge")
    if (age := _AGE.match(item)) is not None:
        return (f"I'm {item}", True) if 0 < int(age.group(1)) < 120 else None
    if _PLACE_PHRASE.match(item):
        return f"I'm {item}", True
    if re.match(r"(?:live|work)(?: part[- ]time| full[- ]time| nights| shifts)? (?:in|at|near|for)\b", item, re.I):
        # "live in Hackney with my partner", "work part time at a pharmacy"
        return f"I {item}", True
    if words[0] in ("i", "i'm", "im", "i've", "ive", "i'd"):  # "I'm Sam, I'm a paramedic ...": said already
        return item, False
    if words[0] in _SOMEONE_ELSE:  # "my partner dean, he's a plumber": someone else, no item of the speaker's
        return None
    if len(words) > 1 and words[-1] == "dev":  # "backend dev": chat's developer (alone, "Dev" is a name too)
        item, words = f"{item[:-3]}developer", [*words[:-1], "developer"]
    if any(w in OCCUPATIONS for w in words[:4]):
        article = "" if words[0] in ("a", "an", "the") else ("an " if words[0][0] in "aeiou" else "a ")
        return f"I'm {article}{item}", True
    if words[0] in _YEARS_OF_STUDY or "student" in words[:4]:  # "sophomore at ucla", "law student at kcl"
        article = "" if words[0] in ("a", "an") else ("an " if words[0][0] in "aeiou" else "a ")
        return f"I'm {article}{item}", True
    if words[0] in _STATE_WORDS:
        return f"I'm {item}", False
    if words[0] in _PARENTS:  # "mum of two"
        return f"I'm a {item}", False
    return None


# a profile typed as a list with no "I'm" at all: "freelance designer, mostly figma, based in Lisbon for now",
# "29, nurse, living in Leeds" (the whole line, after a greeting)
_HEADLESS = re.compile(r"^(\W*(?:(?:hi|hey|hello|hiya|yo|so|ok|okay|about me|(?:a )?(?:quick )?(?:background|intro|"
                       r"bio|context|about me)\s*:)\W*)*)"
                       r"([^,.!?;:]{1,48}(?:\s*,\s*[^,.!?;:]{1,48}){1,5})\s*(?:[.!?]+\s*)?$", re.I)
_TOOL_ITEM = re.compile(r"^(?:mostly|mainly|all|strictly|just|pretty much|heavy|big)?\s*([\w.+#-]+(?: [\w.+#-]+)?)"
                        r"(?: (?:user|person|fan|all day|mostly))?$", re.I)


def _tool(item: str) -> str | None:
    """"mostly figma", "vim user": the tool a profile item names, said as a statement."""
    m = _TOOL_ITEM.match(item.strip())
    word = m.group(1) if m else ""
    return f"I use {word}" if word and (word.lower() in TECH or tech_kind(word) is not None) else None


def _profile_item(text: str) -> tuple[str, bool] | None:
    """An item of a bare profile list: as ``_item``, but a post only as the phrase's head ("freelance designer",
    "nurse at St James's"; not "left the paralegal life behind")."""
    found = _item(text) or ((t, False) if (t := _tool(text)) else None)
    if found is None or not found[1] or not found[0].startswith(("I'm a ", "I'm an ")):
        return found
    words = re.sub(r"\s+(?:at|in|for|from|with)\b.*$", "", text.strip().lower()).split()
    return found if words and (words[-1] in OCCUPATIONS or words[-1] == "dev") else None


def _profile(m: re.Match[str]) -> str:
    parts = [p.strip() for p in m.group(2).split(",")]
    items = [_profile_item(p) for p in parts]
    if any(i is None for i in items) or sum(i[1] for i in items if i is not None) < 1 or items[0] is None or \
            not items[0][1]:
        return m.group(0)  # every item a profile's, the first a post, an age or a place
    return m.group(1) + ". ".join(i[0] for i in items if i is not None) + "."


# "siobhan here, 29, staff nurse in galway": a name said with "here" opens an introduction as "I'm" does
_NAME_HERE = re.compile(r"(^\W*(?:(?:hi|hey|hello|hiya|yo|ok|so)\W+)*)([A-Za-z][a-z]+) here\s*,(?=\s*[^,.!?;]+,)", re.I)


_OWN_CLAUSE = re.compile(r"\s*(?:and\s+|so\s+)?(?:we|we're|we are|i|i'm|im|my|our)\b", re.I)


def split_intro_list(text: str) -> str:
    """Every comma-list self-introduction in ``text`` as one statement per item (see the module doc)."""
    first, *later = re.split(r"(?<=[.!?])\s+(?=\S)", text.strip())
    if later:  # "g'day, bev here. retired school librarian, 67, live in glenelg": a bare profile after the greeting
        text = " ".join([first, *(_profile(h) if (h := _HEADLESS.match(s)) is not None and not re.search(
            r"\b(?:i|i'm|im|we)\b", s, re.I) else s for s in later)])
    text = _NAME_HERE.sub(lambda m: m.group(0) if m.group(2).lower() in _NOT_NAMES | _PARENTS else
                          f"{m.group(1)}I'm {m.group(2)},", text)
    if (headless := _HEADLESS.match(text)) is not None and not re.search(r"\b(?:i|i'm|im|we)\b", text, re.I):
        return _profile(headless)
    def one(m: re.Match[str]) -> str:
        name = m.group(2)
        described = re.match(r"an?\s", name, re.I) is not None  # "a single mum btw": no name, said as it is
        if not described and name.lower() in _NOT_NAMES:
            return m.group(0)
        # ("from buenos aires but living in madrid": two items)
        parts = re.split(r",|\s+but\s+", m.group(3))[1:]
        items = [_item(part) for part in parts]
        rest = ""
        # a clause with its own subject after the list ("..., backend engineer at paystack, we're in lagos") is
        # said after it, as typed
        cut = next((k for k, i in enumerate(items) if i is None), None)
        if cut and _OWN_CLAUSE.match(parts[cut]):
            items, rest = items[:cut], ",".join(parts[cut:]).strip()
        elif cut and cut == len(items) - 1 and len(parts[cut].split()) <= 3 and (before := items[cut - 1]):
            # a last short item that says more of the one before ("librarian in ohio, columbus area")
            items = [*items[:cut - 1], (f"{before[0]},{parts[cut]}", before[1])]
        if any(i is None for i in items) or not any(i[1] for i in items if i is not None):
            return m.group(0)
        if not described and name.lower() in OCCUPATIONS and not any(
                i is not None and i[0].startswith(("I'm a ", "I'm an ")) for i in items):
            return m.group(0)  # ("im dev, 26, backend engineer at X": Dev is a name, the post comes after)
        first = name if described else name[:1].upper() + name[1:]
        said = [f"{m.group(1)} {first}", *(i[0] for i in items if i is not None), *([rest] if rest else [])]
        return ". ".join(said)
    return _LIST.sub(one, text)
