"""Pills and senses (rules 7, 9-12, 22, 32-37): taking a pill, losing and resting senses,
death, the pills other players give you, and meeting players on a space."""

from __future__ import annotations

from tabletop.core.decisions import Decision
from tabletop.core.words import and_list

from .odds import pill_risk
from .table import DISH, Flow, GameOver, Table, TurnOver


class PillsMixin(Table):
    """Pill and sense rules for :class:`~tabletop.games.rush.rules.Rush`."""

    def _take_pill(self, player: str, why: str) -> Flow:
        """Rule 7a, Rule 9, Rule 10 and Rule 12: the pill goes into the dish and the
        Zonkometer goes up one; the pill die then turns its sense face down (1-5) or brings
        a coma (6), and otherwise says how far to move. In the lockup nobody moves."""
        self._move_pills(player, DISH, 1)
        self._zonkometer(player, 1, why)
        up = sum(self.senses[player])
        lose, coma = pill_risk(up)
        face = self.roll(player, 1, 6, f"pill die, {why}")[0]
        self.last_roll = (face,)
        if face > len(self.content.senses):
            self.log("pill", player, f"{player}'s pill brings a coma", p=coma,
                     p_of="a coma from one pill")
            yield from self._fall_into_coma(player)
            raise TurnOver
        hit = self.senses[player][face - 1]
        self.log("pill", player, f"{player}'s pill die shows {face}",
                 p=lose if hit else 1 - lose - coma,
                 p_of=f"a pill turning one of {up} face-up senses down" if hit
                 else "a pill that costs no sense")
        yield from self._lose_sense(player, face - 1, f"the pill die shows {face}")
        if player in self.lockup:
            return
        yield from self._move(player, face)

    def _owed_pills(self, player: str) -> Flow:
        """Rule 33 and Rule 34: each pill given to ``player`` is taken at the start of their turn,
        each with its own roll, move and space; a coma leaves the rest for after waking."""
        while self.owed[player]:
            self.owed[player] -= 1
            yield from self._take_pill(player, "a given pill")

    # -- senses ----------------------------------------------------------------------------
    def _lose_sense(self, player: str, index: int, why: str) -> Flow:
        """Rule 9 and Rule 11: the sense goes face down (nothing if it already is; a held
        Antidote may save it, asked of everyone who holds a secret card: see
        :meth:`may_play`); with all five down the player is dead."""
        name = self.content.senses[index]
        if not self.senses[player][index]:
            self.log("sense", player, f"{player}'s {name} is already face down ({why})")
            return
        title = self.may_play(player, "antidote")
        if title:
            save = yield self.ask(player, "antidote", f"{player} is about to lose {name} "
                                  f"({why}): play {title}, if you hold it?",
                                  {f"play {title}": True, f"lose {name}": False})
            card = self.secret_card(player, "antidote")
            if save and card:
                self._play_card(player, card)
                return
        self.senses[player][index] = False
        self.log("sense", player, f"{player} loses {name} ({why})", sense=name)
        if not any(self.senses[player]):
            self._die(player)

    def _choose_sense(self, player: str, kind: str, up: bool, why: str) -> Flow:
        """Ask ``player`` which of their senses face ``up`` (or down) is meant; the index,
        or None when there is none (a single one is taken without asking)."""
        names = self.content.senses
        among = [k for k, face_up in enumerate(self.senses[player]) if face_up == up]
        if len(among) <= 1:
            return among[0] if among else None
        return (yield self.ask(player, kind, f"{player}: {why}",
                               {names[k]: k for k in among}))

    def _lose_chosen_sense(self, player: str, why: str) -> Flow:
        """Rule 14 and the Bad batch card: a face-up sense of the player's choice goes down."""
        index = yield from self._choose_sense(player, "lose_sense", True,
                                              f"{why}: which sense goes face down?")
        yield from self._lose_sense(player, index, why)

    def _gain_sense(self, player: str, why: str) -> Flow:
        """Rule 22 (a 6) and the Fresh air card: a face-down sense of the player's choice
        comes back up."""
        index = yield from self._choose_sense(player, "gain_sense", False,
                                              f"{why}: which sense comes back?")
        if index is None:
            self.log("sense", player, f"{player} has every sense face up already ({why})")
            return
        self.senses[player][index] = True
        self.log("sense", player, f"{player} gets {self.content.senses[index]} back ({why})")

    def _rest(self, player: str) -> Flow:
        """Rule 22: resting at Home instead of moving, one die: 1-5 turns that sense face
        up (if it is down), 6 turns up a sense of the player's choice."""
        face = self.roll(player, 1, 6, "resting at Home")[0]
        self.last_roll = (face,)
        if face > len(self.content.senses):
            yield from self._gain_sense(player, "a 6 while resting")
            return
        name = self.content.senses[face - 1]
        if self.senses[player][face - 1]:
            self.log("rest", player, f"{player} rests: {name} is face up already")
        else:
            self.senses[player][face - 1] = True
            self.log("rest", player, f"{player} rests and gets {name} back", sense=name)

    def _die(self, player: str) -> None:
        """Rule 11 (B #15): with every sense face down the player dies, leaves the game and
        is the Banker now; the body stays where it lies. Rule 2: the last one alive wins."""
        self._bury(player)
        self.log("death", player, f"{player} has lost every sense and is dead; "
                                  f"{player} is the Banker now")
        living = [p for p in self.players if p not in self.dead]
        if len(living) == 1:
            raise GameOver(living[0], f"{living[0]} is the last player alive")
        raise TurnOver

    # -- meeting other players (rules 32, 35, 37) ---------------------------------------
    def _meet(self, player: str, space: int) -> Flow:
        """Rule 32, Rule 35 and Rule 37: landing where others are awake (not at Home), the mover
        may give each of them one pill, and may pick a pocket with a Pickpocket card (offered
        to everyone who holds a secret card, once a meeting: see :meth:`may_play`). A visitor
        at Jail reaches the lockup too."""
        here = self.others_here(player, space)
        given: list[str] = []
        title = self.may_play(player, "pickpocket")
        while here:
            def question(title: str | None = title) -> Decision:
                """Rule 32 and Rule 37: a pill for each player met while the mover holds one,
                a pocket to pick with money in it (:meth:`may_play`)."""
                choices: dict[str, tuple[str, str] | None] = {"done": None}
                if self.pills[player]:
                    choices.update({f"give a pill to {q}": ("give", q) for q in here
                                    if q not in given})
                if title:
                    choices.update({f"play {title} on {q}": ("pick", q) for q in here
                                    if self.ledger[q]})
                return self.ask(player, "meet", f"{player} meets {and_list(here)}", choices)

            if len(question().choices) == 1:
                return
            answer = yield self.asking(question)
            if answer is None:
                return
            what, other = answer
            if what == "pick":
                title = None
                card = self.secret_card(player, "pickpocket")
                if card:
                    self._pickpocket(player, other, card)
                continue
            self._move_pills(player, other, 1)
            self.owed[other] += 1
            given.append(other)
            self.log("give", player, f"{player} gives {other} a pill, to be taken on "
                                     f"{other}'s next turn", to=other)
