"""The phrasing grid: every way of stating a value crossed with every way of saying it changed.

    python -m pipelines.phrasing_grid [--set dev|heldout|all] [--slots residence,car] [--json OUT]
        [--compare EARLIER.json] [--verbose] [--templates pipelines/grid/templates.yaml]

The reconcile bench's cases are hand-written conversations; each tests a few phrasings. The grid is wide: for
each slot, ``state`` templates (ways to say the current value), ``change`` templates (ways to say it changed)
and ``keep`` templates (lines that mention a new value but change nothing: other people, plans, questions),
written by someone who had not read the extractor (pipelines/grid/templates.yaml). A change case is chit-chat,
a state line with the old value, more chit-chat, then a change line with the new value; it passes when the
new value is active, the old one invalidated, nothing else invalidated, and the slot's question answers with
the new value. A keep case passes when the old value is still active and nothing was invalidated.

Templates alternate between the dev and held-out halves (even index dev, odd held-out) and a case crosses
templates of one half only, so the held-out half measures how a fix found on the dev half generalises to
phrasings nobody fixed for. Only the dev half's misses are listed (``--verbose``); held-out shows counts.
The cases replay through the reconcile bench's harness (mem_graph.bench.reconcile_check).
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
from collections import defaultdict
from datetime import timedelta
from pathlib import Path
from typing import Any

import yaml
from rich.console import Console
from rich.table import Table

from mem_graph.bench.reconcile_cases import DEFAULT_START, Case

TEMPLATES = Path(__file__).resolve().parent / "grid" / "templates.yaml"
# grid slot -> (the bench's slot name, category)
SLOTS: dict[str, tuple[str, str]] = {
    "residence": ("residence", "slot_change"), "employer": ("employer", "slot_change"),
    "occupation": ("occupation", "slot_change"), "age": ("age", "slot_change"),
    "partner": ("partner", "slot_change"), "diet": ("diet", "slot_change"), "car": ("car", "slot_change"),
    "phone": ("phone", "slot_change"), "pet_name": ("pet_name", "slot_change"), "editor": ("tech", "slot_change"),
    "database": ("tech", "slot_change"), "drink": ("drink", "slot_change"), "gym_sport": ("sport", "slot_change"),
    "favourite_food": ("favourite", "slot_change"), "school": ("school", "slot_change"),
    "relationship_status": ("relationship", "slot_change"), "music_stance": ("likes", "stance"),
}
SPLITS = ("dev", "heldout")


def _half(items: list[str], split: str) -> list[tuple[int, str]]:
    return [(i, t) for i, t in enumerate(items) if (i % 2 == 0) == (split == "dev")]


def _fill(template: str, old: str, new: str) -> str:
    return template.replace("{v}", old).replace("{old}", old).replace("{new}", new)


def build_cases(spec: dict[str, Any], split: str, slots: list[str] | None = None) -> list[tuple[Case, dict[str, Any]]]:
    """The grid's cases of one half, each with its coordinates (slot, kind, template indices)."""
    rng = random.Random(f"grid-{split}")
    fillers: list[str] = spec["fillers"]
    out: list[tuple[Case, dict[str, Any]]] = []
    for name, slot in spec["slots"].items():
        if name not in SLOTS or (slots and name not in slots):
            continue
        bench_slot, category = SLOTS[name]
        values = [tuple(str(x) for x in v) for v in slot["values"]]
        states, changes = _half(slot["state"], split), _half(slot.get("change", []), split)
        for n, ((si, state), (ci, change)) in enumerate(itertools.product(states, changes)):
            old, new = values[n % len(values)]
            turns = [{"user": rng.choice(fillers)}, {"user": _fill(state, old, new)},
                     {"assistant": "Got it!"}, {"user": rng.choice(fillers)},
                     {"user": _fill(change, old, new), "at": (DEFAULT_START + timedelta(days=30)).isoformat()}]
            expect = {"active_must_contain": [new], "invalidated_must_contain": [old],
                      "questions": [{"q": slot["question"], "top1_must_contain": [new]}]}
            case = Case.model_validate({"id": f"g-{name}-s{si}-c{ci}", "category": category, "slots": [bench_slot],
                                        "turns": turns, "expect": expect, "split": split})
            out.append((case, {"slot": name, "kind": "change", "state": si, "change": ci}))
        for n, (ki, keep) in enumerate(_half(slot.get("keep", []), split)):
            si, state = states[n % len(states)]
            old, new = values[n % len(values)]
            turns = [{"user": _fill(state, old, new)}, {"user": rng.choice(fillers)}, {"user": _fill(keep, old, new)}]
            case = Case.model_validate({"id": f"g-{name}-s{si}-k{ki}", "category": "multi_value",
                                        "slots": [bench_slot], "turns": turns,
                                        "expect": {"active_must_contain": [old]}, "split": split})
            out.append((case, {"slot": name, "kind": "keep", "state": si, "keep": ki}))
    return out


def _report(rows: list[dict[str, Any]], console: Console, verbose: bool) -> None:
    table = Table(title="Phrasing grid (rules extractor)")
    for col in ("slot", "dev change", "dev keep", "held-out change", "held-out keep", "wrongful"):
        table.add_column(col, justify="left" if col == "slot" else "right")
    by_slot: dict[str, dict[str, list[int]]] = defaultdict(lambda: defaultdict(lambda: [0, 0]))
    wrongful: dict[str, int] = defaultdict(int)
    for r in rows:
        cell = by_slot[r["slot"]][f"{r['split']} {r['kind']}"]
        cell[0] += r["passed"]
        cell[1] += 1
        wrongful[r["slot"]] += r["wrongful"]
    totals: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for slot in sorted(by_slot):
        cells = []
        for key in ("dev change", "dev keep", "heldout change", "heldout keep"):
            p, n = by_slot[slot].get(key, [0, 0])
            totals[key][0] += p
            totals[key][1] += n
            cells.append(f"{p}/{n}" if n else "-")
        table.add_row(slot, *cells, str(wrongful[slot]))
    table.add_row("all", *(f"{totals[k][0]}/{totals[k][1]}" for k in
                           ("dev change", "dev keep", "heldout change", "heldout keep")), str(sum(wrongful.values())))
    console.print(table)
    if verbose:  # the dev half only: which templates miss most (a class shows as one template failing often)
        misses: dict[tuple[str, str, int], int] = defaultdict(int)
        for r in rows:
            if r["split"] == "dev" and not r["passed"]:
                for part in ("state", "change", "keep"):
                    if part in r:
                        misses[(r["slot"], part, r[part])] += 1
        for (slot, part, i), n in sorted(misses.items(), key=lambda kv: -kv[1]):
            console.print(f"  {n:3d} misses  {slot:16s} {part:6s} #{i}")


def _why(case: Case, result: Any) -> dict[str, Any]:
    """A dev miss in brief (what was said, the checks missed, each decision); held-out misses stay unread."""
    if result.passed:
        return {}
    if case.split != "dev":  # which kinds of check missed, never what was said
        return {"missed_kinds": sorted({c.name.split(" ")[0] + " " + c.name.split(" ")[1] for c in result.checks
                                        if not c.ok and " " in c.name})}
    return {"said": [t.text for t in case.turns if t.user is not None],
            "missed": [f"{c.name}: {c.detail}" for c in result.checks if not c.ok],
            "decisions": [f"{d['event']} {d['new'] or d['old']} | {d['reason']}" for d in result.decisions]}


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(prog="python -m pipelines.phrasing_grid", description=__doc__.split("\n\n")[0])
    p.add_argument("--set", dest="which", default="all", choices=["dev", "heldout", "all"])
    p.add_argument("--slots", help="Comma-separated grid slots (default: all).")
    p.add_argument("--templates", type=Path, default=TEMPLATES)
    p.add_argument("--json", dest="json_out", type=Path, help="Write every case's outcome here.")
    p.add_argument("--compare", type=Path, help="An earlier --json: count the cases fixed and broken since.")
    p.add_argument("--verbose", "-v", action="store_true", help="List the dev half's misses by template.")
    p.add_argument("--show", help="Print one dev case's miss in full (a case id).")
    p.add_argument("--config", type=json.loads, help="Memory config overrides as JSON (an ablation), e.g. "
                   "'{\"embedder\": {\"config\": {\"quantize\": null}}}'.")
    args = p.parse_args(argv)
    from mem_graph.bench.reconcile import run, show_misses
    from mem_graph.logging_setup import quiet_libraries

    quiet_libraries()
    console = Console()
    spec = yaml.safe_load(args.templates.read_text(encoding="utf-8"))
    slots = [s.strip() for s in args.slots.split(",")] if args.slots else None
    built = [c for split in SPLITS if args.which in (split, "all") for c in build_cases(spec, split, slots)]
    if args.show:
        built = [(c, m) for c, m in built if c.id == args.show and c.split == "dev"]
    results = run([c for c, _ in built], args.config, console, "grid")
    rows = [{**meta, "id": c.id, "split": c.split, "passed": r.passed, "wrongful": r.wrongful, **(_why(c, r))}
            for (c, meta), r in zip(built, results, strict=True)]
    if args.show:
        show_misses(results, console)
    _report(rows, console, args.verbose)
    if args.compare:
        before = {r["id"] + "@" + r["split"]: r["passed"] for r in json.loads(args.compare.read_text())["rows"]}
        now = {r["id"] + "@" + r["split"]: r["passed"] for r in rows}
        fixed = [k for k in now if now[k] and before.get(k) is False]
        broken = [k for k in now if not now[k] and before.get(k)]
        console.print(f"since {args.compare}: {len(fixed)} fixed, {len(broken)} broken")
        for k in broken:
            if k.endswith("@dev"):
                console.print(f"  broken: {k}")
    if args.json_out:
        args.json_out.write_text(json.dumps({"rows": rows}, indent=1))


if __name__ == "__main__":
    main()
