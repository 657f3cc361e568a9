"""A question asked without its "?": "been using vscode for years, is neovim worth learning", "i drive a corsa,
should i switch to electric". The parser hangs the speaker's statement under the question's verb, so the
sentence is no question as a whole; the question's own clause opens with an auxiliary before its subject
(or a wh-word, then one), and is never a fact."""

from __future__ import annotations

from typing import Any

_INVERTING = frozenset({"is", "are", "was", "were", "am", "do", "does", "did", "should", "shall", "can", "could",
                        "would", "will", "has", "have", "had", "must", "may", "might", "isn't", "aren't", "wasn't",
                        "doesn't", "don't", "didn't", "shouldn't", "can't", "couldn't", "wouldn't", "won't"})
_WH_TAGS = frozenset({"WP", "WDT", "WRB", "WP$"})
_OWN_CLAUSE = frozenset({"ccomp", "conj", "advcl", "parataxis", "csubj"})
_NOT_OPENING = frozenset({"punct", "cc", "intj", "discourse"})


def asked_without_mark(verb: Any) -> bool:
    """Whether the clause headed by ``verb`` is a question in statement's clothes: its first word (after "and",
    "oh", punctuation) is an auxiliary with the subject after it, or a wh-word followed by one."""
    subj = next((c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass", "expl")), None)
    if subj is None or subj.i < verb.i - 6:
        return False
    inner = {t.i for c in verb.children if c.dep_ in _OWN_CLAUSE and c.i < verb.i for t in c.subtree}
    own = [t for t in verb.subtree if t.i not in inner and t.i < subj.i and t.dep_ not in _NOT_OPENING]
    if not own:
        return False
    first = own[0]
    if first.tag_ in _WH_TAGS and first.dep_ != "mark":  # "what should i expect", not "what i need is ..."
        rest = own[1:]
        first = next((t for t in rest if t.tag_ not in ("NN", "NNS", "JJ", "DT", "IN") or t.lower_ in _INVERTING),
                     None)
        if first is None:
            return False
    own_aux = first.i == verb.i or (first.head.i == verb.i and first.dep_ in ("aux", "auxpass"))
    return first.lower_ in _INVERTING and own_aux and first.i < subj.i
