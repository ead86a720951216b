"""Playing a match outside any screen: settings and files, the opponent,
the autosaved session, the replay's positions. No Textual, no Rich: the app
in ``tui/`` draws what this package decides."""
