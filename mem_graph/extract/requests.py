"""What opens a request or a question to the assistant: "can you help me write...", "kia ora, can you...", "need a
quote template for...", "any tips on...", "Kindly make it more crisp" (chat.is_question_or_request reads it)."""

from __future__ import annotations

import re

# a request opens with a verb addressed to the assistant ("write me a query", "and remind me to…")
_REQUEST_VERBS = (r"tell|give|show|recommend|suggest|help|remind|explain|write|draft|find|make|send|book|translate|"
                  r"summari[sz]e|list|plan|check|look up|look into|fix|debug|rewrite|proofread|set|create|generate|"
                  r"compare|calculate|convert|teach|walk|pick|order|schedule|add|note|save|remember")
QUESTION_START = re.compile(
    r"^\s*(?:(?:and|also|oh|ok|okay|so|btw|hey|um|but|then|now|idk|hmm|lol|haha|anyway|anyways|random|quick|wait|sorry|omg|"
    r"question|q|one more thing|real quick|h+i+|hiya|heya|he+y+|hel+o+|yo|hola+|salut|hej|(?:good )?morning|po|"
    # greetings of many Englishes, and a greeting's pet name ("hey sugar, can you...", "kia ora, can you...")
    r"kia ora|howzit|wah gwaan|g'?day|howdy|ciao|bonjour|namaste|salaam|as?salaa?m[uo]? ?(?:o )?alaikum|"
    r"(?:hey|hi|hiya|heya|hello|morning|evening) (?:sugar|hun|hon|honey|love|luv|mate|dear|darling|buddy|bestie|"
    r"there|all|guys|bot))\W+)*"
    r"(?:(?:could|can|would|will) (?:you|u) (?:please |pls )?(?:" + _REQUEST_VERBS + r")\b|(?:please |pls |plz )?"
    r"(?:" + _REQUEST_VERBS + r")\s+(?:me|us)\b|(?:please|pls|plz)\s+(?:" + _REQUEST_VERBS + r")\b|"
    r"(?:what|where|when|why|how|who|which|whose)\b.*\b(?:should|shall|can|could|would|do|does|did|is|are|"
    r"will)\b|(?:what|where|who|how)(?:'s|s)\s+(?:a|an|the|some|any|good|best|easiest|quickest|fastest|"
    r"cheapest|healthiest)\b|"
    r"(?:can|could|would|will|should|do|does|did|is|are|shall)\s+(?:you|i|we|u)\b|please\b|(?:is|are|does|isn't|"
    r"aren't|doesn't)\s+(?:it|there|that|this|these|those|the|a|an|he|she|they|my|your)\b|"
    r"(?:can|could) (?:help|suggest|recommend|explain|teach|check|write|show|tell|give|find|translate|draft|"
    r"fix)\b|"  # Singlish, no "you": "can help me write a speech", "can suggest how to study"
    r"(?:tell|give|show|recommend|suggest|help|remind|explain|assist)\s+(?:me|us)\b|let me know\b|"
    r"(?:suggest|recommend|draft|write|plan|list|find)\s+(?:a|an|some|the|ideas|something)\b|"  # "Suggest a getaway"
    r"any (?:[\w-]+ ){0,3}?(?:ideas|tips|suggestions|recommendations|recs|advice|thoughts)\b|"
    r"i (?:wonder|was wondering)\b|"
    # "need a quote template for a kitchen fit", "I need help with a presentation": what to make, asked for
    r"(?:i\s+)?(?:really\s+)?need\s+(?:a\s+|an\s+|some\s+|your\s+)?(?:help|advice|ideas|tips|(?:[\w-]+\s+){0,3}?"
    r"(?:template|recipe|email|letter|list|plan|schedule|quote|message|post|caption|speech|script|itinerary|"
    r"checklist|spreadsheet|formula|outline|summary|draft|flyer|advert|ad)s?)\b(?=[^,;]*$)|"  # (no clause after it)
    r"what(?:'s|s| is| are) (?:[\w'-]+ ){1,4}like\b|"  # "whats Tidworth like to live in"
    # "Shorter please.", "make it shorter, please"; not a statement before one ("turned 46 tuesday, no fuss please")
    r"(?:(?!\b(?:i|i'm|we|my|our)\b)[^.!?,]){0,60}(?:,\s*)?\b(?:please|pls|plz)\W*$|"
    r"kindly\b)", re.I)  # "Kindly make it more crisp"


# a request to the assistant, then the speaker's own clause after a comma: "can u help me w useEffect cleanup, we
# rewrote the frontend in react" (not "i wonder", "i need": the request goes on)
_REQUEST_THEN_OWN = re.compile(r"(^\W*|[.!?]\s+)([^,.!?;]+),\s+(?=(?:(?:so|and|but|since|as|because|coz|cos)\s+)?"
                               r"(?:(?:we|i|my|our)\s+(?!(?:wonder|was wondering|need|want|would|'d|guess|think|mean|"
                               r"hope|feel)\b)\w|(?:she|he|they)(?:'s|'re| is| are)\s+(?!(?:probably|gonna|going|"
                               r"like|into|so|such|very|really|always|never|not)\b)(?:an?\s|[A-Z]|\d|(?:turning|living|"
                               r"moving|working|studying|starting|in|at|from|married|engaged|retired|vegan|"
                               r"vegetarian)\b)|(?:hosting|living|"
                               r"staying|based|working)\s+(?:at|in|from|for)\s))", re.I)


def request_then_statement(text: str) -> str:
    """``text`` with a request and the statement after it said as two sentences (the parser reads one question)."""
    return _REQUEST_THEN_OWN.sub(lambda m: f"{m.group(1)}{m.group(2)}. " if QUESTION_START.match(m.group(2))
                                 else m.group(0), text)


# the verbs chat opens a subjectless fact with ("live in leeds, ...", "just moved here, ...", "work nights, ...")
_NARRATED = frozenset({"live", "living", "moved", "work", "working", "worked", "started", "finished", "got", "been",
                       "switched", "retired", "quit", "left"})
_LEAD = re.compile(r"^\W*(?P<lead>(?:(?:just|recently|currently|finally) )?(?P<verb>[a-z]+)\b[^,?]*),[^,]*\?+\W*$",
                   re.I)


def fact_before_question(question: str) -> list[str]:
    """The fact a question's lead tells without its "I" ("live in Ancoats and love it, best ramen round here?":
    "I live in Ancoats and love it"), as a plain clause; none for "got a minute, can you help?"."""
    m = _LEAD.match(question)
    if m is None or m.group("verb").lower() not in _NARRATED or len(m.group("lead").split()) < 4:
        return []
    lead, verb = m.group("lead"), m.group("verb").lower()
    return [f"I'm {lead}" if verb.endswith("ing") else f"I've {lead}" if verb == "been" else f"I {lead}"]
