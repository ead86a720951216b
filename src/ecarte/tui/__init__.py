"""The terminal app (Textual). Everything that draws or reads keys lives here."""
