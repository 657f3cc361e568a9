"""User trial chats replayed and scored: ``python -m pipelines.trial_chats --set <set>`` (pipelines/trials/).

Usage::

    python -m pipelines.trial_chats [--set dev|dev2|...|dev9|heldout|heldout2|heldout3] [--dir DIR]
        [--json out.json] [--compare earlier.json] [--why]

Each file under ``pipelines/trials/<set>/`` is one conversation (format: pipelines/trials/README.md), replayed
on the embedded default in a fresh data directory, a week between blocks. A question passes when its top-1
answer holds one of the wanted substrings and none of the stale ones. A miss is also sorted by where the right
memory is (ranks 2-5, a fact outside the top 5, only a long turn kept as said, nothing stored), which says
whether ranking or extraction lost it; ``--why`` counts what the rank 2-5 misses are (whether the right memory
holds the asked attribute, is a slotted fact or a turn kept as said, is newer than the top: no text).
``--set heldout``, ``heldout2`` and ``heldout3`` print counts and ids only: those sets are never read.
"""

from __future__ import annotations

import argparse
import datetime
import json
import tempfile
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

TRIALS_DIR = Path(__file__).parent / "trials"
_WEEK, _TURN = datetime.timedelta(days=7), datetime.timedelta(minutes=5)


@dataclass
class Outcome:
    """One question: its id (file:line), whether its top-1 passed, where the right memory was, and the top."""

    qid: str
    passed: bool
    kind: str
    top: str
    why: tuple[str, ...] = ()  # for a rank 2-5 miss: what the right memory and the top are (``--why``)


def _expectation(line: str) -> tuple[list[str], list[str]]:
    want, _, avoid = line.removeprefix("= ").partition(" ! ")
    return ([w.strip().lower() for w in want.split("|") if w.strip()],
            [a.strip().lower() for a in avoid.split("|") if a.strip()])


def replay(path: Path) -> list[Outcome]:
    """Replay one conversation in a fresh Memory and score its questions."""
    from mem_graph import Memory

    lines = path.read_text(encoding="utf-8").splitlines()
    out: list[Outcome] = []
    t = datetime.datetime(2026, 1, 5, 10, 0, tzinfo=datetime.UTC)
    with tempfile.TemporaryDirectory() as tmp, Memory(path=tmp) as memory:
        for n, line in enumerate(lines, 1):
            if not line.strip() or line.startswith("= "):
                continue
            if line.strip() == "--":
                t += _WEEK
                continue
            if not line.startswith("? "):
                t += _TURN
                memory.add([{"role": "user", "content": line, "timestamp": t.isoformat()}], user_id="trial")
                continue
            want, avoid = _expectation(lines[n] if n < len(lines) else "")

            def right(text: str, want: list[str] = want, avoid: list[str] = avoid) -> bool:
                low = text.lower()
                return any(w in low for w in want) and not any(a in low for a in avoid)

            hits = memory.search(line[2:], user_id="trial", limit=5, explain=True)["results"]
            tops = [h["memory"] for h in hits]
            why: tuple[str, ...] = ()
            if tops and right(tops[0]):
                kind = "right"
            elif any(right(x) for x in tops[1:]):
                kind = "miss: right memory at rank 2-5"
                why = _why(memory, line[2:], hits, next(h for h in hits[1:] if right(h["memory"])))
            else:
                held = [m["memory"] for m in memory.get_all(user_id="trial")["results"] if right(m["memory"])]
                said_only = all(len(m) > 60 and m[:1].islower() for m in held)
                kind = ("miss: nothing stored holds it" if not held else "miss: only a long turn kept as said holds it"
                        if said_only else "miss: a fact holds it, not in top 5")
            out.append(Outcome(f"{path.name}:{n}", kind == "right", kind, tops[0] if tops else "", why))
    return out


def _why(memory: Any, question: str, hits: list[dict[str, Any]], right: dict[str, Any]) -> tuple[str, ...]:
    """Counts-only features of a rank 2-5 miss (safe to print for a never-read set: no text)."""
    asked = memory.searcher.reader.read(question, memory.searcher.embedder.embed_query(question))
    top = hits[0]
    said_as = ("a fact in a slot" if right.get("slot") else "a turn kept as said"
               if str(right["source"].get("rule", "")).startswith("verbatim") else "a fact without a slot")
    return (f"right memory holds the asked attribute: {right['explain']['answer'] > 0}",
            f"right memory is {said_as}", f"right memory newer than the top: {right['created_at'] > top['created_at']}",
            f"top holds the asked attribute: {top['explain']['answer'] > 0}",
            f"asked of: {'someone named' if asked.whose == 'named' else 'the user'}",
            f"asked attribute: {', '.join(sorted(asked.slots)) or 'none read'}",
            f"later-word steps: {_later_word_gate(memory, question, asked, hits, right)}")


def _later_word_gate(memory: Any, question: str, asked: Any, hits: list[dict[str, Any]],
                     right: dict[str, Any]) -> str:
    """Which gate of retrieve/newer.py kept the right memory (newer than the top) from the first place."""
    from mem_graph.retrieve import newer
    from mem_graph.retrieve.asked import normalise

    if right["created_at"] <= hits[0]["created_at"]:
        return "n/a (right memory older)"
    if not asked.slots & newer._CHANGING:
        return "blocked: no changing single-valued attribute read"
    if newer._PAST_ASKED.search(normalise(question)):
        return "blocked: question read as of the past"
    if any(h["explain"]["answer"] > 0 for h in hits):
        return "blocked: a top-5 memory holds the attribute"
    record = memory.vectors.get([right["id"]])[0]
    if not newer._said_as_held(record):
        text = record.text.casefold()
        words = sorted(set(newer._WORD.findall(text)) & newer._NOT_HELD)
        why = ("negated" if record.polarity <= 0 else "rule mark" if newer._NOT_NOW_RULE.search(
            str(record.source.get("rule", ""))) else f"word {words[0]!r}" if words else "question"
            if text.rstrip().endswith("?") else "ahead cue")
        return f"blocked: right memory not said as held ({why})"
    if not newer._names_value(record, asked.slots & newer._CHANGING):
        return "right memory names no known value (newest-value step skips it)"
    return "open (a candidate below the top 5 holds it, or a newer namer)"


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(prog="python -m pipelines.trial_chats", description=__doc__.split("\n\n")[0])
    p.add_argument("--set", dest="which", default="dev", choices=[
        "dev", "dev2", "dev3", "dev4", "dev5", "dev6", "dev7", "dev8", "dev9", "heldout", "heldout2", "heldout3"])
    p.add_argument("--dir", type=Path, help="A folder of trial files instead of pipelines/trials/<set>/.")
    p.add_argument("--json", dest="json_out", type=Path, help="Write {question id: passed} here.")
    p.add_argument("--compare", type=Path, help="An earlier --json: count (dev: list) questions fixed and broken.")
    p.add_argument("--why", action="store_true", help="Count what the rank 2-5 misses are (no text: any set).")
    args = p.parse_args(argv)
    from mem_graph.logging_setup import quiet_libraries

    quiet_libraries()
    folder = args.dir or TRIALS_DIR / args.which
    outcomes = [o for path in sorted(folder.glob("*.txt")) for o in replay(path)]
    passed = {o.qid: o.passed for o in outcomes}
    print(f"{args.which}: top-1 right {sum(passed.values())}/{len(passed)} ({len(list(folder.glob('*.txt')))} chats)")
    for kind, count in sorted(Counter(o.kind for o in outcomes if not o.passed).items()):
        print(f"  {count:3d} {kind}")
    if args.why:
        for feature, count in sorted(Counter(f for o in outcomes for f in o.why).items()):
            print(f"  {count:3d} rank 2-5: {feature}")
    show = args.which.startswith("dev") or args.dir is not None
    if show:
        for o in outcomes:
            if not o.passed:
                print(f"  miss {o.qid} -> {o.top[:100]!r}")
    if args.compare is not None:
        before = json.loads(args.compare.read_text())
        fixed = [q for q, ok in passed.items() if ok and before.get(q) is False]
        broken = [q for q, ok in passed.items() if not ok and before.get(q)]
        print(f"since {args.compare}: {len(fixed)} fixed, {len(broken)} broken")
        print(f"  fixed {fixed}\n  broken {broken}")  # ids only: which question, not what it says
    if args.json_out is not None:
        args.json_out.write_text(json.dumps(passed, indent=1))


if __name__ == "__main__":
    main()
