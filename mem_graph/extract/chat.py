"""What a chat line is before any parse: small talk, questions and requests, and the normalisation
that helps the small parser read chat ("my son Theo studies..." -> "My son Theo studies...", "i" -> "I",
"Mia's at Oakwood" -> "Mia is at Oakwood", "fave food is ramen" -> "My favourite food is ramen")."""

from __future__ import annotations

import re

CHITCHAT = frozenset(
    ["ok", "okay", "k", "kk", "thanks", "thank", "thx", "ty", "you", "hi", "hello", "hey", "yo", "bye", "goodbye", "cya", "see", "ya", "lol", "lmao", "haha", "hahaha", "hmm", "sure", "great", "cool", "yes", "no", "yeah", "yep", "nope", "nice", "good", "morning", "night", "evening", "afternoon", "awesome", "wow", "right", "alright", "fine", "got", "it", "welcome", "please", "sounds", "perfect", "oh", "ah", "uh", "um", "well", "bro", "dude", "man", "sorry", "np", "pls"]
)
FILLERS = frozenset(["ok", "okay", "so", "well", "weirdly", "honestly", "lol", "haha", "oh", "and", "but", "actually", "wait", "hmm", "yeah", "also", "tbh", "um", "anyway", "funny", "weird", "thing"])
_WORD = re.compile(r"[a-z']+")
_QUESTION_START = re.compile(
    r"^\s*(?:(?:what|where|when|why|how|who|which|whose)\b.*\b(?:should|shall|can|could|would|do|does|did|is|are|"
    r"will)\b|(?:can|could|would|will|should|do|does|did|is|are|shall)\s+(?:you|i|we|u)\b|please\b|"
    r"(?:tell|give|show|recommend|suggest|help|remind|explain)\s+(?:me|us)\b|let me know\b|any (?:ideas|tips|"
    r"suggestions|recommendations)\b|i (?:wonder|was wondering)\b)", re.I)
# "fave food is ramen", "new favourite food: birria tacos" -> "My favourite food is ..."
_FAVE = re.compile(r"(^|(?<=[.!?]\s))(?:New |My new |My )?(?:fave|favourite|favorite|fav) (\w+)(?: is|:) ", re.I)
_IS_CONTRACTION = re.compile(r"\b([A-Z][a-z]+)'s (?=(?:at|in|a|an|now|still|so|really|from|with|back|not|"
                             r"moving|living|working|dating|married|engaged|retired|vegan|vegetarian)\b)")
_SENT_START = re.compile(r"(?:^|(?<=[.!?]\s))\s*[a-z]")
_CHAT_I = re.compile(r"(?<![\w'])i(?=(?:'m|'ve|'d|'ll)?(?![\w']))")
_SENT_SPLIT = re.compile(r"(?<=[.!?])\s+")


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
    # "ok weirdly I love olives now??": a statement said with a rising tone
    words = [w for w in _WORD.findall(s.casefold()) if w not in FILLERS]
    return not (words and words[0] in ("i", "i'm", "my", "we", "we're", "our", "i've") and len(words) > 2
                and words[1] not in ("wonder", "guess"))


def statements(text: str) -> str:
    """The text without its questions and requests (what a memory may be made of)."""
    return " ".join(p for p in _SENT_SPLIT.split(text.strip()) if p and not is_question_or_request(p))


def not_memorable(text: str) -> bool:
    """Small talk, questions and requests only: kept as a raw message, never as a memory."""
    return is_chitchat(text) or not statements(text).strip() or is_chitchat(statements(text))


def normalise_chat(text: str) -> str:
    """What the parser reads: sentence case, "I", "X is at" for "X's at", "My favourite X is" for "fave X:"."""
    text = _IS_CONTRACTION.sub(r"\1 is ", text)
    text = _CHAT_I.sub("I", _SENT_START.sub(lambda m: m.group(0).upper(), text))
    return _FAVE.sub(r"\1My favourite \2 is ", text)


# "and Kubernetes in prod", "plus Dutch now": a line that goes on with the speaker's previous one
_CONTINUATION = re.compile(r"^\s*(?:and|plus|also|or|&)\s+(?!(?:i|we|you|he|she|they|it)\b)\S", re.I)


def continued(previous: str | None, line: str) -> str:
    """``line`` read with the statement it continues ("I use Docker" + "and Kubernetes in prod"), so its
    elided subject and verb are there to parse; the earlier part restates what was already said."""
    if previous is None or not _CONTINUATION.match(line) or previous.rstrip().endswith("?"):
        return line
    return f"{previous.rstrip().rstrip('.!;,')} {line.strip()}"
