"""Form parsing: a page form's dotted fields (``a.results.0.cards=4``) read as the action
object the JSON API takes, with the same checks (companion.inputs reads each value)."""

from __future__ import annotations

import re
from typing import Any

from .. import inputs
from ..games.base import N_, MalformedInput

_INDEX = re.compile(r"[0-9]{1,9}")
MAX_FORM_PATH = 8  # dots in one form key: actions nest a few levels, never more


def _collision(key: str) -> MalformedInput:
    return MalformedInput(N_("form fields %(key)s and another one name the same place"),
                          code="form_collision", key=key[:80])


def form_to_action(form: Any, prefix: str = "a.") -> dict[str, Any]:
    """Turn dotted form fields (``a.results.0.cards=4``) into an action object.

    Numbers (ASCII digits) become integers, ``true``/``false`` booleans and an empty value
    null; a field named ``...:json`` holds a JSON value (one choice standing for an object);
    when a field repeats (a hidden ``false`` before a checkbox) the last value wins. Fields
    that cannot all hold (``a.type`` with ``a.type.x``, ``a.results.0`` with
    ``a.results.x``) are refused, whatever their order.
    """
    leaves: dict[tuple[str, ...], Any] = {}
    for key in form:
        if not key.startswith(prefix):
            continue
        raw = form.getlist(key)[-1]
        value: Any
        name = key
        if key.endswith(":json"):
            # A choice that stands for a whole object (a programmed move, say).
            value = inputs.loads(raw, form_field=True)
            name = key[: -len(":json")]
        elif raw == "":
            value = None
        elif raw in ("true", "false"):
            value = raw == "true"
        elif (number := inputs.ascii_int(raw, signed=True)) is not None:
            value = number
        else:
            value = raw
        path = tuple(name[len(prefix):].split("."))
        if len(path) > MAX_FORM_PATH:
            raise MalformedInput(N_("form field %(key)s nests too deep"), code="form_too_deep",
                                 key=key[:80])
        if path in leaves:
            raise _collision(key)
        leaves[path] = value
    # A place holds a value or further fields, never both; a list's places are all indexes.
    branches: dict[tuple[str, ...], set[str]] = {}
    for path in leaves:
        for depth in range(len(path) - 1):
            if path[:depth + 1] in leaves:
                raise _collision(prefix + ".".join(path))
            branches.setdefault(path[:depth], set()).add(path[depth])
        branches.setdefault(path[:-1], set()).add(path[-1])
    for parent, children in branches.items():
        indexes = {child for child in children if _INDEX.fullmatch(child)}
        if indexes and indexes != children:
            raise _collision(prefix + ".".join(parent))
    action: dict[str, Any] = {}
    for path, value in leaves.items():
        target: Any = action
        for depth, part in enumerate(path[:-1]):
            children = branches[path[:depth + 1]]
            if _slot(target, part) is None:
                _put(target, part, [] if all(_INDEX.fullmatch(c) for c in children) else {})
            target = _slot(target, part)
        _put(target, path[-1], value)
    return action


def _slot(container: dict[str, Any] | list[Any], key: str) -> Any:
    if isinstance(container, list):
        index = int(key)
        return container[index] if index < len(container) else None
    return container.get(key)


def _put(container: dict[str, Any] | list[Any], key: str, value: Any) -> None:
    if isinstance(container, list):
        index = int(key)
        if index > 64:
            raise MalformedInput(N_("too many entries in a form list"))
        while len(container) <= index:
            container.append(None)
        container[index] = value
    else:
        container[key] = value
