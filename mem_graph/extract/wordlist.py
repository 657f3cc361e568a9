"""The English lexicon the packaged spaCy lemmatizer ships (WordNet's nouns, verbs, adjectives and adverbs):
whether a lower-case word chat typed is an English word or, likely, a name ("priya", "monzo", "mochi")."""

from __future__ import annotations

from functools import lru_cache

from mem_graph.extract.lexicon_tables import lexicon_of, named_table


@lru_cache(maxsize=1)
def _lexicon() -> tuple[dict[str, frozenset[str]], tuple[tuple[str, str], ...]]:
    from mem_graph.extract.nlp import get_nlp

    return lexicon_of(get_nlp())


def _forms(word: str) -> list[str]:
    _, rules = _lexicon()
    return [word] + [word[:len(word) - len(s)] + r for s, r in rules if word.endswith(s) and len(word) > len(s) + 1]


def is_english_word(word: str) -> bool:
    """Whether the lexicon knows ``word`` or a form it inflects from."""
    by_pos, _ = _lexicon()
    return any(form in words for form in _forms(word.lower()) for words in by_pos.values())


def is_common_word(word: str) -> bool:
    """Whether ``word`` is, in any form, an English verb, adjective, adverb or function word (WordNet's nouns
    hold names too: "london", "jackson")."""
    by_pos, _ = _lexicon()
    return any(form in by_pos.get(pos, frozenset()) for form in _forms(word.lower())
               for pos in ("verb", "adj", "adv", "stop"))


def may_name_a_thing(word: str) -> bool:
    """Whether ``word`` may be a noun: a form of an English noun, or no English word at all (a name)."""
    by_pos, _ = _lexicon()
    forms = _forms(word.lower())
    nouns = by_pos.get("noun", frozenset())
    return any(f in nouns for f in forms) or not any(f in words for f in forms for words in by_pos.values())


def is_verb(word: str) -> bool:
    """Whether ``word`` is an English verb in its base form ("write", "teach")."""
    by_pos, _ = _lexicon()
    return word.lower() in by_pos.get("verb", frozenset())


def is_adjective(word: str) -> bool:
    """Whether ``word`` is (an inflection of) an English adjective ("tired", "happier")."""
    by_pos, _ = _lexicon()
    return any(form in by_pos.get("adj", frozenset()) for form in _forms(word.lower()))


# verbs whose past is their base form, which the lemmatizer's exception table does not list
_SAME_PAST = frozenset(["quit", "put", "cut", "set", "let", "hit", "shut", "spread", "cast", "cost", "hurt", "split"])


def is_irregular_verb_form(word: str) -> bool:
    """Whether ``word`` is an irregular verb form ("sold", "left", "went", "quit"): a verb, whatever else."""
    low = word.lower()
    return low in _SAME_PAST or low in _irregular_verbs()


@lru_cache(maxsize=1)
def _irregular_verbs() -> frozenset[str]:
    from mem_graph.extract.nlp import get_nlp

    return frozenset(named_table(get_nlp().get_pipe("lemmatizer").lookups.get_table("lemma_exc")).get("verb", {}))
