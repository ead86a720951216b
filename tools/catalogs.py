"""The translation catalogs: extract the template, update each language's
``.po`` from it, compile the ``.mo`` files the app reads.

    python tools/catalogs.py                # extract, update and compile
    python tools/catalogs.py extract        # src/ecarte/locale/ecarte.pot from the source
    python tools/catalogs.py update         # each .po gains the template's new strings
    python tools/catalogs.py compile        # each .po -> .mo beside it
    python tools/catalogs.py init LANG      # a new language's empty .po

Babel does the work (``pybabel extract/update/init/compile``, with
``babel.cfg``): strings are marked in the code with ``_``, ``ngettext``,
``pgettext``, ``npgettext`` and ``N_``, and a comment starting with
``Translators:`` just above one goes into the catalog for the translator.
Babel is a developer tool (the ``dev`` extra); the app reads the compiled
catalogs with the standard library's ``gettext``.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from babel.messages.frontend import CommandLineInterface

ROOT = Path(__file__).resolve().parent.parent
LOCALE_DIR = ROOT / "src" / "ecarte" / "locale"
TEMPLATE = LOCALE_DIR / "ecarte.pot"
DOMAIN = "ecarte"
COMMENT_TAG = "Translators:"


def pybabel(*arguments: str) -> None:
    """``pybabel ARGUMENTS`` in this process; exits on Babel's error."""
    CommandLineInterface().run(["pybabel", "-q", *arguments])


def languages() -> list[str]:
    """The languages that have a catalog (a folder with ``LC_MESSAGES/ecarte.po``)."""
    return sorted(path.parent.parent.name for path in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def extract() -> None:
    pybabel(
        "extract",
        "--mapping-file",
        str(ROOT / "babel.cfg"),
        "--add-comments",
        COMMENT_TAG,
        "--project",
        "ecarte",
        "--msgid-bugs-address",
        "the ecarte issue tracker",
        "--copyright-holder",
        "the ecarte authors",
        "--width",
        "100",
        "--output-file",
        str(TEMPLATE),
        # Relative, so that the template names the files as the repository does.
        "src/ecarte",
    )
    print(f"extracted {TEMPLATE.relative_to(ROOT)}")


def update() -> None:
    if not languages():
        print("no .po files to update (tools/catalogs.py init LANG makes one)")
        return
    pybabel(
        "update",
        "--input-file",
        str(TEMPLATE),
        "--output-dir",
        str(LOCALE_DIR),
        "--domain",
        DOMAIN,
        "--width",
        "100",
        "--ignore-obsolete",
    )
    print(f"updated {', '.join(languages())}")


def compile_all() -> None:
    if not languages():
        print("no .po files to compile")
        return
    pybabel("compile", "--directory", str(LOCALE_DIR), "--domain", DOMAIN, "--statistics")


def init(language: str) -> None:
    pybabel(
        "init",
        "--input-file",
        str(TEMPLATE),
        "--output-dir",
        str(LOCALE_DIR),
        "--domain",
        DOMAIN,
        "--locale",
        language,
        "--width",
        "100",
    )


def main(argv: list[str] | None = None) -> int:
    os.chdir(ROOT)
    parser = argparse.ArgumentParser(description="Extract, update and compile ecarte's translation catalogs.")
    parser.add_argument(
        "step", nargs="?", choices=("all", "extract", "update", "compile", "init"), default="all"
    )
    parser.add_argument("language", nargs="?", help="for init: the new language's code, such as da")
    arguments = parser.parse_args(argv)
    if arguments.step == "init":
        if not arguments.language:
            parser.error("init needs the language's code, such as: init da")
        init(arguments.language)
        return 0
    if arguments.step in ("all", "extract"):
        extract()
    if arguments.step in ("all", "update"):
        update()
    if arguments.step in ("all", "compile"):
        compile_all()
    return 0


if __name__ == "__main__":
    sys.exit(main())
