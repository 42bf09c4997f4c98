"""The library of named bots: every bot loads, compiles and reads back; the documents' bots say
exactly what the documents say; names resolve; the CLI lists and shows them."""

from __future__ import annotations

import pytest
import typer
from typer.testing import CliRunner

from ludolab.errors import LudolabError
from ludolab.games.dominion import botcode as bc
from ludolab.games.dominion.bots import (
    BotSpec,
    Entry,
    compile_bot,
    describe_bot,
    evaluate_condition,
    library_names,
    library_path,
    library_specs,
    load_bot,
    load_spec,
    parse_bot_text,
    parse_condition,
    render_bot,
)
from ludolab.games.dominion.bots.grammar import Feature
from ludolab.games.dominion.cards import CARDS, card

NAMES = library_names()


def _features(node):
    """All Feature nodes of a condition tree."""
    if isinstance(node, Feature):
        yield node
    for child in getattr(node, "__dataclass_fields__", {}):
        value = getattr(node, child)
        for v in value if isinstance(value, tuple) else (value,):
            if hasattr(v, "__dataclass_fields__"):
                yield from _features(v)


def test_library_has_at_least_25_bots_with_unique_names():
    assert len(NAMES) >= 25
    assert len({n.lower() for n in NAMES}) == len(NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_every_library_bot_loads_compiles_and_round_trips(name):
    spec = load_spec(name)
    assert spec.name == name
    assert spec.description and "\n" not in spec.description
    assert spec.source and "\n" not in spec.source
    assert spec.buy
    # render/parse round trip
    assert parse_bot_text(render_bot(spec)) == spec
    # compiles, names only real cards, and every condition card is a real card
    bot = compile_bot(spec)
    assert bot.name == name
    for row in bot.entries.tolist():
        assert 0 <= row[bc.E_CARD] < len(CARDS)
    for kind in bc.LIST_NAMES:
        for e in getattr(spec, kind):
            assert card(e.card).name == e.card  # canonical spelling in the file
            if e.condition:
                for f in _features(parse_condition(e.condition)):
                    assert f.card is None or card(f.card).name == f.card
    colony = (card("Platinum").id, card("Colony").id)  # rules colony=auto adds them
    assert all(CARDS[c].is_kingdom or c in colony for c in bot.cards_needed)
    assert len([c for c in bot.cards_needed if c not in colony]) <= 10  # fits a kingdom
    # the play list holds Action cards and Treasures with an effect only
    assert all(card(e.card).is_action or (card(e.card).is_treasure and card(e.card).has_effect)
               for e in spec.play)


def test_library_specs_are_copies():
    first = library_specs()
    first[0].buy.clear()
    assert library_specs()[0].buy


# --- the documents' bots -----------------------------------------------------------------------


def first_buy(spec: BotSpec, coins: int, **features) -> str | None:
    """The card a bot buys with ``coins`` and one buy (the engine's rule: the first entry that is
    affordable and whose condition holds)."""
    values = {"coins": coins, **features}
    for e in spec.buy:
        if card(e.card).cost > coins:
            continue
        if e.condition is None or evaluate_condition(e.condition, values):
            return e.card
    return None


def windows(name: str, **features) -> dict[int, str | None]:
    spec = load_spec(name)
    return {coins: first_buy(spec, coins, **features) for coins in range(0, 13)}


MONEY_WINDOWS = {
    **dict.fromkeys(range(0, 3)), **dict.fromkeys(range(3, 6), "Silver"),
    **dict.fromkeys(range(6, 8), "Gold"), **dict.fromkeys(range(8, 13), "Province"),
}


def test_document_000_just_buy_money_windows():
    assert windows("justBuyMoney") == MONEY_WINDOWS
    assert load_spec("justBuyMoney").buy == [
        Entry("Province", "coins >= 8"),
        Entry("Gold", "6 <= coins <= 7"),
        Entry("Silver", "3 <= coins <= 5"),
    ]


def test_document_000_buy_money_and_duchy_windows():
    assert windows("buyMoneyandDuchy") == {**MONEY_WINDOWS, 5: "Duchy"}


def test_document_000_buy_money_and_duchy_and_estate_windows():
    assert windows("buyMoneyandDuchyandEstate") == {**MONEY_WINDOWS, 5: "Duchy", 2: "Estate"}


@pytest.mark.parametrize(
    "name",
    ["justBuyMoney", "buyMoneyandDuchy", "buyMoneyandDuchyandEstate", "Money", "Smithy",
     "Steward", "GA Optimized", "Big Money (document 004)", "Big Money"],
)
def test_document_bots_always_buy(name):
    spec = load_spec(name)
    assert spec.options["never_lose_by_ending"] == 0.0
    assert compile_bot(spec).options[bc.OPT_NEVER_LOSE_ENDING] == 0.0


def test_document_003_money():
    assert windows("Money") == MONEY_WINDOWS


def test_document_003_smithy_buys_smithy_under_one_twentieth():
    # share below 1/20: Smithy at $4-5; at or above: Silver, as document 003's code does
    below = windows("Smithy", share=lambda c: 0.04)
    above = windows("Smithy", share=lambda c: 0.05)
    assert below == {**MONEY_WINDOWS, 4: "Smithy", 5: "Smithy"}
    assert above == MONEY_WINDOWS


def test_document_003_steward_buys_steward_under_one_twentieth():
    below = windows("Steward", share=lambda c: 0.0)
    assert below == {**MONEY_WINDOWS, 3: "Steward", 4: "Steward", 5: "Steward"}
    assert windows("Steward", share=lambda c: 0.06) == MONEY_WINDOWS
    assert load_spec("Steward").options["steward"] == 0.0


def test_document_004_optimized_strategy():
    spec = load_spec("GA Optimized")
    assert [e.card for e in spec.play] == ["Festival", "Woodcutter", "Market"]
    piles = "low_victory_pile <= {n} or third_low_pile <= {n}"
    assert spec.buy == [
        Entry("Province", "share(Province) < 0.86"),
        Entry("Duchy", piles.format(n=7)),
        Entry("Market", piles.format(n=5.102966)),
        Entry("Estate", piles.format(n=4.457555)),
        Entry("Gold", "share(Gold) < 0.58"),
        Entry("Copper", "share(Copper) < 0.37"),
        Entry("Festival", "share(Festival) < 0.38"),
        Entry("Woodcutter", piles.format(n=12)),
    ]
    assert [e.card for e in spec.trash] == [
        "Estate", "Province", "Village", "Council Room", "Copper", "Curse",
    ]
    bot = compile_bot(spec)
    assert sorted(CARDS[c].name for c in bot.cards_needed) == ["Festival", "Market", "Woodcutter"]


def test_document_004_description_reads_like_its_appendix():
    text = describe_bot(load_spec("GA Optimized"))
    assert (
        "Play action cards in this order:\n"
        "    Festival\n"
        "    Woodcutter\n"
        "    Market\n"
        "Buy these cards in this order of preference, under conditions:\n"
        "    Province if the share of Province in my deck is less than 0.86\n"
        "    Duchy if a single victory pile or three supply piles have 7 or fewer cards left\n"
    ) in text
    assert "Trash these cards in this order:\n    Estate\n    Province\n" in text
    assert "    never_lose_by_ending = no:" in text
    assert "    use_extra_buys = yes (default):" in text


def test_document_004_big_money_windows():
    assert windows("Big Money (document 004)") == MONEY_WINDOWS


def test_big_money_is_the_plain_baseline():
    spec = load_spec("Big Money")
    assert spec.name == "Big Money"
    assert spec.buy == [Entry("Province"), Entry("Gold"), Entry("Silver")]
    assert windows("Big Money") == MONEY_WINDOWS
    assert compile_bot(spec).cards_needed == ()


@pytest.mark.parametrize(
    ("name", "card_name"),
    [
        ("Smithy Big Money", "Smithy"), ("Militia Big Money", "Militia"),
        ("Witch Big Money", "Witch"), ("Moneylender Big Money", "Moneylender"),
        ("Council Room Big Money", "Council Room"), ("Laboratory Big Money", "Laboratory"),
        ("Library Big Money", "Library"), ("Chapel/Witch", "Chapel"), ("Double Witch", "Witch"),
        ("Village/Smithy Engine", "Village"), ("Festival/Library", "Library"),
        ("Workshop/Gardens Rush", "Gardens"), ("Moat Big Money", "Moat"),
        ("Merchant Big Money", "Merchant"), ("Bureaucrat Big Money", "Bureaucrat"),
        ("Sentry/Laboratory", "Sentry"), ("Mine Big Money", "Mine"),
        ("Remodel Big Money", "Remodel"), ("Artisan Big Money", "Artisan"),
        ("Throne Room/Smithy", "Throne Room"), ("Bandit Big Money", "Bandit"),
        ("Poacher Big Money", "Poacher"), ("Harbinger Big Money", "Harbinger"),
        ("Vassal Big Money", "Vassal"), ("Cellar/Smithy", "Cellar"),
        ("Militia/Festival", "Festival"),
    ],
)
def test_community_classics_buy_their_card(name, card_name):
    bot = load_bot(name)
    assert card(card_name).id in bot.cards_needed


def test_big_money_ultimate_endgame():
    spec = load_spec("Big Money Ultimate")
    # early, with little money in the deck, $8 buys Gold rather than a first Province
    assert first_buy(spec, 8, money=10, gains_to_end=8) == "Gold"
    assert first_buy(spec, 8, money=17, gains_to_end=8) == "Province"
    # near the end, $5 takes a Duchy and $2 an Estate
    assert first_buy(spec, 5, money=20, gains_to_end=4) == "Duchy"
    assert first_buy(spec, 5, money=20, gains_to_end=7) == "Silver"
    assert first_buy(spec, 2, money=20, gains_to_end=2) == "Estate"
    assert first_buy(spec, 2, money=20, gains_to_end=5) is None


def test_smithy_big_money_spaces_its_smithies():
    spec = load_spec("Smithy Big Money")
    base = {"money": 7, "gains_to_end": 8}
    assert first_buy(spec, 4, count=lambda c: 0, deck_size=10, **base) == "Smithy"
    assert first_buy(spec, 4, count=lambda c: 1, deck_size=13, **base) == "Silver"
    assert first_buy(spec, 4, count=lambda c: 1, deck_size=16, **base) == "Smithy"
    assert spec.buy[5].limit == 3


# --- loading by name or path --------------------------------------------------------------------


@pytest.mark.parametrize(
    "query",
    ["Big Money", "big money", "BIG MONEY", "  big money ", "big-money", "BigMoney"],
)
def test_load_spec_is_case_insensitive(query):
    assert load_spec(query).name == "Big Money"


def test_load_spec_by_file_stem_and_punctuation():
    assert load_spec("chapel witch").name == "Chapel/Witch"
    assert load_spec("doc003-steward").name == "Steward"
    assert load_spec("justbuymoney").name == "justBuyMoney"


@pytest.mark.parametrize(
    ("query", "hint"),
    [
        ("Big Mony", "Big Money"),
        ("Smithy Big Mony", "Smithy Big Money"),
        ("double wich", "Double Witch"),
        ("justbuymony", "justBuyMoney"),
    ],
)
def test_load_spec_suggests_the_nearest_name(query, hint):
    with pytest.raises(LudolabError) as info:
        load_spec(query)
    assert str(info.value) == (
        f"unknown bot {query!r}; did you mean {hint!r}? "
        "(see 'ludolab dominion bots', or give a .toml path)"
    )


def test_load_spec_without_any_near_name():
    with pytest.raises(LudolabError) as info:
        load_spec("zzzz qqqq")
    assert str(info.value) == (
        "unknown bot 'zzzz qqqq' (see 'ludolab dominion bots', or give a .toml path)"
    )


def test_load_spec_from_a_path_with_a_library_like_name(tmp_path):
    p = tmp_path / "mine.toml"
    p.write_text('name = "Mine Too"\nbuy = ["Mine limit 1", "Gold", "Silver"]\n')
    assert load_spec(str(p)).name == "Mine Too"
    assert load_bot(str(p)).cards_needed == (card("Mine").id,)


def test_library_path_points_at_the_file():
    path = library_path("smithy big money")
    assert path is not None and path.name == "smithy-big-money.toml"
    assert library_path("nothing like it") is None


# --- the CLI commands ----------------------------------------------------------------------------


@pytest.fixture
def cli():
    from ludolab.cli.dominion_info import register

    app = typer.Typer()
    register(app)
    runner = CliRunner()
    return lambda *args: runner.invoke(app, list(args), catch_exceptions=True)


def test_cli_bots_lists_every_bot(cli):
    result = cli("bots", "--plain")
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert [line.split("\t")[0] for line in lines] == [*NAMES, "BMU + X"]  # X bots: one line
    assert "; X: Artisan, Bandit," in lines[-1]
    assert lines[NAMES.index("Big Money")] == (
        "Big Money\tThe baseline: Province at $8+, Gold at $6-7, Silver at $3-5, nothing else."
    )
    table = cli("bots")
    assert table.exit_code == 0
    assert "Dominion bot library" in table.output
    assert "Workshop/Gardens Rush" in table.output


def test_cli_show_prints_the_file_and_its_description(cli):
    result = cli("show", "smithy big money")
    assert result.exit_code == 0
    out = result.output
    assert 'name = "Smithy Big Money"' in out
    assert "Player Strategy: Smithy Big Money" in out
    assert "Buy these cards in this order of preference, under conditions:" in out
    assert out.index('name = "Smithy Big Money"') < out.index("Player Strategy")


def test_cli_show_entries(cli):
    result = cli("show", "Big Money Ultimate", "--entries")
    assert result.exit_code == 0
    assert result.output.splitlines() == [
        "Province if money >= 16",
        "Duchy if gains_to_end <= 4",
        "Estate if gains_to_end <= 2",
        "Gold",
        "Duchy if gains_to_end <= 6",
        "Silver",
        "Estate if gains_to_end <= 3",
    ]


def test_cli_show_unknown_bot_is_a_user_error(cli):
    result = cli("show", "Big Mony")
    assert isinstance(result.exception, LudolabError)
    assert "did you mean 'Big Money'?" in str(result.exception)


def test_cli_cards_table(cli):
    result = cli("cards", "--set", "intrigue")
    assert result.exit_code == 0
    assert "Steward" in result.output and "Smithy" not in result.output
    everything = cli("cards")
    assert everything.exit_code == 0
    for name in ("Copper", "Throne Room", "Woodcutter", "Steward"):
        assert name in everything.output
    bad = cli("cards", "--set", "cornucopia")
    assert isinstance(bad.exception, LudolabError)
    assert str(bad.exception) == (
        "unknown card set 'cornucopia'; did you mean 'cornucopia1'? (valid: basic, base1, "
        "base2, base, intrigue1, intrigue2, intrigue, prosperity1, prosperity2, prosperity, "
        "seaside1, seaside2, seaside, hinterlands1, hinterlands2, hinterlands, cornucopia1, "
        "guilds1, cornucopia-guilds2, cornucopia-guilds, alchemy)"
    )
    alchemy = cli("cards", "--set", "alchemy")
    assert alchemy.exit_code == 0
    assert "$3P" in alchemy.output and "Possession *" in alchemy.output


# --- the reference documentation stays complete ---------------------------------------------------


def test_docs_list_every_feature_option_and_library_bot():
    from pathlib import Path

    doc = (Path(__file__).resolve().parents[3] / "docs" / "bots.md").read_text()
    for name, (_fid, takes_card) in bc.FEATURES.items():
        assert (f"| `{name}(C)` | card |" if takes_card else f"| `{name}` | |") in doc, name
    for name, (_idx, default, bounds, _meaning) in bc.OPTIONS.items():
        shown = ("true" if default else "false") if tuple(bounds) == (0, 1) else f"{default:g}"
        assert f"| `{name}` | `{shown}` |" in doc, name
    for spec in library_specs():
        assert f"| {spec.name} | `{Path(spec.path).name}` | {spec.description} |" in doc, spec.name


@pytest.mark.parametrize("name", NAMES)
def test_library_entry_lines_point_at_the_entries(name):
    from pathlib import Path

    spec = load_spec(name)
    lines = Path(spec.path).read_text().splitlines()
    for kind in bc.LIST_NAMES:
        for e in getattr(spec, kind):
            text = lines[e.line - 1].strip()
            assert e.card in text or text == f"[[{kind}]]", (kind, e, text)


def test_dotted_option_keys_have_lines():
    from ludolab.errors import BotFileError

    text = 'name = "x"\nbuy = ["Gold"]\noptions.reveal_moat = true\noptions.steward = 9\n'
    with pytest.raises(BotFileError) as info:
        parse_bot_text(text, "d.toml")
    assert str(info.value) == "d.toml:4: option 'steward' must be a whole number from 0 to 4, got 9"
