"""Bot files: both list forms, file:line errors, rendering round trip, compilation."""

from __future__ import annotations

import textwrap

import numpy as np
import pytest

from ludolab.errors import BotFileError
from ludolab.games.dominion import botcode as bc
from ludolab.games.dominion.bots import (
    BotSpec,
    Entry,
    compile_bot,
    compile_condition,
    load_spec,
    parse_bot_text,
    read_bot_file,
    render_bot,
)
from ludolab.games.dominion.cards import card_id

COMPACT = textwrap.dedent(
    """\
    name = "Test Smithy"
    description = "A test bot."
    source = "tests"

    buy = [
        "Province if money >= 16",
        "Gold",
        "smithy limit 2 if count(Smithy) < deck_size / 15",   # lower case is fine
        "Silver",
    ]
    play = ["Smithy"]
    trash = ["Curse", "Estate if gains_to_end > 4"]

    [options]
    never_lose_by_ending = false
    steward = 2
    """
)

TABLES = textwrap.dedent(
    """\
    name = "Test Smithy"
    description = "A test bot."
    source = "tests"

    [[buy]]
    card = "Province"
    when = "money >= 16"

    [[buy]]
    card = "Gold"

    [[buy]]
    card = "Smithy"
    limit = 2
    when = "count(Smithy) < deck_size / 15"

    [[buy]]
    card = "Silver"

    [[play]]
    card = "Smithy"

    [[trash]]
    card = "Curse"
    [[trash]]
    card = "Estate"
    when = "gains_to_end > 4"

    [options]
    never_lose_by_ending = false
    steward = 2
    """
)

EXPECTED = BotSpec(
    name="Test Smithy",
    description="A test bot.",
    source="tests",
    buy=[
        Entry("Province", "money >= 16"),
        Entry("Gold"),
        Entry("Smithy", "count(Smithy) < deck_size / 15", 2),
        Entry("Silver"),
    ],
    play=[Entry("Smithy")],
    trash=[Entry("Curse"), Entry("Estate", "gains_to_end > 4")],
    options={"never_lose_by_ending": 0.0, "steward": 2.0},
)


def test_compact_and_table_forms_give_the_same_spec():
    assert parse_bot_text(COMPACT) == EXPECTED
    assert parse_bot_text(TABLES) == EXPECTED


def test_entries_remember_their_lines():
    compact = parse_bot_text(COMPACT)
    assert [e.line for e in compact.buy] == [6, 7, 8, 9]
    assert [e.line for e in compact.trash] == [12, 12]
    tables = parse_bot_text(TABLES)
    assert [e.line for e in tables.buy] == [5, 9, 12, 17]


def test_inline_tables_and_mixed_items():
    spec = parse_bot_text(
        'name = "x"\nbuy = [\n  {card = "Gold", when = "coins >= 6"},\n  "Silver limit 3",\n]\n'
    )
    assert spec.buy == [Entry("Gold", "coins >= 6"), Entry("Silver", None, 3)]
    assert [e.line for e in spec.buy] == [3, 4]


def test_name_defaults_to_the_file_stem(tmp_path):
    p = tmp_path / "my-witch.toml"
    p.write_text('buy = ["Witch limit 2", "Gold", "Silver"]\n')
    spec = read_bot_file(p)
    assert spec.name == "my-witch"
    assert spec.path == str(p)
    assert load_spec(str(p)) == spec


def test_missing_file_is_a_clear_error(tmp_path):
    missing = tmp_path / "nope.toml"
    with pytest.raises(BotFileError) as info:
        load_spec(str(missing))
    assert str(info.value) == f"bot file not found: {str(missing)!r}"


# --- errors name the file and the line ----------------------------------------------------------

ERROR_CASES = [
    (
        'name = "x"\nbuy = [\n  "Gold",\n  "Golf if coins >= 6",\n]\n',
        "bot.toml:4: buy list: unknown card 'Golf'; did you mean 'Gold'?",
    ),
    (
        'name = "x"\n\n[[buy]]\ncard = "Silvr"\n',
        "bot.toml:4: buy list: unknown card 'Silvr'; did you mean 'Silver'?",
    ),
    (
        'name = "x"\n\n[[buy]]\ncard = "Gold"\nwhen = "count(Gold) < 2 and moneyy > 3"\n',
        "bot.toml:5: buy list: condition 'count(Gold) < 2 and moneyy > 3': unknown feature "
        "'moneyy' at column 21; did you mean 'money'?",
    ),
    (
        'name = "x"\nbuy = ["Gold if (coins > 3"]\n',
        "bot.toml:2: buy list: condition '(coins > 3': unbalanced parenthesis: '(' at column 1 "
        "is never closed",
    ),
    (
        'name = "x"\nbuy = ["Gold"]\nbye = ["Silver"]\n',
        "bot.toml:3: unknown key 'bye'; did you mean 'buy'? (valid: name, description, source, "
        "buy, play, trash, discard, topdeck, gain, order, options)",
    ),
    (
        'name = "x"\nfoo = 1\nbuy = ["Gold"]\n',
        "bot.toml:2: unknown key 'foo'; (valid: name, description, source, buy, play, trash, "
        "discard, topdeck, gain, order, options)",
    ),
    (
        'name = "x"\n[[buy]]\ncard = "Gold"\nwen = "coins > 6"\n',
        "bot.toml:4: unknown key 'wen' in a buy entry; did you mean 'when'? "
        "(valid: card, when, limit)",
    ),
    (
        'name = "x"\n[[buy]]\nwhen = "coins > 6"\n',
        "bot.toml:2: a buy entry has no 'card'",
    ),
    (
        "name = 3\nbuy = [\"Gold\"]\n",
        "bot.toml:1: 'name' must be text, got an integer",
    ),
    (
        'name = "x"\nbuy = "Gold"\n',
        "bot.toml:2: 'buy' must be a list (buy = [\"Gold\", ...] or [[buy]] tables), got text",
    ),
    (
        'name = "x"\nbuy = [\n  "Gold",\n  7,\n]\n',
        "bot.toml:4: each buy entry must be text like \"Gold if coins >= 6\" or a table with "
        "card/when/limit, got an integer",
    ),
    (
        'name = "x"\n[[buy]]\ncard = "Gold"\nlimit = -1\n',
        "bot.toml:4: buy list: 'limit' must be a whole number of 0 or more, got -1",
    ),
    (
        'name = "x"\n[[buy]]\ncard = "Gold"\nlimit = 1.5\n',
        "bot.toml:4: buy list: 'limit' must be a whole number of 0 or more, got 1.5",
    ),
    (
        'name = "x"\n[[buy]]\ncard = "Gold"\nwhen = 3\n',
        "bot.toml:4: buy list: 'when' must be text (a condition), got an integer",
    ),
    (
        'name = "x"\n[[buy]]\ncard = "Gold"\nwhen = "  "\n',
        "bot.toml:4: buy list: empty condition for 'Gold' (leave it out to mean always)",
    ),
    (
        'name = "x"\nbuy = ["Smithy limit two"]\n',
        "bot.toml:2: buy list: list item 'Smithy limit two': 'limit' must be a whole number of "
        "0 or more, got 'two'",
    ),
    (
        'name = "x"\nbuy = ["Smithy if coins >= 4 limit 2"]\n',
        "bot.toml:2: buy list: list item 'Smithy if coins >= 4 limit 2': put 'limit N' before "
        "'if', as in \"Smithy limit 2 if ...\"",
    ),
    (
        'name = "x"\nbuy = ["Gold when coins >= 6"]\n',
        "bot.toml:2: buy list: list item 'Gold when coins >= 6': write \"CARD if CONDITION\" "
        "(not 'when' or 'unless')",
    ),
    (
        'name = "x"\nbuy = ["if coins >= 6"]\n',
        "bot.toml:2: buy list: list item 'if coins >= 6' names no card before 'if'",
    ),
    (
        'name = "x"\nbuy = ["Gold if"]\n',
        "bot.toml:2: buy list: list item 'Gold if' has nothing after 'if'",
    ),
    (
        'name = "x"\nbuy = ["Gold"]\nplay = ["Village", "Gold"]\n',
        "bot.toml:3: play list: 'Gold' is not an Action card (only Actions and Treasures with an "
        "effect are played from the list; other Treasures are played automatically)",
    ),
    (
        'name = "x"\nbuy = []\n',
        "bot.toml:2: a bot needs a buy list: add buy = [\"Gold\", ...] or [[buy]] entries",
    ),
    (
        'name = "x"\n',
        "bot.toml:1: a bot needs a buy list: add buy = [\"Gold\", ...] or [[buy]] entries",
    ),
    (
        'name = "x"\nbuy = ["Gold"]\n\n[options]\nnever_lose = false\n',
        "bot.toml:5: unknown option 'never_lose'; did you mean 'never_lose_by_ending'? (valid: "
        "never_lose_by_ending, use_extra_buys, reveal_moat, penultimate_province, "
        "take_instant_win, spend_coffers, or a card's own option: see 'ludolab dominion options')",
    ),
    (
        'name = "x"\nbuy = ["Gold"]\n\n[options]\nstewart = 1\n',
        "bot.toml:5: unknown option 'stewart'; did you mean 'steward'? (valid: "
        "never_lose_by_ending, use_extra_buys, reveal_moat, penultimate_province, "
        "take_instant_win, spend_coffers, or a card's own option: see 'ludolab dominion options')",
    ),
    (
        'name = "x"\nbuy = ["Gold"]\n\n[options]\nsteward_mode = 1\n',
        "bot.toml:5: unknown option 'steward_mode'; did you mean 'steward'? "
        "(Steward's options: steward)",
    ),
    (
        'name = "x"\nbuy = ["Gold"]\n\n[options]\nsteward = 5\n',
        "bot.toml:5: option 'steward' must be a whole number from 0 to 4, got 5",
    ),
    (
        'name = "x"\nbuy = ["Gold"]\n\n[options]\nsteward = 1.5\n',
        "bot.toml:5: option 'steward' must be a whole number from 0 to 4, got 1.5",
    ),
    (
        'name = "x"\nbuy = ["Gold"]\n\n[options]\nreveal_moat = 2\n',
        "bot.toml:5: option 'reveal_moat' must be true or false, got 2",
    ),
    (
        'name = "x"\nbuy = ["Gold"]\noptions = 3\n',
        "bot.toml:3: 'options' must be a table ([options]), got an integer",
    ),
    (
        'name = "x"\nbuy = ["Gold",\n',
        "bot.toml:2: invalid TOML: Invalid value (at the end of the file)",
    ),
    (
        'name = "x"\nbuy = ["Gold"]\nname = "y"\n',
        "bot.toml:3: invalid TOML: Cannot overwrite a value",
    ),
]


@pytest.mark.parametrize(("text", "message"), ERROR_CASES)
def test_file_errors_name_file_and_line(text, message):
    with pytest.raises(BotFileError) as info:
        parse_bot_text(text, "bot.toml")
    assert str(info.value) == message
    assert info.value.path == "bot.toml"
    assert "\n" not in str(info.value)


def test_error_without_a_path_has_no_file_prefix():
    with pytest.raises(BotFileError) as info:
        parse_bot_text('buy = ["Gold"]\n')
    assert str(info.value) == "missing 'name' (the bot's name)"


def test_error_line_in_a_later_array_of_tables():
    text = 'name = "x"\n' + '[[buy]]\ncard = "Gold"\n' * 3 + '[[buy]]\ncard = "Gld"\n'
    with pytest.raises(BotFileError) as info:
        parse_bot_text(text, "b.toml")
    assert info.value.line == 9


def test_strings_with_escapes_and_comments_do_not_confuse_line_numbers():
    text = (
        'name = "a \\" # not a comment"\n'
        "description = '''two\nlines'''\n"
        "# buy = [\"Nope\"]\n"
        'buy = ["Gold", # comment ]\n'
        '  "Slver"]\n'
    )
    with pytest.raises(BotFileError) as info:
        parse_bot_text(text, "b.toml")
    assert str(info.value) == "b.toml:6: buy list: unknown card 'Slver'; did you mean 'Silver'?"


# --- rendering ---------------------------------------------------------------------------------


def test_render_is_the_compact_form():
    assert render_bot(EXPECTED) == textwrap.dedent(
        """\
        name = "Test Smithy"
        description = "A test bot."
        source = "tests"

        buy = [
            "Province if money >= 16",
            "Gold",
            "Smithy limit 2 if count(Smithy) < deck_size / 15",
            "Silver",
        ]

        play = [
            "Smithy",
        ]

        trash = [
            "Curse",
            "Estate if gains_to_end > 4",
        ]

        [options]
        never_lose_by_ending = false
        steward = 2
        """
    )


def test_render_round_trip_with_quotes_and_backslashes():
    spec = BotSpec(
        name='He said "hi" \\ there',
        description="it's \"quoted\"",
        source="line one\nline two",
        buy=[Entry("Council Room", 'share("Council Room") < 0.1', 1), Entry("Gold")],
        gain=[Entry("Silver", "turn <= 2")],
        topdeck=[Entry("Gold")],
        discard=[Entry("Estate")],
        options={"reveal_moat": 0.0, "use_extra_buys": 1.0},
    )
    text = render_bot(spec)
    assert "'Council Room limit 1 if share(\"Council Room\") < 0.1'" in text
    assert parse_bot_text(text) == spec


# --- compilation ---------------------------------------------------------------------------------


def test_compile_layout():
    bot = compile_bot(parse_bot_text(COMPACT))
    smithy, province, gold, silver = (card_id(n) for n in ("Smithy", "Province", "Gold", "Silver"))
    c1 = compile_condition("money >= 16")
    c2 = compile_condition("count(Smithy) < deck_size / 15")
    c3 = compile_condition("gains_to_end > 4")
    assert bot.entries.tolist() == [
        [bc.LIST_BUY, province, -1, 0, len(c1)],
        [bc.LIST_BUY, gold, -1, 0, 0],
        [bc.LIST_BUY, smithy, 2, len(c1), len(c2)],
        [bc.LIST_BUY, silver, -1, 0, 0],
        [bc.LIST_PLAY, smithy, -1, 0, 0],
        [bc.LIST_TRASH, card_id("Curse"), -1, 0, 0],
        [bc.LIST_TRASH, card_id("Estate"), -1, len(c1) + len(c2), len(c3)],
    ]
    assert bot.list_bounds.tolist() == [[0, 4], [4, 5], [5, 7], [7, 7], [7, 7], [7, 7],
                                         [7, 7]]
    assert np.array_equal(bot.code, np.concatenate([c1, c2, c3]))
    expected_options = bc.OPTION_DEFAULTS.copy()
    expected_options[bc.OPT_NEVER_LOSE_ENDING] = 0.0
    assert bot.options.tolist() == expected_options.tolist()
    assert bot.card_options == {(card_id("Steward"), 0): 2.0}  # a card's own option
    assert bot.cards_needed == (smithy,)
    assert bot.name == "Test Smithy"
    assert bot.entries.dtype == np.int32 and bot.code.dtype == np.float64


def test_cards_needed_are_the_kingdom_cards_bought_or_gained():
    spec = BotSpec(
        name="x",
        buy=[Entry("Witch"), Entry("Gold"), Entry("Village", "count(Smithy) > 0")],
        gain=[Entry("Gardens")],
        play=[Entry("Throne Room")],
        trash=[Entry("Estate")],
    )
    bot = compile_bot(spec)
    assert bot.cards_needed == tuple(sorted(card_id(n) for n in ("Witch", "Village", "Gardens")))


def test_compile_without_conditions_has_an_empty_code_array():
    bot = compile_bot(BotSpec(name="BM", buy=[Entry("Province"), Entry("Gold")]))
    assert bot.code.shape == (0, 3)
    assert bot.options.tolist() == bc.OPTION_DEFAULTS.tolist()


def test_compile_validates_python_built_specs():
    with pytest.raises(BotFileError) as info:
        compile_bot(BotSpec(name="x", buy=[Entry("Golf", line=7)], path="g.toml"))
    assert str(info.value) == "g.toml:7: buy list: unknown card 'Golf'; did you mean 'Gold'?"
    with pytest.raises(BotFileError, match="condition 'coins >': expected a number"):
        compile_bot(BotSpec(name="x", buy=[Entry("Gold", "coins >")]))
    with pytest.raises(BotFileError, match="unknown option 'colour'"):
        compile_bot(BotSpec(name="x", buy=[Entry("Gold")], options={"colour": 1}))
    with pytest.raises(BotFileError, match="a bot needs a non-empty name"):
        compile_bot(BotSpec(name=" ", buy=[Entry("Gold")]))
    limit_message = r"'limit' must be a whole number of 0 or more, got 2\.5$"
    with pytest.raises(BotFileError, match=limit_message):
        compile_bot(BotSpec(name="x", buy=[Entry("Gold", None, 2.5)]))  # type: ignore[arg-type]


def test_spec_equality_ignores_lines_and_paths():
    assert Entry("Gold", line=3) == Entry("Gold", line=9)
    assert BotSpec(name="a", path="x.toml") == BotSpec(name="a", path=None)


def test_compile_accepts_numpy_numbers_and_an_empty_buy_list():
    spec = BotSpec(
        name="g",
        buy=[Entry("Gold", None, np.int64(2))],  # type: ignore[arg-type]
        options={"steward": np.float64(1.0), "reveal_moat": np.int64(0)},
    )
    bot = compile_bot(spec)
    assert bot.entries.tolist() == [[bc.LIST_BUY, card_id("Gold"), 2, 0, 0]]
    assert bot.card_options == {(card_id("Steward"), 0): 1.0}
    assert bot.options[bc.OPT_REVEAL_MOAT] == 0.0
    # a genome may decode to a bot that never buys: the engine gets an empty buy list
    never = compile_bot(BotSpec(name="never buys", play=[Entry("Smithy")]))
    assert never.list_bounds[bc.LIST_BUY].tolist() == [0, 0]
    assert never.entries.shape == (1, 5)
