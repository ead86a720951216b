"""The layering the project relies on (``docs/architecture.md``): the rules
engine and the players are pure Python with no user interface, the log, the
protocol and the tournament need no user interface either, and the engine
does no I/O; every rule has its one home in the engine; no import cycle; the
code cites ``docs/``, never the spec. The import-linter contracts in
``pyproject.toml`` check the layers' imports; these tests check the rest."""

from __future__ import annotations

import ast
import builtins
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import ecarte.engine

ENGINE_DIR = Path(ecarte.engine.__file__).parent
SOURCE_DIR = ENGINE_DIR.parent
UI_PACKAGES = ("textual", "rich")
# Modules that would let the engine touch files, processes or the network.
IO_MODULES = ("os", "io", "pathlib", "shutil", "subprocess", "socket", "tempfile", "sys", "logging")


def modules_under(package: str) -> list[str]:
    """Every module of a package of ``src/ecarte``, found from its files."""
    folder = SOURCE_DIR / package.removeprefix("ecarte.").replace(".", "/")
    modules = [package]
    for path in sorted(folder.glob("*.py")):
        if path.stem != "__init__":
            modules.append(f"{package}.{path.stem}")
    return modules


def modules_loaded_by(modules: list[str]) -> list[str]:
    """The names in ``sys.modules`` after importing ``modules`` in a fresh interpreter."""
    code = (
        "import importlib, json, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    loaded: list[str] = json.loads(result.stdout)
    return loaded


def test_the_module_lists_cover_every_player() -> None:
    # Guards the tests below against finding nothing to import.
    players = modules_under("ecarte.ai")
    for name in (
        "base",
        "random_player",
        "classic",
        "classic_hands",
        "levels",
        "expert",
        "solver",
        "sampling",
    ):
        assert f"ecarte.ai.{name}" in players
    assert "ecarte.engine.match" in modules_under("ecarte.engine")


def test_engine_and_players_import_no_user_interface() -> None:
    loaded = modules_loaded_by(modules_under("ecarte.engine") + modules_under("ecarte.ai"))
    ui = [name for name in loaded if name.split(".")[0] in UI_PACKAGES]
    assert ui == [], f"the engine or the players pull in {ui}"
    outside = ("ecarte.tui", "ecarte.cli", "ecarte.log", "ecarte.protocol", "ecarte.tournament")
    assert [name for name in loaded if name.startswith(outside)] == []


def test_log_protocol_and_tournament_import_no_user_interface() -> None:
    # The progress bar imports Rich only when it is shown, on a terminal.
    modules = modules_under("ecarte.log") + modules_under("ecarte.protocol") + ["ecarte.tournament"]
    loaded = modules_loaded_by(modules)
    ui = [name for name in loaded if name.split(".")[0] in UI_PACKAGES]
    assert ui == [], f"the log, the protocol or the tournament pull in {ui}"
    assert [name for name in loaded if name.startswith(("ecarte.tui", "ecarte.cli"))] == []


def engine_sources() -> list[Path]:
    sources = sorted(ENGINE_DIR.glob("*.py"))
    assert sources, ENGINE_DIR
    return sources


def test_engine_source_neither_opens_nor_prints() -> None:
    for path in engine_sources():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id not in ("open", "print", "input"), (
                    f"{path.name}:{node.lineno} calls {node.func.id}"
                )


def test_engine_imports_no_io_modules() -> None:
    for path in engine_sources():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            for name in names:
                top = name.split(".")[0]
                assert top not in IO_MODULES + UI_PACKAGES, f"{path.name}:{node.lineno} imports {name}"
                # Two leaves are the exceptions: ecarte.i18n, the catalog of the
                # words a player reads (the engine's reasons and card labels are
                # read by players), and ecarte.records, the value classes' equality
                # and immutability (no I/O, nothing of ecarte).
                assert not name.startswith("ecarte.") or name in ("ecarte.i18n", "ecarte.records"), (
                    f"{path.name}:{node.lineno} imports {name} (outside the engine)"
                )


def test_engine_uses_no_global_random_state() -> None:
    # Chance is passed in as a random.Random; the module-level functions
    # (random.shuffle, random.choice, ...) share one hidden global generator.
    for path in engine_sources():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id == "random"
                and node.attr != "Random"
            ):
                raise AssertionError(f"{path.name}:{node.lineno} uses random.{node.attr}")


# ---------------------------------------------------------------- one home for each rule

RULE_MODULES = ("exchange", "king", "scoring", "tricks")
"""The engine modules whose functions are the rules the players call."""
NOT_RULE_ARITHMETIC = {
    ("ai/expert_value.py", "MatchValue.__init__"): "the size of the value table (a model), not a rule",
    ("ai/expert_value.py", "MatchValue._scaled"): "a score put on the table's scale (a model), not a rule",
    ("ai/frozen/expert_2026_11/expert_value.py", "MatchValue.__init__"): "the frozen copy of the same model",
    ("ai/frozen/expert_2026_11/expert_value.py", "MatchValue._scaled"): "the frozen copy of the same model",
    ("play/lesson.py", "rules_note"): "which settings differ from the lesson's, to say so, not a rule",
    ("play/names.py", "rules_in_words"): "which settings differ from the usual ones, to say so, not a rule",
}
"""Where a module may read a rules setting other than to pass it on to a
function, and why: each is a model's parameter or a description of the
settings, not a rule."""
RULE_USERS = (
    "ai",
    "log",
    "play",
    "protocol",
    "analysis",
    "web",
    "tournament.py",
    "cli.py",
    "text.py",
    "safefile.py",
    "i18n.py",
    "records.py",
)
"""Every folder and module of ``src/ecarte`` that must take the rules from the
engine. ``tui/`` is left out: its screens put the rules in force into words
("must trump: off"), which reads every setting, and this scan cannot tell
that from arithmetic. What remains there (a match's result from
``games_to_win`` in ``replay_screen.py``, the title's summary) is noted for
the next round of issue #7."""
BUILTIN_CALLS = frozenset(name for name in dir(builtins) if not name.startswith("_"))
"""Calls that compute with their arguments (``min(rules.target, 21)``) rather
than pass them on to a rule."""


def engine_rule_functions() -> set[str]:
    """The public functions defined at the top of the engine's rule modules."""
    names: set[str] = set()
    for module in RULE_MODULES:
        tree = ast.parse((ENGINE_DIR / f"{module}.py").read_text(encoding="utf-8"))
        names |= {
            node.name
            for node in tree.body
            if isinstance(node, ast.FunctionDef) and not node.name.startswith("_")
        }
    return names


def rules_fields() -> set[str]:
    from ecarte.engine.rules import RULE_NAMES

    return set(RULE_NAMES)


def _is_rules(node: ast.expr) -> bool:
    """``rules``, ``self.rules``, ``match.rules``, ``model_rules``...: an
    expression naming a ``Rules``."""
    if isinstance(node, ast.Name):
        return node.id == "rules" or node.id.endswith("_rules")
    if isinstance(node, ast.Attribute):
        return node.attr == "rules" or node.attr.endswith("_rules")
    return False


def _passed_on(node: ast.expr, parents: dict[ast.AST, ast.AST]) -> bool:
    """Whether ``node`` is an argument of a call to a function that is not a
    builtin (``power_table(rules.ace_high)``, not ``min(rules.target, 21)``)."""
    parent = parents.get(node)
    if isinstance(parent, ast.keyword | ast.Starred):
        parent = parents.get(parent)
    if not isinstance(parent, ast.Call) or node is parent.func:
        return False
    return not (isinstance(parent.func, ast.Name) and parent.func.id in BUILTIN_CALLS)


def rule_violations(source: str, filename: str, rule_names: set[str], fields: set[str]) -> list[str]:
    """Where this source (a module outside the engine) writes a rule of its own.

    Two things are flagged. A function (or method) named like one of the
    engine's rule functions: a second definition of that rule. And a rules
    setting (``rules.target``, ``self.rules.max_exchanges``...) read for any
    purpose but passing it on as an argument to a function: comparing it or
    computing with it (``mine == rules.target - 1``) is writing the rule
    that uses it, which is the engine's to write (``scoring.points_needed``,
    ``exchange.exchange_over``...). Putting a setting in a local name is
    allowed only when every use of that name passes it on too. The places
    in ``NOT_RULE_ARITHMETIC`` are exempt, each with its reason."""
    tree = ast.parse(source, filename=filename)
    parents: dict[ast.AST, ast.AST] = {}
    for node in ast.walk(tree):
        for child in ast.iter_child_nodes(node):
            parents[child] = node
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name in rule_names:
            found.append(f"{filename}:{node.lineno} defines {node.name}, a rule the engine defines")

    def scopes(body: list[ast.stmt], prefix: str) -> list[tuple[str, ast.AST]]:
        result: list[tuple[str, ast.AST]] = []
        for statement in body:
            if isinstance(statement, ast.ClassDef):
                result += scopes(statement.body, f"{prefix}{statement.name}.")
            elif isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef):
                result.append((f"{prefix}{statement.name}", statement))
            else:
                result.append((f"{prefix}<module>", statement))
        return result

    for scope, root in scopes(tree.body, ""):
        if (filename, scope) in NOT_RULE_ARITHMETIC:
            continue
        nodes = list(ast.walk(root))
        holders: set[str] = set()
        for node in nodes:
            if not (isinstance(node, ast.Attribute) and node.attr in fields and _is_rules(node.value)):
                continue
            if isinstance(node.ctx, ast.Store) or _passed_on(node, parents):
                continue
            parent = parents.get(node)
            if (
                isinstance(parent, ast.Assign)
                and len(parent.targets) == 1
                and isinstance(parent.targets[0], ast.Name)
                and parent.value is node
            ):
                holders.add(parent.targets[0].id)
                continue
            found.append(f"{filename}:{node.lineno} ({scope}) computes with rules.{node.attr}")
        for node in nodes:
            if (
                isinstance(node, ast.Name)
                and node.id in holders
                and isinstance(node.ctx, ast.Load)
                and not _passed_on(node, parents)
            ):
                found.append(f"{filename}:{node.lineno} ({scope}) computes with {node.id}, a rules setting")
    return found


def rule_user_sources() -> list[Path]:
    """The modules of ``RULE_USERS``, each folder's every file."""
    paths: list[Path] = []
    for name in RULE_USERS:
        path = SOURCE_DIR / name
        paths += sorted(path.rglob("*.py")) if path.is_dir() else [path]
    return paths


def test_the_rule_users_cover_the_players_the_log_and_the_game_loop() -> None:
    names = {path.relative_to(SOURCE_DIR).as_posix() for path in rule_user_sources()}
    for expected in ("ai/expert.py", "log/check.py", "play/loop.py", "protocol/host.py", "tournament.py"):
        assert expected in names
    # Every module of src/ecarte is either the engine, the app's screens, or a rule user.
    everything = {path.relative_to(SOURCE_DIR).as_posix() for path in SOURCE_DIR.rglob("*.py")}
    others = {name for name in everything - names if not name.startswith(("engine/", "tui/"))}
    assert others <= {"__init__.py", "__main__.py"}, others


def test_no_module_writes_a_rule_of_its_own() -> None:
    # The players, the log, the game loop, the protocol, the analysis and the
    # command line take every rule from the engine's rule modules.
    rule_names, fields = engine_rule_functions(), rules_fields()
    found: list[str] = []
    for path in rule_user_sources():
        name = path.relative_to(SOURCE_DIR).as_posix()
        found += rule_violations(path.read_text(encoding="utf-8"), name, rule_names, fields)
    assert found == [], "\n".join(found)


def test_the_rule_scan_finds_a_rule_written_again() -> None:
    # The scan above must be able to fail: each of these writes a rule again.
    rule_names, fields = engine_rule_functions(), rules_fields()
    assert {"four_all_applies", "exchange_over", "legal_replies", "discard_range"} <= rule_names
    written_again = {
        "def four_all_applies(score, rules):\n    return False\n": "defines four_all_applies",
        "class P:\n    def game_won(self, points):\n        return True\n": "defines game_won",
        "def f(rules, mine):\n    return mine == rules.target - 1\n": "rules.target",
        "def f(self, n):\n    return n >= self.rules.max_exchanges\n": "rules.max_exchanges",
        "def f(self, n):\n    limit = self.rules.max_exchanges\n    return n >= limit\n": "limit, a rules",
        "def f(rules, a):\n    return min(5, a) if rules.dealer_must_exchange else 0\n": "dealer_must_",
        "def f(rules, s):\n    return max(s) >= min(rules.target, 9)\n": "rules.target",
    }
    for source, expected in written_again.items():
        found = rule_violations(source, "snippet.py", rule_names, fields)
        assert found and all(expected in line for line in found), (source, found)
    passed_on = (
        "def f(self, rules):\n"
        "    ace_high = rules.ace_high\n"
        "    return power_table(ace_high), discard_range(True, 3, self.rules), g(x=rules.must_trump)\n"
    )
    assert rule_violations(passed_on, "snippet.py", rule_names, fields) == []


# ---------------------------------------------------------------- imports


def source_modules() -> dict[str, Path]:
    """Every module under ``src/ecarte`` by its dotted name."""
    modules: dict[str, Path] = {}
    for path in sorted(SOURCE_DIR.rglob("*.py")):
        parts = list(path.relative_to(SOURCE_DIR.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        modules[".".join(parts)] = path
    return modules


def _inside_function(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> bool:
    while node in parents:
        node = parents[node]
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            return True
    return False


def _type_checking_only(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> bool:
    while node in parents:
        node = parents[node]
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            return True
    return False


LAZY_IMPORTS_ALLOWED_IN_A_CYCLE: dict[tuple[str, str], str] = {}
"""Imports made inside a function that close a cycle, each with its reason:
the cycle is harmless at import time, but still a knot to untie."""


def import_graph(lazy: bool = True) -> dict[str, set[str]]:
    """For each module, the modules of ``src/ecarte`` it imports (at the top,
    and inside a function when ``lazy``; not under ``TYPE_CHECKING``).
    ``from package import name`` imports the submodule ``package.name`` when
    there is one, else the package."""
    modules = source_modules()
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        is_package = path.name == "__init__.py"
        package = name if is_package else name.rpartition(".")[0]
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        parents = {child: node for node in ast.walk(tree) for child in ast.iter_child_nodes(node)}
        for node in ast.walk(tree):
            if _type_checking_only(node, parents):
                continue
            if not lazy and _inside_function(node, parents):
                continue
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")
                    base = base[: len(base) - (node.level - 1)]
                    source = ".".join(base + ([node.module] if node.module else []))
                else:
                    source = node.module or ""
                for alias in node.names:
                    submodule = f"{source}.{alias.name}"
                    targets.append(submodule if submodule in modules else source)
            graph[name] |= {target for target in targets if target in modules and target != name}
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of the graph as a path that returns to its start, or None."""
    state: dict[str, int] = {}  # 1 on the current path, 2 done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for target in sorted(graph[node]):
            if state.get(target) == 1:
                return [*path[path.index(target) :], target]
            if target not in state:
                cycle = visit(target)
                if cycle:
                    return cycle
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            cycle = visit(node)
            if cycle:
                return cycle
    return None


def test_no_import_cycle_in_src() -> None:
    # At import time (the imports at the top of each module): none at all.
    graph = import_graph(lazy=False)
    assert "ecarte.engine.match" in graph["ecarte.engine"]
    assert "ecarte.engine.scoring" in graph["ecarte.ai.expert_value"]
    cycle = find_cycle(graph)
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def test_no_import_cycle_through_imports_made_in_functions() -> None:
    graph = import_graph(lazy=True)
    for importer, imported in LAZY_IMPORTS_ALLOWED_IN_A_CYCLE:
        graph[importer].discard(imported)
    cycle = find_cycle(graph)
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


# ---------------------------------------------------------------- phases and action types


def literal_comparisons(source: str, filename: str) -> list[str]:
    """Where a string literal is compared (==, !=, in, not in, is) with a
    ``.phase`` or a ``.type``, or matched against one in a ``match``
    statement: phases and action types are enums, so a misspelt literal
    would compare unequal silently."""
    tree = ast.parse(source, filename=filename)
    found: list[str] = []

    def is_subject(node: ast.expr) -> bool:
        return isinstance(node, ast.Attribute) and node.attr in ("phase", "type")

    def has_literal(node: ast.expr) -> bool:
        if isinstance(node, ast.Constant):
            return isinstance(node.value, str)
        if isinstance(node, ast.Tuple | ast.List | ast.Set):
            return any(has_literal(item) for item in node.elts)
        return False

    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            if any(is_subject(item) for item in operands) and any(has_literal(item) for item in operands):
                found.append(f"{filename}:{node.lineno}: {ast.unparse(node)}")
        elif isinstance(node, ast.Match) and is_subject(node.subject):
            for case in node.cases:
                for pattern in ast.walk(case.pattern):
                    if isinstance(pattern, ast.MatchValue) and has_literal(pattern.value):
                        found.append(f"{filename}:{pattern.lineno}: case {ast.unparse(pattern.value)}")
    return found


def test_no_string_literal_is_compared_with_a_phase_or_an_action_type() -> None:
    found: list[str] = []
    for name, path in source_modules().items():
        found += literal_comparisons(path.read_text(encoding="utf-8"), name)
    assert found == [], "\n".join(found)


def test_the_literal_scan_finds_a_literal() -> None:
    for source in (
        "ok = view.phase == 'tricks'",
        "ok = action.type in ('card', 'king')",
        "ok = 'deal' != event.type",
        "match view.phase:\n    case 'exchange':\n        pass\n",
    ):
        assert len(literal_comparisons(source, "snippet.py")) == 1, source
    assert literal_comparisons("ok = view.phase == Phase.TRICKS and kind == 'x'", "snippet.py") == []


# ---------------------------------------------------------------- what the code cites

REPO_DIR = SOURCE_DIR.parents[1]
SPEC_CITATION = re.compile(r"\bspec/[\w.-]+")
DOCS_CITATION = re.compile(r"\bdocs/([\w-]+\.md)")


def cited(pattern: re.Pattern[str], tui: bool) -> list[tuple[str, int, str]]:
    """Each citation matching ``pattern`` in the files of ``src/ecarte``
    (code, styles, packaged texts), inside ``tui/`` or outside it."""
    found: list[tuple[str, int, str]] = []
    for path in sorted(SOURCE_DIR.rglob("*")):
        name = path.relative_to(SOURCE_DIR).as_posix()
        if (
            not path.is_file()
            or path.suffix not in (".py", ".md", ".tcss", ".html")
            or name.startswith("tui/") != tui
        ):
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            found += [(name, number, match.group(0)) for match in pattern.finditer(line)]
    return found


@pytest.mark.parametrize("tui", [False, True], ids=["outside tui", "tui"])
def test_no_file_under_src_cites_the_spec(tui: bool) -> None:
    # spec/ is not in the repository: the code points at docs/, which says
    # everything the code relies on in the project's own words.
    found = [f"{name}:{number} cites {text}" for name, number, text in cited(SPEC_CITATION, tui)]
    assert found == [], "\n".join(found)


def test_every_document_the_code_cites_is_in_docs() -> None:
    citations = cited(DOCS_CITATION, tui=False) + cited(DOCS_CITATION, tui=True)
    assert any(text == "docs/rules.md" for _, _, text in citations)
    missing = [
        f"{name}:{number} cites {text}" for name, number, text in citations if not (REPO_DIR / text).is_file()
    ]
    assert missing == [], "\n".join(missing)


def test_the_citation_scan_finds_a_citation() -> None:
    assert SPEC_CITATION.findall('"""The rules (``spec/rules.md``)."""') == ["spec/rules.md"]
    assert SPEC_CITATION.findall("TournamentSpec(spec.seed)") == []
    assert DOCS_CITATION.findall("see docs/log-format.md.") == ["log-format.md"]


# ---------------------------------------------------------------- the page that draws it

ARCHITECTURE_PAGE = REPO_DIR / "docs" / "architecture.md"


def contract_layers() -> list[str]:
    import tomllib

    config = tomllib.loads((REPO_DIR / "pyproject.toml").read_text(encoding="utf-8"))
    (layers,) = [
        contract["layers"]
        for contract in config["tool"]["importlinter"]["contracts"]
        if contract["type"] == "layers"
    ]
    return [layer.replace("ecarte.", "") for layer in layers]


def drawn_layers() -> list[str]:
    """The layers in the diagram of docs/architecture.md, top first, as the
    contract writes them (``tui | web``: independent layers side by side)."""
    diagram = ARCHITECTURE_PAGE.read_text(encoding="utf-8").split("```")[1]
    layers: list[str] = []
    for line in diagram.splitlines():
        drawn = re.match(r"  (\S+(?: \| \S+)*)  ", line)
        if drawn and drawn.group(1) != "│" and drawn.group(1) != "text.py":
            names = drawn.group(1).split(" | ")
            layers.append(" | ".join(name.removesuffix("/").removesuffix(".py") for name in names))
    return layers


def test_the_architecture_page_draws_the_layers_the_contract_enforces() -> None:
    assert contract_layers()[-1] == "engine" and contract_layers()[0] == "cli"
    assert drawn_layers() == contract_layers()


def test_every_folder_of_src_is_described_on_the_page_and_in_the_readme() -> None:
    readme = (REPO_DIR / "README.md").read_text(encoding="utf-8")
    layout = readme.split("## Layout\n", 1)[1].split("\n## ", 1)[0]
    page = ARCHITECTURE_PAGE.read_text(encoding="utf-8")
    for path in sorted(SOURCE_DIR.iterdir()):
        if path.name.startswith(("_", ".")) or path.name in ("docs", "py.typed"):
            continue
        name = f"{path.name}/" if path.is_dir() else path.name
        assert f"`{name}`" in page.split("## What lives where", 1)[1], name
        assert f"`src/ecarte/{name}`" in layout, name
