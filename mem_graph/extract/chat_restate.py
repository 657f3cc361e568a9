"""More of what chat says around the plain clause, restated as that clause (restate.py reads the first classes).

What the speaker is, said as the subject or standpoint of something else ("being a nurse pays the bills lol",
"such is life as a nurse", "as a vegan eating out is hard", "being single is fine by me"); a label asked and
answered ("my job? nurse."); a job change as an idiom ("jumped ship from Deloitte to Accenture", "last day at
Spotify today"); a new partner named after the label ("new bf! his name is Marcus", "Marcus asked me out and now
we're together"); a child's school said through the child's first day or a move ("first day at Hillside Academy
for my boy", "took my son out of Riverside and put him in Park Lane"); a value said by the things around it, in
words one uses only of one's own ("date night with Tom", "the Golf needs an MOT", "my tennis coach", "the iPhone
12 camera", "Luna the cat", "the MySQL instance", "standup at Spotify", "single life has its perks"); an age said
as the day ("the big 40 happened yesterday"); a value given as a label ("new diet: keto", "team db is Redis", "age 34
btw", "home = Leeds", "34yo here"); a drink or a sport said with how often and no verb ("oolong tea every morning",
"hot yoga 3 times a week"); music one keeps playing ("Kendrick Lamar on repeat", "my wrapped was all Radiohead",
"cant work without synthwave playing"). Each returns the plain clause it means; the caller keeps only what
a slot rule places, so an unknown word is never guessed into a slot.
"""

from __future__ import annotations

import re

from mem_graph.extract.birthdays import age_said
from mem_graph.extract.catalogue import DIETS, PLAYED_SPORTS
from mem_graph.extract.chat_fragments import fragment_clauses
from mem_graph.extract.cue_change import object_kind
from mem_graph.extract.given_up import given_up
from mem_graph.extract.health import HEALTH_ADJECTIVES, HEALTH_CONDITIONS
from mem_graph.extract.lexicon import (
    BIKE_VALUES,
    CAR_VALUES,
    COMPUTER_VALUES,
    DISHES,
    MUSIC_GENRES,
    PHONE_VALUES,
    tech_kind,
)
from mem_graph.extract.places import is_place_name
from mem_graph.extract.possessions import GONE_WORDS
from mem_graph.extract.requests import fact_before_question
from mem_graph.extract.school_moves import school_moved
from mem_graph.extract.self_names import name_said
from mem_graph.extract.unions import SOMEONE_ELSES, union_said
from mem_graph.extract.wordlist import is_english_word
from mem_graph.extract.work_mentions import work_in_passing

# a capitalised name, maybe of several words ("Jersey City", "St Mary's Primary"), captured (restate.py's too)
NAME = r"([A-Z][\w'&.-]*(?: (?:[A-Z][\w'&.-]*|of|de|la|and|&))*)"
_KID = r"(son|daughter|boy|girl|kid|child|eldest|youngest|little one)"  # captured: whose school

# -- what the speaker is, as the subject or standpoint of another clause ------------------------------------------
# "being a nurse pays the bills", "being vegan is easy here", "being single is fine by me" (not "about being ...")
_BEING = re.compile(r"(?:^|[,.!;:]\s*|\b(?:honestly|tbh|ngl|lol|but|and|so)\s+)being (?P<a>an? )?"
                    r"(?P<what>[a-z][\w-]*(?: (?!rn\b|now\b|atm\b|right now\b)[a-z][\w-]*)?) "
                    r"(?:(?:at|in|on|with|around|during) (?:[a-z]+ ){1,3})?"
                    r"(?:(?:rn|right now|atm|these days|lately|now) )?"
                    r"(?:pays|is|isn't|has|keeps|means|makes|gets|can be"
                    r"|takes|was never)\b", re.I)
# "such is life as a nurse", "life as a nurse is hectic", "as a vegan eating out is hard"
_LIFE_AS = re.compile(r"\blife as an? (?P<what>[a-z][\w-]*(?: [a-z][\w-]*)?)\b"
                      r"|^\W*(?:(?:lol|honestly|tbh|well|so|ngl)\W+)*(?:(?:asking|speaking|talking|saying this|writing "
                      r"this|posting|here) )?as an? (?P<lead>[a-z][\w-]*(?: [a-z][\w-]*){1,2}(?= i\b| i'm| im\b)"
                      r"|[a-z][\w-]*)[,:]? "
                      r"(?!(?:he|she|they|my (?:mum|mom|dad|sister|brother|wife|husband|partner|friend))\b)[a-z]", re.I)
# a job by day ("nurse by day, netflix by night") or its trade's troubles ("classic nurse problem: ...")
_BY_DAY = re.compile(r"^\W*(?:(?:lol|honestly|tbh|ngl|so)\W+)*(?:an? )?(?P<what>[a-z][\w-]*(?: [a-z][\w-]*)?) by day\b"
                     r"|^\W*(?:(?:lol|honestly|tbh|ngl|so|such a)\W+)*classic (?P<trade>[a-z][\w-]*) "
                     r"(?:problems?|struggles?|life)\b", re.I)
# what someone was, not is: "as a kid I ...", "being a student was fun"
_NOT_NOW = frozenset({"kid", "child", "teen", "teenager", "student", "baby", "boy", "girl", "youngster", "toddler",
                      "parent", "mum", "mom", "dad", "woman", "man", "person", "guy", "human", "adult", "beginner",
                      "newbie", "fan"})
_NOT_DONE = re.compile(r"\b(?:not|never|n't|maybe|might|soon|hopefully|want|wish)\b", re.I)
_PAST = re.compile(r"\b(?:was|were|used to|back then|back in|years ago|as a kid|when i was)\b", re.I)

# -- a label asked and answered: "my job? nurse.", "my car? a Golf lol" ------------------------------------------
# "my job? nurse.", "new diet: keto", "team db is Redis", "age 34 btw", "fave food? ramen, easy", "home = Leeds"
_LABELS = (r"job|work|car|ride|drink|go-?to drink|diet|editor|ide|phone|laptop|db|database|age|fave food|fav food|"
           r"favou?rite food|home|city")
_ASKED = re.compile(r"^\W*(?:(?:ok|so|lol|fyi|btw|and|update|oh)\W+)*(?P<new>(?:(?:my|our|team|the|new|current)\s+)*)"
                    rf"(?P<what>{_LABELS})\s*(?:\?+|:|=|(?<=db) is|(?<=database) is|(?<=editor) is|(?<=phone) is"
                    r"|(?<=age))\s*(?:an? |strictly |just |def |definitely )?"
                    r"(?P<value>[A-Za-z0-9][\w'&+-]*(?: [\w'&+-]+){0,2}?)\s*(?:$|[,.!(]|\s(?:lol|haha|tbh|btw|fyi|now|"
                    r"since|but|easy|obviously|dont|don't|here|for|stuck|week|day)\b)", re.I)
_SAID_AS = {"job": "I'm {a} {v}", "work": "I'm {a} {v}", "car": "I drive a {v}", "ride": "I drive a {v}",
            "drink": "I drink {v}", "goto drink": "I drink {v}", "diet": "I'm {v}",
            "editor": "my editor is {v}", "ide": "my editor is {v}", "phone": "I have a {v}",
            "laptop": "my laptop is a {v}",
            "db": "our database is {v}", "database": "our database is {v}", "age": "I'm {v}",
            "fave food": "my favourite food is {v}", "fav food": "my favourite food is {v}",
            "favourite food": "my favourite food is {v}", "favorite food": "my favourite food is {v}",
            "home": "I live in {v}", "city": "I live in {v}"}
# an age as a label of the speaker: "34yo here", "as a 34 yr old i should know this"
_AGE_LABEL = re.compile(r"^\W*(\d{2}) ?(?:yo|y/o|yrs? old|years old)\b(?! (?:son|daughter|kid|boy|girl|dog|cat))"
                        r"|^\W*as an? (\d{2})[ -]?(?:yo|y/o|yr|year)s?[ -]old\b", re.I)

# -- a phone number given in passing: "include my cell, it's 720-555-0142", "new number is 0917 555 2231" ---------
_NUMBER_GIVEN = re.compile(r"\b(?:my|our|new)\s+(?:new\s+)?(?:(?:cell|mobile|phone|whatsapp)(?:\s+(?:number|no\.?))?|"
                           r"number)\s*(?:,\s*(?:it'?s|its)|\s(?:is|it'?s|its)|:|=|-)\s*"
                           r"(?P<n>\+?\(?\d[\d ().-]{5,}\d)(?![\d-])", re.I)

# -- a wedding announced: "marriage done!!", "our wedding is over, what a day" ---------------------------------------
_WED = re.compile(r"^\W*(?:(?:our|my)\s+)?(?:marriage|wedding)\s+(?:is\s+|was\s+)?(?:done|over|finished)\b", re.I)

# -- a job changed, as an idiom ---------------------------------------------------------------------------------
_JUMPED = re.compile(rf"\b(?i:jumped ship|moved (?:jobs|over)|made the jump) (?i:from) {NAME} (?i:to) {NAME}")
_LAST_DAY = re.compile(rf"\b(?i:(?:my )?last (?:day|shift) (?:at|with)) {NAME}"
                       r"(?=[^.!?]*\b(?:today|yesterday|was|done|over|finished)\b)")
# "my dad bought me a samsung galaxy A55", "mum got me a new iphone for my birthday": the speaker got it
_GOT_ME = re.compile(r"\b(?:bought|got|gave|gifted|handed down|passed down) me (?P<x>(?:a|an|their|his|her) "
                     r"[\w+-]+(?: [\w+-]+){0,3}?)(?=\s*(?:$|[,.!?;:)]|\s(?:for|from|as|because|cos|so|and|but|"
                     r"when|after|last|this|yesterday|today)\b))", re.I)

# what a gift makes the speaker's own (a coffee bought for one is no possession)
_OWNED = frozenset({*(w for v in (*PHONE_VALUES, *CAR_VALUES, *COMPUTER_VALUES, *BIKE_VALUES) for w in v.split()),
                    "phone", "car", "laptop", "bike", "puppy", "kitten", "dog", "cat", "truck", "van", "tablet"})

# -- a new partner, named after the label or by the asking-out -----------------------------------------------------
_NAMED_AFTER = re.compile(rf"\b(?i:new (?:boyfriend|girlfriend|partner|bf|gf))\W+"
                          rf"(?i:(?:his|her|their) name is) {NAME}")
_ASKED_OUT = re.compile(rf"(?:^|[,.!;:]\s*){NAME} (?i:asked me out)\b[^.!?]*\b(?i:(?:we'?re|we are) "
                        r"(?:together|dating|official|a thing|a couple))\b")
# "been talking to this girl sam from discord, we're kinda a thing now": the person named, now a partner
_A_THING_NOW = re.compile(r"\b(?i:talking to|seeing|chatting (?:to|with)|texting|dating) (?i:this|a) "
                          r"(?i:girl|guy|boy|woman|man|lad|lass|bloke) (?P<n>[A-Za-z][a-z]+)\b[^.!?]*\b"
                          r"(?i:(?:we'?re|were|we are) (?:kinda |kind of |sort of |officially |basically )?"
                          r"(?:together|dating|official|a thing|a couple|an item|exclusive))\b")

# -- where the speaker lives, said after another clause of theirs: "I'm finally out of Lisbon, living in Porto" -------
_SPEAKER_FIRST = re.compile(r"^\W*(?:(?:hello|hi|hey|hiya|ok|okay|so|well|update)\W+(?:po\W+)?)?"
                            r"(?:i|i'm|i am|we|we're|we are)\b", re.I)
# ", living in Porto", "we're Brits living out in Alicante"
_LIVING_IN = re.compile(rf"(?:,\s*|\b(?i:we'?re|i'?m|we are|i am) (?:\w+ ){{1,2}})(?:(?:now|currently|happily) )?"
                        rf"(?i:living (?:out |over |down |up )?in) {NAME}")
_HERE_IN = re.compile(r"\b(?i:(?:right )?here in) ([A-Za-z][\w'-]*(?: [A-Za-z][\w'-]*){0,2})")


def _place_of(words: str) -> str | None:
    """The town that ``words`` start with: a known place name of up to three words ("hong kong", "Nairobi"),
    else a capitalised name said as written ("Kreuzberg"); None for "here in the office"."""
    parts = words.split()
    for n in (3, 2, 1):
        if len(parts) >= n and is_place_name(" ".join(parts[:n])):
            return " ".join(p[:1].upper() + p[1:] for p in parts[:n])
    named = re.match(NAME, words)
    return named.group(1) if named and parts[0][:1].isupper() else None


_VISITING = re.compile(r"\b(?:visit\w*|trip|holiday|vacation|conference|"
                       r"for (?:a|the|two|three|\d+) (?:week|day|month)s?|until|till|tour\w*|staying|stopover|"
                       r"layover)\b", re.I)

# -- music the speaker is into now, or not: "not feeling country lately", "new obsession: k-pop" ------------------
_NOT_FEELING = re.compile(r"(?:^|[,.!;:]\s*)(?:i'?m )?not feeling (?P<x>[a-z][\w -]*?)\s+(?:lately|anymore|any more"
                          r"|these days|right now|at the moment)\b", re.I)
# "vegan wasn't for me", "keto isn't for me": a diet tried and dropped, or not one's own
_NOT_FOR_ME = re.compile(r"(?:^|[,.!;:]\s*)(?:(?:honestly|tbh|ngl|turns out|but|and|so)\s+)*"
                         r"(?P<x>[a-z][\w-]*(?: [a-z][\w-]*)?) (?:just |really )?(?P<was>was|is)(?:n'?t| not) "
                         r"(?:really |just |totally |for me,? )?(?:for me|my thing)\b", re.I)
_ALL_OF = re.compile(r",\s*(?:it'?s )?(?:all|only|just) (?P<y>[a-z][\w -]*?)(?: now| these days| lol)?\s*(?:$|[,.!])",
                     re.I)
_OBSESSION = re.compile(r"\bnew (?:obsession|addiction|favourite genre|fave genre)\s*[:\-–]+\s*(?P<x>[a-z][\w -]*?)"
                        r"\s*(?:$|[,.!(])", re.I)
_IS_EVERYTHING = re.compile(r"(?:^|[,.!;:]\s*)(?P<x>[a-z][\w -]*?) (?:is|'s) (?:my )?(?:everything|life|jam)"
                            r"(?: now| these days| rn| right now| to me)?\s*(?:$|[,.!])", re.I)

# -- a value said in passing, by the words one uses only of one's own: "date night with Tom", "jazz on repeat" ------
_DATE_NIGHT = re.compile(rf"\b(?i:(?:date night|our (?:\w+ )?anniversary|(?:\w+ )?anniversary) (?:with|w/|w)) {NAME}")
_ON_REPEAT = re.compile(r"(?:^|[,.!;:]\s*)(?:(?:been|got|have)\s+)?(?P<x>[a-z][\w -]*?) on repeat\b", re.I)
# music one keeps playing: "my wrapped was all Radiohead lol", "cant work without synthwave playing"
_WRAPPED = re.compile(r"\bmy (?:spotify )?wrapped (?:was|is) (?:all|basically|just|mostly|100%) (?P<x>[A-Za-z][\w -]*?)"
                      r"\s*(?:$|[,.!(]|\s(?:lol|haha|again|this year)\b)", re.I)
_PLAYING = re.compile(r"\bcan'?t (?:work|study|focus|code|sleep|drive|run|cook|function) without "
                      r"(?P<x>[A-Za-z][\w -]*?) (?:playing|on|in my ears)\b"
                      r"|(?:^|[,.!;:]\s*)(?:(?:lol|ok|so|just|still)\s+)*(?:i'?m\s+|im\s+)?listening to "
                      r"(?P<y>[A-Za-z][\w -]*?)"
                      r"(?: on the \w+| at work| in the car)? (?:again|as usual|nonstop|non-stop|on loop|all day|every "
                      r"day|24/7)\b", re.I)
# a drink or a sport said with how often, no verb: "oolong tea every morning, non negotiable", "i have cold brew
# every single day", "hot yoga 3 times a week, thats my routine"
_HABIT = re.compile(r"(?:^|[,.!;]\s*|\bi (?:have|do|drink|get)\s+)(?P<x>[a-z][\w-]*(?: [a-z][\w-]*){0,2}?)\s+"
                    r"(?P<how>every (?:single )?(?:day|morning|night|evening|week)|daily|each (?:day|morning)|"
                    r"\d+ ?(?:x|times) (?:a|per) week|twice a week)\b", re.I)
# a sport or exercise in passing, as one's own routine: "zumba keeps me sane", "barre tonight 💪", "skipped pilates
# today, feel guilty", "i have spin class at 6", "just back from bouldering" (the words must name a sport: below)
_SPORT_WORDS = r"(?P<{}>[a-z][\w-]*(?: [a-z][\w-]*)?)"
_WORKOUT = re.compile(
    r"(?:^|[,.!;:]\s*)(?:(?:lol|ok|so|and|ugh|omg|yay|welp)\s+)*" + _SPORT_WORDS.format("a") +
    r" (?:keeps me (?:sane|going|fit|grounded|happy|human)|is (?:literally |honestly |basically |genuinely )?my "
    r"(?:therapy|happy place|me time)"
    r"|(?:class |session )?(?:tonight|at \d|after work))\b"
    r"|\b(?:skipped|missed|bailed on|smashed|crushed) (?:my )?" + _SPORT_WORDS.format("b") +
    r"(?: class| session)? (?:today|tonight|this morning|again)\b"
    r"|\bi (?:have|got) " + _SPORT_WORDS.format("c") + r"(?: class| session| practice| training)? "
    r"(?:at \d|tonight|after work)\b"
    r"|\b(?:just )?(?:back from|home from) (?:my )?" + _SPORT_WORDS.format("d") + r"(?: class| session)?\b",
    re.I)
_NOT_A_THING = frozenset({"i", "we", "you", "he", "she", "they", "my", "our", "his", "her", "their", "have", "has",
                          "had", "drink", "drinks", "do", "does", "get", "gets", "is", "are", "was", "it", "its",
                          "like"})
_DRINK_KINDS = ("hot drink", "soft drink", "alcohol")
_SPORT_KINDS = ("sport", "exercise", "activity")
_DONE_KINDS = ("exercise", "activity")  # one does them ("I do pilates"); one plays a sport
_MY_DRINK = re.compile(r"(?:^|[,.!;:]\s*)(?P<x>[a-z][\w -]*?) (?:is|'s) my (?:go-to|usual|daily|morning|regular)? ?"
                       r"(?:drink|order|poison)\b", re.I)
_NTH_OF_DAY = re.compile(r"\b(?:second|third|fourth|fifth|2nd|3rd|4th|5th) (?P<x>[a-z][\w -]*?) of the day\b", re.I)
_CAR_NEEDS = re.compile(r"(?:^|[,.!;:]\s*)(?i:the|my) (?P<x>[A-Za-z][\w-]*) (?i:needs (?:an? )?(?:mot|service|new tyres"
                        r"|new tires|new brakes|an oil change)|failed its mot|passed its mot)\b")
_DB_THING = re.compile(r"\b(?i:the|our|prod) (?P<x>[A-Za-z][\w.-]*) (?i:instance|cluster|database|db|server|replica"
                       r"|primary)\b")
# "our backend is all Postgres", "the whole stack is basically Mongo": what the team's system runs on
_ALL_ON = re.compile(r"\b(?i:our|the whole|our whole|the team's) (?i:backend|back-end|stack|infra|data layer|platform|"
                     r"app|db|database) (?i:is|'s|runs) (?i:all|100%|basically|pretty much|entirely|just|on|all on) "
                     r"(?P<x>[A-Za-z][\w.+-]*)")
_ENDED_BEFORE = re.compile(r"\b(?:killed|dropped|retired|deleted|ditched|shut down|turned off|decommissioned|"
                           r"migrated off|moved off|got rid of)(?: off)?\s*$", re.I)  # "killed the MySQL db"
_STANDUP_AT = re.compile(rf"\b(?i:(?:daily |morning )?stand-?up at) {NAME}")
_BADGE = re.compile(rf"\b(?i:got my) {NAME} (?i:badge|lanyard|employee id|staff id)\b")

# -- more values said in passing: a pet beside its kind, a sport by its gear, a phone by its parts, a status's life --
_PETS = r"(cat|dog|kitten|puppy|pup|bunny|rabbit|hamster|parrot|tortoise)"
_NAME_THE_PET = re.compile(rf"(?:^|[,.!;:]\s*){NAME} (?i:the {_PETS})\b")
_PET_GOES_BY = re.compile(rf"\b(?i:(?:the|my|our) {_PETS}(?: now)? (?:goes|answers) (?:by|to)) {NAME}"
                          rf"|(?:^|[,.!;:]\s*)(?i:(?:the )?{_PETS}(?:'s| is) (?:called|named)) {NAME}")
_SPORT_GEAR = re.compile(r"(?:^|[,.!;:]\s*|\bmy )(?P<x>[a-z]+) (?:coach|club|team|practice|training|match|lessons?"
                         r"|league|racket|racquet)\b|(?:^|[,.!;:]\s*)(?P<y>[a-z]+) (?:once|twice|three times|3x|2x) a "
                         r"week\b|\bi'?m an? (?P<z>[a-z]+) player\b", re.I)
_PHONE_PART = re.compile(r"\b(?i:the|my) (?P<x>[A-Za-z][\w+]*(?: (?:[A-Z0-9][\w+]*|mini|pro|max|ultra|plus))*) "
                         r"(?:camera|battery|screen|charger|case)\b")
_STATUS_LIFE = re.compile(r"(?:^|[,.!;:]\s*|\bhappily |\bstill |^i'm )(?P<x>single|married|engaged|divorced) "
                          r"(?:life\b|at \d{2}\b|here\b|for now\b)", re.I)
_SAID_I_DO = re.compile(r"\bsaid (?:i do|our vows)\b", re.I)
_FAVE_ALWAYS = re.compile(r"\bmy (?:fave|fav|favou?rite) (?P<what>food|meal|dish|drink|band|sport|film|movie|book) "
                          r"(?:has always been|was always|has been|is and always will be) (?P<x>[a-z][\w' -]*?)"
                          r"\s*(?:$|[,.!(])", re.I)
# "i'm all about sushi now, favourite food for sure": a dish one is all about, said as the favourite
_ALL_ABOUT = re.compile(r"\bi'?m (?:all about|obsessed with|hooked on) (?P<x>[a-z][\w -]*?)(?: now| these days"
                        r"| lately)?\s*(?:$|[,.!])(?=.*\b(?:favou?rite|fave|fav)\b)", re.I)

# -- a child's school, said through the child's first day or a move ----------------------------------------------
_KID_FIRST_DAY = re.compile(rf"\b(?i:first (?:day|week|term) at) {NAME} (?i:for my {_KID})\b")
_KID_MOVED = re.compile(rf"\b(?i:took my {_KID} out of) {NAME} (?i:and (?:put|moved|enrolled) (?:him|her|them) "
                        rf"(?:in|into|at)) {NAME}")
# a child's school said in passing: "my daughter's Birchwood Primary field trip is tmrw", "my girl's school (Summit
# Prep) has a bake sale", "Eastbrook High parent here, my son's there"; "... uniform came, she started there monday"
_SCHOOL_NAME = (r"((?:[A-Z][\w'.-]*\s)+?(?:Primary|Academy|Elementary|High|Prep|Montessori|Grammar|School|College|"
                r"Juniors?|Infants)\b)")
# "Leo first week at Nan Hua Primary finish", "Maya's first day at St Mary's Primary went well": the child's school
_NAMED_FIRST_DAY = re.compile(rf"\b([A-Z][a-z]+)(?:'s)? (?i:first (?:day|week|term|month) at) {_SCHOOL_NAME}")
_KID_SCHOOL_THING = re.compile(rf"\b(?i:my {_KID}'s) {_SCHOOL_NAME} (?i:field trip|trip|uniform|bake sale|parents'? "
                               r"evening|play|concert|teacher|sports day|report|homework|open day|nativity|assembly|"
                               r"pta|fees|swimming gala)")
_KID_SCHOOL_SAID = re.compile(rf"\b(?i:my {_KID}'s school) \(\s*{_SCHOOL_NAME}\s*\)")
_SCHOOL_PARENT = re.compile(rf"{_SCHOOL_NAME} (?i:parent|mum|mom|dad)s? here\b(?=.*\b(?i:my {_KID}))")
_STARTED_THERE = re.compile(r"\b(?:started there|first day|first week|new school)\b", re.I)
_KID_AT_NOW = re.compile(rf"\b(?i:my {_KID} (?:changed|switched|moved) schools?)\W+(?i:(?:he|she|they)(?:'s| is| are)"
                         rf"(?: now)? (?:at|in)) {NAME}")


_NOW = re.compile(r"\b(?:now|these days|lately|nowadays|rn)\b", re.I)
# "camila said yes!!! i asked her to marry me", "popped the question, she said yes 💍": engaged
_SAID_YES = re.compile(r"\b(?:(?P<n>[A-Z][a-z]+)|(?i:she|he|they)|(?P<low>[a-z]{3,})) (?i:said|say|says) (?i:yes)\b")
_PROPOSAL = re.compile(r"propos|popped the question|marry me|💍|\bring\b|one knee|wedding|lobola", re.I)
_PROPOSED_TO = re.compile(r"\b(?i:asked|proposed to|popped the question to) (?P<n>[A-Z][a-z]+)\b")
# "so... marcus proposed last night!!!": the one who proposed (not "Jake proposed a toast", "he proposed")
_PROPOSED = re.compile(r"\b(?P<n>[A-Z][a-z]+|[a-z]{3,}) (?i:(?:finally |just |actually )?proposed)\b(?!\s+(?:a|an|the|"
                       r"that|this|we|to|some|changes|moving)\b)")
# "back in pune. jet lag + humidity lol": home again, the subject left out
# "back in Norwich for good", "we've come home, back in Norwich since easter"; "we're Hobart people now"
_BACK_IN = re.compile(rf"(?:^|[,;.!]\s)\W*(?i:(?:finally |so |and )?back in) {NAME}(?=\s*(?:$|[.!,;]| now\b| for "
                      rf"good\b| since\b))|\b(?i:we'?re|we are|i'?m|i am) {NAME} (?i:people|folk|locals) now\b")
# "got diagnosed coeliac", "doctor said prediabetic", "doc says type 2 diabetes": a condition said in passing
_CONDITION = "|".join(sorted(HEALTH_CONDITIONS, key=len, reverse=True))
_DIAGNOSED = re.compile(rf"\b(?:(?:got|was|been|just|finally|officially) diagnosed(?: with)?|(?:doc|doctor|gp|dr)"
                        rf"(?: just)? (?:said|says|confirmed)(?: (?:i'?m|i am|i have|it'?s))?) (?:an? )?"
                        rf"(?P<x>(?:type \d |stage \d )?(?:{_CONDITION}))\b", re.I)
# genre names that are common words too: music only where the words around say music ("not feeling country lately")
_AMBIGUOUS_GENRES = frozenset({"country", "house", "pop", "garage", "drill", "trap", "swing"})


def _not_for_me(x: str, was: str) -> str | None:
    """What "<diet> wasn't / isn't for me" says, or None (of anything else it is a stance: stance.py's)."""
    return f"I'm not {x}{' anymore' if was.lower() == 'was' else ''}" if x in DIETS else None


def _genre(words: str, music_said: bool) -> str | None:
    """The genre ``words`` name, lower-cased; a common word only where ``music_said``."""
    low = words.lower()
    return low if low.replace("-", " ") in MUSIC_GENRES or (music_said and low in _AMBIGUOUS_GENRES) else None


def _artist(words: str) -> str | None:
    """An artist's name as said: every word capitalised ("Kendrick Lamar", "Fleetwood Mac")."""
    parts = words.split()
    return words if 0 < len(parts) <= 3 and all(w[:1].isupper() for w in parts) else None


def _kid(found: str) -> str:
    low = found.lower()
    return "son" if low in ("boy", "son") else "daughter" if low in ("girl", "daughter") else "child"


def _name_said(word: str | None) -> str | None:
    """A name chat wrote lower-case ("lerato said yes"): a word of no dictionary, capitalised."""
    return word[:1].upper() + word[1:] if word and not is_english_word(word) else None


def _what(found: str, article: bool) -> str | None:
    words = found.lower().split()
    if not words or words[0] in _NOT_NOW or words[-1] in _NOT_NOW:
        return None
    return f"{'a ' if article else ''}{' '.join(words)}"


def _school_in_passing(text: str) -> list[str]:
    now = " now" if _STARTED_THERE.search(text) else ""
    return [f"my {_kid(m.group(1))} goes to {m.group(2).strip()}{now}" for p in (_KID_SCHOOL_THING, _KID_SCHOOL_SAID)
            for m in p.finditer(text)]


def chat_restated(text: str, done: bool = True) -> list[str]:
    """The plain clauses these chat shapes mean. ``done`` False: the line has a plan, wish or negation word
    (restate._NOT_DONE), so only what is said with one ("not feeling country lately") is read."""
    said = [f"I'm not into {x} anymore" for m in _NOT_FEELING.finditer(text) if (x := _genre(m.group("x"), True))]
    said += [x for m in _NOT_FOR_ME.finditer(text) if (x := _not_for_me(m.group("x").lower(), m.group("was")))]
    if said:  # "..., all k-pop": what took its place
        said += [f"I'm into {y} now" for m in _ALL_OF.finditer(text) if (y := _genre(m.group("y"), True))]
    if not done:  # (a child's school said in passing holds whatever the line plans: "... sports day tomorrow")
        return said + _school_in_passing(text)
    if not _PAST.search(text):
        said += [f"I'm {w}" for m in _BEING.finditer(text) if (w := _what(m.group("what"), bool(m.group("a"))))]
        said += [f"I'm {w}" for m in _LIFE_AS.finditer(text)
                 if (w := _what(m.group("what") or m.group("lead"), True))]
        said += [f"I'm {w}" for m in _BY_DAY.finditer(text) if (w := _what(m.group("what") or m.group("trade"), True))]
    said += [f"my phone number is {m.group('n').strip()}" for m in _NUMBER_GIVEN.finditer(text)]
    said += ["I got married" for _ in _WED.finditer(text)]
    said += [f"I left {m.group(1)} and joined {m.group(2)}" for m in _JUMPED.finditer(text)]
    said += [f"I quit my job at {m.group(1)}" for m in _LAST_DAY.finditer(text)]
    said += [f"I got {m.group('x')}" for m in _GOT_ME.finditer(text) if _OWNED & set(m.group("x").lower().split())]
    said += [f"I'm dating {m.group(1)} now" for p in (_NAMED_AFTER, _ASKED_OUT) for m in p.finditer(text)]
    said += [f"I'm dating {n[:1].upper()}{n[1:]} now" for m in _A_THING_NOW.finditer(text)
             if (n := m.group("n")).lower() not in ("from", "at", "in", "who", "i", "and")]
    if _SPEAKER_FIRST.match(text):
        said += [f"I live in {m.group(1)}" for m in _LIVING_IN.finditer(text)]
        if not _VISITING.search(text):  # "I am a social worker with a charity here in Nairobi"
            said += [f"I live in {place}" for m in _HERE_IN.finditer(text) if (place := _place_of(m.group(1)))]
    said += [f"I'm into {x}{' now' if _NOW.search(text) else ''}" for p in (_OBSESSION, _IS_EVERYTHING)
             for m in p.finditer(text) if (x := _genre(m.group("x"), p is _OBSESSION))]
    said += [f"I love {x}" for p in (_ON_REPEAT, _WRAPPED, _PLAYING) for m in p.finditer(text)
             if (x := _genre(heard := m.group("x") or m.group("y"), True) or _artist(heard))]
    for m in _HABIT.finditer(text):
        kind, x, how = object_kind(m.group("x").lower()), m.group("x").lower(), m.group("how").lower()
        if _NOT_A_THING & set(x.split()):  # "I drink coffee every morning" is the slot rules' own clause
            continue
        said += [f"I drink {x} {how}"] if kind in _DRINK_KINDS else [f"I do {x} {how}"] if kind in _SPORT_KINDS else []
    for m in _WORKOUT.finditer(text):
        x = next(g for g in m.groups() if g).lower()
        kind = object_kind(x) if not _NOT_A_THING & set(x.split()) else None
        said += [f"I play {x}"] if kind == "sport" else [f"I do {x} regularly"] if kind in _DONE_KINDS else []
    said += [f"I drink {x}" for p in (_MY_DRINK, _NTH_OF_DAY) for m in p.finditer(text)
             if object_kind(x := m.group("x").lower()) in ("hot drink", "soft drink", "alcohol")]
    said += [f"I drive a {m.group('x')}" for m in _CAR_NEEDS.finditer(text) if m.group("x").lower() in CAR_VALUES]
    said += [f"our database is {m.group('x')}" for m in _DB_THING.finditer(text)
             if tech_kind(m.group("x").lower()) == "database" and not _ENDED_BEFORE.search(text[:m.start()])]
    said += [f"our database is {m.group('x')}" for m in _ALL_ON.finditer(text)
             if tech_kind(m.group("x").lower()) == "database"]
    said += [f"I'm {x}" if x.lower() in HEALTH_ADJECTIVES else f"I have {x}" for m in _DIAGNOSED.finditer(text)
             if (x := m.group("x"))]
    said += [f"I'm back in {m.group(1)}" if m.group(1) else f"I live in {m.group(2)} now"
             for m in _BACK_IN.finditer(text)]
    said += _engaged(text)
    said += [f"I work at {m.group(1)}" for m in _STANDUP_AT.finditer(text)]
    said += [f"I started at {m.group(1)}" for m in _BADGE.finditer(text)]
    said += [f"my {m.group(2).lower()} is called {m.group(1)}" for m in _NAME_THE_PET.finditer(text)]
    said += [f"my {(m.group(1) or m.group(3)).lower()} is called {m.group(2) or m.group(4)} now"
             for m in _PET_GOES_BY.finditer(text)]
    said += [f"I play {x}{' now' if _NOW.search(text) else ''}" for m in _SPORT_GEAR.finditer(text)
             if (x := (m.group("x") or m.group("y") or m.group("z")).lower()) in PLAYED_SPORTS.split()]
    said += [f"I have a {m.group('x')}" for m in _PHONE_PART.finditer(text)
             if m.group("x").split()[0].lower() in PHONE_VALUES]
    said += [f"I'm {m.group('x').lower()}" for m in _STATUS_LIFE.finditer(text)]
    said += ["I'm married now"] if _SAID_I_DO.search(text) else []
    said += [f"my favourite {m.group('what').lower()} is {m.group('x')}" for m in _FAVE_ALWAYS.finditer(text)]
    said += [f"my favourite food is {x}{' now' if _NOW.search(text) else ''}" for m in _ALL_ABOUT.finditer(text)
             if (x := m.group("x").lower()) in DISHES]
    said += age_said(text)
    for m in _KID_FIRST_DAY.finditer(text):
        said.append(f"my {_kid(m.group(2))} goes to {m.group(1)} now")
    said += [f"{m.group(1)} goes to {m.group(2)} now" for m in _NAMED_FIRST_DAY.finditer(text)
             if m.group(1).lower() not in ("my", "our", "his", "her", "their", "the")]
    for m in _KID_MOVED.finditer(text):
        said.append(f"my {_kid(m.group(1))} goes to {m.group(3)} now")
    said += [f"my {_kid(m.group(1))} goes to {m.group(2)} now" for m in _KID_AT_NOW.finditer(text)]
    said += _school_in_passing(text)
    return said


def _engaged(text: str) -> list[str]:
    """"asked Becky to marry me on leave, she said yes" (Becky said yes), "lerato said yes!!! wedding next year"."""
    asked = _PROPOSED_TO.search(text)
    proposed = next((n for m in _PROPOSED.finditer(text) if not SOMEONE_ELSES.search(text[:m.start()]) and (
        n := m.group("n") if m.group("n")[:1].isupper() and m.group("n") not in ("He", "She", "They") else
        _name_said(m.group("n")))), None)
    if proposed is not None and not _SAID_YES.search(text) and not re.search(r"\bengaged\b", text, re.I):
        return [f"I'm engaged to {proposed} now"]
    return [f"I'm engaged to {n} now" if (n := m.group("n") or (asked and asked.group("n")) or _name_said(
        m.group("low"))) else "I'm engaged now" for m in _SAID_YES.finditer(text) if _PROPOSAL.search(text) and not (
        m.group("low") and not _name_said(m.group("low")))][:1]


def across_the_turn(text: str) -> list[str]:
    """Values said over the turn's sentences, plans and questions included: "Eastbrook High parent here 👋 my son's
    there" (the child's school), "date night w Tom", "anniversary w Marcus next week, gift ideas?" (the partner),
    "quit Deloitte. Accenture offer signed, already started" (the employer)."""
    return [f"my {_kid(m.group(2))} goes to {m.group(1).strip()}" for m in _SCHOOL_PARENT.finditer(text)] + [
        f"I'm dating {m.group(1)}" for m in _DATE_NIGHT.finditer(text) if not _THEIR_DAY.search(text)] + [
        f"I work at {m.group(1)} now" for m in _OFFER_TAKEN.finditer(text)] + _engaged(text) + union_said(text) + \
        school_moved(text)


# an offer taken up: "Accenture offer signed, already started 😎" (an offer alone is a plan)
_OFFER_TAKEN = re.compile(rf"(?:^|[,.!;:]\s*){NAME} (?i:offer (?:signed|accepted))(?=.*\b(?i:already started|started "
                          r"(?:today|yesterday|this week|on monday|monday)|first day (?:was|done|today)))")


# someone else's anniversary or date night ("my parents' anniversary with Grandma", "her date night with Tom")
_THEIR_DAY = re.compile(r"\b(?:\w+s'|\w+'s|his|her|their) (?:\w+ )?(?:anniversary|date night)", re.I)


def asked_as(question: str) -> list[str]:
    """What a question's asker says they are in its lead ("asking as a paramedic: is this normal?", "as a vegan,
    can I eat this?"), asks about as a thing they do ("is it bad i have cold brew every single day?") or gave up
    ("no more booze for me, mocktail ideas?"; also a verbless cheer: "6 months no cigarettes!!"): the question or
    the small talk is no fact, what it takes as given is."""
    return [f"I'm {w}" for m in _LIFE_AS.finditer(question) if m.group("lead") and not _PAST.search(question)
            and (w := _what(m.group("lead"), True))] + [
        said for p in (_IS_IT_OK, _ASIDE) for m in p.finditer(question) if not _NOT_DONE.search(m.group("said"))
        for said in (m.group("said"), *chat_restated(m.group("said")))] + given_up(question) + work_in_passing(
        question) + fragment_clauses(question) + fact_before_question(question) + name_said(  # ("6 months no fags!!")
        question)  # ("please call me Tom from now on": a request that says the name)


# a statement said aside in a question: "what should i make for dinner, i'm pescatarian btw", "any tips? we
# live in Leeds"
_ASIDE = re.compile(r"[,;?(]\s*(?:(?:oh|and|also|fyi|btw|but)\s+)?(?P<said>(?:i'?m|i am|im|we'?re|we are|i live|"
                    r"we live|i work|i have|i drive|i use|we use|(?:my|our) (?:\w+ ){0,2}(?:is|are)|"
                    r"(?:he|she)(?:'s| is) (?:into|a|an|allergic|vegan|vegetarian)|(?:he|she) (?:loves|works|lives))"
                    r"\b[^,;?()]+)", re.I)  # (and of someone just named: "a present for Dev, he's into bouldering")


# "is it bad i have cold brew every single day?", "is it weird that we still use MySQL"
_IS_IT_OK = re.compile(r"^\W*is it (?:bad|ok|okay|normal|weird|wrong|unhealthy|healthy|fine|strange|a problem) "
                       r"(?:that )?(?P<said>(?:i|we) [^?]+)", re.I)


def asked_labels(text: str) -> list[str]:
    """A label asked and answered across the turn's sentences ("my job? nurse.", "my car? a Golf lol"): the
    parser splits off the question, which is never read as a fact, so the turn is read whole."""
    said = [_SAID_AS[" ".join(m.group("what").lower().replace("-", "").split())].format(
        v=v, a="an" if v[:1].lower() in "aeiou" else "a") + (" now" if "new" in m.group("new").lower() else "")
        for m in _ASKED.finditer(text) if not _NOT_DONE.search(m.group(0)) and (v := _cased(m))
        and (m.group("what").lower() != "age" or v.isdigit()) and v.lower() not in GONE_WORDS]  # ("phone is toast")
    return said + [f"I'm {a} years old" for m in _AGE_LABEL.finditer(text) for a in m.groups() if a]


def _cased(m: re.Match[str]) -> str:
    """The answer as said, lower-cased for a common-noun label (the answer opens a sentence: "my job? Nurse.")."""
    value = m.group("value")
    return value.lower() if m.group("what").lower() in ("job", "work", "drink", "go-to drink", "diet",
                                                        "fave food", "fav food", "favourite food", "favorite food") \
        else value
