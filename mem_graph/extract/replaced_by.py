"""The new thing as the subject of "replace": "boxing has replaced swimming for me" (or the old one as the
subject: "squash has been replaced by padel"), "tacos replaced sushi as my favourite food", "opera has replaced
punk on my playlists", "curry has overtaken lasagne", "curry beats lasagne now" (beat said with a change word
only).

The clause reader reads "replace" with the speaker as subject ("I replaced SQLite with MySQL"); with the new
thing as the subject and the old as the object, it named no slot and the turn was kept as said. Here:

- "<new> replaced <old> as my <attribute>" ("as my favourite food", "as my go-to drink") is read as "my
  <attribute> is <new> now": a one-value attribute, so the old value ends;
- "<new> replaced <old> [for me]" is read as the speaker doing the new thing now and no longer the old one, when
  the lexicons know both as one kind with a verb of its own (a sport or pastime: do; a hot drink: drink; a diet:
  be; a tool: use; a music genre: be into), e.g. "I do boxing now" and "I don't do swimming anymore"; two dishes
  are read as the favourite food.

Not when the replacement is someone else's ("for my brother", "replaced my brother's old car"), said with a
hedge or a plan ("might replace", "will replace"), negated ("nothing has replaced coffee"), or with a pronoun for
either thing ("it replaced tea": who knows what "it" is).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from mem_graph.extract.catalogue import DIETS
from mem_graph.extract.clauses import compound_span, span_text
from mem_graph.extract.cue_change import object_kind
from mem_graph.types import Fact

# a kind the lexicons know -> (how the new value is said, how the old one is said to be over)
_SAID_AS = {"sport": ("I do {} now", "I don't do {} anymore"), "exercise": ("I do {} now", "I don't do {} anymore"),
            "hot drink": ("I drink {} now", "I don't drink {} anymore"),
            "soft drink": ("I drink {} now", "I don't drink {} anymore"),
            "tool": ("I use {} now", "I don't use {} anymore"),
            "diet": ("I'm {} now", "I'm not {} anymore"),
            "music": ("I'm into {} now", "I'm not into {} anymore"),
            "dish": ("my favourite food is {} now", "")}  # (one favourite: the new one ends the old)
# "<new> replaced / has overtaken / dethroned <old>"; "<new> beats <old>" only said as a change ("now")
_REPLACING = frozenset({"replace", "overtake", "dethrone", "beat", "trump", "supplant"})
_PREFERRING = frozenset({"beat", "trump"})  # "X beats Y now" prefers X, it does not give Y up
_CHANGE_WORDS = frozenset({"now", "nowadays", "lately", "officially"})
_THING = r"[a-z][\w'-]*(?: [a-z][\w'-]*){0,2}?"  # one to three words
_PLAIN = re.compile(rf"^\W*(?:(?:honestly|ngl|tbh|lol|ok|okay|so|update)\W+)*(?P<new>{_THING}) "
                    r"(?P<verb>beats|trumps|has overtaken|overtook|has dethroned|dethroned|has replaced|replaced) "
                    rf"(?P<old>{_THING})(?P<when>(?: (?:now|these days|nowadays|lately|for me|officially"
                    r"|as my \w+(?: \w+)?))*)\W*$", re.I)
_OWN = frozenset({"me", "us", "myself"})


def _name(tok: Any) -> str | None:
    if tok.pos_ == "PRON" or tok.lower_ in ("nothing", "something", "anything", "everything"):
        return None
    toks = [t for t in compound_span(tok) if t.lower_ not in ("my", "our", "the", "a", "an")]
    name = span_text(toks)
    first = toks[0].i == tok.sent.start and name[1:2].islower()  # "Tacos has replaced sushi": capitalised as first
    return (name[:1].lower() + name[1:] if first else name) or None


def _said_as_change(verb: Any) -> bool:
    """"curry beats lasagne now", "these days opera beats punk": not a match report ("Leeds beat Hull")."""
    words = {t.lower_ for t in verb.sent}
    return bool(words & _CHANGE_WORDS) or "these days" in verb.sent.text.lower()


def _kind(name: str) -> str | None:
    if name.lower() in DIETS:
        return "diet"
    kind = object_kind(name.lower())
    if kind == "activity":  # "climbing has replaced yoga": a pastime and an exercise are one kind here
        return "exercise"
    return "tool" if kind is not None and kind.startswith("tech") else kind


def replaced_by(sent: Any, found: list[Fact], read: Callable[[str], list[Fact]]) -> list[Fact]:
    """``found`` with the facts of "<new> replaced <old>" said of the speaker in place of the slotless one the
    clause reader made of it; ``found`` itself when no rule fires."""
    parsed = any(t.lemma_.lower() in _REPLACING and t.pos_ == "VERB" for t in sent)
    new_facts = _replaced(sent, read) if parsed else _said_plainly(sent.text, read)  # (a verb misparsed: by its words)
    if not new_facts:
        return found
    news = {f.object_key for f in new_facts}
    # the clause reader's own reading goes: unplaced, or with the new thing as the subject ("Neovim now uses VS Code")
    return [f for f in found if (f.slot or "replac" not in f.evidence) and f.subject_key not in news] + new_facts


def _said_plainly(text: str, read: Callable[[str], list[Fact]]) -> list[Fact]:
    """"curry beats lasagne now" (the parser reads "beats" as a noun): the bare sentence, two things of one kind
    the lexicons know by their whole name."""
    m = _PLAIN.match(text)
    preferred = m is not None and m.group("verb").lower().removesuffix("s") in _PREFERRING
    if m is None or (preferred and not m.group("when")):
        return []
    new, old = m.group("new").lower(), m.group("old").lower()
    kind = _kind(new)
    if kind is None or kind != _kind(old) or kind not in _SAID_AS:
        return []
    return _switch(kind, new, old, read, ended=not preferred)


def _switch(kind: str, new: str, old: str, read: Callable[[str], list[Fact]], ended: bool = True) -> list[Fact]:
    """The facts of the new thing taken up and, when ``ended``, the old one given up."""
    now, over = _SAID_AS[kind]
    started = [f for f in read(now.format(new)) if f.slot and not f.negated]
    return [*(f for f in read(over.format(old)) if ended and over and f.negated), *started] if started else []


def _replaced(sent: Any, read: Callable[[str], list[Fact]]) -> list[Fact]:
    for verb in sent:
        if verb.lemma_.lower() not in _REPLACING or verb.pos_ != "VERB" or (verb.lemma_.lower() in _PREFERRING
                                                                            and not _said_as_change(verb)):
            continue
        subj = next((c for c in verb.children if c.dep_ == "nsubj"), None)
        obj = next((c for c in verb.children if c.dep_ == "dobj"), None)
        by = next((g for c in verb.children if c.dep_ == "agent" for g in c.children if g.dep_ == "pobj"), None)
        if subj is None and obj is None and by is not None:  # "squash has been replaced by padel": passive
            subj, obj = by, next((c for c in verb.children if c.dep_ == "nsubjpass"), None)
        if subj is None or obj is None or any(c.dep_ == "neg" or c.tag_ == "MD" for c in verb.children):
            continue
        if any(c.lower_ in ("my", "our") for c in subj.children) or any(
                c.dep_ == "poss" and c.lower_ not in ("my", "our") for c in obj.children):
            continue  # "my boxing coach replaced ...", "replaced my brother's car"
        new, old = _name(subj), _name(obj)
        if new is None or old is None:
            continue
        preps = {c.lower_: next((g for g in c.children if g.dep_ == "pobj"), None)
                 for c in verb.children if c.dep_ == "prep"}
        if "for" in preps and (preps["for"] is None or preps["for"].lower_ not in _OWN):
            continue  # "for my brother"
        role = preps.get("as")
        if role is not None and any(c.lower_ in ("my", "our") for c in role.children):
            attribute = span_text([t for t in compound_span(role) if t.lower_ not in ("my", "our")])
            return [f for f in read(f"my {attribute} is {new} now") if f.slot and not f.negated]
        kind = _kind(new)
        if kind is None or kind != _kind(old) or kind not in _SAID_AS:
            continue
        return _switch(kind, new, old, read, ended=verb.lemma_.lower() not in _PREFERRING)
    return []
