"""Where the speaker lives or works, said through their home or job: "my flat in Leeds", "my job at Microsoft".

The clause is about the flat or the job ("is tiny lol", "is pretty chill"); the place or the organisation is
still the speaker's residence or employer, so a later move or new job ends it. Someone else's home or job, a
former or hoped-for one, a plan, or how the job is ("my job is fine") says neither.
"""

from __future__ import annotations

import pytest

from mem_graph import Memory
from tests.extraction.test_slot_changes import invalidated_after


@pytest.mark.parametrize("said", ["my flat in Leeds is tiny lol",
                                  "our apartment's in Leeds, walking distance to everything",
                                  "my house in Leeds has a huge garden", "our little place in Leeds is so cosy"])
def test_a_home_in_a_place_is_where_the_user_lives(shared_memory: Memory, user: str, said: str) -> None:
    ended = invalidated_after(shared_memory, user, said, "moved to Manchester last month!")
    assert any("Leeds" in f for f in ended), ended


@pytest.mark.parametrize("said", ["my job at Microsoft is pretty chill tbh",
                                  "work at Microsoft has been crazy this week",
                                  "my internship at Microsoft is going well"])
def test_a_job_at_an_organisation_is_the_employer(shared_memory: Memory, user: str, said: str) -> None:
    ended = invalidated_after(shared_memory, user, said, "I work at Google now")
    assert any("Microsoft" in f for f in ended), ended


@pytest.mark.parametrize("said", ["my mum's house in Leeds is huge", "my old flat in Leeds was tiny",
                                  "we might buy a house in Leeds", "our holiday home in Spain is lovely"])
def test_no_home_of_the_users_own_now(shared_memory: Memory, user: str, said: str) -> None:
    ended = invalidated_after(shared_memory, user, "I live in York", said)
    assert ended == [], ended


@pytest.mark.parametrize("said", ["my sister's job at Google is great", "my dream job at Google would be amazing",
                                  "my first job at Google was awful"])
def test_no_job_of_the_users_own_now(shared_memory: Memory, user: str, said: str) -> None:
    ended = invalidated_after(shared_memory, user, "I work at Tesco", said)
    assert ended == [], ended


def test_how_the_job_is_is_no_occupation(shared_memory: Memory, user: str) -> None:
    ended = invalidated_after(shared_memory, user, "I'm a nurse", "my job is pretty chill tbh")
    assert ended == [], ended
