"""What a chat line is before any parse: small talk, questions and requests, and the normalisation
that helps the small parser read chat ("my son Theo studies..." -> "My son Theo studies...", "i" -> "I",
"Mia's at Oakwood" -> "Mia is at Oakwood", "fave food is ramen" -> "My favourite food is ramen")."""

from __future__ import annotations

import re
from functools import lru_cache

from mem_graph.extract.admission import studies_as_verb
from mem_graph.extract.children import kids_ages
from mem_graph.extract.contractions import contracted_age, contracted_has, contracted_is
from mem_graph.extract.first_as import first_as
from mem_graph.extract.fragments import attribute_there, name_is, spelled_out
from mem_graph.extract.gapping import split_clauses
from mem_graph.extract.health import MEDICATIONS, name_grades
from mem_graph.extract.intro_list import split_intro_list
from mem_graph.extract.lexicon import GIVEN_NAMES
from mem_graph.extract.openers import opened
from mem_graph.extract.participles import participle, then_now, verb_lemmas
from mem_graph.extract.places import town_schools
from mem_graph.extract.requests import QUESTION_START as _QUESTION_START
from mem_graph.extract.rising_tone import news_with_a_rising_tone
from mem_graph.extract.self_label import self_label
from mem_graph.extract.shorthand import SHORTHAND, expand_shorthand, says_then_asks
from mem_graph.extract.smalltalk import filler_like, small_talk_reason
from mem_graph.extract.subjectless import (
    complement_opens,
    continuity,
    job_opens,
    not_doing,
    says_own_routine,
    successor_subjects,
)
from mem_graph.extract.tool_phrasing import tool_phrasings

CHITCHAT = frozenset(
    [
        "ok", "okay", "k", "kk", "thanks", "thank", "thx", "ty", "you", "hi", "hello", "hey", "yo", "bye", "goodbye",
        "cya", "see", "ya", "lol", "lmao", "haha", "hahaha", "hmm", "sure", "great", "cool", "yes", "no", "yeah",
        "yep", "nope", "nice", "good", "morning", "night", "evening", "afternoon", "awesome", "wow", "right",
        "alright", "fine", "got", "it", "welcome", "please", "sounds", "perfect", "oh", "ah", "uh", "um", "well",
        "bro", "dude", "man", "sorry", "np", "pls", "brb", "gtg", "g2g", "ttyl", "back", "thx", "omg", "yay", "meh",
        "ugh", "idk", "wb", "hbu", "wbu", "same", "gn", "gm", "cheers", "nite", "sup", "yup", "ikr", "true",
        "exactly", "totally", "definitely", "agreed", "hm", "lmk", "xd", "rip", "oops", "whoops", "yikes", "welp",
    ]
)
FILLERS = frozenset([
    "ok", "okay", "so", "well", "weirdly", "honestly", "lol", "haha", "oh", "and", "but", "actually", "wait", "hmm",
    "yeah", "also", "tbh", "um", "anyway", "funny", "weird", "thing",
])
_WORD = re.compile(r"[a-z']+")
# "fave food is ramen", "new favourite food: birria tacos" -> "My favourite food is ..."
_FAVE = re.compile(r"(^|(?<=[.!?]\s))((?:(?:ok|okay|so|but|and|well|oh|also|anyway),?\s+)*)(?:New |My new |My )?"
                   r"(?:fave|favourite|favorite|fav) (\w+)(?: (these days|nowadays|lately|currently|right now|rn))?"
                   r"(?: is|:) ", re.I)
# "home is glasgow now", "gym's the leisure centre now": an attribute noun chat says without "my", in a sentence
# that says it changed (not "home is a mess", "job is killing me": no value of the slot)
_BARE_ATTRIBUTE = re.compile(
    r"(^|(?<=[.!?,]\s))((?:(?:ok|okay|so|but|and|well|oh|also|anyway|meh|yeah|update),?\s+)*)"
    r"(home|gym|job|phone|car|school|uni|commute|editor|ride|current account|bank|broadband)(?:'s| is) (?=(\w+))"
    r"(?!(?:so|too|very|really|pretty|quite|such|kind|sort|not|just|fine|ok|okay|great|good|bad|awful|busy|"
    r"crazy|nuts|hard|tough|boring|fun|killing|going|getting|driving|still)\b)"
    r"(?=[^.!?]*\b(?:now|these days|nowadays|currently|at the moment|right now)\b)", re.I)


def _fave(m: re.Match[str]) -> str:
    """"fave band these days is X" -> "These days my favourite band is X" (the time phrase, fronted, parses)."""
    when = f"{m.group(4)[:1].upper()}{m.group(4)[1:]}, " if m.group(4) else ""
    lead = m.group(2) + when.lower() if m.group(2) else when
    return f"{m.group(1)}{lead}{'my' if lead else 'My'} favourite {m.group(3)} is "


# "my home is glasgow now": the lower-case city after "home is" is read as a verb; a word that is no verb is its name
_HOME_IS = re.compile(r"\b((?:[Mm]y|[Oo]ur) home is (?:now )?)([a-z][a-z'-]{2,})\b")


def _bare_attribute(m: re.Match[str]) -> str:
    if m.group(3).lower() in ("home", "job") and m.group(4).lower() in ("a", "an"):
        return m.group(0)  # "home is a mess now", "job is a nightmare now"; "phone's a pixel now" is a value
    return f"{m.group(1)}{m.group(2)}{'my' if m.group(2) else 'My'} {m.group(3).lower()} is "
# "back living at my mum's in paisley": the place of one's family, not "my mum is in paisley"
_AT_THEIR_PLACE = re.compile(r"\b((?:at|to|from|round|near|by) (?:my|our) (?:mum|mom|dad|parents|mother|father|nan|"
                             r"gran|grandma|grandparents|sister|brother|aunt|uncle|mate|friend|boyfriend|girlfriend|"
                             r"partner|folks|in-laws|cousin)(?:'s|s'))(?=\s*(?:$|[,.!?;)]|(?:in|for|now|again|atm|"
                             r"until|till|since|while|at|on|near|and|but|with|lol|tbh|though|tho)\b))", re.I)
_SENT_START = re.compile(r"(?:^|(?<=[.!?]\s))\s*[a-z]")
_CHAT_I = re.compile(r"(?<![\w'])i(?=(?:'m|'ve|'d|'ll)?(?![\w']))")
_SENT_SPLIT = re.compile(r"(?<=[.!?])\s+")
# chat tokens that carry no content: dropped so that no fact text says "btw" or "lol"
_CHAT_NOISE = re.compile(r"\s*(?<![\w'])(?:btw|lol+|lmao+|rofl|tbh|tbf|ngl|imo|imho|omg+|ugh+|haha(?:ha)*|hehe|xd|"
                         r"fyi|jk|smh|fr)(?![\w'])", re.I)
# a sentence-final "though" / "tho" / "anyway" leans on the chat around it: no part of the fact ("we're getting a
# rescue dog though", "i live in leeds tho"); a final "i guess" / "i suppose" softens what was said, it doubts
# nothing ("pescatarian now i guess"), unlike a final "i think" ("she's moving to leeds i think")
_TRAILING_HEDGE = re.compile(r"\s*,?\s*(?<![\w'])(?:though|tho|anyway|anyways|i guess|i suppose)(?=\s*(?:[.!?]+|$))",
                             re.I)
# a sentence-final aside that only comments ("switched to decaf, doctor's orders"): the parse took it for an object
_TRAILING_ASIDE = re.compile(r",\s*(?:(?:my |the )?doctor'?s orders|long story|don'?t ask|send help"
                             r"|go figure|before you ask|in case you (?:wondered|were wondering|ask)"
                             r"|don'?t judge me|no judgement|no judgment"
                             r"|pray for (?:me|us)|who knew)(?=\s*(?:[.!?]+|$))", re.I)
# a sentence-final "i think" / "i believe" / "i reckon" doubts the sentence: said first, where the hedge reader
# looks ("moving to york next year i think" -> "i think moving to york next year")
_TRAILING_OPINION = re.compile(r"(^|[.!?]\s+)([^.!?]+?)\s*,?\s+(i think|i believe|i reckon)(?=\s*(?:[.!?]+|$))", re.I)
# "my favourite band these days is the national": the time words between a possessed subject and its "is" go after
# the value, where the parse expects them ("my favourite band is the national these days")
_MID_TIME = re.compile(r"\b((?:my|our|his|her|their)\s+(?:[\w-]+\s+){1,3}?)(these days|nowadays|at the moment|"
                       r"right now|currently|lately)\s+(is|are)\s+([^.!?,;]+)", re.I)
_LAUGH_BREAK = re.compile(r"(?<=[a-z0-9])\s+(?:lol+|lmao+|rofl|haha(?:ha)*|hehe|xd)\s+(?=[a-z])", re.I)
# "its" that opens a clause is "it's" ("its my birthday today", "oops its Hillview")
_ITS = re.compile(r"(^\s*|[.!?,;:]\s+|\b(?:oops|oh|and|but|so|no|yes|yeah|well|actually|because)\s+)(i)ts\b",
                  re.I)
_NUMBER_ONE = re.compile(r"\b(is|'s)\s+(?:my\s+|the\s+)?(?:new\s+)?(?:number one|no\.? ?1|#1)\b", re.I)
# emoji, pictographs and typed faces: a sentence break when words follow ("dropped it 😭 got a new one",
# "sold the bass :( bought a stingray")
_EMOJI = re.compile("[\U0001F000-\U0001FAFF\u2600-\u27BF\u2B00-\u2BFF\uFE0F\u200D]+"
                    r"|(?<![^\s\w])(?:[:;=][-']?[()\[\]DPpOo/\\|3*]+|[xX]D+)(?![^\s.,!?])")


# after an emoji, a clause whose subject chat left out ("brought a puppy home 😤 is a vira-lata, we called him
# thor"): whose it is is not said, and as a sentence of its own it read as a question ("Is a vira-lata, we ...?")
# that hid the statement after its comma; it goes, the statement stays
_GOES_ON = re.compile(r"\.\s+(?:is|was|are|were)\s+(?:a|an|so|such|really|very|super|kinda|pretty)\b[^,.!?]*,\s*",
                      re.I)


@lru_cache(maxsize=8192)
def is_small_talk(sentence: str) -> bool:
    """Small talk, a passing mood, a reaction or a remark tied to the moment ("lol the weather is nice
    today", "so tired today", "ugh traffic was terrible today", "that's hilarious"): see smalltalk.py."""
    return small_talk_reason(spell_out(sentence)) is not None


def said_in_passing(fact_text: str, speaker: str) -> bool:
    """A clause of the speaker's that would be small talk said alone ("User was literally just reading about
    Utrecht" in "Eindhoven!! not utrecht, i was literally just reading about utrecht")."""
    return fact_text.startswith(f"{speaker} ") and small_talk_reason(f"I {fact_text[len(speaker) + 1:]}") is not None


def is_chitchat(text: str) -> bool:
    words = _WORD.findall(text.casefold())
    return not words or all(w in CHITCHAT for w in words)


def is_question_or_request(sentence: str) -> bool:
    """A question or a request to the assistant ("Where should I eat tonight", "Can you...", "Tell me...")."""
    s = sentence.strip()
    if bool(_QUESTION_START.match(s)):
        return True
    if not s.endswith("?"):
        return False
    words = [w for w in _WORD.findall(spell_out(s).casefold()) if w not in FILLERS]
    last = [w for w in _WORD.findall(spell_out(s.rsplit(",", 1)[-1]).casefold()) if w not in FILLERS]
    return not news_with_a_rising_tone(s, words, last) and not says_then_asks(s)


def statements(text: str) -> str:
    """The text without its questions, requests and small talk, chat noise dropped (what a memory may be
    made of)."""
    return " ".join(spell_out(p) for p in _SENT_SPLIT.split(text.strip()) if p and not is_question_or_request(p)
                    and not is_small_talk(p))


def not_memorable(text: str) -> bool:
    """Small talk, questions and requests only: kept as a raw message, never as a memory."""
    return is_chitchat(text) or not statements(text).strip() or is_chitchat(statements(text))


# "we're not together anymore, me and sam": who "we" are, said after it ("sam and I are not together anymore")
_WE_THEN_WHO = re.compile(r"^(?P<lead>\W*(?:(?:so|and|but|well|yeah|ya|tbh|honestly|update)\W+)*)we(?P<be>'re|\s+are)?"
                          r"\s+(?P<rest>[^,.!?]+),\s*(?:me and (?P<a>[a-z]+)|(?P<b>[a-z]+) and (?:me|i))\s*(?=[.!]*$)",
                          re.I)


@lru_cache(maxsize=8192)  # pure, and asked of one sentence many times over a turn
def spell_out(text: str) -> str:
    """Chat shorthand in full ("im" -> "I'm", "dont" -> "don't", "rn" -> "right now"), without noise
    tokens ("btw", "lol") and emoji (a sentence break when words follow)."""
    text = _EMOJI.sub(lambda m: ". " if m.string[m.end():].strip() and not m.string[:m.start()].rstrip()
                      .endswith((".", "!", "?")) and m.string[:m.start()].strip() else " ", text)
    text = _GOES_ON.sub(". ", text)
    text = _LAUGH_BREAK.sub(". ", text)  # "bought a tesla lol show off": laughter between two clauses ends one
    text = _CHAT_NOISE.sub("", text)
    text = _TRAILING_OPINION.sub(r"\1\3 \2", _TRAILING_HEDGE.sub("", _TRAILING_ASIDE.sub("", text)))
    text = _MID_TIME.sub(lambda m: f"{m.group(1)}{m.group(3)} {m.group(4).rstrip()} {m.group(2)}", text)
    text = _ITS.sub(lambda m: f"{m.group(1)}{m.group(2)}t's", text)
    text = _WE_THEN_WHO.sub(lambda m: f"{m.group('lead')}{m.group('a') or m.group('b')} and I"
                            f"{' are' if m.group('be') else ''} {m.group('rest')}", text)  # "..., me and sam"
    # "a stay at home mum", "a full time dad": one modifier, as the parser reads it hyphenated (else "is stay")
    text = re.sub(r"\b(stay|work) at home (?=(?:mum|mom|dad|mother|father|parent|wife|husband)\b)", r"\1-at-home ",
                  text, flags=re.I)
    text = re.sub(r"\b(full|part) time (?=(?:mum|mom|dad|mother|father|parent|carer|caregiver|student|job|"
                  r"worker|employee)\b)", r"\1-time ", text, flags=re.I)
    # "studying law part time": an adverb, as the parser reads it hyphenated (else "law part time", one noun)
    text = re.sub(r"\b(full|part) time(?=\s*(?:$|[,.!?;)]|(?:now|and|but|while|these|this|since)\b))",
                  r"\1-time", text, flags=re.I)
    text = re.sub(r"\bgo-to (?=drink|order)", "usual ", text, flags=re.I)  # the parser splits "go-to": "go" an object
    text = _NUMBER_ONE.sub(r"\1 my favourite", text)  # "ramen is number one now": a favourite, no phone number
    text = re.sub(r"\b([A-Z][\w'-]*) & ([A-Z][\w'-]*)", r"\1&\2", text)  # "Linklane & Moss": one name, as "M&S"
    text = split_intro_list(expand_shorthand(text))  # "i'm maya, product designer, based in bristol"
    text = re.sub(r"\s+([.,!?;:])", r"\1", text)
    text = opened(text)  # "Hiya, looking for ideas", "speaking of Maddie, she's..."
    text = re.sub(r"^[\s.,;:!]+|(?<=[.!?])[\s.,;:]*(?=[.!?])", "", text)
    return re.sub(r"\s{2,}", " ", text).strip()


# Chat drops the subject of a first-person statement ("went keto in january", "got promoted", "dont eat fish
# anymore", "been learning portuguese"); the small parser then misreads the verb as a name. A sentence that
# opens with a past form, a negated auxiliary or "been" gets its "I" back (marked as implied, see clauses.py).
_PAST_FORMS = frozenset(
    [
        "got", "went", "took", "made", "had", "left", "quit", "began", "became", "met", "bought", "sold", "ran",
        "came", "saw", "found", "gave", "put", "cut", "did", "felt", "kept", "lost", "paid", "spent", "thought",
        "told", "won", "wrote", "broke", "drove", "fell", "flew", "forgot", "grew", "heard", "knew", "rode", "sat",
        "slept", "spoke", "stood", "swam", "taught", "threw", "woke", "wore", "tried", "split", "swapped",
    ])
_NOT_PAST = frozenset([
    "need", "speed", "breed", "embed", "shed", "seed", "weed", "feed", "indeed", "red", "bed", "hundred", "sacred",
    "naked", "wicked", "beloved",
])
_NEG_AUX = frozenset(["don't", "didn't", "haven't", "hasn't", "can't", "won't", "never"])
_STATE_PARTICIPLES = frozenset([
    "based", "married", "engaged", "divorced", "retired", "separated", "widowed", "obsessed", "hooked", "addicted",
    "stuck", "done", "settled",
])
_LEAD_ADVERBS = frozenset([
    "just", "finally", "recently", "also", "still", "literally", "actually", "already", "officially", "basically",
    "totally", "kinda", "really", "currently", "now", "mostly", "usually", "always", "strictly", "fully",
    "all",  # "all settled in Lisbon now"
])
_LEAD_CONJ = frozenset(["and", "so", "then", "but", "anyway", "well", "ok", "okay", "oh", "also", "yep", "yeah", "nah",
                        "nope", "yup", "haha", "lol"])
_SENTENCES = re.compile(r"(?:[^.!?]|[.!?](?=\S))+[.!?]*")  # "a VW ID.3", "node.js": no sentence end inside a word


# a news lead-in before the statement: "good news tho, got hired by Bosch", "update: moved to Leeds", "ok big news, ..."
_NEWS_LEAD = re.compile(r"^\W*(?:(?:ok|okay|so|oh|well|omg|alright|and)[\s,]+)*"
                        r"(?:(?:some |big |great |good |exciting |sad |bad )?news|guess what|update|life update|"
                        r"fun fact)\b[^,.!?:]{0,12}[,:]\s*"
                        # or a greeting: "hi, retired now but i was a mechanic" ("g'day" is "Hi" by now: openers.py)
                        r"|^\W*(?:hi|hey|hello|heya|hiya|howdy)(?:\s+(?:there|all|mate|guys|everyone))?\s*[,!.]+\s*",
                        re.I)


def _is_state_word(word: str) -> bool:
    from mem_graph.extract.catalogue import DIETS, REL_STATUS

    return word in REL_STATUS or word in DIETS


# a medicine one is on, said with no "I'm" ("on nicotine gum now")
_ON_MEDICINE = re.compile(r"on (?:the )?(?:" + "|".join(
    sorted((re.escape(m) for m in MEDICATIONS), key=len, reverse=True)) + r")\b", re.I)
# a clause that names its own subject before its first comma ("back in uni i played rugby, ...")
_OWN_SUBJECT = re.compile(r"^[^,;.!?]*?\b(?:i|we|i'm|we're|i've|we've)\b", re.I)


def _implied_subject(sentence: str) -> tuple[int, str] | None:
    """Where a subjectless first-person statement needs its "I" (offset in ``sentence``), and the words."""
    lead = _NEWS_LEAD.match(sentence)
    if lead is not None and (found := _implied_subject(sentence[lead.end():])) is not None:
        return lead.end() + found[0], found[1]
    words = list(re.finditer(r"[\w']+", sentence))
    n = 0
    while n < len(words) and words[n].group(0).lower() in _LEAD_CONJ and n < 2:
        n += 1
    start = n
    while n < len(words) and words[n].group(0).lower() in _LEAD_ADVERBS:
        n += 1
    if n >= len(words):
        return None
    first = words[n].group(0).lower()
    after = words[n + 1].group(0).lower() if n + 1 < len(words) else ""
    if first in _STATE_PARTICIPLES and (not after or after in ("in", "to", "with", "of", "on", "now", "again",
                                                                  "since", "for", "at")):
        return words[start].start(), "I'm "
    if first == "been" and re.match(r"been (?:a )?(?:long|while|ages|forever|too long|so long)\b", sentence[
            words[n].start():], re.I):
        return None  # "been a long time coming", "been ages": about the news, not a state of the speaker's
    if first == "been" or (first in ("not", "never") and after == "been"):  # "not been climbing since the move"
        return words[start].start(), "I've "
    if (first == "into" and after) or ((participle(first) or first == "doing") and not re.search(
            r"\b(?:is|was|are|were|isn't|wasn't|makes|made|helps|takes|sucks|rocks)\b", re.split(r"[,;]", sentence)[0],
            re.I)):
        # "learning some spanish these days", "also into pottery now" (not "learning spanish is hard"); a plan
        # ("moving in with Simone next month") is the speaker's plan, kept as one
        return words[start].start(), "I'm "
    if first == "on" and _ON_MEDICINE.match(sentence[words[n].start():]):
        return words[start].start(), "I'm "  # "quit smoking!! on nicotine gum now", "on metformin since june"
    if first in ("in", "at") and after and "still" in {w.group(0).lower() for w in words[start:n]}:
        return words[start].start(), "I'm "  # "still in berlin, moved to a bigger flat": where one still is
    if re.match(r"in an? (?:happy |new |serious |long[- ]distance )?relationship\b", sentence[words[n].start():], re.I):
        return words[start].start(), "I'm "  # "currently in a relationship 🙃", "in a relationship and thriving"
    if _is_state_word(first) and not re.match(r"(?:was|wasn't|is|isn't|didn't|doesn't|has|hasn't|just|never|"
                                               r"made|makes|kept|keeps|worked|works)$", after):
        # "still single, it is what it is" ("single" is also a verb: "I single"); not "keto wasn't working for me"
        return words[start].start(), "I'm "
    if says_own_routine(first, after, adverbs={w.group(0).lower() for w in words[start:n]}, line=sentence):
        return words[start].start(), "I "  # "live in a bungalow near Exeter", "mostly write go at work"
    if complement_opens(sentence[words[n].start():]) and not _OWN_SUBJECT.match(sentence[words[n].start():]):
        # "strictly vegetarian since uni", "currently 17" (not "back in uni i played rugby": its own "i")
        return words[start].start(), "I'm "
    if (article := job_opens(sentence[words[n].start():])) is not None:  # "nurse on a cardiac ward at X"
        return words[start].start(), f"I'm {article} "
    if first in _PAST_FORMS or first in _NEG_AUX or (
            first.endswith("ed") and len(first) > 4 and first not in _NOT_PAST and after not in ("by",)):
        return words[start].start(), "I "
    return None


def opens_without_subject(text: str) -> bool:
    """A first-person statement said with no "I" ("been on vim for ages", "using neovim these days")."""
    return _implied_subject(text.strip()) is not None


# a sentence about someone else, by pronoun: the subject a next sentence's dropped one continues
_THIRD_OPENS = re.compile(r"^\s*(?:(?:well|so|and|ok|okay|yeah|anyway|honestly)\W+)*(he|she)(?:'s|\s+(?:is|was|has|had)"
                          r"\b)", re.I)


def restore_subjects(text: str) -> tuple[str, frozenset[int]]:
    """``text`` with the dropped "I" of chat statements put back, and the character offsets of those "I"s."""
    out: list[str] = []
    offsets: set[int] = set()
    pos = 0
    before = ""
    for m in _SENTENCES.finditer(text):
        sent = m.group(0)
        found = _implied_subject(sent) if not is_question_or_request(sent.strip()) else None
        if found is not None and found[1] == "I " and (third := _THIRD_OPENS.match(before)):
            # "Well he's out of there. Started at St Mary's on Monday": he started (not the speaker)
            at = found[0]
            rest = sent[at:]
            who = third.group(1).lower() if sent[:at].strip() else third.group(1).capitalize()
            out.append(text[pos:m.start()] + sent[:at] + who + " " + rest[:1].lower() + rest[1:])
            pos, before = m.end(), sent
            continue
        before = sent
        out.append(text[pos:m.start()])
        if found is None:
            out.append(then_now(sent))
        else:
            at, words = found
            base = sum(len(x) for x in out)
            offsets.add(base + at)
            rest = sent[at:]
            said = then_now(sent[:at] + words + (rest[:1].lower() + rest[1:] if rest[:2] != "I " else rest))
            said, more = successor_subjects(said) if words == "I " else (said, [])
            offsets.update(base + i for i in more)
            out.append(said)
        pos = m.end()
    out.append(text[pos:])
    return "".join(out), frozenset(offsets)


# "started eating meat again, not vegetarian anymore": a trailing elliptical negation is a statement of its own
_TRAILING_NEGATION = re.compile(r",\s+(?:so\s+)?(not|no longer)\s+((?:a |an )?\w+(?: \w+)?)\s+(anymore|any more)\b",
                                re.I)
# "went freelance this month", "I'm freelance now": the work of a freelancer, said with the adjective
_GONE_FREELANCE = re.compile(r"\b(?:(went|gone|go|going|turned)|(am|'m|is|'s|are|'re))\s+"
                             r"(?:(?:now|officially|fully|finally|basically)\s+)*freelance\b"
                             r"(?!\s+(?:for|as)\b)", re.I)  # ("I am officially freelance"; not "self-employed": an
# electrician gone self-employed is still an electrician)
# "eating cheese again, so vegetarian now": the state the change leaves is a statement of its own
_SO_STATE = re.compile(r",\s+so\s+(?=[a-z][\w-]+\s+(?:now|again|these days|nowadays)\b)", re.I)


def _so_state(m: re.Match[str]) -> str:
    """A value a slot knows ("vegetarian", "single"), never any adjective ("it rained, so wet now")."""
    from mem_graph.extract.catalogue import DEFAULT_SLOTS

    word = m.string[m.end():].split()[0].lower()
    known = any(word in spec.values for spec in DEFAULT_SLOTS)
    return ". So I'm " if known and complement_opens(m.string[m.end():]) else m.group(0)


# "adopted a kitten, named her biscuit": the naming clause shares the subject, and "her" + one word reads as
# "her biscuit" (a possessive) to the parser; "it" names the same pet unambiguously
_NAMED_AFTER_COMMA = re.compile(r",\s+(named|called)\s+(?=(?:him|her|it|them)\b)", re.I)
_NAMED_HER = re.compile(r"\b(named|called|renamed)\s+her\s+(?=[\w'-]+\s*(?:$|[,.!?;:]|(?:and|but|after|because)\b))",
                        re.I)


# "i moved to glasgow": the small parser reads a lower-case word after "to" as an infinitive; after a verb of
# moving, a word that is no verb at all is the destination's name ("moved to school" stays: "school" is a verb)
_MOVED_TO = re.compile(r"\b((?:moved|move|moves|moving|relocated|relocate|relocating|transferred|transferring|"
                       r"headed|heading|emigrated|emigrating)(?: back| over| out| off| down| up| away)?(?: home)? to )"
                       r"([a-z][a-z'-]{2,})\b", re.I)
_BARE_PLACES = frozenset(["town", "city", "downtown", "uptown", "campus", "college", "uni", "university", "home",
                          "abroad", "overseas", "europe"])


@lru_cache(maxsize=1)
def _verbs() -> frozenset[str]:
    """Every word the English lemmatizer knows as a verb, and the stop words: never a place's name."""
    from spacy.lang.en.stop_words import STOP_WORDS

    return verb_lemmas() | frozenset(STOP_WORDS)


# words that follow a place, not an infinitive's object ("moved back home to cork in june", not "to help mum")
_AFTER_PLACE = frozenset(["in", "for", "last", "this", "since", "now", "after", "when", "because", "so", "and", "but",
                          "yesterday", "recently", "at", "lol", "finally", "today", "tho", "though"])


def _destination(m: re.Match[str]) -> str:
    word = m.group(2)
    # "moved back home to cork": after "home to" the word is a place, whatever else it can be (not a stop word)
    after = re.match(r"\s*([\w']*)", m.string[m.end():])
    place_next = after is None or not after.group(1) or after.group(1).lower() in _AFTER_PLACE
    blocked = _verbs() - verb_lemmas() if " home to " in m.group(1).lower() and place_next else _verbs()
    if word in _BARE_PLACES or word in blocked or word in FILLERS or word in SHORTHAND:
        return m.group(0)
    return m.group(1) + word[:1].upper() + word[1:]


# a self-introduction typed in lower case: "hey im priya", "im priya, 31, i do backend dev…"
_INTRO = re.compile(r"(?<![\w'])(I'm|I am)\s+([a-z][a-z-]+)(?:,\s*(\d{1,3}))?(?=\s*(?:[,.!?;]|$|and\b))", re.I)
_GREETING = re.compile(r"^\W*(?:hi|hey|hello|hiya|yo|heya|howdy|greetings|quick intro|intro|nice to meet (?:you|u))\b",
                       re.I)


def _introduction(m: re.Match[str]) -> str:
    """"I'm priya, 31" -> "I'm Priya. I'm 31": the name capitalised (a name-shaped word: no adjective with an
    age after it; no English word at all after a greeting alone), the age a statement of its own."""
    from mem_graph.extract.wordlist import is_adjective, is_english_word

    word, age = m.group(2), m.group(3)
    if word.lower() in CHITCHAT or word.lower() in FILLERS or word.lower() in SHORTHAND:
        return m.group(0)
    if age is not None:
        if not 0 < int(age) < 120 or is_adjective(word):
            return m.group(0)
        return f"{m.group(1)} {word[:1].upper()}{word[1:]}. {m.group(1)} {age}"
    if not _GREETING.match(m.string) or is_english_word(word):
        return m.group(0)
    return f"{m.group(1)} {word[:1].upper()}{word[1:]}"


def at_their_place(text: str) -> str:
    """``text`` with "at my mum's" said "at my mum's place" (the 's is no "is")."""
    return _AT_THEIR_PLACE.sub(r"\1 place", text)


def normalise_marked(text: str) -> tuple[str, frozenset[int]]:
    """What the parser reads, with the offsets of the subjects chat left out (see ``normalise_chat``)."""
    text = continuity(filler_like(split_clauses(studies_as_verb(name_grades(self_label(first_as(kids_ages(spell_out(
        text)))))))))
    text = _INTRO.sub(_introduction, text)
    text = _SO_STATE.sub(_so_state, _TRAILING_NEGATION.sub(r". \1 \2 \3", not_doing(spelled_out(text))))
    text = _GONE_FREELANCE.sub(lambda m: f"{m.group(2)} a freelancer" if m.group(2) else "became a freelancer", text)
    text = _MOVED_TO.sub(_destination, town_schools(text))  # ("transferred to leeds uni": no move)
    text = tool_phrasings(text)
    text = _NAMED_HER.sub(r"\1 it ", _NAMED_AFTER_COMMA.sub(r" and \1 ", text))
    text = _SENT_START.sub(lambda m: m.group(0).upper(), text)  # first: "anaya's in year 3" opens a line
    text = contracted_has(text)
    text = contracted_age(_CHAT_I.sub("I", contracted_is(name_is(at_their_place(
        attribute_there(text)), GIVEN_NAMES))))
    return restore_subjects(_HOME_IS.sub(_destination, _BARE_ATTRIBUTE.sub(_bare_attribute, _FAVE.sub(_fave, text))))


def normalise_chat(text: str) -> str:
    """What the parser reads: chat shorthand spelled out, sentence case, "I", "X is at" for "X's at",
    "My favourite X is" for "fave X:", and the "I" chat leaves out ("went vegan" -> "I went vegan")."""
    return normalise_marked(text)[0]
