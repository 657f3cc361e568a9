"""`mem-graph bench` workloads: LoCoMo-length turns next to the short synthetic sentences."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
from typer.testing import CliRunner

from mem_graph.cli import app
from pipelines.bench import locomo_length_turns


def test_locomo_workload_turns_are_as_long_as_locomo_turns() -> None:
    words = [len(t.split()) for t in locomo_length_turns(2000)]
    assert 20 <= float(np.median(words)) <= 28  # LoCoMo: median 24 words
    assert min(words) >= 1 and max(words) <= 80
    assert locomo_length_turns(50) == locomo_length_turns(50)  # deterministic: runs compare


def test_bench_runs_the_locomo_workload_and_refuses_an_unknown_one(tmp_path: Path) -> None:
    out = tmp_path / "bench.json"
    res = CliRunner().invoke(app, ["bench", "--sizes", "40", "--queries", "3", "--workloads", "locomo",
                                   "--json", str(out)])
    assert res.exit_code == 0, res.output
    [row] = json.loads(out.read_text())["bench"]
    assert row["workload"] == "locomo" and row["memories"] == 40 and row["search_p50_ms"] > 0
    bad = CliRunner().invoke(app, ["bench", "--sizes", "40", "--workloads", "novels"])
    assert bad.exit_code == 2 and "unknown workload" in bad.output
