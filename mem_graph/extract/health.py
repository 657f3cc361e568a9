"""Health conditions as people name them: the words that make a noun phrase a condition ("asthma", "Crohn's
disease", "an eating disorder"), and the grade said before one ("type 2 diabetes", "stage 3 kidney disease").

spaCy's small model reads a lower-case "type"/"stage" before a number as the verb or the root of the clause
("I have type 2 diabetes": "type" ROOT), so no fact comes out; written as the medical name is written ("Type 2
diabetes") it is a modifier of the condition and "have" keeps its object.
"""

from __future__ import annotations

import re
from typing import Any

from mem_graph.extract.hedges import Hedge

# a condition word alone names the slot's value; the heads "disease", "disorder", "syndrome" name any
# condition said with them ("heart disease", "an eating disorder", "Tourette syndrome")
_CONDITIONS = """
diabetes asthma arthritis migraines migraine adhd autism anxiety depression epilepsy hypertension insomnia
celiac coeliac eczema cancer covid flu cold disease disorder syndrome lupus psoriasis fibromyalgia dementia
alzheimer's parkinson's crohn's ibs copd ptsd ocd gout tinnitus scoliosis endometriosis pcos anaemia anemia
dyslexia dyspraxia sciatica osteoporosis leukemia leukaemia lymphoma hepatitis glaucoma shingles hypothyroidism
hyperthyroidism tendonitis bronchitis pneumonia sinusitis vertigo prediabetes
"""
# what "I'm <adjective>" says a condition with ("I'm coeliac", "doc says I'm prediabetic"; never "I'm cold")
_ADJECTIVES = "diabetic prediabetic pre-diabetic asthmatic epileptic anaemic anemic dyslexic autistic arthritic " \
    "hypertensive"
HEALTH_CONDITIONS: tuple[str, ...] = tuple(_CONDITIONS.split()) + tuple(_ADJECTIVES.split())
HEALTH_ADJECTIVES = frozenset(_ADJECTIVES.split()) | {"coeliac", "celiac"}

# medicines by their generic or brand names, and the kinds people say ("I'm on sertraline", "started ozempic")
_MEDICATIONS = """
metformin insulin ozempic wegovy mounjaro semaglutide tirzepatide sertraline zoloft fluoxetine prozac citalopram
escitalopram lexapro venlafaxine effexor mirtazapine amitriptyline bupropion wellbutrin lithium quetiapine seroquel
lamotrigine adderall ritalin methylphenidate elvanse vyvanse concerta atomoxetine levothyroxine thyroxine lisinopril
ramipril amlodipine losartan bisoprolol propranolol atenolol atorvastatin simvastatin rosuvastatin statins warfarin
apixaban rivaroxaban clopidogrel omeprazole lansoprazole naproxen codeine tramadol gabapentin pregabalin prednisolone
prednisone salbutamol ventolin symbicort montelukast cetirizine loratadine antihistamines microgynon yasmin hrt
estradiol progesterone finasteride minoxidil melatonin accutane isotretinoin roaccutane doxycycline amoxicillin
antibiotics antidepressants ssris spironolactone diazepam propranolol nicorette methotrexate humira champix
varenicline
"""
MEDICATIONS: tuple[str, ...] = (*dict.fromkeys(_MEDICATIONS.split()), "the pill", "beta blockers", "blood thinners",
                                 "iron tablets", "blood pressure tablets", "birth control", "nicotine gum",
                                 "nicotine patches", "nicotine patch", "nicotine lozenges")

_HEADS = "|".join(re.escape(w) for w in HEALTH_CONDITIONS)
# "type 2 diabetes", "stage 3 kidney disease", "grade II tear"-like grades before a condition of the list,
# at most two words between ("stage 4 breast cancer"); not "stage 2 of the plan", "type 2 the code"
_GRADED = re.compile(rf"\b(type|stage|grade)\s+(\d|i{{1,3}}|iv)(?=\s+(?:[a-z'-]+\s+){{0,2}}(?:{_HEADS})\b)", re.I)


def name_grades(text: str) -> str:
    """"i have type 2 diabetes" -> "i have Type 2 diabetes" (the grade as the condition's name writes it)."""
    return _GRADED.sub(lambda m: f"{m.group(1)[:1].upper()}{m.group(1)[1:].lower()} {m.group(2).upper()}", text)


_OUTGROW = frozenset({"outgrow", "grow", "lose", "cure", "beat"})  # "he's outgrown his nut allergy"


_SEVERITY = frozenset({"severe", "mild", "bad", "slight", "serious", "major", "minor", "deadly", "life-threatening",
                       "anaphylactic", "new", "nasty", "awful", "terrible", "proper", "real", "massive", "huge"})


def allergy_of(lemma: str, obj: Any) -> tuple[str, bool] | None:
    """The allergen of "have a nut allergy" / "outgrew her peanut allergy", and whether the allergy ended:
    an allergy said as a noun is a value of the allergies slot, not a thing one owns."""
    if obj.lemma_.lower() not in ("allergy", "intolerance") or lemma not in ({"have", "get", "develop"} | _OUTGROW):
        return None
    words = [c.text for c in obj.children if c.dep_ in ("compound", "amod", "nmod") and c.i < obj.i
             and c.lower_ not in _SEVERITY]  # "a severe peanut allergy": the allergen is peanut
    if not words:
        return None
    return " ".join(words).lower(), lemma in _OUTGROW


# "the doctor put me on statins", "my gp switched me from metformin to ozempic", "doc put Darlene on losartan":
# what the patient takes now. The prescriber said first goes (the fact is the patient's); without one, a
# medicine must be named ("she took me off it and started me on Ozempic": not "put me on the rota").
_PRESCRIBER = r"(?:(?:the|my|her|his|their|our)\s+)?(?:doctor|doc|gp|consultant|psychiatrist|specialist|" \
    r"cardiologist|endocrinologist|nurse|vet|dietitian|dietician|nutritionist|dr\.? [a-z]+)(?:'s)?\s+" \
    r"(?:has\s+|just\s+|finally\s+)*"  # ("doc's put me on metformin": the doctor has)
_PRESCRIBED = re.compile(rf"(?P<by>\b{_PRESCRIBER})?\b(?P<verb>put|started|switched|moved)\s+"
                         r"(?P<who>me|him|her|them|[A-Z][a-z]+)\s+(?:(?:from|off)\s+(?P<old>[\w-]+(?:\s+[\w-]+)?)\s+)?"
                         r"(?:on|onto|to)\s+(?=(?P<med>[\w-]+))", re.I)
_BE = {"me": "I'm", "him": "he's", "her": "she's", "them": "they're"}
_SUBJECT = {"me": "I", "him": "he", "her": "she", "them": "they"}


def _prescribed(m: re.Match[str]) -> str:
    who = m.group("who")
    pronoun = who.lower() in _BE
    if not pronoun and not who[:1].isupper():  # (re.I: "put the kids on the bus" is nobody named)
        return m.group(0)
    if m.group("by") is None and m.group("med").lower() not in MEDICATIONS:
        return m.group(0)
    if m.group("verb").lower() in ("put", "started"):
        now = "" if m.group("by") else "now "  # (as said before this reader took others in: unchanged)
        return f"{_BE[who.lower()] if pronoun else who + ' is'} {now}on "
    old = f"from {m.group('old')} " if m.group("old") else ""
    return f"{_SUBJECT[who.lower()] if pronoun else who} switched {old}to "


def prescribed(text: str) -> str:
    """``text`` with each prescription said as what the patient is on now."""
    return _PRESCRIBED.sub(_prescribed, text)


_MED_WORDS = tuple(dict.fromkeys(m.split()[-1][:5] for m in MEDICATIONS))  # a stem of each name, to look first
_MED = "|".join(re.escape(m) for m in sorted(MEDICATIONS, key=len, reverse=True))
# "she's taken me off the warfarin", "gp stopped my metformin altogether", "came off sertraline in may"
_MED_OFF = re.compile(rf"\b(?:taken|took|taking|got|put|has me) me off (?:the |my )?(?P<x>{_MED})\b"
                      rf"|\b(?:stopped|stopping|cut out|ditched|came off|come off|coming off|weaned off) (?:the |my )?"
                      rf"(?P<y>{_MED})\b", re.I)
# "put me on apixaban", "started me on ozempic", "it's apixaban now"
_MED_ON = re.compile(rf"\b(?:put|started|starting|switched|moved) me (?:on|onto|over to) (?:the )?(?P<x>{_MED})\b"
                     rf"|\b(?:it'?s|its|it is) (?P<y>{_MED}) now\b", re.I)
# "I'm 74 and on warfarin for my AF", "type 2 diabetic, 58, on metformin 500mg": what one takes now
_ON_MED = re.compile(rf"(?:\bi'?m|\bim|\bi am|\bbeen|\bstill|\band|,)\s+(?:currently |now |also )?on (?:the )?"
                     rf"(?P<x>{_MED})\b", re.I)
_MED_HEDGE = Hedge("talk about", "about to", "asked")


# "my asthma's basically gone", "my eczema has cleared up": a condition the speaker no longer has (not "my cold is
# going", "my migraine's gone for today": a passing one)
_PASSING = frozenset({"cold", "flu", "covid", "migraine"})  # (one migraine passes; "my migraines" are a condition)
_CONDITION_GONE = re.compile(rf"\bmy (?P<x>{_HEADS})(?:'s|\u2019s| has| is| have| are)\s+(?:(?:basically|completely|"
                             r"totally|finally|pretty much|all but|now|fully|just)\s+)*(?:gone|cleared(?: up)?|cured|"
                             r"disappeared|gone away|in remission)\b(?!\s+(?:for (?:now|today|the day)|today)\b)", re.I)


def condition_gone(text: str) -> list[str]:
    """"I don't have asthma anymore" for "my asthma's basically gone" (see ``_CONDITION_GONE``)."""
    return [f"I don't have {x} anymore" for m in _CONDITION_GONE.finditer(text) if (x := m.group("x").lower())
            not in _PASSING]


def medication_changes(text: str) -> list[str]:
    """The plain clauses for a medicine stopped or started, as a GP's change is told ("she's taken me off the
    warfarin, it's apixaban now": "I don't take warfarin anymore", "I take apixaban now"); not a plan or a
    question ("might come off sertraline", "should i stop my metformin?")."""
    said: list[str] = []
    low = text.lower()
    if not any(m in low for m in _MED_WORDS):
        return said  # (a cheap look first: most sentences name no medicine)
    for pattern, clause in ((_MED_OFF, "I don't take {} anymore"), (_MED_ON, "I take {} now"), (_ON_MED, "I take {}")):
        for m in pattern.finditer(text):
            if pattern is _ON_MED and _MED_OFF.search(text):
                continue  # ("off the warfarin, and on apixaban": the change says it)
            if not _MED_HEDGE.said_as_done(text, m):
                continue
            said.append(clause.format(str(m.group("x") or m.groupdict().get("y") or "").lower()))
    return said
