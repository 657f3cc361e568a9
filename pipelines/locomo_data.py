"""Loading LoCoMo conversations (v2 per-conversation JSON) and repairing their evidence annotations."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

CATEGORIES = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop"}
_DIA = re.compile(r"^D(\d+):(\d+)$")
_SESSION = re.compile(r"^session_(\d+)$")


@dataclass
class Turn:
    dia_id: str
    speaker: str
    text: str
    timestamp: float | None


@dataclass
class Question:
    question: str
    category: int
    evidence: list[str]


@dataclass
class EvidenceStats:
    repaired: int = 0
    dropped: int = 0
    skipped_questions: int = 0
    examples: list[str] = field(default_factory=list)

    def merge(self, other: EvidenceStats) -> None:
        self.repaired += other.repaired
        self.dropped += other.dropped
        self.skipped_questions += other.skipped_questions
        self.examples.extend(other.examples[: max(0, 10 - len(self.examples))])


@dataclass
class Conversation:
    name: str
    turns: list[Turn]
    questions: list[Question]
    evidence: EvidenceStats


def parse_session_time(value: str | None) -> float | None:
    """'1:56 pm on 8 May, 2023' -> epoch seconds (UTC); None when absent or unparseable."""
    if not value:
        return None
    for fmt in ("%I:%M %p on %d %B, %Y", "%I:%M %p on %d %b, %Y"):
        try:
            return datetime.strptime(value.strip(), fmt).replace(tzinfo=UTC).timestamp()
        except ValueError:
            continue
    return None


def turn_text(raw: dict) -> str:
    """The turn's words, plus the caption of a shared photo (the speaker's own content)."""
    text = str(raw.get("text", "")).strip()
    caption = raw.get("blip_caption")
    return f"{text} [shares {caption}]" if caption else text


def normalise_evidence(raw: list[str], known: set[str], stats: EvidenceStats) -> list[str]:
    """'D8:6; D9:17' -> two ids, 'D:11:26' -> 'D11:26', 'D30:05' -> 'D30:5'; unknown ids are dropped."""
    out: list[str] = []
    for item in raw:
        parts = [p for p in re.split(r"[;,\s]+", str(item)) if p]
        for part in parts:
            fixed = part.strip().rstrip(".")
            fixed = re.sub(r"^D:(\d)", r"D\1", fixed)
            m = re.match(r"^D(\d+):(\d+)$", fixed)
            if m:
                fixed = f"D{int(m.group(1))}:{int(m.group(2))}"
            if fixed != str(item).strip() or len(parts) > 1:
                stats.repaired += 1
                if len(stats.examples) < 10:
                    stats.examples.append(f"{item!r} -> {fixed!r}")
            if fixed in known:
                if fixed not in out:
                    out.append(fixed)
            else:
                stats.dropped += 1
    return out


def load_conversation(path: Path, categories: set[int]) -> Conversation:
    data = json.loads(path.read_text())
    conv = data.get("conversation", data)
    sessions = sorted((int(m.group(1)), key) for key in conv if (m := _SESSION.match(key)))
    turns: list[Turn] = []
    for n, key in sessions:
        ts = parse_session_time(conv.get(f"session_{n}_date_time"))
        for raw in conv[key] or []:
            if raw.get("dia_id") and raw.get("text"):
                turns.append(Turn(raw["dia_id"], raw.get("speaker") or "unknown", turn_text(raw), ts))
    known = {t.dia_id for t in turns}
    stats = EvidenceStats()
    questions = []
    for qa in data.get("qa", []):
        cat = int(qa.get("category", 0))
        if cat not in categories:
            continue
        evidence = normalise_evidence(list(qa.get("evidence") or []), known, stats)
        if not evidence:
            stats.skipped_questions += 1
            continue
        questions.append(Question(str(qa["question"]), cat, evidence))
    name = str(data.get("sample_id") or path.stem)
    return Conversation(name, turns, questions, stats)
