"""RUSH's content.toml read into frozen dataclasses, checked entry by entry.

``build(entries)`` is the game's content builder: a malformed file raises
:class:`~tabletop.core.errors.ContentError` naming the file, the entry and the problem.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tabletop.core.content import Entries

KINDS = ("home", "jail", "party_time", "loan_shark", "connection", "robbery", "push",
         "chance", "take_a_pill", "be_a_pimp", "lucky_day")
#: Each kind of space with the figures it prints.
FIGURES = {"connection": ("price",), "push": ("price",), "robbery": ("dice", "per_pip")}
#: Kinds that must be on the board exactly once.
ONCE = ("home", "jail")
#: Kinds where Cop markers gather.
COP_KINDS = frozenset({"connection", "robbery"})
#: Every Chance effect word, and whether it takes an ``amount``.
PUBLIC_EFFECTS = {
    "party_time": False, "advance_home": False, "go_to_jail": False, "take_pill": False,
    "collect": True, "lose_half_money": False, "lose_sense": False, "gain_sense": False,
    "raid": False, "tip_off": False, "pills_from_dish": True, "pills_to_dish": True,
    "back": True, "zonkometer": True, "pay_each": True,
}
SECRET_EFFECTS = {"get_out_of_jail": False, "wake": False, "antidote": False, "lawyer": False,
                  "pickpocket": True}
DIE_FACES = 6
MOST_PLAYERS = 6
TWO_DICE_TOTALS = range(2, 13)


@dataclass(frozen=True, slots=True)
class Space:
    """One space of the loop, with the figures its kind prints (0 where it has none)."""

    index: int
    name: str
    kind: str
    price: int = 0
    dice: int = 0
    per_pip: int = 0

    @property
    def watched(self) -> bool:
        """Whether Cops come here (Connections and robberies)."""
        return self.kind in COP_KINDS


@dataclass(frozen=True, slots=True)
class Card:
    """One kind of Chance card: how many the deck holds and what it does."""

    title: str
    count: int
    effect: str
    text: str
    amount: int = 0
    secret: bool = False


@dataclass(frozen=True, slots=True, eq=False)
class Content:
    """Everything RUSH reads from its content file (one object per file read, compared and
    hashed by identity, so the odds computed from it can be kept)."""

    board: tuple[Space, ...]
    senses: tuple[str, ...]
    zonk_low: int
    zonk_high: int
    zonk_start: int
    coma_track: tuple[str, ...]
    coma_steps: tuple[int, ...]
    start_money: int
    welfare: int
    bribe: int
    pills_in_box: int
    start_pills: int
    most_per_buy: int
    loan_most: int
    repay_factor: int
    min_bet: int
    printed_odds: dict[int, int]
    ladies: tuple[int, ...]
    cards: tuple[Card, ...]
    kit_authored: tuple[str, ...]
    rulebook: str
    note: str

    def first(self, kind: str) -> int:
        """The index of the first space of ``kind``."""
        return next(s.index for s in self.board if s.kind == kind)

    @property
    def awake(self) -> int:
        """The last step of the coma track."""
        return len(self.coma_track) - 1

    def card(self, title: str) -> Card:
        return next(c for c in self.cards if c.title == title)


def _whole(e: Entries, entry: str, low: int = 0, where: dict[str, Any] | None = None) -> int:
    """The whole number at ``entry``, at least ``low``."""
    value = e.get(entry, int, where)
    e.check(value >= low, entry, f"should be at least {low}, got {value}")
    return value


def _board(e: Entries) -> tuple[Space, ...]:
    spaces: list[Space] = []
    for raw in e.each("board"):
        entry = f"board[{len(spaces)}]"
        kind = e.one_of(f"{entry}.kind", KINDS, raw)
        figures = {f: _whole(e, f"{entry}.{f}", 1, raw) for f in FIGURES.get(kind, ())}
        extra = sorted(set(raw) - {"name", "kind", *figures})
        if extra:
            raise e.fail(f"{entry}.{extra[0]}", f"a {kind} space prints no such figure")
        spaces.append(Space(len(spaces), e.get(f"{entry}.name", str, raw), kind, **figures))
    e.check(len(spaces) >= 8, "board", f"needs at least 8 spaces, has {len(spaces)}")
    for kind in ONCE:
        got = sum(s.kind == kind for s in spaces)
        e.check(got == 1, "board", f"needs exactly one {kind} space, has {got}")
    e.check(spaces[0].kind == "home", "board[0]", "the loop starts at Home")
    names = [s.name for s in spaces]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise e.fail("board", f"two spaces share the name {twice[0]!r}")
    return tuple(spaces)


def _cards(e: Entries, board: tuple[Space, ...]) -> tuple[Card, ...]:
    cards = []
    words = {**PUBLIC_EFFECTS, **SECRET_EFFECTS}
    for k, raw in enumerate(e.each("chance")):
        entry = f"chance[{k}]"
        effect = e.one_of(f"{entry}.effect", words, raw)
        secret = raw.get("secret", False)
        e.check(type(secret) is bool, f"{entry}.secret", "should be true or false")
        should = ("be secret (it is kept and played later)" if effect in SECRET_EFFECTS
                  else "not be secret (it acts at once)")
        e.check(secret == (effect in SECRET_EFFECTS), f"{entry}.secret",
                f"a {effect} card should {should}")
        amount = 0
        if words[effect]:
            amount = e.get(f"{entry}.amount", int, raw)
            if effect == "back":
                e.check(0 < amount < len(board), f"{entry}.amount",
                        f"goes back 1 to {len(board) - 1} spaces, not {amount}")
            else:
                e.check(amount != 0 and (effect == "zonkometer" or amount > 0),
                        f"{entry}.amount", f"should be more than 0, got {amount}")
        else:
            e.check("amount" not in raw, f"{entry}.amount", f"{effect} takes no amount")
        cards.append(Card(e.get(f"{entry}.title", str, raw), _whole(e, f"{entry}.count", 1, raw),
                          effect, e.get(f"{entry}.text", str, raw), amount, secret))
    titles = [c.title for c in cards]
    e.check(len(set(titles)) == len(titles), "chance", "two kinds of card share a title")
    e.check(bool(cards), "chance", "the deck needs at least one card")
    if any(c.effect == "tip_off" for c in cards):
        e.check(any(s.watched for s in board), "chance",
                "a tip_off card needs a Connection or robbery on the board")
    return tuple(cards)


def _coma(e: Entries) -> tuple[tuple[str, ...], tuple[int, ...]]:
    track = tuple(e.get("coma.track", list))
    e.check(len(track) >= 2 and all(isinstance(t, str) for t in track), "coma.track",
            "should be at least two texts, from the darkest step to AWAKE")
    steps = tuple(e.get("coma.steps", list))
    e.check(len(steps) == DIE_FACES, "coma.steps", f"needs one entry per die face, {DIE_FACES}")
    e.check(all(type(s) is int and s != 0 and abs(s) < len(track) for s in steps), "coma.steps",
            f"each step is a whole number other than 0, shorter than the track ({len(track)})")
    return track, steps


def _zonkometer(e: Entries) -> tuple[int, int, int]:
    low = _whole(e, "zonkometer.low")
    high = e.get("zonkometer.high", int)
    e.check(high > low, "zonkometer.high", f"should be above the low end ({low})")
    start = e.get("zonkometer.start", int)
    e.check(low <= start <= high, "zonkometer.start", f"should be from {low} to {high}")
    return low, high, start


def _odds(e: Entries) -> dict[int, int]:
    table = e.get("lucky_day.printed", dict)
    wanted = {str(t) for t in TWO_DICE_TOTALS}
    e.check(set(table) == wanted, "lucky_day.printed",
            "should give the odds of every total from 2 to 12, and nothing else")
    return {int(t): _whole(e, f"lucky_day.printed.{t}", 1, table) for t in sorted(table, key=int)}


def build(e: Entries) -> Content:
    """Read and check every entry of RUSH's content file."""
    board = _board(e)
    senses = tuple(e.get("senses.names", list))
    e.check(len(senses) == DIE_FACES - 1 and all(isinstance(s, str) for s in senses)
            and len(set(senses)) == len(senses), "senses.names",
            f"should be {DIE_FACES - 1} different texts, one for each die face but the 6")
    low, high, start = _zonkometer(e)
    track, steps = _coma(e)
    ladies = tuple(e.get("ladies.amounts", list))
    e.check(all(type(a) is int and a > 0 for a in ladies), "ladies.amounts",
            "each lady collects a whole number of dollars, more than 0")
    pills = _whole(e, "supplies.pills")
    start_pills = _whole(e, "supplies.start_pills")
    e.check(start_pills * MOST_PLAYERS <= pills, "supplies.pills",
            f"the box should hold the start pills of {MOST_PLAYERS} players "
            f"({start_pills * MOST_PLAYERS})")
    return Content(
        board=board, senses=senses, zonk_low=low, zonk_high=high, zonk_start=start,
        coma_track=track, coma_steps=steps,
        start_money=_whole(e, "money.start"), welfare=_whole(e, "money.welfare"),
        bribe=_whole(e, "money.bribe"), pills_in_box=pills, start_pills=start_pills,
        most_per_buy=_whole(e, "supplies.most_per_buy", 1),
        loan_most=_whole(e, "loan_shark.most", 1),
        repay_factor=_whole(e, "loan_shark.repay_factor", 1),
        min_bet=_whole(e, "lucky_day.min_bet", 1), printed_odds=_odds(e), ladies=ladies,
        cards=_cards(e, board),
        kit_authored=tuple(e.get("edition.kit_authored", list)),
        rulebook=e.get("edition.rulebook", str), note=e.get("edition.note", str),
    )
