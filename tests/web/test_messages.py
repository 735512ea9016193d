"""What a browser sends on its websocket, as :func:`palm_island.web.messages.decode`
reads it: the protocol's messages come out typed; anything else is None, never an
exception (an exception in the handler ended the tab). Property-tested over JSON
values, lone surrogates and deep nesting."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from palm_island.web.messages import MAX_PING_CHARS, Focus, Keys, Ping, Resize, decode
from palm_island.web.tab_game import DEFAULT_SIZE, MAX_SIZE, MIN_SIZE

ANY_CHARACTER = st.characters(codec=None, categories=None)
"""Every code point, lone surrogates (category Cs) included."""
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(ANY_CHARACTER, max_size=20),
    lambda children: (
        st.lists(children, max_size=4)
        | st.dictionaries(st.text(ANY_CHARACTER, max_size=8), children, max_size=4)
    ),
    max_leaves=30,
)
KINDS = st.sampled_from(["stdin", "resize", "ping", "focus", "blur"]) | JSON_VALUES

MALFORMED_FROM_THE_ISSUE = [
    "[[1],2]",
    '[{"a":1}]',
    '["stdin","\\ud800"]',
    "[" * 30_000 + "]" * 30_000,
]
"""The four frames that ended a tab on 3e28f23 (issue 45, item 5)."""


def well_formed(message: object) -> None:
    """A decoded message holds only what the server can pass on safely."""
    if isinstance(message, Keys):
        assert message.text and message.text.encode("utf-8")
    elif isinstance(message, Resize):
        assert MIN_SIZE[0] <= message.width <= MAX_SIZE[0]
        assert MIN_SIZE[1] <= message.height <= MAX_SIZE[1]
    elif isinstance(message, Ping):
        json.dumps(["pong", message.payload], allow_nan=False).encode("utf-8")
    else:
        assert message is None or isinstance(message, Focus)


@pytest.mark.parametrize("frame", MALFORMED_FROM_THE_ISSUE, ids=["list", "dict", "lone", "deep"])
def test_the_frames_that_ended_a_tab_are_ignored(frame: str) -> None:
    assert decode(frame) is None


@settings(max_examples=100, deadline=None)
@given(kind=KINDS, rest=st.lists(JSON_VALUES, max_size=3))
def test_any_json_envelope_decodes_to_a_safe_message_or_none(
    kind: object, rest: list[object]
) -> None:
    frame = json.dumps([kind, *rest])  # ensure_ascii: lone surrogates become \ud800 escapes
    well_formed(decode(frame))


@settings(max_examples=100, deadline=None)
@given(value=JSON_VALUES)
def test_any_json_value_decodes_to_a_safe_message_or_none(value: object) -> None:
    well_formed(decode(json.dumps(value)))


@settings(max_examples=200, deadline=None)
@given(frame=st.text(ANY_CHARACTER, max_size=60))
def test_any_text_at_all_decodes_to_a_safe_message_or_none(frame: str) -> None:
    well_formed(decode(frame))


@settings(max_examples=30, deadline=None)
@given(
    depth=st.integers(min_value=1, max_value=60_000),
    opener=st.sampled_from(["[", '{"a":', '["stdin",', '["resize",{"width":']),
)
def test_nesting_of_any_depth_is_ignored_or_read(depth: int, opener: str) -> None:
    closer = {"[": "]", '{"a":': "}", '["stdin",': "]", '["resize",{"width":': "}]"}[opener]
    well_formed(decode(opener * depth + "1" + closer * depth))


@given(text=st.text(ANY_CHARACTER, min_size=1, max_size=30))
def test_keys_come_through_unless_they_are_not_valid_unicode(text: str) -> None:
    decoded = decode(json.dumps(["stdin", text]))
    valid = not any(0xD800 <= ord(c) <= 0xDFFF for c in text)
    assert decoded == (Keys(text) if valid else None)


def test_the_protocols_messages_are_read() -> None:
    assert decode('["stdin", "n"]') == Keys("n")
    assert decode('["resize", {"width": 120, "height": 40}]') == Resize(120, 40)
    assert decode('["resize", {"width": "90", "height": 30}]') == Resize(90, 30)
    assert decode('["resize", {"width": 99999, "height": 1}]') == Resize(MAX_SIZE[0], MIN_SIZE[1])
    assert decode('["resize", {"width": [1], "height": true}]') == Resize(*DEFAULT_SIZE)
    assert decode('["ping", "1700000000"]') == Ping("1700000000")
    assert decode('["ping", 12.5]') == Ping(12.5)
    assert decode('["focus"]') == Focus(True)
    assert decode('["blur"]') == Focus(False)


@pytest.mark.parametrize(
    "frame",
    [
        "",
        "null",
        "[]",
        '"stdin"',
        '["stdin"]',
        '["stdin", 1]',
        '["stdin", ""]',
        '["resize", [80, 24]]',
        '["ping", NaN]',
        '["ping", Infinity]',
        '["ping", true]',
        '["ping", {"a": 1}]',
        json.dumps(["ping", "x" * (MAX_PING_CHARS + 1)]),
        '["ping", "\\udc00"]',
        '["deliver_file_start", "x"]',
        '["STDIN", "n"]',
        "[1e999999]",
        "[" + "9" * 5000 + "]",
    ],
    ids=lambda frame: frame[:24],
)
def test_anything_else_is_ignored(frame: str) -> None:
    assert decode(frame) is None
