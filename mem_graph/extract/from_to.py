"""A tool switch said "from X to Y" that the parse did not read: the speaker now uses Y, in X's place.

"we migrated from MongoDB to Postgres", "our team switched from Postgres to CockroachDB", "moved my whole setup
from Sublime Text to VS Code", "we finished migrating from MongoDB to Postgres last sprint", "moved our db to
PostgreSQL in q2", "finally made the jump to Cursor, goodbye PyCharm": the small parser hangs "to Postgres"
under "MongoDB", tags "CockroachDB" as a number or punctuation, or reads "my whole setup ... VS Code" as where
the setup lives, so the clause yields no tool or the wrong one. Said the plain way ("I switched to Postgres from
MongoDB") the clause reader gets it right, so this module finds the switch in the words and has that plain
clause read.

Only when all of these hold: a verb of switching or moving (switch, migrate, move, change, transfer, port,
"made the jump/switch/move to") is followed, within a few words, by "to" and a name the tool lexicon knows (a
database, an editor...), or a name no English word list has in the place of a known one ("from figma to penpot");
the old name after "from", if the lexicon knows it, is of the same kind; the one who
switched is the speaker or the speaker's group ("I", "we", "our team", "my company", or no subject written); and
no fact of the sentence already states the new tool in a tool slot; nor one ahead or wished ("we're migrating
to Postgres next month", "might switch to Zed"). One under way ("we're switching from Django to FastAPI") is read
as "I'm switching to FastAPI from Django", as the clause reader reads that: FastAPI is what is used now.
"my brother switched from vim to emacs" and "we moved to Leeds" read nothing here.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from mem_graph.extract.lexicon import TECH, tech_kind
from mem_graph.types import Fact, normalise_entity

_SWITCH = re.compile(r"\b(?:(?:switch(?:ed|es|ing)?|migrat(?:e|ed|es|ing)|mov(?:e|ed|es|ing)|chang(?:e|ed|es|ing)"
                     r"|transfer(?:red|s|ring)?|port(?:ed|ing)?)(?: over)?"
                     r"|(?:made|make|making|did) the (?:jump|switch|move|leap|change))\b"
                     r"(?P<mid>(?: [\w'-]+){0,4}?)(?: from (?P<old>[\w.+# -]{1,40}?))? (?:on)?to (?P<new>[\w.+# -]+)")
# "we rewrote the mobile app in React Native", "ported the java stuff to kotlin": the thing now built in Y
_REWROTE = re.compile(r"\b(?:re-?wr(?:ote|itten|ite|ites|iting)|rebuil(?:t|d|ds|ding)|re-?did|redone|redo"
                      r"|re-?implement(?:ed|ing)?|port(?:ed|ing)?|convert(?:ed|ing)?)"
                      r"(?P<mid>(?: [\w'-]+){1,5}?) (?:in|into|to|over to|with|using) (?P<new>[\w.+# -]+)")
# "we're on linear instead of notion", "using Linear instead of Jira now": Y said in X's place
_INSTEAD = re.compile(r"\b(?:on|use|using|uses|used|with) (?P<new>[\w.+# -]{1,30}?) (?:instead of|rather than"
                      r"|in place of) (?P<old>[\w.+# -]{1,30})")
# "we ditched Go for Rust", "swapped Trello for Notion": the new one said after "for"
_SWAP = re.compile(r"\b(?:ditch(?:ed|ing)?|dropp(?:ed|ing)|swapp?(?:ed|ing)?|trad(?:ed|ing)|binn(?:ed|ing)|"
                   r"replac(?:ed|ing)) (?:the |our |my )?(?P<old>[\w.+# -]{1,30}?) (?:for|with) (?P<new>[\w.+# -]+)")
_THING_WORDS = re.compile(r"\b(?:the|our|my|whole|entire|old|it|all|of|over|finally|just|the last \w+ \w+)\b",
                          re.I)
_OWN = r"(?:i|we|i've|we've|i'm|we're|work|(?:the|our|my) " \
       r"(?:team|company|startup|app|stack|project|service|backend|org|firm|business|office|employer|work))"
_HOW = r"(?:just|finally|have|had|'ve|already|recently|officially|finished|completely|fully|totally|are|were|'re" \
       r"|am|'m|been|all|actually|basically|also|so|ngl|honestly|tbh|lol|ok|well|yeah|anyway|and|oh)"
_SPEAKER = re.compile(rf"^\s*(?:{_HOW}\s+)*(?:{_OWN}\s+)?(?:{_HOW}\s+)*$")
# a switch ahead or wished is no switch made ("we're migrating to Postgres next month"); one under way is read as
# the clause reader reads "I'm switching to Y from X" (Y is what is used now)
_NOT_DONE = re.compile(r"\b(?:next|soon|tomorrow|will|'ll|gonna|going to|plan\w*|might|may|should|would|could"
                       r"|want\w*|hop\w+|think\w*|consider\w*|someday|eventually|if|maybe|probably)\b")
_UNDER_WAY = re.compile(r"\b(?:are|'re|am|'m|is|im) (?:\w+ )?\w+ing\b")
_LEAD = re.compile(r"^(?:the|a|an|my|our)\s+")
_TOOL_SLOTS = frozenset({"tools", "database", "role"})


# tools of one job that the kind lexicon leaves out: languages, mobile toolkits ("rewrote it in Kotlin")
_MORE_TOOLS = frozenset(TECH) | frozenset({"flutter", "react native", "swift", "dart", "xamarin", "ionic", "ruby",
                                            "c++", "javascript", "node", "nodejs", "elixir", "rust", "go"})


def _known(name: str) -> bool:
    """A tool name either lexicon knows; "Go" only capitalised (the verb is far more common)."""
    if name.lower() == "go":
        return name == "Go"
    return tech_kind(name) is not None or name.lower() in _MORE_TOOLS


def _tool(words: str) -> str | None:
    """The longest tool name (up to three words) the words start with ("VS Code over the holidays" -> "VS Code")."""
    parts = _LEAD.sub("", words.strip()).split()
    for n in (3, 2, 1):
        name = " ".join(parts[:n]).strip(".,!?")
        if len(parts) >= n and _known(name):
            return name
    return None


def _named_in(words: str) -> str | None:
    """A tool named inside a thing's name: "the java stuff", "our old django app" -> "java", "django"."""
    parts = words.split()
    return next((w for i in range(len(parts)) if (w := _tool(" ".join(parts[i:i + 3]))) is not None), None)


def _unknown_name(words: str) -> str | None:
    """The one word a switch names after "to" when it is no word of English ("penpot"), or None."""
    from mem_graph.extract.wordlist import is_english_word

    parts = _LEAD.sub("", words.strip()).split()
    name = parts[0].strip(".,!?") if parts else ""
    return name if name.isalnum() and not is_english_word(name.lower()) else None


def _slot_name(fact: Fact) -> str:
    parts = (fact.slot or "").split("|")
    return parts[1] if len(parts) > 1 else ""


def switched_tool(sentence: str, found: list[Fact], read: Callable[[str], list[Fact]]) -> list[Fact]:
    """``found`` with the switch read as "I switched to Y from X" where the sentence says it in a way the clause
    reader missed (a fact that put Y in another slot is dropped); ``found`` itself when no rule fires."""
    for clause in re.split(r"[,;:]|\. ", sentence):
        m = _SWITCH.search(clause) or _REWROTE.search(clause) or _INSTEAD.search(clause) or _SWAP.search(clause)
        if m is None or not _SPEAKER.search(clause[:m.start()].lower()) or _NOT_DONE.search(clause.lower()):
            continue
        new = _tool(m.group("new"))
        if new is None and m.re is _REWROTE and m.group("new").split()[0].lower() == "go":
            new = "Go"  # "rewrote the backend in go": a language, whatever its case
        said_old = m.groupdict().get("old") or (m.group("mid") if m.re is _REWROTE else None)
        old = (_tool(said_old) if m.re is not _REWROTE else _named_in(said_old)) if said_old else None
        if new is None and old is not None:  # "from figma to penpot": a name the lexicon lacks, in a tool's place
            new = _unknown_name(m.group("new"))
        if new is None or (old is not None and m.re is not _INSTEAD and None not in (
                tech_kind(old), tech_kind(new)) and tech_kind(old) != tech_kind(new)):
            continue  # ("instead of" says the one took the other's place, whatever their kinds)
        if m.re is _SWAP and old is None:
            continue  # ("dropped the kids for a sleepover": no tool ended)
        said_new, new = new, "Golang" if new == "Go" else new  # (the parser reads "to Go" as the verb)
        key = normalise_entity(new)
        switch = "I'm switching" if _UNDER_WAY.search(clause.lower()) else "I switched"
        said = f"{switch} to {new}" + (f" from {old}" if old else "")
        switched = [f for f in read(said) if f.object_key == key and _slot_name(f) in _TOOL_SLOTS]
        if any((f.object_key or "").startswith(key) and _slot_name(f) in _TOOL_SLOTS and not f.negated and (
                f.subject_key == s.subject_key or _slot_name(f) == "database" or tech_kind(new) is None)
               for f in found for s in switched):  # (a language read already, whoever's: the clause reader's)
            return found  # read already ("IntelliJ IDEA"; "our API now runs on Cassandra"), not as "my setup's" tool
        rewrote = m.re is _REWROTE or re.match(r"port|convert", m.group(0)) is not None
        thing = _THING_WORDS.sub("", m.group("mid") or "").strip() if rewrote and old is None else ""
        for f in switched:  # "we rewrote the backend in Go": what was rewritten stays in the fact
            verb = re.search(r" (?:now uses|switched to) ", f.text)
            if thing and verb is not None:
                f.text = f"{f.text[:verb.start()]}'s {thing} is now written in {f.text[verb.end():]}"
            f.text = f.text.replace(new, said_new)  # (the name as the user wrote it: "Go")
        if switched:
            return [f for f in found if f.object_key != key] + switched
    return found
