"""Who provides a service, said the way people name it: "we're on sky broadband", "got virgin media fibre now",
"switched broadband to BT", "moved my current account to monzo", "changed gyms to the gym group". Each is
re-said as the plain statement the slot readers know ("our broadband provider is sky") and read in the
speaker's stead; the clause reader's misreading of the same words ("broadband uses BT") gives way to it."""

from __future__ import annotations

import re
from collections.abc import Callable

from mem_graph.types import Fact, normalise_entity

_SAID_AS = {"internet": "our broadband provider is {}", "bank": "my bank is {}", "gym": "my gym is {}"}
_NOUN_SLOT = {"broadband": "internet", "fibre": "internet", "fiber": "internet", "internet": "internet",
              "wifi": "internet", "isp": "internet", "bank": "bank", "banks": "bank", "current account": "bank",
              "bank account": "bank", "gym": "gym", "gyms": "gym", "gym membership": "gym"}
_NOT_A_NAME = r"(?!(?:our|my|the|their|a|an|your|this|that|its|new|same|better|faster|cheaper|some)\b)"
_NOT_SECOND = (r"(?!(?:broadband|fibre|fiber|last|this|next|now|today|yesterday|and|but|because|cos|for|since|after|"
               r"when|so|too|as|at|in|on|from|with|instead|installed|lol|tbh)\b)")
_NAME = _NOT_A_NAME + r"[a-z0-9][\w&'.-]*(?:\s" + _NOT_A_NAME + _NOT_SECOND + r"[a-z0-9][\w&'.-]*)?"
# "we're on sky broadband", "got virgin media fibre", "switched to BT broadband"
_NAMED_SERVICE = re.compile(r"\b(?:on|with|got|have|to|using)\s+(?P<name>" + _NAME + r")\s+(?P<noun>broadband|fibre|"
                            r"fiber)\b(?!\s+(?:is|was|keeps|kept|dropped|went|has|had)\b)", re.I)
# "switched broadband to BT", "moved my current account to monzo", "changed gyms to the gym group"
_SWITCHED = re.compile(r"\b(?:switched|moved|changed|swapped)\s+(?:our\s+|my\s+|the\s+)?(?P<noun>broadband|internet|"
                       r"wifi|current account|bank account|banks?|gym membership|gyms?)\s+(?:provider\s+)?(?:over\s+)?"
                       r"(?:to|for)\s+(?:the\s+)?(?P<name>" + _NAME + r")", re.I)
_UNSURE = re.compile(r"\?|\b(?:might|maybe|thinking|considering|should|would|could|if|planning|going to|gonna|want|"
                     r"wanna|hoping|plan to|may|used to|had|was|were)\b", re.I)


def provider_facts(line: str, found: list[Fact], read: Callable[[str], list[Fact]]) -> list[Fact]:
    """``found`` with the provider ``line`` names in the way a service is named, in place of the clause
    reader's facts about the service noun itself."""
    if _UNSURE.search(line):
        return found
    said: list[str] = []
    nouns: set[str] = set()
    for pattern, now in ((_NAMED_SERVICE, ""), (_SWITCHED, " now")):
        for m in pattern.finditer(line):
            noun = m.group("noun").lower()
            said.append(_SAID_AS[_NOUN_SLOT[noun]].format(m.group("name")) + now)
            nouns.add(normalise_entity(noun))
    new = [f for s in said for f in read(s) if f.slot]
    if not new:
        return found
    slots = {f.slot for f in new}
    return [f for f in found if f.subject_key not in nouns and f.slot not in slots] + new
