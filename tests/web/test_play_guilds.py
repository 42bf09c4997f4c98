"""The Play board shows the declared per-player token counts (Coffers: each seat's) and asks the
person the Coffers decision in words; a game without Coffers shows no such line."""

from __future__ import annotations

import html
import re
from typing import Any

from webtools import post_form


def _start(client: Any, app: Any, data: dict[str, str]) -> tuple[Any, str, str]:
    r = post_form(client, "/dominion/play", data={"bot": "Big Money", "seed": "3", **data},
                  follow_redirects=False)
    assert r.status_code == 303, r.text[:300]
    play_id = r.headers["location"].rsplit("/", 1)[1]
    return app.state.plays[play_id], play_id, client.get(r.headers["location"]).text


def test_coffers_are_shown_for_every_seat_and_asked_in_words(client: Any, app: Any) -> None:
    session, play_id, page = _start(client, app, {
        "kingdom": "Candlestick Maker, Baker, Smithy, Village, Market, Festival, Laboratory, "
                   "Moat, Militia, Cellar",
        "start_hand": "Candlestick Maker, 4 Copper"})
    text = re.sub(r"<[^>]+>", "", html.unescape(page))
    # Baker's setup: one each (the person's line, then the other seat's in its cards)
    assert "Your Coffers: 1 " in text and re.search(r"(?<!Your )Coffers: 1\b", text)
    d = session.game.pending()
    cm = next(o for o in d.options if d.option_name(o) == "Candlestick Maker")
    r = post_form(client, f"/dominion/play/{play_id}/answer", data={"option": str(cm), "move": "0"},
                  headers={"HX-Request": "true"})
    assert r.status_code == 200
    text = re.sub(r"<[^>]+>", "", html.unescape(r.text))
    assert "Your Coffers: 2 " in text and re.search(r"(?<!Your )Coffers: 1\b", text)
    assert session.game.pending().kind.name == "COFFERS"
    assert "spend 2" in text


def test_a_game_without_coffers_shows_no_coffers_line(client: Any, app: Any) -> None:
    _, _, page = _start(client, app, {"start_hand": "Smithy, 4 Copper"})
    assert 'id="coffers-tokens"' not in page and "Coffers:" not in page
