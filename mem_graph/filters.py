"""A caller's read filters (``search`` / ``get_all``) turned into a checked ``VectorFilter``."""

from __future__ import annotations

import re
from typing import Any

from mem_graph.errors import ValidationError
from mem_graph.stores.vector.base import VectorFilter
from mem_graph.timeutil import now
from mem_graph.types import Scope, Status
from mem_graph.validation import check_int64, check_unicode, show

_FILTER_FIELDS = {"layer", "hash", "slot"}
_FILTER_KEY = re.compile(r"[\w-]{1,64}(\.[\w-]{1,64}){0,7}")


def user_filter(scope: Scope, filters: dict[str, Any] | None, include_invalidated: bool,
            as_of: float | None = None) -> VectorFilter:
    equals: dict[str, str | int] = {}
    any_of: dict[str, tuple[str, ...]] = {}
    if filters is not None:
        if not isinstance(filters, dict):
            raise ValidationError("filters must be an object of metadata key -> value")
        for key, value in filters.items():
            if not isinstance(key, str) or not _FILTER_KEY.fullmatch(key) or max(map(ord, key)) > 0xFFFF:
                raise ValidationError("filter keys must be metadata field names (letters, digits, _ or -; "
                                      f"dots for nested fields), got {show(key)}")
            field = key if key in _FILTER_FIELDS else f"metadata.{key}"
            if isinstance(value, dict) and set(value) == {"in"} and isinstance(value["in"], list) and all(
                    isinstance(v, str) for v in value["in"]):
                any_of[field] = tuple(check_unicode(v, what=f"filter {key!r}") for v in value["in"])
            elif isinstance(value, str):
                equals[field] = check_unicode(value, what=f"filter {key!r}")
            elif isinstance(value, int) and not isinstance(value, bool):
                equals[field] = check_int64(value, what=f"filter {key!r}")
            else:
                raise ValidationError(f"filter {key!r}: values must be strings, integers or {{'in': [strings]}}")
    if as_of is not None:  # believed then: valid at as_of whatever the status now, not yet expired then
        return VectorFilter(scope=scope, statuses=None, alive_at=as_of, valid_at=as_of, equals=equals,
                            any_of=any_of)
    return VectorFilter(scope=scope, statuses=None if include_invalidated else (Status.ACTIVE.value,),
                        alive_at=now(), equals=equals, any_of=any_of)
