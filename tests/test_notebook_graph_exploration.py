"""notebooks/graph_exploration.ipynb runs headless, top to bottom, on a temporary data directory."""

from __future__ import annotations

from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")

NOTEBOOK = Path(__file__).resolve().parents[1] / "notebooks" / "graph_exploration.ipynb"


def test_graph_exploration_notebook_executes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MEM_GRAPH_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("MPLBACKEND", "module://matplotlib_inline.backend_inline")
    for key in ("NEO4J_URI", "QDRANT_URL"):  # the notebook documents the embedded default
        monkeypatch.delenv(key, raising=False)
    nb = nbformat.read(NOTEBOOK, as_version=4)
    nbclient.NotebookClient(nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}},
                            ).execute()

    outputs = [o for cell in nb.cells if cell.cell_type == "code" for o in cell.get("outputs", [])]
    text = "".join(o.get("text", "") for o in outputs if o.get("output_type") == "stream")
    assert not [o for o in outputs if o.get("output_type") == "error"]
    assert "source=Alice  relation=works_at  target=Acme" in text
    assert "target=Beijing" in text  # the superseded fact, with the memory behind it
    assert "refused:" in text
    assert any("image/png" in o.get("data", {}) for o in outputs), "the graph drawing produced no image"
    assert (tmp_path / "home").is_dir()
