"""A chat line read with the speaker's previous one: "and Kubernetes in prod" goes on with "I use Docker", and
"oops its Hillview not Hillside" corrects the value the previous line named. A line that opens with a verb of
its own ("also quit costa", "and sold the car") leaves out only its "I": it goes on with no earlier phrase."""

from __future__ import annotations

import re

from mem_graph.extract.chat import spell_out
from mem_graph.extract.wordlist import is_irregular_verb_form, is_verb

# "and Kubernetes in prod", "plus Dutch now": a line that goes on with the speaker's previous one
# not a line that opens with a past verb: "also started climbing" leaves out its "I", it goes on with no phrase
_CONTINUATION = re.compile(r"^\s*(?:and|plus|also|or|&)\s+(?!(?:i|we|you|he|she|they|it|[a-z]+ed|got|went|took|"
                           r"bought|began|made|into|[a-z]{2,}ing)\b|(?:my|our|his|her|their)\s+(?:\S+\s+){3}"
                           r"|[\w']+\s+(?:(?:and|&)\s+(?:i|me)|is|are|was|were|has|have|had|got)\b)"
                           r"(?P<word>[\w']+)", re.I)  # ("also my mom got me a pixel for my bday": a clause of its own;
# so is "also rhian and i are moving", "and jo has quit")

# "oops its Hillview not Hillside", "sorry i meant dallas not austin": the value of the previous line, corrected
_CORRECTION = re.compile(
    r"^\W*(?:(?:oops|oh|wait|no|nope|sorry|actually|ah|my bad|correction|typo|ok|so|err|um)\W+)*"
    r"(?:(?:it's|it is|that's|that is|it was|that was|I meant|I mean|meant|should be|should have said)\s+)?"
    r"(?P<new>[\w'-]+(?: [\w'-]+){0,2}?)\s*,?\s+not\s+(?P<old>[\w'-]+(?: [\w'-]+){0,2}?)(?P<rest>$|[,.!?;:].*$)",
    re.I)
_NOT_A_VALUE = frozenset(["i", "i'm", "im", "we", "we're", "my", "our", "is", "am", "are", "was", "were", "do",
                          "does", "did", "don't", "he", "she", "they", "it", "it's", "that", "this", "have", "has"])


def corrected(previous: str, line: str) -> str | None:
    """The speaker's previous line with the value ``line`` corrects put right ("my daughter goes to hillside
    elementary" + "oops its Hillview not Hillside" -> "Actually my daughter goes to Hillview elementary"), or
    None when ``line`` is no such correction or the previous line does not name the old value."""
    m = _CORRECTION.match(spell_out(line))
    if m is None or previous.rstrip().endswith("?"):
        return None
    new, old = m.group("new").strip(), m.group("old").strip()
    if {w.lower() for w in new.split()} & _NOT_A_VALUE or {w.lower() for w in old.split()} & _NOT_A_VALUE:
        return None  # "I'm vegan, not vegetarian": a statement of its own
    said = re.compile(rf"(?<![\w']){re.escape(old)}(?![\w'])", re.I)
    if not said.search(previous):
        return None
    return "Actually " + said.sub(new, previous.strip(), count=1)


def continued(previous: str | None, line: str) -> str:
    """``line`` read with the statement it continues ("I use Docker" + "and Kubernetes in prod"), so its
    elided subject and verb are there to parse; the earlier part restates what was already said. A line
    that corrects a value of the previous one ("its Hillview not Hillside") is read as that line corrected."""
    if previous is not None and (fixed := corrected(previous, line)) is not None:
        return fixed
    opening = _CONTINUATION.match(line) if previous is not None else None
    if previous is None or opening is None or previous.rstrip().endswith("?") \
            or is_irregular_verb_form(opening.group("word")):
        return line
    # run on without a conjunction, "I drink way too much coffee also love tea" parsed as "User drinks way": joined
    # with "and also" before a verb (as "and" alone, "coffee and love tea" made one thing), else with "and"
    line = re.sub(r"^\s*(?:also|plus)\s+", "and also " if is_verb(opening.group("word")) else "and ", line,
                  count=1, flags=re.I)
    return f"{previous.rstrip().rstrip('.!;,')} {line.strip()}"
