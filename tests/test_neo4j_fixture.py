"""Without Java/Maven the Neo4j tests skip with a reason, unless MEM_GRAPH_REQUIRE_NEO4J=1 (CI) fails them."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
JAVA_NEXT_TO_PYTHON = any(shutil.which(t, path=str(Path(sys.executable).parent)) for t in ("java", "mvn"))
ONE_NEO4J_TEST = "tests/contract/test_graph_store.py::test_reset_empties_the_store_and_it_stays_usable[neo4j]"


def run_without_java(require: bool) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("MEM_GRAPH_REQUIRE_NEO4J", "MEM_GRAPH_TEST_NEO4J_URI")}
    env["PATH"] = str(Path(sys.executable).parent)  # the interpreter, but no java / mvn
    if require:
        env["MEM_GRAPH_REQUIRE_NEO4J"] = "1"
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-rs", "-p", "no:cacheprovider", ONE_NEO4J_TEST],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)


@pytest.mark.skipif(JAVA_NEXT_TO_PYTHON, reason="java sits next to the interpreter: cannot hide it")
def test_missing_java_skips_with_a_reason() -> None:
    out = run_without_java(require=False)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "1 skipped" in out.stdout and "`java` is not on PATH" in out.stdout


@pytest.mark.skipif(JAVA_NEXT_TO_PYTHON, reason="java sits next to the interpreter: cannot hide it")
def test_missing_java_fails_when_neo4j_is_required() -> None:
    out = run_without_java(require=True)
    assert out.returncode != 0
    assert "Neo4j is required (MEM_GRAPH_REQUIRE_NEO4J=1)" in out.stdout and "skipped" not in out.stdout
