"""``mem-graph ui --path DIR``: a loopback-only browser for a local store, with a one-time token in the URL
fragment that the page moves into sessionStorage."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import httpx
import pytest

from mem_graph.memory import Memory

try:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait
except ImportError:
    if os.environ.get("MEM_GRAPH_REQUIRE_BROWSER") == "1":
        raise
    pytest.skip("browser tests need the selenium package (pip install selenium) and Debian's chromium + "
                "chromium-driver", allow_module_level=True)


def test_mem_graph_ui_serves_a_local_store_on_loopback_with_a_one_time_token(tmp_path: Path, new_driver: Any) -> None:
    data = tmp_path / "data"
    with Memory(path=data) as m:
        m.add("I live in Oslo.", user_id="dana")
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1", "COLUMNS": "400"}
    proc = subprocess.Popen([sys.executable, "-c", "from mem_graph.cli import main; main()", "ui", "--path", str(data),
                             "--no-open",
                             "--user", "dana"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        line: list[str] = []
        reader = threading.Thread(target=lambda: line.append(proc.stdout.readline()), daemon=True)  # type: ignore[union-attr]
        reader.start()
        reader.join(timeout=180)
        assert line and line[0].startswith("memory browser: "), (line, proc.poll())
        url = line[0].split(": ", 1)[1].strip()
        found = re.fullmatch(r"http://127\.0\.0\.1:(\d+)/ui/#token=(mgh_[\w-]+)&user_id=dana", url)
        assert found, url
        base, token = f"http://127.0.0.1:{found[1]}", found[2]
        assert httpx.get(f"{base}/v1/whoami", headers={"Authorization": f"Bearer {token}"}).status_code == 200
        assert httpx.get(f"{base}/v1/whoami").status_code == 401

        drv = new_driver(1280, 800)
        drv.get(url)
        WebDriverWait(drv, 60).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#memory-list li[data-id]"))
        assert [e.text for e in drv.find_elements(By.CSS_SELECTOR, "#memory-list li .text")] == ["User lives in Oslo"]
        assert "token" not in drv.current_url
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    assert not (data / "hub.sqlite").exists()  # the one-time token never lands in the data directory


def test_mem_graph_ui_on_a_directory_in_use_is_a_one_line_error(tmp_path: Path) -> None:
    with Memory(path=tmp_path / "busy"):
        proc = subprocess.run([sys.executable, "-c", "from mem_graph.cli import main; main()", "ui", "--path",
                               str(tmp_path / "busy"), "--no-open"], capture_output=True, text=True, timeout=120,
                              env={**os.environ, "HF_HUB_OFFLINE": "1"})
    assert proc.returncode == 2 and proc.stderr.startswith("error: ") and "in use" in proc.stderr
    assert "Traceback" not in proc.stderr
