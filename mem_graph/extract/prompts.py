"""Prompts for LLM extraction and reconciliation, versioned.

``PROMPT_VERSION`` is recorded in the reason of every LLM-decided event, so a
memory can always be traced to the prompt that produced it. Change the version
whenever the wording or the output schema changes.

The model gets one system prompt (task, rules, output format, the app's custom
instructions) and one user message holding the inputs as a JSON object, so
message text can never be confused with instructions or ids. Existing
memories and relations appear with small integer ids only, never UUIDs.
"""

from __future__ import annotations

import json
from typing import Any

PROMPT_VERSION = "v1"

EVENTS = ("ADD", "UPDATE", "DELETE", "NONE")

SYSTEM_PROMPT = """\
You maintain the long-term memory of an AI assistant. The user message is a JSON object with:
- "existing_memories": facts already stored, each with a small integer "id".
- "existing_relations": graph relations of those memories (source, relationship, destination), each with an \
integer "id".
- "recent_messages": earlier conversation, for context only. Never extract facts from it.
- "new_messages": the messages to learn from.
- "candidate_facts" (optional): facts a rule-based extractor proposed from the new messages. Decide each one; \
you may rephrase, merge or drop them.
- "already_recorded" (optional): facts from the new messages that are already handled. Do not repeat them.

Your job:
1. Extract the durable, useful facts stated in new messages whose role is {roles}: preferences, personal details, \
plans, relationships, work, health, habits, opinions. Skip greetings, chit-chat, questions and anything only the \
assistant said.
2. Write each fact as one short, self-contained sentence in the third person. Call the speaker "User" unless the \
message has a "name". Keep names, places and numbers exactly as written.
3. Compare each fact with existing_memories and choose its "event":
   - "ADD": new information; "existing": null.
   - "UPDATE": the fact replaces or corrects existing memory N (for example a new home city replaces the old one); \
"existing": N, and "text" is the new fact.
   - "DELETE": the new messages say existing memory N is no longer true and there is nothing new to store in its \
place; "existing": N.
   - "NONE": already known with the same meaning as memory N; "existing": N.
   Only use ids that appear in existing_memories. Never invent an id.
4. Set "negated" to true when the fact says something is not the case ("User does not eat meat").
5. For each fact list its "entities" (name and a lower-case type such as person, organization, place, thing, event, \
food, skill, concept) and its "triples" (subject, relation, object). Relations are short snake_case verbs such as \
lives_in, works_at, works_as, likes, uses, manages, married_to, studies_at, owns, has.
6. In "contradicted_relations" list the ids of existing_relations that the new messages make false, each with a reason.
Give a short "reason" for every decision.
{custom}
Reply with one JSON object and nothing else:
{{"facts": [{{"text": "...", "event": "ADD|UPDATE|DELETE|NONE", "existing": null, "reason": "...", \
"negated": false, "entities": [{{"name": "...", "type": "..."}}], "triples": [{{"subject": "...", \
"relation": "...", "object": "..."}}]}}], "contradicted_relations": [{{"relation": 0, "reason": "..."}}]}}
If there is nothing to remember, reply {{"facts": [], "contradicted_relations": []}}."""

CUSTOM_INSTRUCTIONS = """
Instructions from the application (they decide what is worth remembering; rules 2-6 and the output format still apply):
{instructions}
"""

_STR = {"type": "string"}
RESPONSE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "required": ["facts", "contradicted_relations"],
    "properties": {
        "facts": {
            "type": "array",
            "items": {
                "type": "object",
                "additionalProperties": False,
                "required": ["text", "event", "existing", "reason", "negated", "entities", "triples"],
                "properties": {
                    "text": _STR,
                    "event": {"type": "string", "enum": list(EVENTS)},
                    "existing": {"type": ["integer", "null"]},
                    "reason": _STR,
                    "negated": {"type": "boolean"},
                    "entities": {"type": "array", "items": {
                        "type": "object", "additionalProperties": False, "required": ["name", "type"],
                        "properties": {"name": _STR, "type": _STR}}},
                    "triples": {"type": "array", "items": {
                        "type": "object", "additionalProperties": False,
                        "required": ["subject", "relation", "object"],
                        "properties": {"subject": _STR, "relation": _STR, "object": _STR}}},
                },
            },
        },
        "contradicted_relations": {
            "type": "array",
            "items": {"type": "object", "additionalProperties": False, "required": ["relation", "reason"],
                      "properties": {"relation": {"type": "integer"}, "reason": _STR}},
        },
    },
}
SCHEMA_NAME = "memory_decisions"


def system_prompt(roles: tuple[str, ...] | list[str], custom_instructions: str | None = None) -> str:
    """The system prompt, with the extraction roles and the app's custom instructions filled in."""
    custom = CUSTOM_INSTRUCTIONS.format(instructions=custom_instructions.strip()) if custom_instructions else ""
    return SYSTEM_PROMPT.format(roles=" or ".join(f'"{r}"' for r in roles), custom=custom)


def user_prompt(payload: dict[str, Any]) -> str:
    """The inputs as one JSON document (no UUIDs: callers pass integer ids only)."""
    return json.dumps(payload, ensure_ascii=False, indent=1)


def build_messages(payload: dict[str, Any], roles: tuple[str, ...] | list[str],
                   custom_instructions: str | None = None) -> list[dict[str, str]]:
    return [{"role": "system", "content": system_prompt(roles, custom_instructions)},
            {"role": "user", "content": user_prompt(payload)}]
