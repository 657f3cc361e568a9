"""Deterministic synthetic conversation turns for benchmarks (no external data)."""

from __future__ import annotations

import random

NAMES = ["Alice", "Bob", "Carmen", "Deepak", "Elena", "Farid", "Grace", "Hiro", "Ines", "Jonas", "Kemi", "Luca",
         "Mina", "Noah", "Olga", "Pavel", "Quinn", "Rosa", "Sven", "Tara"]
PLACES = ["Paris", "Lisbon", "Osaka", "Nairobi", "Denver", "Oslo", "Lima", "Hanoi", "Cork", "Porto", "Quito", "Perth"]
ORGS = ["Acme", "Globex", "Initech", "Umbrella", "Hooli", "Vandelay", "Stark Labs", "Wayne Corp"]
THINGS = ["jazz", "hiking", "PostgreSQL", "sourdough", "chess", "pottery", "Rust", "tennis", "sushi", "violin",
          "gardening", "photography", "kayaking", "sci-fi novels", "board games", "espresso"]
TEMPLATES = [
    "I went hiking near {place} with {name} last weekend.",
    "{name} works at {org} and loves {thing}.",
    "I have been learning {thing} for a few months now.",
    "My friend {name} just moved to {place}.",
    "We had dinner at a small place in {place}; {name} ordered {thing}.",
    "I think {thing} is underrated, honestly.",
    "{name} manages the data team at {org}.",
    "Yesterday I talked to {name} about {thing} and {thing2}.",
    "I'm planning a trip to {place} in the spring.",
    "My sister {name} is really into {thing}.",
]
QUESTIONS = [
    "Where does {name} work?", "What does the user think about {thing}?", "Who moved to {place}?",
    "What is {name} into?", "When did the user go hiking?", "Who manages the data team?",
    "What trip is the user planning?", "What did {name} order in {place}?",
]


def turns(n: int, seed: int = 7) -> list[str]:
    rng = random.Random(seed)
    return [rng.choice(TEMPLATES).format(name=rng.choice(NAMES), place=rng.choice(PLACES), org=rng.choice(ORGS),
                                         thing=rng.choice(THINGS), thing2=rng.choice(THINGS)) for _ in range(n)]


def questions(n: int, seed: int = 11) -> list[str]:
    rng = random.Random(seed)
    return [rng.choice(QUESTIONS).format(name=rng.choice(NAMES), place=rng.choice(PLACES), thing=rng.choice(THINGS))
            for _ in range(n)]
