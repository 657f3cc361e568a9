"""What chat says was given up, without a verb: "no more red meat for me", "no booze for me anymore", "6 months
no cigarettes!!", "100 days sober today", "no more football after the ACL thing", "cancelled my gym membership"; and
what came back: "I'm back on meat"; and the work of an occupation given up ("quit bartending for real this time",
"I'm not teaching anymore": "I'm not a bartender anymore").

Each is restated as the plain clause the slot rules already read ("I don't eat red meat anymore", "I quit
smoking", "I don't play football anymore", "I eat meat again"), so a habit, a food, a drink or a sport the
speaker stated before ends the usual way. Only things one eats, drinks, smokes, plays, wears or rides to work ("no more
luas for me"): "no more drama for me"
and "no more excuses" say nothing about a slot.
"""

from __future__ import annotations

import re

from mem_graph.extract.cue_change import object_kind
from mem_graph.extract.lexicon import SMOKING, TRANSPORT, agent_of

_FOOD = frozenset({"meat", "red meat", "dairy", "sugar", "carbs", "bread", "gluten", "fish", "pork", "beef",
                   "chicken", "junk food", "takeaways", "takeaway", "chocolate", "sweets", "crisps", "fast food",
                   "processed food", "eggs", "cheese", "meat and dairy"})
_ALCOHOL = frozenset({"booze", "drink", "drinking", "alcohol", "bevvies", "pints", "wine", "beer"})
_WORN = frozenset({"glasses", "specs", "contacts", "contact lenses", "braces", "hearing aids", "hearing aid"})
_WORD = r"[a-z][\w'-]*"
# the speaker's own clause: said first, after a stop, or after "I"/"we" ("sam's left nursing" is Sam's)
_MINE = r"(?:^|[,.;!:?]\s*|\b(?:i|i've|ive|i have|i'm|im|i am|we|we've|we have|we're|we are)\s+|\b(?:so|and|but|" \
        r"honestly|tbh|ngl|sadly|yeah|ugh) )"
_LEAD = r"(?:^|[,.!;:(]\s*|\b(?:so|and|but|now|sadly|officially)\s+)"
# "no more red meat for me", "no booze for me anymore", "no more football for me after the ACL thing"
_FOR_ME = re.compile(rf"{_LEAD}no (?:(?P<more>more) )?(?P<x>{_WORD}(?: {_WORD})?) for (?:me|us)\b"
                     rf"(?(more)|(?=\s+(?:anymore|any more|now)\b))", re.I)  # (not "vegetarian, so no meat for me")
# "no more fags since january", "no meat anymore" (not "no more coffee after 2pm": a rule kept)
_NO_MORE = re.compile(rf"{_LEAD}no (?:(?P<more>more) )?(?P<x>{_WORD}(?: {_WORD})?)"
                      rf"(?(more)(?=\s*(?:$|[,.!;]|\s(?:since|now|anymore|any more)\b))|(?=\s+(?:anymore|any more)\b))",
                      re.I)
# "down to zero coffee now", "down to no cigs a day": cut out
_DOWN_TO_NONE = re.compile(rf"{_LEAD}(?:i'm |im |i am |we're )?(?:finally )?down to (?:zero|no|0) "
                           rf"(?P<x>{_WORD}(?: {_WORD})?)", re.I)
_SPAN = r"\b(?:\d+|a|one|two|three|four|five|six|seven|eight|nine|ten) (?:days?|weeks?|months?|years?)"  # "6 months"
# "6 months no cigarettes!!", "three weeks off the booze", "a year without meat"
_COUNTED = re.compile(rf"{_SPAN}(?: today| now| and counting)? (?:no|without|off(?: the)?|free of) "
                      rf"(?:a single |any |a drop of )?(?P<x>{_WORD}(?: {_WORD})?)\b", re.I)
# "off the booze since new years", "been off the fags 2 weeks" (not "off the menu", "off the hook")
_OFF_THE = re.compile(rf"{_MINE}(?:been |finally |officially |completely )?off the (?P<x>booze|drink|sauce|grog|"
                      r"alcohol|fags|cigs|cigarettes|smokes|ciggies|vapes?)\b"
                      # "i'm off the sertraline now", "been off my meds a month": a medicine stopped
                      rf"|{_MINE}(?:been |finally |officially |completely )?off (?:the |my )?(?P<med>{_WORD})\b", re.I)
# "fish is still on the menu", "dairy's off the menu now": what one eats, said as a menu
_MENU = re.compile(rf"(?:^|[^\w\s']\s*|\b(?:but|and|so|tho|though)\s+)(?!(?:but|and|so|tho|though)\b)"
                   rf"(?P<x>{_WORD}(?: {_WORD})?)(?:'s| is| are|'re) "
                   r"(?:still |now |totally |completely )?(?P<on>on|off) the menu\b", re.I)
_SOBER = re.compile(rf"{_SPAN} sober\b|\b(?:stone cold|completely|fully|properly) sober now\b", re.I)
# "haven't touched meat since january", "not had a drop of booze in months", "I have left coffee completely"
# (Indian English: given up)
_UNTOUCHED = re.compile(rf"{_MINE}(?:have not|haven't|havent|not|never)\s+(?:touched|had)\s+"
                        r"(?:a drop of |any |a |the |my )?"
                        rf"(?P<x>{_WORD}(?: {_WORD})?)\s+(?:since|in|for)\b"
                        rf"|{_MINE}(?:have |'ve )?(?:left|dropped) (?P<y>{_WORD}) (?:completely|totally|fully|for good|"
                        r"altogether)\b", re.I)
# "haven't baked in months", "not swum in ages": a pastime not done for a long while is given up
_PASTIME_DONE = {"baked": "bake", "run": "run", "ran": "run", "swum": "swim", "swam": "swim", "cycled": "cycle",
                 "painted": "paint", "knitted": "knit", "climbed": "climb", "danced": "dance", "skated": "skate",
                 "surfed": "surf", "skied": "ski", "hiked": "hike", "sewn": "sew", "crocheted": "crochet",
                 "gardened": "garden", "jogged": "jog", "rowed": "row", "boxed": "box"}
_NOT_DONE_IN = re.compile(rf"{_MINE}(?:have not|haven't|havent|not|hardly)\s+(?:really\s+|even\s+)?"
                          rf"(?P<v>{'|'.join(_PASTIME_DONE)})\s+(?:in|for)\s+(?:months|ages|years|a year|weeks|"
                          r"a while|forever|a long time)\b", re.I)
# "cancelled my gym membership", "ended our puregym contract": the gym left
_GYM_CANCELLED = re.compile(rf"{_MINE}(?:have |'ve )?(?:finally )?(?:cancell?ed|ended|stopped|quit|frozen|froze) "
                            r"(?:my|our|the) (?:[\w'-]+ )?gym (?:membership|contract|sub|subscription)\b", re.I)
# "kicked the coke habit", "finally broke my sugar habit": the thing of the habit given up
_HABIT_KICKED = re.compile(rf"{_MINE}(?:finally |officially )?(?:kicked|broke|broken|beat|beaten|ditched|dropped) "
                           rf"(?:the|my|our) (?P<x>{_WORD}(?: {_WORD})?) habit\b", re.I)
# "hung up the rugby boots", "hung up my tennis racket": the sport given up
_HUNG_UP = re.compile(rf"\b(?:hung|hanging|hang) up (?:the|my) (?P<x>{_WORD}) (?:boots|gloves|racket|racquet|cleats|"
                      r"spikes|skates|shoes|clubs|bat|stick)\b", re.I)
# "I'm back on meat", "back on the booze": a food or drink resumed
_BACK_ON = re.compile(rf"{_MINE}back on (?:the )?(?P<x>{_WORD}(?: {_WORD})?)\b", re.I)


# a line of work by its field's name ("left dentistry", "out of law"): its doer
_FIELD_DOERS = {"dentistry": "dentist", "law": "lawyer", "medicine": "doctor", "accountancy": "accountant",
                "journalism": "journalist", "pharmacy": "pharmacist", "physiotherapy": "physiotherapist",
                "architecture": "architect", "engineering": "engineer", "midwifery": "midwife", "the police": "police "
                "officer", "the army": "soldier", "academia": "academic", "hairdressing": "hairdresser"}
_FIELDS = "|".join(sorted(_FIELD_DOERS, key=len, reverse=True))


def _doer(work: str) -> str | None:
    return _FIELD_DOERS.get(work) or agent_of(work)


# "quit bartending for real this time", "done with nursing": the work of an occupation given up
_QUIT_WORK = re.compile(rf"{_MINE}(?:been |have been |'ve been )?(?:finally |officially )?(?:quit|stopped|gave up|"
                        r"given up|left|done with|finished "
                        rf"with|out of) (?P<x>[a-z]+ing|{_FIELDS})\b", re.I)


# "I'm not teaching anymore", "I don't nurse any more": work said only as work, stopped (not "not cooking anymore")
_WORK_GERUNDS = frozenset({"teaching", "nursing", "tutoring", "coaching", "bartending", "waitressing", "lecturing",
                           "nannying", "childminding", "lifeguarding", "hairdressing", "dentistry", "midwifery"})
_NOT_WORKING = re.compile(rf"{_MINE}(?:(?:am|'m|m) )?(?:not|no longer) (?:really )?(?P<x>[a-z]+ing|{_FIELDS})"
                          r"(?: (?:anymore|any more)|,? (?:burnt out|burned out|for now)\b)"
                          r"|\b(?:i|we) (?:don't|dont|do not|no longer) (?P<v>teach|nurse|tutor|coach|lecture)"
                          r" (?:anymore|any more)\b", re.I)
_WORK_VERB_DOER = {"teach": "teacher", "nurse": "nurse", "tutor": "tutor", "coach": "coach", "lecture": "lecturer"}


def _work_stopped(m: re.Match[str]) -> str | None:
    """The post of the work a ``_NOT_WORKING`` match says stopped: by its verb, or by a gerund said only of work."""
    if m.group("v"):
        return _WORK_VERB_DOER[m.group("v").lower()]
    work = m.group("x").lower()
    return _doer(work) if work in _WORK_GERUNDS or work in _FIELD_DOERS else None
# "sam's left nursing", "my husband has quit teaching": the work of someone else's occupation given up
_THEY_QUIT_WORK = re.compile(r"(?:^|[,.;!:]\s*|\b(?:so|and|but) )(?P<who>(?:my [a-z]+|[A-Za-z][a-z]+))(?:'s| has|)\s+"
                             r"(?:finally |officially |just )?(?:left|quit|given up|stopped|packed in|finished) "
                             rf"(?P<x>[a-z]+ing|{_FIELDS})\b(?:,\s*(?P<next>(?:now )?(?:doing|training|studying|"
                             r"working|retraining|going)\b[^.!?;]*))?", re.I)  # (", doing a PGCE to be a teacher now")


_NOT_WHO = frozenset({"it", "that", "he", "she", "what", "who", "this", "there", "everyone", "nobody"})


def _ended(thing: str) -> str | None:
    """The plain clause that says ``thing`` was given up, or None when it is nothing one eats, drinks, smokes
    or plays."""
    x = thing.lower().strip()
    for n in (2, 1):  # "red meat for" -> "red meat"; "football after" -> "football"
        words = x.split()[:n]
        word = " ".join(words)
        if len(words) < n:
            continue
        if word in SMOKING:
            return "I quit smoking"
        if word in _WORN:  # "laser eye surgery, no more glasses!"
            return f"I stopped wearing {word}"
        if word in _FOOD:
            return f"I don't eat {word} anymore"
        if word in _ALCOHOL:
            return f"I don't drink {'alcohol' if word in ('booze', 'drink', 'drinking', 'bevvies') else word} anymore"
        kind = object_kind(word)
        if kind in ("alcohol", "hot drink", "soft drink") and n == 1:
            return f"I don't drink {word} anymore"
        if kind == "sport":
            return f"I don't play {word} anymore"
        if word in ("bike", "bicycle", "road bike"):  # "haven't touched the bike in months": the cycling
            return "I don't go cycling anymore"
        if word in TRANSPORT:  # "bought a bike, so no more luas for me"
            return f"I don't take the {word} to work anymore"
    return None


def _drink_ended(word: str) -> str | None:
    """"been off the redbull for 3 weeks": a drink given up (not "off the hook", "off work")."""
    return _ended(word) if object_kind(word.lower()) in ("alcohol", "hot drink", "soft drink") else None


def _stopped_medicine(word: str) -> str | None:
    """"I stopped taking sertraline" for a medicine the lexicon knows ("off the menu", "off work" are none)."""
    from mem_graph.extract.health import MEDICATIONS

    return f"I stopped taking {word}" if word.lower() in MEDICATIONS else None


# what is eaten or drunk instead, said after the thing given up: "no more red meat for me, just chicken and fish now"
_JUST_NOW = re.compile(rf"\b(?:just|only|mostly) (?P<x>{_WORD}(?: (?:and|&) {_WORD})?) (?:now|these days|nowadays)\b",
                       re.I)
# "sparkling water with lime all the way now", "oat milk all the way": a drink had now, whatever came before
_ALL_THE_WAY = re.compile(rf"(?:^|[,.!;:]\s*)(?:i'm |im )?(?P<x>{_WORD}(?: {_WORD})?)(?: with {_WORD})? all the way"
                          r"(?: now| these days)?\s*(?:$|[,.!;:]|\W*$)", re.I)


def _instead(text: str, after: int, ended: str) -> list[str]:
    """The clause for what is had instead of a food or drink ``ended`` ("I don't eat red meat anymore"), said after
    offset ``after``."""
    verb = "eat" if ended.startswith("I don't eat") else "drink" if ended.startswith("I don't drink") else None
    m = _JUST_NOW.search(text, after)
    if verb is None or m is None:
        return []
    things = [w.strip() for w in re.split(r" (?:and|&) ", m.group("x").lower())]
    known = all(w in _FOOD for w in things) if verb == "eat" else all(
        w in _ALCOHOL or object_kind(w) in ("alcohol", "hot drink", "soft drink") for w in things)
    return [f"I {verb} {m.group('x')} now"] if known else []


def given_up(text: str) -> list[str]:
    """The plain clauses for what ``text`` says was given up or taken back up (see the module doc)."""
    said = [s for p in (_FOR_ME, _NO_MORE, _COUNTED, _DOWN_TO_NONE, _HABIT_KICKED, _HUNG_UP) for m in p.finditer(text)
            if (s := _ended(m.group("x")))]
    said += [now for p in (_FOR_ME, _NO_MORE, _HABIT_KICKED) for m in p.finditer(text) if (s := _ended(m.group("x")))
             for now in _instead(text, m.end(), s)]
    said += [f"I drink {x} now" for m in _ALL_THE_WAY.finditer(text)
             if object_kind(x := m.group("x").lower()) in ("hot drink", "soft drink", "alcohol")]
    said += [s for m in _UNTOUCHED.finditer(text) if (s := _ended(m.group("x") or m.group("y")))]
    said += [f"I don't {_PASTIME_DONE[m.group('v').lower()]} anymore" for m in _NOT_DONE_IN.finditer(text)]
    said += [s for m in _OFF_THE.finditer(text) if (s := _ended(m.group("x")) if m.group("x") else _stopped_medicine(
        m.group("med")) or _drink_ended(m.group("med")))]
    said += [f"I still eat {x}" if m.group("on").lower() == "on" else f"I don't eat {x} anymore"
             for m in _MENU.finditer(text) if (x := m.group("x").lower()) in _FOOD]
    said += ["I'm sober now" for _ in _SOBER.finditer(text)][:1] + ["I quit the gym" for _ in _GYM_CANCELLED.finditer(
        text)][:1]
    said += [f"I'm not a {agent} anymore" for m in _QUIT_WORK.finditer(text)
             if (agent := _doer(m.group("x").lower()))]
    said += [f"I'm not a {agent} anymore" for m in _NOT_WORKING.finditer(text) if (agent := _work_stopped(m))]
    for m in _THEY_QUIT_WORK.finditer(text):
        if (agent := _doer(m.group("x").lower())) and m.group("who").lower() not in _NOT_WHO:
            said += [f"{m.group('who')} isn't a {agent} anymore"]
            said += [f"{m.group('who')} is {m.group('next').strip()}"] if m.group("next") else []
    for m in _BACK_ON.finditer(text):
        x = m.group("x").lower().split()[0]
        said += [f"I eat {x} again"] if x in _FOOD else ["I drink alcohol again"] if x in _ALCOHOL else []
    return list(dict.fromkeys(said))
