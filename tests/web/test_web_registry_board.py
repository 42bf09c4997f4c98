"""The card table and the Play board render what the card registry declares
(:data:`ludolab.games.dominion.cards.board.BOARD`: token kinds, mats, pile kinds, cost
components), with no page code per card: a kind a set declares shows with nothing else."""

from __future__ import annotations

import dataclasses
import html
import re
from types import SimpleNamespace
from typing import Any

import pytest
from webtools import post_form

from ludolab.games.dominion.cards.board import BOARD, CostKind, MatKind, PileKind, TokenKind
from ludolab.web.games.dominion import adapter as dom

KINGDOM = ("Fishing Village, Caravan, Monument, Trade Route, Crystal Ball, Wharf, Smithy, "
           "Village, Market, Festival")


def _board(client: Any) -> str:
    r = post_form(client, "/dominion/play", {
        "bot": "Wharf Big Money", "seed": "3", "kingdom": KINGDOM,
        "start_hand": "Fishing Village, Fishing Village, Caravan, Monument, Crystal Ball",
        "start_draw": "Copper, Copper, Estate, Estate, Copper, Copper",
        "start_deck": "5 Wharf, 5 Copper"}, follow_redirects=False)
    assert r.status_code == 303, r.text[:300]
    play_id = r.headers["location"].rsplit("/", 1)[1]
    return html.unescape(client.get(f"/dominion/play/{play_id}").text)


def _text(page: str, element_id: str) -> str:
    m = re.search(rf'id="{element_id}"[^>]*>(.*?)</p>', page, re.S)
    assert m, f"no #{element_id}"
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", m.group(1))).strip()


def test_a_newly_declared_token_shows_on_the_board(client: Any,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """A set declares a seat token (here Coffers, read from a counter every game has: the
    turns taken) and a game-wide token of a card in the kingdom: the board shows both."""
    page = _board(client)
    assert 'id="coffers-tokens"' not in page
    board = dataclasses.replace(BOARD, tokens=(*BOARD.tokens,
        TokenKind("coffers", "Coffers", "seat", counter="turns",
                  mine="Your Coffers: {n} coin{s}", other="Coffers: {n}"),
        TokenKind("festival-mat", "Festival tokens", "game", counter="no_such_counter",
                  card="Festival", mine="Festival mat: {n} token{s}")))
    monkeypatch.setattr(dom, "BOARD", board)
    page = _board(client)
    assert _text(page, "coffers-tokens") == "Your Coffers: 1 coin"
    assert _text(page, "festival-mat") == "Festival mat: 0 tokens"
    # the kinds already declared render as before, from the same declaration
    assert _text(page, "trade-route").startswith("Trade Route mat: 0 tokens (+$0 for each")


def test_a_declared_mat_pile_kind_and_cost_component_show(client: Any,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """A pile kind outside the Supply (Prizes-like) gets its own table on the board; a cost
    component (Potion-like) is written in the card table and on the board; a mat is listed."""
    board = dataclasses.replace(
        BOARD, piles=(*BOARD.piles, PileKind("prizes", "Prizes", cards=("Gold", "Silver"))),
        costs=(*BOARD.costs, CostKind("vp", "VP", "victory points", prefix=False)),
        mats=(*BOARD.mats, MatKind("hand", "A mat holding the hand")))
    monkeypatch.setattr(dom, "BOARD", board)
    page = _board(client)
    tables = re.findall(r"<h3>([^<]+)</h3>\s*<table class=\"grid supply\">(.*?)</table>", page,
                        re.S)
    assert [t[0] for t in tables] == ["Supply", "Prizes"]
    assert re.findall(r"<td>([A-Za-z ]+)</td>", tables[1][1]) == ["Silver", "Gold"]
    assert "Gold" not in re.findall(r"<td>([A-Za-z ]+)</td>", tables[0][1])
    assert re.search(r"<td>Province</td><td class=\"num\">\$8 6VP", page)
    assert '<h3>A mat holding the hand</h3><p class="cards-line mat" id="hand">' in page
    cards = html.unescape(client.get("/dominion/cards", params={"q": "province"}).text)
    assert re.search(r"<b>Province</b>.*?<td class=\"num\">\$8 6VP</td>", cards, re.S)
    assert dom.cost_words(SimpleNamespace(cost=3, vp=0)) == "$3"


def test_costs_are_written_as_the_cards_print_them() -> None:
    """Coins, then Potions as a P each (Familiar "$3P", Transmute "P"), as on the cards."""
    from ludolab.games.dominion.cards import card

    assert dom.cost_words(card("Familiar")) == "$3P"
    assert dom.cost_words(card("Transmute")) == "P"
    assert dom.cost_words(card("Smithy")) == "$4"
    assert dom.cost_words(card("Familiar"), first=False) == "P"


def test_the_declaration_names_every_kind_the_board_shows() -> None:
    """Today's kinds are declared (Duration's zones, the Seaside mats, VP, Coffers, Coin, Trade
    Route and Embargo tokens, the Supply, Prizes and Rewards, coin, Potion and Debt costs) and
    each names where the game keeps it."""
    from ludolab.games.dominion.engine import DominionGame

    assert {m.zone for m in BOARD.mats} == {"haven", "mat", "island"}
    assert {t.key for t in BOARD.tokens} == {"vp", "coffers", "coin", "trade-route", "embargo"}
    for t in BOARD.tokens:
        if t.piles:
            assert callable(getattr(DominionGame, t.piles))
    assert [k.key for k in BOARD.piles] == ["supply", "prize", "reward"]
    assert BOARD.pile_kind("Gold").key == "supply"
    assert BOARD.pile_kind("Diadem").key == "prize" and BOARD.pile_kind("Renown").key == "reward"
    assert [c.field for c in BOARD.costs] == ["cost", "potion", "debt"]
    # every Prize and Reward row of the cards package is in its declared pile kind
    from ludolab.games.dominion.cards import CARDS

    for c in CARDS:
        assert BOARD.pile_kind(c.name).key == c.pile, c.name
