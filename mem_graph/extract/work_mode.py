"""How the speaker works: from where, and how many hours.

Where from: home, the office, or a mix of the two ("I work from home", "fully remote now",
"back in the office 5 days a week, hate it", "we're hybrid now", "they've made us go back to the office"). One value
at a time (the ``work_mode`` slot: remote, office or hybrid), so a new one replaces the old.

How many hours: part time or full time ("I work part time", "i've gone full time at the cafe", "dropped down to
part time after the baby", "I'm a part-time barista"), one at a time (the ``work_hours`` slot). The clause reader
reads "gone part time" as nothing and "a part-time barista" only as the job (which it stays). A full-time carer,
parent or student says how they spend their days, not their working hours.

The facts are built here: the clause reader would read "work from home" as an employer and "back in the office"
as nothing. Only the speaker's own, said as done (not "thinking of going remote", "used to work from home", "do
you work from home?").
"""

from __future__ import annotations

import re

from mem_graph.extract.hedges import Hedge
from mem_graph.types import EntityRef, Fact, Message, Triple, normalise_entity

_HEDGE = Hedge("used to", "was", "were", "before", "back when", "if")
# the speaker's clause: said first, after a stop, or after "I"/"we" (and the adverbs between)
_MINE = r"(?:^|[,.;!:]\s*|\b(?:i|i'm|im|i am|i've|ive|we|we're|we are|been|so|and|but|" \
        r"(?:my|the) (?:new )?(?:job|role)(?: is|'s)|(?:made|make|making|forced|forcing|got|getting|have|having) " \
        r"(?:us|me|everyone|everybody|us all|all of us|all staff|staff)(?: (?:to )?(?:go|come|be|going|coming))?)\s+)" \
        r"(?:(?:now|fully|mostly|still|officially|finally|just|currently|permanently|basically)\s+)*"
_REMOTE = (r"(?:work(?:ing)? (?:from|at) home(?![\w-]|\s(?-i:[A-Z]))|wfh(?:ing)?|work(?:ing)? remotely"
           r"|(?:fully |100% |completely )?remote(?=\W*(?:$|[,.;!])| now| these days| full[- ]time| permanently"
           r"| which| and| so| but| since)"
           r"|(?:went|gone|switched to|moved to) (?:fully |100% |completely )?remote)\b")
_OFFICE = (r"(?:back (?:in|to|at) the office|(?:work(?:s|ing)? (?:in|at) the office |in the office )"
           r"(?:full[- ]time|five days|5 days|every day)"
           r"|(?:(?<=fully )|(?<=completely ))in the office"
           r"|office (?:full[- ]time|five days a week|5 days a week))\b")
_HYBRID = (r"(?:hybrid(?: now| these days)?(?=\W*(?:$|[,.;!]))|work(?:ing)? hybrid"
           r"|on a hybrid (?:contract|pattern|schedule)|(?:two|three|2|3) days (?:a week )?in the office)\b")
_MODES = (("remote", re.compile(_MINE + _REMOTE, re.I)),
          ("office", re.compile(_MINE + _OFFICE + r"|\bno more (?:wfh|working from home)\b", re.I)),
          ("hybrid", re.compile(_MINE + _HYBRID, re.I)))
_SOME_DAYS = re.compile(r"\s*(?:on )?(?:(?:mon|tues|wednes|thurs|fri)days?\b|(?:once|twice|two days|three days|"
                        r"[1-4] days|a (?:few|couple of) days|some days) a week\b|sometimes\b|occasionally\b|"
                        r"part of the week\b)", re.I)
_SAID = {"remote": ("works remotely, from home", "home"), "office": ("works in the office", "office"),
         "hybrid": ("works hybrid, partly from home", "hybrid")}


def work_mode_facts(line: str, speaker: str, message: Message, found: list[Fact]) -> list[Fact]:
    """``found`` with the speaker's work mode and working hours ``line`` says (see the module doc)."""
    return _work_hours_facts(line, speaker, message, _work_place_facts(line, speaker, message, found))


def _work_place_facts(line: str, speaker: str, message: Message, found: list[Fact]) -> list[Fact]:
    """``found`` with the speaker's work mode ``line`` says, as one fact (the first mode said wins), in place of
    the clause reader's unplaced "User is fully remote"."""
    if line.rstrip().endswith("?") or any(f.slot and f.slot.endswith("|work_mode") for f in found):
        return found
    for mode, pattern in _MODES:
        m = pattern.search(line)
        if m is None or _HEDGE.hedged(line, m.start()):
            continue
        if mode in ("remote", "office") and _SOME_DAYS.match(line[m.end():]):
            # "I work from home on fridays", "back in the office 3 days a week": a mix
            mode = "hybrid"
        said, where = _SAID[mode]
        now = " now" if re.search(r"\b(?:now|these days|back|no more|anymore)\b", line, re.I) else ""
        key = normalise_entity(speaker)
        fact = Fact(text=f"{speaker} {said}{now}", entities=[EntityRef(speaker, "person"), EntityRef(where, "thing")],
                    triples=[Triple(speaker, "works_from", where)], slot=f"{key}|work_mode", subject_key=key,
                    object_key=mode, single_valued=True, rule="rules.work_mode:work_mode.single",
                    message_ids=[message.id] if message.id else [], timestamp=message.timestamp,
                    metadata=dict(message.metadata), evidence=f"slot work_mode: '{m.group(0).strip(' ,.;!:')}'")
        return [*(f for f in found if f.object_key not in ("remote", "hybrid", "fully remote", "office") or (
            f.slot and not f.slot.endswith(("|occupation", "|employer")))), fact]  # not "job is office"
    return found


_HOURS_HEDGE = Hedge("used to", "was", "were", "before", "back when", "asked", "offered")
_HOURS = r"(?P<hours>part|full)[- ]time"
_WORK_WORDS = r"(?:job|role|post|position|contract|hours|worker|employee|staff|at|in|for|with|now|these days|again)"
_PATTERNS = (
    # "I work part time", "working full-time at the hospital"
    re.compile(rf"{_MINE}work(?:s|ing)?\s+{_HOURS}\b", re.I),
    # "gone part time", "went back to full time", "dropped down to part-time", "cut my hours to part time"
    re.compile(rf"{_MINE}(?:went|gone|switched|moved|dropped|changed|cut(?:\s+my\s+hours)?|"
               rf"reduced(?:\s+my\s+hours)?)(?:\s+(?:back|down|up))?(?:\s+to)?\s+{_HOURS}\b", re.I),
    # "i'm part time now", "I'm full-time at the cafe"
    re.compile(rf"(?:\bi'm|\bim|\bi am)\s+(?:now\s+|only\s+)?{_HOURS}\b(?=\s*(?:$|[,.;!]|{_WORK_WORDS}\b))", re.I),
    # "I'm a part-time barista", "got a part time job at Tesco" (not a full-time mum or student: no hours said)
    re.compile(r"(?:\bi'm|\bim|\bi am|\bi've got|\bi have|\bi got|\bgot)\s+(?:now\s+)?an?\s+(?P<hours>part)"
               r"[- ]time\s+(?!student|mum|mom|dad|parent|carer|caregiver|volunteer|course|degree)(?=\w)", re.I),
)
_HOURS_SAID = {"part": "part time", "full": "full time"}


def _work_hours_facts(line: str, speaker: str, message: Message, found: list[Fact]) -> list[Fact]:
    """``found`` with the speaker's working hours ``line`` says, as one fact (the first said wins)."""
    if line.rstrip().endswith("?") or any(f.slot and f.slot.endswith("|work_hours") for f in found):
        return found
    for pattern in _PATTERNS:
        m = pattern.search(line)
        if m is None or not _HOURS_HEDGE.said_as_done(line, m, "hours"):
            continue
        hours = _HOURS_SAID[m.group("hours").lower()]
        now = " now" if re.search(r"\b(?:now|these days|gone|went|switched|moved|dropped|back)\b", line, re.I) else ""
        key = normalise_entity(speaker)
        kept = [f for f in found if f.slot or (f.object_key or "").replace("-", " ") not in ("full time", "part time")]
        return [*kept, Fact(
            text=f"{speaker} works {hours}{now}", entities=[EntityRef(speaker, "person"), EntityRef(hours, "thing")],
            triples=[Triple(speaker, "works_hours", hours)], slot=f"{key}|work_hours", subject_key=key,
            object_key=hours, single_valued=True, rule="rules.work_hours:work_hours.single",
            message_ids=[message.id] if message.id else [], timestamp=message.timestamp,
            metadata=dict(message.metadata), evidence=f"slot work_hours: '{m.group(0).strip(' ,.;!:')}'")]
    return found
