"""Reconciliation benchmark from a checkout: ``python -m pipelines.reconcile_bench`` (``mem-graph bench reconcile``).

Usage::

    python -m pipelines.reconcile_bench [--set dev|heldout|all] [--extractor rules,llm,hybrid]
        [--config llm.json] [--only CASE_ID] [--json out.json] [--verbose] [--compare earlier.json]
        [--isolated] [--cases DIR]

The harness is ``mem_graph.bench.reconcile``; the cases are tests/reconcile_cases/.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from mem_graph.bench.reconcile import breakdown, run, run_bench, summarise
from mem_graph.bench.reconcile_cases import CASES_DIR, CaseFileError

__all__ = ["breakdown", "main", "run", "run_bench", "summarise"]


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(prog="python -m pipelines.reconcile_bench", description=__doc__.split("\n\n")[0])
    p.add_argument("--set", dest="which", default="all", choices=["dev", "heldout", "all"])
    p.add_argument("--extractor", default="rules", help="Comma-separated: rules, llm, hybrid.")
    p.add_argument("--config", help="Memory config overrides (JSON object or JSON/TOML file), e.g. the llm section.")
    p.add_argument("--only", help="Run one case by id.")
    p.add_argument("--json", dest="json_out", type=Path, help="Write the full report here.")
    p.add_argument("--verbose", "-v", action="store_true",
                   help="Show each miss with the decisions behind it (held-out misses only with --set heldout).")
    p.add_argument("--isolated", action="store_true", help="A fresh Memory per case instead of a scope per case.")
    p.add_argument("--compare", type=Path, help="An earlier --json report: list the cases fixed and regressed since.")
    p.add_argument("--cases", type=Path, default=CASES_DIR, help="The case folder (dev/ and heldout/).")
    args = p.parse_args(argv)
    from mem_graph.config import config_source
    from mem_graph.logging_setup import quiet_libraries

    quiet_libraries()
    try:
        run_bench(args.which, [e.strip() for e in args.extractor.split(",") if e.strip()],
                  config_source(args.config), args.only, args.json_out, args.verbose, isolated=args.isolated,
                  compare=args.compare, cases_dir=args.cases)
    except CaseFileError as exc:  # a case file the schema refuses: say which and why, no traceback
        p.error(str(exc))


if __name__ == "__main__":
    main()
