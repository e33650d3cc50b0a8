"""Smokers Wild's content.toml read into frozen dataclasses, checked entry by entry.

A malformed file raises :class:`~tabletop.core.errors.ContentError` naming the file,
the entry and the problem. The game's ``content`` option reads a teacher's house edition
through :func:`build`; outside a game, :func:`tabletop.games.smokers_wild.odds.kit_content`
gives the kit's own edition.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tabletop.core.content import Entries

KINDS = ("undertaker", "advertising", "occupation", "puff", "vacation", "quit")
FEE_RULES = {
    "by_status": ("smoker", "non_smoker"),
    "per_brand": ("per_brand", "per_new_smoker"),
    "lifeometer": ("base", "per_year"),
    "dice": ("dice", "per_pip"),
    "half_cash": ("round_to",),
}
#: Effect keys of a HAV' A PUFF card, in the order they are applied.
EFFECT_ORDER = (
    "quit", "lose_years", "collect", "pay_company", "pay_each_non_smoker",
    "take_company_brand", "advertising_roll", "advance_to", "advance_to_next",
)
BOOL_EFFECTS = {"quit", "take_company_brand", "advertising_roll"}
INT_EFFECTS = {"lose_years", "collect", "pay_company", "pay_each_non_smoker", "fee"}
COUNTS = {"advertising": 12, "occupation": 7, "undertaker": 1, "puff": 4, "vacation": 2, "quit": 2}


@dataclass(frozen=True, slots=True)
class Space:
    """One space of the outer track."""

    index: int
    name: str
    kind: str
    occupation: str | None = None
    fee: int = 0
    turns: int = 0


@dataclass(frozen=True, slots=True)
class Occupation:
    """An occupation card and its rule in the scale of fees."""

    name: str
    rule: str
    figures: tuple[tuple[str, int], ...]
    collects_quit_fees: bool = False

    def figure(self, key: str) -> int:
        """The figure named ``key`` (KeyError when its rule has none)."""
        for name, value in self.figures:
            if name == key:
                return value
        raise KeyError(key)


@dataclass(frozen=True, slots=True)
class Effect:
    """What one HAV' A PUFF card does to a drawer of one status (see content.toml)."""

    steps: tuple[tuple[str, Any], ...]
    fee: int = 0

    def advance(self, board: tuple[Space, ...], start: int) -> int:
        """Rule 23: how many spaces this card moves a token from ``start``, always clockwise,
        to the first space ahead with its ``advance_to`` name or ``advance_to_next`` kind
        (0 when it does not move the token)."""
        steps = dict(self.steps)
        named, kind = steps.get("advance_to"), steps.get("advance_to_next")
        ahead = ((k, board[(start + k) % len(board)]) for k in range(1, len(board) + 1))
        return next((k for k, s in ahead if s.name == named or s.kind == kind), 0)


@dataclass(frozen=True, slots=True)
class PuffCard:
    title: str
    count: int
    non_smoker: Effect
    smoker: Effect

    def effect(self, smoker: bool) -> Effect:
        return self.smoker if smoker else self.non_smoker


@dataclass(frozen=True, slots=True, eq=False)
class Content:
    """Everything Smokers Wild reads from its content file. One edition is one object (a file
    is read once), so it compares and hashes by identity: the odds cache by edition."""

    board: tuple[Space, ...]
    occupations: dict[str, Occupation]
    puff_cards: tuple[PuffCard, ...]
    start_auction: int
    start_quick: int
    brand_fee: int
    loan_unit: int
    opening_bid: int
    bid_step: int
    gone: int
    life_labels: tuple[str, ...]
    quit_fee: int
    kit_authored: tuple[str, ...]
    rulebook: str
    note: str

    @property
    def brands(self) -> tuple[str, ...]:
        """The 12 brands, in board order."""
        return tuple(s.name for s in self.board if s.kind == "advertising")


def _positive(e: Entries, entry: str, where: dict[str, Any] | None = None) -> int:
    value = e.get(entry, int, where)
    e.check(value >= 0, entry, f"should not be negative, got {value}")
    return value


def _board(e: Entries) -> tuple[Space, ...]:
    """Rule 3: the outer track of 28 spaces, 12 adverts, 8 occupations (the UNDERTAKER one
    of them), 4 HAV' A PUFF, 2 VACATION and 2 I QUIT."""
    spaces = []
    for k, raw in enumerate(e.each("board")):
        entry = f"board[{k}]"
        name = e.get(f"{entry}.name", str, raw)
        kind = e.one_of(f"{entry}.kind", KINDS, raw)
        occupation = None
        fee = turns = 0
        if kind in ("occupation", "undertaker"):
            occupation = e.get(f"{entry}.occupation", str, raw)
        if kind == "vacation":
            fee = _positive(e, f"{entry}.fee", raw)
            turns = _positive(e, f"{entry}.turns", raw)
            e.check(turns >= 1, f"{entry}.turns", "a vacation misses at least one turn")
        spaces.append(Space(k, name, kind, occupation, fee, turns))
    for kind, count in COUNTS.items():
        got = sum(s.kind == kind for s in spaces)
        e.check(got == count, "board", f"needs {count} spaces of kind {kind!r}, has {got}")
    e.check(spaces[0].kind == "undertaker", "board[0]", "the track starts at the UNDERTAKER")
    brands = [s.name for s in spaces if s.kind == "advertising"]
    e.check(len(set(brands)) == len(brands), "board", "two advertising spaces share a brand")
    return tuple(spaces)


def _occupations(e: Entries, board: tuple[Space, ...]) -> dict[str, Occupation]:
    out: dict[str, Occupation] = {}
    for k, raw in enumerate(e.each("occupations")):
        entry = f"occupations[{k}]"
        name = e.get(f"{entry}.name", str, raw)
        rule = e.one_of(f"{entry}.rule", FEE_RULES, raw)
        figures = tuple((key, _positive(e, f"{entry}.{key}", raw)) for key in FEE_RULES[rule])
        quit_fees = raw.get("collects_quit_fees", False)
        e.check(type(quit_fees) is bool, f"{entry}.collects_quit_fees", "should be true or false")
        out[name] = Occupation(name, rule, figures, quit_fees)
    on_board = [s.occupation for s in board if s.occupation]
    e.check(sorted(on_board) == sorted(out), "occupations",
            f"should describe exactly the occupations on the board: {', '.join(on_board)}")
    e.check(sum(o.collects_quit_fees for o in out.values()) == 1, "occupations",
            "exactly one occupation should have collects_quit_fees = true")
    return out


def _effect(e: Entries, entry: str, raw: Any, board: tuple[Space, ...]) -> Effect:
    e.check(isinstance(raw, dict), entry, "should be a table of effects, e.g. { collect = 50 }")
    names = [s.name for s in board]
    for key, value in raw.items():
        where = f"{entry}.{key}"
        e.check(key in EFFECT_ORDER or key == "fee", where,
                f"is not an effect; the effects are {', '.join(EFFECT_ORDER)} (and fee)")
        if key in BOOL_EFFECTS:
            e.check(value is True, where, "should be true")
        elif key in INT_EFFECTS:
            e.check(type(value) is int and value >= 0, where, "should be a whole number >= 0")
        elif key == "advance_to":
            e.check(value in names, where, f"names no space on the board: {value!r}")
            e.check(names.count(value) == 1, where, f"{value!r} is on the board more than once")
        else:
            e.check(value in KINDS and value != "undertaker", where,
                    f"should be a kind of space ({', '.join(KINDS[1:])}), not {value!r}")
    e.check(not ("advance_to" in raw and "advance_to_next" in raw), entry,
            "cannot both advance_to and advance_to_next")
    e.check(("fee" in raw) == ("take_company_brand" in raw), entry,
            "fee goes with take_company_brand, and only with it")
    steps = tuple((key, raw[key]) for key in EFFECT_ORDER if key in raw)
    return Effect(steps, raw.get("fee", 0))


def _puff_cards(e: Entries, board: tuple[Space, ...]) -> tuple[PuffCard, ...]:
    cards = []
    for k, raw in enumerate(e.each("puff_cards")):
        entry = f"puff_cards[{k}]"
        title = e.get(f"{entry}.title", str, raw)
        count = e.get(f"{entry}.count", int, raw)
        e.check(count >= 1, f"{entry}.count", "should be at least 1")
        effects = [_effect(e, f"{entry}.{status}", raw.get(status), board)
                   for status in ("non_smoker", "smoker")]
        cards.append(PuffCard(title, count, *effects))
    titles = [c.title for c in cards]
    e.check(len(set(titles)) == len(titles), "puff_cards", "two cards share a title")
    total = sum(c.count for c in cards)
    e.check(total == 24, "puff_cards", f"the deck should hold 24 cards, not {total}")
    return tuple(cards)


def build(e: Entries) -> Content:
    """The checked content of one content file (the game's ``build_content``)."""
    board = _board(e)
    labels = tuple(e.get("lifeometer.labels", list))
    gone = e.get("lifeometer.gone", int)
    e.check(gone >= 1, "lifeometer.gone", "should be at least 1")
    e.check(len(labels) == gone + 1 and all(isinstance(x, str) for x in labels),
            "lifeometer.labels", f"should be {gone + 1} texts (GO to GONE)")
    loan_unit = e.get("money.loan_unit", int)
    e.check(loan_unit > 0, "money.loan_unit", "should be more than 0")
    step = e.get("auction.step", int)
    e.check(step > 0, "auction.step", "should be more than 0")
    return Content(
        board=board,
        occupations=_occupations(e, board),
        puff_cards=_puff_cards(e, board),
        start_auction=_positive(e, "money.start_auction"),
        start_quick=_positive(e, "money.start_quick"),
        brand_fee=_positive(e, "money.brand_fee"),
        loan_unit=loan_unit,
        opening_bid=_positive(e, "auction.opening"),
        bid_step=step,
        gone=gone,
        life_labels=labels,
        quit_fee=_positive(e, "quit.fee"),
        kit_authored=tuple(e.get("edition.kit_authored", list)),
        rulebook=e.get("edition.rulebook", str),
        note=e.get("edition.note", str),
    )

