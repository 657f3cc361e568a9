"""Fixed binomials are one thing: "mac and cheese", "fish and chips", "drum and bass", "Dungeons and Dragons".

The parser reads "X and Y" as two conjoined nouns, so "my favourite food is mac and cheese" became two
favourites (mac, cheese) and a later "paella has replaced mac and cheese" ended neither by name. A pipeline
component after the parser merges the known pairs into one token (``doc.retokenize``), so every reader sees a
single object. The list is of general dishes, drinks, genres and games: phrases whose parts mean something else
alone, never names of particular things.
"""

from __future__ import annotations

from typing import Any

BINOMIALS = (
    # food and drink
    "mac and cheese", "macaroni and cheese", "fish and chips", "fish n chips", "rice and beans", "rice and peas",
    "bangers and mash", "pie and mash", "steak and chips", "chips and salsa", "chips and guac", "surf and turf",
    "spaghetti and meatballs", "chicken and waffles", "chicken and rice", "shrimp and grits", "biscuits and gravy",
    "bacon and eggs", "ham and cheese", "cheese and crackers", "strawberries and cream", "peaches and cream",
    "peanut butter and jelly", "pb and j", "bread and butter", "salt and vinegar", "sweet and sour",
    "gin and tonic", "rum and coke", "whisky and coke", "vodka and coke", "jack and coke",
    "milk and cookies", "tea and biscuits", "eggs and bacon", "beans on toast", "egg and chips", "curry and rice",
    "bagels and lox", "lox and bagels", "sausage and mash", "liver and onions", "bubble and squeak",
    "toad in the hole", "cookies and cream", "rocky road", "fish and rice",
    # music, games, shows, pastimes
    "rock and roll", "rock n roll", "rock 'n' roll", "drum and bass", "drum n bass", "rhythm and blues",
    "country and western", "dungeons and dragons", "snakes and ladders", "hide and seek", "arts and crafts",
    "hack and slash", "law and order", "pride and prejudice", "war and peace", "pen and paper",
    "hit and miss", "trial and error", "bed and breakfast", "b and b", "bread and circuses",
)
_NAMING = frozenset({"name", "call", "nickname", "dub"})


def _named(doc: Any, start: int) -> bool:
    """Two pets or people named as a pair ("got two kittens, named them Salt and Pepper") are two names."""
    return any(t.lemma_.lower() in _NAMING for t in doc[max(0, start - 3): start])


def merge_binomials(nlp: Any) -> None:
    """Add the merging component to ``nlp`` (once), after the parser and the entity recogniser."""
    if "mg_binomials" in nlp.pipe_names:
        return
    from spacy.language import Language
    from spacy.matcher import PhraseMatcher
    from spacy.util import filter_spans

    matcher = PhraseMatcher(nlp.vocab, attr="LOWER")
    matcher.add("BINOMIAL", [nlp.make_doc(p) for p in BINOMIALS])

    @Language.component("mg_binomials")
    def _merge(doc: Any) -> Any:
        spans = filter_spans([doc[s:e] for _, s, e in matcher(doc) if not _named(doc, s)])
        if spans:
            with doc.retokenize() as retokenizer:
                for span in spans:
                    retokenizer.merge(span, attrs={"LEMMA": span.text.lower()})
        return doc

    nlp.add_pipe("mg_binomials", last=True)
