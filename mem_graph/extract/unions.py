"""Marriages and engagements said the way many Englishes say them: "nikah done!!! 🥹", "our shaadi was last
week", "my rishta with Hamza is finalized" (an arranged engagement). Read over the whole turn and written as the
plain statement the rules read ("I'm married now", "I'm engaged to Hamza now"); and a divorce said done
("Claire and I finalised the divorce", "the divorce came through": "I'm divorced now"); anyone else's ("my cousin's
nikah is done", "her rishta with Ali") is left alone.
"""

from __future__ import annotations

import re

# "nikah done", "our shaadi was on friday", "the nikah is done alhamdulillah"
_MARRIED = re.compile(r"(?:^|[.!?,]\s*|\b(?:our|the|my)\s+)(?:nikah|shaadi|walima)\s+(?:is\s+|was\s+)?"
                      r"(?:done|over|finished|complete|yesterday|last\s+\w+|on\s+\w+)\b", re.I)
# "my rishta with Hamza is finalized": engaged to Hamza
_RISHTA = re.compile(r"\bmy (?:rishta|engagement|mangni) (?:with|to) (?P<n>[A-Za-z][a-z]+) (?:is|got|has been|was) "
                     r"(?:finali[sz]ed|fixed|confirmed|done|official)\b", re.I)
# "Claire and I finalised the divorce", "the divorce came through", "our divorce is final": a marriage ended
_DIVORCE_DONE = re.compile(r"\b(?:finali[sz]ed|finished|settled) (?:the|our|my) divorce\b(?!\s+(?:next|soon|tomorrow))"
                           r"|\b(?:the|our|my) divorce (?:is|was|has been|'s|got|went) (?:finally |now |officially )?"
                           r"(?:final|finali[sz]ed|through|done|official)\b|\b(?:the|our|my) divorce (?:finally )?came "
                           r"through\b", re.I)
_NOT_DONE = re.compile(r"\b(?:not|n't|never|if|when|once|until|might|hope|hoping|waiting)\b[^.!?]*$", re.I)
# "my cousin's nikah", "my sister's boyfriend Tom proposed": said of someone else (chat_restate uses it too)
SOMEONE_ELSES = re.compile(r"(?:'s|\bhis|\bher|\btheir)\s+(?:[\w-]+\s+)?$", re.I)


def union_said(text: str) -> list[str]:
    """The speaker's marriage or engagement said in ``text``, as plain statements."""
    said = [f"I'm engaged to {m.group('n').capitalize()} now" for m in _RISHTA.finditer(text)]
    said += ["I'm married now" for m in _MARRIED.finditer(text) if not SOMEONE_ELSES.search(text[:m.start()])][:1]
    said += ["I'm divorced now" for m in _DIVORCE_DONE.finditer(text) if not SOMEONE_ELSES.search(
        text[:m.start() + (m.group(0).lower().find(" divorce") + 1)]) and not _NOT_DONE.search(text[:m.start()])][:1]
    return said
