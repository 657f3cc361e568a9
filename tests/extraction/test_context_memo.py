"""Re-reading a scope's earlier messages is remembered across add() calls (extract/context_memo.py): the facts
must be exactly those of reading the context afresh, and what one scope said never reaches another."""

from __future__ import annotations

from mem_graph.extract.rules import RuleExtractor
from mem_graph.types import Fact, Message

_WINDOW = 6  # ExtractionConfig.context_messages

_LEO = [
    "My brother Leo works at a bakery.",
    "lol the weather is so nice today",
    "He left the bakery and now works at a bookshop.",
    "we're moving to Leeds in feb",
    "our dog Biscuit is so spoiled",
    "moved!",
    "she chewed my new shoes though",
    "I work at Barclays, it's fine",
    "my sister ines is a nurse",
    "ines just got engaged",
    "I moved from Barclays to Monzo",
    "he quit smoking last month",
]
# the same later lines in a scope that never named Leo, a dog or a plan
_OTHER = ["I have a cat called Misty", *_LEO[2:]]


def _shown(facts: list[Fact]) -> list[tuple[str, str | None, bool]]:
    return [(f.text, f.slot, f.negated) for f in facts]


def _turns(rules_for_each: RuleExtractor | None, lines: list[str]) -> list[list[tuple[str, str | None, bool]]]:
    said = [Message("user", line) for line in lines]
    out = []
    for i, m in enumerate(said):
        rules = rules_for_each or RuleExtractor()  # a fresh extractor remembers nothing
        out.append(_shown(rules.extract([m], context=said[max(0, i - _WINDOW):i])[0]))
    return out


def test_facts_with_remembered_context_are_those_of_reading_it_afresh() -> None:
    remembering = RuleExtractor()
    # two scopes interleaved through one extractor, as a hub serves them
    for lines in (_LEO, _OTHER, _LEO, _OTHER):
        assert _turns(remembering, lines) == _turns(None, lines)


def test_one_scopes_people_do_not_resolve_another_scopes_he() -> None:
    rules = RuleExtractor()
    leo = _turns(rules, _LEO)
    other = _turns(rules, _OTHER)
    assert any("Leo" in text for text, _, _ in leo[2]), leo[2]  # "He left the bakery": Leo, named before
    assert not any("Leo" in text for turn in other for text, _, _ in turn), other
