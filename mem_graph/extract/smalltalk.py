"""What a chat sentence says that is not a durable fact: small talk, a passing mood, a reaction to what
the assistant said, a remark tied to the moment ("ugh traffic was terrible today"). Such a sentence is
kept as a raw message only, never as a memory. ``small_talk_reason`` names the class that matched, so
the decision can be audited; a sentence that says anything more ("I had a rough week at work because my
manager quit", "I'm good at chess") matches none of them.

Each class is a shape of the whole sentence (after chat noise is dropped), never a list of sentences:
a lead-in, a subject of the moment, an evaluation or a mood, time words of the moment, a closing thanks.
"""

from __future__ import annotations

import re

from mem_graph.extract.chatter import chatter_reason, first_class

# leading words that add nothing ("ugh", "honestly", "haha yeah", "man")
_LEAD = r"(?:(?:ok|okay|so|well|oh|ah|honestly|yeah|yes|no|man|dude|hey|wow|welp|and|but|anyway|damn|omg|ugh|aw+|" \
        r"haha|lol|hmm|tbh|just|sooo*|god|gosh|geez|ok so|thx|thanks|thank you|ty|cool|nice|great|perfect)\W+)*"
_INTENS = r"(?:(?:so+|sooo+|really|very|super|kinda|kind of|sort of|a bit|a little|pretty|quite|totally|too|" \
          r"absolutely|fucking|freaking|damn|extremely|incredibly|literally|such a|such an|just|still|a|an)\s+)*"
# evaluations of a thing or a moment (a reaction, never a slot value)
_EVAL = r"(?:terrible|awful|horrible|amazing|awesome|great|good|nice|cool|fun|hilarious|funny|crazy|insane|wild|" \
        r"brutal|rough|bad|lovely|beautiful|gorgeous|perfect|fantastic|wonderful|incredible|boring|annoying|gross|" \
        r"delicious|ridiculous|weird|strange|cute|sweet|adorable|sad|scary|stressful|exhausting|intense|hectic|" \
        r"busy|long|slow|chaotic|nuts|bonkers|epic|legendary|meh|ok|okay|fine|interesting|helpful|useful|" \
        r"genius|brilliant|smart|clever|true|fair|spot on|unreal|killing me|a nightmare|a mess|the worst|the best|" \
        r"a lifesaver|a life saver|a disaster|so much fun|hell|packed|dead|quiet|pretty|hot|cold|freezing)"
# moods of the moment, said of oneself
_MOOD = r"(?:tired|sleepy|exhausted|bored|hungry|starving|stuffed|full|hungover|stressed(?: out)?|meh|good|fine|" \
        r"ok|okay|great|alright|excited|pumped|hyped|sad|happy|down|grumpy|cranky|sick|wiped(?: out)?|beat|dead|" \
        r"anxious|nervous|overwhelmed|swamped|burnt out|burned out|fried|drained|cold|hot|lazy|bored|lonely|" \
        r"annoyed|frustrated|relieved|thrilled|proud|sore|done|blah|off|better|worse|awake|up)"
_TIME = r"(?:today|tonight|this morning|this afternoon|this evening|right now|at the moment|atm|again|lately|" \
        r"these days|all day|rn|here|out there|this week|last night|yesterday|now|af|as hell|haha|lol|tho|though)"
_TAIL = rf"(?:\s+{_TIME})*(?:\W+(?:thanks|thank you|thx|ty|lol|haha|tbh|honestly|for real|fr|af))*\W*$"
_BE = r"(?:is|was|are|were|'s|'re|looks|looked|sounds|sounded|seems|seemed|feels|felt|got|gets|getting|has been|" \
      r"have been|'s been|'ve been)"

CLASSES: list[tuple[str, re.Pattern[str]]] = [
    ("a passing mood", re.compile(
        rf"^{_LEAD}(?:(?:i'm|i am|im|i was|i feel|i'm feeling|feeling|i've been|been|was|getting|still)\s+)?"
        rf"{_INTENS}{_MOOD}(?:\s+(?:and|&|but)\s+{_INTENS}{_MOOD})*{_TAIL}", re.I)),
    ("a reaction to what was just said", re.compile(
        rf"^{_LEAD}(?:that|this|it|that's|this's|it's|thats|its|she|he|they|you|she's|he's|they're|you're|"
        rf"(?:this|that) \w+(?: \w+)?|(?:the |these |those )?\w+(?: \w+)? here)\s*(?:{_BE}\s+)?"
        rf"{_INTENS}{_EVAL}{_TAIL}", re.I)),
    ("an acknowledgement", re.compile(
        rf"^{_LEAD}(?:that|it|this)\s+(?:worked|works|helped|helps|did it|did the trick|makes sense|made sense|"
        rf"is it|was it)|^{_LEAD}(?:makes sense|sounds good|sounds great|got it|good to know|fair enough|my bad|"
        rf"all good|no worries|no problem|same here|same|me too|same tbh|oh no|oh well|no way|for real|"
        rf"(?:cheers|thanks|thank you|ta) (?:for that|for this|mate|a lot|so much)|"
        rf"you're right|you are right|true that|i see|i know right|love it|love that|nailed it|"
        rf"how (?:cool|fun|nice|sad|funny|sweet|cute)|so much fun){_TAIL}", re.I)),
    ("an exclamation", re.compile(rf"^{_LEAD}what an? {_INTENS}(?:\w+\s+)?\w+(?:\s+{_TIME})*{_TAIL}", re.I)),
    ("a remark tied to the moment", re.compile(
        rf"^{_LEAD}(?:my |the |our |his |her |their )?[\w']+(?: [\w']+)?\s+{_BE}\s+{_INTENS}"
        rf"(?:{_EVAL}|in an? {_INTENS}{_EVAL}? ?mood|{_MOOD})(?:\s+{_TIME})*\s+(?:today|tonight|this morning|"
        rf"this afternoon|this evening|right now|at the moment|last night|yesterday|again|rn|here){_TAIL}", re.I)),
    ("what one was just doing", re.compile(  # "i was literally just reading about utrecht"
        rf"^{_LEAD}(?:i was|i'm|im|i am|was)\s+(?:literally |only |actually )*just\s+(?:reading|looking|watching|"
        rf"thinking|talking|googling|scrolling|listening|chatting)\b", re.I)),
    ("a passing ache", re.compile(
        rf"^{_LEAD}(?:my )?(?:head|back|stomach|tummy|feet|legs|eyes|throat|neck|allergies|sinuses)\s+"
        rf"(?:hurts|hurt|aches|ache|is killing me|are killing me|is pounding|is so sore|are so sore|"
        rf"are acting up|is acting up)(?:\s+{_TIME})*{_TAIL}", re.I)),
    ("weather or the day", re.compile(
        r"^\W*(?:(?:the )?weather(?:'s| is| was)?\b|it(?:'s| is) (?:so |really |very |super )?(?:hot|cold|freezing|"
        r"sunny|raining|rainy|snowing|windy|warm|humid|grey|gray|nice out)\b|(?:happy|finally) (?:monday|tuesday|"
        r"wednesday|thursday|friday|saturday|sunday|weekend)\b|good (?:morning|night|evening|afternoon)\b"
        r"|(?:(?:such|what) an? )?(?:long|busy|rough|tough|hard|crazy|mad|hectic|lazy|slow|quiet) (?:day|week|night"
        r"|shift|morning|one)\b)", re.I)),
]


def small_talk_reason(sentence: str) -> str | None:
    """The class of small talk the (spelled-out) sentence is, or None when it may say something durable."""
    text = sentence.strip()
    # "it's so hot today, I live in Seville": the rest is a statement; chatter: "wait what", "ugh mondays"
    reason = first_class(text, CLASSES, {"weather or the day": lambda t, m: t[m.end():]}) or chatter_reason(text)
    if reason is not None:
        return reason
    parts = [p for p in _PARTS.split(text) if p.strip(" .,;!?")]
    if len(parts) > 1 and all(small_talk_reason(p) is not None for p in parts):
        return "small talk in parts"  # "interesting, go on", "hah, true", "not gonna lie, kinda bored"
    return None


# the parts of a line said one after the other: commas, semicolons, dots and dashes between them
_PARTS = re.compile(r"\s*(?:[,;!]+|\.{2,}|…|\s[-–]\s|\.(?=\s))\s*")


# "i drink like 4 coffees a day", "like a year but they split": "like" before an amount is a filler for "about",
# never a liking (the parse read "User likes year", or "drink" with no object: alcohol)
_FILLER_LIKE = re.compile(
    r"(?<![\w'])(like)\s+(?=(?:\d+|a couple|a few|a dozen|a bunch|half|once|twice|one|two|three|four|five|six|seven|"
    r"eight|nine|ten|twenty|thirty|fifty|a hundred|(?:a|an|one) (?:year|month|week|day|hour|minute|decade|"
    r"second)s?)\b)", re.I)
# a "like" right after these is a verb ("i like 2 sugars", "i'd like a couple", "don't like half of it")
_LIKES_BEFORE = frozenset({"i", "we", "you", "they", "he", "she", "'d", "would", "really", "to", "n't", "don't",
                           "dont", "also", "just", "kinda", "totally", "actually", "still", "do", "did", "does",
                           "didn't", "doesn't", "might", "may", "who", "people", "kids", "and", "not", "i'd", "we'd",
                           "always", "usually", "only", "all", "both", "genuinely", "honestly", "def", "definitely"})


def filler_like(text: str) -> str:
    """``text`` with a filler "like" before an amount said as "about" ("drink like 4 coffees" -> "drink about 4
    coffees"); a "like" after a subject or an auxiliary stays a verb."""
    def sub(m: re.Match[str]) -> str:
        before = re.findall(r"[\w']+", text[: m.start()].lower())
        if before and before[-1] in _LIKES_BEFORE:
            return m.group(0)
        return ("About" if m.group(1)[0].isupper() else "about") + m.group(0)[len(m.group(1)):]
    return _FILLER_LIKE.sub(sub, text)
