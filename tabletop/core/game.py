"""The game runner: rules written as turn code that asks for decisions.

A game subclasses :class:`Game`: ``setup()`` lays out the table and ``play()`` is a
generator that follows the rulebook's order of play, ``yield``-ing a
:class:`~tabletop.core.decisions.Decision` wherever a player must decide and
receiving the chosen action back. The runner records every action, so the seed,
the options and the actions replay the game exactly: that gives save/load, undo
and "what if" for free.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Generator, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, ClassVar

from .chance import Chance, Script, total_probability
from .decisions import Action, Amount, Decision
from .errors import IllegalAction, OptionError
from .events import Event
from .options import Option, resolve_options

SAVE_FORMAT = "tabletop-save"
SAVE_VERSION = 1
Flow = Generator[Decision, Action, "Result"]


@dataclass(frozen=True)
class Result:
    """How a game ended: the winners, everyone ranked best first, why, and per-player figures."""

    winners: tuple[str, ...]
    ranking: tuple[str, ...]
    reason: str
    figures: dict[str, dict[str, int | float]] = field(default_factory=dict)


def seat_names(players: int | Sequence[str], low: int, high: int, game: str) -> tuple[str, ...]:
    """Player names from a list of names or a head count, checked against the game's limits."""
    if isinstance(players, int) and not isinstance(players, bool):
        names = tuple(f"Player {k}" for k in range(1, players + 1))
    elif isinstance(players, Sequence) and not isinstance(players, str):
        names = tuple(players)
    else:
        raise OptionError(f"{game}: players should be a list of names or a number, not {players!r}")
    if not all(isinstance(n, str) and n.strip() for n in names):
        raise OptionError(f"{game}: every player needs a name (text), got {list(names)!r}")
    if len(set(names)) != len(names):
        raise OptionError(f"{game}: two players have the same name in {list(names)!r}")
    if not low <= len(names) <= high:
        raise OptionError(f"{game} is for {low} to {high} players, not {len(names)}")
    return names


def canonical_json(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


class Game:
    """One game in progress, driven through the engine contract of DESIGN.md."""

    name: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    OPTIONS: ClassVar[Mapping[str, Option]] = {}

    def __init__(
        self,
        players: int | Sequence[str] = 3,
        seed: int = 0,
        script: Script | None = None,
        **options: Any,
    ) -> None:
        if type(seed) is not int:
            raise OptionError(f"{self.name}: the seed should be a whole number, not {seed!r}")
        self.players: tuple[str, ...] = seat_names(
            players, self.min_players, self.max_players, self.name
        )
        self.seed = seed
        self.script = script
        self.options = resolve_options(self.name, self.OPTIONS, options)
        self.chance = Chance(seed, script)
        self.events: list[Event] = []
        self.actions: list[Action] = []
        self.chance_count = 0
        self._result: Result | None = None
        self.setup()
        self._flow = self.play()
        self._pending: Decision | None = None
        self._advance(None)

    # -- what a game defines --------------------------------------------------------
    def setup(self) -> None:
        """Lay out the table: accounts, decks, tokens (before the first decision)."""

    def play(self) -> Flow:
        """The whole game, in the rulebook's order of play; returns the :class:`Result`."""
        raise NotImplementedError

    def table_view(self, player: str | None) -> dict[str, Any]:
        """What ``player`` may see of the table (``None``: a spectator)."""
        raise NotImplementedError

    def conserved(self) -> dict[str, int]:
        """Quantities no rule may create or destroy (money in the ledger, cards in play),
        checked after every move by the conformance tests."""
        return {}

    # -- the contract ---------------------------------------------------------------
    @property
    def decision(self) -> Decision | None:
        """The one pending decision, or ``None`` when the game is over."""
        return self._pending

    @property
    def is_over(self) -> bool:
        return self._pending is None

    @property
    def result(self) -> Result | None:
        """Winners, ranking and the reason the game ended; ``None`` before the end."""
        return self._result

    @property
    def steps(self) -> int:
        """How many decisions have been answered."""
        return len(self.actions)

    def legal_actions(self) -> list[Action]:
        """The legal actions for the pending decision ([] when the game is over)."""
        return [] if self._pending is None else self._pending.legal_actions()

    def apply(self, action: Action, player: str | None = None) -> None:
        """Answer the pending decision. An illegal action raises :class:`IllegalAction`
        with a readable reason and leaves the game exactly as it was. ``player``, when
        given, must be the player the game is waiting for."""
        pending = self._pending
        if pending is None:
            raise IllegalAction("The game is over: no more moves can be made.")
        if player is not None and player != pending.player:
            raise IllegalAction(f"It is {pending.player}'s decision now, not {player}'s.")
        pending.check(action)
        self.actions.append(action)
        try:
            self._advance(action)
        except Exception:
            self.__dict__.update(self.replayed(len(self.actions) - 1).__dict__)
            raise

    def view(self, player: str | None = None) -> dict[str, Any]:
        """What ``player`` may see: the table without others' secrets, and the pending
        decision when it is theirs."""
        pending = self._pending
        view: dict[str, Any] = {
            "game": self.name,
            "players": list(self.players),
            "you": player,
            "over": pending is None,
            "waiting_for": None if pending is None else pending.player,
            "decision": None,
            "result": None,
        }
        if pending is not None and pending.player == player:
            view["decision"] = {
                "kind": pending.kind,
                "prompt": pending.prompt,
                "choices": list(pending.choices),
                "labels": dict(pending.labels),
                "amount": None if pending.amount is None else [
                    pending.amount.low, pending.amount.high, pending.amount.step
                ],
            }
        if self._result is not None:
            view["result"] = {
                "winners": list(self._result.winners),
                "ranking": list(self._result.ranking),
                "reason": self._result.reason,
            }
        view.update(self.table_view(player))
        return view

    def save(self) -> str:
        """The game as versioned JSON text: who, which options and seed, and every action."""
        body = {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "game": self.name,
            "players": list(self.players),
            "seed": self.seed,
            "options": self.options,
            "script": None if self.script is None else self.script.to_json(),
            "actions": self.actions,
        }
        body["digest"] = hashlib.sha256(canonical_json(body).encode()).hexdigest()
        return canonical_json(body)

    def replayed(self, n_actions: int | None = None) -> Game:
        """A new game from the same start with the first ``n_actions`` actions (all by default)."""
        game = type(self)(self.players, self.seed, self.script, **self.options)
        for action in self.actions[:n_actions]:
            game.apply(action)
        return game

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and other.save() == self.save()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        state = "over" if self.is_over else f"waiting for {self._pending.player}"
        return f"<{self.title}: {', '.join(self.players)}; {self.steps} moves; {state}>"

    # -- helpers for the rules ------------------------------------------------------
    def ask(
        self,
        player: str,
        kind: str,
        prompt: str,
        choices: Iterable[str] = (),
        amount: Amount | None = None,
        labels: Mapping[str, str] | None = None,
    ) -> Decision:
        """A decision to ``yield`` from :meth:`play`."""
        return Decision(
            player, kind, prompt, tuple(choices), amount, tuple((labels or {}).items())
        )

    def log(self, kind: str, player: str | None, text: str, **data: Any) -> Event:
        """Record that something happened."""
        event = Event(kind, player, text, data)
        self.events.append(event)
        return event

    def roll(
        self, player: str | None, dice: int = 2, sides: int = 6, why: str = ""
    ) -> tuple[int, ...]:
        """Throw ``dice`` dice for ``player`` and record the outcome with its exact chance."""
        faces = tuple(self.chance.die(sides) for _ in range(dice))
        total = sum(faces)
        self.chance_count += 1
        what = f"{dice}d{sides}"
        shown = "+".join(map(str, faces))
        self.events.append(Event(
            "roll", player,
            f"{player or 'The table'} rolls {shown}" + (f" = {total}" if dice > 1 else "")
            + (f" ({why})" if why else ""),
            {"what": what, "dice": faces, "total": total, "why": why,
             "probability": Fraction(1, sides**dice),
             "p_total": total_probability(dice, sides, total)},
        ))
        return faces

    def shuffle(self, items: Sequence[Any], what: str) -> list[Any]:
        """Shuffle ``items`` (a deck) through the chance source and record it."""
        out = self.chance.shuffle(items)
        self.chance_count += 1
        self.log("shuffle", None, f"The {what} are shuffled", what=what, cards=len(out))
        return out

    def pick(self, player: str | None, items: Sequence[Any], what: str) -> int:
        """Pick one of ``items`` at random (a face-down card) and record its chance."""
        index = self.chance.pick(items)
        self.chance_count += 1
        self.log("pick", player, f"{player or 'The table'} picks one of {len(items)} {what}",
                 what=what, probability=Fraction(1, len(items)))
        return index

    # -- runner internals -----------------------------------------------------------
    def _advance(self, action: Action | None) -> None:
        try:
            self._pending = self._flow.send(action)
        except StopIteration as stop:
            self._pending = None
            self._result = stop.value
