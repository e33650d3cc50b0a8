"""Jail (rules 27-30): the bribe, the lockup and its rolls, testifying to get out."""

from __future__ import annotations

from tabletop.core.decisions import Decision
from tabletop.core.words import or_list, plural

from .odds import lockup_outcome, lockup_release
from .table import BANK, DISH, Flow, Table, TurnOver


class JailMixin(Table):
    """Jail rules for :class:`~tabletop.games.rush.rules.Rush`."""

    def _arrest(self, player: str, why: str) -> Flow:
        """Sent to Jail (rules 24, 26, the Busted card); a held Lawyer may cancel it (asked of
        everyone who holds a secret card: see :meth:`may_play`)."""
        title = self.may_play(player, "lawyer")
        if title:
            cancel = yield self.ask(player, "lawyer", f"{player} is sent to Jail ({why}): "
                                                      f"play {title}, if you hold it?",
                                    {f"play {title}": True, "go to Jail": False})
            card = self.secret_card(player, "lawyer")
            if cancel and card:
                self._play_card(player, card)
                return
        yield from self._jail(player, why)

    def _jail(self, player: str, why: str) -> Flow:
        """Rule 27 and Rule 28: at the Jail space, the bribe (or a Get out of Jail card) buys the
        visiting area, to leave next turn; otherwise all pills go and the player is locked
        up. Either way the turn ends. The card is offered to everyone who holds a secret
        card (:meth:`may_play`); whoever picks it without holding it is asked again."""
        c = self.content
        self.pos[player] = self.landed = self.jail_space
        if player in self.guests:
            self.guests.remove(player)
        self.log("jail", player, f"{player} goes to Jail ({why})")
        card = self.secret_card(player, "get_out_of_jail")
        title = self.may_play(player, "get_out_of_jail")
        tried = False

        def question() -> Decision:
            """The bribe while the player holds it, the card (until picked without holding it:
            :meth:`may_play`), or the lockup."""
            choices = {}
            if self.ledger[player] >= c.bribe:
                choices[f"pay the ${c.bribe} bribe"] = "bribe"
            if title and not tried:
                choices[f"play {title}"] = "card"
            ways = [f"{choice} (if you hold it)" if value == "card" else choice
                    for choice, value in choices.items()]
            return self.ask(player, "jail", f"{player} is in Jail: "
                            f"{or_list([*ways, 'go to the lockup'])}?",
                            {**choices, "go to the lockup": "lockup"})

        how = "lockup"
        while len(question().choices) > 1:
            how = yield self.asking(question)
            if how != "card" or card:
                break
            self.log("jail", player, f"{player} holds no {title}")
            tried = True
            how = "lockup"
        if how == "bribe":
            self.ledger.transfer(player, BANK, c.bribe)
            self.log("jail", player, f"{player} pays the ${c.bribe} bribe and waits in the "
                                     "visiting area", amount=c.bribe)
        elif how == "card":
            self._play_card(player, card)
        else:
            yield from self._enter_lockup(player)
        raise TurnOver

    def _enter_lockup(self, player: str) -> Flow:
        """Rule 28 and Rule 30: the pills go to the dish; anyone awake already in the lockup
        may testify against the newcomer and walk out to the visiting area."""
        lost = self.pills[player]
        self._move_pills(player, DISH, lost)
        self.log("lockup", player, f"{player} loses {plural(lost, 'pill')} and is locked up",
                 pills=lost)
        for inmate in list(self.lockup):
            if not self.awake(inmate):
                continue
            testify = yield self.ask(inmate, "testify", f"{player} is locked up with you: "
                                                        "testify and go free?",
                                     {"testify and go free": True, "stay": False})
            if testify:
                self.lockup.remove(inmate)
                self.log("testify", inmate, f"{inmate} testifies against {player} and goes "
                                            "to the visiting area")
        self.lockup.append(player)

    def _lockup_turn(self, player: str) -> Flow:
        """Rule 29 and Rule 37: pills given through the bars are taken first (no move); then
        two dice: doubles free you and you move their total, another even total rolls
        again, an odd total keeps you in. A Get out of Jail card frees you for a turn (offered
        to everyone who holds a secret card: :meth:`may_play`)."""
        yield from self._owed_pills(player)
        title = self.may_play(player, "get_out_of_jail")
        choices = {"roll two dice": False}
        if title:
            choices[f"play {title}"] = True
        play = yield self.ask(player, "lockup", f"{player} is in the lockup", choices)
        card = self.secret_card(player, "get_out_of_jail")
        if play and card:
            self._play_card(player, card)
            self.lockup.remove(player)
            yield from self._free_turn(player)
            return
        while True:
            dice = self.roll(player, 2, 6, "lockup")
            self.last_roll = dice
            outcome = lockup_outcome(dice)
            if outcome == "released":
                self.lockup.remove(player)
                self.log("lockup", player, f"{player} rolls doubles and is released",
                         p=lockup_release(), p_of="getting out of the lockup in one turn")
                yield from self._move(player, sum(dice))
                return
            if outcome == "stays":
                self.log("lockup", player, f"{player} rolls an odd total and stays locked up")
                return
            self.log("lockup", player, f"{player} rolls an even total: roll again")
