"""The change-sweep judge (pipelines/sweep.py): a change that ends the old value passes, one that leaves it active
fails, and a line marked "+" passes only when the old value stays."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest

from mem_graph import Memory
from pipelines.sweep import SWEEPS_DIR, judge, main

_START = datetime.datetime(2026, 1, 5, 10, 0, tzinfo=datetime.UTC)


def test_the_judge_reads_a_change_a_keep_and_a_setup_it_could_not_store(memory: Memory, tmp_path: Path) -> None:
    sweep = tmp_path / "mine.txt"
    sweep.write_text("# a comment\n"
                     "I live in Leeds || I moved to York last week || Leeds || York\n"
                     "I live in Hull || my sister moved to Bath || Hull || Bath\n"
                     "I live in Derby || my brother moved to Ely || +Derby || Ely\n"
                     "hello there || I moved to York || Leeds || York\n")
    verdicts = [line.verdict for line in judge(memory, sweep, _START)]
    assert verdicts == ["PASS", "FAIL", "PASS", "SETUP-MISS"], verdicts


def test_every_shipped_sweep_line_is_well_formed() -> None:
    for path in SWEEPS_DIR.glob("*.txt"):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip() and not line.startswith("#"):
                assert len(line.split("||")) == 4, (path.name, line)


def test_a_sweep_file_that_is_not_there_is_a_clear_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["pipelines/sweeps/no-such-sweep.txt"])
    assert stop.value.code == 2
    assert "no such sweep file" in capsys.readouterr().err
