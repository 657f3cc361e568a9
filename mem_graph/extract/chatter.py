"""Chat lines about the conversation or the moment, not about the user: interjections ("wait what", "nvm"),
talk about the talk itself ("sorry got distracted", "anyway where was i", "hmm let me think", "go on"), a
bare evaluation or a hesitation ("interesting...", "hmm not sure about that one", "that reminds me of a
meme"), a question with no question mark ("ok but why tho"), and moods about the weather or the week
("ugh mondays", "weekend can't come soon enough", "the rain will not stop").

Each class is a shape of the whole (spelled-out) sentence; ``chatter_reason`` names the one that matched.
A line that says anything of the speaker beyond it ("mondays are my gym day", "that reminds me of my
trip to Japan", "sorry got distracted, my dog Rex ate my sock") matches none of them.
"""

from __future__ import annotations

import re
from collections.abc import Callable

# words that open a chat line and add nothing ("hmm", "ok but", "anyway")
_LEAD = r"(?:(?:ok|okay|so|well|oh|ah|hmm+|hm+|um+|uh+|yeah|yes|no|wait|anyway|anyways|and|but|sorry|oops|lol|" \
        r"haha|idk|man|dude|jeez|geez|god|gosh|welp|right|ugh+|omg|wow|honestly|really|ok but|k)\W+)*"
_TAIL = r"(?:\W+(?:though|tho|then|lol|haha|man|dude|lmao|again|here|exactly|now|please|pls|sorry))*\W*$"
_THIRD = r"(?:the |this |that |a |an |some |these |those )?"
# (or the speaker unsaid: "long shift today, such is life as a nurse")
# (or the speaker's own milestone, said with no "I": "monday was day one at revolut", "friday was my last shift")
_FIRST_PERSON = re.compile(r"(?<![\w'])(?:i|i'm|i've|i'd|i'll|my|me|we|we're|our|us|mine|life as an?|day one|"
                           r"first (?:day|week|shift)|last (?:day|shift))(?![\w'])", re.I)

CLASSES: list[tuple[str, re.Pattern[str]]] = [
    ("an interjection", re.compile(
        rf"^{_LEAD}(?:wait|what|huh|nvm|never ?mind|whoa|woah|oof|bruh|wut|wat|hmm+|hm+|um+|uh+|eh|meh|ugh+|"
        rf"lmao+|lol+|yikes|jeez|geez|dang|damn|wow|whatever|anyway|anyways|ok|okay|alright|k|kk|sure|hah|ha|"
        rf"yeah|yea|yes|yep|yup|no|nope|so|true|fair|right|exactly|totally|cool|nice|well|welp|oh|ah|hey)"
        rf"(?:\W+(?:wait|what|huh|nvm|whoa|oof|really|seriously|lol|haha|lmao|ok|okay|then|again|man|dude))*"
        rf"\W*$", re.I)),
    ("talk about the conversation", re.compile(
        rf"^{_LEAD}(?:(?:(?:i |i've |i'm )?(?:got|get|was|am|'m|been|getting) (?:so |a bit |kinda |totally )?"
        rf"(?:distracted|sidetracked|side tracked|lost|confused|interrupted|busy|pulled away))|"
        rf"where (?:was|were) (?:i|we)|what was i (?:saying|going to say|talking about)|"
        rf"(?:let me|lemme|let's|lets) (?:think|see|check|remember|recap|start over|try again)(?: about it| for a "
        rf"(?:sec|second|moment|minute|bit))?|"
        rf"go on|continue|keep going|carry on|go ahead|tell me more|say more|(?:i'm )?listening|"
        rf"forget (?:it|that|i said that|i asked|what i said)|(?:i'm )?back|one sec|one second|hold on|hang on|"
        rf"wait a (?:sec|second|minute|moment)|give me a (?:sec|second|minute|moment)|brb|"
        rf"sorry (?:for|about) (?:the )?(?:late reply|delay|wait|typo|typos|rambling|ramble)|"
        rf"(?:where|how) (?:were|was) we|back to (?:the|my|your) (?:question|topic|point)|"
        rf"not (?:going to|gonna) lie|to be (?:honest|fair)|if i'm honest|real talk)(?: though| then)?"
        rf"{_TAIL}", re.I)),
    ("a bare evaluation or hesitation", re.compile(
        rf"^{_LEAD}(?:(?:so |very |really |super |pretty |quite |kinda |kind of )*(?:interesting|fascinating|"
        rf"intriguing|hilarious|wild|crazy|insane|weird|cool|neat|fair|true|good point|fair point|noted|"
        rf"makes sense|go figure|figures|classic|typical|relatable|mood|same energy|big mood)|"
        rf"(?:i'm |i am |im )?not (?:so |too |really |entirely |totally |100% )?sure (?:about|of) (?:that|this|it)"
        rf"(?: one| tbh| honestly)?|(?:i )?don't know about (?:that|this)(?: one)?|"
        rf"(?:that|this|it) reminds me(?: of {_THIRD}[\w' -]+)?)"
        rf"{_TAIL}", re.I)),
    ("a question without a question mark", re.compile(
        rf"^{_LEAD}(?:why|how|what|how come|how so|why not|what now|what else|what do you mean|meaning|like what|"
        rf"such as|seriously|for real|are you sure|you sure|is that (?:right|true|so)|really|and then|so what|"
        rf"then what|why is that|how is that|why's that|how's that)(?:\W+(?:though|tho|then|exactly|tho|"
        rf"again))*\W*$", re.I)),
    ("a mood about the weather or the week", re.compile(
        rf"^{_LEAD}(?:the |this |all this |so much )?(?:rain|snow|wind|heat|heatwave|weather|storm|fog|humidity|"
        rf"drizzle|sleet|hail|thunder|cold|mondays?|tuesdays?|wednesdays?|thursdays?|fridays?|saturdays?|"
        rf"sundays?|weekends?|the weekend|friday feeling|monday blues|monday mood)(?:\b|$)", re.I)),
]


Tail = Callable[[str, re.Match[str]], str]  # the words after what a class matched


def first_class(text: str, classes: list[tuple[str, re.Pattern[str]]], tails: dict[str, Tail]) -> str | None:
    """The first class whose pattern matches the start of ``text``, unless that class has a tail (the words
    after what it matched) and the tail speaks of the speaker."""
    for name, pattern in classes:
        m = pattern.match(text)
        if m is None:
            continue
        tail = tails.get(name)
        if tail is not None and _FIRST_PERSON.search(tail(text, m)):
            continue
        return name
    return None


def chatter_reason(sentence: str) -> str | None:
    """The class of chatter the (spelled-out) sentence is, or None when it may say something of the user."""
    return first_class(sentence.strip(), CLASSES, {
        # "mondays are my gym day", "the rain ruined our picnic": the rest is about the speaker
        "a mood about the weather or the week": lambda t, m: t[m.end():],
        "a bare evaluation or hesitation": lambda t, m: t.partition("reminds me")[2],  # "...of my trip to Japan"
    })
