"""Classes of phrasing from session 21's fresh-clone trial: a news lead-in after "ok" ("ok big news, started at
..."), and a clause of what has not happened yet, under "until" or "once", which is no fact of its own ("still
driving my brother's old fiesta until i can afford something" had stored "User can afford something")."""

from __future__ import annotations

import pytest

from mem_graph.extract.rules import RuleExtractor
from tests.extraction.test_trial_six_lives import _facts


@pytest.mark.parametrize("said, kept, not_yet", [
    ("still driving my brothers old fiesta until i can afford something", "fiesta", "afford"),
    ("im staying at my moms until i find a flat", "staying", "find"),
    ("I'll keep my job till the baby comes", "keep", "baby"),
    ("once i get my license i'm buying a car", "car", "license"),
])
def test_what_has_not_happened_yet_under_until_or_once_is_no_fact(rules: RuleExtractor, said: str, kept: str,
                                                                  not_yet: str) -> None:
    texts = [t for t, _ in _facts(rules, said)]
    assert any(kept in t for t in texts), texts
    assert not any(not_yet in t.lower() and kept not in t for t in texts), texts


def test_a_past_clause_under_until_still_says_what_happened(rules: RuleExtractor) -> None:
    facts = _facts(rules, "I lived in Rome until I moved to Paris")
    assert any(s == "user|residence" and "Paris" in t for t, s in facts), facts


@pytest.mark.parametrize("said, value", [
    ("ok big news, started at a proper restaurant in york this week!!", "started at a proper restaurant"),
    ("ok so big news: got the job at Deloitte", "got the job at Deloitte"),
])
def test_a_news_lead_in_after_ok_or_so_is_not_the_subject(rules: RuleExtractor, said: str, value: str) -> None:
    """'ok big news, started at ...' had read 'news' as the subject: 'User is started at ... now'."""
    facts = _facts(rules, said)
    assert any(s == "user|employer" and t.startswith(f"User {value}") for t, s in facts), facts


@pytest.mark.parametrize("said, drink", [
    ("I can't function until I've had my coffee", "coffee"),
    ("i dont talk to anyone until i drink my first espresso", "espresso"),
])
def test_a_habit_under_until_still_states_the_habit(rules: RuleExtractor, said: str, drink: str) -> None:
    assert any(s is not None and s.startswith("user|drinks") and drink in t for t, s in _facts(rules, said)), \
        _facts(rules, said)
