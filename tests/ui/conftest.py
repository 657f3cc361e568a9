"""The memory browser in a real browser: headless Chromium (Debian's chromium + chromium-driver) driven by
Selenium against a real hub (uvicorn on a loopback port, real embedded stores).

Without Chromium the tests are skipped with the reason, unless MEM_GRAPH_REQUIRE_BROWSER=1 makes that a
failure (CI). Screenshots go to $MEM_GRAPH_UI_SHOTS when set (docs/ui/ holds a few)."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from mem_graph.client import MemoryClient
from mem_graph.server.settings import HubSettings

if TYPE_CHECKING:  # running_hub needs the server extra: imported where a hub starts
    from running_hub import RunningHub

REQUIRE_ENV = "MEM_GRAPH_REQUIRE_BROWSER"
NS_A, NS_B, USER = "ui-alpha", "ui-beta", "alice"
USERS = (USER, "bob", "carol")  # alice: read-only tests; bob: the graph; carol: corrections
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage"]


def _unavailable(reason: str) -> None:
    if os.environ.get(REQUIRE_ENV) == "1":
        pytest.fail(f"a browser is required ({REQUIRE_ENV}=1) but {reason}", pytrace=False)
    pytest.skip(f"browser tests skipped: {reason} (apt-get install chromium chromium-driver; pip install selenium)")


@dataclass
class UiHub:
    running: RunningHub
    tokens: dict[str, str]

    @property
    def url(self) -> str:
        return self.running.url

    @property
    def app(self) -> Any:
        return self.running.app

    def client(self, name: str) -> MemoryClient:
        return MemoryClient(self.url, self.tokens[name])


@pytest.fixture(scope="session")
def ui_hub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[UiHub]:
    pytest.importorskip("fastapi")
    from running_hub import start_hub

    running = start_hub(HubSettings(path=tmp_path_factory.mktemp("ui") / "data", rate_limit=1000,
                                    rate_burst=1000), name="ui-hub")
    tokens = running.hub.tokens
    hub = UiHub(running, {
        "a": tokens.create("ui-a", [NS_A])[0], "b": tokens.create("ui-b", [NS_B])[0]})
    with hub.client("a") as a:
        for user in USERS:  # the same story for each test that changes it
            a.add("I live in Paris.", user_id=user)
            a.add("I moved to Berlin. I work at Acme. My sister Anna lives in Lyon.", user_id=user)
            a.add("I love jazz.", user_id=user)
    with hub.client("b") as b:
        b.add("My secret project is Bluebird.", user_id=USER)
    try:
        yield hub
    finally:
        running.stop()


@pytest.fixture(scope="session")
def browser_parts() -> tuple[str, str]:
    try:
        import selenium  # noqa: F401
    except ImportError:
        _unavailable("the selenium package is not installed")
    chrome = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
    driver = shutil.which("chromedriver")
    if not chrome or not driver:
        _unavailable("chromium and chromedriver are not on PATH")
    return chrome, driver  # type: ignore[return-value]


def make_driver(parts: tuple[str, str], width: int, height: int) -> Any:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    opts = webdriver.ChromeOptions()
    opts.binary_location = parts[0]
    profile = tempfile.mkdtemp(prefix="mg-chromium-")
    for flag in [*FLAGS, f"--user-data-dir={profile}", f"--window-size={width},{height}"]:
        opts.add_argument(flag)
    drv = webdriver.Chrome(options=opts, service=Service(executable_path=parts[1]))
    drv.set_window_size(width, height)
    drv._mg_profile = profile
    return drv


@pytest.fixture
def driver(browser_parts: tuple[str, str]) -> Iterator[Any]:
    drv = make_driver(browser_parts, 1280, 800)
    try:
        yield drv
    finally:
        drv.quit()
        shutil.rmtree(drv._mg_profile, ignore_errors=True)


@pytest.fixture
def phone(browser_parts: tuple[str, str]) -> Iterator[Any]:
    drv = make_driver(browser_parts, 390, 844)
    try:
        yield drv
    finally:
        drv.quit()
        shutil.rmtree(drv._mg_profile, ignore_errors=True)


def shot(drv: Any, name: str) -> bytes:
    """A PNG of the window; also written to $MEM_GRAPH_UI_SHOTS/<name>.png when that is set."""
    png: bytes = drv.get_screenshot_as_png()
    out = os.environ.get("MEM_GRAPH_UI_SHOTS")
    if out:
        Path(out).mkdir(parents=True, exist_ok=True)
        (Path(out) / f"{name}.png").write_bytes(png)
    return png


@pytest.fixture(scope="session")
def shoot() -> Any:
    return shot


@pytest.fixture(scope="session")
def new_driver(browser_parts: tuple[str, str]) -> Iterator[Any]:
    """Make more browsers (width, height); each is closed at the end of the session."""
    made: list[Any] = []

    def make(width: int, height: int) -> Any:
        made.append(make_driver(browser_parts, width, height))
        return made[-1]

    yield make
    for drv in made:
        drv.quit()
        shutil.rmtree(drv._mg_profile, ignore_errors=True)


@pytest.fixture
def hub_at() -> Iterator[Any]:
    """Start a hub on a data directory: ``hub_at(path) -> (url, app)``; stopped after the test."""
    from running_hub import start_hub

    started: list[RunningHub] = []

    def make(path: Path) -> tuple[str, Any]:
        started.append(start_hub(HubSettings(path=path, rate_limit=1000, rate_burst=1000), name="ui-hub"))
        return started[-1].url, started[-1].app

    yield make
    for running in started:
        running.stop()
