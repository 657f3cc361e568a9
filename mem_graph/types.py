"""Core data types shared by every layer."""

from __future__ import annotations

import hashlib
import re
import time
import unicodedata
from dataclasses import dataclass, field
from enum import Enum
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from mem_graph.timeutil import FAR_FUTURE, to_iso

if TYPE_CHECKING:
    from mem_graph.results import MemoryItem, Relation

SCOPE_FIELDS = ("user_id", "agent_id", "run_id")


class Event(str, Enum):
    ADD = "ADD"
    UPDATE = "UPDATE"
    DELETE = "DELETE"
    NONE = "NONE"


class Status(str, Enum):
    ACTIVE = "active"
    INVALIDATED = "invalidated"


@dataclass(frozen=True)
class Scope:
    """Who a memory belongs to. At least one of user/agent/run is always set.

    A query scope matches every memory whose set fields are equal (unset fields
    are wildcards), like mem0's filters; the namespace always matches exactly.
    """

    user_id: str | None = None
    agent_id: str | None = None
    run_id: str | None = None
    namespace: str = "default"

    def fields(self) -> dict[str, str]:
        """The fields a store must match, namespace included."""
        out = {k: v for k in SCOPE_FIELDS if (v := getattr(self, k)) is not None}
        out["namespace"] = self.namespace
        return out

    def stored_fields(self) -> dict[str, str]:
        """Every scope field as written on a record ('' for unset)."""
        return {k: getattr(self, k) or "" for k in SCOPE_FIELDS} | {"namespace": self.namespace}

    @property
    def key(self) -> str:
        return "\x1f".join(self.stored_fields().values())

    @classmethod
    def from_payload(cls, payload: dict[str, Any]) -> Scope:
        return cls(**{k: payload.get(k) or None for k in SCOPE_FIELDS}, namespace=payload.get("namespace") or "default")


@dataclass(frozen=True)
class Message:
    """A validated chat message."""

    role: str
    content: str
    name: str | None = None
    timestamp: float | None = None
    metadata: dict[str, Any] = field(default_factory=dict)
    id: str | None = None  # assigned when persisted


@dataclass(frozen=True)
class Triple:
    subject: str
    relation: str
    object: str

    def as_dict(self) -> Relation:
        return {"source": self.subject, "relationship": self.relation, "destination": self.object}


@dataclass(frozen=True)
class EntityRef:
    name: str
    type: str = "thing"

    @property
    def key(self) -> str:
        return normalise_entity(self.name)


@dataclass
class Fact:
    """A candidate memory produced by an extractor, before reconciliation.

    ``slot`` names a single-valued attribute ("user|lives_in"): a new value in
    the same slot supersedes the old one. ``subject_key``/``object_key`` let a
    negation find the positive fact it cancels.
    """

    text: str
    entities: list[EntityRef] = field(default_factory=list)
    triples: list[Triple] = field(default_factory=list)
    slot: str | None = None
    subject_key: str | None = None
    object_key: str | None = None
    negated: bool = False
    polarity: int = 1  # +1 likes / uses, -1 dislikes (a negated fact is stored with polarity 0)
    single_valued: bool = False
    rule: str = "verbatim"
    message_ids: list[str] = field(default_factory=list)
    timestamp: float | None = None
    metadata: dict[str, Any] = field(default_factory=dict)
    layer: str = "durable"
    extractor: str = "rules"
    # rule extractor, for the reconciler: "present" (current value), "past" (held before now: stored
    # already invalidated) or "plan" (hedge / plan / hypothetical: never updates anything)
    tense: str = "present"
    evidence: str = ""  # why the fact sits in its slot (slot name, cue words, prototype similarity)
    replaces: list[str] = field(default_factory=list)  # object keys it replaces ("from MongoDB to Postgres")
    clears_slot: bool = False  # "we split up", "I quit my job": the slot's current value ends, none named
    replaced_in_turn: bool = False  # a negation whose replacement the same turn states ("..., I switched to X")
    replaces_others: bool = False  # "I drink tea now instead": the slot's other current values end


@dataclass
class MemoryRecord:
    """A memory as stored (vector payload + ids); the unit every store agrees on."""

    id: str
    text: str
    scope: Scope
    hash: str
    created_at: float
    updated_at: float
    valid_from: float
    invalid_at: float | None = None
    expires_at: float = FAR_FUTURE
    status: Status = Status.ACTIVE
    layer: str = "durable"
    entities: list[str] = field(default_factory=list)
    triples: list[Triple] = field(default_factory=list)
    metadata: dict[str, Any] = field(default_factory=dict)
    source: dict[str, Any] = field(default_factory=dict)
    slot: str | None = None
    subject_key: str | None = None
    object_key: str | None = None
    polarity: int = 1
    version: int = 1
    superseded_by: str | None = None
    # the rule that ended it (reconcile's: "past", "single_value", "correction" ...; "user" for a user's
    # invalidation): a corrected value was never true, a replaced one was (retrieve/ended.py)
    ended_by: str | None = None

    def to_payload(self) -> dict[str, Any]:
        return {
            **self.scope.stored_fields(),
            "text": self.text,
            "hash": self.hash,
            "created_at": self.created_at,
            "updated_at": self.updated_at,
            "valid_from": self.valid_from,
            "invalid_at": self.invalid_at,
            "expires_at": self.expires_at,
            "status": self.status.value,
            "layer": self.layer,
            "entities": self.entities,
            "triples": [[t.subject, t.relation, t.object] for t in self.triples],
            "metadata": self.metadata,
            "source": self.source,
            "slot": self.slot or "",
            "subject_key": self.subject_key or "",
            "object_key": self.object_key or "",
            "polarity": self.polarity,
            "version": self.version,
            "superseded_by": self.superseded_by,
            "ended_by": self.ended_by,
        }

    @classmethod
    def from_payload(cls, id: str, p: dict[str, Any]) -> MemoryRecord:
        return cls(
            id=str(id),
            text=p["text"],
            scope=Scope.from_payload(p),
            hash=p["hash"],
            created_at=p["created_at"],
            updated_at=p["updated_at"],
            valid_from=p.get("valid_from", p["created_at"]),
            invalid_at=p.get("invalid_at"),
            expires_at=p.get("expires_at", FAR_FUTURE),
            status=Status(p.get("status", "active")),
            layer=p.get("layer", "durable"),
            entities=list(p.get("entities") or []),
            triples=[Triple(*t) for t in p.get("triples") or []],
            metadata=dict(p.get("metadata") or {}),
            source=dict(p.get("source") or {}),
            slot=p.get("slot") or None,
            subject_key=p.get("subject_key") or None,
            object_key=p.get("object_key") or None,
            polarity=int(p.get("polarity", 1)),
            version=int(p.get("version", 1)),
            superseded_by=p.get("superseded_by"),
            ended_by=p.get("ended_by"),
        )

    def to_api(self) -> MemoryItem:
        """The mem0-shaped dict returned by get/get_all/search."""
        out: MemoryItem = {
            "id": self.id,
            "memory": self.text,
            "hash": self.hash,
            "metadata": self.metadata,
            "created_at": to_iso(self.created_at),
            "updated_at": to_iso(self.updated_at),
            "valid_from": to_iso(self.valid_from),
            "invalid_at": to_iso(self.invalid_at),
            "expires_at": to_iso(self.expires_at),
            # an active memory past its expiry is not active (get() still returns it until retention erases it)
            "status": ("expired" if self.status == Status.ACTIVE and self.expires_at <= time.time()
                       else self.status.value),
            "layer": self.layer,
            "entities": self.entities,
            "source": self.source,
            "version": self.version,
            "namespace": self.scope.namespace,
        }
        if self.scope.user_id is not None:  # the scope fields the memory was stored with
            out["user_id"] = self.scope.user_id
        if self.scope.agent_id is not None:
            out["agent_id"] = self.scope.agent_id
        if self.scope.run_id is not None:
            out["run_id"] = self.scope.run_id
        if self.superseded_by:
            out["superseded_by"] = self.superseded_by
        if self.ended_by and self.status != Status.ACTIVE:
            out["ended_by"] = self.ended_by
        if self.slot:  # only single-valued attributes carry one ("user|lives_in")
            out["slot"] = self.slot
        return out


_WS = re.compile(r"\s+")
_PUNCT_END = re.compile(r"[\s.!?;,]+$")


def normalise_text(text: str) -> str:
    """Case-, width- and whitespace-insensitive form used for hashing."""
    t = unicodedata.normalize("NFKC", text).casefold()
    return _PUNCT_END.sub("", _WS.sub(" ", t).strip())


def text_hash(text: str) -> str:
    return hashlib.md5(normalise_text(text).encode("utf-8")).hexdigest()


@lru_cache(maxsize=16384)  # a search normalises ~50 names (2 us each), mostly the same ones again
def normalise_entity(name: str) -> str:
    t = unicodedata.normalize("NFKC", name).casefold().strip()
    t = re.sub(r"^(the|a|an|my|our|his|her|their)\s+", "", t)
    t = re.sub(r"'s$", "", t)
    return _WS.sub(" ", t).strip(" .,!?;:'\"")
