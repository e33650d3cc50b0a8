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
from collections.abc import Callable, Generator, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Any, ClassVar

from .chance import Chance, Draw, Pile, Script, faces_probability, one_in, total_probability
from .content import Entries, game_content
from .decisions import Action, Amount, Decision, LegalActions
from .errors import IllegalAction, OptionError
from .events import Event
from .options import Option, resolve_options
from .views import SHARED, Part, made, table

SAVE_FORMAT = "tabletop-save"
SAVE_VERSION = 1
Flow = Generator[Decision, Action, "Result"]
NO_ACTIONS = LegalActions(())


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


@lru_cache(maxsize=4096)
def _thrown(sides: int, faces: tuple[int, ...]) -> tuple[str, str, int, Fraction, Fraction]:
    """What a roll's event says of ``faces`` thrown on dice of ``sides`` sides: the dice
    (``"2d6"``), the throw as shown (``"3+4 = 7"``), its total, the exact chance of the throw
    and of its total. The same throws come back all game long, so each is worded once."""
    dice = len(faces)
    total = sum(faces)
    shown = "+".join(map(str, faces)) + (f" = {total}" if dice > 1 else "")
    return (f"{dice}d{sides}", shown, total, faces_probability(dice, sides),
            total_probability(dice, sides, total))


#: The option every game has: another content file for a house edition.
CONTENT_OPTION = Option("", "path of another content.toml (empty: the kit's own edition)")

#: A staged change of the table: the number of actions answered before it, and what changed.
Arrangement = tuple[int, dict[str, Any]]


def _again(made: Decision, build: Callable[[], Decision]) -> Decision:
    """``made`` with ``again=build``: ``dataclasses.replace`` without its checks (a decision
    is asked at nearly every step)."""
    return Decision(made.player, made.kind, made.prompt, made.choices, made.amount, made.labels,
                    made.values, build)


class Game:
    """One game in progress, driven through the engine contract of DESIGN.md."""

    name: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    OPTIONS: ClassVar[Mapping[str, Option]] = {}
    #: The game's content builder (its ``content.py``): reads checked entries of content.toml.
    build_content: ClassVar[Callable[[Entries], Any] | None] = None
    #: The table part by part, when the game gives it so (tabletop.core.views): a bot's view
    #: then makes only the parts it reads.
    TABLE: ClassVar[Mapping[str, Part] | None] = None

    def __init__(
        self,
        players: int | Sequence[str] = 3,
        seed: int = 0,
        script: Script | None = None,
        *,
        draw: Draw | None = None,
        **options: Any,
    ) -> None:
        """``draw``, when given, decides every die, shuffle and pick the script does not,
        instead of the seed (tabletop.core.chance): the OpenSpiel adapter's chance player.
        Such a game is not replayed from its seed, so its own :meth:`save` does not hold it."""
        if type(seed) is not int:
            raise OptionError(f"{self.name}: the seed should be a whole number, not {seed!r}")
        self.players: tuple[str, ...] = seat_names(
            players, self.min_players, self.max_players, self.name
        )
        self.seed = seed
        self.script = script
        self._draw = draw
        declared = dict(self.OPTIONS)
        if self.build_content is not None:
            declared.setdefault("content", CONTENT_OPTION)
        self.options = resolve_options(self.name, declared, options)
        if self.build_content is not None:
            self.content = game_content(self.name, type(self).build_content,
                                        self.options["content"] or None)
        self._left_of = {p: self.players[k + 1:] + self.players[:k]
                         for k, p in enumerate(self.players)}
        self._start()

    def _start(self) -> None:
        """Lay out a fresh table and run the rules to the first decision."""
        self.chance = Chance(self.seed, self.script, self._draw)
        self.events: list[Event] = []
        self.actions: list[Action] = []
        self.arrangements: list[Arrangement] = []
        self.chance_count = 0
        self._result: Result | None = None
        self.setup()
        self._flow = self.play()
        self._pending: Decision | None = None
        self._advance(None)

    def _replay(self, actions: Sequence[Action], arrangements: Sequence[Arrangement]) -> None:
        """Start this same object afresh and play ``actions`` again, staging each arrangement
        where it was made: the game stays the object its callers hold."""
        self._start()
        self._play_again(actions, arrangements)

    def _play_again(self, actions: Sequence[Action], arrangements: Sequence[Arrangement]) -> None:
        """Play ``actions`` from the start, where this game is, staging each arrangement where
        it was made."""
        staged = sorted(arrangements, key=lambda a: a[0])
        k = 0
        for step in range(len(actions) + 1):
            while k < len(staged) and staged[k][0] == step:
                self.arrangements.append(staged[k])
                self._arrange(staged[k][1])
                k += 1
            if step < len(actions):
                self.apply(actions[step])

    # -- what a game defines --------------------------------------------------------
    def setup(self) -> None:
        """Lay out the table: accounts, decks, tokens (before the first decision)."""

    def play(self) -> Flow:
        """The whole game, in the rulebook's order of play; returns the :class:`Result`."""
        raise NotImplementedError

    def rounds(self) -> Flow:
        """The order of play from the top of a turn to the end, read from the game's
        attributes alone: :meth:`play` ends with it after the set-up, and a game resumed from
        a checkpoint (tabletop.core.checkpoint) starts here. A game that gives it calls
        :meth:`turn_begins` at the top of each turn."""
        raise NotImplementedError

    #: Called with the game at each :meth:`turn_begins` when set (by a caller that takes
    #: checkpoints, tabletop.core.checkpoint); None by default.
    at_turn: Callable[[Game], None] | None = None

    def turn_begins(self) -> None:
        """The rules are at the top of a turn (everything still to do is in the attributes,
        see :meth:`rounds`): the place for a checkpoint."""
        if self.at_turn is not None:
            self.at_turn(self)

    def table_view(self, player: str | None) -> dict[str, Any]:
        """What ``player`` may see of the table (``None``: a spectator). A costly part may be
        left as a function of no arguments (tabletop.core.views): it is made when it is read.
        By default, every part of ``TABLE``."""
        if self.TABLE is None:
            raise NotImplementedError
        return table(self.TABLE, self, player)

    def conserved(self) -> dict[str, int]:
        """Quantities no rule may create or destroy (money in the ledger, cards in play),
        checked after every move by the conformance tests."""
        return {}

    # Staging: a game offers ``stage_<what>(self, value)`` methods (token places, money,
    # cards...), each checking ``value`` and raising IllegalAction with a readable reason.

    # -- seats ----------------------------------------------------------------------
    def left_of(self, player: str, ring: Sequence[str] | None = None) -> tuple[str, ...]:
        """The other players in seat order, starting with the one on ``player``'s left.
        ``ring`` names everyone round the table in seat order when that is not just the
        players (someone sat down during the game)."""
        if ring is None:
            return self._left_of[player]
        k = ring.index(player)
        return (*ring[k + 1:], *ring[:k])

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

    def legal_actions(self) -> LegalActions:
        """Every legal action for the pending decision (empty when the game is over): its
        choices (text), then every whole number of its amount's range, lowest first.

        An amount decision is given by its range, ``decision.amount`` (``low``, ``high``,
        ``step``): the sequence returned holds every one of those amounts without laying
        them out, so its ``len``, indexing and ``in`` cost nothing even for a bet of up to
        $45,000, and a uniform pick among all legal actions is
        ``legal[int(random() * len(legal))]``."""
        return NO_ACTIONS if self._pending is None else self._pending.legal_actions()

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
            self._advance(pending.value(action))
        except Exception:
            self._replay(self.actions[:-1], self.arrangements)
            raise

    def arrange(self, **changes: Any) -> None:
        """Stage a position for a lesson or a test, e.g. ``arrange(position={"Ann": 9})``.

        Each keyword names one of the game's ``stage_<what>`` methods (see
        :meth:`arrangeable`); its value must be plain JSON data. Every change is checked;
        a bad one raises :class:`IllegalAction` and leaves the game as it was. The
        arrangement is part of the save, so ``load(game.save())`` sets the same table.

        The question already asked is then checked against the new table: a decision the
        rules made with :meth:`asking` is asked again, made afresh from the arranged table
        (Ann with no pills left is no longer offered a pill); an arrangement that leaves it
        no legal answer, changes who is asked what, or makes or destroys anything the game
        conserves (:meth:`conserved`) is refused, and nothing changes.
        """
        if self._pending is None:
            raise IllegalAction("The game is over: there is no position left to arrange.")
        known = self.arrangeable()
        unknown = sorted(set(changes) - set(known))
        if unknown:
            raise IllegalAction(f"{self.title} cannot arrange {', '.join(unknown)}; "
                                f"it can arrange {', '.join(sorted(known)) or 'nothing'}")
        try:
            plain = json.loads(canonical_json(changes))
        except (TypeError, ValueError):
            plain = None
        if plain != changes:
            raise IllegalAction("an arrangement must be plain data (text, whole numbers, "
                                "true/false, lists, and tables keyed by text)")
        self.arrangements.append((len(self.actions), plain))
        try:
            self._arrange(plain)
        except Exception:
            self._replay(self.actions, self.arrangements[:-1])
            raise

    @classmethod
    def arrangeable(cls) -> dict[str, str]:
        """What :meth:`arrange` can set, with the first line of each ``stage_`` docstring."""
        return {name[len("stage_"):]: (getattr(cls, name).__doc__ or "").strip().split("\n")[0]
                for name in dir(cls) if name.startswith("stage_")}

    def _arrange(self, changes: Mapping[str, Any]) -> None:
        conserved = self.conserved()
        for what, value in changes.items():
            getattr(self, f"stage_{what}")(value)
        changed = sorted(k for k, v in self.conserved().items() if conserved.get(k) != v)
        if changed:
            raise IllegalAction(f"arranging {', '.join(changes)} would change "
                                f"{', '.join(changed)}, which no move may make or destroy")
        self._ask_again(", ".join(changes))
        self.log("arrange", None, "The table is arranged: " + ", ".join(changes),
                 changes=dict(changes))

    def _ask_again(self, what: str) -> None:
        """After an arrangement: the pending decision made afresh from the arranged table
        when the rules made it with :meth:`asking`, and refused when no answer is left."""
        pending = self._pending
        if pending is None:
            return
        if pending.again is not None:
            fresh = _again(pending.again(), pending.again)
            if (fresh.player, fresh.kind) != (pending.player, pending.kind):
                raise IllegalAction(f"arranging {what} now would change the question: "
                                    f"{pending.player} is asked \u201c{pending.prompt}\u201d")
            pending = fresh
        if not pending.legal_actions():
            raise IllegalAction(f"arranging {what} now would leave {pending.player} no answer "
                                f"to \u201c{pending.prompt}\u201d; arrange it before that "
                                "question is asked")
        self._pending = pending

    def view(self, player: str | None = None) -> dict[str, Any]:
        """What ``player`` may see: the table without others' secrets, and the pending
        decision when it is theirs."""
        view = table(SHARED, self, player)
        view.update(made(self.table_view(player)))
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
            "arranged": [list(a) for a in self.arrangements],
        }
        body["digest"] = hashlib.sha256(canonical_json(body).encode()).hexdigest()
        return canonical_json(body)

    def replayed(self, n_actions: int | None = None) -> Game:
        """A new game from the same start with the first ``n_actions`` actions (all by default)
        and the arrangements staged up to there."""
        game = type(self)(self.players, self.seed, self.script, **self.options)
        actions = self.actions[:n_actions]
        game._play_again(actions, [a for a in self.arrangements if a[0] <= len(actions)])
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
        choices: Iterable[str] | Mapping[str, Any] = (),
        amount: Amount | None = None,
        labels: Mapping[str, str] | None = None,
    ) -> Decision:
        """A decision to ``yield`` from :meth:`play`. ``choices`` may map each choice to the
        value the rules receive back (``{"sell Doctor to Bob": ("Doctor", "Bob")}``), so that
        no rule ever parses an action's text."""
        given = type(choices)
        if given is dict or (given is not tuple and given is not list
                             and isinstance(choices, Mapping)):
            values = dict(choices)
            return Decision(player, kind, prompt, tuple(values), amount,
                            tuple(labels.items()) if labels else (), values)
        return Decision(player, kind, prompt, tuple(choices), amount,
                        tuple(labels.items()) if labels else (), None)

    def asking(self, build: Callable[[], Decision]) -> Decision:
        """``build()``: a decision the runner can ask again, ``yield self.asking(lambda:
        self.ask(...))``. ``build`` makes the question from the table as it is when called,
        so a decision whose choices, amount or prompt hang on what :meth:`arrange` can set
        (pills in hand, money, cards) is made this way: an arrangement made while it is
        pending asks it afresh, and the answer is checked against the arranged table."""
        return _again(build(), build)

    def log(self, kind: str, player: str | None, text: str, **data: Any) -> Event:
        """Record that something happened."""
        event = Event(kind, player, text, data)
        self.events.append(event)
        return event

    def roll(
        self, player: str | None, dice: int = 2, sides: int = 6, why: str = ""
    ) -> tuple[int, ...]:
        """Throw ``dice`` dice for ``player`` and record the outcome with its exact chance."""
        die = self.chance.die
        faces = tuple([die(sides) for _ in range(dice)])
        self.chance_count += 1
        what, shown, total, probability, p_total = _thrown(sides, faces)
        who = player or "The table"
        self.events.append(Event(
            "roll", player,
            f"{who} rolls {shown} ({why})" if why else f"{who} rolls {shown}",
            {"what": what, "dice": faces, "total": total, "why": why,
             "probability": probability, "p_total": p_total},
        ))
        return faces

    def shuffle(self, items: Sequence[Any], what: str, top: int | None = None) -> list[Any]:
        """Shuffle ``items`` (a deck) through the chance source and record it. ``top``: only
        the first ``top`` cards are ever dealt or seen (see :meth:`Chance.shuffle`)."""
        out = self.chance.shuffle(items, top)
        self.chance_count += 1
        self.log("shuffle", None, f"The {what} are shuffled", what=what, cards=len(out))
        return out

    def shuffled_pile(self, items: Sequence[Any], what: str) -> Pile:
        """``items`` shuffled into a face-down pile dealt from the top, recorded as a shuffle
        (:class:`~tabletop.core.chance.Pile`: the seed orders it as :meth:`shuffle` would,
        the first card of the order on top; a draw hook decides each card as it is dealt)."""
        pile = Pile(self.chance, items)
        self.chance_count += 1
        self.log("shuffle", None, f"The {what} are shuffled", what=what, cards=len(pile))
        return pile

    def pick(self, player: str | None, items: Sequence[Any], what: str) -> int:
        """Pick one of ``items`` at random (a face-down card) and record its chance."""
        index = self.chance.pick(items)
        self.chance_count += 1
        self.log("pick", player, f"{player or 'The table'} picks one of {len(items)} {what}",
                 what=what, probability=one_in(len(items)))
        return index

    # -- runner internals -----------------------------------------------------------
    def _advance(self, action: Action | None) -> None:
        try:
            self._pending = self._flow.send(action)
        except StopIteration as stop:
            self._pending = None
            self._result = stop.value

