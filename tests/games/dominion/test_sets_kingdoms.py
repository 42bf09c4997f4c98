"""Sets by printing, the cards table by set, random kingdoms from given sets, the rulebooks'
recommended kingdoms, and one-line errors (with a suggestion, exit 2) for every misspelt name."""

from __future__ import annotations

from pathlib import Path

import pytest

from clitools import run
from ludolab.errors import LudolabError
from ludolab.games.dominion.cards import CARDS, FIRST_PRINTING_INTRIGUE, SETS, card_id
from ludolab.games.dominion.engine import hooks
from ludolab.games.dominion.kingdom import (
    PRESET_INFO,
    PRESETS,
    check_set,
    editions,
    random_kingdom,
    resolve_kingdom,
    set_cards,
    set_ids,
)


def names(ids) -> set[str]:
    return {CARDS[c].name for c in ids}


@pytest.mark.parametrize(("set_id", "size"), [
    ("basic", 7), ("base1", 25), ("base2", 26), ("base", 32),  # 19 kept, 7 new, 6 retired
    ("intrigue1", 25), ("intrigue2", 26), ("intrigue", 32),  # 19 kept, 7 new, 6 retired
    ("prosperity1", 25), ("prosperity2", 25), ("prosperity", 34),  # 16 kept, 9 new, 9 retired
    ("seaside1", 26), ("seaside2", 27), ("seaside", 35),  # 18 kept, 9 new, 8 retired
    ("hinterlands1", 26), ("hinterlands2", 26), ("hinterlands", 35),  # 17 kept, 9 new, 9 retired
    # Cornucopia & Guilds: each first printing 13, the second 26 (18 kept, 8 new), 8 retired
    ("cornucopia1", 13), ("guilds1", 13), ("cornucopia-guilds2", 26), ("cornucopia-guilds", 34),
])
def test_each_set_id_has_its_printings_cards(set_id, size):
    assert len(set_cards(set_id)) == size
    assert set_cards(set_id.upper()) == set_cards(set_id)


def test_printings_and_families():
    assert set(set_ids()) == {"basic", "base1", "base2", "base", "intrigue1", "intrigue2",
                              "intrigue", "prosperity1", "prosperity2", "prosperity",
                              "seaside1", "seaside2", "seaside", "hinterlands1",
                              "hinterlands2", "hinterlands", "cornucopia1", "guilds1",
                              "cornucopia-guilds2", "cornucopia-guilds", "alchemy"}
    assert names(set_cards("intrigue1")) == set(FIRST_PRINTING_INTRIGUE)
    assert set(set_cards("intrigue")) == set(SETS["intrigue1"][1]) | set(SETS["intrigue2"][1])
    assert "Harem" not in names(set_cards("intrigue"))  # Farm's first name is an alias, one card
    assert {"Lurker", "Farm", "Steward"} <= names(set_cards("intrigue2"))
    assert {"Saboteur", "Farm", "Steward", "Great Hall"} <= names(set_cards("intrigue1"))


@pytest.mark.parametrize(("card", "printings"), [
    ("Steward", "1+2"), ("Farm", "1+2"), ("Lurker", "2"), ("Saboteur", "1"),
    ("Wharf", "1+2"), ("Sea Witch", "2"), ("Sea Hag", "1"),
    ("Farmland", "1+2"), ("Souk", "2"), ("Nomad Camp", "1"),
    ("Hamlet", "1+2"), ("Joust", "2"), ("Tournament", "1"), ("Soothsayer", "1+2"),
    ("Taxman", "1"), ("Footpad", "2"), ("Followers", "1"), ("Renown", "2"),
    ("Smithy", "1+2"), ("Artisan", "2"), ("Adventurer", "1"), ("Copper", "1+2"),
    ("Familiar", "1"), ("Potion", "1+2"),
])
def test_editions_say_which_printings_have_a_card(card, printings):
    assert editions(card_id(card)) == printings


def test_unknown_set_is_one_line_with_the_valid_ids():
    with pytest.raises(LudolabError) as err:
        check_set("intrigue 2")
    assert str(err.value) == (
        "unknown card set 'intrigue 2'; did you mean 'intrigue2'? (valid: basic, base1, base2, "
        "base, intrigue1, intrigue2, intrigue, prosperity1, prosperity2, prosperity, seaside1, "
        "seaside2, seaside, hinterlands1, hinterlands2, hinterlands, cornucopia1, guilds1, "
        "cornucopia-guilds2, cornucopia-guilds, alchemy)"
    )


# --- random kingdoms from sets ------------------------------------------------------------------
def test_random_from_base2_is_the_plain_random_kingdom():
    """The plain ``random`` keeps its pool (the second-edition base set): results stay put, and
    ``random:sets=base2`` draws the same kingdom from the same keyed stream."""
    for seed in (0, 7, 123):
        assert resolve_kingdom(f"random:sets=base2:{seed}") == resolve_kingdom(f"random:{seed}")
    assert resolve_kingdom("random:sets=base2") == resolve_kingdom("random")


def test_random_from_sets_is_keyed_and_draws_only_from_them():
    a = resolve_kingdom("random:sets=base1,intrigue:5")
    assert a == resolve_kingdom("Random:Sets=base1, intrigue:5")
    assert a != resolve_kingdom("random:sets=base1,intrigue:6")
    pool = set(set_cards("base1")) | set(set_cards("intrigue"))
    assert len(a) == 10 and set(a) <= pool and all(hooks.has_rules(c) for c in a)
    with_bot = resolve_kingdom("random:sets=base1:5", {"bot": [card_id("Steward")]})
    assert card_id("Steward") in with_bot and len(with_bot) == 10


def test_random_from_sets_with_too_few_playable_cards(monkeypatch):
    """Before a set's homes land, its cards are not dealt; too few is a one-line error."""
    playable = set(set_cards("base2"))
    monkeypatch.setattr(hooks, "has_rules", lambda c: c in playable)
    kingdom = resolve_kingdom("random:sets=base2,intrigue2:4")
    assert set(kingdom) <= playable
    with pytest.raises(LudolabError) as err:
        resolve_kingdom("random:sets=intrigue2:4")
    assert str(err.value) == ("'random:sets=intrigue2:4': the sets have only 0 kingdom cards "
                              "with rules in the engine; a kingdom has 10 (add a set)")


def test_random_kingdom_takes_a_pool():
    pool = tuple(sorted(set_cards("base1")))
    k = random_kingdom(3, pool=pool)
    assert len(k) == 10 and set(k) <= set(pool)


# --- recommended kingdoms ------------------------------------------------------------------------
def test_every_preset_is_ten_cards_of_its_sets():
    for name, preset in PRESET_INFO.items():
        ids = [card_id(c) for c in preset.cards]
        assert len(set(ids)) == 10, name
        allowed = {c for s in preset.sets for c in set_cards(s)}
        assert set(ids) <= allowed, (name, names(set(ids) - allowed))
        assert PRESETS[name] == preset.cards


def test_intrigue_presets_by_name():
    assert {"victory-dance", "the-plot-thickens", "best-wishes", "underlings", "grand-scheme",
            "deconstruction", "victory-dance-1st", "secret-schemes", "best-wishes-1st",
            "deconstruction-1st", "hand-madness", "underlings-1st"} <= set(PRESETS)
    dance = resolve_kingdom("Victory Dance")
    assert names(dance) == {"Baron", "Courtier", "Duke", "Farm", "Ironworks", "Masquerade",
                            "Mill", "Nobles", "Patrol", "Replace"}
    assert resolve_kingdom("victory_dance") == dance
    assert PRESET_INFO["underlings"].sets == ("intrigue2", "base2")
    assert "Great Hall" in PRESETS["victory-dance-1st"]


@pytest.mark.parametrize(("spec", "message"), [
    ("victory-dence", "unknown kingdom 'victory-dence'; did you mean 'victory-dance'?"),
    ("Masquerade, Baronn", "unknown card 'Baronn'; did you mean 'Baron'?"),
    ("random:sets=intrige2", "unknown card set 'intrige2'; did you mean 'intrigue2'?"),
    ("random:sets=basic", "the basic cards are in every supply; random:sets= takes the sets"),
    ("random:sets=", "random:sets= names no set; e.g. random:sets=base2,intrigue2"),
    ("random:sets=base2:x", "random kingdom seed must be an integer, got 'x'"),
])
def test_bad_kingdom_names_are_one_line(spec, message):
    with pytest.raises(LudolabError) as err:
        resolve_kingdom(spec)
    assert str(err.value).startswith(message)
    assert "\n" not in str(err.value)


# --- every entry point: Python, CLI, tournament file --------------------------------------------
def test_python_facade_takes_sets_and_presets():
    from ludolab.dominion import simulate

    r = simulate(["Big Money", "Smithy Big Money"], games=4, seed=1,
                 kingdom="random:sets=base1,base2:9")
    assert r.to_dict()["kingdom"] == [CARDS[c].name for c in
                                      resolve_kingdom("random:sets=base1,base2:9",
                                                      {"x": [card_id("Smithy")]})]
    with pytest.raises(LudolabError, match="did you mean 'secret-schemes'"):
        simulate(["Big Money"], games=2, kingdom="secret-scheme")


@pytest.mark.parametrize(("argv", "message"), [
    (["dominion", "cards", "--set", "intrige"],
     "error: unknown card set 'intrige'; did you mean 'intrigue'?"),
    (["dominion", "sim", "-k", "random:sets=bse2", "-n", "2"],
     "error: unknown card set 'bse2'; did you mean 'base2'?"),
    (["dominion", "sim", "-k", "hand-madnes", "-n", "2"],
     "error: unknown kingdom 'hand-madnes'; did you mean 'hand-madness'?"),
    (["dominion", "sim", "-k", "Smithy, Wtich", "-n", "2"],
     "error: unknown card 'Wtich'; did you mean 'Witch'?"),
])
def test_cli_misspellings_exit_2_with_one_line(capsys, argv, message):
    code, _, err = run(capsys, *argv)
    assert code == 2
    assert err.startswith(message) and len(err.strip().splitlines()) == 1


def test_cli_bot_file_misspelt_card_option(capsys, tmp_path: Path):
    bot = tmp_path / "b.toml"
    bot.write_text('name = "b"\nbuy = ["Gold"]\n[options]\nstewrad = 1\n')
    code, _, err = run(capsys, "dominion", "sim", str(bot), "-n", "2")
    assert code == 2
    assert err.startswith(f"error: {bot}:4: unknown option 'stewrad'; did you mean 'steward'?")


def test_cli_cards_by_set_shows_editions_and_marks_missing_rules(capsys):
    code, out, _ = run(capsys, "dominion", "cards", "--set", "intrigue")
    assert code == 0
    assert "Editions" in out and "Saboteur" in out and "Smithy" not in out
    rows = {line.split("│")[1].strip(): line for line in out.splitlines() if line.count("│") > 5}
    assert rows["Steward"].split("│")[5].strip() == "1+2"
    missing = [c for c in set_cards("intrigue") if not hooks.has_rules(c)]
    for c in missing:  # marked until its home lands
        assert f"{CARDS[c].name} *" in rows
    code, out, _ = run(capsys, "dominion", "cards", "--set", "base1")
    assert code == 0 and "Adventurer" in out and "Artisan" not in out and "Smithy" in out


def test_cli_kingdoms_lists_every_preset(capsys):
    code, out, _ = run(capsys, "dominion", "kingdoms")
    assert code == 0
    for name in PRESETS:
        assert name in out
    assert "intrigue2, base2" in out


def test_cli_options_lists_the_cards_options(capsys):
    code, out, _ = run(capsys, "dominion", "options")
    assert code == 0
    assert "steward" in out and "Steward" in out and "never_lose_by_ending" in out


def test_tournament_file_kingdoms(capsys, tmp_path: Path):
    t = tmp_path / "t.toml"
    t.write_text('game = "dominion"\nplayers = ["Big Money", "Smithy Big Money"]\ngames = 4\n'
                 '[dominion]\nkingdom = "random:sets=base2,base1:2"\n')
    code, _, err = run(capsys, "arena", "run", str(t), "-w", "1")
    assert code == 0, err
    t.write_text('game = "dominion"\nplayers = ["Big Money", "Smithy Big Money"]\ngames = 4\n'
                 '[dominion]\nkingdom = "first-gaem"\n')
    code, _, err = run(capsys, "arena", "run", str(t), "-w", "1")
    assert code == 2 and "did you mean 'first-game'?" in err
    assert len(err.strip().splitlines()) == 1


def test_random_from_alchemy_deals_its_eleven_playable_cards():
    """``random:sets=alchemy``: ten of the eleven Alchemy cards with rules (Possession has no
    home yet), so every such kingdom brings Potion into the Supply."""
    a = resolve_kingdom("random:sets=alchemy:3")
    assert len(a) == 10 and set(a) <= set(set_cards("alchemy"))
    assert card_id("Possession") not in a
