"""`mem-graph bench` workloads: LoCoMo-length turns next to the short synthetic sentences; `bench reconcile`
with its case folder; the installed package runs without the checkout's pipelines/ scripts."""

from __future__ import annotations

import ast
import json
import tomllib
from pathlib import Path

import numpy as np
from typer.testing import CliRunner

from mem_graph.bench.speed import locomo_length_turns
from mem_graph.cli import app

ROOT = Path(__file__).resolve().parents[1]


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


def _flat(output: str) -> str:
    return " ".join(output.replace("│", " ").split())


def test_bench_reconcile_without_its_case_files_names_the_cases_option(tmp_path: Path) -> None:
    res = CliRunner().invoke(app, ["bench", "reconcile", "--cases", str(tmp_path / "nowhere")])
    assert res.exit_code == 2
    assert "--cases" in _flat(res.output) and "tests/reconcile_cases" in _flat(res.output)


def test_bench_reconcile_runs_the_cases_of_the_folder_given(tmp_path: Path) -> None:
    (tmp_path / "heldout").mkdir()
    (tmp_path / "dev").mkdir()
    (tmp_path / "dev" / "move.yaml").write_text(
        "- id: cli-move\n  category: slot_change\n  slots: [residence]\n"
        "  turns: [{user: I live in Leeds}, {user: I moved to Manchester last week}]\n"
        "  expect: {active_must_contain: [Manchester], invalidated_must_contain: [Leeds]}\n")
    out = tmp_path / "report.json"
    res = CliRunner().invoke(app, ["bench", "reconcile", "--cases", str(tmp_path), "--json", str(out)])
    assert res.exit_code == 0, res.output
    report = json.loads(out.read_text())
    assert report["cases"] == 1 and report["extractors"]["rules"]["cases"][0]["id"] == "cli-move"


def test_the_installed_package_does_not_need_the_checkout_scripts() -> None:
    """pipelines/ is not installed, so nothing under mem_graph/ may import it."""
    found = []
    for path in (ROOT / "mem_graph").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            found += [f"{path.relative_to(ROOT)}: {n}" for n in names if n.split(".")[0] == "pipelines"]
    assert found == []
    find = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"]["find"]
    assert find["include"] == ["mem_graph*"]
