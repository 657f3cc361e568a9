"""Marriages and engagements said the way many Englishes say them: "nikah done!!! 🥹", "our shaadi was last
week", "my rishta with Hamza is finalized" (an arranged engagement). Read over the whole turn and written as the
plain statement the rules read ("I'm married now", "I'm engaged to Hamza now"); anyone else's ("my cousin's
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
# "my cousin's nikah", "my sister's boyfriend Tom proposed": said of someone else (chat_restate uses it too)
SOMEONE_ELSES = re.compile(r"(?:'s|\bhis|\bher|\btheir)\s+(?:[\w-]+\s+)?$", re.I)


def union_said(text: str) -> list[str]:
    """The speaker's marriage or engagement said in ``text``, as plain statements."""
    said = [f"I'm engaged to {m.group('n').capitalize()} now" for m in _RISHTA.finditer(text)]
    said += ["I'm married now" for m in _MARRIED.finditer(text) if not SOMEONE_ELSES.search(text[:m.start()])][:1]
    return said
