"""Hitchiker's content.toml, read and checked: the board, the money rules, the deciding rolls,
the casino's numbers, the Deal Chart and the Bad Ride deck."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tabletop.core.content import Entries, game_content

BOARD_SIZE = 42
SIMPLE_KINDS = frozenset({
    "hometown", "bad_ride", "black_market", "customs", "casino", "smash_ville", "smell_gaso",
    "saysno", "corpus_risky", "bagstuff", "remindya", "stock_wood",
})
DEAL_RESULTS = frozenset({"free", "price", "ripped_off", "shootout"})
#: Each Bad Ride effect and the parameters it needs (name -> type).
EFFECTS: dict[str, dict[str, type]] = {
    "lose_cash_part": {"divisor": int},
    "pay_bank": {"amount": int, "source": str},
    "lose_savings_part": {"divisor": int},
    "move": {"steps": int},
    "lose_contraband": {},
    "advance_to": {"kind": str},
    "death_roll": {"sides": int, "deadly": list},
    "lose_turn": {},
    "back_to_hometown": {},
    "pay_each_player": {"amount": int},
    "left_takes": {"amount": int},
}
MONEY_KEYS = (
    "start_cash", "savings_goal", "cash_goal", "welfare", "deposit_passing", "deposit_landing",
    "deposit_step", "rent_per_pip", "price_per_pip", "smash_ville", "smell_gaso_per_pip",
    "saysno_per_pip", "bagstuff", "bus_welfare", "stake_step", "free_unit_stake",
)
CASINO_KEYS = ("rounds", "bet_min", "bet_step", "house_stands", "win_pays", "blackjack_pays")
TWO_DICE_TOTALS = frozenset(range(2, 13))


@dataclass(frozen=True, slots=True)
class City:
    """One space of the loop."""

    index: int
    name: str
    kind: str
    price: int = 0  # dollars a unit, Sell cities only


@dataclass(frozen=True, slots=True)
class Deal:
    """One line of the Deal Chart."""

    roll: int
    result: str
    price: int = 0


@dataclass(frozen=True, slots=True)
class BadRide:
    """One Bad Ride card: its text and its effect with parameters."""

    id: str
    text: str
    effect: str
    params: tuple[tuple[str, Any], ...] = ()

    def get(self, name: str) -> Any:
        return dict(self.params)[name]


@dataclass(frozen=True, slots=True)
class CasinoRules:
    """The casino's numbers: rounds per landing (rule 43), the bets (rule 48, B 16), where the
    house stands (rule 51), what a win and a blackjack pay (rule 53) and whether the hands of
    a split may double down (rules 54-55, B 16)."""

    rounds: int
    bet_min: int
    bet_step: int
    house_stands: int
    win_pays: int
    blackjack_pays: int
    double_after_split: bool


@dataclass(frozen=True, slots=True)
class Content:
    """Everything the game reads from content.toml."""

    edition: dict[str, Any]
    money: dict[str, int]
    shark_attack: frozenset[int]
    remindya_escape: frozenset[int]
    casino: CasinoRules
    board: tuple[City, ...]
    deal_chart: dict[int, Deal]
    bad_ride: tuple[BadRide, ...]

    def kind_spaces(self, kind: str) -> tuple[int, ...]:
        return tuple(c.index for c in self.board if c.kind == kind)

    def chart_totals(self, result: str) -> frozenset[int]:
        """The totals of two dice whose line of the Deal Chart has ``result``."""
        return frozenset(r for r, line in self.deal_chart.items() if line.result == result)


def _totals(e: Entries, entry: str) -> frozenset[int]:
    """A list of totals of two dice (2 to 12), at least one."""
    values = e.get(entry, list)
    e.check(bool(values) and all(type(v) is int and v in TWO_DICE_TOTALS for v in values),
            entry, f"should list totals of two dice (2 to 12), not {values!r}")
    return frozenset(values)


def _casino(e: Entries) -> CasinoRules:
    values = {key: e.get(f"casino.{key}", int) for key in CASINO_KEYS}
    for key, value in values.items():
        e.check(value > 0, f"casino.{key}", f"should be more than 0, not {value}")
    e.check(values["house_stands"] <= 21, "casino.house_stands",
            f"should be 21 or less, not {values['house_stands']}")
    return CasinoRules(**values, double_after_split=e.get("casino.double_after_split", bool))


def build(e: Entries) -> Content:
    """Read and check every entry of a Hitchiker content file."""
    edition = e.get("edition", dict)
    e.get("edition.rulebook", str)
    e.check(isinstance(edition.get("kit_authored"), list), "edition.kit_authored",
            "should list the top-level entries the kit authored")
    money = {key: e.get(f"money.{key}", int) for key in MONEY_KEYS}
    for key, value in money.items():
        e.check(value > 0, f"money.{key}", f"should be more than 0, not {value}")
    board = []
    rows = e.each("board")
    e.check(len(rows) == BOARD_SIZE, "board", f"should have {BOARD_SIZE} cities, not {len(rows)}")
    for k, row in enumerate(rows):
        where = f"board[{k}]"
        name = e.get(f"{where}.name", str, row)
        kind = e.get(f"{where}.kind", str, row)
        if kind == "sell":
            price = e.get(f"{where}.price", int, row)
            e.check(price > 0, f"{where}.price", "should be more than 0")
            board.append(City(k, name, kind, price))
        else:
            e.check(kind in SIMPLE_KINDS, f"{where}.kind",
                    f"{kind!r} is not a kind of city ({', '.join(sorted(SIMPLE_KINDS))}, sell)")
            board.append(City(k, name, kind))
    names = [c.name for c in board]
    e.check(len(set(names)) == len(names), "board", "two cities have the same name")
    e.check(sum(c.kind == "hometown" for c in board) >= 7, "board",
            "needs at least 7 Hometowns (6 players and one to spare)")
    chart: dict[int, Deal] = {}
    for k, row in enumerate(e.each("deal_chart")):
        where = f"deal_chart[{k}]"
        roll = e.get(f"{where}.roll", int, row)
        result = e.one_of(f"{where}.result", DEAL_RESULTS, row)
        price = e.get(f"{where}.price", int, row) if result == "price" else 0
        e.check(result != "price" or price > 0, f"{where}.price", "should be more than 0")
        chart[roll] = Deal(roll, result, price)
    e.check(sorted(chart) == list(range(2, 13)), "deal_chart",
            "should give exactly one line for every roll from 2 to 12")
    cards = []
    for k, row in enumerate(e.each("bad_ride")):
        where = f"bad_ride[{k}]"
        card_id = e.get(f"{where}.id", str, row)
        text = e.get(f"{where}.text", str, row)
        effect = e.get(f"{where}.effect", str, row)
        e.check(effect in EFFECTS, f"{where}.effect",
                f"{effect!r} is not one of {', '.join(sorted(EFFECTS))}")
        params = tuple((p, e.get(f"{where}.{p}", t, row)) for p, t in EFFECTS[effect].items())
        cards.append(BadRide(card_id, text, effect, params))
    e.check(bool(cards), "bad_ride", "the deck needs at least one card")
    e.check(len({c.id for c in cards}) == len(cards), "bad_ride", "two cards have the same id")
    return Content(edition, money, _totals(e, "rolls.shark_attack"),
                   _totals(e, "rolls.remindya_escape"), _casino(e), tuple(board), chart,
                   tuple(cards))


def kit_content() -> Content:
    """The kit's own edition (a game's edition is ``game.content``)."""
    return game_content("hitchiker", build)
