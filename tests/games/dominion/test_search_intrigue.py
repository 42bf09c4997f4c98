"""The search player on Courtyard, Secret Passage and Masquerade: it never peeks at what
its seat cannot see, keeps what its seat knows (a card it put back stays where it is in every
re-deal), falls back to the playbook where a re-deal would not be sound (a card passed to it),
and plays whole games on Intrigue kingdoms."""

from __future__ import annotations

import numpy as np
import pytest

from ludolab.games.dominion.bots import load_bot
from ludolab.games.dominion.cards import SETS, card_id
from ludolab.games.dominion.engine import DecisionKind, DominionGame, Engine, simple_bot
from ludolab.games.dominion.engine import kernel as K
from ludolab.games.dominion.engine import searchkernel as SK
from ludolab.games.dominion.engine.hooks import playable
from ludolab.games.dominion.search import DominionSearchPlayer, play_records

DK = DecisionKind
KINGDOM = ["Courtyard", "Secret Passage", "Masquerade"]


def C(name: str) -> int:
    return card_id(name)


def gen(seed: int) -> np.random.Generator:
    return np.random.default_rng(seed)


def passage_bot():
    """Money with two Secret Passages and a Courtyard; its Secret Passage always puts the card
    at the bottom (deep)."""
    bot = simple_bot("passages", buy=["Province", "Gold", "Secret Passage", "Courtyard",
                                      "Silver"], limits={"Secret Passage": 2, "Courtyard": 1})
    bot.card_options[(C("Secret Passage"), 0)] = 2.0
    return bot


def _step_to(game: DominionGame, bot, done) -> DominionGame:
    player = DominionSearchPlayer(bot, 1)
    kern = player._kernel(game.engine)
    while not done(game):
        d = game.pending()
        assert d is not None, "the game ended first"
        game.answer(player._bot_answer(game, kern, np.array(d.options, dtype=np.int64)))
    return game


def _unknown_positions(S: np.ndarray, L, seat: int) -> list[int]:
    """Positions of ``seat``'s start-of-turn pile whose card it does not know."""
    sc = L.scalars(seat)
    n = int(S[sc + K.PS_DECKN])
    run = int(K.known_top(S, sc, False))
    deep = int(K.known_deep(S, sc))
    return [i for i in range(n - run) if i != deep]


def _shuffled_hidden(game: DominionGame, hidden: int) -> DominionGame:
    """The same game with what seat 0 cannot see in another order: its lowest ``hidden``
    unknown pile positions reversed (known cards stay), seat 1's hand and pile swapped around."""
    other = game.clone()
    S = other._S
    L = other.engine.layout
    pos = _unknown_positions(S, L, 0)[:hidden]
    base = L.deck(0).start
    cards = S[[base + i for i in pos]][::-1].copy()
    for i, c in zip(pos, cards, strict=True):
        S[base + i] = c
    n1 = int(S[L.scalar(1, "deck_n")])
    pile = L.deck(1, n1)
    S[pile] = S[pile][::-1].copy()
    hand = L.zone(1, "hand")
    for i in range(n1):
        c = S[pile.start + i]
        held = [h for h in np.flatnonzero(S[hand]) if h != c]
        if held:
            S[hand.start + held[0]] -= 1
            S[hand.start + c] += 1
            S[pile.start + i] = held[0]
            break
    other._advance()
    return other


def _deep_buy(engine: Engine, bot, seed: int) -> DominionGame | None:
    """A BUY of seat 0 whose start-of-turn pile holds a card it put deep in an earlier turn."""
    L = engine.layout
    probe = DominionSearchPlayer(bot, 1)

    def ready(g: DominionGame) -> bool:
        d = g.pending()
        if d is None or int(g._S[L.scalar(0, "turns")]) > 30:
            return True
        hidden = probe.hidden_own(g, 0)
        return bool(d.seat == 0 and d.kind == DK.BUY and len(d.options) > 2 and hidden
                    and hidden >= 3 and K.known_deep(g._S, L.scalars(0)) >= 0
                    and g._S[L.scalar(1, "deck_n")] >= 3)

    game = _step_to(engine.new_game(seed, [None, bot]), bot, ready)
    d = game.pending()
    return game if d is not None and d.kind == DK.BUY and d.seat == 0 else None


def test_decisions_ignore_the_hidden_order_with_a_deep_card():
    engine = Engine(KINGDOM, 2)
    bot = passage_bot()
    for seed in (3, 12):  # seeds that reach such a turn (with the Secret Passage playbook)
        game = _deep_buy(engine, bot, seed)
        assert game is not None
        hidden = DominionSearchPlayer(bot, 1).hidden_own(game, 0)
        other = _shuffled_hidden(game, hidden)
        assert not np.array_equal(other._S, game._S)  # the hidden order changed
        assert other.pending() == game.pending()  # and nothing seat 0 sees did
        player = DominionSearchPlayer(bot, 120, margin=0.2)
        first = player.choose(game, gen(5))
        stats = dict(player.last_search)
        assert not player.last_report.fallback
        assert player.choose(other, gen(5)) == first and player.last_search == stats


def test_a_card_put_back_stays_where_it_is_in_every_redeal():
    # This turn: Secret Passage puts an Estate at the bottom, Courtyard a Gold on top; in every
    # re-deal, replayed to the BUY, both are where seat 0 put them and its hand is the same.
    engine = Engine([*KINGDOM, "Village"], 2)
    game = engine.new_game(3, [None, None])
    deck = ["Copper", "Silver", "Gold", "Duchy", "Copper", "Estate", "Copper", "Silver",
            "Copper", "Duchy", "Copper", "Estate"]
    game.setup(1, hand=["Copper"] * 3 + ["Estate"] * 2, deck=["Silver", "Copper"] * 4,
               discard=[])
    game.setup(0, hand=["Village", "Secret Passage", "Courtyard", "Estate", "Copper"],
               deck=deck, discard=[])
    game.answer(C("Village"))
    game.answer(C("Secret Passage"))
    game.answer(C("Estate"))
    d = game.pending()
    game.answer(d.options[-1])  # the bottom
    game.answer(C("Courtyard"))
    game.answer(C("Gold"))  # back on top
    d = game.pending()
    assert d.kind == DK.BUY
    L = engine.layout
    V = game._view
    sc = L.scalars(0)
    n = int(V[sc + K.PS_DECKN])
    pile = V[L.deck(0, n)].copy()
    assert (pile[0], pile[-1]) == (C("Estate"), C("Gold"))
    assert (K.known_top(V, sc, False), K.known_deep(V, sc)) == (1, 0)
    player = DominionSearchPlayer(simple_bot("x"), 1)
    hidden = player.hidden_own(game, 0)
    assert hidden == n - 2  # every other card of the pile is one it has not seen
    piles = set()
    for key in range(25):
        g = game.clone()
        SK.determinise(g._S, game._view, 0, hidden, np.uint64(key))
        g._advance()
        W = g._view
        assert g.pending() == d
        assert np.array_equal(W[L.zone(0, "hand")], V[L.zone(0, "hand")])
        assert np.array_equal(W[L.zone(0, "play")], V[L.zone(0, "play")])
        redealt = W[L.deck(0, n)]
        assert (redealt[0], redealt[-1]) == (C("Estate"), C("Gold"))
        assert sorted(redealt) == sorted(pile)
        piles.add(tuple(redealt))
    assert len(piles) > 5  # and the rest is dealt anew


def _masquerade_turn(seat1: list[str], pile1: list[str]) -> DominionGame:
    """Seat 0 (outside) to play Masquerade; seat 1 (outside too) holds ``seat1``."""
    engine = Engine(KINGDOM, 2)
    game = engine.new_game(2, [None, None])
    game.setup(1, hand=seat1, deck=pile1, discard=[])
    game.setup(0, hand=["Masquerade", "Estate", "Copper", "Silver", "Copper"],
               deck=["Copper", "Gold", "Estate", "Copper", "Silver", "Copper", "Estate"],
               discard=[])
    game.answer(C("Masquerade"))
    return game


def test_a_card_passed_to_it_conditions_the_redeal():
    # Its own pass is searched (chosen before any card moves). Then seat 1 passed it an Estate
    # from a hand the re-deals change: only re-deals in which seat 1's rollout bot passes it an
    # Estate count (the replay gives it the hand it holds), so the trash decision is searched.
    bot = load_bot("Masquerade")
    game = _masquerade_turn(["Copper", "Estate", "Silver", "Copper", "Copper"],
                            ["Silver", "Copper"] * 4)
    d = game.pending()
    assert (d.kind, d.seat) == (DK.PASS, 0)
    player = DominionSearchPlayer(bot, 40)
    a = player.choose(game, gen(1))
    assert not player.last_report.fallback and player.last_report.simulations > 0
    game.answer(a)
    game.answer(C("Estate"))  # seat 1
    d = game.pending()
    assert (d.kind, d.seat) == (DK.TRASH, 0)
    hidden = player.hidden_own(game, 0)
    assert hidden is not None
    player.choose(game, gen(2))
    assert not player.last_report.fallback and player.last_report.simulations > 0
    # every re-deal it kept replays to its real hand (the Estate from seat 1 in it)
    kern = player._kernel(game.engine)
    own = [x for x, q in zip(game._tape, game._tape_seats, strict=True) if q == 0]
    assert own == [C("Masquerade"), a]  # its answers this turn
    tape = np.array(own, dtype=np.int64)
    L = game.engine.layout
    fitted = 0
    for key in range(30):
        S = game._S.copy()
        SK.determinise(S, game._view, 0, hidden, np.uint64(key))
        if SK.replay_fits(S, game._view, kern.W, kern.I, kern.F, 0, tape, 2, kern.seeds,
                          kern.vp, kern.turns, kern.outcome, kern.reason, kern.stats):
            fitted += 1
            view = kern.I[kern.I[K.I_O_VIEW]:][: len(S)]
            assert np.array_equal(view[L.zone(0, "hand")], game._view[L.zone(0, "hand")])
    assert 0 < fitted < 30  # some re-deals give seat 1 no Estate to pass, some do


def test_when_no_redeal_gives_it_its_hand_it_falls_back():
    # Seat 1 passed a Gold though it held Estates; its rollout bot passes an Estate whenever it
    # has one, and every re-deal of its hand has one: no re-deal fits, the playbook answers.
    game = _masquerade_turn(["Gold", "Estate", "Estate", "Estate", "Estate"], ["Estate"] * 5)
    game.answer(C("Estate"))  # seat 0's pass
    game.answer(C("Gold"))  # seat 1's
    d = game.pending()
    assert (d.kind, d.seat) == (DK.TRASH, 0)
    player = DominionSearchPlayer(load_bot("Masquerade"), 40)
    player.choose(game, gen(3))
    assert player.last_report.fallback


@pytest.mark.parametrize("seed", [0, 1])
def test_search_plays_whole_games_on_intrigue_kingdoms(seed):
    intrigue = set(SETS["intrigue2"][1]) | set(SETS["intrigue1"][1])
    pool = sorted(c for c in playable() if c in intrigue)
    rng = np.random.default_rng(seed)
    kingdom = sorted(rng.choice(pool, size=min(10, len(pool)), replace=False).tolist())
    engine = Engine([*kingdom, "Throne Room"] if seed else kingdom, 2 + seed)
    names = {C(n): n for n in KINGDOM}
    rollout = simple_bot("intrigue", buy=["Province", "Gold", *[names[c] for c in kingdom
                                                                if c in names], "Silver"],
                         limits={names[c]: 2 for c in kingdom if c in names})
    search = DominionSearchPlayer(rollout, 12, depth=seed)
    seats = [search] + [rollout] * (1 + seed)
    rec = play_records(engine, seats, np.array([seed, seed + 7], dtype=np.uint64))
    assert len(rec) == 2 and (rec.outcome.max(axis=1) >= 1).all()
    assert search.searched > 0
