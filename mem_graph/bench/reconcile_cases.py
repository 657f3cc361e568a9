"""The reconciliation benchmark's case schema (tests/reconcile_cases/README.md documents it).

A case is a short conversation (user and assistant turns with conversation timestamps) and what memory
must look like after it is replayed. Expectations name words, never whole fact texts, so any faithful
wording of a fact passes. In every string list, ``a|b`` means "a or b".
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

CASES_DIR = Path(__file__).resolve().parents[2] / "tests" / "reconcile_cases"  # in a checkout
SETS = ("dev", "heldout")

Category = Literal[
    "slot_change",  # a single-valued attribute gets a new value: the old one is invalidated
    "multi_value",  # a multi-valued attribute gets one more value: nothing is invalidated
    "other_person",  # a fact about someone else changes only that person's slot
    "restatement",  # the same fact said again: no second memory
    "negation",  # "I don't eat meat anymore" (with or without a replacement)
    "hedge",  # plans, wishes, conditionals: nothing changes
    "past_tense",  # "I used to live in Rome": a past fact, stored invalidated
    "correction",  # "actually my cat's name is Luna"
    "stance",  # "I'm sick of jazz these days" after "I really enjoy jazz"
    "question",  # questions and requests are not facts
    "demo",  # the CLI demo conversation and its questions
]
Slot = Literal[
    "residence", "employer", "occupation", "age", "partner", "diet", "car", "school", "pet_name", "favourite",
    "likes", "hobbies", "languages", "tech", "drink", "phone", "computer", "name", "relationship", "instrument",
    "sport", "religion", "party", "commute", "field_of_study", "pets", "team", "bank", "gym", "medication",
    "work_mode", "mobile", "shift", "work_hours", "energy", "ambition", "allergies",
]
Event = Literal["ADD", "UPDATE", "DELETE", "NONE"]
DEFAULT_START = datetime(2024, 5, 6, 9, 0, tzinfo=UTC)
TURN_GAP = timedelta(minutes=2)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


def _aware(value: datetime) -> datetime:
    return value if value.tzinfo else value.replace(tzinfo=UTC)


class Turn(_Strict):
    """One message: exactly one of ``user`` / ``assistant``; ``at`` defaults to 2 minutes after the last."""

    user: str | None = None
    assistant: str | None = None
    at: datetime | None = None

    @model_validator(mode="after")
    def _one_speaker(self) -> Turn:
        if (self.user is None) == (self.assistant is None):
            raise ValueError("a turn has exactly one of `user` or `assistant`")
        if not (self.user or self.assistant or "").strip():
            raise ValueError("a turn's text is empty")
        return self

    @property
    def role(self) -> str:
        return "user" if self.user is not None else "assistant"

    @property
    def text(self) -> str:
        return self.user if self.user is not None else self.assistant  # type: ignore[return-value]


class EdgeCheck(_Strict):
    """A valid RELATES edge from ``subject`` to ``object`` (substring match on the entity names).

    ``positive``: true = the edge's memory has polarity > 0; false = there is a valid edge and none of
    the valid edges between the two is positive (a negation or a dislike); omitted = any polarity.
    ``present: false`` = no valid edge (of that polarity, when given) between them. ``relation`` limits
    the check to edges whose type contains it ("live|move": a plan edge such as plans_to_visit is not one).
    """

    subject: str
    object: str
    relation: str | None = None
    positive: bool | None = None
    present: bool = True


class Question(_Strict):
    """``search(q)``'s top-1 answer must contain every entry of ``top1_must_contain`` and none of
    ``top1_must_not_contain``; with ``as_of`` the search is ``search(q, as_of=at)``."""

    q: str
    top1_must_contain: list[str] = Field(default_factory=list)
    top1_must_not_contain: list[str] = Field(default_factory=list)
    as_of: datetime | None = None


class AsOf(_Strict):
    """What was believed at ``at``: ``get_all(as_of=at)`` facts must contain each ``must_contain`` entry,
    and no positive fact may contain a ``must_not_contain`` entry."""

    at: datetime
    must_contain: list[str] = Field(default_factory=list)
    must_not_contain: list[str] = Field(default_factory=list)


class Expect(_Strict):
    active_must_contain: list[str] = Field(default_factory=list)
    active_must_not_contain: list[str] = Field(default_factory=list)
    invalidated_must_contain: list[str] = Field(default_factory=list)
    may_invalidate: list[str] = Field(default_factory=list)
    no_wrongful_invalidation: bool = True
    active_count: dict[str, int] = Field(default_factory=dict)
    not_stored: list[str] = Field(default_factory=list)
    not_kept: list[str] = Field(default_factory=list)
    graph_edges: list[EdgeCheck] = Field(default_factory=list)
    events_include: list[Event] = Field(default_factory=list)
    events_exclude: list[Event] = Field(default_factory=list)
    questions: list[Question] = Field(default_factory=list)
    as_of: list[AsOf] = Field(default_factory=list)

    @model_validator(mode="after")
    def _checks_something(self) -> Expect:
        if not any(v for k, v in self.__dict__.items() if k != "no_wrongful_invalidation"):
            raise ValueError("expect declares no check")
        return self


class Case(_Strict):
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9_.-]{2,63}$")
    category: Category
    slots: list[Slot] = Field(default_factory=list)
    note: str = ""
    start: datetime = DEFAULT_START
    turns: list[Turn] = Field(min_length=1)
    expect: Expect
    split: str = ""  # filled by the loader: dev / heldout

    @field_validator("start")
    @classmethod
    def _utc(cls, value: datetime) -> datetime:
        return _aware(value)

    @model_validator(mode="after")
    def _has_user_turn(self) -> Case:
        if not any(t.user is not None for t in self.turns):
            raise ValueError("a case needs at least one user turn")
        return self

    def timeline(self) -> list[tuple[Turn, float]]:
        """Each turn with its conversation time (epoch seconds), non-decreasing."""
        out, t = [], self.start - TURN_GAP
        for turn in self.turns:
            t = _aware(turn.at) if turn.at is not None else t + TURN_GAP
            out.append((turn, t.timestamp()))
        return out


class CaseFileError(ValueError):
    """A case file that does not parse or validate (names the file and the case)."""


class CasesNotFoundError(CaseFileError):
    """The case folder holds no case sets (an installed package has none: they live in a checkout)."""


def load_file(path: Path, set_name: str) -> list[Case]:
    try:
        raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as exc:
        raise CaseFileError(f"{path}: not valid YAML: {exc}") from exc
    if not isinstance(raw, list):
        raise CaseFileError(f"{path}: must hold a list of cases")
    out = []
    for i, item in enumerate(raw):
        try:
            out.append(Case.model_validate({**item, "split": set_name}))
        except (ValidationError, TypeError) as exc:
            name = item.get("id", f"#{i}") if isinstance(item, dict) else f"#{i}"
            raise CaseFileError(f"{path}: case {name}: {exc}") from exc
    return out


def load_cases(which: str = "all", root: Path = CASES_DIR, only: str | None = None) -> list[Case]:
    """Every case of ``dev``, ``heldout`` or ``all``; ids are unique across sets."""
    if which not in (*SETS, "all"):
        raise CaseFileError(f"--set must be dev, heldout or all, got {which!r}")
    if not all((root / s).is_dir() for s in SETS):
        raise CasesNotFoundError(f"no reconciliation cases in {root}: the case files ship with a mem_graph checkout "
                            "(tests/reconcile_cases); point --cases at that folder")
    cases: list[Case] = []
    for set_name in SETS if which == "all" else (which,):
        for path in sorted((root / set_name).glob("*.yaml")):
            cases.extend(load_file(path, set_name))
    seen: set[str] = set()
    for c in cases:
        if c.id in seen:
            raise CaseFileError(f"duplicate case id {c.id!r}")
        seen.add(c.id)
    if only is not None:
        cases = [c for c in cases if c.id == only]
        if not cases:
            raise CaseFileError(f"no case {only!r} in set {which}")
    return cases
