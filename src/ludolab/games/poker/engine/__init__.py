"""The compiled poker engine (layout constants in :mod:`.layout`)."""
