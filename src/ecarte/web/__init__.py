"""``ecarte serve``: the app in a web browser, one app process per tab
(see the README, "Play in a browser", and docs/serving.md)."""
