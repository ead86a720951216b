"""Where ecarte keeps the player's files.

The settings file lives in the user's config directory and the match logs
(the autosave) in the user's data directory, as platformdirs finds them.
``ECARTE_CONFIG_DIR`` and ``ECARTE_DATA_DIR`` override both (tests use them
so that they never touch a real player's files).
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP_NAME = "ecarte"


def config_dir() -> Path:
    override = os.environ.get("ECARTE_CONFIG_DIR")
    return Path(override) if override else platformdirs.user_config_path(APP_NAME)


def data_dir() -> Path:
    override = os.environ.get("ECARTE_DATA_DIR")
    return Path(override) if override else platformdirs.user_data_path(APP_NAME)


def settings_path() -> Path:
    return config_dir() / "settings.toml"


def matches_dir() -> Path:
    """The autosaved match logs, one ``.ecarte.jsonl`` file per match."""
    return data_dir() / "matches"


def analyses_dir() -> Path:
    """The accuracy of each saved match analysed (``analysis/saved.py``)."""
    return data_dir() / "analyses"
