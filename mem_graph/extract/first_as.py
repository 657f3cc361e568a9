"""A new role said through its first days ("first week as a junior doctor done", "my first shift as a
manager today!", "1st day as a barista, so tired") or through what others did ("they made me the store
manager!", "they promoted me to team lead").

Chat names the role only inside the milestone, so the parser finds no clause that states it. Said that way it is
the speaker's role now: ``first_as`` writes "I'm a junior doctor now, first week done" for the rules to read. A
milestone still ahead ("first day as a manager tomorrow", "my first week as a nurse starts next month") is a
plan and is left as it is; so is anyone else's ("her first day as a teacher"). "they made me X" is written
"I got promoted to X", which the occupation lexicon reads.
"""

from __future__ import annotations

import re

_FIRST_AS = re.compile(
    r"(?<![\w'])(?:my\s+)?((?:first|1st)\s+(?:day|week|month|shift|night|year|ofsted|inspection|lesson|term|"
    r"payday|paycheck|paycheque|placement|patient|client|gig|case|review)s?)\s+as\s+"  # ("survived my first ofsted")
    r"((?:an?\s+)?[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)"
    r"(?:\s+at\s+(?P<at>(?-i:[A-Z])[\w'&-]*(?:\s+(?-i:[A-Z])[\w'&-]*)*))?"  # "first week as head chef at Casa Lumbre"
    r"(?=\s*(?:done|today|over|complete|finished|down|in the bag|went|was|is|,|\.|!|\?|$|[^\w\s]))", re.I)
# "first month freelance.", "first week self-employed done": a way of working said through its first days
_FIRST_FREE = re.compile(r"(?<![\w'])(?:my\s+)?((?:first|1st)\s+(?:day|week|month|year)s?)\s+(?:as\s+)?(?:a\s+)?"
                         r"(freelance|freelancing|freelancer|self[- ]employed|retired|unemployed)\b(?=\s*(?:done|over|"
                         r"complete|finished|,|\.|!|$))", re.I)
_AHEAD = re.compile(r"\b(?:tomorrow|tmrw|next|soon|starts|begins|on (?:mon|tues|wednes|thurs|fri|satur|sun)day|"
                    r"coming up|in \w+ (?:days?|weeks?))\b", re.I)
_MADE_ME = re.compile(
    r"\b(?:they|she|he|my boss|my manager|the company|management)\s+(?:just\s+|finally\s+|officially\s+)?"
    r"(?:made|promoted|appointed|named)\s+me\s+(?:to\s+|as\s+)?(?:the\s+|a\s+|an\s+|their\s+|our\s+)?"
    r"([a-z][\w-]*(?:\s+(?:of\s+)?[a-z][\w-]*){0,3}?)(?=\s*(?:[,.!?]|$|and\b|at\b|today|yesterday|last\b|this\b))",
    re.I)
# "I have been made senior delivery manager", "got made team lead": the passive of "they made me X"
_BEEN_MADE = re.compile(
    r"\b(?:i|i've|i have|i was|i got|i've been|i have been|been|got)\s+(?:just\s+|finally\s+|officially\s+)?"
    r"(?:been\s+)?(?:made|appointed|named)\s+(?:as\s+)?(?:the\s+|a\s+|an\s+)?"
    r"([a-z][\w-]*(?:\s+(?:of\s+)?[a-z][\w-]*){0,3}?)(?=\s*(?:[,.!?]|$|and\b|at\b|from\b|today|yesterday|last\b|"
    r"this\b))", re.I)
_OTHERS = re.compile(r"\b(?:his|her|their|your)\s+$", re.I)
# "they bumped me up to head chef", "got bumped up to senior": a promotion said with "up"
_BUMPED_UP = re.compile(r"\b(?:(?:they|she|he|my boss|my manager|management|the company)\s+(?:just\s+|finally\s+|"
                        r"officially\s+)?(?:bumped|moved|stepped)\s+me|(?:i\s+)?(?:got|was|been|i've been)\s+"
                        r"(?:bumped|moved|stepped))\s+up\s+to\s+(?:the\s+|a\s+|an\s+)?([a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)"
                        r"(?=\s*(?:[,.!?]|$|and\b|at\b|after\b|today|yesterday|last\b|this\b))", re.I)
# "landed a junior dev role", "bagged a data analyst job", "got my first nursing post": the role the job is
_LANDED = re.compile(r"\b(?:landed|bagged|scored|snagged|accepted|got|started)\s+(?:a|an|my first|my new|the)\s+"
                     r"((?:(?:junior|senior|graduate|grad|trainee|entry[- ]level|full[- ]time|part[- ]time|lead|staff)"
                     r"\s+)?[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+(?:role|job|position|post|gig)\b", re.I)


def first_as(text: str) -> str:
    """``text`` with a milestone of a role said as the role ("first week as a nurse done" -> "I'm a nurse now,
    first week done"); any other text as it is."""
    def sub(m: re.Match[str]) -> str:
        if _OTHERS.search(m.string[:m.start()]) or _AHEAD.search(m.string[m.start(2):m.end() + 40]):
            return m.group(0)
        role = m.group(2)
        if not re.match(r"an?\s", role, re.I):  # "first week as depot supervisor": a role word, said bare
            from mem_graph.extract.lexicon import OCCUPATIONS

            if role.lower().split()[-1] not in (*OCCUPATIONS, *_ROLE_WORDS):
                return m.group(0)
            role = f"{'an' if role[:1].lower() in 'aeiou' else 'a'} {role}"
        return f"I'm {role}{' at ' + m.group('at') if m.group('at') else ''} now, {m.group(1)}"
    text = _FIRST_FREE.sub(lambda m: m.group(0) if _OTHERS.search(m.string[:m.start()]) else
                           f"I'm {'freelance' if m.group(2).lower().startswith('freelanc') else m.group(2)} now, "
                           f"{m.group(1)}", text)
    text = _LANDED.sub(lambda m: _role_now(m, a=True), _BUMPED_UP.sub(lambda m: _role_now(m, a=False), text))
    return _BEEN_MADE.sub(_made_me, _MADE_ME.sub(_made_me, _FIRST_AS.sub(sub, text)))


def _role_now(m: re.Match[str], *, a: bool) -> str:
    """"I'm a junior dev now" for a role word the occupation lexicon knows; anything else as said."""
    from mem_graph.extract.lexicon import OCCUPATIONS

    role = m.group(1)
    last = role.lower().split()[-1]
    if last not in OCCUPATIONS and last not in _ROLE_WORDS and last not in ("dev", "developer", "engineer", "chef",
                                                                           "leader"):
        return m.group(0)
    article = ("an " if role[:1].lower() in "aeiou" else "a ") if a else ""
    dated = re.match(r"\s+(?:last|this|today|yesterday|on)\b", m.string[m.end():]) is not None
    return f"I became {article}{role}" if dated else f"I'm {article}{role} now"  # ("head chef last week")


_ROLE_WORDS = frozenset({"head", "director", "chief", "vp", "lead", "manager", "supervisor", "captain", "partner",
                         "president", "chair", "principal", "editor", "foreman", "coordinator"})


def _made_me(m: re.Match[str]) -> str:
    """"they made me the store manager" (a role word), never "they made me redo the report"."""
    from mem_graph.extract.lexicon import OCCUPATIONS

    words = m.group(1).lower().split()
    role = words[-1] in OCCUPATIONS or words[-1] in _ROLE_WORDS or words[0] in _ROLE_WORDS
    return f"I got promoted to {m.group(1)}" if role else m.group(0)
