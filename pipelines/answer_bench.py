"""Answer benchmark: does search put what is true now first, for the questions people really ask?

Usage::

    python -m pipelines.answer_bench [--only CONVERSATION_ID] [--tag TAG] [--json out.json] [--verbose]
        [--config overrides.json]

Each conversation of tests/retrieval_cases/*.yaml (chit-chat between statements, several people, facts that
change over time) is replayed into its own scope of one fresh embedded Memory, as the reconciliation
benchmark replays its cases (mem_graph/bench/reconcile_check.py ``replay``); then each question is searched and
its top-1 result checked: it must contain every ``top1`` entry and none of the ``not`` entries (same
matching as the reconciliation benchmark: ``a|b`` means a or b, case-insensitive from a word start).

The report gives top-1 accuracy overall and per tag (``self``: "I / my"; ``the_user``: "the user";
``pronoun``: "she / he" with no antecedent; ``nosubject``; ``named``: another person by name or relation;
``topic``: the question shares no word with the fact; ``casual``: lowercase, no apostrophe, typos), and
separates *retrieval* misses from *extraction* misses: a question is ``answerable`` when some active
memory of the scope passes its check, so a miss on an unanswerable question is the extractor's.
"""

from __future__ import annotations

import argparse
import json
import tempfile
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from mem_graph.bench.reconcile_cases import DEFAULT_START, TURN_GAP, Turn
from mem_graph.bench.reconcile_check import has, replay, user_of

CASES_DIR = Path(__file__).resolve().parent.parent / "tests" / "retrieval_cases"
Tag = Literal["self", "the_user", "pronoun", "nosubject", "named", "topic", "casual", "team", "past"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Question(_Strict):
    q: str
    top1: list[str] = Field(min_length=1)
    not_: list[str] = Field(default_factory=list, alias="not")
    tags: list[Tag] = Field(default_factory=list)


class Conversation(_Strict):
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9_.-]{2,63}$")
    note: str = ""
    start: datetime = DEFAULT_START
    turns: list[Turn] = Field(min_length=1)
    questions: list[Question] = Field(min_length=1)

    def timeline(self) -> list[tuple[Turn, float]]:
        """Each turn with its conversation time (epoch seconds): ``at``, else 2 minutes after the last."""
        out, t = [], self.start - TURN_GAP
        for turn in self.turns:
            t = (turn.at if turn.at.tzinfo else turn.at.replace(tzinfo=UTC)) if turn.at is not None else t + TURN_GAP
            out.append((turn, t.timestamp()))
        return out


def load(root: Path = CASES_DIR, only: str | None = None) -> list[Conversation]:
    """Every conversation of ``root/*.yaml`` (ids unique); a file that does not validate names itself."""
    out: list[Conversation] = []
    for path in sorted(root.glob("*.yaml")):
        try:
            out += [Conversation.model_validate(c) for c in yaml.safe_load(path.read_text(encoding="utf-8"))]
        except (ValidationError, TypeError, yaml.YAMLError) as exc:
            raise ValueError(f"{path}: {exc}") from exc
    ids = [c.id for c in out]
    if len(ids) != len(set(ids)):
        raise ValueError(f"duplicate conversation ids in {root}")
    return [c for c in out if only is None or c.id == only]


def passes(text: str, q: Question) -> bool:
    return all(has(text, e) for e in q.top1) and not any(has(text, e) for e in q.not_)


def check(mem: Any, conv: Conversation) -> list[dict[str, Any]]:
    """Each question of ``conv`` (already replayed into ``mem``): its top results and whether they pass."""
    uid = user_of(conv)  # type: ignore[arg-type]  # duck-typed: an id is all it reads
    active = [r["memory"] for r in mem.get_all(user_id=uid, limit=1000)["results"]]
    # a question of the past is answered by what ended too
    stored = [r["memory"] for r in mem.get_all(user_id=uid, limit=1000, include_invalidated=True)["results"]]
    rows = []
    for q in conv.questions:
        hits = [r["memory"] for r in mem.search(q.q, user_id=uid, limit=10)["results"]]
        rank = next((i + 1 for i, h in enumerate(hits) if passes(h, q)), None)
        rows.append({"conversation": conv.id, "q": q.q, "tags": q.tags, "ok": rank == 1, "rank": rank,
                     "answerable": any(passes(t, q) for t in (stored if "past" in q.tags else active)),
                     "top": hits[:3]})
    return rows


def run(convs: list[Conversation], config: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    from mem_graph import Memory

    rows: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="mg-answer-") as d, Memory(path=Path(d) / "m", config=config) as mem:
        for conv in convs:
            replay(mem, conv)  # type: ignore[arg-type]
            rows += check(mem, conv)
    return rows


def summarise(rows: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Top-1 accuracy overall and per tag; ``retrieval`` counts only the answerable questions."""
    groups: dict[str, list[dict[str, Any]]] = {"all": rows}
    for r in rows:
        for tag in r["tags"]:
            groups.setdefault(f"tag:{tag}", []).append(r)
    out = {}
    for name, rs in groups.items():
        able = [r for r in rs if r["answerable"]]
        out[name] = {"questions": len(rs), "top1": sum(r["ok"] for r in rs),
                     "accuracy": round(sum(r["ok"] for r in rs) / len(rs), 3),
                     "answerable": len(able),
                     "retrieval_accuracy": round(sum(r["ok"] for r in able) / len(able), 3) if able else None,
                     "in_top3": sum(bool(r["rank"] and r["rank"] <= 3) for r in rs)}
    return out


def table(summary: dict[str, dict[str, Any]]) -> Table:
    t = Table(title="Answer benchmark: top-1 is the current value")
    for col in ("group", "questions", "top-1", "answerable", "top-1 of answerable", "in top 3"):
        t.add_column(col, justify="left" if col == "group" else "right")
    for name, s in summary.items():
        ra = s["retrieval_accuracy"]
        t.add_row(name, str(s["questions"]), f"{100 * s['accuracy']:.0f}% ({s['top1']})", str(s["answerable"]),
                  "-" if ra is None else f"{100 * ra:.0f}%", str(s["in_top3"]))
    return t


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(prog="python -m pipelines.answer_bench", description=__doc__.split("\n\n")[0])
    p.add_argument("--only", help="One conversation by id.")
    p.add_argument("--tag", help="Only the questions with this tag.")
    p.add_argument("--config", help="Memory config overrides (JSON object or JSON/TOML file).")
    p.add_argument("--json", dest="json_out", type=Path, help="Write every question's result here.")
    p.add_argument("--verbose", "-v", action="store_true", help="Show each miss with its top 3.")
    args = p.parse_args(argv)
    from mem_graph.cli.options import config_source
    from mem_graph.logging_setup import quiet_libraries

    quiet_libraries()
    console = Console()
    convs = load(only=args.only)
    if args.tag:
        for c in convs:
            c.questions = [q for q in c.questions if args.tag in q.tags]
        convs = [c for c in convs if c.questions]
    rows = run(convs, config_source(args.config))
    console.print(table(summarise(rows)))
    if args.verbose:
        for r in rows:
            if not r["ok"]:
                why = "retrieval" if r["answerable"] else "extraction (no active memory answers)"
                console.print(f"[red]✗[/red] {escape(r['conversation'])}: {escape(r['q'])} [dim]({why}, rank "
                              f"{r['rank']})[/dim]")
                for i, h in enumerate(r["top"], 1):
                    console.print(f"    {i}. {escape(h)}")
    if args.json_out is not None:
        args.json_out.write_text(json.dumps({"summary": summarise(rows), "questions": rows}, indent=1,
                                            ensure_ascii=False))


if __name__ == "__main__":
    main()
