"""Loading a game's specification: clauses, disputes, sources, and the scenarios citing them.

Works for every game laid out as ``spec/<game>/{clauses,disputes,sources}.yaml`` with
features in ``features/<game>/*.feature`` whose ``Rule:`` blocks carry ``@clause:<id>`` tags.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from .errors import MalformedInput
from .loading import read_spec_file
from .paths import data_root, spec_dir

CLAUSE_TAG = "@clause:"
OPTION_TAG = "@option:"


@dataclass(frozen=True)
class Clause:
    id: str
    area: str
    title: str
    text: str
    confidence: str
    sources: tuple[dict[str, Any], ...]
    options: tuple[str, ...] = ()
    disputes: tuple[str, ...] = ()
    notes: str | None = None


@dataclass(frozen=True)
class Scenario:
    """A feature scenario, as the spec tooling sees it."""

    feature: str
    """Path of the feature file relative to the features root."""
    line: int
    name: str
    rule: str | None
    clauses: tuple[str, ...]
    options: tuple[str, ...]
    tags: tuple[str, ...]
    steps: tuple[tuple[str, str], ...] = field(default=(), repr=False)
    """(keyword, text) pairs, keywords as written (Given/When/Then/And/But)."""


@dataclass(frozen=True)
class Spec:
    game: str
    title: str
    areas: tuple[dict[str, Any], ...]
    clauses: tuple[Clause, ...]
    disputes: tuple[dict[str, Any], ...]
    sources: tuple[dict[str, Any], ...]
    precedence: dict[str, Any] = field(default_factory=dict)
    """How the sources rank when they disagree (``precedence`` of sources.yaml): ``statement``,
    the rule in words, and ``tiers``, highest first (see :func:`source_ranks`)."""

    def clause(self, clause_id: str) -> Clause:
        for c in self.clauses:
            if c.id == clause_id:
                return c
        raise KeyError(clause_id)

    @property
    def clause_ids(self) -> tuple[str, ...]:
        return tuple(c.id for c in self.clauses)

    def source(self, tag: str | None) -> dict[str, Any] | None:
        return next((s for s in self.sources if s.get("tag") == tag), None)


def _load_yaml(path: Path) -> Any:
    return read_spec_file(path)


OPTION_PROPOSAL = re.compile(r"^[a-z][a-z0-9_]* = [a-z0-9][a-z0-9-]*( \| [a-z0-9][a-z0-9-]*)+$")
"""Shape of a dispute's ``option_proposal``: ``name = default | other``."""


BACKS = ("states", "implies", "context")
"""How a citation backs its clause (``backs``): the quoted text *states* the clause, only
*implies* it (we infer the clause from it), or is *context* (it frames the clause, or even
cuts against it, without backing it). A ``sourced`` clause needs a citation that states it."""


def _nonempty_str(value: Any) -> bool:
    return isinstance(value, str) and bool(value.strip())


def _citation_problems(cite: Any, where: str, *, quote_required: bool, backs_required: bool = False) -> list[str]:
    if not isinstance(cite, dict):
        return [f"{where} must be a mapping with tag, where and quote"]
    problems = []
    if not _nonempty_str(cite.get("tag")):
        problems.append(f"{where}.tag must be a non-empty string")
    for key in ("where", "quote"):
        if (key in cite or quote_required) and not _nonempty_str(cite.get(key)):
            problems.append(f"{where}.{key} must be a non-empty string")
    if "backs" in cite and cite["backs"] not in BACKS:
        problems.append(f"{where}.backs must be one of {', '.join(BACKS)}, got {cite['backs']!r}")
    elif backs_required and "quote" in cite and "backs" not in cite:
        problems.append(f"{where} quotes its source but does not say how the quote backs it "
                        f"(backs: {' | '.join(BACKS)})")
    return problems


def citation_field_problems(clauses: Any, disputes: Any) -> list[str]:
    """Returns type errors in the citation fields of a clauses and a disputes document.

    Checks only the fields that carry citations and option requests: a clause source's
    ``tag``/``where``/``quote``/``backs`` (``backs`` one of :data:`BACKS`, required on a quoted
    clause source); a dispute reading's ``citations`` (a list of ``{tag, where, quote, backs}``,
    the first three non-empty strings, ``backs`` as for a clause but said of the reading); a dispute's ``no_option`` (non-empty string),
    ``option_needed`` (boolean) and ``option_proposal`` (``name = default | other``, given
    exactly when ``option_needed`` is true). Other keys are left alone.
    """
    problems: list[str] = []
    for i, c in enumerate(clauses or ()):
        cid = c.get("id", f"#{i}") if isinstance(c, dict) else f"#{i}"
        sources = c.get("sources") if isinstance(c, dict) else None
        if sources is not None and not isinstance(sources, list):
            problems.append(f"clause {cid}: sources must be a list")
            continue
        for k, cite in enumerate(sources or ()):
            problems += _citation_problems(cite, f"clause {cid}: sources[{k}]", quote_required=False,
                                           backs_required=True)
    for i, d in enumerate(disputes or ()):
        if not isinstance(d, dict):
            continue
        did = d.get("id", f"#{i}")
        for r in d.get("readings") or ():
            if not isinstance(r, dict) or "citations" not in r:
                continue
            cites = r["citations"]
            at = f"dispute {did}: reading {r.get('id')}: citations"
            if not isinstance(cites, list):
                problems.append(f"{at} must be a list")
                continue
            for k, cite in enumerate(cites):
                problems += _citation_problems(cite, f"{at}[{k}]", quote_required=True, backs_required=True)
        if "no_option" in d and not _nonempty_str(d["no_option"]):
            problems.append(f"dispute {did}: no_option must be a non-empty string saying why")
        needed = d.get("option_needed")
        if "option_needed" in d and not isinstance(needed, bool):
            problems.append(f"dispute {did}: option_needed must be true or false")
        proposal = d.get("option_proposal")
        if "option_proposal" in d and not (isinstance(proposal, str) and OPTION_PROPOSAL.match(proposal)):
            problems.append(f"dispute {did}: option_proposal must read 'name = default | other', got {proposal!r}")
        if needed is True and "option_proposal" not in d:
            problems.append(f"dispute {did}: option_needed is true but there is no option_proposal")
        if "option_proposal" in d and needed is not True:
            problems.append(f"dispute {did}: option_proposal is given but option_needed is not true")
        if "precedence_departure" in d and not _nonempty_str(d["precedence_departure"]):
            problems.append(f"dispute {did}: precedence_departure must be a non-empty string saying why")
    return problems


def backing_problems(clauses: Sequence[Any]) -> list[str]:
    """``sourced`` clauses with no citation that states them (``backs: states``).

    A quote marked ``implies`` or ``context`` does not make a clause sourced: such a clause is
    ``inferred`` (its notes say how) or ``provisional``. ``clauses`` are :class:`Clause` objects
    or the mappings of clauses.yaml.
    """
    problems = []
    for c in clauses:
        get = c.get if isinstance(c, dict) else lambda k, c=c: getattr(c, k, None)
        if get("confidence") != "sourced":
            continue
        if not any(isinstance(s, dict) and s.get("backs") == "states" for s in get("sources") or ()):
            kinds = sorted({str(s.get("backs")) for s in get("sources") or () if isinstance(s, dict) and s.get("backs")})
            rests = f"only on citations that {' or '.join(kinds)}" if kinds else "on no citation marked backs: states"
            problems.append(f"clause {get('id')} is sourced but rests {rests}")
    return problems


def source_ranks(sources: Sequence[dict[str, Any]], precedence: Mapping[str, Any]) -> dict[str, int]:
    """Each source tag's rank under ``precedence`` (0 = highest).

    ``precedence["tiers"]`` lists tiers from the highest: a tier is a list of tags, or one of
    the reliability classes ``primary``/``secondary``/``low``, which stands for every source of
    that class not placed in an earlier tier.
    """
    ranks: dict[str, int] = {}
    for i, tier in enumerate(precedence.get("tiers") or ()):
        if isinstance(tier, str):
            for s in sources:
                if s.get("reliability") == tier:
                    ranks.setdefault(s["tag"], i)
        else:
            for tag in tier:
                ranks.setdefault(tag, i)
    return ranks


def precedence_problems(spec: "Spec") -> list[str]:
    """Rulings that do not follow the game's stated precedence of sources and do not say why.

    A ruling follows the precedence when no other reading is backed by a source ranked higher
    than the best source of the ruled reading (an unsourced reading ranks below every source).
    A dispute whose ruling departs from it gives ``precedence_departure``: why.
    """
    if not spec.precedence:
        return [f"spec/{spec.game}/sources.yaml states no precedence of sources"]
    ranks = source_ranks(spec.sources, spec.precedence)
    problems = [f"precedence of sources does not rank {s['tag']!r}" for s in spec.sources if s["tag"] not in ranks]
    if not _nonempty_str(spec.precedence.get("statement")):
        problems.append("precedence of sources has no statement")
    lowest = len(spec.precedence.get("tiers") or ())
    for d in spec.disputes:
        best = {r["id"]: min((ranks.get(t, lowest) for t in r.get("sources") or ()), default=None)
                for r in d.get("readings") or ()}
        ruled = best.get(d.get("ruling"))
        others = {rid: b for rid, b in best.items() if rid != d.get("ruling") and b is not None}
        above = sorted(rid for rid, b in others.items() if ruled is None or b < ruled)
        if above and not _nonempty_str(d.get("precedence_departure")):
            problems.append(f"dispute {d['id']}: ruling {d.get('ruling')!r} is outranked by reading(s) "
                            f"{', '.join(above)} under the stated precedence, and no precedence_departure says why")
    return problems


def known_games() -> list[str]:
    root = data_root() / "spec"
    return sorted(p.name for p in root.iterdir() if (p / "clauses.yaml").is_file())


@lru_cache(maxsize=None)
def load_spec(game: str) -> Spec:
    """Returns the specification of ``game``.

    Raises:
        MalformedInput: the game has no spec, or a spec file is unreadable.
    """
    folder = spec_dir(game)
    if not (folder / "clauses.yaml").is_file():
        raise MalformedInput(f"unknown game {game!r} (known: {', '.join(known_games())})")
    doc = _load_yaml(folder / "clauses.yaml")
    disputes = _load_yaml(folder / "disputes.yaml")["disputes"] if (folder / "disputes.yaml").is_file() else []
    problems = citation_field_problems(doc.get("clauses"), disputes)
    if problems:
        raise MalformedInput("; ".join(problems), path=str(folder))
    clauses = tuple(
        Clause(
            id=c["id"],
            area=c["id"].split(".", 1)[0],
            title=c["title"],
            text=" ".join(str(c["text"]).split()),
            confidence=c["confidence"],
            sources=tuple(c.get("sources") or ()),
            options=tuple(c.get("options") or ()),
            disputes=tuple(c.get("disputes") or ()),
            notes=" ".join(str(c["notes"]).split()) if c.get("notes") else None,
        )
        for c in doc["clauses"]
    )
    sources = _load_yaml(folder / "sources.yaml") if (folder / "sources.yaml").is_file() else []
    precedence: dict[str, Any] = {}
    if isinstance(sources, dict):
        precedence = dict(sources.get("precedence") or {})
        sources = sources.get("sources", [])
    return Spec(
        game=game,
        title=doc.get("title", game),
        areas=tuple(doc.get("areas") or ()),
        clauses=clauses,
        disputes=tuple(disputes),
        sources=tuple(sources),
        precedence=precedence,
    )


def features_dir(game: str) -> Path:
    return data_root() / "features" / game


@lru_cache(maxsize=None)
def load_scenarios(game: str) -> tuple[Scenario, ...]:
    """Returns every scenario of ``features/<game>/``, with the clause tags it inherits.

    Scenario Outlines count once per Examples row.

    Raises:
        MalformedInput: a feature file does not parse.
    """
    from gherkin.errors import CompositeParserException, ParserException  # lazy: start-up time
    from gherkin.parser import Parser  # lazy: start-up time (most commands never parse a feature)

    root = features_dir(game)
    found: list[Scenario] = []
    for path in sorted(root.glob("**/*.feature")):
        rel = path.relative_to(root).as_posix()
        try:
            doc = Parser().parse(path.read_text(encoding="utf-8"))
        except (ParserException, CompositeParserException) as exc:
            raise MalformedInput(f"{str(exc).splitlines()[0]}", path=str(path)) from None
        # the parsed document as plain JSON (gherkin's TypedDicts do not name every child kind)
        feature: Mapping[str, Any] = doc.get("feature") or {}
        feature_tags = [t["name"] for t in feature.get("tags", [])]
        background: list[tuple[str, str]] = []
        for child in feature.get("children", []):
            if "background" in child:
                background = _steps(child["background"])
            elif "rule" in child:
                rule = child["rule"]
                rule_tags = feature_tags + [t["name"] for t in rule.get("tags", [])]
                rule_bg = list(background)
                for sub in rule.get("children", []):
                    if "background" in sub:
                        rule_bg += _steps(sub["background"])
                    elif "scenario" in sub:
                        found += _expand(rel, sub["scenario"], rule["name"], rule_tags, rule_bg)
            elif "scenario" in child:
                found += _expand(rel, child["scenario"], None, feature_tags, background)
    return tuple(found)


def _steps(node: Mapping[str, Any]) -> list[tuple[str, str]]:
    return [(s["keyword"].strip(), s["text"]) for s in node.get("steps", [])]


def _expand(rel: str, sc: Mapping[str, Any], rule: str | None, inherited: list[str],
            background: Sequence[tuple[str, str]]) -> list[Scenario]:
    tags = inherited + [t["name"] for t in sc.get("tags", [])]
    steps = tuple(background) + tuple(_steps(sc))
    rows = [
        (ex_tags, row)
        for ex in sc.get("examples", [])
        for ex_tags in [[t["name"] for t in ex.get("tags", [])]]
        for row in ex.get("tableBody", [])
    ]
    if not rows:
        return [_scenario(rel, sc["location"]["line"], sc["name"], rule, tags, steps)]
    return [
        _scenario(rel, row["location"]["line"], sc["name"], rule, tags + ex_tags, steps)
        for ex_tags, row in rows
    ]


def _scenario(rel: str, line: int, name: str, rule: str | None, tags: list[str],
              steps: tuple[tuple[str, str], ...]) -> Scenario:
    return Scenario(
        feature=rel,
        line=line,
        name=name,
        rule=rule,
        clauses=tuple(dict.fromkeys(t[len(CLAUSE_TAG):] for t in tags if t.startswith(CLAUSE_TAG))),
        options=tuple(dict.fromkeys(t[len(OPTION_TAG):] for t in tags if t.startswith(OPTION_TAG))),
        tags=tuple(dict.fromkeys(tags)),
        steps=steps,
    )


def coverage(game: str) -> dict[str, list[Scenario]]:
    """Maps every clause id (and every unknown tagged id) to the scenarios citing it."""
    spec = load_spec(game)
    table: dict[str, list[Scenario]] = {cid: [] for cid in spec.clause_ids}
    for sc in load_scenarios(game):
        for cid in sc.clauses:
            table.setdefault(cid, []).append(sc)
    return table


def spec_problems(game: str) -> list[str]:
    """Returns every inconsistency between clauses, disputes, sources and features."""
    spec = load_spec(game)
    ids = set(spec.clause_ids)
    problems = []
    seen: set[str] = set()
    for c in spec.clauses:
        if c.id in seen:
            problems.append(f"clause {c.id} is defined twice")
        seen.add(c.id)
        if not c.sources:
            problems.append(f"clause {c.id} cites no source")
        if c.confidence not in ("sourced", "inferred", "provisional"):
            problems.append(f"clause {c.id} has confidence {c.confidence!r}")
        for s in c.sources:
            if spec.sources and spec.source(s.get("tag")) is None:
                problems.append(f"clause {c.id} cites unknown source {s.get('tag')!r}")
    dispute_ids = {d["id"] for d in spec.disputes}
    for c in spec.clauses:
        for name in c.disputes:
            if name not in dispute_ids:
                problems.append(f"clause {c.id} names unknown dispute {name!r}")
    for d in spec.disputes:
        for cid in d.get("clauses") or ():
            if cid not in ids:
                problems.append(f"dispute {d['id']} names unknown clause {cid!r}")
        readings = {r["id"] for r in d.get("readings", [])}
        if d.get("ruling") not in readings:
            problems.append(f"dispute {d['id']} rules {d.get('ruling')!r}, not one of its readings")
    problems += backing_problems(spec.clauses)
    if spec.sources:
        problems += precedence_problems(spec)
    for cid, scenarios in coverage(game).items():
        if cid not in ids:
            where = ", ".join(f"{s.feature}:{s.line}" for s in scenarios)
            problems.append(f"tag @clause:{cid} names an unknown clause ({where})")
        elif not scenarios:
            problems.append(f"clause {cid} has no scenario")
    return problems
