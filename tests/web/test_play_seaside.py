"""The Play board shows what Seaside adds (issue 19 through issue 21's page): the effects
waiting for the person's next turn, and nothing of the kind in a game without Durations."""

from __future__ import annotations

import re
from typing import Any

from webtools import post_form


def start_play(client: Any, app: Any, data: dict[str, str]) -> tuple[Any, str, str]:
    r = post_form(client, "/dominion/play", data={"bot": "Big Money", "seed": "3", **data},
                  follow_redirects=False)
    assert r.status_code == 303, r.text[:300]
    play_id = r.headers["location"].rsplit("/", 1)[1]
    return app.state.plays[play_id], play_id, client.get(r.headers["location"]).text


def test_a_played_duration_is_shown_as_waiting_for_the_next_turn(client: Any, app: Any) -> None:
    session, play_id, page = start_play(client, app, {
        "start_hand": "Caravan, 4 Copper", "start_draw": "Silver, 5 Copper"})
    assert 'id="waiting"' not in page  # nothing waits before Caravan is played
    d = session.game.pending()
    caravan = next(o for o in d.options if d.option_name(o) == "Caravan")
    r = post_form(client, f"/dominion/play/{play_id}/answer",
                  data={"option": str(caravan), "move": "0"}, headers={"HX-Request": "true"})
    assert r.status_code == 200
    assert session.game.zones(0)["waiting"] == ["Caravan"]
    waiting = re.search(r'id="waiting">(.*?)</p>', r.text, re.S)
    assert waiting is not None
    assert re.findall(r">([^<>]+)</span>", waiting.group(1)) == ["1 × Caravan"]


def test_a_base_game_shows_no_seaside_sections(client: Any, app: Any) -> None:
    _, _, page = start_play(client, app, {"start_hand": "Smithy, 4 Copper"})
    for marker in ('id="waiting"', 'id="haven"', 'id="mat"', 'id="island"', 'id="coin-tokens"',
                   "Embargo"):
        assert marker not in page
