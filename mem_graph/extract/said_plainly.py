"""What one says one is, and a couple's ending, said plainly for the parser (called by ``rephrase``).

"wouldn't call myself religious anymore" -> "I'm not religious anymore"; "i'd describe myself as an atheist" ->
"I'm an atheist"; "got my son an iphone" -> "my son got an iphone";
"ryan and chloe are done" -> "ryan and chloe broke up"; "her and dev called it quits" -> "Dev
broke up with her"; "chloe dumped him" -> "chloe broke up with him"; "dad's switched to supporting Spurs" -> "dad is
now supporting Spurs"; "I'd say I'm agnostic" -> "I'm agnostic"; "we're getting divorced" -> "we're separating";
"switched to vaping" -> "I quit smoking for vaping"; "my stomach can't handle spicy food" -> "I can't handle spicy
food"; "my iron was low so pescatarian now" -> "... so I'm pescatarian now". Only the parse sees these.
"""

from __future__ import annotations

import re

from mem_graph.extract.catalogue import DIETS, REL_STATUS
from mem_graph.extract.kin_words import KIN
from mem_graph.extract.lexicon import GIVEN_NAMES
from mem_graph.extract.one_role import role_said_first

# "wouldn't call myself religious anymore", "i'd describe myself as an atheist now": what one says one is
_CALL_MYSELF = re.compile(r"\b(?:i\s*)?(?:(?:(would|'d|do)(n't| not)?|(wouldnt|dont))\s+)?(?:really\s+)?(?:call|"
                          r"consider|describe)\s+myself\s+(?:as\s+)?(?=(?:an?\s+)?[a-z])", re.I)


# "I'd say I'm agnostic now", "i would say we're hybrid": what one is, said with a softener (no hypothetical)
_ID_SAY = re.compile(r"\b(?:i'?d|i would)\s+(?:probably\s+|now\s+)?(?:say|call it)\s+(?:that\s+)?"
                     r"(?=(?:i'?m|i am|we'?re|we are)\b)", re.I)


# "we're getting divorced", "going through a divorce at the moment": separating (which ends the marriage)
_DIVORCING = re.compile(r"(?:\b(?P<who>we'?re|we are|i'?m|i am)\s+|(?P<start>^|[,.;!]\s*))(?:now\s+|currently\s+)?"
                        r"(?:getting|going through|in the (?:middle|process) of)\s+(?:a\s+|the\s+|my\s+|our\s+)?"
                        r"divorced?\b", re.I)


# "switched to vaping", "moved onto e-cigs": smoking given up for it (the parse reads vaping as a pastime)
_TO_VAPING = re.compile(r"\b(?:i\s+|i've\s+|i have\s+)?(?:switched|moved|changed|gone|went)(?:\s+over)?\s+(?:on)?to\s+"
                        r"(?:vaping|vapes|e-?cigs|e-?cigarettes|an? (?:vape|e-?cig))\b", re.I)


# a thing got for someone ("got my son an iphone 15", "bought my dad a new car", "finally got amma a redmi"):
# the parser reads the thing as the person's name; the one who has it now is the one it was got for
_PARENT_NAMES = "amma|appa|mama|papa|mum|mom|dad|nana|nan|gran|granny|grandma|grandpa|abba|ammi|mummy|daddy"
_GOT_FOR = re.compile(r"\b(?:i\s+|we\s+)?(?:just\s+|finally\s+|also\s+)?(?:got|bought|gave|gifted|ordered)\s+"
                      r"(?P<whom>(?:my|our)\s+(?:(?:little|big|younger|older|eldest|youngest)\s+)?(?:"
                      + "|".join(sorted((k for k in KIN if " " not in k), key=len, reverse=True))
                      + rf")|(?:{_PARENT_NAMES}))\s+(?P<det>an?)\s+(?=[a-z0-9])", re.I)


# a job lost told by what the company did: "paystack let a bunch of us go", "they laid me off" -> "I got laid off
# from paystack" (job_lost reads that)
_LET_GO = re.compile(r"\b(?P<who>[A-Za-z][\w&.-]*) (?:has |have |just |finally )?(?:let|laid) "
                     r"(?:me|us|(?:a bunch|a lot|loads|half|some|most|a few|a load|a ton) of us)(?: all)? (?:go|off)\b"
                     r"(?!\s+(?:home|early|out|outside|to|for|with|in|on|at|first|ahead|back|and|now)\b)", re.I)
_NOT_COMPANY = frozenset({"they", "he", "she", "work", "it", "management", "boss", "company", "employer", "we"})


def _let_go(m: re.Match[str]) -> str:
    who = m.group("who")
    return "I got laid off" if who.lower() in _NOT_COMPANY else f"I got laid off from {who}"


# a person's household moving is the person's move: "mike's family moved to austin" -> "mike moved to austin with
# the family" (the family alone is no one whose home the slot rules keep)
_FAMILY_MOVED = re.compile(r"\b(?P<who>[A-Za-z][a-z]+)'s (?:whole |entire )?(?:family|household|lot|clan) "
                           r"(?P<verb>moved|relocated|emigrated|have moved|has moved) (?P<rest>to|back to)\b", re.I)


# a couple's ending said by an idiom: "ryan and chloe are done", "her and dev called it quits", "chloe dumped him",
# "they went their separate ways" -> "X and Y broke up", "Dev broke up with her", "Chloe broke up with him"
_PAIR = r"(?P<a>[A-Za-z][a-z]+|she|he|her|him|they) (?:and|&) (?P<b>[A-Za-z][a-z]+)"
_COUPLE_DONE = re.compile(rf"\b{_PAIR} (?:are|r|'re) (?:so |totally |officially |finally )?(?:done|over|finished)\b"
                          rf"|\b{_PAIR.replace('<a>', '<c>').replace('<b>', '<d>')} (?:have |'ve )?(?:finally )?"
                          r"(?:called it quits|called time on it|parted ways|(?:went|gone) (?:their|our) separate ways"
                          r"|ended things|called it a day"
                          r"|broke up|split up|split)\b")
_DUMPED = re.compile(r"\b(?P<who>[A-Za-z][a-z]+|she|he) (?:has |'s )?(?:finally |just )?dumped "
                     r"(?P<whom>him|her|me|[A-Za-z][a-z]+)\b")
_PRONOUN_PAIR = frozenset({"she", "he", "her", "him", "they"})


def _couple_done(m: re.Match[str]) -> str:
    a, b = (m.group("a"), m.group("b")) if m.group("a") else (m.group("c"), m.group("d"))
    if not _two_people(a, b):
        return m.group(0)
    if a.lower() in _PRONOUN_PAIR:  # "her and dev called it quits": Dev broke up with her
        return f"{b[:1].upper()}{b[1:]} broke up with {'her' if a.lower() in ('she', 'her') else 'him'}"
    return f"{a} and {b} broke up"


def _two_people(a: str, b: str) -> bool:
    # ("her and dev called it quits": beside "her", the other is a person whatever the word)
    named = a.lower() in _PRONOUN_PAIR or all(w.lower() in GIVEN_NAMES or w[:1].isupper() for w in (a, b))
    return named and b.lower() not in _PRONOUN_PAIR and not {a.lower(), b.lower()} & {"i", "me", "we", "you"}


def _dumped(m: re.Match[str]) -> str:
    who, whom = m.group("who"), m.group("whom")
    if not (who.lower() in ("she", "he") or who.lower() in GIVEN_NAMES) or (
            whom.lower() not in ("him", "her", "me") and whom.lower() not in GIVEN_NAMES):
        return m.group(0)  # a person dumps a person ("we dumped the sofa at the tip")
    return f"{who} broke up with {whom}"


def _call_myself(m: re.Match[str]) -> str:
    return "I'm not " if m.group(2) or m.group(3) else "I'm "


# a job changed told as a move: "jumped ship to a charity", "moved over to morrisons, better shifts", "moved to
# the royal infirmary, same job just a different hospital" -> "got a job at ..." (not a town: "moved to Leeds,
# better pay" is a home)
_JUMPED_SHIP = re.compile(r"\bjump(?:ed|ing)? ship(?: and (?:went|moved) over)? to\s+(?=\S)", re.I)
_MOVED_FOR_WORK = re.compile(r"\b(?:moved|switched|gone|went|transferred)(?: over| across)? to\s+(?P<org>(?:the\s+)?"
                             r"[\w'&-]+(?:\s+[\w'&-]+){0,2}?)(?=,?\s+(?:for\s+)?(?:the\s+)?(?:(?:better|more|less|"
                             r"higher|nicer|fewer|way better|much better)\s+(?:shifts|pay|hours|money|salary|prospects|"
                             r"rota|benefits|conditions|holidays?|team|boss|manager)|same (?:job|role|position|work))"
                             r"\b)", re.I)


def _moved_for_work(m: re.Match[str]) -> str:
    from mem_graph.extract.places import is_place_name

    org = m.group("org")
    if is_place_name(re.sub(r"^the\s+", "", org, flags=re.I)):
        return m.group(0)
    return f"got a job at {org}"


# a cleft: "it's Aldi i work at, not Lidl", "it's Leeds we live in" -> "i work at Aldi, not Lidl"
_CLEFT = re.compile(r"\bit'?s\s+(?P<x>(?!not\b)[\w'&-]+(?: [\w'&-]+){0,2}?)\s+(?:that\s+)?(?P<who>i|we)\s+"
                    r"(?P<verb>work|live|study|go)\s+(?P<prep>at|in|to|for)\b", re.I)


# "dad's switched to supporting Liverpool", "we moved to using Linear", "switched to learning Portuguese": doing that
# now (the parse reads the doing as a pastime switched to: "learning portuguese")
_TO_DOING = re.compile(r"(?:\b(?P<subj>[A-Za-z]+)(?:'ve|'s|\s+has|\s+have)?\s+|(?P<start>^|[,.;!]\s*))"
                       r"(?:now\s+|just\s+|since\s+|recently\s+|finally\s+)?(?:switched|changed|gone|moved)(?:\s+over)?"
                       r"\s+to\s+(?P<doing>learning|supporting|drinking|using|eating|playing|driving|riding|studying|teaching|"
                       r"coding|programming|wearing|taking|cooking|working|watching|listening to|reading)\b", re.I)
_NO_SUBJECT = frozenset({"and", "so", "but", "then", "just", "finally", "recently", "also", "now", "since", "i've"})
_BE_NOW = {"i": "I'm", "we": "we're", "they": "they're", "you": "you're"}


def _to_doing(m: re.Match[str]) -> str:
    subj, doing = m.group("subj"), m.group("doing").lower()
    if subj is None:  # said first or after a stop; after a comma, a sentence of its own ("dropped french. I'm now ...")
        return f"{'. ' if ',' in m.group('start') else m.group('start')}I'm now {doing}"
    if subj.lower() in _NO_SUBJECT:  # "and switched to ...": the speaker
        return f"{subj} I'm now {doing}"
    return f"{_BE_NOW.get(subj.lower()) or subj + ' is'} now {doing}"


# "gave up cycling to work": the commute ended, not the pastime
_GAVE_UP_COMMUTE = re.compile(r"\b(?:i\s+|i've\s+|i have\s+)?(?:gave up|given up|stopped|quit)\s+(?P<how>cycling|"
                              r"biking|walking|driving|running|getting the (?:bus|train|tube))\s+(?:in\s+)?to work\b",
                              re.I)
_COMMUTE_VERB = {"cycling": "cycle", "biking": "cycle", "walking": "walk", "driving": "drive", "running": "run"}


# "jo's training to be a teacher now", "retraining to become a nurse": training as that job (catalogue "train_as")
_TRAINING_TO_BE = re.compile(r"\b((?:re)?train(?:ing|ed|s)?)\s+to\s+(?:be|become)\s+(?=an?\s)", re.I)


# "cancelled spotify and went with apple music": the one chosen instead of the one ended
_ENDED_WENT_WITH = re.compile(r"\b((?:cancell?ed|ditched|dropped|dumped|binned|left|quit|got rid of)\s+[^,.!?;]{2,40}?"
                              r"\s+and\s+)(?:went|gone|going)\s+(?:with|for)\s+", re.I)


# "cut coffee out completely": the particle before the thing cut, as the parse reads "cut out coffee" (not "cut it out")
_CUT_X_OUT = re.compile(r"\b(cut(?:ting)?)\s+(?!(?:it|them|that|this|me|him|her|us)\b)"
                        r"((?:the\s+|my\s+)?[a-z]+(?:\s+[a-z]+)?)"
                        r"\s+out\b(?!\s+(?:of|for|to|from|on)\b)", re.I)


# "stepped down from management, back to being an analyst": the job again, said by the speaker
_BACK_TO_BEING = re.compile(r"(^|[,.;!]\s*|\b(?:and|so|now)\s+)(?:i'm\s+|im\s+|i am\s+)?(?:now\s+)?back to being\s+"
                            r"(an?)\s+([a-z]+(?:\s+[a-z]+)?)\b", re.I)


# "tanya's going freelance as a legal consultant", "went self-employed as a plumber": working as that now
_FREELANCE_AS = re.compile(r"\b(going|gone|went|go)\s+((?:freelance|self[- ]employed|solo|independent)\s+as\s+an?\s)",
                           re.I)


# "work lets me be fully remote now", "my boss lets me work from home": the speaker does
_LETS_ME = re.compile(r"\b(?:work|my (?:work|job|boss|manager|company|employer)|the (?:company|boss|firm)|they)\s+"
                      r"(?:now\s+)?(?:lets|let|allows?)\s+me\s+(?:to\s+)?(be(?=\s+(?:fully\s+|completely\s+)?(?:remote|"
                      r"hybrid|home[- ]based|part[- ]time|full[- ]time)\b)|work)\b", re.I)


# "I get the bus to work": taking it (the parse reads "get the bus to work" as getting the bus to do some work)
_GET_TRANSPORT = re.compile(r"\b(get|gets|getting|got)(\s+(?:the|a)\s+(?:bus|train|tube|tram|ferry|metro|subway|coach)"
                            r"\s+(?:in\s+)?to\s+(?:work|the office|school|uni|college)\b)", re.I)
_TAKE_FORM = {"get": "take", "gets": "takes", "getting": "taking", "got": "took"}


# "my stomach can't handle spicy food anymore", "my body doesn't tolerate dairy now": the speaker's own limit
_MY_BODY = re.compile(r"\bmy (?:stomach|tummy|gut|belly|body|system|skin)(?:'s| has| just| really)? "
                      r"(?P<not>can'?t|cannot|can not|doesn'?t|does not|won'?t)(?= (?:handle|take|tolerate|cope with|"
                      r"deal with)\b)", re.I)
_AS_I = {"doesn't": "don't", "doesnt": "don't", "does not": "do not"}  # ("my body doesn't" -> "I don't")


# "my iron was low so pescatarian now i guess", "..., so single again": the speaker's new state after a reason (not
# the intensifier: "my sister is so vegan now")
_STATES = "|".join(sorted((re.escape(w) for w in (*DIETS, *REL_STATUS, "veggie", "teetotal", "sober")), key=len,
                          reverse=True))
_NOT_AFTER_BE = "".join(rf"(?<!{w} )" for w in (r"\bis", r"\bam", "are", "was", r"\bbe", "'s", "'m", "'re", "got",
                                                  "get", "seems", "feel"))
_SO_STATE = re.compile(_NOT_AFTER_BE + r"\b(so|and)\s+(?=(?:" + _STATES + r")\s+(?:now|again|these days)\b)", re.I)


def said_plainly(text: str) -> str:
    """``text`` with the phrasings above rewritten."""
    text = _FREELANCE_AS.sub(lambda m: f"{'working' if m.group(1).lower() == 'going' else 'started working'} "
                             f"{re.sub(r'self[- ]employed', 'freelance', m.group(2), flags=re.I)}", text)
    text = _BACK_TO_BEING.sub(r"\1I'm \2 \3 again", _CUT_X_OUT.sub(r"\1 out \2", text))
    text = _GET_TRANSPORT.sub(lambda m: _TAKE_FORM[m.group(1).lower()] + m.group(2), text)
    text = _LETS_ME.sub(lambda m: "I'm" if m.group(1).lower() == "be" else "I work", text)
    text = role_said_first(_TRAINING_TO_BE.sub(r"\1 as ", _ENDED_WENT_WITH.sub(r"\1switched to ", text)))
    text = _GAVE_UP_COMMUTE.sub(lambda m: "I don't " + _COMMUTE_VERB.get(m.group("how").lower(), m.group(
        "how").lower().replace("getting", "get")) + " to work anymore", text)
    text = _TO_DOING.sub(_to_doing, text)
    text = _CLEFT.sub(lambda m: f"{m.group('who')} {m.group('verb')} {m.group('prep')} {m.group('x')}", text)
    text = _MOVED_FOR_WORK.sub(_moved_for_work, _JUMPED_SHIP.sub("got a job at ", text))
    text = _LET_GO.sub(_let_go, _GOT_FOR.sub(lambda m: f"{m.group('whom')} got {m.group('det')} ", text))
    text = _FAMILY_MOVED.sub(lambda m: f"{m.group('who')} and the family {m.group('verb')} {m.group('rest')}"
                             if m.group("who").lower() not in ("my", "our", "his", "her", "their") else m.group(0),
                             text)
    text = _SO_STATE.sub(lambda m: f"{m.group(1)} I'm ", text)
    text = _MY_BODY.sub(lambda m: f"I {_AS_I.get(m.group('not').lower(), m.group('not'))}", text)
    text = _CALL_MYSELF.sub(_call_myself, _ID_SAY.sub("", _TO_VAPING.sub("I quit smoking for vaping", text)))
    text = _DIVORCING.sub(lambda m: f"{m.group('who')} separating" if m.group("who") else f"{m.group('start')}I'm "
                          "separating", text)  # ("divorcing" before a comma is misparsed)
    return _DUMPED.sub(_dumped, _COUPLE_DONE.sub(_couple_done, text))
