"""Hip Town's exact odds (RULES.md 3 C), computed from its checked content.

The die: what each face shows and how many Hip Coins a roll brings; the opening hand: the
chance of a card you can build (hypergeometric) and, without one, how many turns you wait
for one (a two-state absorbing Markov chain); the odds panel's chances, read from a view;
a lone builder's turns to ten businesses (:class:`LoneBuilder`, an absorbing chain over
what is built and held); the kit's English auction run on paper beside a second-price
auction (:func:`auction_price`); and a neighbourhood filled at random, scored by the game's
own rules (:func:`random_neighbourhood`). Everything is a Fraction (the law of the lone
builder's turns is pushed forward in floats). Only :func:`face_chance` is needed in play;
the rest imports the generic tools of :mod:`tabletop.odds` when called.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, fields
from fractions import Fraction
from functools import cache, cached_property
from itertools import combinations_with_replacement, permutations, product
from math import comb, perm, prod
from typing import TYPE_CHECKING, Any

from tabletop.cache import cached
from tabletop.core.decisions import Amount, Decision

from .content import Content

if TYPE_CHECKING:
    from tabletop.odds import Dist

#: What a Choice face is taken as, when a question depends on it.
CHOICE_AS = ("coins", "reality", "property")


def face_chance(content: Content, face: str) -> Fraction:
    """The chance that one roll of the die shows ``face`` (rules 8-10, 14)."""
    return share_of_faces(content.faces, face)


@cache
def share_of_faces(faces: tuple[str, ...], face: str) -> Fraction:
    """The share of the die's ``faces`` that show ``face`` (exact)."""
    return Fraction(faces.count(face), len(faces))


def faces(content: Content, choice_as: str | None = None) -> Dist:
    """What a roll gives: each face with its chance; with ``choice_as``, the Choice face is
    counted as the face the player takes on it."""
    from tabletop.odds import Dist

    return Dist.from_weights((choice_as if face == "choice" and choice_as else face, 1)
                             for face in content.faces)


def coins_per_roll(content: Content, choice_as: str = "coins") -> Dist:
    """Hip Coins the die itself pays on one roll (rule 8): the Hip Coin face pays, and the
    Choice face too when it is taken as coins. Reality cards are left out."""
    return faces(content, choice_as).map(lambda f: content.coin_face if f == "coins" else 0)


def property_chance(content: Content, choice_as: str = "property") -> Fraction:
    """The chance that a roll turns over a Property card you may buy (rules 10, 14)."""
    return faces(content, choice_as).p("property")


def rolls_to_coins(content: Content, short: int, choice_as: str = "coins") -> Fraction:
    """The expected number of rolls until the die alone has paid ``short`` more Hip Coins
    (rule 8; Reality cards left out). Coins come a Hip Coin face at a time, so ``short`` takes
    k = ⌈short / coins a face⌉ paying rolls, each a geometric wait of 1/p rolls (p: the chance
    a roll pays): k/p in all. Not short / (the mean a roll pays): that spreads the coins
    evenly over the rolls, and they come in lumps."""
    paying = faces(content, choice_as).p("coins")
    return -(-short // content.coin_face) / paying


def buildable(content: Content, built: int) -> list[str]:
    """The Property cards that a neighbourhood of ``built`` businesses may take (rule 16)."""
    return [c.id for c in content.property.values() if c.rating <= built]


def buildable_share(content: Content, cards: Iterable[str], built: int) -> Fraction:
    """Of ``cards`` (say, those you have not seen), the share you could build now."""
    cards = list(cards)
    ok = sum(content.property[c].rating <= built for c in cards)
    return Fraction(ok, len(cards)) if cards else Fraction(0)


def hand_holds(content: Content, built: int = 0, hand: int | None = None) -> Dist:
    """How many cards you could build with ``built`` businesses are in a freshly dealt hand
    (rule 3): a hypergeometric law over the whole Property deck."""
    from tabletop.odds import hypergeom

    size = content.hand if hand is None else hand
    return hypergeom(len(content.property), len(buildable(content, built)), size)


def opening_start(content: Content, hand: int | None = None) -> Fraction:
    """The chance that the opening hand holds a Developer-Rating-0 card, so you can build
    on your first turn (rules 3 and 16)."""
    return 1 - hand_holds(content, 0, hand)[0]


def new_card_chance(content: Content, choice_as: str = "property",
                    draws: tuple[str, ...] = ("draw", "buy_top")) -> Fraction:
    """The chance that one of your turns brings you a new Property card: the die turns one
    over for you (and you buy it), or the Reality card you draw hands you one (``draws``:
    the effect words that do)."""
    reality = content.reality.values()
    from_reality = Fraction(sum(card.effect in draws for card in reality), len(reality))
    face = faces(content, choice_as)
    return face.p("property") + face.p("reality") * from_reality


def reality_coins(content: Content, players: int, businesses: int = 0,
                  purse: int | None = None) -> Fraction:
    """The Hip Coins a Reality card brings you on average (a loss counts negative), at a
    table of ``players`` with ``businesses`` of yours built, if every payment is made in full
    (rules 21-23; a card that moves cards counts 0, and so does the Investor's half price);
    with ``purse`` given, a charge is paid only as far as those Hip Coins go (rule 23)."""
    def coins(card: Any) -> int:
        amount = card.figures.get("amount", 0)
        per_business = min(amount * businesses, card.figures.get("most", amount * businesses))
        return {"collect": amount, "collect_from_each": amount * (players - 1), "pay": -amount,
                "pay_per_business": -per_business,
                "collect_per_business": per_business}.get(card.effect, 0)

    def paid(card: Any) -> int:
        return coins(card) if purse is None else max(coins(card), -purse)

    reality = list(content.reality.values())
    return Fraction(sum(paid(card) for card in reality), len(reality))


def turns_to_first_business(content: Content, choice_as: str = "property") -> Fraction:
    """With no Developer-Rating-0 card in the opening hand: the expected number of your
    turns until a new card is one, if every new card you can get you take. The cards come
    from the rest of the deck (all but your hand), a share of them rated 0; a two-state
    absorbing chain (waiting, ready) gives the wait."""
    from tabletop.odds import Dist, MarkovChain

    rest = len(content.property) - content.hand
    zero = len(buildable(content, 0))
    p = new_card_chance(content, choice_as) * Fraction(zero, rest)
    chain = MarkovChain.from_rows({
        "waiting": Dist.from_weights({"waiting": 1 - p, "ready": p}),
        "ready": Dist.certain("ready"),
    })
    return chain.absorbing().steps["waiting"]


# -- the odds panel ------------------------------------------------------------------------
#: How the odds panel names each face of the die.
FACE_NAMES = {"property": "a Property face", "coins": "a Hip Coin face",
              "reality": "a Reality face", "choice": "the Choice face"}


def out_of_sight(content: Content, view: Mapping[str, Any]) -> list[str]:
    """The Property cards the viewer of ``view`` cannot see: all but their own hand, the
    businesses built in every neighbourhood, the market and a card on offer. The deck, the
    discards and the other hands are among them, in an order the viewer cannot know."""
    seen = {card["id"] for card in view["hand"] or ()}
    seen |= {lot["id"] for seat in view["seats"] for row in seat["neighbourhood"]
             for lot in row if lot}
    seen |= {card["id"] for card in view["market"] or ()}
    flipped = view["flipped"]
    if flipped and flipped["fate"] == "on offer":
        seen.add(flipped["card"]["id"])
    return [card for card in content.property if card not in seen]


def upcoming(content: Content, view: Mapping[str, Any]) -> list[tuple[str, Fraction]]:
    """The odds panel's "what may happen next", as (what, exact chance) pairs read from the
    view: each face of the die, a Property card on a roll, and for a seated viewer the
    chance that a card out of their sight is one they could build now."""
    lines = [(f"The next roll shows {FACE_NAMES[face]}", Fraction(p))
             for face, p in view["die"]["chances"].items()]
    lines.append(("A roll turns over a Property card (taking Property on the Choice face)",
                  property_chance(content)))
    seat = next((s for s in view["seats"] if s["name"] == view["you"]), None)
    if seat is not None:
        hidden = out_of_sight(content, view)
        share = buildable_share(content, hidden, seat["businesses"])
        ok = round(share * len(hidden))
        lines.append((f"A card out of {seat['name']}'s sight is one they could build now, with "
                      f"{seat['businesses']} businesses standing ({ok} of {len(hidden)})", share))
        lines.append((f"{seat['name']}'s next turn brings a new card they could build now (if "
                      "they take and buy every card)", new_card_chance(content) * share))
    return lines


# -- a lone builder (RULES.md 3 C: turns to build ten businesses) -----------------------------
#: A lone builder's table: businesses built, cards in hand that could be built now, and the
#: Developer Ratings of the cards in hand that must wait (lowest first).
Builder = tuple[int, int, tuple[int, ...]]


@dataclass(frozen=True)
class LoneBuilder:
    """A model of one player building alone, money no object: every turn brings a new card
    with chance ``new_card`` (its rating drawn from the whole deck, as if with replacement),
    then the player builds one card if any in hand is allowed (rule 16). The game's other
    players, its coins, auctions and most Reality cards are left out, and at most ``cap``
    cards wait in hand (a card beyond them is let go)."""

    new_card: Fraction
    ratings: Dist
    lots: int
    hand: int
    deck: tuple[int, ...]
    cap: int = 6

    @classmethod
    def of(cls, content: Content, choice_as: str = "property", cap: int = 6) -> LoneBuilder:
        from tabletop.odds import Dist

        deck = tuple(card.rating for card in content.property.values())
        return cls(new_card_chance(content, choice_as), Dist.from_weights(Counter(deck)),
                   content.lots, content.hand, deck, cap)

    def sort(self, built: int, ready: int, waiting: Iterable[int]) -> Builder:
        """Cards whose rating is now at most ``built`` join the ready ones."""
        still = tuple(sorted(r for r in waiting if r > built))
        ready += sum(1 for r in waiting if r <= built)
        return built, min(ready, self.lots - built), still

    def start(self) -> Dist:
        """The table before the first turn: the opening hand, dealt without replacement
        (a multivariate hypergeometric law over the ratings)."""
        from tabletop.odds import Dist

        counts = Counter(self.deck)
        weights: Counter[Builder] = Counter()
        for hand in combinations_with_replacement(sorted(counts), self.hand):
            ways = prod(comb(counts[r], k) for r, k in Counter(hand).items())
            weights[self.sort(0, 0, hand)] += ways
        return Dist.from_weights(weights)

    def turn(self, state: Builder) -> Dist:
        """One turn: maybe a new card, then one build when a card is ready."""
        from tabletop.odds import Dist

        return Dist(self._turn(state))

    def _turn(self, state: Builder) -> Counter[Builder]:
        built, ready, waiting = state
        if built == self.lots:
            return Counter({state: Fraction(1)})
        after: Counter[Builder] = Counter()
        for rating, p in self.arrivals:
            now, wait = ready, waiting
            if rating is not None and rating <= built:
                now += 1
            elif rating is not None and len(wait) < self.cap:
                wait = (*wait, rating)
            after[self.sort(built + 1, now - 1, wait) if now else self.sort(built, 0, wait)] += p
        return after

    @cached_property
    def arrivals(self) -> list[tuple[int | None, Fraction]]:
        """What a turn brings: no card, or a new card of each rating, with their chances."""
        return [(None, 1 - self.new_card),
                *((r, self.new_card * p) for r, p in self.ratings.items())]

    def key(self) -> tuple[Any, ...]:
        """What the model is made of (its fields, in order): what its cached results
        (:func:`lone_steps`, :func:`lone_expected_turns`, :func:`lone_turns`) are keyed on."""
        return tuple(getattr(self, f.name) for f in fields(self))

    @cached_property
    def steps(self) -> dict[Builder, Counter[Builder]]:
        """Every table the builder can reach from an opening hand, with where a turn leads
        (read from the kit's cache when this model was solved before)."""
        return lone_steps(*self.key())

    def reachable(self) -> dict[Builder, Counter[Builder]]:
        """:attr:`steps` computed: a walk from every opening table to every table reachable."""
        todo, steps = list(self.start()), {}
        while todo:
            state = todo.pop()
            if state not in steps:
                steps[state] = self._turn(state)
                todo.extend(steps[state])
        return steps

    def expected_turns(self) -> Fraction:
        """The expected number of turns until the last lot is built, exactly (see
        :meth:`solve_expected_turns`; read from the kit's cache when solved before)."""
        return lone_expected_turns(*self.key())

    def solve_expected_turns(self) -> Fraction:
        """The expected number of turns until the last lot is built, exactly: each table's
        wait is one turn plus the average wait of where the turn leads, solved from the
        finished tables back (a turn never goes back to an earlier table, only stays)."""
        wait: dict[Builder, Fraction] = {}
        for state in sorted(self.steps, key=lambda s: (s[0], s[1] + len(s[2])), reverse=True):
            if state[0] == self.lots:
                wait[state] = Fraction(0)
                continue
            nxt = self.steps[state]
            rest = sum((p * wait[s] for s, p in nxt.items() if s != state), Fraction(0))
            wait[state] = (1 + rest) / (1 - nxt[state])
        return sum((p * wait[s] for s, p in self.start().items()), Fraction(0))

    def turns(self, horizon: int = 60) -> dict[int, float]:
        """P(the last lot is built on turn t) for t = 1..``horizon`` (see :meth:`push_turns`;
        read from the kit's cache when computed before)."""
        return lone_turns(*self.key(), horizon=horizon)

    def push_turns(self, horizon: int = 60) -> dict[int, float]:
        """P(the last lot is built on turn t) for t = 1..``horizon`` (in floats: the chain is
        pushed forward turn by turn)."""
        import numpy as np

        index = {state: k for k, state in enumerate(self.steps)}
        src, dst, prob = (np.array(column) for column in zip(
            *((index[s], index[t], float(p)) for s, d in self.steps.items()
              for t, p in d.items()), strict=True))
        done = np.array([s[0] == self.lots for s in self.steps])
        mass = np.zeros(len(index))
        for state, p in self.start().items():
            mass[index[state]] = float(p)
        out, finished = {}, 0.0
        for t in range(1, horizon + 1):
            mass = np.bincount(dst, weights=prob * mass[src], minlength=len(index))
            now = float(mass[done].sum())
            out[t], finished = now - finished, now
        return out



@cached
def lone_steps(*key: Any) -> dict[Builder, Counter[Builder]]:
    """:meth:`LoneBuilder.reachable` of the model made of ``key`` (its fields), cached."""
    return LoneBuilder(*key).reachable()


@cached
def lone_expected_turns(*key: Any) -> Fraction:
    """:meth:`LoneBuilder.solve_expected_turns` of the model made of ``key``, cached."""
    return LoneBuilder(*key).solve_expected_turns()


@cached
def lone_turns(*key: Any, horizon: int = 60) -> dict[int, float]:
    """:meth:`LoneBuilder.push_turns` of the model made of ``key``, cached."""
    return LoneBuilder(*key).push_turns(horizon)

# -- auctions (RULES.md 3 C: the English auction and the second-price auction) ----------------
class _Paper:
    """Stands in for a game while the kit's auction (rules 11 and 12) runs on paper."""

    def ask(self, player: str, kind: str, prompt: str, choices: Iterable[str] = (),
            amount: Amount | None = None, labels: Mapping[str, str] | None = None) -> Decision:
        return Decision(player, kind, prompt, tuple(choices), amount)

    def asking(self, build: Callable[[], Decision]) -> Decision:
        """The question as it is: on paper, nothing is arranged."""
        return build()

    def log(self, *_: Any, **__: Any) -> None:
        """Nothing is written down."""


def english_auction(content: Content, caps: Sequence[int]) -> tuple[int, int] | None:
    """The kit's English auction (rules 11-12, RULES.md B7) with bidders in seat order whose
    most they will pay is ``caps``: each raises by the least allowed while it is within their
    cap, else passes. Returns (the winner's index, the price), or None when nobody bids."""
    from tabletop.core.auction import Auction

    names = [str(k) for k in range(len(caps))]
    auction = Auction("card", names, 0, lambda name: caps[int(name)], content.step,
                      content.opening)
    flow = auction.run(_Paper())
    try:
        decision = next(flow)
        while True:
            decision = flow.send(decision.amount.low)
    except StopIteration as stop:
        sale = stop.value
    return None if sale is None else (int(sale[0]), sale[1])


def second_price(caps: Sequence[int], opening: int = 1) -> tuple[int, int] | None:
    """A sealed second-price auction: everyone writes their cap; the highest (the first of
    equal ones) wins and pays the second highest bid, or the opening bid when alone."""
    bids = [(cap, -k) for k, cap in enumerate(caps) if cap >= opening]
    if not bids:
        return None
    bids.sort(reverse=True)
    price = bids[1][0] if len(bids) > 1 else opening
    return -bids[0][1], price


def auction_price(rivals: Sequence[Dist], you: int | None = None, sealed: bool = False,
                  content: Content | None = None) -> Dist:
    """The exact law of what the card sells for, when each rival's cap is drawn from its
    own Dist (independently) and ``you`` (bidding last, if given) go up to your cap: every
    combination of caps is run through the auction and weighted by its chance. Outcomes are
    (winner, price): winner "you", "rival" or None (unsold, price 0)."""
    from tabletop.odds import Dist

    weights: Counter[tuple[str | None, int]] = Counter()
    for combo in product(*(d.items() for d in rivals)):
        caps = [cap for cap, _ in combo] + ([] if you is None else [you])
        sale = second_price(caps, content.opening) if sealed else english_auction(content, caps)
        who = None if sale is None else "you" if sale[0] == len(rivals) else "rival"
        weights[(who, 0 if sale is None else sale[1])] += prod(p for _, p in combo)
    return Dist(weights)


def caps(coins: Dist, value: int) -> Dist:
    """The most a bidder will pay: their coins, but never above ``value``."""
    return coins.map(lambda c: min(c, value))


def mean_price(sale: Dist) -> Fraction:
    """The expected price of a sale law (an unsold card: price 0)."""
    return sum((p * price for (_, price), p in sale.items()), Fraction(0))


def surplus(sale: Dist, value: int) -> Fraction:
    """Your expected gain: your value of the card less the price, when you win it."""
    return sum((p * (value - price) for (who, price), p in sale.items() if who == "you"),
               Fraction(0))


# -- the Destination bonus of a neighbourhood filled at random (RULES.md 3 C) ------------------
def type_patterns(lots: int, kinds: int) -> Iterator[tuple[int, ...]]:
    """Every way to sort ``lots`` lots into at most ``kinds`` groups of one type, each group
    named by the first lot in it (restricted growth strings: 0, then at most one more than
    the largest so far)."""
    def grow(pattern: tuple[int, ...], top: int) -> Iterator[tuple[int, ...]]:
        if len(pattern) == lots:
            yield pattern
            return
        for label in range(min(top + 2, kinds)):
            yield from grow((*pattern, label), max(top, label))

    yield from grow((0,), 0)


@cached
def random_neighbourhood(content: Content) -> dict[str, Any]:
    """A full neighbourhood of cards drawn at random from the deck (a builder who ignores
    types), exactly: the chance of at least one Destination group, of the bonus for every
    type, the expected Destination bonus, and each lot's chance to be in a scoring group.
    Each way of sorting the lots into types is scored by the game's own rule 27 (its groups)
    and counted by the ordered draws of the deck that give it (without replacement)."""
    from .neighbourhood import Frame, groups

    frame = Frame(content.rows, content.columns)
    by_type = Counter(c.type for c in content.property.values())
    names = [t.name for t in content.types]
    bonus_of = [content.bonus(size) for size in range(content.lots + 1)]
    ways: dict[tuple[int, ...], int] = {}
    counts = {"a Destination group": 0, "every type": 0, "bonus": 0}
    lots = [0] * content.lots
    for pattern in type_patterns(content.lots, len(names)):
        sizes = tuple(sorted(Counter(pattern).values(), reverse=True))
        if sizes not in ways:
            ways[sizes] = sum(prod(perm(by_type[t], n) for t, n in zip(kinds, sizes,
                                                                          strict=True))
                              for kinds in permutations(names, len(sizes)))
        w = ways[sizes]
        scoring = [(lots_in, bonus_of[len(lots_in)])
                   for _, lots_in in groups(frame, pattern) if bonus_of[len(lots_in)]]
        if scoring:
            counts["a Destination group"] += w
            counts["bonus"] += w * sum(bonus for _, bonus in scoring)
            for group, _ in scoring:
                for lot in group:
                    lots[lot] += w
        if len(sizes) == len(names):
            counts["every type"] += w
    draws = perm(len(content.property), content.lots)
    return {**{k: Fraction(v, draws) for k, v in counts.items()},
            "lots": {name: Fraction(w, draws) for name, w in zip(frame.names, lots,
                                                                  strict=True)}}
