"""The package as users get it: the built wheel's metadata and files, ``python -m
tabletop_referee``, the single-sourced version, the licence and the compatibility contract."""

from __future__ import annotations

import email.parser
import json
import os
import re
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

import tabletop_referee

REPO = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
CHANGELOG = (REPO / "CHANGELOG.md").read_text(encoding="utf-8")
REQUIRED_CLASSIFIERS = {
    "Development Status :: 3 - Alpha",
    "Framework :: Pytest",
    "Operating System :: OS Independent",
    "Programming Language :: Python :: 3.11",
    "Topic :: Games/Entertainment :: Board Games",
    "Topic :: Software Development :: Testing",
    "Typing :: Typed",
}


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """Builds the wheel from this checkout with hatchling's PEP 517 hook."""
    pytest.importorskip("hatchling", reason="building the wheel needs hatchling (the test extra)")
    out = tmp_path_factory.mktemp("dist")
    proc = subprocess.run(
        [sys.executable, "-c", "import sys; from hatchling.build import build_wheel; print(build_wheel(sys.argv[1]))",
         str(out)],
        cwd=REPO, capture_output=True, text=True,
    )
    assert proc.returncode == 0, proc.stderr
    return out / proc.stdout.strip().splitlines()[-1]


@pytest.fixture(scope="module")
def metadata(wheel: Path):
    with zipfile.ZipFile(wheel) as zf:
        name = next(n for n in zf.namelist() if n.endswith(".dist-info/METADATA"))
        return email.parser.Parser().parsestr(zf.read(name).decode("utf-8"))


def _python_m(*args: str, cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tabletop_referee", *args],
                          cwd=cwd, capture_output=True, text=True, env=env)


# the version, written once


def test_the_version_is_written_only_in_the_package():
    assert "version" not in PYPROJECT["project"]
    assert "version" in PYPROJECT["project"]["dynamic"]
    assert PYPROJECT["tool"]["hatch"]["version"]["path"] == "reference/tabletop_referee/__init__.py"
    assert re.fullmatch(r"\d+\.\d+\.\d+(?:(?:a|b|rc)\d+)?(?:\.dev\d+)?", tabletop_referee.__version__)


def test_the_wheel_carries_that_version(wheel: Path, metadata):
    assert metadata["Version"] == tabletop_referee.__version__
    assert wheel.name.startswith(f"tabletop_referee-{tabletop_referee.__version__}-")


# the wheel


def test_the_wheel_metadata(metadata):
    assert metadata["License-Expression"] == "MIT"
    assert metadata["Requires-Python"] == ">=3.11"
    classifiers = set(metadata.get_all("Classifier"))
    assert REQUIRED_CLASSIFIERS <= classifiers
    assert not any(c.startswith("License ::") for c in classifiers), "PEP 639: the expression replaces them"


def test_the_classifiers_are_known_to_pypi():
    trove = pytest.importorskip("trove_classifiers")
    for classifier in PYPROJECT["project"]["classifiers"]:
        assert classifier in trove.classifiers, classifier
        assert classifier not in trove.deprecated_classifiers, classifier


def test_jsonschema_rs_is_a_dependency_on_cpython_and_the_fast_extra_stays(metadata):
    """A plain install is the fast one where jsonschema-rs has wheels (CPython, issue 27); the
    pure-Python fallback is tested in tests/test_schema_fallback.py."""
    requires = metadata.get_all("Requires-Dist")
    rs = [r for r in requires if r.lower().replace("_", "-").startswith("jsonschema-rs")]
    plain = [r for r in rs if "extra ==" not in r]
    assert len(plain) == 1 and "platform_python_implementation == 'cpython'" in plain[0].lower().replace('"', "'"), rs
    assert any("extra == 'fast'" in r or 'extra == "fast"' in r for r in rs), rs
    assert "fast" in metadata.get_all("Provides-Extra")
    assert any(r.startswith("jsonschema>=") and "extra" not in r for r in requires)


def test_the_wheel_files(wheel: Path):
    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
        entry_points = zf.read(next(n for n in names if n.endswith(".dist-info/entry_points.txt"))).decode()
        licence = next(n for n in names if n.endswith(".dist-info/licenses/LICENSE"))
        assert zf.read(licence).decode() == (REPO / "LICENSE").read_text(encoding="utf-8")
    assert "tabletop_referee/py.typed" in names
    assert "tabletop_referee/__main__.py" in names
    assert "tabletop_referee/_data/schemas/mlem/state.schema.json" in names
    assert any(n.startswith("tabletop_referee/_data/vectors/mlem/") for n in names)
    assert "referee = tabletop_referee.cli:main" in entry_points
    assert "tabletop_referee = tabletop_referee.pytest_plugin" in entry_points


def test_the_unpacked_wheel_runs_on_its_own_data(wheel: Path, tmp_path: Path):
    """Imported from the wheel's files (not this checkout), the package finds its bundled data."""
    with zipfile.ZipFile(wheel) as zf:
        zf.extractall(tmp_path / "site")
    env = {**os.environ, "PYTHONPATH": str(tmp_path / "site")}
    script = ("import tabletop_referee, tabletop_referee.schemas as s; "
              "print(tabletop_referee.__file__); print(s.schema_root()); "
              "print(s.is_valid('mlem', 'action', {'type': 'stay', 'player': 0}))")
    proc = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, capture_output=True, text=True, env=env)
    assert proc.returncode == 0, proc.stderr
    module_file, root, valid = proc.stdout.strip().splitlines()
    assert Path(module_file).is_relative_to(tmp_path / "site")
    assert Path(root) == tmp_path / "site" / "tabletop_referee" / "_data" / "schemas"
    assert valid == "True"
    proc = _python_m("--version", cwd=tmp_path, env=env)
    assert (proc.returncode, proc.stdout.strip()) == (0, f"referee {tabletop_referee.__version__}")


# python -m tabletop_referee


def test_python_m_version(tmp_path: Path):
    proc = _python_m("--version", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == f"referee {tabletop_referee.__version__}"


def test_python_m_help(tmp_path: Path):
    proc = _python_m("--help", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("usage:")
    assert "conform" in proc.stdout and "clauses" in proc.stdout


def test_python_m_passes_on_the_exit_code(tmp_path: Path):
    proc = _python_m("clauses", "--game", "no-such-game", cwd=tmp_path)
    assert proc.returncode == 2
    assert "no-such-game" in proc.stderr
    assert "Traceback" not in proc.stderr


# licence and compatibility contract


def test_the_licence():
    text = (REPO / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License\n")
    assert "Copyright (c) 2026 the tabletop-referee contributors" in text
    assert PYPROJECT["project"]["license"] == "MIT"
    assert PYPROJECT["project"]["license-files"] == ["LICENSE"]


def test_the_changelog_has_an_unreleased_section_then_releases_newest_first():
    headings = re.findall(r"^## \[([^\]]+)\](.*)$", CHANGELOG, re.MULTILINE)
    assert headings and headings[0][0] == "Unreleased"
    releases = []
    for version, rest in headings[1:]:
        assert re.fullmatch(r" - \d{4}-\d{2}-\d{2}", rest), f"[{version}] needs a release date"
        releases.append(tuple(int(x) for x in re.match(r"(\d+)\.(\d+)\.(\d+)", version).groups()))
    assert releases == sorted(releases, reverse=True)
    package_row = next(line for line in CHANGELOG.splitlines() if line.startswith("| the package"))
    assert f"| {tabletop_referee.__version__} |" in package_row, "the contract table shows another version"


@pytest.mark.parametrize(("constant", "doc", "heading"), [
    ("PROTOCOL_VERSION", "docs/protocol.md", r"^# Adapter protocol, version (\d+)$"),
    ("VECTOR_FORMAT", "docs/vectors.md", r"^# Test vectors, format version (\d+)$"),
])
def test_the_versioned_formats_agree_everywhere(constant: str, doc: str, heading: str):
    """The constant the code uses, the version its document states, and the changelog's contract."""
    value = getattr(tabletop_referee, constant)
    documented = re.search(heading, (REPO / doc).read_text(encoding="utf-8"), re.MULTILINE)
    assert documented and int(documented.group(1)) == value
    assert re.search(rf"`{constant}`[^\n]*\b{value}\b", CHANGELOG), f"CHANGELOG.md does not state {constant} = {value}"


def test_the_changelog_says_what_each_bump_means():
    contract = CHANGELOG.split("## [Unreleased]")[0]
    for thing in ("package", "adapter protocol", "vector format"):
        assert thing in contract.lower(), thing
    for bump in ("major", "minor", "patch"):
        assert bump in contract.lower(), bump


# the documentation site's search (mkdocs.yml), run in Material's own search worker

SEARCH_WORKER_RUNNER = r"""
const vm = require("vm"), fs = require("fs");
const [worker, indexFile, ...queries] = process.argv.slice(2);
const out = [];
let handler;
const ctx = {addEventListener: (type, h) => { handler = h; }, postMessage: m => out.push(m),
             importScripts: () => { throw new Error("importScripts"); }, console, setTimeout};
ctx.self = ctx;
vm.createContext(ctx);
vm.runInContext(fs.readFileSync(worker, "utf8"), ctx);
(async () => {
  await handler({data: {type: 0, data: JSON.parse(fs.readFileSync(indexFile, "utf8"))}});  // SETUP
  const found = {};
  for (const q of queries) {
    out.length = 0;
    await handler({data: {type: 2, data: q}});  // QUERY
    found[q] = out[0].data.items.map(group => group[0].location.split("#")[0]);
  }
  console.log(JSON.stringify(found));
})().catch(e => { console.error(e); process.exit(1); });
"""

SEARCH_DOCS = [
    {"location": "vectors.html", "title": "Test vectors", "text": ""},
    {"location": "vectors.html#one", "title": "A vector",
     "text": "<p>The vector <code>mlem-0042</code> (crash.parachute) checks that a parachutist jumps "
             "[takeoff.boarding-order].</p>"},
    {"location": "crash.html", "title": "Crash",
     "text": "<p>Clause crash.trigger, vector mlem-0001, for MLEM. Nothing else here.</p>"},
    {"location": "other.html", "title": "Other",
     "text": "<p>MLEM parachute rules, mlem-0043 and the roll of the dice.</p>"},
]


def test_search_finds_vector_ids_and_clause_ids(tmp_path: Path):
    """The separator of mkdocs.yml, in Material's search worker run by node: ids are found."""
    import shutil

    import yaml

    node = shutil.which("node")
    material = pytest.importorskip("material", reason="the docs extra is not installed")
    if node is None:
        pytest.skip("node is not installed")
    workers = sorted((Path(material.__file__).parent / "templates/assets/javascripts/workers").glob("search.*.min.js"))
    assert workers, "Material's search worker not found"
    config = yaml.safe_load((REPO / "mkdocs.yml").read_text(encoding="utf-8"))
    plugins = {next(iter(p)) if isinstance(p, dict) else p: (p[next(iter(p))] if isinstance(p, dict) else {})
               for p in config["plugins"]}
    assert "offline" in plugins or "material/offline" in plugins
    separator = plugins["search"]["separator"]
    index = {"config": {"lang": ["en"], "separator": separator, "pipeline": ["stopWordFilter"],
                        "fields": {"title": {"boost": 1000}, "text": {"boost": 1}, "tags": {"boost": 1e6}}},
             "docs": SEARCH_DOCS, "options": {"suggest": False}}
    (tmp_path / "index.json").write_text(json.dumps(index))
    (tmp_path / "run.js").write_text(SEARCH_WORKER_RUNNER)
    queries = ["mlem-0042", "0042", "crash.parachute", "crash.para", "takeoff.boarding-order", "crash.trigger",
               "here", "parachutist"]
    proc = subprocess.run([node, str(tmp_path / "run.js"), str(workers[-1]), str(tmp_path / "index.json"), *queries],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    found = json.loads(proc.stdout)
    assert found["mlem-0042"][0] == "vectors.html"      # the page holding the id comes first
    assert found["0042"] == ["vectors.html"]
    assert found["crash.parachute"] == ["vectors.html"]  # a clause id is one word...
    assert found["crash.para"] == ["vectors.html"]       # ...found as you type
    assert found["takeoff.boarding-order"][0] == "vectors.html"
    assert found["crash.trigger"] == ["crash.html"]      # not crash.parachute's page
    assert found["here"] == ["crash.html"]               # a sentence's full stop is no part of a word
    assert found["parachutist"] == ["vectors.html"]


# the front door: a wheel in a fresh venv, in a folder that is no checkout (issue 28)


@pytest.fixture(scope="module")
def fresh_venv(wheel: Path, tmp_path_factory) -> Path:
    """A new venv with only the wheel (and its dependencies) installed: no checkout, no extras."""
    where = tmp_path_factory.mktemp("fresh")
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(where / "venv")], check=True)
    python = where / "venv" / "bin" / "python"
    proc = subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "-q", str(wheel)],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr[-2000:]
    return where


def _in_fresh(fresh: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    return subprocess.run([str(fresh / "venv" / "bin" / "referee"), *args], cwd=cwd, capture_output=True,
                          text=True, env=env, stdin=subprocess.DEVNULL, timeout=600)


def test_the_wheel_ships_examples_docs_and_the_site_config(wheel: Path):
    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
    data = "tabletop_referee/_data/"
    for path in ("examples/python/adapter_template.py", "examples/mlem/position.yaml", "examples/js/mlem.js",
                 "docs/index.md", "docs/protocol.md", "mkdocs.yml", "tools/build_docs.py"):
        assert data + path in names, path
    beside_pages = sorted(p.relative_to(REPO).as_posix() for p in REPO.glob("docs/*/position.yaml"))
    assert beside_pages and all(data + path in names for path in beside_pages), beside_pages  # a game's own example
    for template in ("adapter.py.j2", "adapter.js.j2", "README.md.j2"):
        assert f"tabletop_referee/templates/init/{template}" in names, template


def test_scipy_is_an_extra_and_jinja2_a_dependency(metadata):
    requires = metadata.get_all("Requires-Dist")
    scipy = [r for r in requires if re.match(r"scipy\b(?!-)", r)]
    assert scipy and all("extra ==" in r for r in scipy), scipy  # never a hard dependency
    assert any("extra == 'impact'" in r or 'extra == "impact"' in r for r in scipy), scipy
    assert any(r.lower().startswith("jinja2>=") and "extra" not in r for r in requires)
    assert {"impact", "fast", "pretty", "completion", "docs"} <= set(metadata.get_all("Provides-Extra"))


def test_the_project_urls(metadata):
    urls = dict(u.split(", ", 1) for u in metadata.get_all("Project-URL"))
    for label in ("Homepage", "Documentation", "Source", "Issues", "Changelog"):
        assert urls.get(label, "").startswith("https://"), label


def test_the_index_description_has_no_relative_links(metadata):
    """The README becomes the package index's page: every link there must be absolute."""
    description = metadata.get_payload()
    assert description.startswith("# tabletop-referee")
    links = re.findall(r"(?<!!)\[[^\]]*\]\(([^)\s]+)\)", description)
    assert links, "the README has links"
    relative = [link for link in links if not re.match(r"https?://|#", link)]
    assert relative == []
    assert "pip install 'tabletop-referee[fast]'" in description


def test_twine_check_passes(wheel: Path, tmp_path: Path):
    pytest.importorskip("twine", reason="twine is in the test extra")
    proc = subprocess.run([sys.executable, "-m", "twine", "check", "--strict", str(wheel)],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "PASSED" in proc.stdout


def test_a_fresh_install_inits_an_adapter_that_passes_smoke(fresh_venv: Path, tmp_path: Path):
    """`referee init adapter --game celestia my-adapter` in a folder that is no checkout gives an
    adapter that passes smoke and its base profile."""
    proc = _in_fresh(fresh_venv, "init", "adapter", "--game", "celestia", "my-adapter", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "TODO" in (tmp_path / "my-adapter" / "adapter.py").read_text(encoding="utf-8")
    python = str(fresh_venv / "venv" / "bin" / "python")
    command = f"{python} my-adapter/adapter.py"
    proc = _in_fresh(fresh_venv, "conform", "smoke", "--game", "celestia", "--adapter", command, cwd=tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert re.search(r"^\d+ passed, 0 failed", proc.stdout, re.M), proc.stdout
    proc = _in_fresh(fresh_venv, "conform", "-q", "--game", "celestia", "--adapter", command, cwd=tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.strip().endswith("PASS"), proc.stdout
    proc = _in_fresh(fresh_venv, "init", "adapter", "--game", "celestia", "my-adapter", cwd=tmp_path)
    assert proc.returncode == 2 and "already exists" in proc.stderr  # never overwritten unasked


def test_a_fresh_install_writes_a_site_that_builds(fresh_venv: Path, tmp_path: Path):
    """`referee docs --site` needs no checkout; the sources it writes build with mkdocs --strict."""
    proc = _in_fresh(fresh_venv, "docs", "--game", "mlem", cwd=tmp_path)
    assert proc.returncode == 2 and "--site" in proc.stderr  # no checkout to write into
    proc = _in_fresh(fresh_venv, "docs", "--site", "site", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "mkdocs is not installed" in proc.stdout  # the fresh venv has no docs extra: it says so
    assert (tmp_path / "site" / "mkdocs.yml").is_file()
    for game in ("mlem", "celestia", "seven-knights"):
        assert (tmp_path / "site" / "docs" / game / "rules.md").is_file(), game
    pytest.importorskip("material", reason="the docs extra is not installed")
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    proc = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-f", "site/mkdocs.yml",
                           "-d", str(tmp_path / "html")], cwd=tmp_path, capture_output=True, text=True, env=env)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert (tmp_path / "html" / "mlem" / "clauses" / "crash.html").is_file()
    assert (tmp_path / "html" / "getting-started.html").is_file()


def test_a_fresh_install_without_scipy_says_so_in_one_line(fresh_venv: Path, tmp_path: Path):
    proc = _in_fresh(fresh_venv, "disputes", "impact", "--game", "mlem", "--games", "2", cwd=tmp_path)
    assert proc.returncode == 2
    assert proc.stderr.strip().splitlines() == [
        "referee disputes: error: disputes impact needs scipy (its 95% intervals): "
        "pip install 'tabletop-referee[impact]'"]
