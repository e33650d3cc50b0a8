"""Every kit game as an OpenSpiel game, registered with ``pyspiel`` as ``tabletop_<name>``
when this module is imported (see tabletop.envs).

A kit game runs its rules as ordinary code, so it cannot stop in the middle of a roll by
itself. Here each game runs in a greenlet: when the rules draw a die, a pick or a card of a
shuffle, the core's draw hook (tabletop.core.chance) hands the draw to OpenSpiel as a chance
node, with the chance of each outcome, and the greenlet waits for the outcome chosen. A
card is drawn when it is dealt (a pile of 52 of which a round deals six is six chance
nodes), so no chance node decides a card nobody ever sees.

A running game cannot be copied (its rules are a paused generator), so copies of a state
share it: ``clone()`` costs the same at any length of history, and whichever copy moves
first takes the game on; another copy that takes that same step follows it. What a point
of the history shows (who acts, the legal actions, the chance outcomes, the returns) is
written once on that point (:class:`Step`), which copies share, so asking it never runs a
game.

A copy that goes its own way after its game was taken needs a game of its own: it resumes
one from the latest checkpoint on its history (tabletop.core.checkpoint: the game copied
where a turn began, Pitch's hand) and feeds it only the steps since, inside the game's
greenlet at the kit's own speed. Checkpoints are kept on the steps where turns begin: at
every turn on a line that has been copied (a search starts there: MCTS's state), at the
first turn after every :data:`SPACING` steps on any other, and at every turn of the last
:data:`RECENT` steps a game is fed; a copied line keeps its latest :data:`KEPT` only. So an
MCTS move (its clones and their ``apply_action``) costs the same late in a long game as
early: a copy replays at most the steps since its turn began (at most :data:`SPACING` more,
once, on a line nobody copied before). Taking a checkpoint costs about as much as a few of
the kit's decisions, and not more with the history (no log, no list of moves). Only a copy
of a point further back than the checkpoints kept replays from the start, and information
states (a recall digest of the whole history) are made by one replay from the start the
first time one is asked for. A game nobody holds any more is stopped and freed at once,
with its checkpoints.
"""

from __future__ import annotations

import hashlib
import json
from collections import deque
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

import greenlet
import numpy as np
import pyspiel

from tabletop.core.chance import Draw
from tabletop.core.checkpoint import Checkpoint
from tabletop.core.errors import OptionError
from tabletop.core.game import Game
from tabletop.core.registry import GAMES, game_class

from .aec import rewards
from .spaces import ActionSpace, Observer, encoding

#: A bound on the decisions of one game (the kit's games end long before).
MOST_DECISIONS = 100_000
CHANCE = int(pyspiel.PlayerId.CHANCE)
TERMINAL = int(pyspiel.PlayerId.TERMINAL)
#: A line of play nobody copies keeps a checkpoint once at least this many steps have
#: passed since its last one (at the next turn that begins): rarely, since random play
#: does not need them.
SPACING = 500
#: A game fed a history keeps a checkpoint at every turn of its last this many steps, so
#: that the next copy going its own way from there does not replay them again.
RECENT = 100
#: The latest checkpoints a searched line keeps (the older ones are dropped).
KEPT = 8


class Step:
    """One point of a history: the step (a decision's action or an outcome of chance) taken
    after its parent and, once a game has been there, what it shows: who acts (a seat,
    chance or the end, in ``player``), a decision's legal actions, a draw's outcomes and
    what is drawn, the returns at the end. Copies of a state hold the same step, so a copy
    that does not hold the game there still answers all that without running a game."""

    __slots__ = ("action", "legal", "outcomes", "parent", "player", "recall", "returns",
                 "saved", "what")

    def __init__(self, parent: Step | None = None, action: int = -1) -> None:
        self.parent = parent
        self.action = action
        #: Who acts here; None until a game has been here (the other slots are then set).
        self.player: int | None = None
        #: Each player's recall here (a digest), once information states are asked for.
        self.recall: tuple[str, ...] | None = None
        #: The game checkpointed here (a turn began just after this step), if kept.
        self.saved: Saved | None = None

    def path(self) -> list[int]:
        out, step = [], self
        while step.parent is not None:
            out.append(step.action)
            step = step.parent
        return out[::-1]

    def __deepcopy__(self, memo: dict) -> Step:
        return self  # a history is shared, never copied

    def __reduce__(self) -> tuple[Any, ...]:
        return steps, (self.path(),)  # pickled as its actions


def steps(path: list[int]) -> Step:
    """The history of ``path`` from a new start."""
    step = Step()
    for action in path:
        step = Step(step, action)
    return step


class Saved:
    """A checkpoint kept on a step, and the step of the one kept before it on the same line
    (``before``), so that a searched line drops all but its latest :data:`KEPT`."""

    __slots__ = ("before", "checkpoint")

    def __init__(self, checkpoint: Checkpoint, before: Step | None) -> None:
        self.checkpoint = checkpoint
        self.before = before


def drop_older(step: Step) -> None:
    """Keep the latest :data:`KEPT` checkpoints of the line ending at ``step``."""
    node = step
    for _ in range(KEPT - 1):
        node = node.saved.before
        if node is None or node.saved is None:
            return
    older, node.saved.before = node.saved.before, None
    while older is not None and older.saved is not None:
        older.saved, older = None, older.saved.before


class Marks:
    """What a game's greenlet and its :class:`Running` share about checkpoints: whether the
    line is searched (``dense``: a checkpoint at every turn, else every :data:`SPACING`
    steps), the steps since the last one, and those taken since the Running last looked,
    each with how many steps of the history being fed were still to come."""

    __slots__ = ("dense", "since", "taken")

    def __init__(self, dense: bool) -> None:
        self.dense = dense
        self.since = 0
        self.taken: list[tuple[int, Checkpoint]] = []


class Searched:
    """Whether a state has been copied (a search starts there), so that its line keeps a
    checkpoint at every turn: copying marks the original and gives the copy a fresh mark."""

    __slots__ = ("yes",)

    def __init__(self) -> None:
        self.yes = False

    def __deepcopy__(self, memo: dict) -> Searched:
        self.yes = True
        return Searched()


@cache
def uniform(n: int) -> list[tuple[int, float]]:
    """The outcomes of a draw of ``n``, each equally likely."""
    return [(k, 1 / n) for k in range(n)]


def _run(begin: Callable[[Draw], Game], actions: ActionSpace, feed: deque[int],
         box: list[Game], marks: Marks) -> None:
    """The body of a game's greenlet: ``begin`` (a new game, or one resumed from a
    checkpoint), the steps in ``feed``, then each one asked of OpenSpiel. A checkpoint is
    taken where a turn begins when ``marks`` asks for one, and at every turn of the last
    :data:`RECENT` steps fed (a history replayed once is not replayed again by the next
    copy that goes its own way from its end). It refers to nothing that holds
    the greenlet, so a game nobody holds is freed (its greenlet is stopped with
    GreenletExit)."""
    parent = greenlet.getcurrent().parent

    def draw(n: int, what: str) -> int:
        marks.since += 1
        return feed.popleft() if feed else parent.switch((n, what))

    def at_turn(game: Game) -> None:
        if marks.since and (marks.dense or marks.since >= SPACING or 0 < len(feed) <= RECENT):
            marks.taken.append((len(feed), Checkpoint(game)))
            marks.since = 0

    game = begin(draw)
    game.at_turn = at_turn
    box.append(game)
    while not game.is_over:
        number = feed.popleft() if feed else parent.switch(None)
        marks.since += 1
        game.apply(actions.action(game.decision, number))


class Running:
    """A kit game running in its own greenlet, stopped at a decision or at a draw (``draw``:
    how many outcomes, and what is drawn), at the step ``at`` of a history: resumed from the
    latest checkpoint kept on the way there (else begun afresh) and fed the steps since.
    ``dense``: the line is searched (a checkpoint at every turn)."""

    __slots__ = ("_box", "_greenlet", "_last", "_marks", "_seats", "_seen_at", "_texts",
                 "_views", "actions", "at", "draw")

    def __init__(self, spec: Spec, at: Step, dense: bool) -> None:
        self.at = at
        self.actions = spec.actions
        self._box: list[Game] = []
        self._seats: dict[str, int] = {}
        self._seen_at: Step | None = None  # the step the views below were made at
        self._views: dict[int, dict[str, Any]] = {}
        self._texts: dict[int, str] = {}
        nodes = [at]  # back to the latest checkpoint (or the start), then in order
        while nodes[-1].saved is None and nodes[-1].parent is not None:
            nodes.append(nodes[-1].parent)
        nodes.reverse()
        saved = nodes[0].saved
        self._last = None if saved is None else nodes[0]  # the line's latest checkpoint
        self._marks = Marks(dense)
        self._greenlet = greenlet.greenlet(_run)
        self.draw: tuple[int, str] | None = self._greenlet.switch(
            spec.start if saved is None else saved.checkpoint.resume, spec.actions,
            deque(step.action for step in nodes[1:]), self._box, self._marks)
        if self._marks.taken:
            self._keep(nodes)
        if at.player is None:
            self.show(at)

    @property
    def game(self) -> Game | None:
        """The kit game (None while its table is still being laid out by chance)."""
        return self._box[0] if self._box else None

    def step(self, number: int, to: Step, dense: bool) -> None:
        """Answer the draw or the decision it is stopped at with ``number``; ``to`` is the
        step that leads to, new to every game; ``dense``: the line is searched."""
        marks = self._marks
        marks.dense = dense
        draw = self.draw = self._greenlet.switch(number)
        self.at = to
        if marks.taken:
            self._keep((to,))
        if draw is None:
            self.show(to)
        else:  # the most common step by far (a die, a card), written here at once
            to.outcomes = uniform(draw[0])
            to.what = draw[1]
            to.legal = ()
            to.player = CHANCE

    def _keep(self, nodes: Sequence[Step]) -> None:
        """Keep the checkpoints just taken on their steps (``nodes``: the steps just fed, the
        last one the step the game is at); a searched line keeps only its latest ones."""
        marks = self._marks
        for left, checkpoint in marks.taken:
            step = nodes[len(nodes) - 1 - left]
            step.saved = Saved(checkpoint, self._last)
            self._last = step
            if marks.dense:
                drop_older(step)
        marks.taken.clear()

    def show(self, step: Step) -> None:
        """Write what the game shows now into ``step`` (a step no game has been at)."""
        draw = self.draw
        if draw is not None:
            step.outcomes = uniform(draw[0])
            step.what = draw[1]
            step.legal = ()
            step.player = CHANCE
            return
        game = self._box[0]
        decision = game.decision
        step.outcomes = []
        step.what = ""
        if decision is None:
            step.legal = ()
            won = rewards(game)
            step.returns = [won[p] for p in game.players]
            step.player = TERMINAL
            return
        if not self._seats:
            self._seats.update((p, k) for k, p in enumerate(game.players))
        step.legal = self.actions.numbers(decision)
        step.player = self._seats[decision.player]

    def view(self, player: int) -> dict[str, Any]:
        """What seat ``player`` sees now (made once at each step, however often asked: the
        observation's numbers, its text and the information state all read it)."""
        if self._seen_at is not self.at:
            self._seen_at = self.at
            self._views.clear()
            self._texts.clear()
        view = self._views.get(player)
        if view is None:
            game = self._box[0]
            view = self._views[player] = game.view(game.players[player])
        return view

    def view_text(self, player: int) -> str:
        """:meth:`view` as text (:func:`view_text`), made once at each step."""
        view = self.view(player)
        text = self._texts.get(player)
        if text is None:
            text = self._texts[player] = view_text(view)
        return text

    def __deepcopy__(self, memo: dict) -> Running:
        return self  # shared by the copies of a state (see the module docstring)

    def __reduce__(self) -> tuple[Any, ...]:
        return type(None), ()  # a running game is not pickled: the state replays its steps


class Spec:
    """What every state of one OpenSpiel game shares: the kit game, its seats and its
    action space (copied and pickled by name)."""

    def __init__(self, name: str, players: int) -> None:
        self.name = name
        self.players = players
        self.cls = game_class(name)
        self.actions = ActionSpace(encoding(name).CHOICES)

    def start(self, draw: Draw) -> Game:
        """A new kit game whose chance comes from ``draw``."""
        return self.cls(self.players, draw=draw)

    def __deepcopy__(self, memo: dict) -> Spec:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return spec, (self.name, self.players)


@cache
def spec(name: str, players: int) -> Spec:
    return Spec(name, players)


class TabletopState(pyspiel.State):
    """A kit game in OpenSpiel: chance nodes are the kit's draws, decisions the actions of
    tabletop.envs.spaces, players numbered in seat order.

    Who acts, the legal actions, the chance outcomes and the returns are read from the
    state's step (:class:`Step`), written once by the game that got there: asking them costs
    no game work. A game runs only to take a step, or to say what a player observes."""

    def __init__(self, game: TabletopGame) -> None:
        super().__init__(game)
        self._spec = game.spec
        self._at = Step()
        self._running: Running | None = None
        self._searched = Searched()

    # -- the running game -------------------------------------------------------------------
    def _live(self) -> Running:
        """The running game at this state's step (a new one fed the history, if need be)."""
        running = self._running
        if running is None or running.at is not self._at:
            running = self._running = Running(self._spec, self._at, self._searched.yes)
        return running

    def _known(self) -> Step:
        """This state's step, with what it shows (a game run to it, if no game has been)."""
        at = self._at
        if at.player is None:
            self._live()
        return at

    # -- the OpenSpiel state ----------------------------------------------------------------
    def current_player(self) -> int:
        player = self._at.player
        return self._known().player if player is None else player

    def _legal_actions(self, player: int) -> list[int]:
        at = self._known()
        return list(at.legal) if player == at.player else []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        at = self._at
        return (self._known() if at.player is None else at).outcomes

    # The next two answer Python callers without a round trip through OpenSpiel's C++ (which
    # calls the methods above); they give what OpenSpiel's own versions give.
    def legal_actions(self, player: int | None = None) -> list[int]:
        at = self._known()
        if player is None or player == at.player:
            if at.player == CHANCE:
                return [k for k, _ in at.outcomes]
            return list(at.legal)
        return []

    def is_chance_node(self) -> bool:
        player = self._at.player
        return (self._known().player if player is None else player) == CHANCE

    def _apply_action(self, action: int) -> None:
        at = self._at
        player = at.player
        if player is None:  # OpenSpiel asks current_player() first, so hardly ever
            player = self._known().player
        if player == CHANCE:
            if not 0 <= action < len(at.outcomes):
                raise OptionError(f"{at.what} has outcomes 0 to {len(at.outcomes) - 1}, "
                                  f"not {action}")
        elif action not in at.legal:
            raise OptionError(f"action {action} is not legal here (legal: {list(at.legal)})")
        running = self._running
        if running is not None and running.at is at:  # this state holds the game here
            step = Step(at, action)
            if at.recall is not None:  # information states are asked for: keep recalling
                step.recall = at.recall if player == CHANCE else recalled(
                    at.recall, player, running.view_text(player), action)
            running.step(action, step, self._searched.yes)
        elif running is not None and running.at.parent is at and running.at.action == action:
            step = running.at  # a copy took this very step already: follow it
        else:  # another copy took the game elsewhere: a game is run here when one is needed
            step = Step(at, action)
            self._running = None
        self._at = step

    def information_state(self, player: int) -> str:
        """``player``'s information state: their view now, then their recall, a digest of
        what they saw at each of their decisions and what they chose (perfect recall: two
        histories give the same digest only if the player saw and did the same). The first
        call replays the history once; the steps taken after it keep recalling."""
        if self._at.recall is None:
            recall_along(self._spec, self._at)
        running = self._live()
        now = ("the table is being laid out" if running.game is None
               else running.view_text(player))
        return f"{now}\nrecall {self._at.recall[player]}"

    def _action_to_string(self, player: int, action: int) -> str:
        at = self._known()
        if player == CHANCE and at.player == CHANCE:
            return f"{at.what}: outcome {action}"
        if player != at.player or action not in at.legal:
            return f"action {action}"
        return self._spec.actions.describe(self._live().game.decision, action)

    def is_terminal(self) -> bool:
        player = self._at.player
        return (self._known().player if player is None else player) == TERMINAL

    def returns(self) -> list[float]:
        at = self._known()
        return list(at.returns) if at.player == TERMINAL else [0.0] * self._spec.players

    def __str__(self) -> str:
        running = self._live()
        game = running.game
        steps = f"{len(self.history())} steps"  # (a resumed game counts only its own moves)
        if running.draw is not None:
            now = "laying out the table" if game is None else steps
            return f"{now}; drawing {running.draw[1]}"
        now = "over" if game.is_over else f"{game.decision.player}: {game.decision.prompt}"
        last = game.events[-1].text if game.events else ""
        return f"{steps} ({last}); {now}"


def seat_range(cls: type[Game]) -> tuple[int, int]:
    """The fewest and the most players ``cls`` starts a game for with its own edition (a
    game may allow fewer than its class says, e.g. Pitch's content seats eight)."""
    most = cls.max_players
    while most > cls.min_players:
        try:
            cls(most)
        except OptionError:
            most -= 1
        else:
            break
    return cls.min_players, most


def game_type(name: str) -> pyspiel.GameType:
    cls = game_class(name)
    fewest, most = seat_range(cls)
    return pyspiel.GameType(
        short_name=f"tabletop_{name}", long_name=f"{cls.title} (tabletop kit)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=most, min_num_players=fewest,
        provides_information_state_string=True, provides_information_state_tensor=False,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification={"players": min(3, most)})


class TabletopGame(pyspiel.Game):
    """A kit game for OpenSpiel; its one parameter is ``players`` (how many). Each game has
    its own subclass here (``TabletopPitch``...), so that games and states pickle."""

    name: str
    TYPE: pyspiel.GameType

    def __init__(self, params: dict | None = None) -> None:
        params = params or {}
        kind = self.TYPE
        players = int(params.get("players", kind.parameter_specification["players"]))
        if not kind.min_num_players <= players <= kind.max_num_players:
            raise OptionError(f"{kind.long_name} is for {kind.min_num_players} to "
                              f"{kind.max_num_players} players, not {players}")
        self.spec = spec(self.name, players)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.spec.actions.size,
            max_chance_outcomes=encoding(self.name).MOST_OUTCOMES,
            num_players=players, min_utility=0.0, max_utility=1.0, utility_sum=None,
            max_game_length=MOST_DECISIONS)
        super().__init__(kind, info, params)

    def new_initial_state(self) -> TabletopState:
        return TabletopState(self)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: Any = None) -> Observation | None:
        """What a player observes (tabletop.envs.spiel.Observation): the default and the
        information state (perfect recall) are provided, for the player's own private
        information and the public one; any other kind of observation is not (None)."""
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        if iig_obs_type is None:
            return Observation(self.spec, recall=False)
        if (iig_obs_type.public_info
                and iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER):
            return Observation(self.spec, recall=iig_obs_type.perfect_recall)
        return None


def view_text(view: dict[str, Any]) -> str:
    """A view as compact JSON (values JSON lacks, such as fractions, as text)."""
    return json.dumps(view, separators=(",", ":"), default=str)


class Frontier(BaseException):
    """A replayed history ends at a draw: its last step is still being carried out (not an
    Exception, so that the kit game does not replay itself to undo the step)."""


def recalled(before: tuple[str, ...], player: int, seen: str, number: int) -> tuple[str, ...]:
    """Each player's recall after ``player``, who sees ``seen`` (:func:`view_text`), answers
    the pending decision with ``number``: theirs now also holds what they saw and chose."""
    digest = hashlib.sha256(f"{before[player]}\n{seen}\n{number}".encode()).hexdigest()
    return (*before[:player], digest, *before[player + 1:])


def recall_along(spiel: Spec, at: Step) -> None:
    """Give every step of the history up to ``at`` its recall, replaying it in a new game
    (see :meth:`TabletopState.information_state`)."""
    nodes = [at]
    while nodes[-1].parent is not None:
        nodes.append(nodes[-1].parent)
    nodes.reverse()
    if nodes[0].recall is None:
        nodes[0].recall = ("",) * spiel.players
    done = 0  # the steps of the history the game has taken

    def draw(n: int, what: str) -> int:
        nonlocal done
        if done == len(nodes) - 1:
            raise Frontier
        done += 1
        if nodes[done].recall is None:
            nodes[done].recall = nodes[done - 1].recall
        return nodes[done].action

    try:
        game = spiel.start(draw)
        while done < len(nodes) - 1:
            number = nodes[done + 1].action
            if nodes[done + 1].recall is None:
                player = game.players.index(game.decision.player)
                nodes[done + 1].recall = recalled(
                    nodes[done].recall, player, view_text(game.view(game.decision.player)),
                    number)
            done += 1
            game.apply(spiel.actions.action(game.decision, number))
    except Frontier:
        pass


class Observation:
    """A player's view of a state as numbers (``tensor``, the PettingZoo observation) and as
    text (the view as JSON). With ``recall`` (the information state) there is text only
    (see :meth:`TabletopState.information_state`)."""

    def __init__(self, spiel: Spec, recall: bool) -> None:
        self._spec = spiel
        self._recall = recall
        start = spiel.cls(spiel.players)
        self._observer = Observer(spiel.name, start.players)
        self.tensor = None if recall else np.zeros_like(
            self._observer(start.view(start.players[0])))
        self.dict = {} if recall else {"observation": self.tensor}

    def set_from(self, state: TabletopState, player: int) -> None:
        """While the rules lay out the table nothing is observed yet (zeros)."""
        if self.tensor is None:
            return
        running = state._live()
        if running.game is None:
            self.tensor.fill(0)
        else:
            self.tensor[:] = self._observer(running.view(player))

    def string_from(self, state: TabletopState, player: int) -> str:
        if self._recall:
            return state.information_state(player)
        running = state._live()
        if running.game is None:
            return "the table is being laid out"
        return running.view_text(player)


def _game_class(name: str) -> type[TabletopGame]:
    cls = game_class(name)
    title = "".join(part.title() for part in name.split("_"))
    return type(f"Tabletop{title}", (TabletopGame,), {
        "name": name, "TYPE": game_type(name), "__module__": __name__,
        "__qualname__": f"Tabletop{title}",
        "__doc__": f"{cls.title} as an OpenSpiel game (``tabletop_{name}``)."})


#: The OpenSpiel game class of each kit game, registered with pyspiel on import.
GAME_CLASSES: dict[str, type[TabletopGame]] = {}
for _name in GAMES:
    _cls = GAME_CLASSES[_name] = _game_class(_name)
    globals()[_cls.__name__] = _cls  # a module attribute, so that games pickle
    pyspiel.register_game(_cls.TYPE, _cls)


def register(name: str) -> str:
    """The OpenSpiel short name of the kit game ``name`` (registered on import)."""
    game_class(name)  # a clear message for an unknown name
    return GAME_CLASSES[name].TYPE.short_name
