"""The coma and the bodies in the street (rules 13-20)."""

from __future__ import annotations

from tabletop.core.decisions import Amount
from tabletop.core.words import plural

from .table import Flow, Table


class ComaMixin(Table):
    """Coma rules for :class:`~tabletop.games.rush.rules.Rush`."""

    def _fall_into_coma(self, player: str) -> Flow:
        """Rule 10, Rule 13 and Rule 18: the body stays on the space, the movement marker goes to
        the darkest step of the coma track; whoever stands there now may never roll this
        body. Smelling salts, if held, may wake the player at once."""
        self.coma[player] = 0
        self.witnesses[player] = self.others_here(player, self.pos[player])
        if player in self.guests:
            self.guests.remove(player)
        self.log("coma", player, f"{player} falls into a coma; the body lies on "
                                 f"{self.content.board[self.pos[player]].name}")
        title = self.may_play(player, "wake")
        if title:
            yield from self._smelling_salts(player, title, f"{player} falls into a coma",
                                            "stay in the coma")

    def _smelling_salts(self, player: str, title: str, when: str, otherwise: str) -> Flow:
        """Rule 45: Smelling salts may be played now, asked of everyone who holds a secret
        card (:meth:`may_play`); ``otherwise`` names what declining does. True if played."""
        wake = yield self.ask(player, "coma", f"{when}: play {title}, if you hold it?",
                              {f"play {title}": True, otherwise: False})
        card = self.secret_card(player, "wake")
        if wake and card:
            self._play_card(player, card)
            self._wake(player)
            return True
        return False

    def _coma_turn(self, player: str) -> Flow:
        """Rule 14, Rule 15 and Rule 16: one coma die a turn: back one and a sense of the
        player's choice on a 1, forward one on 2-4, forward up to two on 5-6 (B #5); at
        AWAKE the player is up again but does nothing else this turn."""
        c = self.content
        step = self.coma[player]
        where = f"{player} is in a coma at {c.coma_track[step]}"
        title = self.may_play(player, "wake")
        if title is None:
            yield self.ask(player, "coma", f"{where}: roll the coma die",
                           {"roll the coma die": None})
        elif (yield from self._smelling_salts(player, title, where, "roll the coma die")):
            return
        face = self.roll(player, 1, 6, "coma die")[0]
        self.last_roll = (face,)
        change = c.coma_steps[face - 1]
        if change < 0:
            self.coma[player] = max(0, step + change)
            reached = c.coma_track[self.coma[player]]
            self.log("coma", player, f"{player} slips back to {reached}"
                     if self.coma[player] < step else f"{player} stays at {reached}, the "
                     "darkest step: there is no step further back")
            yield from self._lose_chosen_sense(player, f"a {face} on the coma die")
            return
        reach = min(change, c.awake - step)
        if reach > 1:
            reach = yield self.ask(player, "coma_move", f"{player} may move up to {reach} "
                                                        "steps on the coma track",
                                   {f"forward {k}": k for k in range(reach, 0, -1)})
        self.coma[player] = step + reach
        self.log("coma", player, f"{player} moves to {c.coma_track[self.coma[player]]} on the "
                                 "coma track")
        if self.coma[player] == c.awake:
            self._wake(player)

    def _wake(self, player: str) -> None:
        """Rule 16: the movement marker takes the body's place."""
        self.coma[player] = None
        self.witnesses[player] = []
        self.log("wake", player, f"{player} wakes up on "
                                 f"{self.content.board[self.pos[player]].name}")

    def _roll_bodies(self, player: str, space: int) -> Flow:
        """Rule 17, Rule 18, Rule 19 and Rule 20: landing on a body in a coma, or a dead
        one (never at Home, never behind the lockup's bars), the lander may take any or all
        of its money and pills, unless they stood there when the coma or death came."""
        for body in self.left_of(player):
            if (self.pos[body] != space or body in self.lockup or player in self.witnesses[body]
                    or self.awake(body)):
                continue
            money = self.ledger[body]
            if money:
                take = yield self.asking(lambda body=body: self.ask(
                    player, "roll_money", f"{body}'s body lies here: take how much of their "
                    f"${self.ledger[body]}?", amount=Amount(0, self.ledger[body])))
                self.ledger.transfer(body, player, take)
                self.log("roll_body", player, f"{player} takes ${take} from {body}'s body",
                         body=body, money=take)
            if self.pills[body]:
                take = yield self.asking(lambda body=body: self.ask(
                    player, "roll_pills", f"{body}'s body lies here: take how many of their "
                    f"{plural(self.pills[body], 'pill')}?", amount=Amount(0, self.pills[body])))
                self._move_pills(body, player, take)
                self.log("roll_body", player, f"{player} takes {plural(take, 'pill')} from "
                                              f"{body}'s body",
                         body=body, pills=take)
