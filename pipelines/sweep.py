"""Change sweeps: one statement, then a later turn that changes it (or must not), judged automatically.

Usage::

    python -m pipelines.sweep [pipelines/sweeps/s31.txt ...] [--verbose] [--json out.json]

Each line of a sweep file is ``setup || change || old || new`` (``#`` starts a comment). The setup and the
change are added a week apart in a scope of their own (one fresh embedded Memory for the run). A line passes
when every memory the setup stored that holds ``old`` is no longer active after the change (or, with ``+old``,
is still active: a change that must not end it), and some active memory holds ``new``. ``old`` and ``new`` may
list alternatives (``a|b``); matching is case-insensitive and on substrings, so the judge is crude ("we lost
luna" read as her death fails on "lost"). A setup that stored nothing holding ``old`` is ``SETUP-MISS``.

The sweeps in ``pipelines/sweeps/`` were each written before the fixes of the session that wrote them and never
edited after (docs/benchmarks.md, "Session 46"): they are a regression set of phrasings, not a target to tune to.
"""

from __future__ import annotations

import argparse
import datetime
import json
import tempfile
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mem_graph import Memory

SWEEPS_DIR = Path(__file__).parent / "sweeps"
_WEEK = datetime.timedelta(days=7)


@dataclass
class Line:
    """One judged sweep line."""

    id: str
    change: str
    verdict: str  # PASS, FAIL or SETUP-MISS
    setup_memories: list[str] = field(default_factory=list)
    active: list[str] = field(default_factory=list)


def _words(said: str) -> list[str]:
    return [w.strip().lower() for w in said.split("|") if w.strip()]


def judge(memory: Memory, path: Path, start: datetime.datetime) -> list[Line]:
    """Replay one sweep file in ``memory`` (a scope per line) and judge each line."""
    out: list[Line] = []
    for n, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        setup, change, old, new = (part.strip() for part in raw.split("||"))
        keep, olds, news = old.startswith("+"), _words(old.lstrip("+")), _words(new)
        user = f"{path.stem}-{n}"
        added = memory.add(setup, user_id=user, timestamp=start)["results"]
        stored = {r["id"]: r["memory"] for r in added if r["event"] in ("ADD", "UPDATE")}
        memory.add(change, user_id=user, timestamp=start + _WEEK)
        active = {r["id"]: r["memory"] for r in memory.get_all(user_id=user)["results"]}
        holding = [i for i, text in stored.items() if any(o in text.lower() for o in olds)]
        new_said = any(any(w in text.lower() for w in news) for text in active.values())
        if not holding:
            verdict = "SETUP-MISS"
        elif keep:
            verdict = "PASS" if all(i in active for i in holding) and new_said else "FAIL"
        else:
            verdict = "PASS" if not any(i in active for i in holding) and new_said else "FAIL"
        out.append(Line(user, change, verdict, list(stored.values()), list(active.values())))
    return out


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(prog="python -m pipelines.sweep", description=__doc__.split("\n\n")[0])
    p.add_argument("files", nargs="*", type=Path, help="Sweep files (default: every file in pipelines/sweeps/).")
    p.add_argument("--verbose", "-v", action="store_true", help="Show the memories behind each line not passed.")
    p.add_argument("--json", dest="json_out", type=Path, help="Write every judged line here.")
    args = p.parse_args(argv)
    if missing := [str(f) for f in args.files if not f.is_file()]:
        p.error(f"no such sweep file: {', '.join(missing)} (the sweeps are in {SWEEPS_DIR})")
    from mem_graph import Memory
    from mem_graph.logging_setup import quiet_libraries

    quiet_libraries()
    files = args.files or sorted(SWEEPS_DIR.glob("*.txt"))
    start = datetime.datetime(2026, 1, 5, 10, 0, tzinfo=datetime.UTC)
    judged: dict[str, list[Line]] = {}
    with tempfile.TemporaryDirectory() as tmp, Memory(path=tmp) as memory:
        for path in files:
            judged[path.stem] = lines = judge(memory, path, start)
            for line in lines:
                if line.verdict != "PASS" or args.verbose:
                    print(f"{line.verdict:10} {line.id}: {line.change[:80]}")
                if line.verdict != "PASS" and args.verbose:
                    print(f"    setup:  {line.setup_memories}\n    active: {line.active}")
            print(f"## {path.stem}: {sum(x.verdict == 'PASS' for x in lines)}/{len(lines)}")
    passed = sum(x.verdict == "PASS" for lines in judged.values() for x in lines)
    print(f"TOTAL {passed}/{sum(len(lines) for lines in judged.values())}")
    if args.json_out:
        args.json_out.write_text(json.dumps({k: [asdict(x) for x in v] for k, v in judged.items()}, indent=1))


if __name__ == "__main__":
    main()
