"""What the rules make of lines a user said, and the first answer after them: shared by the phrasing rounds."""

from __future__ import annotations

from mem_graph import Memory
from mem_graph.extract.rules import RuleExtractor
from mem_graph.results import MemoryItem
from mem_graph.types import Fact, Message


def facts_of(rules: RuleExtractor, *lines: str) -> list[Fact]:
    """The facts of ``lines``, said one message each in one add."""
    return [f for fs in rules.extract([Message("user", line) for line in lines]) for f in fs]


def texts_of(rules: RuleExtractor, *lines: str) -> list[str]:
    return [f.text for f in facts_of(rules, *lines)]


def slots_of(rules: RuleExtractor, *lines: str) -> dict[str, str]:
    """Each slotted fact's text by its slot."""
    return {f.slot: f.text for f in facts_of(rules, *lines) if f.slot}


def top_after(memory: Memory, user: str, question: str, *said: str) -> list[MemoryItem]:
    """The first search result for ``question`` after the user said ``said``, one message each."""
    for line in said:
        memory.add(line, user_id=user)
    return list(memory.search(question, user_id=user, limit=1)["results"])


def values_of(rules: RuleExtractor, *lines: str) -> dict[str, str | None]:
    """Each slotted, positive fact's value by its slot."""
    return {f.slot: f.object_key for f in facts_of(rules, *lines) if f.slot and not f.negated}


def active_texts(memory: Memory, user: str) -> list[str]:
    """The texts of the user's current memories."""
    return [r["memory"] for r in memory.get_all(user_id=user)["results"]]
