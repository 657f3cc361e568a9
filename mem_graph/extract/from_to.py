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
no fact of the sentence already states the new tool in a tool slot; nor one ahead, wished or going on ("we're
migrating to Postgres next month", "might switch to Zed"). "my brother switched from vim to emacs" and
"we moved to Leeds" read nothing here.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from mem_graph.extract.lexicon import tech_kind
from mem_graph.types import Fact, normalise_entity

_SWITCH = re.compile(r"\b(?:(?:switch(?:ed|es|ing)?|migrat(?:e|ed|es|ing)|mov(?:e|ed|es|ing)|chang(?:e|ed|es|ing)"
                     r"|transfer(?:red|s|ring)?|port(?:ed|ing)?)(?: over)?"
                     r"|(?:made|make|making|did) the (?:jump|switch|move|leap|change))\b"
                     r"(?P<mid>(?: [\w'-]+){0,4}?)(?: from (?P<old>[\w.+# -]{1,40}?))? to (?P<new>[\w.+# -]+)")
_OWN = r"(?:i|we|i've|we've|i'm|we're|the team|(?:our|my) " \
       r"(?:team|company|startup|app|stack|project|service|backend|org))"
_HOW = r"(?:just|finally|have|had|'ve|already|recently|officially|finished|completely|fully|totally|are|were|'re" \
       r"|am|'m|been|all|actually|basically|also|so|ngl|honestly|tbh|lol|ok|well|yeah|anyway|and|oh)"
_SPEAKER = re.compile(rf"^\s*(?:{_HOW}\s+)*(?:{_OWN}\s+)?(?:{_HOW}\s+)*$")
# a switch ahead, wished or in progress is no switch made ("we're migrating to Postgres next month")
_NOT_DONE = re.compile(r"\b(?:next|soon|tomorrow|will|'ll|gonna|going to|plan\w*|might|may|should|would|could"
                       r"|want\w*|hop\w+|think\w*|consider\w*|someday|eventually|if|maybe|probably"
                       r"|(?:are|'re|am|'m|is) \w+ing)\b")
_LEAD = re.compile(r"^(?:the|a|an|my|our)\s+")
_TOOL_SLOTS = frozenset({"tools", "database", "role"})


def _tool(words: str) -> str | None:
    """The longest tool name (up to three words) the words start with ("VS Code over the holidays" -> "VS Code")."""
    parts = _LEAD.sub("", words.strip()).split()
    for n in (3, 2, 1):
        name = " ".join(parts[:n]).strip(".,!?")
        if len(parts) >= n and tech_kind(name) is not None:
            return name
    return None


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
    for clause in re.split(r"[,;]|\. ", sentence):
        m = _SWITCH.search(clause)
        if m is None or not _SPEAKER.search(clause[:m.start()].lower()) or _NOT_DONE.search(clause.lower()):
            continue
        new = _tool(m.group("new"))
        old = _tool(m.group("old")) if m.group("old") else None
        if new is None and old is not None:  # "from figma to penpot": a name the lexicon lacks, in a tool's place
            new = _unknown_name(m.group("new"))
        if new is None or (old is not None and tech_kind(old) != tech_kind(new)):
            continue
        key = normalise_entity(new)
        said = f"I switched to {new}" + (f" from {old}" if old else "")
        switched = [f for f in read(said) if f.object_key == key and _slot_name(f) in _TOOL_SLOTS]
        if any((f.object_key or "").startswith(key) and _slot_name(f) in _TOOL_SLOTS and not f.negated and (
                f.subject_key == s.subject_key or _slot_name(f) == "database") for f in found for s in switched):
            return found  # read already ("IntelliJ IDEA"; "our API now runs on Cassandra"), not as "my setup's" tool
        if switched:
            return [f for f in found if f.object_key != key] + switched
    return found
