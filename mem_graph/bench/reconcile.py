"""Reconciliation benchmark: does the extractor understand how people talk about changes?

``mem-graph bench reconcile`` (or ``python -m pipelines.reconcile_bench`` in a checkout) with ``--set
dev|heldout|all``, ``--extractor rules,llm,hybrid``, ``--config``, ``--only CASE_ID``, ``--json``,
``--verbose``, ``--cases DIR``. Each case of tests/reconcile_cases/ (``--cases``: another folder of the same
layout) is a short conversation replayed into a fresh embedded Memory (reconcile_check.py); the report gives
case accuracy, wrongful and missed invalidations and top-1-current (the top search answer is the current
value) overall, per category and per slot. Targets are reported, never asserted. ``llm`` / ``hybrid`` run
only when an endpoint is configured (``--config`` with an ``llm`` section, or OPENAI_BASE_URL / OPENAI_API_KEY).
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from mem_graph.bench.reconcile_cases import CASES_DIR, Case, load_cases
from mem_graph.bench.reconcile_check import CaseResult, run_case

EXTRACTORS = ("rules", "llm", "hybrid")


def endpoint_configured(config: dict[str, Any]) -> bool:
    return bool(config.get("llm")) or bool(os.environ.get("OPENAI_BASE_URL") or os.environ.get("OPENAI_API_KEY"))


def summarise(results: Iterable[CaseResult]) -> dict[str, Any]:
    rs = list(results)
    q = sum(r.questions for r in rs)
    a = sum(r.as_of for r in rs)
    return {
        "cases": len(rs),
        "passed": sum(r.passed for r in rs),
        "accuracy": round(sum(r.passed for r in rs) / len(rs), 3) if rs else None,
        "wrongful_invalidations": sum(r.wrongful for r in rs),
        "missed_invalidations": sum(r.missed for r in rs),
        "questions": q,
        "top1_current": round(sum(r.questions_ok for r in rs) / q, 3) if q else None,
        "as_of_checks": a,
        "as_of_accuracy": round(sum(r.as_of_ok for r in rs) / a, 3) if a else None,
    }


def breakdown(results: list[CaseResult]) -> dict[str, dict[str, Any]]:
    """Summaries overall, per set, per category and per slot (a case counts for each slot it names)."""
    groups: dict[str, list[CaseResult]] = {"all": results}
    for r in results:
        groups.setdefault(f"set:{r.case.split}", []).append(r)
    for r in sorted(results, key=lambda r: r.case.category):
        groups.setdefault(f"category:{r.case.category}", []).append(r)
    for r in results:
        for slot in sorted(r.case.slots):
            groups.setdefault(f"slot:{slot}", []).append(r)
    return {name: summarise(rs) for name, rs in sorted(groups.items(), key=lambda kv: (kv[0] != "all", kv[0]))}


def run(cases: list[Case], config: dict[str, Any] | None, console: Console, label: str,
        isolated: bool = False) -> list[CaseResult]:
    """Every case in its own scope of one fresh embedded Memory, or (``isolated``) in its own Memory:
    the same checks, ~2.5 s more per case for opening and closing the stores."""
    from mem_graph import Memory

    with tempfile.TemporaryDirectory(prefix="mg-reconcile-") as d, Progress(
            TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
            console=console, transient=True) as progress:
        task = progress.add_task(f"reconcile bench ({label})", total=len(cases))
        shared = None if isolated else Memory(path=Path(d) / "m", config=config)
        try:
            results = []
            for case in cases:
                results.append(run_case(case, shared, config))
                progress.advance(task)
        finally:
            if shared is not None:
                shared.close()
    return results


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.0f}%"


def table(summary: dict[str, dict[str, Any]], title: str) -> Table:
    t = Table(title=title)
    for col in ("group", "cases", "accuracy", "wrongful inv.", "missed inv.", "top-1 current", "as_of"):
        t.add_column(col, justify="left" if col == "group" else "right", no_wrap=col == "group")
    for name, s in summary.items():
        t.add_row(name, str(s["cases"]), _pct(s["accuracy"]), str(s["wrongful_invalidations"]),
                  str(s["missed_invalidations"]), _pct(s["top1_current"]), _pct(s["as_of_accuracy"]))
    return t


def show_misses(results: list[CaseResult], console: Console) -> None:
    """Each failed case: its misses, every decision with its reason, and the facts it ended with."""
    for r in results:
        if r.passed:
            continue
        console.print(f"\n[bold red]✗ {r.case.id}[/bold red] [dim]({r.case.split}, {r.case.category})[/dim]")
        if r.error:
            console.print(f"  [red]error:[/red] {escape(r.error)}")
        for c in r.checks:
            if not c.ok:
                console.print(f"  [yellow]miss[/yellow] {escape(c.name)}: [dim]{escape(c.detail)}[/dim]")
        for d in r.decisions:
            said = escape(d["new"] or d["old"] or "")
            console.print(f"    [cyan]{d['event']:>6}[/cyan] {said} [dim]{escape(d['reason'] or '')}[/dim]")
        for f in r.facts:
            if f["layer"] != "episodic":
                console.print(f"    [dim]{f['status']:>11} pol {f['polarity']:+d} slot {f['slot']}: "
                              f"{escape(f['memory'])}[/dim]")


def show_flips(results: list[CaseResult], earlier: dict[str, Any], console: Console) -> None:
    """The cases that pass now and failed in an earlier report (fixed), and the other way (regressed)."""
    before = {c["id"]: c["passed"] for c in earlier.get("cases", [])}
    fixed = [r.case.id for r in results if r.passed and before.get(r.case.id) is False]
    broken = [r.case.id for r in results if not r.passed and before.get(r.case.id) is True]
    console.print(f"[green]fixed since the earlier report ({len(fixed)}):[/green] {escape(', '.join(fixed)) or '-'}")
    console.print(f"[red]regressed ({len(broken)}):[/red] {escape(', '.join(broken)) or '-'}")


def run_bench(which: str = "all", extractors: list[str] | None = None, config: dict[str, Any] | None = None,
              only: str | None = None, json_out: Path | None = None, verbose: bool = False,
              console: Console | None = None, isolated: bool = False,
              compare: Path | None = None, cases_dir: Path = CASES_DIR) -> dict[str, Any]:
    """Run the benchmark for each extractor; print the tables and return (and optionally write) the report.
    ``compare``: an earlier ``--json`` report; the cases that flipped since are listed. ``cases_dir``: the
    case folder (``dev/`` and ``heldout/``); CaseFileError when it holds none."""
    console = console or Console()
    cases = load_cases(which, root=cases_dir, only=only)
    report: dict[str, Any] = {"set": which, "cases": len(cases), "extractors": {}}
    for extractor in extractors or ["rules"]:
        extractor = extractor.strip()
        if extractor not in EXTRACTORS:
            raise ValueError(f"unknown extractor {extractor!r} (rules, llm, hybrid)")
        cfg = {**(config or {}), "extractor": extractor}
        if extractor != "rules" and not endpoint_configured(cfg):
            console.print(f"[yellow]{extractor}: skipped, no LLM endpoint configured (--config with an llm "
                          f"section, or OPENAI_BASE_URL)[/yellow]")
            report["extractors"][extractor] = {"skipped": "no LLM endpoint configured"}
            continue
        t0 = time.perf_counter()
        results = run(cases, cfg, console, extractor, isolated)
        summary = breakdown(results)
        console.print(table(summary, f"Reconciliation benchmark: {extractor}, set {which} "
                                     f"({len(cases)} cases, {time.perf_counter() - t0:.0f} s)"))
        missing = [k.split(":", 1)[1] for k, s in summary.items() if k.startswith("category:") and s["accuracy"] < 1]
        console.print(f"categories with misses: {', '.join(missing) or 'none'}")
        if verbose:  # held-out misses only when asked for by name: iterating on dev with -v keeps them unseen
            show_misses([r for r in results if r.case.split != "heldout" or which == "heldout" or only], console)
        if compare is not None:
            show_flips(results, json.loads(compare.read_text()).get("extractors", {}).get(extractor, {}), console)
        report["extractors"][extractor] = {"summary": summary, "cases": [r.to_dict() for r in results],
                                           "seconds": round(time.perf_counter() - t0, 1)}
    if json_out is not None:
        json_out.write_text(json.dumps(report, indent=1, default=str, ensure_ascii=False))
    return report
