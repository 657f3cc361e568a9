"""Verbs in -ing that chat leaves without a subject: whether a word is a participle at all ("learning", not
"morning"), and the speaker's second clause after a comma or a place ("left Leeds, now living in York" -> "..., now
I'm living in York"; "a sophomore at ucla studying comp sci" -> "..., I'm studying comp sci")."""

from __future__ import annotations

import re
from functools import lru_cache


@lru_cache(maxsize=1)
def verb_lemmas() -> frozenset[str]:
    """Every word the English lemmatizer knows as a verb."""
    from mem_graph.extract.nlp import get_nlp

    return frozenset(get_nlp().get_pipe("lemmatizer").lookups.get_table("lemma_index").get("verb", []))


@lru_cache(maxsize=1)
def _activity_words() -> frozenset[str]:
    from mem_graph.extract.lexicon import ACTIVITY_VERBS

    return frozenset(ACTIVITY_VERBS.values()) if isinstance(ACTIVITY_VERBS, dict) else frozenset(ACTIVITY_VERBS)


def participle(word: str) -> bool:
    """"learning", "picking", "running": the -ing form of a verb the lemmatizer knows ("morning", "thing",
    "something" are none)."""
    if not word.endswith("ing") or len(word) < 5 or word == "being":  # "using", not "being honest"
        return False
    stem = word[:-3]
    verbs = verb_lemmas()
    if word in _activity_words():  # "bouldering", "paddleboarding": pastimes the lemmatizer has no verb of
        return True
    return stem in verbs or stem + "e" in verbs or (len(stem) > 2 and stem[-1] == stem[-2] and stem[:-1] in verbs)


# "left Leeds, now living in York", "a nurse at St James, studying law part time", "a sophomore at ucla studying
# comp sci": the speaker's second clause after a comma (or a place), said with no subject
_COMMA_NOW_ING = re.compile(r"(,\s+|\b(?:at|in)\s+[\w'-]+(?:\s+[\w'-]+){0,2}?\s+(?=studying\b|working as\b))(?:"
                            r"(now|these days|currently|nowadays)\s+)?([a-z]+ing)\b")
_SPEAKER_FIRST = re.compile(r"^\W*(?:(?:so|and|but|well|ok|okay|yeah|honestly)\W+)*(?:i|i'm|i've|we|we're)\b", re.I)


# "i use vscode but thinking of trying neovim": a plan said after "but", whose "I'm" chat left out (else the parse
# joins "neovim" to what is used)
_BUT_PLANNING = re.compile(r"\b(but|and|,)\s+(?=(?:thinking (?:of|about)|considering|planning (?:to|on)|hoping to|"
                           r"tempted to|looking (?:at|into))\b)", re.I)


def then_now(sentence: str) -> str:
    """A speaker's sentence with the "I'm" of its subjectless second clause put back."""
    if not _SPEAKER_FIRST.match(sentence):
        return sentence
    return _BUT_PLANNING.sub(lambda m: f"{m.group(1)} I'm ", _COMMA_NOW_ING.sub(_and_now, sentence))


def _and_now(m: re.Match[str]) -> str:
    lead, when, verb = m.group(1).rstrip(), m.group(2), m.group(3)
    if not (when or verb in ("studying", "working", "living", "teaching")) or not participle(verb):
        return m.group(0)
    return f"{lead}{'' if lead.endswith(',') else ','} {when + ' ' if when else ''}I'm {verb}"
