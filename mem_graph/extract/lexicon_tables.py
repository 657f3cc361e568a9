"""The word lists a spaCy pipeline's lemmatizer ships, read from a given pipeline (no import of extract.nlp:
the pipeline's own components use them while it is being built)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any


@lru_cache(maxsize=2)  # one pipeline per process: read once, by the parse repair and by wordlist alike
def lexicon_of(nlp: Any) -> tuple[dict[str, frozenset[str]], tuple[tuple[str, str], ...]]:
    """Words by part of speech ("adj", "adv", "noun", "verb", "stop", "irregular") and the suffix rules."""
    from spacy.lang.en.stop_words import STOP_WORDS

    lookups = nlp.get_pipe("lemmatizer").lookups
    by_pos = {str(pos): frozenset(words) for pos, words in named_table(lookups.get_table("lemma_index")).items()}
    by_pos["stop"] = frozenset(STOP_WORDS)
    exceptions: set[str] = set()
    for forms in lookups.get_table("lemma_exc").values():
        exceptions.update(forms)
    by_pos["irregular"] = frozenset(exceptions)
    rules = tuple((suffix, repl) for table in lookups.get_table("lemma_rules").values()
                  for suffix, repl in table if suffix)
    return by_pos, rules


def only_a_noun_in(by_pos: dict[str, frozenset[str]], word: str) -> bool:
    """Whether ``word`` is known as nothing but a noun, if at all ("raj", "tom"; not "then", "mark")."""
    return not any(word.lower() in by_pos.get(pos, frozenset()) for pos in ("adv", "adj", "verb", "stop"))


def named_table(table: object) -> dict[str, list[str]]:
    """The lookup table by part-of-speech name (its keys are string-store hashes)."""
    from spacy.strings import StringStore

    names = StringStore(["adj", "adv", "noun", "verb", "punct"])
    return {names[key] if key in names else str(key): words for key, words in table.items()}  # type: ignore[attr-defined]
