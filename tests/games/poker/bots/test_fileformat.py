"""Bot files: every library file loads, every kind of mistake is one line naming file:line, and
no text whatever gives a traceback."""

from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ludolab.errors import BotFileError, LudolabError
from ludolab.games.poker.bots import (
    PokerBot,
    library,
    load_bot,
    parse_bot_text,
    read_bot_file,
    resolve_bots,
)
from ludolab.games.poker.bots import row as R
from ludolab.games.poker.bots.library import LIBRARY_DIR

LOKI1 = (LIBRARY_DIR / "loki-1.toml").read_text()
LOKI2 = (LIBRARY_DIR / "loki-2.toml").read_text()


def error(text: str) -> BotFileError:
    with pytest.raises(BotFileError) as info:
        parse_bot_text(text, "bot.toml")
    message = str(info.value)
    assert "\n" not in message
    return info.value


def line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


# --- the library ---------------------------------------------------------------------------------

def test_library_has_named_documented_bots_of_every_kind():
    bots = library()
    assert len(bots) >= 8
    assert [b.name for b in bots] == sorted((b.name for b in bots), key=str.lower)
    assert {b.kind for b in bots} == {"call", "raise", "random", "loki1", "loki2"}
    for b in bots:
        assert b.summary and "\n" not in b.summary
        assert b.source
        assert b.row.shape == (R.ROW_SIZE,) and b.row.dtype == np.float64
        assert b.path is not None and b.path.parent == LIBRARY_DIR
        assert b.name in b.describe() and len(b.describe().splitlines()) >= 3
    assert {"Loki-1", "Loki-2", "Always Call", "Always Raise", "Random"} <= {b.name for b in bots}


def test_loki1_file_fills_the_row_it_describes():
    bot = parse_bot_text(LOKI1)
    assert bot.kind == "loki1" and bot.row[R.BOT_KIND] == R.KIND_LOKI1
    assert bot.row[R.P_SAMPLES] == 400 and bot.row[R.P_POTENTIAL] == 1
    assert (bot.row[R.P_PF_MAKE1], bot.row[R.P_PF_MAKE2], bot.row[R.P_PF_MAKE4]) == (50, 200, 580)
    assert (bot.row[R.P_MAKE1], bot.row[R.P_MAKE2], bot.row[R.P_MAKE4]) == (0.5, 0.85, 0.97)
    text = bot.describe()
    assert "income rate" in text and "semi-bluff" in text and "400 keyed" in text


def test_loki2_triples_land_at_their_offsets():
    bot = parse_bot_text(LOKI2)
    assert bot.row[R.P_NBUCKETS] == 5
    assert list(bot.row[R.P_EDGES:R.P_EDGES + 4]) == [0.35, 0.55, 0.75, 0.9]
    off = R.triple_offset(3, 1, 4)  # river, facing a bet, top bucket
    assert list(bot.row[off:off + 3]) == [0.0, 0.2, 0.8]
    off = R.triple_offset(0, 1, 0)
    assert list(bot.row[off:off + 3]) == [0.95, 0.05, 0.0]


def test_specs_names_files_and_baselines(tmp_path: Path):
    assert load_bot("LOKI-1").name == "Loki-1"
    assert load_bot("loki-1-tight").name == "Loki-1 Tight"  # the file's stem
    assert load_bot("call").kind == "call" and load_bot("always-raise").kind == "raise"
    r = load_bot("random:0.2:0.5")
    assert r.kind == "random" and (r.row[1], r.row[2]) == (0.2, 0.5)
    assert parse_bot_text(r.text).row.tolist() == r.row.tolist()  # its text is a valid file
    (tmp_path / "mine.toml").write_text(LOKI1.replace('"Loki-1"', '"Mine"'))
    assert load_bot("mine.toml", tmp_path).name == "Mine"
    names, matrix = resolve_bots(["Loki-1", "mine.toml", "Loki-1", "call"], tmp_path)
    assert names == ["Loki-1", "Mine", "Loki-1 #2", "call"]
    assert matrix.shape == (4, R.ROW_SIZE) and matrix.dtype == np.float64
    assert matrix[0].tolist() == matrix[2].tolist() != matrix[3].tolist()


def test_the_arena_resolves_poker_players_through_the_library():
    from ludolab.games.poker.spec import resolve_players

    names, matrix = resolve_players(["Loki-2", "always-call", "random:0.1:0.6"], None)
    assert names == ["Loki-2", "always-call", "random:0.1:0.6"]
    assert matrix[:, R.BOT_KIND].tolist() == [R.KIND_LOKI2, R.KIND_CALL, R.KIND_RANDOM]
    with pytest.raises(LudolabError, match="unknown poker bot 'Lokey-2'; did you mean 'Loki-2'"):
        resolve_players(["Lokey-2"], None)


def test_unknown_names_and_bad_specs_are_one_line_errors(tmp_path: Path):
    with pytest.raises(LudolabError,
                       match=r"unknown poker bot 'lokki-1'; did you mean 'Loki-1'"):
        load_bot("lokki-1")
    with pytest.raises(BotFileError, match=r"bad random bot 'random:0\.7:0\.6'"):
        load_bot("random:0.7:0.6")
    with pytest.raises(BotFileError, match="bad random bot 'random:x'"):
        load_bot("random:x")
    with pytest.raises(BotFileError, match="bot file not found"):
        load_bot("nope.toml", tmp_path)
    with pytest.raises(BotFileError, match="unknown poker bot"):
        resolve_bots(["call", "nobody"], None)


def test_a_file_without_a_name_is_named_after_the_file(tmp_path: Path):
    p = tmp_path / "quiet-one.toml"
    p.write_text('kind = "call"\n')
    bot = read_bot_file(p)
    assert (bot.name, bot.path, bot.text) == ("quiet-one", p, 'kind = "call"\n')
    assert isinstance(bot, PokerBot)


# --- mistakes, each with its line ----------------------------------------------------------------

@pytest.mark.parametrize("old, new, message, needle", [
    ('kind = "loki1"', 'kind = "lokl1"', "unknown kind 'lokl1'; did you mean 'loki1'?", "kind"),
    ("make2 = 0.85", "make22 = 0.85", "unknown key 'make22' in [postflop]; did you mean "
     "'make2'?", "make22"),
    ("samples = 400", "samples = 4.5", "strength.samples must be a whole number, got a number",
     "samples"),
    ("samples = 400", "samples = -1", "strength.samples must be from 0 to 100,000, got -1",
     "samples"),
    ("make1 = 0.5 ", "make1 = 1.5 ", "postflop.make1 must be from 0 to 1, got 1.5", "make1 = 1.5"),
    ("make1 = 0.5 ", "make1 = 0.9 ", "postflop.make1 (0.9) must not exceed postflop.make2 "
     "(0.85)", "make2 = 0.85"),
    ("pot_odds = true", "pot_odds = 1", "postflop.pot_odds must be true or false, got an "
     "integer", "pot_odds"),
    ("make4 = 580", 'make4 = "580"', "preflop.make4 must be a number, got text", "make4 = "),
    ("position = 20", "positon = 20", "unknown key 'positon' in [preflop]; did you mean "
     "'position'?", "positon"),
    ("semi_bluff = 0.4 ", "", "missing 'semi_bluff' in [postflop]", "[postflop]"),
    ('summary = "', 'colour = "red"\nsummary = "', "unknown key 'colour'", "colour"),
    ('name = "Loki-1"', "name = 3", "'name' must be text, got an integer", "name = 3"),
])
def test_loki1_file_mistakes(old, new, message, needle):
    assert old in LOKI1
    text = LOKI1.replace(old, new, 1)
    err = error(text)
    assert message in str(err)
    assert err.path == "bot.toml"
    assert err.line == line_of(text, needle), str(err)
    assert str(err).startswith(f"bot.toml:{err.line}: ")


@pytest.mark.parametrize("old, new, message, needle", [
    ("bet = [[0.95, 0.04, 0.01]", "bet = [[0.95, 0.04, 0.02]",
     "triples.river.bet[0] probabilities sum to 1.01, not 1", "bet = [[0.95, 0.04, 0.02]"),
    ("free = [[0.0, 0.95, 0.05], [0.0, 0.9, 0.1], ", "free = [[0.0, 0.95, 0.05], ",
     "triples.preflop.free needs 5 triples (one per strength bucket: 4 edges), got 4",
     "free = [[0.0, 0.95, 0.05], [0.0, 0.8"),
    ("[0.05, 0.65, 0.3], [0.0, 0.2, 0.8]]", "[0.05, 0.65, 0.3], [0.0, 0.2]]",
     "triples.river.bet[4] must be a triple [fold, call, raise], got 2 items", "[0.0, 0.2]]"),
    ("edges = [0.35, 0.55, 0.75, 0.9]", "edges = [0.35, 0.3, 0.75, 0.9]",
     "triples.edges must increase strictly inside (0, 1)", "edges"),
    ("[triples.turn]", "[triples.tunr]", "unknown key 'tunr' in [triples]; did you mean 'turn'?",
     "[triples.tunr]"),
    ("[0.0, 0.3, 0.7]]\n\n[triples.flop]", "[1.2, -0.2, 0.0]]\n\n[triples.flop]",
     "triples.preflop.bet[4] must be from 0 to 1, got 1.2", "[1.2, -0.2, 0.0]]"),
    ('kind = "loki2"', 'kind = "loki1"', "[triples] belongs to bots of kind loki2, not loki1",
     "[triples]"),
])
def test_loki2_file_mistakes(old, new, message, needle):
    assert old in LOKI2
    text = LOKI2.replace(old, new, 1)
    err = error(text)
    assert message in str(err)
    assert err.line == line_of(text, needle), str(err)


@pytest.mark.parametrize("text, message, line", [
    ('kind = "random"\n[random]\nfold = 0.5\ncall = 0.4\nraise = 0.2\n',
     "random fold + call + raise sum to 1.1, not 1", 2),
    ('kind = "random"\n[random]\nfold = 0.5\ncall = 0.5\n', "missing 'raise' in [random]", 2),
    ('kind = "call"\n[random]\nfold = 1\n', "[random] belongs to bots of kind random, not call",
     2),
    ('name = "x"\n', "missing 'kind' (one of call, raise, random, loki1, loki2)", 1),
    ('kind = "call"\nname = "a\nb"\n', "invalid TOML", 2),
    ('kind = "call"\nname = """a\nb"""\n', "'name' must be one line", 2),
    ('kind = "loki1"\n', "missing table [strength]", 1),
    ("kind = [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["
     "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["
     "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["
     "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["
     "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["
     "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["
     "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["
     "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["
     "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["
     "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["
     "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[",
     "", 1),
])
def test_small_file_mistakes(text, message, line):
    err = error(text)
    assert message in str(err)
    assert err.line == line, str(err)


# --- fuzzing: only BotFileError, never a traceback -----------------------------------------------

def _parse_or_error(text: str) -> None:
    try:
        bot = parse_bot_text(text, "fuzz.toml")
    except BotFileError as exc:
        assert "\n" not in str(exc)
        assert str(exc).startswith("fuzz.toml:")
        return
    assert bot.row.shape == (R.ROW_SIZE,)
    assert np.isfinite(bot.row).all()


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(alphabet=st.sampled_from(list('kind=" loki12[]{}.,\n#0.5e-+truefalsmpwx\'')),
               max_size=200))
def test_fuzz_raw_text(text):
    _parse_or_error(text)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from([LOKI1, LOKI2]), st.data())
def test_fuzz_library_files_with_one_line_replaced(base, data):
    lines = base.splitlines()
    i = data.draw(st.integers(0, len(lines) - 1))
    key = lines[i].split("=")[0] if "=" in lines[i] else ""
    value = data.draw(st.one_of(
        st.text(max_size=30),
        st.sampled_from(["true", "1e999", "-0.0", "nan", "inf", "[]", "{}", "[[1, 0, 0]]",
                         "[0.5, 0.5, 0.0]", '"x"', "100001", "0", "1.0000001", "[1, 2"]),
    ))
    lines[i] = f"{key}= {value}" if key else value
    _parse_or_error("\n".join(lines))
