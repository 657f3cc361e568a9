"""``mem-graph bench`` from a checkout: ``python -m pipelines.bench [--sizes 1000,10000] [--queries 200]
[--workloads synthetic,locomo] [--json OUT] [--config JSON]``. The workloads are ``mem_graph.bench.speed``."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from mem_graph.bench.speed import BATCH, locomo_length_turns, run_bench

__all__ = ["BATCH", "locomo_length_turns", "main", "run_bench"]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="1000,10000")
    ap.add_argument("--queries", type=int, default=200)
    ap.add_argument("--workloads", default="synthetic,locomo")
    ap.add_argument("--json", type=Path)
    ap.add_argument("--config", type=json.loads, help="Memory config overrides as JSON")
    args = ap.parse_args()
    from mem_graph.logging_setup import quiet_libraries

    quiet_libraries()
    run_bench([int(s) for s in args.sizes.split(",")], args.queries, args.json, config=args.config,
              workloads=tuple(w for w in args.workloads.split(",") if w))


if __name__ == "__main__":
    main()
