"""The memory browser's static files at ``/ui`` (plain HTML, CSS and JavaScript from mem_graph/server/ui/).

The files hold no data and need no token; the page calls the REST API with the bearer token the person
pastes in (kept in sessionStorage), so it shows exactly what that token sees through the API.
"""

from __future__ import annotations

from importlib import resources

from fastapi import APIRouter, HTTPException
from fastapi.responses import RedirectResponse, Response

router = APIRouter(tags=["ui"], include_in_schema=False)

_TYPES = {"index.html": "text/html; charset=utf-8", "app.css": "text/css; charset=utf-8",
          "app.js": "text/javascript; charset=utf-8", "graph.js": "text/javascript; charset=utf-8",
          "views.js": "text/javascript; charset=utf-8"}
# Nothing but the hub itself: no inline script, no third-party asset, no framing.
_CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
        "form-action 'none'; frame-ancestors 'none'; base-uri 'none'")
_HEADERS = {"Content-Security-Policy": _CSP, "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer",
            "Cache-Control": "no-cache"}


def _file(name: str) -> Response:
    if name not in _TYPES:
        raise HTTPException(404, f"no file {name[:64]!r} in the memory browser")
    data = resources.files("mem_graph.server").joinpath("ui", name).read_bytes()
    return Response(data, media_type=_TYPES[name], headers=_HEADERS)


@router.get("/ui")
async def ui_root() -> Response:
    return RedirectResponse("/ui/", status_code=307)


@router.get("/ui/")
async def ui_index() -> Response:
    return _file("index.html")


@router.get("/ui/{name}")
async def ui_file(name: str) -> Response:
    return _file(name)
