"""Phrasings the small parser misreads, rewritten the way it reads them, before parsing.

Lower-case tool names that are no everyday word ("i code in java at work": "java" an adverb; "kafka" a verb)
are written as their makers write them ("Java", "PostgreSQL"); someone else's doing that is the speaker's
("work switched us over to kotlin": we switched; "the doctor put me on statins": I'm on them); and a few
turns of phrase chat uses for a change ("promoted, head of maths", "got an offer from X, start in 2 weeks",
"we got him into st marys", "the whole frontend is react now", "the gym at puregym") say it plainly. The
user's own words stay in the turn kept as said; only the parse sees these.
"""

from __future__ import annotations

import re

from mem_graph.extract.catalogue import INSTRUMENTS
from mem_graph.extract.health import prescribed
from mem_graph.extract.kin_words import KIN, PET_NOUNS
from mem_graph.extract.lexicon import GIVEN_NAMES, OCCUPATIONS, TECH, tech_kind
from mem_graph.extract.places import is_place_name
from mem_graph.extract.said_plainly import said_plainly
from mem_graph.extract.tech_names import spelled, tech_names_spelled

# "work switched us over to Kotlin", "the company moved me to Leeds": we switched, I moved
_MOVED_BY = re.compile(r"\b(?:work|my (?:work|job|company|employer|boss|team|school|uni)|the (?:company|team|"
                       r"school|uni|office|boss|client|firm)|they|management)\s+(switched|moved|migrated|"
                       r"transitioned)\s+(us|me)\s+(?:all\s+)?(?:over\s+)?(?:to|onto)\b", re.I)


# "i've been promoted, head of maths from september": promoted to it
_PROMOTED_COMMA = re.compile(r"\b(promoted)\s*[,:!-]+\s*(?=(?:now\s+)?(?:head of|deputy|senior|lead|team lead|manager|"
                             r"director|principal|chief|vp)\b)", re.I)


# "we got him into st marys": he got into it (a place at a school, admission.py)
_GOT_THEM_INTO = re.compile(r"\b(?:we|i|we've|i've)\s+(?:finally\s+)?got\s+(him|her|them|[a-z]+)\s+into\s+(?=\S)",
                            re.I)
_SUBJECT_FORM = {"him": "he", "her": "she", "them": "they"}
# "we've got her a place at st anne's", "got a place at Kingsmead": into a school (admission.py reads "got into")
_GOT_A_PLACE = re.compile(r"\b(?:(?:we|i|we've|i've|we have|i have)\s+(?:finally\s+|just\s+)?got\s+"
                          r"(him|her|them|[a-z]+)|(got))\s+a\s+place\s+(?:at|in)\s+"
                          r"(?=st\.?\s|saint\s|[A-Z]|(?:[\w'-]+\s+){0,3}(?:school|academy|primary|college|uni|"
                          r"university|nursery|high|grammar)\b)", re.I)


def _got_a_place(m: re.Match[str]) -> str:
    if m.group(2):
        return "got into "
    return _got_into(m)


def _got_into(m: re.Match[str]) -> str:
    who = m.group(1)
    if who.lower() not in _SUBJECT_FORM and not who[:1].isupper() and who.lower() not in GIVEN_NAMES:
        return m.group(0)  # "we got it into the car"
    return f"{_SUBJECT_FORM.get(who.lower(), who)} got into "


# "whole frontend is react now": the speaker's team's (role_nouns.py)
_WHOLE_STACK = re.compile(r"(?<![\w'])(?<!\bour )(?<!\bmy )(?:the\s+)?(whole|entire)\s+(?=(?:frontend|front end|"
                          r"backend|back end|codebase|code base|stack|tech stack|app|api|infra|pipeline)\b)", re.I)


# "got an offer from deloitte, start in 2 weeks": an offer taken, a start ahead ("starting at deloitte in 2 weeks")
# (and the "I" before it, else "i I'm starting")
_OFFER_THEN_START = re.compile(r"\b(?:i(?:'ve|\s+have)?\s+(?:just\s+|finally\s+)?)?"
                               r"(?:got|accepted|took|taking|accepting)\s+(?:an?|the|their)\s+"
                               r"(?:(?!(?:job|new|official|final|formal|verbal|written)\b)([\w&'.-]+)\s+)?(?:job\s+)?offer"
                               r"(?:\s+(?:from|at|with)\s+([\w&'.-]+))?\s*[,;!.-]+\s*"
                               r"(?:and\s+)?(?:i\s+)?(?:start|starting)\s+(?:there\s+)?"
                               r"(?=in|on|next|this|monday|tuesday|wednesday|thursday|friday|tomorrow|after|from)",
                               re.I)


def _offer_then_start(m: re.Match[str]) -> str:
    """"got an offer from deloitte, start in 2 weeks", "got the kpmg offer!! start on the 2nd"."""
    company = m.group(2) or m.group(1)
    if not company:
        return m.group(0)
    if company.islower():  # chat's lower case: "kpmg" (an acronym), "deloitte"
        company = company.upper() if len(company) <= 4 else company.capitalize()
    return f"I'm starting at {company} "


# "week 3 of switching from coffee to yerba mate", "day 10 of going from 3 coffees to none": a change under way,
# counted from its start, is a change made ("I switched from coffee to yerba mate")
_COUNTED_SWITCH = re.compile(r"\b(?:(?:day|week|month)\s+(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten)"
                             r"|(?:\d+|a few|two|three|four|five|six) (?:days|weeks|months) (?:in|into))\s+"
                             r"(?:of\s+)?(switching|moving|going|changing)\s+(?=from\b)", re.I)
_DONE_SWITCH = {"switching": "switched", "moving": "moved", "going": "went", "changing": "changed"}


# pets talked of: "Jean has named him Pip" names a pet only there (not "my wife named him Leo", a baby)
_PET_TALK = re.compile(r"\b(?:vets?|" + "|".join(sorted(PET_NOUNS, key=len, reverse=True)) + r")s?\b", re.I)


# "shifted to Hyderabad last week" (Indian English): moved there (not "shifted to nights", "shifted to Python")
_SHIFTED_TO = re.compile(r"\b(shifted|shifting|shift)\s+to\s+((?-i:[A-Z])[\w-]+(?:\s+(?-i:[A-Z])[\w-]+)?)(\s+side\b)?",
                         re.I)  # ("shifted to Hinjewadi side": an area of the city)
_MOVE_FORM = {"shifted": "moved", "shifting": "moving", "shift": "move"}


def _shifted_to(m: re.Match[str]) -> str:
    place = m.group(2)
    if not (is_place_name(place) or is_place_name(place.split()[0]) or m.group(3)):
        return m.group(0)
    return f"{_MOVE_FORM[m.group(1).lower()]} to {place}"


# "i've had to give up climbing", "had to sell the car": a necessity that happened is the thing done
_HAD_TO = re.compile(r"\b(?:(i've|i have|we've|we have)\s+)?had\s+to\s+(give up|quit|stop|sell|leave|move)\b", re.I)
_DONE_FORM = {"give up": ("given up", "gave up"), "quit": ("quit", "quit"), "stop": ("stopped", "stopped"),
              "sell": ("sold", "sold"), "leave": ("left", "left"), "move": ("moved", "moved")}


def _had_to(m: re.Match[str]) -> str:
    done, past = _DONE_FORM[m.group(2).lower()]
    return f"{m.group(1)} {done}" if m.group(1) else past


# "Jean has named him Pip", "the kids called her Luna": the household named the pet ("we named him Pip")
_HOUSEHOLD_NAMED = re.compile(r"\b(?:(?-i:[A-Z])[a-z]+|my (?:wife|husband|partner|son|daughter|kids|boyfriend|"
                              r"girlfriend)|the kids)\s+(?:has |have |'s )?(?:named|called)\s+(him|her)\s+", re.I)


# "ditched jira for linear", "swapped trello for notion": the team switched from one tool to the other
_DITCHED_FOR = re.compile(r"\b(?:ditched|dropped|swapped|replaced|binned|dumped|traded)\s+([\w.+#-]+)\s+(?:for|with)\s+"
                          r"([\w.+#-]+)\b", re.I)


def _ditched_for(m: re.Match[str]) -> str:
    old, new = m.group(1), m.group(2)
    if not (_tech(old) and (_tech(new) or new.lower() == "go")):  # (Go, the language, only as what replaced a tool)
        return m.group(0)
    return f"switched from {spelled(old)} to {spelled(new)}"


def _tech(word: str) -> bool:
    return tech_kind(word.lower()) is not None or word.lower() in TECH


# "switched me to something called ozempic": the name is the thing
_SOMETHING_CALLED = re.compile(r"\b(?:something|a thing|some(?:thing)? new|a (?:new )?(?:drug|medication|med|medicine|"
                               r"tablet|pill|injection|app|tool))\s+(?:called|named)\s+(?=[\w-]+)", re.I)


# "i go to the gym at puregym", "i'm a member at the leisure centre": the gym is the place named
_GYM_AT = re.compile(r"\b(go|goes|going|went|train|training|trains)\s+(to|at)\s+the\s+gym\s+at\s+", re.I)
_GYM_MEMBER = re.compile(r"\b(?:i'm|i am|im)\s+(?:a\s+)?member\s+(?:at|of)\s+(?=(?:the\s+)?(?:puregym|gym|leisure|"
                         r"david lloyd|anytime fitness|planet fitness|virgin active|nuffield|fitness|crossfit|ymca|"
                         r"f45|equinox|bannatyne)\b)"
                         r"|\b(?:i'm|i am|im)\s+(?:now\s+)?at\s+(?=(?:the\s+)?(?:puregym|gym group|david lloyd|anytime "
                         r"fitness|planet fitness|virgin active|nuffield|bannatyne)\b)", re.I)  # (not "at the gym")


# "i work in a hospital": a workplace, as "at" says it (one works "in" a field too: "in finance", "in python")
_WORK_IN_A = re.compile(r"\b(work|works|working|worked)\s+in\s+(?=(?:a|an|the)\s+(?:[\w-]+\s+)?(?:hospital|school|call "
                        r"centre|call center|shop|factory|warehouse|bank|restaurant|cafe|café|pub|bar|hotel|care home|"
                        r"nursery|office|supermarket|bakery|lab|laboratory|library|salon|garage|clinic|pharmacy|"
                        r"surgery|prison|kitchen|startup|agency|firm)\b)", re.I)


# "GOT THE JOB. junior frontend dev at pillar": the post at the workplace is the job got
_GOT_THE_JOB = re.compile(r"\b(got|landed|i got|i landed)\s+(?:the|a|my new|that)\s+job\s*[.!]+\s*(?:as\s+)?"
                          r"(?=(?:an?\s+)?(?:[\w-]+\s+){0,3}?(?:at|for|with)\s+\w)", re.I)


def _got_the_job(m: re.Match[str]) -> str:
    post = m.string[m.end():]
    article = "" if re.match(r"an?\s", post, re.I) else "an " if post[:1].lower() in "aeiou" else "a "
    return f"{m.group(1)} the job! I'm {article}"


# "GOT THE ODEON JOB", "landed the Google job": a job at the place named (not "got the teaching job", "the dream job")
_GOT_NAMED_JOB = re.compile(r"\b(got|landed|bagged|scored)\s+the\s+([\w&'-]+(?:\s+[\w&'-]+)?)\s+job\b", re.I)


def _got_named_job(m: re.Match[str]) -> str:
    from mem_graph.extract.wordlist import is_common_word, is_english_word

    words = m.group(2).split()
    if any(w.lower() in OCCUPATIONS or w.lower() in ("new", "old", "first", "dream", "summer", "weekend", "full-time",
                                                      "part-time", "temp", "bar") for w in words):
        return m.group(0)
    named = all((w.isupper() and len(w) > 1 and not is_common_word(w)) or (w[:1].isupper() and not w.isupper())
                or not is_english_word(w) for w in words)
    if not named:
        return m.group(0)
    place = " ".join(w.title() if w.isupper() and len(w) > 3 else w for w in words)
    return f"{m.group(1)} a job at {place}"


# "told papa johns im done", "told work I'm leaving": the job quit (not "told him I'm done": a person)
_TOLD_DONE = re.compile(r"\btold\s+((?:my\s+)?[\w&'-]+(?:\s+[\w&'-]+){0,2}?)\s+(?:that\s+)?(?:i'm|im|i am|i was)\s+"
                        r"(?:done|quitting|leaving|out)\b", re.I)
_TOLD_WORK = re.compile(r"(?:my\s+)?(?:boss|manager|work|job|employer|supervisor|company)", re.I)


def _told_done(m: re.Match[str]) -> str:
    who = m.group(1)
    if _TOLD_WORK.fullmatch(who):
        return "quit my job"
    first = who.split()[0].lower()
    if first in ("him", "her", "them", "everyone", "you", "my", "the") or who.lower() in KIN | GIVEN_NAMES:
        return m.group(0)
    return f"quit {who}"


# "at a fintech called pillar": the workplace is the name ("at Pillar (a fintech)"; "joined a startup called fernly"
# says more as it is); one lower-case word only ("a clinic called Clinica Sur" is read as typed)
_PLACE_CALLED = re.compile(r"\b(at|for)\s+(an?\s+(?:[\w-]+\s+){1,2}?(?:(?:in|near|off)\s+[\w-]+\s+)?)"
                           r"(?:called|named)\s+(?!the\b)((?-i:[a-z])[\w&-]*)(?=\s*(?:[,.!?;:)]|$)"
                           r"|\s+(?:and|but|so|in|as|for|now|since|lol|start|starting|next|this|from|on)\b)", re.I)
# "week 2 at pillar, they use typescript": the workplace's tools are the speaker's ("at work we use")
_THEY_AT_WORK = re.compile(r"(\bat\s+(?:work|[\w&'-]+(?:\s+[\w&'-]+)?)\s*,\s*)they\s+(?=(?:use|run|write|code|"
                           r"build|deploy)\b)", re.I)


# "we switched from jira to linear": a tool's name that is also a word, named as the successor of a tool (and an
# instrument for an instrument: "from violin to cello")
_TOOL_TO_TOOL = re.compile(r"\b(from|off(?: of)?)\s+([\w.+#-]+)\s+(to|onto|for)\s+([a-z][\w.+#-]*)\b", re.I)


_INSTRUMENTS = frozenset(INSTRUMENTS.split())


def _tool_to_tool(m: re.Match[str]) -> str:
    old, new = m.group(2), m.group(4)
    if {old.lower(), new.lower()} <= _INSTRUMENTS:  # "from violin to cello": "to cello" read as a verb
        return f"{m.group(1)} the {old} {m.group(3)} the {new}"
    if tech_kind(old.lower()) is None or tech_kind(new.lower()) is None:
        return m.group(0)
    return f"{m.group(1)} {old} {m.group(3)} {spelled(new)}"


# "linear migration done": the team moved to the tool named
_MIGRATION_DONE = re.compile(r"\b([\w.+#-]+) (?:migration|move|switch|rollout) (?:is |'s )?(?:finally |now |all )?"
                             r"(?:done|complete|completed|finished|over)\b", re.I)


def _migration_done(m: re.Match[str]) -> str:
    name = m.group(1)
    return m.group(0) if tech_kind(name.lower()) is None else f"we moved to {spelled(name)}"


# "the studio hired me full time as a junior architect", "they took me on as a trainee": I was hired as it
_HIRED_ME = re.compile(r"\b(the\s+[\w-]+|they|[A-Z][\w&-]*)\s+(?:just\s+|finally\s+|officially\s+)?(?:hired|took)\s+"
                       r"me(?:\s+on)?\s+(?:full[- ]time\s+|part[- ]time\s+|permanently\s+|properly\s+|back\s+)?as\s+"
                       r"(?=an?\s)", re.I)


def _hired_me(m: re.Match[str]) -> str:
    hirer = m.group(1)
    named = hirer[:1].isupper() and hirer.lower() not in ("they", "the") and not hirer.lower().startswith("the ")
    return f"I joined {hirer} as " if named else "I was hired as "


# "new job in stockport, i cycle there now": the way to work (a commute), not a pastime
_THERE_TO_WORK = re.compile(r"(\b(?:job|work|office|shift)\b[^.!?]*?\b(?:i|we)\s+(?:now\s+|just\s+|usually\s+)?"
                            r"(?:cycle|bike|walk|drive|run|scoot|commute|get the (?:bus|train|tube))\s+)there\b", re.I)


# "i'm doing an internship at a studio": the post of an intern (a hire as something else replaces it)
_DOING_INTERNSHIP = re.compile(r"\b(i'm|i am|im)\s+(now\s+|currently\s+)?doing\s+(?:an?\s+|my\s+)?(?:paid\s+|unpaid\s+|"
                               r"summer\s+)?internship\s+(?=at|with|in|for)\b", re.I)


# "boxing 3x a week": a frequency (the parse takes "3x" for what is boxed)
_TIMES_A = re.compile(r"\b(\d+)\s*x\s+(?=(?:a|per|each|every)\s+(?:week|day|month|fortnight|year)\b)", re.I)


# "i'm keto, been doing it for about a year": what was said before, held that long ("have been for a year")
_BEEN_DOING_IT = re.compile(r",\s*(?:i've\s+|ive\s+|i have\s+)?been\s+(?:doing|on|at)\s+(?:it|that|this)\s+"
                            r"(?=for\b|since\b)", re.I)
# "2 weeks no cigarettes!!", "3 months smoke free": smoking given up that long ago
_SMOKE_FREE = re.compile(r"\b(?:(?:i'm|i am|im|been)\s+(?:now\s+|officially\s+)?)?(?:(\d+|a|one|two|three|four|five|"
                         r"six)\s+(days?|weeks?|months?|years?)\s+)(?:smoke[- ]free|no (?:cigarettes|cigs|smoking|"
                         r"fags)|without a (?:cigarette|cig))\b"
                         r"|\b(?:i'm|i am|im)\s+(?:now\s+|officially\s+)?smoke[- ]free\b", re.I)


def _smoke_free(m: re.Match[str]) -> str:
    return f"I stopped smoking {m.group(1)} {m.group(2)} ago" if m.group(1) else "I quit smoking"  # ("I quit smoking
    # 6 months ago" reads "smoking" as a noun: what was quit, not done)


# "work gave me a macbook air": the speaker got it (a laptop, a phone, a car: the value words decide)
_GAVE_ME = re.compile(r"\b(?:work|my (?:work|job|company|employer|boss|team)|the (?:company|office|firm)|they)\s+"
                      r"(?:finally\s+|just\s+)?(?:gave|issued|sent)\s+me\s+(?=(?:an?|the|my)\s)", re.I)


# "bf is called marco": chat leaves out the "my" ("my bf is called marco")
_PARTNER_CALLED = re.compile(r"^(\W*)(?=(?:bf|gf|boyfriend|girlfriend|husband|hubby|wife|partner|fiance|fiancé|fiancee)"
                             r"(?:'s)?\s+(?:is\s+)?(?:called|named)\s)", re.I)


# "i've got a girlfriend called shona", "callum has a wife named Ana": who the partner is (not a thing owned)
_HAS_PARTNER_CALLED = re.compile(r"\b(i|we|he|she|[A-Za-z][a-z]+)\s*(?:'ve|'s|\s+has|\s+have)?\s+"
                                 r"(?:just\s+|finally\s+)?(?:got\s+)?an?\s+(?:new\s+)?"
                                 r"(girlfriend|boyfriend|partner|wife|husband|fianc[eé]e?)\s+(called|named)\s+", re.I)
_OWNER = {"i": "my", "ive": "my", "we": "our", "weve": "our", "he": "his", "she": "her"}


def _has_partner_called(m: re.Match[str]) -> str:
    who = m.group(1)
    if who.lower() in ("it", "they", "you", "who", "that", "this", "there") or (
            who.lower() not in _OWNER and not who[:1].isupper() and who.lower() not in GIVEN_NAMES):
        return m.group(0)
    owner = _OWNER.get(who.lower(), f"{who}'s")
    return f"{owner} {m.group(2)} is {m.group(3)} "


# "all our services are golang", "our warehouse is all snowflake": the team's tool, said as what things are (the
# nouns role_nouns.py reads already, "our backend is all Cassandra", are left to it)
_READ_ELSEWHERE = ("db|dbs|database|databases|datastore|editor|ide|os|phone|laptop|car|bike|backend|frontend|end|"
                   "stack|codebase|app|api|website|site|infra|pipeline|monolith|ci|language|languages|tool|tools|"
                   "drink|sport")
_THINGS_ARE_TOOL = re.compile(rf"\b(?:all\s+)?(?:our|my)\s+(?:[\w-]+\s+)?(?!(?:{_READ_ELSEWHERE})\s)[\w-]+\s+"
                              r"(?:is|are)\s+(?:all\s+|mostly\s+|written\s+in\s+|in\s+)?([A-Za-z][\w+#-]*(?:\.js)?)"
                              r"(?=\s*(?:[,.!?;]|$|and\b|now\b))", re.I)
# "..., deployed on heroku": where the team runs it
_DEPLOYED_ON = re.compile(r",?\s*(?:all\s+)?(?:deployed|hosted)\s+(?:on|to)\s+([A-Za-z][\w.-]*?)(?=\s*(?:[,.!?;]|$))",
                          re.I)
# "my sister Camila came from São Paulo to visit", "my brother Dan is visiting from Leeds": where they live
_VISITING_FROM = re.compile(r"\b((?:my|our)\s+[a-z]+\s+[A-Z][\w-]+|[A-Z][a-z]+)\s+(?:is\s+|was\s+)?(?:came|comes|"
                            r"coming|visiting|visited|flew in|flying in|over|down|up)\s+from\s+((?-i:[A-Z])[\w-]+"
                            r"(?:\s+(?-i:[A-Z])[\w-]+)?)\b")


# "the hilux finally carked it", "my laptop gave up the ghost": gone for good
_DIED_IDIOM = re.compile(r"\b(?:finally\s+|just\s+)?(?:carked it|kicked the bucket|gave up the ghost|bit the dust|"
                         r"packed up for good|conked out for good|died a death)\b", re.I)


# "Maddie made the volleyball team!!!", "got picked for the county rugby squad": joined it (plays the sport)
_MADE_THE_TEAM = re.compile(r"\b(?:made|got into|got picked for|got selected for|was picked for)\s+the\s+"
                            r"((?:[\w-]+\s+){0,2}?)([\w-]+)\s+(team|squad)\b", re.I)


def _made_the_team(m: re.Match[str]) -> str:
    from mem_graph.extract.catalogue import SPORT_WORDS

    return f"joined the {m.group(1)}{m.group(2)} {m.group(3)}" if m.group(2).lower() in SPORT_WORDS else m.group(0)


# "meet Kora, 9 week old huntaway x": a new pet introduced ("meet Kora, our new puppy" reads)
_MEET_PET = re.compile(r"\bmeet ((?-i:[A-Z])[\w-]+)\s*[,!:-]+\s*(?:(?:our|my|the)\s+)?(?:new\s+)?(?:little\s+)?"
                       r"(?:\d+|a|one|two|three|four|five|six|seven|eight|nine|ten|twelve)[\s-]+(?:week|month|year)s?"
                       r"[\s-]+old\s+([a-z]+)\b(?:\s+(?:x|cross|mix)\b)?", re.I)  # ("a huntaway x": a cross)


def _meet_pet(m: re.Match[str]) -> str:
    from mem_graph.extract.kin_words import PET_NOUNS
    from mem_graph.extract.lexicon import PET_BREEDS

    kind = m.group(2).lower()
    return f"meet {m.group(1)}, our new {kind}" if kind in PET_NOUNS or kind in PET_BREEDS else m.group(0)


# a trucker's "running for Miller Transport", "running under Red Oak Logistics now": who they drive for (not a run)
_RUNNING_FOR = re.compile(r"\b(?:(?i:i'm|im|i am|i've been|ive been|been)\s+)?((?i:now)\s+)?[Rr]unning\s+"
                          r"(?:for|under)\s+"
                          r"(?=(?:[A-Z][\w&'-]*\s+){1,3}(?:Transport|Logistics|Freight|Trucking|Express|Carriers|"
                          r"Haulage|Lines)\b)")
# "got taken on as an assistant sound engineer at vicar street": hired as ("took me on as" reads: _HIRED_ME)
_TAKEN_ON_AS = re.compile(r"\b(?:i\s+)?(?:got|was|'ve been|have been|just got)\s+taken\s+on\s+as\s+(?=an?\s)", re.I)
# "now I drive lorry for a food distribution company": a driver's job ("drive a lorry for Brakes" reads)
_DRIVE_FOR = re.compile(r"\b(I|i)\s+(now\s+)?drive\s+(?:an?\s+)?(lorry|lorries|truck|trucks|taxi|cab|bus|buses|van|"
                        r"vans|hgv|forklift|forklifts|ambulance|ambulances)\s+for\b")


# "dragged me to the bouldering wall and I'm weirdly hooked": hooked on the activity the sentence named
_HOOKED = re.compile(r"\b(?:i'm|i am|im)\s+(?:(?:weirdly|totally|completely|properly|already|now|so|actually|kinda|"
                     r"kind of)\s+)*hooked\b(?!\s+on\b)", re.I)


def _hooked(text: str) -> str:
    """``text`` with a bare "I'm hooked" said "hooked on <the activity named before it in the sentence>"."""
    from mem_graph.extract.catalogue import SPORT_WORDS
    from mem_graph.extract.lexicon import ACTIVITY_VERBS

    for m in reversed(list(_HOOKED.finditer(text))):
        before = re.split(r"[.!?]\s", text[:m.start()])[-1]
        word = next((w for w in reversed(re.findall(r"[a-z]+", before.lower()))
                     if w in SPORT_WORDS or w in ACTIVITY_VERBS.values()), None)
        if word is not None:
            text = f"{text[:m.end()]} on {word}{text[m.end():]}"
    return text


# "now all design departments must use Siemens NX": the team's tool from now on (a product's name)
_MUST_USE = re.compile(r"\bnow\s+(?:all\s+|every\s+)?(?:(?-i:[a-z])[\w-]+\s+){0,2}?(?:must|have to|has to|need to|"
                       r"are required to|is required to)\s+(?:use|switch to|move to)\s+(?=(?-i:[A-Z]))", re.I)

# "met this guy marco": a name chat wrote lower-case after "this guy" (the parser reads "marco" as a verb)
_THIS_GUY = re.compile(r"\b((?:this|a|some|that)\s+(?:guy|girl|woman|man|lad|bloke|dude|fella|lady)\s+)"
                       r"([a-z][a-z'-]+)\b", re.I)

# "dr. ramos is taking me on as my new advisor", "saw my new doctor today, Dr. Hensley": who the new one is
_TAKING_ME_ON = re.compile(r"\b((?:dr\.?|prof\.?|professor)\s+[a-z][\w-]+|[A-Z][\w-]+)\s+(?:is|has|'s)\s+"
                           r"(?:taking|taken|took)\s+me\s+on\s+as\s+(my\s+new\s+[a-z]+)\b", re.I)
_SAW_MY_NEW = re.compile(r"\b(?:I\s+)?(?:saw|met|visited|had an appointment with)\s+(my\s+new\s+(?:doctor|gp|dentist|"
                         r"therapist|advisor|adviser|supervisor|boss|manager|consultant|physio|counsellor|counselor))"
                         r"(?:\s+today|\s+yesterday|\s+this morning)?,\s+((?:dr\.?|prof\.?)\s+[A-Za-z][\w-]+|"
                         r"(?-i:[A-Z])[\w-]+)", re.I)


def _title(name: str) -> str:
    return " ".join(w[:1].upper() + w[1:] for w in name.split())


_SINGULAR = {"lorries": "lorry", "trucks": "truck", "buses": "bus", "vans": "van", "forklifts": "forklift",
             "ambulances": "ambulance"}


def _tool_said(m: re.Match[str], said: str) -> str:
    name = m.group(1)
    return said.format(spelled(name)) if tech_kind(name) is not None or name.lower() in TECH else m.group(0)


# "treated myself to a pixel 8 pro": bought (not "treated myself to a nice dinner": a meal is no thing one has,
# which the slot rules tell)
_TREATED_TO = re.compile(r"\b((?:i |we |i've |we've |i have |we have )?)treated (?:myself|ourselves) to "
                         r"(?=(?:an? |the )?(?:new |brand new |shiny )?[\w-])", re.I)


def rephrase(text: str) -> str:
    """``text`` with the phrasings above rewritten (see the module doc)."""
    text = tech_names_spelled(text)
    text = _MIGRATION_DONE.sub(_migration_done, _TOOL_TO_TOOL.sub(_tool_to_tool, text))
    text = said_plainly(_PROMOTED_COMMA.sub(r"\1 to ", text))
    text = _OFFER_THEN_START.sub(_offer_then_start, text)
    text = _COUNTED_SWITCH.sub(lambda m: f"I {_DONE_SWITCH[m.group(1).lower()]} ", text)
    text = prescribed(_SOMETHING_CALLED.sub("", text))
    if _PET_TALK.search(text):
        text = _HOUSEHOLD_NAMED.sub(lambda m: f"we named {m.group(1)} ", text)
    text = _SHIFTED_TO.sub(_shifted_to, _HAD_TO.sub(_had_to, text))
    text = _DITCHED_FOR.sub(_ditched_for, text)
    text = _GYM_MEMBER.sub("I go to ", _GYM_AT.sub(r"\1 \2 ", text))
    text = _WORK_IN_A.sub(r"\1 at ", text)
    text = _HIRED_ME.sub(_hired_me, _DOING_INTERNSHIP.sub(r"\1 \2an intern ", text))
    text = _TREATED_TO.sub(r"\1bought ", text)
    text = _GAVE_ME.sub("I got ", _TIMES_A.sub(r"\1 times ", _PARTNER_CALLED.sub(r"\1my ", text)))
    text = _HAS_PARTNER_CALLED.sub(_has_partner_called, text)
    text = _SMOKE_FREE.sub(_smoke_free, _BEEN_DOING_IT.sub(", have been ", text))
    text = _THERE_TO_WORK.sub(r"\1to work", text)
    text = _TOLD_DONE.sub(_told_done, text)
    text = _GOT_NAMED_JOB.sub(_got_named_job, _GOT_THE_JOB.sub(_got_the_job, text))
    text = _PLACE_CALLED.sub(lambda m: f"{m.group(1)} {m.group(3)[:1].upper()}{m.group(3)[1:]} ({m.group(2).strip()})",
                             text)
    text = _THEY_AT_WORK.sub(r"\1we ", text)
    text = _GOT_THEM_INTO.sub(_got_into, _GOT_A_PLACE.sub(_got_a_place, text))
    text = _WHOLE_STACK.sub(lambda m: f"our {m.group(1)} ", text)
    text = _THINGS_ARE_TOOL.sub(lambda m: _tool_said(m, "we use {}"), text)
    text = _DEPLOYED_ON.sub(lambda m: _tool_said(m, ". We're on {}"), text)
    text = _RUNNING_FOR.sub(lambda m: f"I {'now ' if m.group(1) else ''}work for ", text)
    text = _TAKEN_ON_AS.sub("I was hired as ", _hooked(_MUST_USE.sub("now we use ", text)))
    text = _TAKING_ME_ON.sub(lambda m: f"{m.group(2)} is {_title(m.group(1))}", text)
    text = _SAW_MY_NEW.sub(lambda m: f"{m.group(1)} is {_title(m.group(2))}", text)
    text = _THIS_GUY.sub(lambda m: m.group(1) + (m.group(2).title() if m.group(2).lower() in GIVEN_NAMES
                                                 else m.group(2)), text)
    text = _DRIVE_FOR.sub(lambda m: f"I {m.group(2) or ''}work as a {_SINGULAR.get(m.group(3), m.group(3))} driver for",
                          text)
    text = _DIED_IDIOM.sub("finally died", _MADE_THE_TEAM.sub(_made_the_team, _MEET_PET.sub(_meet_pet, text)))
    text = _VISITING_FROM.sub(r"\1 lives in \2 and is visiting", text)
    return _MOVED_BY.sub(lambda m: f"{'we' if m.group(2).lower() == 'us' else 'I'} {m.group(1)} to", text)
