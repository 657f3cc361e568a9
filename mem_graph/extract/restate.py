"""Changes said around the clause the slot rules read, restated as that plain clause.

People rarely announce a new home, job, age or partner with "I live in X now". They name the new thing inside
a noun phrase ("my new flat in Brisbane", "new job at Accenture is going great", "first day at Sainsbury's was
yesterday", "officially a Salesforce employee now"), drop the verb ("32 as of last tuesday", "age update: 41",
"relationship status changed: married", "officially a personal trainer now"), or say the end of a relationship
with an idiom ("things with Jamie ended", "Chris and i called it quits", "after the breakup with Sam", "Casey
is my ex now", "Robin and i made it official"). Each class below reads one such shape, using general words
only (home nouns, job nouns, breakup idioms), and returns the plain clause it means ("I live in Brisbane now",
"I work at Accenture now", "I'm 32 now", "I broke up with Jamie", "I'm dating Robin now", "my daughter goes to
Northgate School now"). The caller parses that clause and keeps only what the slot rules place, so a value no
rule knows is never guessed into a slot. A plan, wish, question or someone else's news restates nothing.
"""

from __future__ import annotations

import re
from typing import Any

from mem_graph.extract.back_home import back_home
from mem_graph.extract.catalogue import DIETS, REL_STATUS
from mem_graph.extract.chat_fragments import fragment_clauses
from mem_graph.extract.chat_restate import NAME, across_the_turn, asked_labels, chat_restated
from mem_graph.extract.cue_change import object_kind
from mem_graph.extract.given_up import given_up
from mem_graph.extract.graduation import school_done
from mem_graph.extract.health import condition_gone, medication_changes
from mem_graph.extract.lexicon import DISHES, GIVEN_NAMES, TECH, agent_of, tech_kind
from mem_graph.extract.life_news import life_news
from mem_graph.extract.over_idioms import declared_over, taken_up
from mem_graph.extract.pet_intros import dog_or_cat_named
from mem_graph.extract.places import is_place_name
from mem_graph.extract.self_names import name_said
from mem_graph.extract.wordlist import is_common_word, is_english_word
from mem_graph.extract.work_mentions import last_shift, work_done_for, work_in_passing

# a job offer taken: "i accepted the zalando offer", "accepted an offer from Monzo" (an offer alone is no job)
_ACCEPTED = re.compile(r"\b(?i:accepted|took|signed) (?:(?i:the|an|a|their) )?(?:(?i:job|full[- ]time|permanent) )?"
                       r"(?i:offer) (?i:from|at|with) ([A-Za-z][\w&'-]+)"
                       r"|\b(?i:accepted|took|signed) (?i:the) ([A-Za-z][\w&'-]+) (?:(?i:job) )?(?i:offer)\b")
# a plan, a wish, a hypothetical: not a change that happened
_NOT_DONE = re.compile(r"\b(?:will|'ll|gonna|going to(?! be great)|wanna|want(?:s|ed)? to|hope|hoping|plan|planning|"
                       r"might|maybe|if|would|could|should|thinking (?:of|about)|looking (?:for|at)|searching|"
                       r"hunting|tomorrow|next (?:week|month|year|monday|tuesday|wednesday|thursday|friday)|"
                       r"soon|offer|interview|appl(?:y|ied|ying)|starts|starting|begins|not|never|n't)\b", re.I)
_NAME = NAME  # "Jersey City", "St Mary's Primary"
_SOMEONE = r"(?:my|our|the)?\s*"

# -- home ------------------------------------------------------------------------------------------------------
_HOME_NOUNS = r"(?:flat|apartment|apt|house|place|home|condo|pad|digs|city|town|country)"
_NEW_HOME = re.compile(rf"(?i:(?:^|\b(?:my|our|into|to|in|at|the)\s+|[,.!:;]\s*)new {_HOME_NOUNS} "
                       rf"(?:here )?in) {_NAME}")
# "got the keys to my first flat in Nottingham today", "picked up the keys for our new place in Hove"
_KEYS = re.compile(rf"(?i:\b(?:got|picked up|collected) (?:the |our |my )?keys (?:to|for) (?:my|our|the) "
                   rf"(?:new |first |own )?{_HOME_NOUNS} in) {_NAME}")
_MOVED_CUE = re.compile(rf"\bnew {_HOME_NOUNS}\b|\b(?:moved|relocated|the move|lease (?:ended|is up|ran out)|"
                        r"new lease|changed my address|shifted|the shifting)\b", re.I)  # ("shifting": Indian English)
# "new city: Edinburgh", "new town - Bath", "I'm a Glasgow local", "home is Glasgow", "Glasgow has been home for years"
_NEW_CITY = re.compile(rf"\b(?i:new (?:city|town|home|country))\s*[:\-–]+\s*{_NAME}")
_LOCAL = re.compile(rf"\b(?i:i'?m a|i am a|officially a|now a) {_NAME} (?i:local|resident|native)\b"
                    rf"|(?:^|[,.!;:]\s*)(?i:an?) {_NAME} (?i:resident) (?i:now|since|as of)\b")
_HOME_IS = re.compile(rf"(?:^|[,.!;]\s*)(?i:home is(?: now)?) {_NAME}"
                      rf"|(?:^|[,.!;]\s*){_NAME} (?i:(?:is|has been) (?:my )?home)\b")
# "made the move to Bath", "we moved, Bath now", "drove to Bath, we live here now"
_MADE_THE_MOVE = re.compile(rf"\b(?i:made the (?:big )?move to) {_NAME}"
                            rf"|\b(?i:to) {_NAME}[^.!?]{{0,30}}\b(?i:(?:we|i) live here now)\b")
# "done with the shifting, finally in bangalore": arrived (with a move said, not "finally in paris!! so pretty")
_FINALLY_IN = re.compile(rf"(?:^|[,.!:;]\s*)(?i:(?:and |we'?re |i'?m |now )?finally (?:here )?in) {_NAME}"
                         r"(?=\s*(?:$|[,.!;]))")
_PLACE_NOW = re.compile(rf"(?:^|[,.!:;]\s*){_NAME} (?i:now)\b(?=\s*(?:$|[,.!;]))")
_PLACE_SINCE = re.compile(rf"(?i:^|[,.!:;]\s*|\b(?:lol|haha|lmao)\s+){_NAME} (?i:since)\b")

# "moving out of Toronto was the best decision", "since leaving Leeds": a home (or job) left, said as a noun
_LEFT = re.compile(rf"\b(?i:(?:after|since) (?:moving (?:out of|away from)|leaving)) {_NAME}"
                   rf"|\b(?i:moving (?:out of|away from)|leaving) {_NAME} (?i:(?:was|has been)\b)")
# "moving to Seville was the best decision", "moving here to Leeds has been great": a move made, said as a noun
_MOVE_MADE = re.compile(rf"(?:^|[,.!:;]\s*|\b(?:honestly|tbh|ngl|so)\s+)(?i:moving (?:here |over )?to) {_NAME} "
                        r"(?i:(?:was|has been)\b)")
# "packed up and flew to Perth for good", "went back to Lagos permanently": a trip that is a move
_FOR_GOOD = re.compile(rf"(?:^|[,.!:;]\s*|\b(?:i|we|and|just|finally)\s+)(?i:(?:flew|went|headed|drove|came|sailed|"
                       rf"emigrated|shipped off|relocated)(?: (?:out|over|back|home|down|up))? to) {_NAME} "
                       r"(?i:for good|permanently|for keeps)\b")

# -- job -------------------------------------------------------------------------------------------------------
_NEW_JOB = re.compile(rf"(?i:(?:^|\b(?:my|the)\s+|[,.!:;]\s*)new (?:job|role|position|gig|post) (?:at|with)) {_NAME}"
                      rf"|(?i:(?:^|[,.!:;]\s*|\b(?:i'?m|im|am|currently|still)\s+)onboarding (?:at|with)) {_NAME}")
_FIRST = r"(?i:(?:^|\b(?:my|the|was)\s+|[,.!:;]\s*)(?:first (?:day|week|shift|month)|(?:day|week|month) one)" \
    r"(?: of (?:orientation|training|induction|onboarding)| (?:driving|working|nursing|teaching|cleaning|coding|" \
    r"cooking|serving|delivering|selling|managing)(?: (?:the |a |an )?[\w-]+){0,2})? (?:at|with|for))"
_FIRST_DAY = re.compile(rf"{_FIRST} (?:the )?{_NAME}")
# "i resumed at Reddington Hospital on monday" (Nigerian English: started work), "Dale got on at John Deere!!"
_GOT_ON = re.compile(rf"\b(?i:resumed (?:work )?at|got on (?:at|with)|got taken on (?:at|by)|been taken on (?:at|by)"
                     rf"|got hired (?:at|by)) {_NAME}")
# "sitting in my first lecture at NMIMS rn": a student's first class at a new college
_FIRST_CLASS = re.compile(rf"(?i:\bfirst (?:lecture|class|seminar|tutorial|lab|semester|term) (?:at|in)) {_NAME}")
# "first week in leicester!!", "first night in Hove": a town one has just come to live in (a known town only: not
# "first week in the job", "first day in office")
_FIRST_IN_TOWN = re.compile(r"^\W*(?:(?:my|our) )?(?i:first) (?i:night|week|month|weekend)s? (?i:in) ([A-Za-z][\w'-]+"
                            r"(?: [A-Za-z][\w'-]+)?)(?=\s*(?:$|[,.!;]|\s(?:done|and|now|is|was)\b))")
# "first year at Leeds Beckett doing sports science", "in my second year at UCL": where one studies
_YEAR_AT = re.compile(rf"^\W*(?:(?:i'm |im |i am )?in )?(?:my )?(?i:first|second|third|final|1st|2nd|3rd) year "
                      rf"at {_NAME}")
# "first week at (the) spotify done": lower-case ("st anne's": a saint's name is two words)
_FIRST_DAY_LOWER = re.compile(rf"{_FIRST} (?:the )?((?:st\.? |saint )?[a-z][\w&'-]+)(?=[\s,.!;:?]|$)")
# "first day at st anne's went great, she's made two friends": her first day, not the speaker's
_SOMEONE_ELSES_DAY = re.compile(r"\b(?:she|he|she's|he's|shes|hes|her|his)\b", re.I)
_MY_FIRST = re.compile(r"\bmy first\b|\bi\b|\bi'm\b|\bim\b", re.I)
_DONE = re.compile(r"\b(?:was|went|today|yesterday|ago|last|done|over|finished|survived)\b", re.I)
# a first day still ahead: "first day at Paystack is monday", "first week at X starts tomorrow", "in two weeks"
_AHEAD = re.compile(r"\b(?:tomorrow|next|soon|starts?|starting|will|gonna|going to|is (?:on )?(?:mon|tues|wednes|thurs|"
                    r"fri|satur|sun)day|in (?:a|an|\d+|two|three|a few) (?:days?|weeks?|months?))\b", re.I)
# "first week at the new practice in Portobello done": a new workplace, named by its kind and town
_FIRST_NEW = re.compile(rf"{_FIRST} the new ([a-z]+(?: [a-z]+)?) (?i:in) {_NAME}")
# "first week on the nike campus", "first week in the rathmines clinic done": the workplace named by its site
_FIRST_SITE = re.compile(r"(?i:(?:^|\b(?:my|the)\s+|[,.!:;]\s*)first (?:day|week|shift|month) (?:in|on|at) the) "
                         r"([A-Za-z][\w&'-]+) (?i:campus|office|offices|clinic|hospital|store|shop|branch|site|"
                         r"warehouse|factory|plant|studio|lab|restaurant|hotel|practice|surgery|depot|hq)\b")
_EMPLOYEE = re.compile(rf"(?i:^|\b(?:officially|now|finally)\s+|[,.!:;]\s*)(?i:an? )?{_NAME} "
                       r"(?i:employee|staffer|staff member|hire)\b")
_I_AM = re.compile(r"^(?:i'?m|i am|officially|now|finally|proud(?:ly)?|an?)\b", re.I)

# -- age -------------------------------------------------------------------------------------------------------
_BARE_AGE = re.compile(r"^\s*(?:(?:age|age update|update)\s*[:\-]\s*)?(\d{1,3})(?=\s*(?:as of|now|\(|!|,|\.|$|"
                       r"since|today|yesterday|ugh|lol|haha|officially|years old|years young|yo\b))", re.I)
_AGE_CUE = re.compile(r"\b(?:age|old|older|birthday|bday|b-day|turned|years? young)\b|🎂", re.I)
# "birthday today, 34 now", "another year older, 34 now": the number said with "now" beside a birthday
_AGE_NOW = re.compile(r"(?:^|[,.!:;]\s*)(\d{2,3}) now\b", re.I)

# -- a label and its new value: "relationship status changed: married", "life update: remarried" ---------------
_LABELLED = re.compile(r"^\s*(?:[a-z]+ ){0,3}(?:update|updated|changed|change|news|status)\s*[:\-–,]+\s*"
                       r"(?P<rest>[a-z][\w -]*?)\s*(?:$|[,.!(]|\s(?:as of|since|now)\b|[^\w\s])", re.I)
_SAID_FRAGMENT = re.compile(r"(?:^|[,.!:;]\s*|[^\w\s',.]\s*)(?:officially|finally|proudly)\s+(?:an?\s+)"
                            r"(?P<np>[a-z][\w -]*?)\s+(?:now|as of)\b", re.I)
# "I'm a tea drinker now", "more of a coffee drinker these days"
_DRINKER = re.compile(r"\b(?:i'?m|i am)\s+(?:now\s+|more of\s+|mostly\s+)?an?\s+(?:(?:huge|big|massive|daily|serious"
                      r"|proper|total|heavy|keen)\s+)?(?P<x>[a-z]+(?: [a-z]+)?) drinker\b", re.I)
_NOW = re.compile(r"\b(?:now|these days|nowadays)\b", re.I)
# "new company: Aldi", "new job title: electrician", "new car - a Polo", "new phone: Pixel 8"
_NEW_LABEL = re.compile(r"^\W*(?:(?:so|ok|okay|update|and|also|oh)\W+)*(?:(?:i )?(?:got|bought) (?:myself )?an? )?"
                        r"(?:new (?P<what>company|employer|job title"
                        r"|title|role|position|car|phone|laptop|diet|editor|ide|favou?rite [a-z]+|database|db)"
                        r"|(?P<updated>"
                        r"favourite food|editor|phone|laptop|car|diet|database|db) update)"
                        r"(?:\s+(?:unlocked|alert|found|incoming))?\s*[:\-–!]+\s*(?:an? )?"
                        r"(?P<value>[A-Za-z][\w'&-]*(?: [\w'&-]+){0,2}?)\s*(?:$|[,.!(]|\s(?:now|lol|haha|yay|woo)\b)",
                        re.I)
_SAID_FOR_LABEL = {"company": "I work at {} now", "employer": "I work at {} now", "job title": "I'm {} now",
                   "title": "I'm {} now", "role": "I'm {} now", "position": "I'm {} now",
                   "car": "I drive a {} now", "phone": "I have a {} now", "laptop": "my laptop is a {} now",
                   "diet": "I'm {} now",
                   "editor": "my editor is {} now", "ide": "my editor is {} now",
                   "favourite food": "my favourite food is {} now", "database": "our database is {} now",
                   "db": "our database is {} now"}
_WITH_ARTICLE = frozenset({"job title", "title", "role", "position"})  # "I'm an electrician now"
# "risotto is the best food on earth", "kebab is my comfort food", "my top food now is ramen": a favourite dish
_BEST_FOOD = re.compile(r"(?:^|[,.!;:]\s*)(?:(?:ok|so|honestly|tbh|ngl)\W+)*(?P<x>[a-z][a-z' -]{1,30}?) (?:is|are) "
                        r"(?:the|my) (?:best|greatest|ultimate|top|number one|comfort) (?:food|meal|dish)\b"
                        r"|\bmy (?:top|number one|go-to|comfort) (?:food|meal|dish)(?: now| these days)? is "
                        r"(?P<y>[a-z][a-z' -]{1,30}?)(?=$|[,.!;:]| now\b| these days\b)", re.I)
# "went from single to engaged this year", "went from vegan to pescatarian", "went from nurse to midwife"
_WENT_FROM = re.compile(r"(?:^\W*|[,.!;:]\s*|\b(?:so )?i (?:just |finally )?)(?:went|switched|changed|converted|"
                        r"transitioned) from (?:being )?(?:an? )?[a-z][\w-]* to (?:being )?(?:an? )?"
                        r"(?P<new>[a-z][\w-]*)\b", re.I)  # the speaker's: not "she went from"
_CLAUSE_START = re.compile(r"^(?:i|we|my|our|he|she|they|it|just|got|been|was|am|is|have|had)\b", re.I)

# -- partner ---------------------------------------------------------------------------------------------------
_BREAKUP_NOUN = re.compile(rf"\b(?i:(?:the|my|our)\s+(?:break-?up|split|divorce|separation) (?:with|from)) {_NAME}")
_THINGS_ENDED = re.compile(rf"\b(?i:(?:things|it|stuff) with) {_NAME} (?i:ended|finished|fell apart|fizzled out)"
                           rf"|\b(?i:(?:ended|finished) (?:things|it) with) {_NAME}")
_COUPLE_ENDED = re.compile(rf"\b{_NAME} (?i:and (?:i|me) (?:(?:have |'ve )?(?:decided to |agreed to )?"
                           r"(?:call(?:ed)? (?:it|the wedding|the engagement) (?:quits|a day|off)|part(?:ed)? ways)"
                           r"|(?:have |'ve )?(?:went|gone) (?:our|separate) "
                           r"(?:separate )?ways|split up"
                           r"|split(?=\s*(?:$|[,.!;]|last|in |on |a while|ages|recently|yesterday))"
                           r"|ended "
                           r"(?:things|it)|broke it off))\b"
                           rf"|\b(?i:(?:called it quits|parted ways|split(?: up)?|broke it off) with) {_NAME}")
# "dumped Olivia", "ditched Tom": a partner left, when the name is a given name (not "dumped MySQL")
_DUMPED = re.compile(rf"(?:^\W*|[,.!;:]\s*|\b(?i:i (?:just |finally )?))(?i:dumped|ditched) {_NAME}")
# "chloe's dumped me", "Sam left me": ended by the other one, a name however it is typed
_DUMPED_ME = re.compile(r"(?:^\W*|[,.!;:]\s*)(my (?:wife|husband|boyfriend|girlfriend|partner|fiance|fiancee|bf|gf)"
                        r"|[A-Za-z][a-z]+)(?:'s| has| just| finally)* (?:dumped|ditched|left) me"
                        r"(?=\s*(?:$|[,.!;:?)]|\s(?:for|after|and|lol|today|yesterday|last|over|by)\b))", re.I)
_IS_EX = re.compile(rf"\b{_NAME} (?i:is (?:now )?my) "
                    r"(?i:ex(?:-?(?:boyfriend|girlfriend|husband|wife|partner|fiance|fiancee))?)"
                    r"\b(?! ?'s)")
_MET_TOGETHER = re.compile(rf"\b(?i:met) {_NAME} (?i:and we(?:'ve| have)? been (?:together|dating|a couple))\b")
_TOGETHER = re.compile(rf"\b{_NAME} (?i:and (?:i|me) (?:made it official|got together|are (?:officially )?together"
                       r"|are (?:officially )?a thing|are official))\b")

_ME_AND = re.compile(rf"\b(?i:me and) {_NAME} (?i:(?:are|r) (?:officially |finally )?(?:together|a thing|official"
                     r"|an item|dating|a couple)|made it official|got together)\b")
_GOT_TOGETHER = re.compile(rf"\b(?i:got together with|started (?:dating|seeing)|now (?:dating|seeing)"
                           rf"|(?:i'?m|i am) (?:now )?going out with) {_NAME}")  # (not "went out with")
# "me and glenys from the choir have started walking out together": courting, said the old way
_COURTING = re.compile(r"\b(?i:me and) ([A-Za-z][a-z]+)(?: from (?:the |my )?\w+)? (?i:(?:have |'ve |are |'re )?"
                       r"(?:started |been )?(?:walking out|courting|stepping out|going steady|seeing each other))\b")
_NEW_PARTNER = re.compile(rf"\b(?i:new (?:boyfriend|girlfriend|partner|bf|gf|man|woman)(?: alert| update)?)\W+{_NAME}")

# -- an employer that took the speaker on: "Acme hired me as an analyst", "KPMG poached me from Deloitte" ---------
_HIRED_ME = re.compile(rf"(?:^|[,.!:;]\s*){_NAME} (?i:(?:just |finally |officially )?(?:hired|poached|recruited"
                       r"|headhunted|took me on|snapped me up|offered me a (?:job|role|position)))(?: me)?\b")

# -- age, said as the event ("just hit 42", "celebrated turning 36", "it was my 42nd birthday") ---------------------
_AGE_EVENT = re.compile(r"\b(?:just hit|(?:celebrated|celebrating) turning|aged|had my (?=\d{1,3}(?:st|nd|rd|th)\b)"
                        r"|(?:^|(?<=[,.!;]\s)|\bi )hit(?= \d{2}(?: on| last| yesterday| today| this|[,.!]|$))"
                        r"|another year older\W+(?=\d{2}\b(?! ?(?:k|km|kg|%|followers|miles)\b))"
                        r"|my (?=\d{1,3}(?:st|nd|rd|th) (?:birthday|bday)))\s*(\d{1,3})(?:st|nd|rd|th)?\b", re.I)
_AGE_AS = re.compile(r"^\s*(?:being (\d{2,3})(?![\d:.%])\b|at (\d{2,3}),? (?=(?:my|i|i'm|i've|i'd)\b))",
                     re.I)  # "being 41 is weird", "at 41 my knees are already complaining" (not "at 10 we left")

# -- what the speaker is, said as the standpoint of a clause: "as a vegetarian I struggle at barbecues" --------------
_AS_A = re.compile(r"^\s*(?:(?:lol|honestly|tbh|well|so)\W+)*as an? (?P<what>[a-z][\w-]*(?: [a-z][\w-]*)?),? "
                   r"(?:i|i'm|i've|i am|i have|my)\b", re.I)

# -- a switch of a kind of thing, the new one in a fragment: "switched editors, Neovim now" ------------------------
_SWITCHED_KIND = re.compile(r"\bswitch(?:ed|ing)? (?:editors|ides|databases|dbs|phones|gyms|banks|browsers|laptops)\b"
                            r"[^.!?]*?[,:-]\s*(?:to |it's |now )?(?P<new>[A-Za-z][\w.+#-]*(?: [A-Z0-9][\w.+#-]*)?)"
                            r"(?: now| these days| instead| lol)?\s*[.!]*$", re.I)

# -- "these days it's green tea for me", "it's padel for me now": the thing one has or does now, by its kind ------
_FOR_ME_NOW = re.compile(r"(?:^|[,.!:;]\s*)(?:(?:these days|nowadays|now|lately),? )?it'?s (?:all )?"
                         r"(?P<x>[a-z][\w -]{1,25}?) for me(?P<now> now| these days| nowadays)?\b", re.I)
_SAID_BY_KIND = {"hot drink": "I drink {} now", "soft drink": "I drink {} now", "alcohol": "I drink {} now",
                 "sport": "I do {} now", "exercise": "I do {} now", "activity": "I do {} now"}

# -- "we're Lisbon-based now", "we tied the knot", "the divorce is final", "the migration to Postgres is done" -----
_BASED = re.compile(rf"\b(?i:i'?m|i am|we'?re|we are|now) {_NAME}-based\b")
_RETIRED = re.compile(r"\b(?:took|taken|taking|take) (?:early |voluntary )?retirement\b", re.I)
_WED = re.compile(r"\b(?:tied the knot|got hitched|got wed)\b", re.I)
# (the speaker's: "the divorce", "my divorce", not "Greg's divorce", "her divorce")
_DIVORCE_FINAL = re.compile(r"(?:(?:^|[,.!;:])\s*|\b(?i:the|my|our)\s+)(?i:divorce (?:is|was|went) "
                            r"(?:final|through|finalised|finalized|official))\b")
_MIGRATED = re.compile(rf"\b(?i:(?:migration|move|switch) (?:over )?to) {_NAME} "
                       r"(?i:(?:is|was) (?:done|finished|complete))")
# "i do all my coding in Emacs", "VS Code is my daily driver now": the editor one uses (an editor's name only)
_CODE_IN = re.compile(rf"\b(?i:(?:do|write) (?:all |most |pretty much all )?(?:of )?my (?:coding|programming|code|dev "
                      rf"work) in) {_NAME}|\b{_NAME} (?i:is my (?:daily driver|editor of choice|go-to editor))")
# "we're a Postgres shop now", "Postgres in prod, MongoDB decommissioned": the team's database (a known one only)
_SHOP = re.compile(rf"\b(?i:we(?:'re| are) (?:now |fully |officially )?(?:an? )?){_NAME} (?i:shop)\b"
                   rf"|(?:^|[,.!;:]\s*){_NAME} (?i:in prod(?:uction)?)\b(?=\s*(?:$|[,.!;]|now\b))")
# "finished the Postgres to MongoDB migration", "the MySQL -> Postgres move is done"
_MIGRATION_DONE = re.compile(rf"\b{_NAME} (?:to|->|→) {_NAME} (?i:migration|move|switch|cutover)\b")
_DONE_WORD = re.compile(r"\b(?:finished|finally|done|complete|completed|wrapped up|shipped|over)\b", re.I)
# "mysql is finally gone", "Heroku's dead to us": software the team dropped
_GONE = re.compile(r"(?:^|[,.!:;]\s*)(?P<x>[A-Za-z][\w.+#-]*(?: [A-Z][\w.+#-]*)?) (?:is|'s) "
                   r"(?:finally |now |officially |totally |completely )*"
                   r"(?:gone|dead|history|retired|deprecated|decommissioned)\b", re.I)
# "uninstalled Atom", "we finally killed Postgres", "never went back to Vim": software given up (tech names only)
_DROPPED = re.compile(r"\b(?:uninstalled|deleted|killed|retired|sunsetted|sunset|decommissioned|got rid of|ditched"
                      r"|never (?:went|gone|going) back to|moved off(?: of)?|migrated off(?: of)?) "
                      r"(?P<x>[A-Za-z][\w.+#-]*(?: [A-Z][\w.+#-]*)?)", re.I)
# "nothing beats punk honestly", "you can't beat lasagne": a liking said as a comparison
_NOTHING_BEATS = re.compile(r"^\W*(?:(?:honestly|tbh|ngl|lol|but|and|ok)\W+)*(?:nothing|you can'?t|can'?t) beats? "
                            r"(?P<x>[a-z][\w'-]*(?: [a-z][\w'-]*)??)(?:\s+(?:honestly|tbh|ngl|lol|really))*\W*$", re.I)

# -- a favourite said as a label: "new favourite food: tacos", "my fave food? pizza" ------------------------------
_FAVE = r"(?:favou?rite|fave|fav|fav'?)"
_FAVE_LABEL = re.compile(rf"\b(?:(?P<new>new)|my) {_FAVE} (?P<what>[a-z]+)\s*[:?\-–]+\s*(?P<value>[a-z][\w' -]*?)"
                         r"\s*(?:$|[,.!(]|\s(?:now|lol|tbh|haha|sorry|obviously)\b)", re.I)
_FAVE_CHANGED = re.compile(rf"(?:^|\bmy |[,.!:;]\s*){_FAVE} (?P<what>[a-z]+) (?:has |just |officially )*"
                           r"(?:changed|switched|moved)(?: to |\W+(?:(?:lol|haha|again)\W+)?)(?P<value>[a-z][\w' -]*?)"
                           r"\s*(?:$|[,.!(]|\s(?:now|lol|tbh|haha)\b)", re.I)  # "... changed lol, ramen now"

# -- a new post or employer compared with the old one, then "glad i switched" ----------------------------------
_SWITCHED = re.compile(r"\bi (?:switched|changed|made the (?:switch|move|jump|change))\b", re.I)
_BEING_BETTER = re.compile(r"\bbeing an? (?P<new>[a-z][\w -]*?) (?:is|was)\b.*\bthan being an? "
                           r"(?P<old>[a-z][\w -]*?) (?:was|is|did)\b", re.I)
_PAYS_BETTER = re.compile(rf"{_NAME} (?i:pays(?: me)?(?: way| much| so| a lot)? (?:better|more) than) {_NAME} "
                          r"(?i:did|does|paid)\b")

# -- a child's school ------------------------------------------------------------------------------------------
_KIN_SCHOOL = re.compile(rf"\b(?i:my (daughter|son|kid|child|stepson|stepdaughter)'s (?:new )?"
                         rf"(?:school|nursery|college) is (?:now )?(?:at )?){_NAME}")

# a name that is a pronoun or a word capitalised at a sentence start, never a value
_NOT_NAME = frozenset({"i", "i'm", "we", "my", "our", "the", "it", "he", "she", "they", "and", "but", "so", "now",
                       "new", "me", "lol", "omg", "update", "after", "since", "things", "ngl", "tbh", "just"})


def _name(found: str) -> str | None:
    words = found.strip().split()
    while words and words[-1].lower() in ("and", "of", "de", "la", "&", "i", "i'm", "i've", "i'd"):
        words.pop()
    while words and words[0].lower() in _NOT_NAME:  # "Ngl Spotify", "Lol Lisbon": a capitalised chat word
        words.pop(0)
    name = " ".join(words)
    return None if not name or name.lower() in _NOT_NAME or words[0].lower() in _NOT_NAME else name


def line_of(sent: Any) -> str:
    """The sentence's text, with the next one when the parser split a clause before a lower-case word such as "and"
    ("dumped Olivia, Ava" | "and I are together") or after a label ("new phone!" | "a Pixel 8", "got a new laptop!!"
    | "thinkpad x1"): the change lines below are read across that cut."""
    doc = sent.doc
    label = len(sent) <= 7 and "new" in [t.lower_ for t in sent[:4]] and set(sent[-1].text) <= {"!", ":"}
    # (or where the parser cut a line with no stop before a lower-case word: "... from discord" | "she's from leeds")
    cut = sent.end < len(doc) and sent[-1].is_alpha and doc[sent.end].text[:1].islower()
    if sent.end < len(doc) and (doc[sent.end].text in ("and", "but") or label or cut):
        return str(doc[sent.start: doc[sent.end].sent.end].text)
    return str(sent.text)


_TAKER = re.compile(r"(?:^|\b)([A-Za-z]+)\s+(?:(?:finally|just|officially|also|actually)\s+)*$")


def _taker(before: str) -> str:
    """Who took the offer: the word before "accepted" ("Rohit finally accepted the Microsoft offer" is Rohit's
    job, not the speaker's); the speaker when chat left the subject out."""
    m = _TAKER.search(before)
    word = m.group(1) if m is not None else ""
    lead = before[:m.start(1)].rstrip() if m is not None else ""
    mid = bool(lead) and not lead.endswith((".", "!", "?"))  # "praise the lord, Dale got on at John Deere"
    if word.lower() in ("he", "she", "they") or (word[:1].isupper() and word.lower() not in ("i", "we") and (
            word in GIVEN_NAMES or mid or not is_english_word(word.lower()))):
        return word  # (a pronoun the clause reader resolves)
    return "I"


def restated(text: str) -> list[str]:
    """The plain clauses a change line means, for the slot rules to read (none when it is no change)."""
    taken = [f"{_taker(text[:m.start()])} got a job at {n[:1].upper()}{n[1:]}" for m in _ACCEPTED.finditer(text)
             if (n := m.group(1) or m.group(2)) and n.lower() not in _NOT_NAME and not is_common_word(n.lower())]
    taken += given_up(text) + declared_over(text) + taken_up(text) + medication_changes(text) + condition_gone(text)
    taken += school_done(text) + work_done_for(text) + name_said(text)  # (each of these
    # reads its own hedges: "no more red meat for me", "the fiat's gone to a new home"; "going to ..." is no plan)
    taken += work_in_passing(text) + last_shift(text) + back_home(text) + fragment_clauses(text) + life_news(text)
    if _NOT_DONE.search(text):
        return taken + chat_restated(text, done=False)  # "not feeling country lately"
    said = taken
    said += [f"I live in {n} now" for p in (_NEW_HOME, _KEYS) for m in p.finditer(text) if (n := _name(m.group(1)))]
    said += [f"I live in {n}" for pattern in (_NEW_CITY, _LOCAL, _HOME_IS) for m in pattern.finditer(text)
             for g in m.groups() if g and (n := _name(g))]
    if _MOVED_CUE.search(text):  # "new city new me lol, Lisbon since the start of the month"
        said += [f"I live in {n} now" for pattern in (_PLACE_SINCE, _PLACE_NOW, _FINALLY_IN)
                 for m in pattern.finditer(text) if (n := _name(m.group(1)))]
    said += [f"I live in {n} now" for m in _MADE_THE_MOVE.finditer(text) for g in m.groups() if g and (n := _name(g))]
    said += [f"I {'left' if 'leaving' in m.group(0).lower() else 'moved out of'} {n}" for m in _LEFT.finditer(text)
             for g in m.groups() if g and (n := _name(g))]  # "moving out of Toronto was the best decision"
    said += [f"I work at {n} now" for m in _NEW_JOB.finditer(text) for g in m.groups() if g and (n := _name(g))]
    theirs = _SOMEONE_ELSES_DAY.search(text) and not _MY_FIRST.search(text)
    if (_DONE.search(text) or not _AHEAD.search(text)) and not theirs:  # "first day at Sainsbury's was yesterday",
        # "first week at Deloitte, the commute is brutal" (not "first day at Paystack is monday")
        said += [f"I started at {n}" for m in _FIRST_DAY.finditer(text) if (n := _name(m.group(1)))]
        said += [f"I started at {' '.join(w[:1].upper() + w[1:] for w in m.group(1).split())}"
                 for m in _FIRST_DAY_LOWER.finditer(text)
                 if not is_english_word(m.group(1)) and m.group(1) not in _NOT_NAME]  # not "at work", "at school"
        said += [f"I started at the new {m.group(1)} in {m.group(2)}" for m in _FIRST_NEW.finditer(text)]
        said += [f"I started at {m.group(1)[:1].upper()}{m.group(1)[1:]}" for m in _FIRST_SITE.finditer(text)
                 if not is_common_word(m.group(1).lower())]  # not "in the main office", "at the new site"
    said += [f"I study at {n}" for m in _YEAR_AT.finditer(text) if (n := _name(m.group(1)))]
    said += [f"I study at {n}" for m in _FIRST_CLASS.finditer(text) if (n := _name(m.group(1)))]
    said += [f"{_taker(text[:m.start()])} got a job at {n}" for m in _GOT_ON.finditer(text) if (n := _name(m.group(1)))]
    said += [f"I live in {m.group(1).title()} now" for m in _FIRST_IN_TOWN.finditer(text) if is_place_name(m.group(1))]
    said += [f"I work at {n} now" for m in _EMPLOYEE.finditer(text)
             if (n := _name(m.group(1))) and _I_AM.match(text[:m.start(1)].strip() or "a")]
    age = _BARE_AGE.match(text)
    if age is not None and _AGE_CUE.search(text) and 0 < int(age.group(1)) < 120:
        said.append(f"I'm {int(age.group(1))} now")  # "32 as of last tuesday ugh i feel old", "age update: 41"
    label = _LABELLED.match(text)
    if label is not None and not _CLAUSE_START.match(label.group("rest")) and not label.group("rest").isdigit() \
            and not re.search(r"\b(?:i|we|he|she|they|me|us)\b", label.group("rest"), re.I):  # ("big update: dev and
        # i moved in together" is a clause, not a status)
        said.append(f"I'm {label.group('rest').strip()} now")  # "relationship status changed: married"
    said += [f"I'm {new} now" if new in REL_STATUS or new in DIETS else f"I'm a {agent_of(new) or new} now"  # (only
             for m in _WENT_FROM.finditer(text) if (new := m.group("new").lower())  # if a slot places it; "teaching":
             and (not new.endswith("ing") or agent_of(new))]  # a teacher, "running" no one)
    said += [_SAID_FOR_LABEL.get(what, f"my {what} is {{}} now").format(
        f"{'an' if v[:1].lower() in 'aeiou' else 'a'} {v}" if what in _WITH_ARTICLE else v)
             for m in _NEW_LABEL.finditer(text)
             if (what := (m.group("what") or m.group("updated")).lower()) and (v := m.group("value"))]
    said += [f"my favourite food is {x}{' now' if _NOW.search(text) else ''}" for m in _BEST_FOOD.finditer(text)
             if (x := (m.group("x") or m.group("y") or "").strip().lower()) in DISHES]
    said += [f"I drink {m.group('x')}{' now' if _NOW.search(text) else ''}" for m in _DRINKER.finditer(text)
             if object_kind(m.group("x").lower()) in ("hot drink", "soft drink", "alcohol", "drink")]  # a drink
    said += [f"I'm a {m.group('np').strip()} now" for m in _SAID_FRAGMENT.finditer(text)
             if not _CLAUSE_START.match(m.group("np"))]  # "career change done ✅ officially a personal trainer now"
    for pattern in (_BREAKUP_NOUN, _THINGS_ENDED, _COUPLE_ENDED, _IS_EX):
        for m in pattern.finditer(text):
            said += [f"I broke up with {n}" for g in m.groups() if g and (n := _name(g))]
    said += [f"I broke up with {n}" for m in _DUMPED.finditer(text) if (n := _name(m.group(1))) and
             n.lower() in GIVEN_NAMES]
    said += [f"I broke up with {n if n.startswith('my ') else n[:1].upper() + n[1:]}" for m in _DUMPED_ME.finditer(
        text) if (n := m.group(1)) and (n.startswith("my ") or n.lower() in GIVEN_NAMES or not is_english_word(
            n.lower()))]
    said += [f"I'm dating {n} now" for pattern in (_TOGETHER, _MET_TOGETHER) for m in pattern.finditer(text)
             if (n := _name(m.group(1)))]  # "Robin and i made it official", "met Taylor and we've been together"
    if _SWITCHED.search(text):  # "being a real estate agent is way less stressful than being a bartender was"
        said += [f"I'm a {m.group('new')} now" for m in _BEING_BETTER.finditer(text)]
        said += [f"I work at {n} now" for m in _PAYS_BETTER.finditer(text) if (n := _name(m.group(1)))]
    said += [f"my {m.group(1)} goes to {n} now" for m in _KIN_SCHOOL.finditer(text) if (n := _name(m.group(2)))]
    said += [f"I'm dating {n} now" for pattern in (_ME_AND, _GOT_TOGETHER, _NEW_PARTNER)
             for m in pattern.finditer(text) if (n := _name(m.group(1)))]  # "me and Sam are official!"
    said += [f"I'm dating {n[:1].upper()}{n[1:]} now" for m in _COURTING.finditer(text)
             if not is_english_word((n := m.group(1)).lower())]
    said += [f"I got hired by {n}" for m in _HIRED_ME.finditer(text) if (n := _name(m.group(1)))]
    said += [f"I'm a {m.group('what')}" for m in _AS_A.finditer(text)]  # kept only if a slot rule places it
    said += [f"I switched to {m.group('new')}" for m in _SWITCHED_KIND.finditer(text)]
    said += [f"I live in {n} now" for m in _BASED.finditer(text) if (n := _name(m.group(1)))]
    said += ["I'm married now"] if _WED.search(text) else []
    said += ["I retired"] if _RETIRED.search(text) else []
    said += ["I'm divorced now"] if _DIVORCE_FINAL.search(text) else []
    said += [f"I switched to {n}" for m in _MIGRATED.finditer(text) if (n := _name(m.group(1)))]
    said += [f"our database is {n} now" for m in _SHOP.finditer(text) for g in m.groups()
             if g and (n := _name(g)) and tech_kind(n.lower()) == "database"]
    said += [f"I use {n}{' now' if _NOW.search(text) else ''}" for m in _CODE_IN.finditer(text)
             for g in m.groups() if g and (n := _name(g)) and tech_kind(n.lower()) == "editor"]
    if _DONE_WORD.search(text):
        said += [f"we moved from {o} to {n}" for m in _MIGRATION_DONE.finditer(text)
                 if (o := _name(m.group(1))) and (n := _name(m.group(2)))]
    said += [f"I moved to {n}" for m in _MOVE_MADE.finditer(text) if (n := _name(m.group(1)))]
    said += [f"I moved to {n}" for m in _FOR_GOOD.finditer(text) if (n := _name(m.group(1)))]
    said += [f"we don't use {x} anymore" for pattern in (_GONE, _DROPPED) for m in pattern.finditer(text)
             if tech_kind((x := m.group("x").rstrip(".")).lower()) or x.lower() in TECH]  # ("node.js", not
    # "Postgres."; "flask is gone": a framework or language as well)
    said += [f"I love {m.group('x')}" for m in _NOTHING_BEATS.finditer(text)]  # kept only if a slot places it
    said += [_SAID_BY_KIND[kind].format(m.group("x")) for m in _FOR_ME_NOW.finditer(text)
             if (m.group("now") or re.match(r"\W*(?:these days|nowadays|now|lately)", text[m.start():], re.I))
             and (kind := object_kind(m.group("x")) or "") in _SAID_BY_KIND]
    if _AGE_CUE.search(text):
        said += [f"I'm {int(m.group(1))} now" for m in _AGE_NOW.finditer(text) if 12 < int(m.group(1)) < 120]
    for pattern in (_AGE_EVENT, _AGE_AS):
        said += [f"I'm {int(age)} now" for m in pattern.finditer(text) for age in m.groups() if age
                 and 12 < int(age) < 120]
    return said + chat_restated(text)  # "being a nurse pays the bills", "jumped ship from X to Y", ...


def labelled(text: str, placed: set[str], said: str | None = None) -> list[str]:
    """What the turn says as a label, read across its sentences, for slots ``placed`` does not hold yet: a
    favourite (``labelled_favourite``), a label asked and answered ("my job? nurse."), a dog named where only a
    dog would be ("vet appt for Rufus tmrw 🐶")."""
    done = not _NOT_DONE.search(text)
    favourite = [] if not done or any("|favourite|" in slot for slot in placed) else labelled_favourite(text)
    # (asked_labels looks at the asked label only: "my job? nurse. not glamorous"; ``said``: as typed, emoji and all)
    asked = list(dict.fromkeys(asked_labels(text) + asked_labels(said or text)))  # ("34yo here": "I'm 34yo.")
    return favourite + asked + dog_or_cat_named(said or text) + across_the_turn(said or text)


def labelled_favourite(text: str) -> list[str]:
    """A favourite said as a label across the turn's sentences ("new favourite food: tacos", "my fave food?
    pizza") or said to have changed ("favourite food changed to curry"): the plain clause it means."""
    return [f"my favourite {m.group('what')} is {m.group('value')}{' now' if m.group('new') else ''}"
            for m in _FAVE_LABEL.finditer(text) if not _CLAUSE_START.match(m.group("value"))] + [
        f"my favourite {m.group('what')} is {m.group('value')} now" for m in _FAVE_CHANGED.finditer(text)
        if not _CLAUSE_START.match(m.group("value"))]  # "favourite food changed to curry"


def merged(restatement: list[Any], found: list[Any]) -> list[Any]:
    """``found`` with the restated facts ``kept`` adds; the parse's short or copular unplaced reading of the same
    thing gives way ("Lowkey abandoned japanese", "User is off the sertraline now"); a longer one may say more."""
    extra = kept(restatement, found)
    said = {f.object_key for f in extra if f.object_key}
    return [f for f in found if f.slot or f.object_key not in said or (len(f.text.split()) > 5 and not any(
        t.relation == "is" for t in f.triples[-1:]))] + extra


def kept(restatement: list[Any], found: list[Any]) -> list[Any]:
    """The restated facts a slot rule placed that the sentence's own reading did not already say."""
    known = {(f.slot, f.object_key) for f in found}
    placed = {f.slot for f in found if f.slot and not f.negated}  # ("went from married to divorced": read already)
    return [f for f in restatement if (f.slot or f.negated) and (f.slot, f.object_key) not in known
            and f.slot not in placed]


def status_participle(pred: Any) -> bool:
    """"i'm officially engaged", "I'm married now", "we got engaged last night": a relationship status the parser
    read as a passive verb with no object (it reads "i'm engaged" as an adjective), so the status word is the
    object of "be"; said in the present, or as the event that makes it so ("got married in june"), never as a
    past state ("I was engaged once")."""
    target = pred.target
    present = any(c.dep_ == "auxpass" and (c.tag_ in ("VBP", "VBZ") or c.lemma_.lower() == "get")
                  for c in target.children) or (  # "I've been married for 3 years"
        any(c.dep_ == "auxpass" and c.lower_ == "been" for c in target.children)
        and any(c.dep_ == "aux" and c.lemma_.lower() == "have" and c.tag_ in ("VBP", "VBZ") for c in target.children))
    spans = ("for", "since")  # "for 3 years" says how long, it is no object

    def when(tok: Any) -> bool:  # "last night", "in june": when it happened, no object
        return tok.ent_type_ in ("DATE", "TIME") or (tok.dep_ == "prep" and any(
            g.ent_type_ in ("DATE", "TIME") for g in tok.children))

    objects = [o for o in pred.objects if not ((o.dep_ == "pobj" and o.head.lower_ in spans) or when(o))]
    return bool(target.tag_ == "VBN" and target.lower_ in REL_STATUS and not objects and present and not any(
        c.dep_ in ("agent", "dobj") or (c.dep_ == "prep" and c.lower_ not in spans and not when(c))
        for c in target.children))
