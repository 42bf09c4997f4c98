"""numba's cache writes are serialized between processes (ludolab.core.jitcache).

Two processes that save two different signatures of one function at the same moment would both
pick data file number 1; the lock makes each save's read-modify-write of the index whole.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

from numba.core import caching

from ludolab.core import jitcache

SAVE = """
import sys
from numba.core import caching
from ludolab.core import jitcache  # installs the lock
f = caching.IndexDataCacheFile(sys.argv[1], "mod.f-1.py311", ("stamp", 1))
print("ready", flush=True)
f.save(("sig", "b"), b"machine code of b")
print("saved", flush=True)
"""


def test_the_lock_is_installed_once() -> None:
    assert caching.IndexDataCacheFile.save._ludolab_locked is True
    save = caching.IndexDataCacheFile.save
    assert jitcache.lock_cache_writes() is True
    assert caching.IndexDataCacheFile.save is save  # not wrapped twice


def test_a_save_waits_for_the_other_process_and_both_entries_survive(tmp_path: Path) -> None:
    mine = caching.IndexDataCacheFile(str(tmp_path), "mod.f-1.py311", ("stamp", 1))
    with jitcache._folder_lock(str(tmp_path)):
        proc = subprocess.Popen([sys.executable, "-c", SAVE, str(tmp_path)],
                                stdout=subprocess.PIPE, text=True)
        assert proc.stdout is not None
        assert proc.stdout.readline().strip() == "ready"
        time.sleep(0.5)  # give it the time to (wrongly) save; a slow machine only makes it pass
        assert not (tmp_path / "mod.f-1.py311.nbi").exists()  # it waits for our lock
        # our save while we hold the lock (numba's own save: the locked one would wait for us)
        caching.IndexDataCacheFile.save.__wrapped__(mine, ("sig", "a"), b"machine code of a")
    assert proc.stdout.readline().strip() == "saved"
    assert proc.wait(timeout=60) == 0
    index = mine._load_index()
    assert sorted(index) == [("sig", "a"), ("sig", "b")]
    assert mine.load(("sig", "a")) == b"machine code of a"
    assert mine.load(("sig", "b")) == b"machine code of b"
