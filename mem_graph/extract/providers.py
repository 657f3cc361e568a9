"""Who provides a service, said the way people name it: "we're on sky broadband", "got virgin media fibre now",
"switched broadband to BT", "moved my current account to monzo", "changed gyms to the gym group", "we're with
Octopus for energy". Each is
re-said as the plain statement the slot readers know ("our broadband provider is sky") and read in the
speaker's stead; the clause reader's misreading of the same words ("broadband uses BT") gives way to it."""

from __future__ import annotations

import re
from collections.abc import Callable

from mem_graph.types import Fact, normalise_entity

_SAID_AS = {"internet": "our broadband provider is {}", "bank": "my bank is {}", "gym": "my gym is {}",
            "mobile": "my mobile network is {}", "energy": "our energy supplier is {}"}
_NOUN_SLOT = {"broadband": "internet", "fibre": "internet", "fiber": "internet", "internet": "internet",
              "wifi": "internet", "isp": "internet", "bank": "bank", "banks": "bank", "current account": "bank",
              "bank account": "bank", "joint account": "bank", "gym": "gym", "gyms": "gym", "gym membership": "gym",
              "phone contract": "mobile", "mobile contract": "mobile", "phone provider": "mobile",
              "mobile provider": "mobile", "mobile network": "mobile", "phone network": "mobile", "network": "mobile",
              "networks": "mobile", "sim": "mobile", "number": "mobile", "phone number": "mobile",
              "contract": "mobile", "banking": "bank", "energy": "energy", "gas": "energy", "electric": "energy",
              "electricity": "energy", "gas and electric": "energy", "gas and electricity": "energy",
              "energy supplier": "energy"}
# mobile networks said by name alone ("i'm on giffgaff now", "with EE"); "Three" only with a phone word nearby ("i'm
# on Three, is the signal good in Devon?"; not "we're on three kids now")
NETWORKS = ("ee", "o2", "vodafone", "giffgaff", "tesco mobile", "sky mobile", "virgin mobile", "lebara", "lycamobile",
            "voxi", "smarty", "id mobile", "bt mobile", "talkmobile", "asda mobile", "three mobile", "verizon",
            "at&t", "t-mobile", "mint mobile", "airtel", "jio", "safaricom", "telstra", "optus",
            "rogers", "telus")
# banks said by name alone ("moved everything over to Starling", "switched to nationwide")
BANKS = ("lloyds", "halifax", "barclays", "hsbc", "natwest", "santander", "nationwide", "monzo", "starling", "revolut",
         "chase", "first direct", "tsb", "metro bank", "co-op bank", "virgin money", "rbs", "bank of scotland", "kroo",
         "chime", "wells fargo", "bank of america", "capital one", "ulster bank", "aib", "bank of ireland")
_NOT_A_NAME = r"(?!(?:our|my|the|their|a|an|your|this|that|its|new|same|better|faster|cheaper|some)\b)"
_NOT_SECOND = (r"(?!(?:broadband|fibre|fiber|last|this|next|now|today|yesterday|and|but|because|cos|for|since|after|"
               r"when|so|too|as|at|in|on|from|with|instead|installed|lol|tbh)\b)")
_NAME = _NOT_A_NAME + r"[a-z0-9][\w&'.-]*(?:\s" + _NOT_A_NAME + _NOT_SECOND + r"[a-z0-9][\w&'.-]*)?"
# "we're on sky broadband", "got virgin media fibre", "switched to BT broadband"
_NAMED_SERVICE = re.compile(r"\b(?:on|with|got|have|to|using)\s+(?P<name>" + _NAME + r")\s+(?P<noun>broadband|fibre|"
                            r"fiber)\b(?!\s+(?:is|was|keeps|kept|dropped|went|has|had)\b)", re.I)
# "switched broadband to BT", "moved my current account to monzo", "changed gyms to the gym group"
_SWITCHED = re.compile(r"\b(?:switched|moved|changed|swapped|ported)\s+(?:all\s+)?(?:our\s+|my\s+|the\s+)?"
                       r"(?P<noun>broadband|internet|wifi|current account|bank account|joint account|banks?|"
                       r"gym membership|gyms?|phone contract|"
                       r"mobile contract|(?:phone |mobile )?network|sim|(?:phone )?number|contract|banking|"
                       r"energy supplier|energy|gas and electric(?:ity)?|gas|electric(?:ity)?)\s+"
                       r"(?:provider\s+|supplier\s+)?"
                       r"(?:over\s+)?(?:to|for)\s+(?:the\s+)?(?P<name>" + _NAME + r")", re.I)
# "switched banks, i'm with starling now", "changed gyms - we're at the gym group now"
_CHANGED_THEN = re.compile(r"\b(?:switched|moved|changed|swapped)\s+(?P<noun>banks|gyms|broadband(?: providers?)?|"
                           r"internet providers?|networks|(?:phone|mobile) (?:providers?|networks?))\b"
                           r"[\s,;.!-]+(?:and\s+|so\s+)?(?:i'?m|we'?re|i am|we are|now)\s+"
                           r"(?:now\s+)?(?:with|on|at)\s+(?:the\s+)?(?P<name>" + _NAME + r")", re.I)
# "I'm with Lloyds bank", "we're with nationwide building society", "moved all my money to monzo"
_WITH_BANK = re.compile(r"\b(?:i'?m|we'?re|i am|we are|been|banking)\s+with\s+(?P<name>" + _NAME + r")\s+"
                        r"(?:bank|building society)\b|\bmoved (?:all )?(?:my|our) (?:money|savings|salary) "
                        r"(?:over )?to\s+(?P<name2>" + _NAME + r")|\b(?:i|we)\s+(?:now\s+)?bank\s+with\s+(?P<name3>"
                        + _NAME + r")", re.I)
_BANK_NAMES = "|".join(re.escape(n) for n in sorted(BANKS, key=len, reverse=True))
# "moved everything over to Starling", "switched my salary to nationwide", "i'm with monzo now"
# ("moved to Halifax" is a move to the town: a bare "moved" needs what was moved)
_TO_BANK = re.compile(r"\b(?:(?:moved|switched|changed|swapped)\s+(?:all\s+)?(?:everything|(?:my|our)\s+(?:money|"
                      r"salary|savings|account|accounts|current account|wages|pay))\s+(?:over\s+)?to|"
                      r"(?:switched|changed|swapped)\s+(?:over\s+)?to|(?:i'?m|we'?re|i am|we are)\s+(?:now\s+)?with)\s+"
                      r"(?P<name>" + _BANK_NAMES + r")(?![\w&-])", re.I)
# "moved to the council gym", "joined the gym at the leisure centre" is the gym reader's
_TO_GYM = re.compile(r"\b(?:moved|switched|changed|gone|went)\s+(?:over\s+)?to\s+(?:the\s+)?"
                     r"(?P<name>(?:[a-z0-9][\w'-]*\s+){1,2}gym)\b", re.I)
# "i'm with Virgin Media for broadband", "we're with Nationwide for our mortgage" (no slot), "i'm with Vodafone for my
# phone": the service named by what it is for
_WITH_FOR = re.compile(r"\b(?:i'?m|we'?re|i am|we are|been)\s+(?:with|on)\s+(?P<name>" + _NAME + r")\s+for\s+(?:our\s+|"
                       r"my\s+|the\s+)?(?P<noun>broadband|internet|wifi|banking|current account|(?:my\s+|our\s+)?"
                       r"(?:phones?|mobiles?|phone contract)|energy|gas and electric(?:ity)?|gas|electric(?:ity)?)\b",
                       re.I)
_FOR_SLOT = {"broadband": "internet", "internet": "internet", "wifi": "internet", "banking": "bank",
             "current account": "bank", **{k: v for k, v in _NOUN_SLOT.items() if v == "energy"}}
# "i'm on giffgaff now", "I'm with EE", "we're all on O2", "i'm on Three for my phone", "moved to giffgaff"
_ON_NETWORK = re.compile(r"\b(?:(?:i'?m|we'?re|i am|we are|been|now|both|all)\s+(?:now\s+|all\s+)?"
                         r"(?:on|with|(?P<a>an?))(?:\s+the(?=\s+\w+\s+network))?|"
                         r"(?:moved|switched|gone|went|ported|changed)\s+(?:over\s+)?to)\s+"
                         r"(?P<name>" + "|".join(re.escape(n) for n in sorted(NETWORKS, key=len, reverse=True))
                         + r"|three(?=\s+(?:for (?:my|our) phones?|mobile|network)))(?![\w&-])"
                         r"(?(a)\s+customer\b)", re.I)  # ("I'm a Vodafone customer")
# "i'm on Three, is the signal good in Devon?": Three said alone, where the turn talks of a phone's service
_ON_THREE = re.compile(r"\b(?:i'?m|we'?re|i am|we are)\s+(?:now\s+)?(?:on|with)\s+(?P<name>three)(?=\s*(?:[,.!?;]|$)|"
                       r"\s+(?:now|too|as well)\b)", re.I)
# "i'm on the Octopus Agile tariff for energy": a supplier's tariff, where the turn talks of energy (mobile plans are
# tariffs too)
_ON_TARIFF = re.compile(r"\b(?:i'?m|we'?re|i am|we are)\s+(?:now\s+)?(?:on|with)\s+(?:the\s+|an?\s+)?"
                        r"(?P<name>(?-i:[A-Z])[\w'-]*)(?:\s+[\w'-]+){0,2}?\s+tariff\b", re.I)
_ENERGY_TALK = re.compile(r"\b(?:energy|gas|electric|electricity|smart meter|meter readings?|heat pump)\b", re.I)
# broadband providers said by name alone where the turn talks of the connection ("we went with BT in the end, how do
# i set up the hub?")
ISPS = ("bt", "sky", "virgin media", "virgin", "talktalk", "plusnet", "hyperoptic", "community fibre", "zen",
        "now broadband", "vodafone", "ee", "xfinity", "comcast", "spectrum", "verizon fios", "starlink", "eir")
_ISP_NAMES = "|".join(re.escape(n) for n in sorted(ISPS, key=len, reverse=True))
_TO_ISP = re.compile(r"\b(?:went|gone|going|switched|moved|changed|signed up|(?:i'?m|we'?re|i am|we are))\s+(?:now\s+)?"
                     r"(?:over\s+)?(?:with|to)\s+(?P<name>" + _ISP_NAMES + r")(?![\w&-])"
                     r"(?!\s+(?:to|into|on)\s)", re.I)  # ("went with virgin to the concert": people, no provider)
_BROADBAND_TALK = re.compile(r"\b(?:hub|router|broadband|wi-?fi|fibre|fiber|internet|mbps|speeds?)\b", re.I)
_PHONE_TALK = re.compile(r"\b(?:signal|coverage|[45]g|data|sim|roaming|reception|contract)\b", re.I)
_UNSURE = re.compile(r"\?|\b(?:might|maybe|thinking|considering|should|would|could|if|planning|going to|gonna|want|"
                     r"wanna|hoping|plan to|may|used to|had|was|were)\b", re.I)


def _network_spelled(name: str) -> str:
    low = name.lower()
    return low.upper() if low in ("ee", "o2") else low if low == "giffgaff" else name[:1].upper() + name[1:]


def _isp_spelled(name: str) -> str:
    """A provider's name as it writes it, where the speaker typed it in lower case ("bt" -> "BT")."""
    low = name.lower()
    return name if name != low else low.upper() if low in ("bt", "ee", "eir") else low.title()


def _bank_spelled(name: str) -> str:
    """A bank's name as the bank writes it, where the speaker typed it in lower case ("hsbc" -> "HSBC")."""
    if name != name.lower():
        return name
    return name.upper() if name in ("hsbc", "tsb", "rbs", "aib") else name.title()


def provider_facts(line: str, found: list[Fact], read: Callable[[str], list[Fact]], turn: str = "") -> list[Fact]:
    """``found`` with the provider ``line`` (a sentence of the message ``turn``) names in the way a service is
    named, in place of the clause reader's facts about the service noun itself."""
    three = _ON_THREE.search(line) if _PHONE_TALK.search(turn or line) else None
    if (hedge := _UNSURE.search(line)) is not None:
        # ("we're with British Gas but thinking of switching": what comes before the hedged clause still holds)
        cut = max(line.rfind(w, 0, hedge.start()) for w in (" but ", ", ", " and ", " so "))
        if cut <= 0:
            return found
        line = line[:cut]
    said: list[tuple[str, str]] = []  # (the plain statement, the words it re-says)
    nouns: set[str] = set()
    for pattern, now in ((_NAMED_SERVICE, ""), (_SWITCHED, " now"), (_CHANGED_THEN, " now")):
        for m in pattern.finditer(line):
            noun = re.sub(r"\s+providers?$", "", m.group("noun").lower())  # ("broadband providers": broadband)
            if _NOUN_SLOT[noun] == "mobile" and not m.group("name")[:1].isalpha():
                continue  # "changed my number to 07700 900123": a number, no network
            if noun == "contract" and m.group("name").lower().rstrip(".") not in NETWORKS:
                continue  # "moved my contract to the Leeds office": only a network's name makes it a phone contract
            said.append((_SAID_AS[_NOUN_SLOT[noun]].format(m.group("name")) + now, m.group(0)))
            nouns.add(normalise_entity(noun))
    for m in _WITH_BANK.finditer(line):
        said.append((_SAID_AS["bank"].format(m.group("name") or m.group("name2") or m.group("name3")), m.group(0)))
    for m in _TO_BANK.finditer(line):
        said.append((_SAID_AS["bank"].format(_bank_spelled(m.group("name"))), m.group(0)))
    for m in _WITH_FOR.finditer(line):
        slot = _FOR_SLOT.get(m.group("noun").lower(), "mobile")
        said.append((_SAID_AS[slot].format(m.group("name")), m.group(0)))
    for m in _ON_NETWORK.finditer(line):
        said.append((_SAID_AS["mobile"].format(_network_spelled(m.group("name"))), m.group(0)))
    if _BROADBAND_TALK.search(turn or line):
        said += [(_SAID_AS["internet"].format(_isp_spelled(m.group("name"))), m.group(0))
                 for m in _TO_ISP.finditer(line)]
    if _ENERGY_TALK.search(turn or line):
        said += [(_SAID_AS["energy"].format(m.group("name")), m.group(0)) for m in _ON_TARIFF.finditer(line)]
    if three is not None and three.end() <= len(line):
        said.append((_SAID_AS["mobile"].format("Three"), three.group(0)))
    for m in _TO_GYM.finditer(line):
        said.append((f"I joined the {m.group('name')}", m.group(0)))  # ("my gym is council gym" reads a gym's gym)
    new: list[Fact] = []
    for plain, words in sorted(said, key=lambda s: line.find(s[1])):  # in the order said: the last one holds now
        for f in read(plain):
            if f.slot:
                f.evidence += f"; said as '{words}'"  # the turn's own words, so its verbatim copy is not needed
                if f.slot.endswith("|bank") and (banks := [b for b in BANKS if b in f.text.lower()]):
                    f.object_key = max(banks, key=len)  # "first direct": the parse's object is "first"
                new.append(f)
    if not new:
        return found
    slots = {f.slot for f in new}
    named = {f.object_key for f in new if f.object_key}
    # the clause reader's "User is with starling now" gives way to "User's bank is starling now"
    # (and "User is with Vodafone for their phone" read as an employer, "switched my contract to EE" as a role)
    new = list({(f.slot, f.object_key): f for f in new}.values())  # ("I'm with EE for my phone": read twice)
    return [f for f in found if f.subject_key not in nouns and f.slot not in slots and f.object_key not in named
            and not any((f.object_key or "").startswith(f"{n} ") or (f.object_key or "-") in n.split() for n in named)
            # ("switched to BT broadband"; "switched to first direct" read as a tool "direct")
            and not (f.slot is None and any(n in f.text.lower() for n in named))] + new
