"""The condition language: precedence, operators, card arguments, errors, bytecode."""

from __future__ import annotations

import math
import zlib

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ludolab.errors import BotFileError
from ludolab.games.dominion import botcode as bc
from ludolab.games.dominion.bots import (
    compile_condition,
    evaluate_condition,
    format_condition,
    parse_condition,
)
from ludolab.games.dominion.bots.describe import describe_condition
from ludolab.games.dominion.bots.grammar import (  # run_code: the test oracle, not public API
    BinOp,
    BoolOp,
    Call,
    Compare,
    Feature,
    Num,
    Unary,
    compile_ast,
    run_code,
)
from ludolab.games.dominion.cards import CARDS, card_id

COINS = Feature("coins")
BUYS = Feature("buys")


def ev(text: str, **values: float) -> float:
    return evaluate_condition(text, values)


# --- structure: precedence and associativity ---------------------------------------------------


def test_multiplication_binds_tighter_than_addition():
    assert parse_condition("1 + 2 * 3") == BinOp("+", Num(1), BinOp("*", Num(2), Num(3)))
    assert ev("1 + 2 * 3") == 7.0
    assert ev("(1 + 2) * 3") == 9.0


def test_subtraction_and_division_associate_to_the_left():
    assert parse_condition("10 - 4 - 3") == BinOp("-", BinOp("-", Num(10), Num(4)), Num(3))
    assert ev("10 - 4 - 3") == 3.0
    assert ev("24 / 4 / 2") == 3.0
    assert ev("10 - (4 - 3)") == 9.0


def test_unary_minus_binds_tighter_than_multiplication():
    assert parse_condition("-2 * 3") == BinOp("*", Unary("-", Num(2)), Num(3))
    assert ev("- -2") == 2.0
    assert ev("2 * -3") == -6.0
    assert ev("-coins + 1", coins=4) == -3.0


def test_comparison_is_below_arithmetic():
    assert parse_condition("coins + 1 >= 2 * buys") == Compare(
        (">=",), (BinOp("+", COINS, Num(1)), BinOp("*", Num(2), BUYS))
    )


def test_and_binds_tighter_than_or():
    assert parse_condition("1 or 0 and 0") == BoolOp(
        "or", Num(1), BoolOp("and", Num(0), Num(0))
    )
    assert ev("1 or 0 and 0") == 1.0
    assert ev("(1 or 0) and 0") == 0.0


def test_not_is_below_comparison_and_above_and():
    assert parse_condition("not coins == 3") == Unary(
        "not", Compare(("==",), (COINS, Num(3)))
    )
    assert parse_condition("not 0 and 0") == BoolOp("and", Unary("not", Num(0)), Num(0))
    assert ev("not 0 and 0") == 0.0
    assert ev("not not 5") == 1.0


def test_and_or_chain_to_the_left():
    assert parse_condition("1 and 2 and 3") == BoolOp(
        "and", BoolOp("and", Num(1), Num(2)), Num(3)
    )


def test_comparisons_chain_like_python():
    node = parse_condition("3 <= coins <= 5")
    assert node == Compare(("<=", "<="), (Num(3), COINS, Num(5)))
    assert [ev("3 <= coins <= 5", coins=c) for c in range(2, 7)] == [0, 1, 1, 1, 0]
    # a chain is not (3 <= coins) <= 5, which would always be true
    assert ev("3 <= coins <= 5", coins=9) == 0.0


# --- every operator -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("7 + 2", 9.0), ("7 - 2", 5.0), ("7 * 2", 14.0), ("7 / 2", 3.5), ("7 / 0", 0.0),
        ("2 < 3", 1.0), ("3 < 3", 0.0), ("3 <= 3", 1.0), ("4 <= 3", 0.0),
        ("4 > 3", 1.0), ("3 > 3", 0.0), ("3 >= 3", 1.0), ("2 >= 3", 0.0),
        ("3 == 3", 1.0), ("3 == 4", 0.0), ("3 != 4", 1.0), ("3 != 3", 0.0),
        ("2 and 3", 1.0), ("2 and 0", 0.0), ("0 or 0", 0.0), ("0 or -1", 1.0),
        ("not 0", 1.0), ("not 2", 0.0), ("-(3)", -3.0),
        ("min(4, 2)", 2.0), ("max(4, 2)", 4.0), ("min(5, 3, 4)", 3.0), ("max(1, 7, 2)", 7.0),
        ("0.5 + .25", 0.75), ("1e2", 100.0), ("5.102966e+00", 5.102966), ("1/20", 0.05),
    ],
)
def test_each_operator(text, expected):
    assert ev(text) == expected
    assert run_code(compile_condition(text), lambda f, c: 0.0) == expected


def test_names_and_keywords_are_case_insensitive():
    assert parse_condition("COINS >= 3 AND Count(gold) < 2") == BoolOp(
        "and",
        Compare((">=",), (COINS, Num(3))),
        Compare(("<",), (Feature("count", "Gold"), Num(2))),
    )


# --- card arguments ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "supply(Council Room)",
        'supply("Council Room")',
        "supply('Council Room')",
        "supply( council room )",
        "supply(CouncilRoom)",
        "supply (Council Room)",
    ],
)
def test_card_arguments_with_spaces_quotes_and_case(text):
    assert parse_condition(text) == Feature("supply", "Council Room")


def test_card_argument_inside_min_and_with_arithmetic():
    node = parse_condition("min(count(Throne Room), 2) < share(Gold) * 10")
    assert node == Compare(
        ("<",),
        (
            Call("min", (Feature("count", "Throne Room"), Num(2))),
            BinOp("*", Feature("share", "Gold"), Num(10)),
        ),
    )


def test_card_features_get_the_card_id_in_bytecode():
    code = compile_condition("count(Council Room) > 1")
    assert code.tolist() == [
        [bc.OP_FEAT, bc.F_COUNT, card_id("Council Room")],
        [bc.OP_CONST, 1.0, 0.0],
        [bc.OP_GT, 0.0, 0.0],
    ]
    assert code.dtype == np.float64 and code.shape == (3, 3)


def test_bare_feature_compiles_with_card_minus_one():
    assert compile_condition("deck_size").tolist() == [[bc.OP_FEAT, bc.F_DECK_SIZE, -1.0]]


def test_chained_comparison_bytecode():
    assert compile_condition("3 <= coins <= 5").tolist() == [
        [bc.OP_CONST, 3.0, 0.0],
        [bc.OP_FEAT, bc.F_COINS, -1.0],
        [bc.OP_LE, 0.0, 0.0],
        [bc.OP_FEAT, bc.F_COINS, -1.0],
        [bc.OP_CONST, 5.0, 0.0],
        [bc.OP_LE, 0.0, 0.0],
        [bc.OP_AND, 0.0, 0.0],
    ]


def test_negative_literal_is_folded_and_min_of_three_is_two_ops():
    assert compile_condition("-2").tolist() == [[bc.OP_CONST, -2.0, 0.0]]
    assert [row[0] for row in compile_condition("min(1, 2, 3)").tolist()] == [
        bc.OP_CONST, bc.OP_CONST, bc.OP_MIN, bc.OP_CONST, bc.OP_MIN,
    ]


def test_evaluate_with_card_feature_functions():
    counts = {"Gold": 3.0, "Smithy": 1.0}
    features = {"count": lambda card: counts.get(card, 0.0), "deck_size": 15}
    assert evaluate_condition("count(Gold) > count(Smithy) * 2", features) == 1.0
    assert evaluate_condition("count(Smithy) < deck_size / 15", features) == 0.0  # 1 < 1
    assert evaluate_condition("count(Smithy) < deck_size / 14", features) == 1.0


# --- errors --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("count(Golf) < 2",
         "condition 'count(Golf) < 2': unknown card 'Golf'; did you mean 'Gold'?"),
        ("moneyy > 3",
         "condition 'moneyy > 3': unknown feature 'moneyy' at column 1; did you mean 'money'?"),
        ("count > 2",
         "condition 'count > 2': feature 'count' needs a card: write count(Card), "
         "e.g. count(Gold) (column 1)"),
        ("coins(Gold) > 2",
         "condition 'coins(Gold) > 2': feature 'coins' takes no card: write coins, not "
         "coins(...) (column 1)"),
        ("count() > 1",
         "condition 'count() > 1': feature 'count' needs a card between the parentheses "
         "(column 7)"),
        ("count(Gold, Silver) > 1",
         "condition 'count(Gold, Silver) > 1': feature 'count' takes one card, got "
         "'Gold, Silver' (column 7)"),
        ("Gold > 2",
         "condition 'Gold > 2': 'Gold' is a card, not a feature (column 1): use it inside a "
         "feature, e.g. count(Gold), share(Gold), supply(Gold)"),
        ("coins => 3",
         "condition 'coins => 3': unknown operator '=>'; did you mean '>='? (column 7)"),
        ("coins =< 3",
         "condition 'coins =< 3': unknown operator '=<'; did you mean '<='? (column 7)"),
        ("coins = 3",
         "condition 'coins = 3': '=' is not a comparison; use '==' to compare (column 7)"),
        ("coins <> 3",
         "condition 'coins <> 3': unknown operator '<>'; use '!=' for 'not equal' (column 7)"),
        ("coins > 3 && buys > 1",
         "condition 'coins > 3 && buys > 1': unknown operator '&&'; use 'and' (column 11)"),
        ("coins > 3 || buys > 1",
         "condition 'coins > 3 || buys > 1': unknown operator '||'; use 'or' (column 11)"),
        ("!coins",
         "condition '!coins': unknown operator '!'; use 'not' (column 1)"),
        ("coins >> 3",
         "condition 'coins >> 3': unknown operator '>>' at column 7; valid comparisons are "
         "< <= > >= == !="),
        ("coins % 2",
         "condition 'coins % 2': unknown operator '%' at column 7; valid operators are + - * / "
         "< <= > >= == != and or not, and min(...) max(...)"),
        ("coins ** 2",
         "condition 'coins ** 2': unknown operator '**' at column 7; powers are not supported "
         "(use * to multiply)"),
        ("coins // 2",
         "condition 'coins // 2': unknown operator '//' at column 7; use '/' to divide"),
        ("(coins > 3",
         "condition '(coins > 3': unbalanced parenthesis: '(' at column 1 is never closed"),
        ("coins > 3)",
         "condition 'coins > 3)': unbalanced parenthesis: ')' at column 10 has no matching '('"),
        ("count(Council Room",
         "condition 'count(Council Room': unbalanced parenthesis: '(' at column 6 is never "
         "closed"),
        ("count(\"Council Room) > 1",
         "condition 'count(\"Council Room) > 1': the quoted card name at column 7 is never "
         "closed"),
        ("\"Gold\" > 1",
         "condition '\"Gold\" > 1': quoted text at column 1 is only allowed as a card name, as "
         "in share(\"Council Room\")"),
        ("", "condition '': empty condition"),
        ("   ", "condition '': empty condition"),
        ("coins >",
         "condition 'coins >': expected a number, a feature or '(' but found the end"),
        ("coins > and 3",
         "condition 'coins > and 3': expected a number, a feature or '(' but found 'and' at "
         "column 9"),
        ("coins 3",
         "condition 'coins 3': expected an operator but found '3' at column 7 (join conditions "
         "with 'and' / 'or')"),
        ("min(3)", "condition 'min(3)': min(...) needs at least 2 arguments, got 1 (column 1)"),
        ("max 3", "condition 'max 3': 'max' is a function: write max(a, b) (column 1)"),
        ("min(1, 2", "condition 'min(1, 2': unbalanced parenthesis: '(' at column 4 is never "
         "closed"),
        ("coins $ 3", "condition 'coins $ 3': unexpected character '$' at column 7"),
        ("()", "condition '()': expected a number, a feature or '(' but found ')' at column 2"),
    ],
)
def test_error_messages(text, message):
    with pytest.raises(BotFileError) as info:
        parse_condition(text)
    assert str(info.value) == message
    assert "\n" not in str(info.value)


def test_unknown_feature_without_a_near_name_lists_the_vocabulary():
    with pytest.raises(BotFileError) as info:
        parse_condition("xyzzy > 1")
    assert str(info.value) == (
        "condition 'xyzzy > 1': unknown feature 'xyzzy' at column 1; valid features: "
        + ", ".join(bc.FEATURES)
    )


def test_never_evaluates_python():
    # text that Python would run is just an unknown name here
    with pytest.raises(BotFileError, match="unknown feature '__import__' at column 1"):
        parse_condition("__import__ and 1")
    with pytest.raises(BotFileError, match="quoted text at column 12 is only allowed"):
        parse_condition("__import__('os')")


def test_evaluator_complains_about_missing_features():
    from ludolab.errors import LudolabError

    with pytest.raises(LudolabError, match="no value given for feature 'coins'"):
        evaluate_condition("coins > 1", {})


# --- formatting and words ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "1 + 2 * 3", "(1 + 2) * 3", "10 - (4 - 3)", "-(1 + 2)", "not (1 < 2) < 3",
        "(1 or 0) and 0", "1 or 0 and 0", "(1 < 2) < 3", "3 <= coins <= 5",
        "min(count(Council Room), 2) / (deck_size - 1)", "- -2", "not not 1",
    ],
)
def test_format_keeps_the_meaning_with_minimal_parentheses(text):
    node = parse_condition(text)
    assert parse_condition(format_condition(node)) == node
    assert format_condition(text) == text


def test_describe_condition_in_words():
    assert describe_condition("3 <= coins <= 5") == "my coins are between 3 and 5"
    assert describe_condition("coins >= 3 and coins <= 4") == "my coins are between 3 and 4"
    assert describe_condition("share(Province) < 0.86") == (
        "the share of Province in my deck is less than 0.86"
    )
    assert describe_condition("low_victory_pile <= 7 or third_low_pile <= 7") == (
        "a single victory pile or three supply piles have 7 or fewer cards left"
    )
    assert describe_condition("8 <= coins") == "my coins are at least 8"
    assert describe_condition("gains_to_end <= 4 and (turn > 10 or lead < 0)") == (
        "the gains left to end the game are at most 4 and "
        "(the turn number is more than 10 or my VP lead is less than 0)"
    )


# --- bytecode against the reference evaluator ---------------------------------------------------

CARD_NAMES = [c.name for c in CARDS]
FEATURE_NAMES = sorted(bc.FEATURES)


def _feature_values(seed: int) -> tuple[dict, object]:
    """Deterministic feature values (small integers, halves, quarters and thirds, as in real
    games, some negative like ``lead``), keyed by (seed, feature, card)."""

    def value(name: str, card: str | None) -> float:
        h = zlib.crc32(f"{seed}/{name}/{card}".encode())
        return float(h % 23 - 3) / (1, 2, 3, 4)[(h >> 8) % 4]

    mapping = {
        n: (lambda c, n=n: value(n, c)) if bc.FEATURES[n][1] else value(n, None)
        for n in FEATURE_NAMES
    }
    by_id = {bc.FEATURES[n][0]: n for n in FEATURE_NAMES}

    def feature(fid: int, cid: int) -> float:
        return value(by_id[fid], CARDS[cid].name if cid >= 0 else None)

    return mapping, feature


def _nodes():
    leaves = st.one_of(
        st.integers(0, 12).map(lambda v: Num(float(v))),
        st.sampled_from([0.05, 0.5, 1.5, 0.86]).map(Num),
        st.sampled_from([n for n in FEATURE_NAMES if not bc.FEATURES[n][1]]).map(Feature),
        st.tuples(
            st.sampled_from([n for n in FEATURE_NAMES if bc.FEATURES[n][1]]),
            st.sampled_from(CARD_NAMES),
        ).map(lambda t: Feature(*t)),
    )

    def extend(children):
        return st.one_of(
            st.tuples(st.sampled_from(["+", "-", "*", "/"]), children, children).map(
                lambda t: BinOp(*t)
            ),
            st.tuples(st.sampled_from(["and", "or"]), children, children).map(
                lambda t: BoolOp(*t)
            ),
            st.tuples(st.sampled_from(["-", "not"]), children).map(lambda t: Unary(*t)),
            st.lists(st.sampled_from(["<", "<=", ">", ">=", "==", "!="]), min_size=1, max_size=2)
            .flatmap(
                lambda ops: st.tuples(
                    st.just(tuple(ops)), st.lists(children, min_size=len(ops) + 1,
                                                  max_size=len(ops) + 1).map(tuple)
                )
            )
            .map(lambda t: Compare(*t)),
            st.tuples(st.sampled_from(["min", "max"]), st.lists(children, min_size=2,
                                                                 max_size=3).map(tuple)).map(
                lambda t: Call(*t)
            ),
        )

    return st.recursive(leaves, extend, max_leaves=14)


def _same(x: float, y: float) -> bool:
    return x == y or (math.isnan(x) and math.isnan(y))


@settings(max_examples=300, deadline=None, derandomize=True)
@given(node=_nodes(), seed=st.integers(0, 2**16))
def test_bytecode_matches_the_reference_evaluator(node, seed):
    text = format_condition(node)
    parsed = parse_condition(text)
    # the text reads back to the same tree (a negative literal is folded only in bytecode)
    assert parsed == node
    mapping, feature = _feature_values(seed)
    expected = evaluate_condition(parsed, mapping)
    got = run_code(compile_condition(text), feature)
    assert _same(got, expected), (text, got, expected)
    assert _same(run_code(compile_ast(node), feature), expected)


def test_run_code_rejects_malformed_bytecode():
    with pytest.raises(ValueError, match="left 2 values on the stack"):
        run_code(np.array([[bc.OP_CONST, 1, 0], [bc.OP_CONST, 2, 0]], float), lambda f, c: 0.0)
