"""A clause as a clean third-person sentence: "I'm sick of jazz these days" -> "User is sick of jazz these days".

The speaker's "I"/"we" become the speaker's name, "my" becomes "their" (or "User's" inside the
subject), verbs agree with the third person, lead-in words ("Honestly", "Actually", "Well") and
trailing verbless fragments (", so no meat for me") are dropped, and a clause whose subject was
inherited ("... and now works at a bookshop") or resolved from "he"/"she" names it.
"""

from __future__ import annotations

import re
from typing import Any

from mem_graph.extract.clauses import CLAUSE_DEPS, Subject
from mem_graph.extract.cues import years_doing_before
from mem_graph.extract.kin_words import KIN

FIRST_PERSON = {"i": None, "me": None, "myself": None, "we": None, "us": None}
_AUX_3RD = {"do": "does", "have": "has", "am": "is", "'m": "is", "are": "is", "'re": "is", "'ve": "has",
            "ve": "has", "were": "was"}
LEAD_DEPS = frozenset({"intj", "dep", "discourse", "vocative", "punct", "cc", "neg", "mark", "meta", "npadvmod",
                       "advcl"})
LEAD_INS = frozenset([
    "actually", "honestly", "well", "so", "anyway", "basically", "oh", "ok", "okay", "yeah", "also", "btw", "frankly",
    "lol", "haha", "and", "but", "um", "uh", "hey", "guess", "plus",
])


def third_person(verb: str) -> str:
    if verb in ("be", "am", "are"):
        return "is"
    if verb == "have":
        return "has"
    if re.search(r"(s|sh|ch|x|z|o)$", verb):
        return verb + "es"
    if re.search(r"[^aeiou]y$", verb):
        return verb[:-1] + "ies"
    return verb + "s"


# verbs that report what someone thinks or advises: "my girlfriend maya thinks i should've stayed at the bank"
OPINION_VERBS = frozenset({"think", "reckon", "believe", "feel", "suppose", "guess", "doubt"})
# ("insist": "we renamed the dog Bruno, the kids insisted" reports what was done; "insists i should" a view)
SPEECH_VERBS = frozenset({"say", "tell", "claim", "keep", "swear", "mean", "insist"})
_MODALS = frozenset({"should", "could", "would", "'d", "must", "ought", "might", "may", "need"})


def reports_other(verb: Any) -> bool:
    """``verb`` says what someone other than the speaker thinks or advises ("maya thinks i should've stayed",
    "my mum says i should move home"): its clause complement is that person's view, not a fact said."""
    lemma = verb.lemma_.lower()
    if lemma not in OPINION_VERBS | SPEECH_VERBS:
        return False
    subj = next((c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    if subj is None or subj.lower_ in ("i", "we", "me"):
        return False
    comp = next((c for c in verb.children if c.dep_ == "ccomp" and c.pos_ in ("VERB", "AUX")), None)
    if comp is None or (comp.i < verb.i and any(c.dep_ in ("acomp", "attr", "dobj", "oprd") for c in verb.children)):
        return False  # ("luna passed away, the house feels so empty": the house's feeling is its own clause)
    # a report ("my doctor says i'm anaemic") states a fact; an opinion or advice ("thinks", "says i should") not
    return lemma in OPINION_VERBS or any(c.lower_ in _MODALS or c.lemma_.lower() in _MODALS
                                         for c in comp.children if c.dep_ == "aux")


def reported(verb: Any) -> bool:
    """``verb`` heads the view another person holds ("[i should've stayed]" under "maya thinks")."""
    if verb.dep_ != "ccomp" or verb.head == verb or not reports_other(verb.head):
        return False
    # "i moved to leeds, my mum thinks it suits me": her view is the clause after "thinks"; the one before is said
    return not (verb.i < verb.head.i and any(c.dep_ == "ccomp" and c.i > verb.head.i for c in verb.head.children))


def _next_word(tok: Any) -> str:
    """The word after ``tok``, past adverbs ("'s already made" -> "made")."""
    return next((n.lower_ for n in tok.doc[tok.i + 1: tok.i + 4] if n.pos_ != "ADV"), "")


# "she's moved to Spain" is "she has moved" ("she's married" stays "is")
_HAS_PARTICIPLES = frozenset({"been", "got", "gotten", "moved", "gone", "started", "left", "joined", "become", "taken",
                              "switched", "changed", "bought", "sold", "found", "lost", "decided", "stopped", "signed",
                              "booked", "passed", "failed", "had", "made", "finished", "landed", "accepted", "adopted",
                              "retrained", "relocated", "quit", "given", "picked", "dropped", "applied", "lived",
                              "worked", "done", "seen", "known", "won", "spent", "taught", "studied", "owned",
                              "used", "played", "stayed", "travelled", "traveled", "visited", "tried", "wanted",
                              "eaten", "chewed", "swallowed", "broken", "grown", "put", "gained", "kept", "split",
                              "ended", "agreed", "sent", "written"})
# verbs whose past is their present ("quit", "cut"): the parser's tag does not tell which was said
_SAME_PAST = frozenset({"quit", "cut", "put", "set", "let", "shut", "split", "hit", "hurt", "read", "spread", "bet",
                        "cost", "upset", "broadcast"})
_PAST_WORDS = frozenset({"ago", "yesterday", "last", "earlier", "already", "once", "then", "finally"})


def _said_past(verb: Any) -> bool:
    """The clause dates itself in the past ("quit smoking 2 months ago", "cut my hair last week")."""
    return any(t.lower_ in _PAST_WORDS or (t.ent_type_ == "DATE" and t.like_num and len(t.text) == 4)
               for t in verb.subtree)


def own_tokens(tok: Any) -> set[int]:
    """A token's subtree without its conjuncts (and their links)."""
    out = {tok.i}
    for child in tok.children:
        if child.dep_ not in ("conj", "cc", "punct"):
            out.update(t.i for t in child.subtree)
    return out


def _held(verb: Any, clause: Any) -> bool:
    """``clause`` is what was got and what it does ("got [a laptop running arch]"), or the post one was promoted to:
    the object, not a clause."""
    if verb.lemma_.lower() in ("promote", "demote") and clause.dep_ == "advcl" and any(
            g.tag_ == "TO" for g in clause.children):  # "promoted to programme coordinator" ("programme" a verb)
        return True
    return verb.lemma_.lower() in ("get", "buy", "have") and clause.dep_ == "ccomp" and clause.tag_ == "VBG" and any(
        g.dep_ == "nsubj" and g.pos_ == "NOUN" for g in clause.children)


_RELATIVE = frozenset({"who", "which", "that", "whom", "whose", "what"})


def clause_tokens(verb: Any, exclude: list[Any], keep: set[int] | None = None) -> list[Any]:
    """The clause's words, minus nested clauses, the other conjoined objects and lead-ins."""
    drop: set[int] = set()
    for obj in exclude:  # "tea, coffee and cake" -> keep only this fact's object
        drop.update(own_tokens(obj))
        links = [*obj.children, *(obj.head.children if obj.dep_ == "conj" else [])]
        drop.update(t.i for c in links if c.dep_ in ("cc", "punct") for t in c.subtree)  # "and also dust"
    opinion = reports_other(verb)  # "Maya thinks User should've stayed at the bank": the view is the fact
    for child in verb.children:
        if child.dep_ in CLAUSE_DEPS and child.pos_ in ("VERB", "AUX") and child != verb and not (
                opinion and child.dep_ == "ccomp") and not _held(verb, child):
            drop.update(t.i for t in child.subtree)
            drop.update(c.i for c in verb.children if c.dep_ == "cc" and c.i < child.i)
            if child.dep_ == "conj":  # "Mia is 4 and goes to little acorns nursery": "nursery" hung on "is"
                drop.update(t.i for c in verb.children if c.i > child.i for t in c.subtree)
        elif child.dep_ == "conj" and child.lemma_.lower() in KIN and any(g.dep_ == "poss" for g in child.children):
            # "I live in Wellington and my best mate Rawiri is up in Auckland": the mate starts a clause of its own
            drop.update(t.i for t in child.subtree)
            drop.update(c.i for c in verb.children if c.dep_ == "cc" and c.i < child.i)
    for tok in verb.subtree:
        if tok.dep_ == "prep" and tok.lower_ in ("before", "after") and tok != verb and any(
                g.dep_ == "pcomp" and g.pos_ == "VERB" for g in tok.children):
            drop.update(t.i for t in tok.subtree if t.i >= tok.i)  # "... before coming back to Seattle": own fact
    for tok in verb.subtree:  # "i played rugby, second row, now its just the odd 5k run": a clause after a comma
        if tok.dep_ in ("relcl", "acl") and tok.pos_ in ("VERB", "AUX") and tok.left_edge.i > 0 and \
                tok.doc[tok.left_edge.i - 1].text == "," and any(c.dep_ in ("nsubj", "nsubjpass") and c.lower_ not in
                                                                   _RELATIVE for c in tok.children):
            drop.update(range(tok.left_edge.i - 1, tok.right_edge.i + 1))  # (the parser hung it on a noun)
    subj = next((c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")), None)
    for child in verb.children:  # "Big news: I moved…", "Honestly, I…", "Not really, I…": drop the lead-in
        if child.i in (keep or set()):
            continue  # "My girlfriend Sara is visiting" (the parse hung "girlfriend" on the verb)
        if child.i < verb.i and (subj is None or child.i < subj.i) and child.dep_ not in ("aux", "auxpass") and not (
                child.dep_ == "neg" and subj is None) and (
                child.dep_ != "prep" or child.lower_ == "as"):  # keep "At work, I ..."; drop "As a nurse, I ..."
            drop.update(t.i for t in child.subtree)
    # ", so no meat for me", "vegetarian so no meat for me": a verbless tail after "so"/"but" (whatever the
    # parse calls the word, once the clause has its complement) is not part of the fact
    complements = [c.i for c in verb.children if c.dep_ in ("acomp", "attr", "dobj", "prep", "oprd", "xcomp")]
    cc = next((c for c in verb.children if c.i > verb.i and c.lower_ in ("so", "but") and (
        c.dep_ == "cc" or (c.dep_ in ("advmod", "mark") and complements and min(complements) < c.i))), None)
    if cc is not None and not any(t.pos_ in ("VERB", "AUX") for t in verb.doc[cc.i + 1: verb.right_edge.i + 1]):
        drop.update(range(cc.i, verb.right_edge.i + 1))
        drop.update(t.i for t in verb.doc[cc.i - 1: cc.i] if t.is_punct)
    # "i don't have any pets myself", "I myself prefer tea": an emphatic reflexive says nothing of its own
    drop.update(t.i for t in verb.subtree if t.lower_ in ("myself", "ourselves") and t.dep_ in ("npadvmod", "appos"))
    toks = [t for t in verb.subtree if t.i not in drop]
    while toks and (toks[0].is_punct or toks[0].dep_ == "cc" or (toks[0].lower_ in LEAD_INS and toks[0].i < verb.i
                    and toks[0].dep_ in ("advmod", "intj", "cc"))):
        toks.pop(0)
    while toks and (toks[-1].is_punct or toks[-1].dep_ == "cc"):
        toks.pop()
    if toks and sum(t.text == "(" for t in toks) > sum(t.text == ")" for t in toks):
        # "maisie (9)": the closing bracket was trimmed as punctuation; without one, the aside goes
        nxt = toks[-1].doc[toks[-1].i + 1] if toks[-1].i + 1 < len(toks[-1].doc) else None
        if nxt is not None and nxt.text == ")":
            toks.append(nxt)
        else:
            toks = toks[:max(i for i, t in enumerate(toks) if t.text == "(")]
    return toks


def _pair_subject(t: Any) -> bool:
    """The clause of ``t`` has a coordinated subject ("euan and i")."""
    verb = t if t.dep_ not in ("aux", "auxpass") else t.head
    subjects = [c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")]
    joined = len(subjects) > 1 and any(w.lower_ in ("and", "&") for w in t.doc[subjects[0].i: subjects[-1].i])
    return joined or any(g.dep_ == "conj" for c in subjects for g in c.children)  # (not "plot twist, ... I've")


def render(verb: Any, subject: Subject, speaker: str, exclude: list[Any] | None = None,
           subject_token: Any | None = None) -> str:
    toks = clause_tokens(verb, exclude or [], keep=subject.tokens)
    first_person_heads = {t.head.i for t in toks if t.lower_ in ("i", "we") and t.dep_ in ("nsubj", "nsubjpass")}
    subject_speaker = subject.is_speaker
    named = subject_token is not None and subject_token.i in {t.i for t in toks}
    out: list[str] = []
    if not named:  # inherited or implied subject: say who
        out.append(subject.name + " ")
        if subject_speaker:
            first_person_heads.add(verb.i)
    in_subject = subject.tokens
    prev = None
    word_of: dict[int, str] = {}  # what each token was rendered as
    # "(quit dentistry) to become a pilot", said on its own: "Jake is a pilot"
    purpose = not named and verb.tag_ == "VB" and any(c.tag_ == "TO" and c.dep_ == "aux" for c in verb.children)
    for t in toks:
        word, low = t.text, t.lower_
        if purpose and t.tag_ == "TO" and t.head.i == verb.i:
            continue
        if subject_token is not None and t.i == subject_token.i and low in ("he", "she", "they"):
            word = subject.name
        elif t.i in in_subject and subject.owner and low in ("her", "his", "its") and t.tag_ == "PRP$":
            word = f"{subject.owner}'s"  # "her name is Nova" -> "User's puppy's name is Nova"
        elif low in ("myself", "ourselves") and subject_speaker:
            word = "themself" if low == "myself" else "themselves"  # "I taught myself Spanish"
        elif low in ("i", "we") or low in ("me", "us", "myself", "ourselves"):
            word = speaker
        elif low in ("my", "our", "mine", "ours"):
            word = f"{speaker}'s" if t.i in in_subject or not subject_speaker else (
                "theirs" if low in ("mine", "ours") else "their")
        elif low == "'d" and t.tag_ == "MD":
            word = "would"
        elif low == "'ll" and t.tag_ == "MD" and prev is not None and word_of.get(prev.i, prev.text) != prev.text:
            word = "will"  # "she'll be on shift" -> "Hannah will be on shift" (not "Hannah'll")
        elif low == "'s" and prev is not None and ((t.tag_ == "VBZ" and (
                word_of.get(prev.i, prev.text) != prev.text or _next_word(t) in _HAS_PARTICIPLES)) or (
                t.tag_ == "POS" and t.i + 1 < len(t.doc) and t.nbor(1).pos_ == "VERB"  # "Tom's moved": read as
                and _next_word(t) in _HAS_PARTICIPLES)):  # a possessive before a verb
            # "she's a nurse" -> "User's wife is a nurse" (not "User's wife's a nurse"); "grandad's moved in" ->
            # "User's grandad has moved in" (past an adverb: "she's already made two friends")
            word = "has" if _next_word(t) in _HAS_PARTICIPLES else "is"
        elif (t.i in first_person_heads or t.head.i in first_person_heads) and t.tag_ in ("VBP", "VBD") and \
                not _pair_subject(t):  # ("euan and i have split": they have)
            if low in _AUX_3RD:
                word = _AUX_3RD[low]
            elif t.tag_ == "VBP" and (t.dep_ in ("ROOT", "conj", "ccomp", "advcl") or t.i in first_person_heads) \
                    and not (low in _SAME_PAST and (low == "quit" or _said_past(t))):  # "I quit smoking": past
                word = third_person(low)
        elif t.tag_ == "VB" and t.i in first_person_heads and not low.endswith("ed") and low not in (
                "got", "bought", "sold", "went", "took", "made", "had", "left", "quit", "met") and not any(
                c.dep_ in ("aux", "auxpass") for c in t.children):  # "I no longer use" (read as VB)
            word = third_person(low)
        if purpose and t.i == verb.i:  # "(quit dentistry) to become a pilot": what they are now
            word = "is" if t.lemma_.lower() == "become" else third_person(low)
        elif not named and t.i == verb.i and t.tag_ == "VBG" and not any(c.dep_ == "aux" for c in t.children):
            plural = subject.plural and subject.name != speaker  # "(handed in my notice,) starting at X": is
            ended = years_doing_before(verb)  # ("retired after 40 years teaching woodwork": was teaching)
            word = f"{('were' if plural else 'was') if ended else ('are' if plural else 'is')} {word}"
        if not named and len(out) == 1 and t.pos_ != "PROPN" and word == t.text and word.istitle():
            word = word[:1].lower() + word[1:]  # "Had my birthday" -> "User had their birthday"
        if out and not out[-1].endswith(" ") and ((word != t.text and t.text.startswith("'")) or (
                prev is not None and t.i != prev.i + 1 and not t.is_punct)):
            out[-1] += " "  # a dropped word or a replaced contraction leaves no space behind
        out.append(word + t.whitespace_)
        word_of[t.i] = word
        prev = t
    text = _LEADING_WORDS.sub("", "".join(out).strip()).lstrip(",;:-– ")  # "Now User works at …": said plainly
    text = _TRAILING_WORDS.sub("", text)  # "User dropped spanish, instead" (its clause "doing japanese" left out)
    return text[0].upper() + text[1:] if text else text


_TRAILING_WORDS = re.compile(r"\s*[,;]\s*(?:(?:now|instead|then|too|though|anyway|not)\b\W*)+$", re.I)
_LEADING_WORDS = re.compile(r"^(?:(?:now|so|well|actually|also|and|but|anyway|honestly|then|plus|oh|ok|okay|yeah|"
                            r"btw|update|news)\b[,:]?\s+)+(?=\S+\s+\S)", re.I)


def listed_value_text(verb: Any, lemma: str, subject: Subject, obj: Any, negated: bool) -> str:
    """One value of a list the parse tangled, as a short sentence of its own: "User speaks Greek", "User's stack
    is django", "User doesn't use nano", "User moved off heroku" (a verb that ends what it names, as said)."""
    said = f"{subject.owner}'s {subject.attribute}" if subject.owner and subject.attribute else subject.name
    if negated and any(c.dep_ == "neg" for c in verb.children):
        return f"{said} doesn't {lemma} {obj.text}"
    said += " " + (verb.text if negated else third_person(lemma))
    first = obj
    while first.dep_ in ("appos", "conj") and first.head.i != first.i:  # ("we're on Python, mostly Django": "on")
        first = first.head
    said += "".join(f" {t.text}" for t in verb.children
                    if t.dep_ == "prt" or (t.dep_ == "prep" and t.i == first.head.i))
    return f"{said} {obj.text}"


# how a value that replaces another is said ("User now works as ...", "service now runs on ...")
RELATION_PHRASES = {"lives_in": "lives in", "works_at": "works at", "drives": "drives", "phone": "uses", "uses": "uses",
                    "studies_at": "studies at", "database": "runs on", "diet": "follows a diet:",
                    "works_as": "works as", "name": "is named", "computer": "uses"}


def replacement_text(m: Any) -> str | None:
    """"User now drives a Subaru", "service now runs on Postgres": the new value of a replacement said plainly (a
    slot match ``m``; None for a many-valued slot with no phrase)."""
    if not (m.single or m.spec.relation in RELATION_PHRASES):
        return None
    said = m.object
    if m.spec.relation in ("drives", "works_as") and said[:1].isalpha() and not said.lower().startswith(
            ("a ", "an ", "the ", "my ", "his ", "her ", "their ")) and not said.lower().endswith("s"):
        said = f"{'an' if said[:1].lower() in 'aeiou' else 'a'} {said}"  # "User now drives a Juke"
    return f"{m.subject} now {RELATION_PHRASES.get(m.spec.relation, m.spec.relation.replace('_', ' '))} {said}"
