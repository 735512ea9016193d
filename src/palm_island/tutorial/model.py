"""Provides :class:`Tutorial` and :func:`parse_tutorial`: the lesson file, checked.

Checked beyond its schema against the engine: the deal names each building once,
every move a step asks for is legal where the steps before it leave the game,
and an automatic step a text speaks of ("shows") really happens on that step's
last move. What a step points at is derived from its move, never trusted.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..engine import (
    Catalog,
    CatalogError,
    GameState,
    IllegalMoveError,
    InvalidMoveError,
    Move,
    RoundEnded,
    StoredCardReturned,
    apply_move,
    is_legal,
    new_game,
    score,
)

if TYPE_CHECKING:
    from .schema import StepData

EVENT_TYPES = {"round_ended": RoundEnded, "stored_card_returned": StoredCardReturned}


@dataclass(frozen=True, slots=True)
class Mark:
    """The card a step is about (1-3; 0: none) and the action line on it, if one."""

    card: int
    action: str | None = None


@dataclass(frozen=True, slots=True)
class Lesson:
    """One step: what to do and why; the moves it waits for (none: read, press enter)."""

    title: str
    text: str
    moves: tuple[Move, ...]
    mark: Mark
    start: GameState
    """The position the step begins in."""

    @property
    def reading(self) -> bool:
        return not self.moves


@dataclass(frozen=True, slots=True)
class Tutorial:
    """The whole guided game: its deal and its steps, each with its starting position."""

    title: str
    deal: tuple[int, ...]
    lessons: tuple[Lesson, ...]

    @property
    def moves(self) -> tuple[Move, ...]:
        """Every scripted move, in order."""
        return tuple(m for lesson in self.lessons for m in lesson.moves)

    def moves_before(self, step: int) -> int:
        """How many scripted moves the steps before ``step`` play."""
        return sum(len(lesson.moves) for lesson in self.lessons[:step])


def parse_tutorial(text: str, catalog: Catalog, source: str = "tutorial.json") -> Tutorial:
    """Validate the lesson file's text against its schema and against the rules.

    Raises:
        CatalogError: naming ``source`` and the path inside the file.
    """
    import json

    from pydantic import ValidationError

    from .schema import TutorialFile

    try:
        raw = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CatalogError(source, f"line {exc.lineno} column {exc.colno}", exc.msg) from None
    try:
        data = TutorialFile.model_validate(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        more = exc.error_count() - 1
        suffix = f" (and {more} more problem{'s' if more > 1 else ''})" if more else ""
        raise CatalogError(source, _path(first["loc"]), f"{first['msg']}{suffix}") from None
    deal = _deal(data.deal, catalog, source)
    state = new_game(catalog, deal=deal)
    lessons = []
    for i, step in enumerate(data.steps):
        where = f"steps[{i}]"
        start = state
        if step.score is not None and score(state).total != step.score:
            problem = f"the score here is {score(state).total}, not {step.score}"
            raise CatalogError(source, f"{where}.score", problem)
        moves: list[Move] = []
        seen: set[type] = set()
        for j, notation in enumerate(step.moves):
            try:
                move = Move.parse(notation)
            except InvalidMoveError as exc:
                raise CatalogError(source, f"{where}.moves[{j}]", str(exc)) from None
            if state.is_over or not is_legal(state, move):
                raise CatalogError(
                    source, f"{where}.moves[{j}]", f"{notation!r} is not legal at this point"
                )
            try:
                transition = apply_move(state, move)
            except IllegalMoveError as exc:  # is_legal said yes; kept for safety
                raise CatalogError(source, f"{where}.moves[{j}]", str(exc)) from None
            state = transition.state
            moves.append(move)
            if j == len(step.moves) - 1:
                seen = {type(event) for event in transition.events}
        for k, shown in enumerate(step.shows):
            if EVENT_TYPES[shown] not in seen:
                raise CatalogError(
                    source,
                    f"{where}.shows[{k}]",
                    f"{shown} does not happen on this step's last move",
                )
        lessons.append(Lesson(step.title, step.text, tuple(moves), _mark(step, moves), start))
    return Tutorial(data.title, deal, tuple(lessons))


def _deal(codes: list[str], catalog: Catalog, source: str) -> tuple[int, ...]:
    ids = {spec.code: i for i, spec in enumerate(catalog) if not spec.is_round_tracker}
    for i, code in enumerate(codes):
        if code not in ids:
            raise CatalogError(source, f"deal[{i}]", f"{code!r} is not a building code")
        if codes.index(code) != i:
            raise CatalogError(source, f"deal[{i}]", f"{code!r} is dealt twice")
    return tuple(ids[code] for code in codes)


def _path(loc: tuple[int | str, ...]) -> str:
    """``steps[3].moves[0]`` from pydantic's location of an error."""
    return "".join(f"[{part}]" if isinstance(part, int) else f".{part}" for part in loc).lstrip(".")


def _mark(step: StepData, moves: list[Move]) -> Mark:
    """A move step marks the card and action of its first move; a reading step its mark."""
    if moves:
        move = moves[0]
        return Mark(1 if move.kind == "discard" else move.card, move.kind)
    if step.mark is None:
        return Mark(0)
    return Mark(step.mark.card, step.mark.action)
