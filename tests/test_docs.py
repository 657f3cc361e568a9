"""Every code block in README.md and docs/*.md is tested, so the documentation cannot drift from the code.

- A fence must name its language (python, bash, json, cypher, text); ``no-run`` after it marks a block that
  cannot run here (Docker, a paid API key, a server, a config pointing at /models, a pip install).
- python blocks compile (no-run ones too); the others run, in order, in one namespace per file, in a scratch
  MEM_GRAPH_HOME and working directory, offline. Memories they leave open are closed afterwards.
- bash blocks without no-run then run in that same directory (``bash -e``): their ``mem-graph`` commands
  must exit 0.
- Every config a block passes (``Memory.from_config({...})``, ``Memory(config={...})``, a dict assigned to
  ``cfg``/``config``, ``--config '{...}'``) validates against MemoryConfig, which checks each provider's
  ``config`` keys against that provider's typed model.
- configuration.md's ``json defaults`` block equals MemoryConfig's defaults; other json blocks parse.
- Relative links point at files that exist, and their #anchors at headings that exist.
"""

from __future__ import annotations

import ast
import json
import os
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from mem_graph import Memory
from mem_graph.config import MemoryConfig

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
LANGUAGES = {"python", "bash", "json", "cypher", "text"}
FENCE = re.compile(r"^```([^\n`]*)\n(.*?)^```[ \t]*$", re.MULTILINE | re.DOTALL)


@dataclass(frozen=True)
class Block:
    doc: Path
    line: int
    lang: str
    flags: tuple[str, ...]
    code: str

    @property
    def runs(self) -> bool:
        return "no-run" not in self.flags

    def __str__(self) -> str:
        return f"{self.doc.relative_to(ROOT)}:{self.line}"


def blocks(doc: Path) -> list[Block]:
    text = doc.read_text(encoding="utf-8")
    out = []
    for m in FENCE.finditer(text):
        words = m.group(1).split()
        out.append(Block(doc, text.count("\n", 0, m.start()) + 1, words[0] if words else "",
                         tuple(words[1:]), m.group(2)))
    return out


ALL = [b for doc in DOCS for b in blocks(doc)]


def test_docs_exist_and_have_blocks() -> None:
    names = {d.name for d in DOCS}
    assert {"README.md", "architecture.md", "configuration.md", "hub.md", "operations.md", "exploring.md",
            "benchmarks.md"} <= names
    assert any(b.lang == "python" and b.runs for b in ALL)


@pytest.mark.parametrize("block", ALL, ids=str)
def test_fence_names_its_language(block: Block) -> None:
    assert block.lang in LANGUAGES, f"{block}: a fence must say one of {sorted(LANGUAGES)} (got {block.lang!r})"
    assert set(block.flags) <= {"no-run", "defaults"}, f"{block}: unknown fence flags {block.flags}"


PYTHON = [b for b in ALL if b.lang == "python"]


@pytest.mark.parametrize("block", PYTHON, ids=str)
def test_python_block_compiles(block: Block) -> None:
    compile(block.code, str(block), "exec", flags=ast.PyCF_ALLOW_TOP_LEVEL_AWAIT)


# ---------------------------------------------------------------- config keys

def check_config(data: dict[str, Any], where: str) -> None:
    """MemoryConfig checks each provider's ``config`` keys against that provider's typed model."""
    try:
        MemoryConfig.model_validate(data)
    except Exception as exc:
        raise AssertionError(f"{where}: config does not validate: {exc}") from exc


def literal_configs(code: str) -> list[dict[str, Any]]:
    """Dict literals passed as a Memory config in a python block."""
    found: list[ast.AST] = []
    for node in ast.walk(ast.parse(code)):
        if isinstance(node, ast.Call):
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            if name == "from_config" and node.args:
                found.append(node.args[0])
            if name == "Memory":
                found += [k.value for k in node.keywords if k.arg == "config"]
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id in {"cfg", "config"}
                                                for t in node.targets):
            found.append(node.value)
    return [ast.literal_eval(n) for n in found if isinstance(n, ast.Dict)]


def shell_configs(code: str) -> list[dict[str, Any]]:
    return [json.loads(m) for m in re.findall(r"--config '(\{.*?\})'", code)]


CONFIG_BLOCKS = [b for b in ALL if b.lang in {"python", "bash"}
                 and (literal_configs(b.code) if b.lang == "python" else shell_configs(b.code))]


def test_some_blocks_carry_configs() -> None:
    assert len(CONFIG_BLOCKS) >= 4


@pytest.mark.parametrize("block", CONFIG_BLOCKS, ids=str)
def test_config_keys_exist(block: Block) -> None:
    configs = literal_configs(block.code) if block.lang == "python" else shell_configs(block.code)
    for data in configs:
        check_config(data, str(block))


def test_an_unknown_key_is_caught() -> None:
    """The check above can fail: a misspelt section key and an unread provider key are both reported."""
    with pytest.raises(AssertionError, match="does not validate"):
        check_config({"retrieval": {"graph_wieght": 0.3}}, "probe")
    with pytest.raises(AssertionError, match=r"graph_store\.config\.bufer_pool_mb"):
        check_config({"graph_store": {"provider": "ladybug", "config": {"bufer_pool_mb": 64}}}, "probe")


JSON = [b for b in ALL if b.lang == "json"]


@pytest.mark.parametrize("block", JSON, ids=str)
def test_json_block(block: Block, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    data = json.loads(block.code)
    if "defaults" in block.flags:
        monkeypatch.setenv("MEM_GRAPH_HOME", str(tmp_path))
        for key in ("NEO4J_URI", "QDRANT_URL"):
            monkeypatch.delenv(key, raising=False)
        defaults = MemoryConfig().model_dump(mode="json")
        defaults.pop("path")
        assert data == defaults, f"{block}: the documented defaults differ from mem_graph/config.py"


# ---------------------------------------------------------------- links

def anchors(doc: Path) -> set[str]:
    text = FENCE.sub("", doc.read_text(encoding="utf-8"))
    return {re.sub(r"[^\w\- ]", "", h.strip().lower()).replace(" ", "-")
            for h in re.findall(r"^#+ (.+)$", text, flags=re.MULTILINE)}


@pytest.mark.parametrize("doc", DOCS, ids=lambda d: d.name)
def test_links_resolve(doc: Path) -> None:
    text = FENCE.sub("", doc.read_text(encoding="utf-8"))
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if re.match(r"[a-z]+://", target):
            continue
        path, _, anchor = target.partition("#")
        dest = (doc.parent / path).resolve() if path else doc
        assert dest.exists(), f"{doc.name}: link to a missing file {target}"
        if anchor and dest.suffix == ".md":
            assert anchor in anchors(dest), f"{doc.name}: link to a missing heading {target}"


# ---------------------------------------------------------------- running the blocks

RUNNABLE_DOCS = [d for d in DOCS if any(b.runs and b.lang in {"python", "bash"} for b in blocks(d))]


@pytest.mark.parametrize("doc", RUNNABLE_DOCS, ids=lambda d: d.name)
def test_blocks_run(doc: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path / "home"
    env = {**os.environ, "MEM_GRAPH_HOME": str(home), "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1",
           "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}", "COLUMNS": "120"}
    for key in ("NEO4J_URI", "QDRANT_URL", "MEM_GRAPH_HUB_URL", "MEM_GRAPH_URL", "OPENAI_API_KEY",
                "OPENAI_BASE_URL"):
        env.pop(key, None)
        monkeypatch.delenv(key, raising=False)
    for key in ("MEM_GRAPH_HOME", "HF_HUB_OFFLINE", "TRANSFORMERS_OFFLINE"):
        monkeypatch.setenv(key, env[key])
    monkeypatch.chdir(tmp_path)

    namespace: dict[str, Any] = {"__name__": "__docs__"}
    try:
        for block in blocks(doc):
            if block.lang == "python" and block.runs:
                exec(compile(block.code, str(block), "exec"), namespace)
    finally:
        for value in list(namespace.values()):
            if isinstance(value, Memory):
                value.close()  # the CLI below needs the data directory

    for block in blocks(doc):
        if block.lang == "bash" and block.runs:
            assert "mem-graph" in block.code, f"{block}: a runnable bash block should show mem-graph"
            proc = subprocess.run(["bash", "-e", "-o", "pipefail", "-c", block.code], cwd=tmp_path, env=env,
                                  capture_output=True, text=True, timeout=600)
            assert proc.returncode == 0, \
                f"{block} failed ({proc.returncode}):\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}"


# ---------------------------------------------------------------- the notebook

NOTEBOOK = ROOT / "notebooks" / "graph_exploration.ipynb"


def test_notebook_is_committed_executed() -> None:
    """docs/exploring.md promises a notebook readable without running it: every code cell has run, in order,
    without an error, and the graph drawing is there; the file stays small."""
    assert NOTEBOOK.stat().st_size < 1_000_000
    nb = json.loads(NOTEBOOK.read_text(encoding="utf-8"))
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    assert [c["execution_count"] for c in code] == list(range(1, len(code) + 1))
    outputs = [o for c in code for o in c["outputs"]]
    assert not [o for o in outputs if o["output_type"] == "error"]
    assert any("image/png" in o.get("data", {}) for o in outputs)
    assert "graph_exploration.ipynb" in (ROOT / "docs" / "exploring.md").read_text(encoding="utf-8")
