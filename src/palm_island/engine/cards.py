"""Provides what a card *is*: orientations, faces, actions and the whole catalog.

A :class:`Catalog` is built from the text of ``data/cards.json`` by
:func:`parse_catalog`; the engine never opens a file itself. Besides the readable
objects, the catalog keeps flat per-(card, orientation) tables so the rules can
look a face up with one index in their hot loops.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from enum import IntEnum
from typing import TYPE_CHECKING, Final, Literal, NamedTuple

from .errors import CatalogError

if TYPE_CHECKING:  # the schema (pydantic) is imported only when a file is parsed
    from .movegen import MoveMemo
    from .schema import (
        ActionData,
        BuildingData,
        CardsFile,
        FaceData,
        FacesHolder,
        TrackerFaceData,
    )

DECK_SIZE: Final = 17
"""16 building cards and the round tracker (R1); feat cards in play add to it (R30)."""
BUILDINGS: Final = 16
ROUNDS: Final = 8
"""The game ends when round 8 ends (R25)."""

ActionKind = Literal["store", "rotate", "flip"]


class Orientation(IntEnum):
    """The four ways a card can face the player (R3); only the top half is active."""

    FRONT_UP = 0
    FRONT_DOWN = 1
    BACK_UP = 2
    BACK_DOWN = 3

    @property
    def rotated(self) -> Orientation:
        """R10: turn 180° on the same side."""
        return Orientation(self ^ 1)

    @property
    def flipped(self) -> Orientation:
        """R11: turn over left to right; the top edge stays on top."""
        return Orientation(self ^ 2)

    @property
    def key(self) -> str:
        """The name used in the data file (``front_up`` …)."""
        return self.name.lower()

    @property
    def short(self) -> str:
        """The two-letter form used in position notation (``FU`` …)."""
        return "".join(part[0] for part in self.name.split("_"))


class Resources(NamedTuple):
    """An amount of each resource (R2)."""

    wood: int = 0
    fish: int = 0
    stone: int = 0

    def __add__(self, other: object) -> Resources:
        if not isinstance(other, Resources):
            return NotImplemented
        return Resources(self.wood + other.wood, self.fish + other.fish, self.stone + other.stone)

    @property
    def total(self) -> int:
        return self.wood + self.fish + self.stone

    def __str__(self) -> str:
        parts = [f"{n} {name}" for name, n in zip(self._fields, self, strict=True) if n]
        return " + ".join(parts) if parts else "nothing"


@dataclass(frozen=True, slots=True)
class Action:
    """An action printed on a face (R8)."""

    kind: ActionKind
    cost: tuple[Resources, ...]
    """Alternatives separated by "/" on the card (R17); empty means free (R14)."""
    to: Orientation | None
    """The orientation after a rotate or flip; ``None`` for store."""

    @property
    def free(self) -> bool:
        return not self.cost

    def cost_text(self) -> str:
        """The cost as printed: ``free``, ``1 wood + 1 fish`` or ``2 wood / 2 fish``."""
        return " / ".join(str(alt) for alt in self.cost) if self.cost else "free"


@dataclass(frozen=True, slots=True)
class Face:
    """The active half of a card in one orientation (R3)."""

    orientation: Orientation
    yields: Resources
    """What the card holds while stored (R9)."""
    stars: int
    upgrades: int
    actions: tuple[Action, ...]
    label: str = ""
    """For the round tracker: the rounds printed on this half, e.g. ``2/6``."""

    def action(self, kind: ActionKind) -> Action | None:
        """The action of that kind printed here, if any."""
        return next((a for a in self.actions if a.kind == kind), None)


@dataclass(frozen=True, slots=True)
class CardSpec:
    """One physical card of the deck, with all four faces."""

    id: int
    """0-15 for buildings in alphabetical order of code, 16 for the round tracker,
    17 and up for feat cards (R30)."""
    code: str
    """Short, unique name used in notation: ``CH1`` … ``TE2``, ``MK``, ``RT``."""
    type: str
    name: str
    faces: tuple[Face, Face, Face, Face]

    @property
    def is_round_tracker(self) -> bool:
        return self.type == "round_tracker"

    def face(self, orientation: Orientation) -> Face:
        return self.faces[orientation]


@dataclass(frozen=True, slots=True)
class VillageRank:
    """One band of the solo score chart (R27)."""

    min: int
    title: str


class Catalog:
    """Every card of one deck, the score chart and the deck colours.

    Cards are addressed by id inside the engine and by code in notation: the 16
    buildings are 0-15, the round tracker 16, and feat cards (R30), when the
    catalog carries any, 17 and up (see :meth:`with_cards`).
    """

    __slots__ = (
        "_by_code",
        "cards",
        "colours",
        "edition",
        "first_copy",
        "ranks",
        "rules_memo",
        "tracker_id",
    )

    def __init__(
        self,
        cards: tuple[CardSpec, ...],
        ranks: tuple[VillageRank, ...],
        colours: tuple[str, ...],
        edition: str,
        tracker_id: int | None = None,
    ) -> None:
        self.cards = cards
        self.ranks = ranks
        self.colours = colours
        self.edition = edition
        self.tracker_id: int = len(cards) - 1 if tracker_id is None else tracker_id
        """The round tracker's id: explicit, because feat cards come after it."""
        self._by_code = {card.code: card.id for card in cards}
        firsts: dict[tuple[str, tuple[Face, ...]], int] = {}
        self.first_copy: tuple[int, ...] = tuple(
            firsts.setdefault((card.type, card.faces), card.id) for card in cards
        )
        """Per card id: the first card of the same type and faces. Copies of a building
        (CH1-CH3, ...) play alike, so a search and the bound treat them as one."""
        self.rules_memo: MoveMemo | None = None
        """The legal moves and steps met so far, and the tables they are built from
        (:func:`~.movegen.rules_of` builds them on first use)."""

    def __reduce__(self) -> tuple[type[Catalog], tuple[object, ...]]:
        """Pickle the cards, not :attr:`rules_memo` (rebuilt on first use)."""
        return (Catalog, (self.cards, self.ranks, self.colours, self.edition, self.tracker_id))

    def __iter__(self) -> Iterator[CardSpec]:
        return iter(self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    @property
    def feat_ids(self) -> tuple[int, ...]:
        """Ids of the feat cards this catalog knows (after the tracker), maybe none."""
        return tuple(range(self.tracker_id + 1, len(self.cards)))

    def with_cards(self, extra: tuple[CardSpec, ...]) -> Catalog:
        """A new catalog with ``extra`` cards (feat cards, R30) after the tracker.

        The building and tracker ids stay as they were, so records and positions
        of games without feats read the same with either catalog.

        Raises:
            ValueError: an extra card's id does not follow on, or its code is taken.
        """
        for offset, spec in enumerate(extra):
            if spec.id != len(self.cards) + offset:
                raise ValueError(f"card {spec.code} needs id {len(self.cards) + offset}")
        codes = [c.code for c in (*self.cards, *extra)]
        taken = sorted({c for c in codes if codes.count(c) > 1})
        if taken:
            raise ValueError(f"card code used twice: {', '.join(taken)}")
        return Catalog(
            (*self.cards, *extra), self.ranks, self.colours, self.edition, self.tracker_id
        )

    def card(self, card_id: int) -> CardSpec:
        return self.cards[card_id]

    def id_of(self, code: str) -> int:
        """The id of the card with this code; ``KeyError`` if there is none."""
        return self._by_code[code]

    def has_code(self, code: str) -> bool:
        return code in self._by_code

    def rank(self, score: int) -> str:
        """The village rank for a solo score (R27)."""
        for band in self.ranks:
            if score >= band.min:
                return band.title
        return self.ranks[-1].title


def parse_catalog(text: str, source: str = "cards.json") -> Catalog:
    """Validate the card data file's text and build the catalog.

    Raises:
        CatalogError: naming ``source`` and the path inside it, for bad JSON, a
            schema error, or data that breaks a rule (R10/R11 targets, deck size).
    """
    import json  # here, not at the top: a game started from the cache never parses

    from pydantic import ValidationError

    from .schema import CardsFile

    try:
        raw = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CatalogError(source, f"line {exc.lineno} column {exc.colno}", exc.msg) from None
    try:
        data = CardsFile.model_validate(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = error_path(first["loc"])
        more = exc.error_count() - 1
        suffix = f" (and {more} more problem{'s' if more > 1 else ''})" if more else ""
        raise CatalogError(source, where, f"{first['msg']}{suffix}") from None
    return _build(data, source)


def error_path(loc: tuple[int | str, ...]) -> str:
    path = ""
    for part in loc:
        if part == "[key]":  # pydantic marks a bad dict key this way; the key says enough
            continue
        path += f"[{part}]" if isinstance(part, int) else (f".{part}" if path else str(part))
    return path or "(top level)"


def _build(data: CardsFile, source: str) -> Catalog:
    cards: list[CardSpec] = []
    buildings: list[tuple[str, BuildingData, tuple[Face, Face, Face, Face]]] = []
    for b_index, building in enumerate(data.buildings):
        faces = _building_faces(building, f"buildings[{b_index}]", source)
        for copy in range(1, building.copies + 1):
            code = f"{building.code}{copy}" if building.copies > 1 else building.code
            buildings.append((code, building, faces))
    # Ids follow the codes alphabetically, so sorting stored cards by id sorts them
    # by code, the order payments are written in.
    for code, building, faces in sorted(buildings, key=lambda b: b[0]):
        cards.append(CardSpec(len(cards), code, building.type, building.name, faces))
    if len(cards) != BUILDINGS:
        raise CatalogError(source, "buildings", f"copies add up to {len(cards)}, need {BUILDINGS}")
    tracker = data.round_tracker
    front_up, front_down, back_up, back_down = (
        _tracker_face(getattr(tracker.faces, o.key), o, f"round_tracker.faces.{o.key}", source)
        for o in Orientation
    )
    tracker_faces = (front_up, front_down, back_up, back_down)
    _check_tracker_cycle(tracker_faces, source)
    cards.append(CardSpec(len(cards), tracker.code, "round_tracker", tracker.name, tracker_faces))
    codes = [card.code for card in cards]
    duplicate = next((c for c in codes if codes.count(c) > 1), None)
    if duplicate:
        raise CatalogError(source, "buildings", f"card code {duplicate!r} is used twice")
    ranks = tuple(VillageRank(r.min, r.title) for r in data.village_ranks)
    if [r.min for r in ranks] != sorted({r.min for r in ranks}, reverse=True) or ranks[-1].min:
        raise CatalogError(source, "village_ranks", "bands must go down strictly and end at 0")
    return Catalog(
        tuple(cards), ranks, tuple(data.deck_colours), data.edition, tracker_id=BUILDINGS
    )


def _building_faces(
    building: BuildingData | FacesHolder, where: str, source: str
) -> tuple[Face, Face, Face, Face]:
    """A building's (or a feat card's, R30) four faces, checked against R9-R11."""
    faces = []
    for orientation in Orientation:
        face: FaceData = getattr(building.faces, orientation.key)
        path = f"{where}.faces.{orientation.key}"
        actions = tuple(
            _action(a, orientation, f"{path}.actions[{i}]", source)
            for i, a in enumerate(face.actions)
        )
        kinds = [a.kind for a in actions]
        if len(set(kinds)) != len(kinds):
            raise CatalogError(source, f"{path}.actions", "an action kind is listed twice")
        yields = Resources(**face.yields)
        faces.append(Face(orientation, yields, face.stars, face.upgrades, actions))
    return faces[0], faces[1], faces[2], faces[3]


def _action(data: ActionData, orientation: Orientation, where: str, source: str) -> Action:
    """Check an action against R9-R11 and turn it into an :class:`Action`."""
    cost = tuple(Resources(**alt) for alt in data.cost)
    if data.kind == "store":
        if data.to is not None:
            raise CatalogError(source, f"{where}.to", "store keeps the face; 'to' must be absent")
        return Action("store", cost, None)
    expected = orientation.rotated if data.kind == "rotate" else orientation.flipped
    if data.to != expected.key:
        rule = "R10" if data.kind == "rotate" else "R11"
        raise CatalogError(
            source,
            f"{where}.to",
            f"{data.kind} from {orientation.key} leads to {expected.key} ({rule}), not {data.to}",
        )
    return Action(data.kind, cost, expected)


def _tracker_face(data: TrackerFaceData, o: Orientation, where: str, source: str) -> Face:
    action = _action(data.actions[0], o, f"{where}.actions[0]", source)
    first, second = data.rounds
    if second != first + 4 or not data.label.startswith(f"{first}/{second}"):
        raise CatalogError(source, f"{where}.rounds", "a tracker half shows round n and n+4 (R22)")
    if action.kind == "store" or not action.free:
        raise CatalogError(
            source, f"{where}.actions[0]", "the tracker turns with a free rotate or flip"
        )
    return Face(o, Resources(), 0, 0, (action,), data.label)


def _check_tracker_cycle(faces: tuple[Face, ...], source: str) -> None:
    """R22: following the tracker's actions from 1/5 must show rounds 1, 2, 3, 4, 1."""
    orientation = Orientation.FRONT_UP
    for expected in range(1, 5):
        label = faces[orientation].label
        if not label.startswith(str(expected)):
            raise CatalogError(
                source,
                f"round_tracker.faces.{orientation.key}",
                f"round {expected} should be shown here after {expected - 1} round ends",
            )
        target = faces[orientation].actions[0].to
        assert target is not None
        orientation = target
    if orientation != Orientation.FRONT_UP:
        raise CatalogError(source, "round_tracker.faces", "after round 4 the tracker must show 1/5")
