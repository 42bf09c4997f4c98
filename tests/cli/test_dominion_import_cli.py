"""``ludolab dominion import``: files written, the per-bot report, and exit codes 0/1/2."""

from __future__ import annotations

from clitools import run
from ludolab.games.dominion.bots import read_bot_file

GOOD = """<?xml version="1.0" encoding="UTF-8"?>
<playerCollection>
    <player name="Witch Money" author="me" description="One Witch, then money.">
        <board contents="Witch"/>
        <buy name="Province"/>
        <buy name="Witch">
            <condition>
                <left type="countCardsInDeck" attribute="Witch"/>
                <operator type="smallerThan"/>
                <right type="constant" attribute="1.0"/>
            </condition>
        </buy>
        <buy name="Gold"/>
        <buy name="Silver"/>
    </player>
</playerCollection>
"""

MIXED = GOOD.replace("</playerCollection>", """    <player name="Werewolf Money">
        <buy name="Werewolf"/>
    </player>
</playerCollection>""")


def test_import_writes_a_readable_bot(capsys, tmp_path):
    src = tmp_path / "bots.xml"
    src.write_text(GOOD)
    code, out, err = run(capsys, "dominion", "import", str(src), "--out", str(tmp_path / "out"))
    assert (code, err) == (0, "")
    target = tmp_path / "out" / "witch-money.toml"
    assert f"imported: Witch Money -> {target}  [kingdom: Witch]" in out
    spec = read_bot_file(target)
    assert [(e.card, e.condition) for e in spec.buy] == [
        ("Province", None), ("Witch", "count(Witch) < 1"), ("Gold", None), ("Silver", None)]
    assert target.read_text().startswith("# Imported from DominionSim: bots.xml, line 3.\n")


def test_bots_not_importable_are_reported_and_exit_1(capsys, tmp_path):
    src = tmp_path / "bots.xml"
    src.write_text(MIXED)
    code, out, _err = run(capsys, "dominion", "import", str(src), "--out", str(tmp_path))
    assert code == 1
    assert ("not imported: Werewolf Money (line 16)\n"
            "    line 17: <buy name=\"Werewolf\">: card 'Werewolf' is not in ludolab "
            "yet\n") in out
    assert out.endswith(f"1 of 2 bots written to {tmp_path}; 1 not imported (see above)\n")
    assert not (tmp_path / "fairgrounds-money.toml").exists()


def test_existing_files_are_kept_unless_forced(capsys, tmp_path):
    src = tmp_path / "bots.xml"
    src.write_text(GOOD)
    (tmp_path / "witch-money.toml").write_text("mine")
    code, out, _ = run(capsys, "dominion", "import", str(src), "--out", str(tmp_path))
    assert code == 1 and "witch-money.toml exists (--force overwrites)" in out
    assert (tmp_path / "witch-money.toml").read_text() == "mine"
    code, _, _ = run(capsys, "dominion", "import", str(src), "--out", str(tmp_path), "--force")
    assert code == 0 and read_bot_file(tmp_path / "witch-money.toml").name == "Witch Money"


def test_bad_files_are_one_line_errors_with_exit_2(capsys, tmp_path):
    bad = tmp_path / "bad.xml"
    bad.write_text('<playerCollection>\n<player name="x">\n</playerCollection>\n')
    code, out, err = run(capsys, "dominion", "import", str(bad))
    assert (code, out) == (2, "")
    assert err == f"error: {bad}:3: malformed XML: mismatched tag (column 3)\n"
    code, _, err = run(capsys, "dominion", "import", str(tmp_path / "none.xml"))
    assert code == 2 and err == f"error: no such file: {tmp_path / 'none.xml'}\n"
    code, _, err = run(capsys, "dominion", "import", str(tmp_path))
    assert code == 2 and err == f"error: {tmp_path} is a folder, not an XML file\n"
    good = tmp_path / "good.xml"
    good.write_text(GOOD)
    code, _, err = run(capsys, "dominion", "import", str(good), "--out", str(bad))
    assert code == 2 and err == f"error: --out {bad} is a file, not a folder\n"
