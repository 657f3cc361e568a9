"""Bearer tokens: created and revoked with ``mem-graph token``, stored as SHA-256 hashes in hub.sqlite.

A token belongs to one ``client_id`` and is granted namespaces (``*`` = all) and,
optionally, a list of user ids; every request is checked against that grant.
"""

from __future__ import annotations

import hashlib
import json
import re
import secrets
import sqlite3
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mem_graph.errors import StoreError, ValidationError
from mem_graph.server.errors import PermissionDeniedError
from mem_graph.validation import _NAMESPACE  # the SDK's own namespace rule

TOKEN_PREFIX = "mgh_"
ALL_NAMESPACES = "*"
_CLIENT_ID = re.compile(r"^[A-Za-z0-9_.:@-]{1,64}$")

SCHEMA = """
CREATE TABLE IF NOT EXISTS tokens (
    token_id TEXT PRIMARY KEY, token_hash TEXT NOT NULL UNIQUE, client_id TEXT NOT NULL,
    namespaces TEXT NOT NULL, user_ids TEXT NOT NULL DEFAULT '[]', rate_limit REAL, note TEXT,
    created_at REAL NOT NULL, revoked_at REAL
);
CREATE INDEX IF NOT EXISTS tokens_client ON tokens(client_id);
"""


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def open_hub_db(path: Path) -> sqlite3.Connection:
    """One connection to hub.sqlite (WAL, autocommit); callers serialise access with their own lock."""
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        db = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None, timeout=30)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=NORMAL")
    except sqlite3.Error as exc:
        raise StoreError(f"cannot open hub database {path}: {exc}") from exc
    db.row_factory = sqlite3.Row
    return db


@dataclass(frozen=True)
class Principal:
    """Who is calling: the token's client and what it was granted."""

    token_id: str
    client_id: str
    namespaces: tuple[str, ...]
    user_ids: tuple[str, ...] = ()
    rate_limit: float | None = None

    @property
    def all_namespaces(self) -> bool:
        return ALL_NAMESPACES in self.namespaces

    @property
    def default_namespace(self) -> str:
        return "default" if self.all_namespaces else self.namespaces[0]

    def namespace_for(self, namespace: Any) -> Any:
        """The namespace a call may use: the token's default when none is given; 403 when not granted."""
        if namespace is None:
            return self.default_namespace
        if self.all_namespaces or namespace in self.namespaces:
            return namespace
        raise PermissionDeniedError(f"namespace {str(namespace)[:64]!r} is not granted to client {self.client_id!r}")

    def check_user(self, user_id: Any) -> None:
        if self.user_ids and user_id not in self.user_ids:
            raise PermissionDeniedError(f"client {self.client_id!r} may only use the user ids it was granted"
                                        + ("; pass user_id" if user_id is None else ""))

    def scope(self, user_id: Any = None, agent_id: Any = None, run_id: Any = None, namespace: Any = None
              ) -> dict[str, Any]:
        """Scope kwargs for a Memory call, after checking the grant."""
        self.check_user(user_id)
        return {"user_id": user_id, "agent_id": agent_id, "run_id": run_id,
                "namespace": self.namespace_for(namespace)}


@dataclass(frozen=True)
class TokenInfo:
    token_id: str
    client_id: str
    namespaces: list[str]
    user_ids: list[str]
    rate_limit: float | None
    note: str | None
    created_at: float
    revoked_at: float | None

    def to_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


class TokenStore:
    def __init__(self, path: Path):
        self.path = path
        self._lock = threading.Lock()
        self._db = open_hub_db(path)
        self._db.executescript(SCHEMA)

    def create(self, client_id: str, namespaces: list[str], *, user_ids: list[str] | None = None,
               rate_limit: float | None = None, note: str | None = None) -> tuple[str, TokenInfo]:
        """Mint a token; the secret is returned once and only its hash is stored."""
        if not isinstance(client_id, str) or not _CLIENT_ID.match(client_id):
            raise ValidationError("client id must be 1-64 characters of [A-Za-z0-9_.:@-]")
        if not namespaces:
            raise ValidationError("grant at least one namespace (or '*' for all)")
        for ns in namespaces:
            if ns != ALL_NAMESPACES and not _NAMESPACE.match(ns):
                raise ValidationError(f"namespace must match [A-Za-z0-9_.:-]{{1,64}} or be '*', got {ns!r}")
        users = list(dict.fromkeys(user_ids or []))
        if any(not isinstance(u, str) or not u.strip() for u in users):
            raise ValidationError("user ids must be non-empty strings")
        if rate_limit is not None and rate_limit <= 0:
            raise ValidationError("rate limit must be positive (requests per second)")
        token_id = secrets.token_hex(6)
        token = f"{TOKEN_PREFIX}{token_id}_{secrets.token_urlsafe(32)}"
        info = TokenInfo(token_id, client_id, list(dict.fromkeys(namespaces)), users, rate_limit, note,
                         time.time(), None)
        with self._lock:
            self._db.execute(
                "INSERT INTO tokens (token_id, token_hash, client_id, namespaces, user_ids, rate_limit, note, "
                "created_at) VALUES (?,?,?,?,?,?,?,?)",
                (token_id, hash_token(token), client_id, json.dumps(info.namespaces), json.dumps(users),
                 rate_limit, note, info.created_at))
        return token, info

    def authenticate(self, token: str) -> Principal | None:
        """The principal of a live token, or None (unknown or revoked: the caller can't tell which)."""
        with self._lock:
            row = self._db.execute("SELECT * FROM tokens WHERE token_hash = ? AND revoked_at IS NULL",
                                   (hash_token(token),)).fetchone()
        if row is None:
            return None
        return Principal(row["token_id"], row["client_id"], tuple(json.loads(row["namespaces"])),
                         tuple(json.loads(row["user_ids"])), row["rate_limit"])

    def tokens(self, include_revoked: bool = False) -> list[TokenInfo]:
        q = "SELECT * FROM tokens" + ("" if include_revoked else " WHERE revoked_at IS NULL") + " ORDER BY created_at"
        with self._lock:
            rows = self._db.execute(q).fetchall()
        return [TokenInfo(r["token_id"], r["client_id"], json.loads(r["namespaces"]), json.loads(r["user_ids"]),
                          r["rate_limit"], r["note"], r["created_at"], r["revoked_at"]) for r in rows]

    def revoke(self, token_id: str | None = None, *, client_id: str | None = None) -> int:
        """Revoke one token (by id) or every token of a client; returns how many were live."""
        if (token_id is None) == (client_id is None):
            raise ValidationError("revoke takes a token id or a client id")
        col, val = ("token_id", token_id) if token_id is not None else ("client_id", client_id)
        with self._lock:
            cur = self._db.execute(f"UPDATE tokens SET revoked_at = ? WHERE {col} = ? AND revoked_at IS NULL",
                                   (time.time(), val))
        return cur.rowcount

    def close(self) -> None:
        with self._lock:
            self._db.close()
