"""Chat lines about the conversation or the moment (interjections, talk about the talk, a bare evaluation
or hesitation, a question typed without its question mark, moods about the weather or the week) stay raw
messages, never durable facts; a line that also says something of the user is still remembered."""

from __future__ import annotations

import pytest

from mem_graph import Memory
from mem_graph.extract.chat import not_memorable

CHATTER = [
    "hmm let me think",
    "lemme think about it",
    "wait what",
    "nvm",
    "never mind",
    "ugh mondays",
    "sundays man",
    "omg the rain will not stop",
    "the snow is insane lol",
    "weekend can't come soon enough",
    "interesting... go on",
    "random q but is it pronounced gif or jif",
    "is there a vegan option at nandos",
    "that reminds me of a meme lol",
    "sorry got distracted",
    "i got sidetracked sorry",
    "anyway where was i",
    "ok but why tho",
    "how come",
    "hmm not sure about that one",
    "interesting, go on",
    "hah, true",
    "not gonna lie, kinda bored",
    "so yeah, anyway",
]
DURABLE = [
    "mondays are my gym day",
    "that reminds me of my trip to Japan",
    "sorry got distracted, my dog Rex ate my sock",
    "the rain ruined our picnic",
    "weekends I work at the bakery",
    "I am not sure about moving to Berlin",
    "wait I moved to Leeds last month",
    "I got lost in Paris once",
    "no, I moved to Leeds",
    "vegan, yeah",
    "yeah, my sister is a nurse",
    "ok cool, I am 35 now",
]


@pytest.mark.parametrize("line", CHATTER)
def test_chatter_about_the_talk_or_the_moment_is_not_memorable(line: str) -> None:
    assert not_memorable(line)


@pytest.mark.parametrize("line", DURABLE)
def test_a_line_that_says_something_of_the_user_is_memorable(line: str) -> None:
    assert not not_memorable(line)


def test_chatter_between_statements_leaves_only_the_statements(shared_memory: Memory, user: str) -> None:
    for line in ("wait what", "I live in Leeds", "ugh mondays", "sorry got distracted", "ok but why tho"):
        shared_memory.add([{"role": "user", "content": line}], user_id=user)
    memories = [m["memory"] for m in shared_memory.get_all(user_id=user)["results"]]
    assert memories == ["User lives in Leeds"]
