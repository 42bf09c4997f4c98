"""Play from a start state (issue 21: Simulate has one, Play had none): the opening split, the
starting deck, the turn to begin at and the person's own hand, draw pile and discard pile,
through the real app; every bad value is a one-line 4xx naming its field."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from webtools import post_form, post_htmx

from ludolab.games.dominion.cards import CARDS


def alert(response: Any) -> str:
    m = re.search(r'role="alert"[^>]*>(.*?)</div>', response.text, re.S)
    assert m, response.text[:300]
    return html.unescape(m.group(1)).strip()


def start_play(client: Any, app: Any, data: dict[str, str]) -> tuple[Any, str, str]:
    """Post the Play form (as a plain form): the session, its id and the game page."""
    r = post_form(client, "/dominion/play", data={"bot": "Big Money", "seed": "3", **data},
                  follow_redirects=False)
    assert r.status_code == 303, r.text[:300]
    play_id = r.headers["location"].rsplit("/", 1)[1]
    return app.state.plays[play_id], play_id, client.get(r.headers["location"]).text


def coins(cards: list[str]) -> int:
    by_name = {c.name: c for c in CARDS}
    return sum(by_name[k].coins for k in cards if by_name[k].is_treasure)


def shown(page: str) -> dict[str, int]:
    """The hand the game page shows: card -> copies."""
    hand = re.search(r'id="hand">(.*?)</p>', page, re.S).group(1)
    return {name: int(n) for n, name in re.findall(r">(\d+) × ([^<]+)<", hand)}


def test_the_play_form_has_the_start_state_fields(client: Any) -> None:
    page = client.get("/dominion/play").text
    for name in ("opening", "start_deck", "start_turn", "start_hand", "start_draw",
                 "start_discard"):
        assert f'name="{name}"' in page
    assert 'hx-post="/dominion/play"' in page and 'id="play-error"' in page


def test_given_hand_draw_and_discard_are_the_ones_shown(client: Any, app: Any) -> None:
    session, play_id, page = start_play(client, app, {
        "start_hand": "Smithy, 2 Copper, 2 Estate", "start_draw": "Gold, Gold, 5 Silver",
        "start_discard": "3 Duchy", "start_turn": "4"})
    # the hand holds an Action: the person is asked first, with exactly the given cards
    z = session.game.zones(0)
    assert z["hand"] == {"Smithy": 1, "Copper": 2, "Estate": 2}
    assert z["deck"] == ["Gold", "Gold"] + ["Silver"] * 5 and z["discard"] == {"Duchy": 3}
    assert "Smithy" in session.kingdom  # the start's cards join the kingdom
    assert re.search(r'id="turn-info">Turn 4 of You ·', page)
    assert shown(page) == {"Smithy": 1, "Copper": 2, "Estate": 2}
    assert "Draw pile 7 cards · discard pile 3 cards" in page
    assert 'id="play-start-state">from given zones for 1 seat(s); from turn 4' in page
    assert 'id="play-log"' not in page  # no trace of a start state: the others' turns in short
    assert "has no turn-by-turn log yet" in page
    # playing Smithy draws the two Golds from the top of the given draw pile
    d = session.game.pending()
    smithy = next(o for o in d.options if d.option_name(o) == "Smithy")
    r = post_form(client, f"/dominion/play/{play_id}/answer",
                  data={"option": str(smithy), "move": "0"}, headers={"HX-Request": "true"})
    assert r.status_code == 200
    assert session.game.zones(0)["deck"] == ["Silver"] * 4  # Smithy drew Gold, Gold, Silver
    # ... and the buy phase played the treasures: the two Coppers and the three drawn
    assert session.game.zones(0)["play"] == {"Smithy": 1, "Copper": 2, "Gold": 2, "Silver": 1}


def test_a_forced_opening_and_deck_on_the_second_seat(client: Any, app: Any) -> None:
    # the person's first two hands hold $5 and $2 (in either order) whatever the seed
    for seed in ("3", "4", "5"):
        session, _, page = start_play(client, app, {"seed": seed, "seat": "2", "opening": "5/2"})
        z = session.game.zones(1)  # Big Money has taken its first turn; the person is asked
        assert session.human == 1 and session.game.pending().seat == 1
        first = session.game.counters()["coins"]  # a money hand: treasures played for the buy
        assert sorted((first, coins(z["deck"][:5]))) == [2, 5]
        assert re.search(r'id="turn-info">Turn 1 of You ·', page)


def test_a_custom_starting_deck_deals_every_seat_from_it(client: Any, app: Any) -> None:
    session, _, page = start_play(client, app, {"start_deck": "8 Silver, 2 Estate"})
    for seat in (0, 1):
        assert sum(session.game.zones(seat)["owned"].values()) == 10
        assert session.game.zones(seat)["owned"]["Silver"] == 8
    assert "from deck 8 Silver, 2 Estate" in page


def test_posting_through_htmx_goes_to_the_game(client: Any, app: Any) -> None:
    r = post_htmx(client, "/dominion/play", {"bot": "Big Money", "start_turn": "2"})
    assert r.status_code == 204 and r.headers["HX-Redirect"].startswith("/dominion/play/")
    session = app.state.plays[r.headers["HX-Redirect"].rsplit("/", 1)[1]]
    assert session.game.counters()["turns0"] == 2


BAD_START = [
    ({"opening": "6/1"}, "opening must be one of 5/2, 4/3, got '6/1'", "opening"),
    ({"start_deck": "7 Coper"}, "starting deck: unknown card 'Coper'; did you mean 'Copper'?",
     "start_deck"),
    ({"opening": "5/2", "start_deck": "10 Estate"},
     "starting deck: no deal of this deck gives a 5/2 opening (tried 10,000)", "start_deck"),
    ({"start_turn": "0"}, "begin at turn: a whole number from 1 to 100, got 0", "start_turn"),
    ({"start_turn": "x"}, "begin at turn: a whole number from 1 to 100, got 'x'", "start_turn"),
    ({"start_turn": "1000000000000"},
     "begin at turn: a whole number from 1 to 100, got 1000000000000", "start_turn"),
    ({"start_hand": "5 Gld"}, "your hand: unknown card 'Gld'; did you mean 'Gold'?",
     "start_hand"),
    ({"start_draw": "101 Copper"}, "your draw pile: at most 100 cards, got 101", "start_draw"),
    ({"start_discard": "x" * 3000}, "your discard pile: at most 2,000 characters, got 3,000",
     "start_discard"),
    ({"start_discard": "3 Estate"}, "your hand: give your hand or draw pile too (a discard "
                                    "pile alone leaves nothing to draw)", "start_hand"),
    ({"start_hand": "Colony, 4 Copper"},
     "the start uses Colony, which this game's supply lacks", None),
]


@pytest.mark.parametrize(("data", "message", "field"), BAD_START)
def test_bad_start_state_is_one_line_beside_its_field(
        client: Any, data: dict[str, str], message: str, field: str | None) -> None:
    r = post_htmx(client, "/dominion/play", {"bot": "Big Money", **data})
    assert r.status_code == 400 and alert(r) == message
    if field is not None:
        assert f'data-field="{field}"' in r.text
    else:
        assert "data-field" not in r.text
    r = post_form(client, "/dominion/play", data={"bot": "Big Money", **data})
    assert r.status_code == 400 and alert(r) == message
