"""How strongly the vectors pin each clause: mutants of the reference engine, by clause.

``referee suite strength --game G`` seeds single-point bugs into the reference engine, in
process, through the game interface (no game is named here), and plays every vector of the
game (siblings included) against each one. A mutant that some vector fails on is *killed*; one
that passes every vector *survives*, unless ``spec/<game>/equivalent-mutants.yaml`` lists it
with a reason (a bug no vector can see because it is no bug: see docs/strength.md).

The mutants (each names the clause it breaks):

- ``check-removed`` / ``check-inverted``: one check function of :meth:`Game.rule_checks`
  accepts everything, or refuses what it accepted and accepts what it refused. The function's
  code is swapped in place, so every table that holds it (gates, per-action tables, legal
  action filters) runs the mutant;
- ``event-dropped`` / ``event-duplicated`` / ``event-field``: :meth:`Game.apply` loses, doubles
  or changes one field of the events of one kind that cite one clause;
- ``option-flipped``: the engine plays the other value of a disputed rule option whatever the
  setup says (a vector that holds under the default is played with the other reading);
- ``chance-shifted`` / ``chance-uniform``: :meth:`Game.chance_outcomes` moves probability
  from the last outcome to the first, or makes every outcome equally likely;
- ``data-off-by-one``: a threshold or count the game lists in ``games/<game>/strength.py``
  (``THRESHOLDS``: constant name, clause) one more or one less.

Mutants run in worker processes (:func:`run`); each worker patches its own copy of the
engine, so the engines stay pure and the parent process is never mutated.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import importlib
import pkgutil
import signal
import sys
import time
import types
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from contextlib import ExitStack, contextmanager
from fractions import Fraction
from pathlib import Path
from typing import Any

from ..errors import IllegalAction
from ..games import load
from ..games.interface import Event, Transition
from ..games.roles import GameKit
from ..loading import read_document
from ..paths import spec_dir
from .runner import Runner
from .strengthreport import FORMAT
from .vectors import Vector, default_vector_dir, load_vectors

KINDS = ("check-removed", "check-inverted", "event-dropped", "event-duplicated", "event-field",
         "option-flipped", "chance-shifted", "chance-uniform", "data-off-by-one")
"""Every kind of mutant, in the order they are generated and reported."""

EQUIVALENT_FILE = "equivalent-mutants.yaml"
MIN_DEADLINE = 5.0
"""Seconds a vector may take under a mutant at least; else three times its reference time plus
this (a mutant that makes the engine loop or blow up a perft count is killed by the deadline)."""


@dataclasses.dataclass(frozen=True, slots=True)
class Mutant:
    """One single-point bug of the reference engine (picklable: workers rebuild the patch)."""

    id: str
    kind: str
    clause: str
    description: str
    target: tuple[Any, ...] = ()

    @property
    def area(self) -> str:
        return self.clause.split(".", 1)[0]

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "kind": self.kind, "clause": self.clause, "description": self.description}


# -- generation -------------------------------------------------------------------------------


def _game_package(game: GameKit) -> str:
    return type(game.core).__module__.rpartition(".")[0]


def _game_modules(game: GameKit) -> list[types.ModuleType]:
    """Every module of the game's package, imported (a data mutant patches each copy of a name)."""
    return _modules_of(_game_package(game))


_CACHES: dict[str, list[Any]] = {}


@functools.lru_cache(maxsize=None)
def _modules_of(name: str) -> list[types.ModuleType]:
    package = importlib.import_module(name)
    for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
        importlib.import_module(info.name)
    prefix = package.__name__ + "."
    return [m for name, m in sorted(sys.modules.items()) if name.startswith(prefix) and m is not None]


def thresholds(game: GameKit) -> tuple[tuple[str, str, str], ...]:
    """The game's own list of thresholds and counts ``(constant, clause, what)`` from
    ``games/<game>/strength.py`` (``()`` when it has none)."""
    try:
        module = importlib.import_module(_game_package(game) + ".strength")
    except ModuleNotFoundError:
        return ()
    return tuple(getattr(module, "THRESHOLDS", ()))


def _changed_values(value: Any) -> list[tuple[str, Any]]:
    """Wrong values of the same type for an event field: ``(label, value)``."""
    if isinstance(value, bool):
        return [("negated", not value)]
    if isinstance(value, int):
        return [("plus-one", value + 1)]
    if isinstance(value, str):
        return [("other-text", value + "-x")]
    if isinstance(value, (list, tuple)):
        return [("shortened", type(value)(value[:-1]))] if value else [("lengthened", type(value)((0,)))]
    if isinstance(value, dict):
        return [("key-dropped", {k: v for k, v in list(value.items())[1:]})] if value else []
    if value is None:
        return [("set", 0)]
    return []


def generate(game_id: str) -> list[Mutant]:
    """Every mutant of ``game_id``'s reference engine, in a stable order."""
    game = load(game_id)
    out: list[Mutant] = []
    for clause, checks in sorted(game.rule_checks().items()):
        for check in checks:
            where = (check.__module__, check.__qualname__)
            # the module too: two areas may each have a check of one clause under one name
            name = f"{check.__module__.removeprefix(_game_package(game) + '.')}.{check.__qualname__}"
            out.append(Mutant(f"check-removed/{clause}/{name}", "check-removed", clause,
                              f"{name} accepts every action", where))
            out.append(Mutant(f"check-inverted/{clause}/{name}", "check-inverted", clause,
                              f"{name} refuses what it accepted and accepts what it refused", where))
    for kind in sorted(game.event_kinds().values(), key=lambda k: k.type):
        for clause in kind.clauses:
            out.append(Mutant(f"event-dropped/{kind.type}/{clause}", "event-dropped", clause,
                              f"no '{kind.type}' event citing {clause}", (kind.type, clause)))
            out.append(Mutant(f"event-duplicated/{kind.type}/{clause}", "event-duplicated", clause,
                              f"every '{kind.type}' event citing {clause} is emitted twice", (kind.type, clause)))
            for field in kind.fields:
                out.append(Mutant(f"event-field/{kind.type}/{clause}/{field}", "event-field", clause,
                                  f"the '{field}' of a '{kind.type}' event citing {clause} is wrong",
                                  (kind.type, clause, field)))
    disputes = _dispute_clauses(game_id)
    for option in game.info.options:
        if option.kind != "choice" or option.name not in disputes:
            continue
        dispute, clauses = disputes[option.name]
        clause = (clauses or [game.probes.fallback_clause or ""])[0]
        for value in option.values:
            if value != option.default:
                shown = str(value).lower() if isinstance(value, bool) else str(value)
                out.append(Mutant(f"option-flipped/{option.name}={shown}", "option-flipped", clause,
                                  f"the engine plays {option.name}={shown} whatever the setup says "
                                  f"(dispute {dispute})", (option.name, value)))
    out.append(Mutant("chance-shifted", "chance-shifted", game.probes.chance_clause or "",
                      "half the last chance outcome's probability moves to the first", ()))
    out.append(Mutant("chance-uniform", "chance-uniform", game.probes.chance_clause or "",
                      "every chance outcome is equally likely", ()))
    for constant, clause, what in thresholds(game):
        for delta in (1, -1):
            out.append(Mutant(f"data-off-by-one/{constant}{delta:+d}", "data-off-by-one", clause,
                              f"{what} ({constant}) {'one more' if delta > 0 else 'one less'}", (constant, delta)))
    return out


def _dispute_clauses(game_id: str) -> dict[str, tuple[str, list[str]]]:
    """Rule option name -> (its dispute's id, the dispute's clauses)."""
    from ..spec import load_spec  # lazy: the spec is read once, when mutants are generated

    return {d["option"]["name"]: (d["id"], list(d.get("clauses") or []))
            for d in load_spec(game_id).disputes if isinstance(d.get("option"), dict) and d["option"].get("name")}


def sample(mutants: Sequence[Mutant], n: int, seed: int = 0) -> list[Mutant]:
    """``n`` mutants chosen by a hash of their ids (the same ``n`` and seed give the same ones),
    in generation order."""
    if n >= len(mutants):
        return list(mutants)
    ranked = sorted(mutants, key=lambda m: hashlib.sha256(f"{seed}:{m.id}".encode()).hexdigest())
    chosen = {m.id for m in ranked[:n]}
    return [m for m in mutants if m.id in chosen]


# -- patching (in a worker process only) -----------------------------------------------------


def _removed(s: Any, a: Any) -> Any:
    return iter(())


def _inverted(s: Any, a: Any, _original: Any = None, _clause: str = "", _error: Any = None) -> Any:
    # runs with the check's own globals: everything it uses comes in as a default
    for _ in _original(s, a):
        return iter(())
    return iter((_error(_clause, "refused by an inverted check (a strength mutant)"),))


@contextmanager
def _swap_code(fn: Any, replacement: Callable[..., Any], defaults: tuple[Any, ...] | None) -> Iterator[None]:
    saved = fn.__code__, fn.__defaults__, fn.__kwdefaults__
    fn.__code__, fn.__defaults__, fn.__kwdefaults__ = replacement.__code__, defaults, None
    try:
        yield
    finally:
        fn.__code__, fn.__defaults__, fn.__kwdefaults__ = saved


@contextmanager
def _set_attr(obj: Any, name: str, value: Any) -> Iterator[None]:
    had = name in vars(obj)
    old = vars(obj).get(name)
    setattr(obj, name, value)
    try:
        yield
    finally:
        if had:
            setattr(obj, name, old)
        else:
            delattr(obj, name)


def _resolve(module: str, qualname: str) -> Any:
    value: Any = importlib.import_module(module)
    for part in qualname.split("."):
        value = getattr(value, part)
    return value


def _mutate_events(m: Mutant, events: tuple[Event, ...]) -> tuple[Event, ...]:
    kind, clause = m.target[0], m.target[1]
    out: list[Event] = []
    changed = False
    for e in events:
        if e.type != kind or e.clause != clause:
            out.append(e)
        elif m.kind == "event-dropped":
            continue
        elif m.kind == "event-duplicated":
            out += [e, e]
        else:
            field = m.target[2]
            data = []
            for k, v in e.data:
                if k == field and not changed:
                    wrong = _changed_values(v)
                    if wrong:
                        v = wrong[0][1]
                        changed = True
                data.append((k, v))
            out.append(dataclasses.replace(e, data=tuple(data)))
    return tuple(out)


def _shift(outcomes: tuple[tuple[Any, Fraction], ...], uniform: bool) -> tuple[tuple[Any, Fraction], ...]:
    if len(outcomes) < 2:
        return outcomes
    if uniform:
        return tuple((a, Fraction(1, len(outcomes))) for a, _ in outcomes)
    moved = outcomes[-1][1] / 2
    return ((outcomes[0][0], outcomes[0][1] + moved), *outcomes[1:-1], (outcomes[-1][0], outcomes[-1][1] - moved))


def _clear_caches(game: GameKit, *, bounded_only: bool = False) -> None:
    """Empties the lru caches of the game's modules (a result cached under a mutant must not
    outlive it, nor one cached before it hide it). ``bounded_only``: only the caches with a
    size limit, the memos of computations on states (the unbounded ones hold data read from
    the spec and tables such as dice outcomes, which run no check and emit no event)."""
    name = _game_package(game)
    if name not in _CACHES:
        _CACHES[name] = [value for module in _modules_of(name) for value in vars(module).values()
                         if callable(getattr(value, "cache_clear", None))
                         and getattr(value, "__module__", None) == module.__name__]
    for cached in _CACHES[name]:
        if not bounded_only or cached.cache_info().maxsize is not None:
            cached.cache_clear()


@contextmanager
def active(game_id: str, m: Mutant) -> Iterator[dict[str, Any] | None]:
    """Patches the reference engine of this process with ``m`` for the ``with`` block; yields
    the readings an adapter must follow (option mutants) or ``None``."""
    game: Any = load(game_id)
    _clear_caches(game)
    try:
        if m.kind in ("check-removed", "check-inverted"):
            fn = _resolve(*m.target)
            if fn.__closure__:
                raise NotMutable(f"{fn.__qualname__} is a closure")
            if m.kind == "check-removed":
                swap = _swap_code(fn, _removed, None)
            else:
                original = types.FunctionType(fn.__code__, fn.__globals__, fn.__name__, fn.__defaults__)
                original.__kwdefaults__ = fn.__kwdefaults__
                swap = _swap_code(fn, _inverted, (original, m.clause, IllegalAction))
            with swap:
                yield None
        elif m.kind.startswith("event-"):
            apply = game.apply

            def mutated(state: Any, action: Any) -> Transition:
                t = apply(state, action)
                return Transition(t.state, _mutate_events(m, t.events))

            with _set_attr(game, "apply", mutated):
                yield None
        elif m.kind == "option-flipped":
            yield {m.target[0]: m.target[1]}
        elif m.kind.startswith("chance-"):
            outcomes = game.chance_outcomes
            uniform = m.kind == "chance-uniform"
            with _set_attr(game, "chance_outcomes", lambda state: _shift(outcomes(state), uniform)):
                yield None
        elif m.kind == "data-off-by-one":
            constant, delta = m.target
            patched = []
            for module in _game_modules(game):
                value = vars(module).get(constant)
                if value is None:
                    continue
                patched.append((module, value))
                setattr(module, constant, _plus(value, delta))
            if not patched:
                raise NotMutable(f"no module of the game holds {constant}")
            try:
                yield None
            finally:
                for module, value in patched:
                    setattr(module, constant, value)
        else:
            raise NotMutable(f"unknown mutant kind {m.kind}")
    finally:
        _clear_caches(game)


def _plus(value: Any, delta: int) -> Any:
    """``value`` + ``delta``: a count; in a table of counts (a mapping, a tuple of counts, a
    tuple of ``(key, count)`` pairs) every count moves."""
    if isinstance(value, bool):
        raise NotMutable(f"{value!r} is not a count")
    if isinstance(value, int):
        return value + delta
    if isinstance(value, Mapping):
        return {k: _plus(v, delta) for k, v in value.items()}
    if isinstance(value, tuple) and value and all(isinstance(v, tuple) and len(v) == 2 for v in value):
        return tuple((k, _plus(v, delta)) for k, v in value)
    if isinstance(value, tuple):
        return tuple(_plus(v, delta) for v in value)
    raise NotMutable(f"{value!r} is not a count")


class NotMutable(Exception):
    """The mutant cannot be applied to this engine (reported, never counted as killed)."""


# -- running ----------------------------------------------------------------------------------

_VECTORS: list[Vector] = []
_GAME = ""


def _init(game_id: str, paths: Sequence[str | Path]) -> None:
    global _VECTORS, _GAME
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent handles Ctrl-C
    _GAME = game_id
    _VECTORS = load_vectors(list(paths), game_id)


def _runner(readings: dict[str, Any] | None) -> Runner:
    from ..adapter import Adapter, game_handlers  # lazy: only the worker processes serve the reference
    from .inprocess import InProcessAdapter  # lazy: as above

    adapter = Adapter([_GAME])
    if readings:  # announces every reading, follows the flipped one: a bug, not another reading
        adapter.games[_GAME] = game_handlers(_GAME, readings)[1]
    # the reference (mutated or not) reads only what it is sent: no second float walk
    client = InProcessAdapter(lambda req: adapter.handle(req) or {}, own_readers=True)
    client.start()
    return Runner(client, _GAME, breaker=0)


def _run_one(runner: Runner, vector: Vector, deadline: float) -> tuple[str, float]:
    runner.vector_deadline = deadline
    started = time.monotonic()
    status = runner.run([vector]).results[0].status
    return status, time.monotonic() - started


def _recording(s: Any, a: Any, _original: Any = None, _key: str = "", _seen: Any = None) -> Any:
    # runs with the check's own globals: everything it uses comes in as a default
    _seen.add(_key)
    return _original(s, a)


def trace_key(m: Mutant) -> str | None:
    """What the unmutated reference must do during a vector for ``m`` to make any difference
    to it: run the mutated check, or emit an event of the mutated kind and clause (``None``:
    anything may matter)."""
    if m.kind in ("check-removed", "check-inverted"):
        return "check:" + ":".join(m.target)
    if m.kind.startswith("event-"):
        return f"event:{m.target[0]}/{m.target[1]}"
    return None


@contextmanager
def _tracing(game: Any) -> Iterator[tuple[set[str], set[str], list[int]]]:
    """Records, while active, which check functions run and which (event kind, clause) pairs
    ``apply`` emits, and counts the calls of ``apply``: yields ``(seen, traceable, applied)``
    (``applied[0]`` the count)."""
    seen: set[str] = set()
    traceable: set[str] = set()
    applied = [0]
    with ExitStack() as stack:
        done: set[int] = set()
        for checks in game.rule_checks().values():
            for fn in checks:
                if id(fn) in done or fn.__closure__:
                    continue
                done.add(id(fn))
                key = f"check:{fn.__module__}:{fn.__qualname__}"
                traceable.add(key)
                original = types.FunctionType(fn.__code__, fn.__globals__, fn.__name__, fn.__defaults__)
                original.__kwdefaults__ = fn.__kwdefaults__
                stack.enter_context(_swap_code(fn, _recording, (original, key, seen)))
        for kind in game.event_kinds().values():
            traceable.update(f"event:{kind.type}/{c}" for c in kind.clauses)
        apply = game.apply

        def traced(state: Any, action: Any) -> Transition:
            t: Transition = apply(state, action)
            applied[0] += 1
            seen.update(f"event:{e.type}/{e.clause}" for e in t.events)
            return t

        stack.enter_context(_set_attr(game, "apply", traced))
        yield seen, traceable, applied


def _baseline(indexes: list[int]) -> tuple[list[tuple[int, str, float, int, list[str]]], list[str]]:
    """Plays the vectors against the unmutated reference: ``(index, status, seconds, calls of
    apply, what it touched)`` each (the caches emptied before each vector, so what a vector needs
    is seen), and the trace keys that could be recorded."""
    game = load(_GAME)
    runner = _runner(None)
    out = []
    with _tracing(game) as (seen, traceable, applied):
        for i in indexes:
            _clear_caches(game, bounded_only=True)
            seen.clear()
            applied[0] = 0
            status, seconds = _run_one(runner, _VECTORS[i], 600.0)
            out.append((i, status, seconds, applied[0], sorted(seen)))
    _clear_caches(game)
    return out, sorted(traceable)


def _mutant_job(m: Mutant, order: list[int], deadlines: list[float]) -> dict[str, Any]:
    started = time.monotonic()
    ran = 0
    try:
        with active(_GAME, m) as readings:
            runner = _runner(readings)
            for i in order:
                ran += 1
                status, _ = _run_one(runner, _VECTORS[i], deadlines[i])
                if status != "passed":
                    return {"id": m.id, "status": "killed", "killed_by": _VECTORS[i].id, "how": status,
                            "ran": ran, "seconds": time.monotonic() - started}
    except NotMutable as exc:
        return {"id": m.id, "status": "not-applied", "why": str(exc), "ran": 0, "seconds": 0.0}
    return {"id": m.id, "status": "survived", "ran": ran, "seconds": time.monotonic() - started}


EVENT_KEYS = frozenset({"events", "event_list", "events_absent"})
"""The keys of a vector's expectations that look at events."""


def checks_events(doc: Any) -> bool:
    """Whether a vector document expects anything of the events anywhere (an event mutant
    leaves every state as it was, so only such a vector can kill it)."""
    stack = [doc]
    while stack:
        value = stack.pop()
        if isinstance(value, dict):
            if EVENT_KEYS & value.keys():
                return True
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)
    return False


def _order(m: Mutant, vectors: Sequence[Vector], cost: Sequence[int], sees_events: Sequence[bool],
           touched: Sequence[frozenset[str]], traceable: frozenset[str]) -> list[int]:
    """The vector indexes to play against ``m``: those tagged with its clause first, then those
    of its rule area, then the rest, each group cheapest first (fewest calls of ``apply`` against
    the reference, then file order: never a measured time, so which vector kills a mutant does not
    depend on the machine's load). Left out: for an event mutant the
    vectors that expect nothing of the events; for a check or event mutant those during which
    the reference never ran the check or emitted the event (the engine is deterministic, so the
    mutant plays them exactly as the reference does)."""
    def rank(i: int) -> tuple[int, int, int]:
        clauses = vectors[i].clauses
        tier = 0 if m.clause in clauses else 1 if any(c.split(".", 1)[0] == m.area for c in clauses) else 2
        return tier, cost[i], i
    key = trace_key(m)
    wanted = [i for i in range(len(vectors))
              if (sees_events[i] or not m.kind.startswith("event-"))
              and (key is None or key not in traceable or key in touched[i])]
    return sorted(wanted, key=rank)


@dataclasses.dataclass
class Strength:
    """The outcome of a run (:meth:`to_json` is the report)."""

    game: str
    mutants: list[Mutant]
    results: dict[str, dict[str, Any]]
    equivalent: dict[str, dict[str, str]]
    """The explained survivors (:func:`load_equivalent`)."""
    vectors: int
    seconds: float
    sampled: int | None = None

    @classmethod
    def from_json(cls, doc: Mapping[str, Any], equivalent: Mapping[str, dict[str, str]]) -> "Strength":
        """A report read back, judged against another equivalent-mutants list (no mutant is run
        again: what was killed stays killed, a survivor is explained or not by ``equivalent``)."""
        mutants, results = [], {}
        for e in doc["mutants"]:
            mutants.append(Mutant(e["id"], e["kind"], e["clause"], e["description"]))
            raw = "survived" if e["status"] in ("known-gap", "equivalent") else e["status"]
            results[e["id"]] = {"id": e["id"], "status": raw,
                                **{k: e[k] for k in ("killed_by", "how", "why", "ran") if k in e}}
        return cls(doc["game"], mutants, results, dict(equivalent), doc["vectors"], doc["seconds"], doc.get("sampled"))

    def status(self, m: Mutant) -> str:
        r = self.results[m.id]
        if r["status"] == "survived" and m.id in self.equivalent:
            return "equivalent" if self.equivalent[m.id]["verdict"] == "equivalent" else "known-gap"
        return str(r["status"])

    def unexplained(self) -> list[Mutant]:
        return [m for m in self.mutants if self.status(m) == "survived"]

    def stale_equivalents(self) -> list[str]:
        """Listed as equivalent but killed (the list is out of date)."""
        return sorted(i for i in self.equivalent if i in self.results and self.results[i]["status"] == "killed")

    def _group(self, key: Callable[[Mutant], str]) -> dict[str, dict[str, Any]]:
        out: dict[str, dict[str, Any]] = {}
        for m in self.mutants:
            g = out.setdefault(key(m), {"mutants": 0, "killed": 0, "equivalent": 0, "known_gap": 0, "survived": 0,
                                        "not_applied": 0, "killing_vectors": [], "survivors": []})
            g["mutants"] += 1
            status = self.status(m)
            g[status.replace("-", "_")] += 1
            if status == "killed":
                by = self.results[m.id]["killed_by"]
                if by not in g["killing_vectors"]:
                    g["killing_vectors"].append(by)
            elif status in ("survived", "known-gap"):
                g["survivors"].append(m.id)
        return dict(sorted(out.items()))

    def to_json(self) -> dict[str, Any]:
        counts = {s: sum(1 for m in self.mutants if self.status(m) == s)
                  for s in ("killed", "survived", "known-gap", "equivalent", "not-applied")}
        readings = {m.id.split("/", 1)[1]: {"clause": m.clause, "status": self.status(m),
                                            "killed_by": self.results[m.id].get("killed_by")}
                    for m in self.mutants if m.kind == "option-flipped"}
        return {
            "format": FORMAT,
            "game": self.game,
            "vectors": self.vectors,
            "sampled": self.sampled,
            "seconds": round(self.seconds, 1),
            "totals": {"mutants": len(self.mutants), **counts},
            "clauses": self._group(lambda m: m.clause),
            "areas": self._group(lambda m: m.area),
            "kinds": self._group(lambda m: m.kind),
            "readings": readings,
            "mutants": [{**m.to_json(), "status": self.status(m),
                         **{k: v for k, v in self.results[m.id].items() if k in ("killed_by", "how", "why", "ran")},
                         **({"reason": self.equivalent[m.id]["reason"]} if m.id in self.equivalent else {})}
                        for m in self.mutants],
        }


def load_equivalent(game_id: str, path: str | Path | None = None) -> dict[str, dict[str, str]]:
    """Mutant id -> ``{"verdict": "equivalent" | "gap", "reason": ...}``, from
    ``spec/<game>/equivalent-mutants.yaml`` (read through the one input boundary, checked against
    schemas/conformance/equivalent-mutants.schema.json)."""
    file = Path(path) if path is not None else spec_dir(game_id) / EQUIVALENT_FILE
    if path is None and not file.exists():
        return {}
    doc = read_document(file, what="equivalent-mutants file", fmt="yaml",
                        schema=("conformance", "equivalent-mutants"))
    return {e["mutant"]: {"verdict": e["verdict"], "reason": e["reason"]} for e in doc.get("equivalent") or []}


def run(game_id: str, *, mutants: Sequence[Mutant] | None = None, sample_size: int | None = None,
        seed: int = 0, workers: int = 1, vector_paths: Sequence[str | Path] | None = None,
        equivalent: Mapping[str, dict[str, str]] | None = None,
        progress: Callable[[int, int], None] | None = None) -> Strength:
    """Plays every vector of ``game_id`` against each mutant (killed at the first failing
    vector) in ``workers`` processes."""
    started = time.monotonic()
    everything = list(mutants) if mutants is not None else generate(game_id)
    chosen = sample(everything, sample_size, seed) if sample_size is not None else everything
    paths: list[str | Path] = [str(p) for p in (vector_paths or [default_vector_dir(game_id)])]
    vectors = load_vectors(paths, game_id)
    equivalent = dict(equivalent) if equivalent is not None else load_equivalent(game_id)
    pool = ProcessPoolExecutor(max_workers=workers, initializer=_init, initargs=(game_id, paths))
    try:
        chunks = [list(range(i, len(vectors), workers)) for i in range(workers)]
        seconds_of = [0.0] * len(vectors)
        cost = [0] * len(vectors)  # calls of apply: the order of the vectors must not depend on the load
        touched: list[frozenset[str]] = [frozenset()] * len(vectors)
        traceable: frozenset[str] = frozenset()
        for part, keys in pool.map(_baseline, chunks):
            traceable = frozenset(keys)
            for i, status, seconds, calls, seen in part:
                touched[i] = frozenset(seen)
                if status != "passed":
                    raise BaselineFailed(f"vector {vectors[i].id} does not pass against the unmutated "
                                         f"reference ({status}): fix it before measuring strength")
                seconds_of[i], cost[i] = seconds, calls
        deadlines = [max(MIN_DEADLINE, 3 * c + MIN_DEADLINE) for c in seconds_of]
        sees = [checks_events(v.doc) for v in vectors]
        futures = {pool.submit(_mutant_job, m, _order(m, vectors, cost, sees, touched, traceable), deadlines): m for m in chosen}
        results: dict[str, dict[str, Any]] = {}
        for done, future in enumerate(as_completed(futures), 1):
            r = future.result()
            results[r["id"]] = r
            if progress:
                progress(done, len(chosen))
    except BaseException:  # Ctrl-C, a failed baseline: stop the workers now, not after every mutant
        for process in list((getattr(pool, "_processes", None) or {}).values()):
            process.terminate()
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown()
    return Strength(game_id, chosen, results, equivalent, len(vectors), time.monotonic() - started,
                    sample_size if sample_size is not None and sample_size < len(everything) else None)


RECHECK_DEADLINE = 60.0
"""Seconds a mutant gets on its recorded killing vector in :func:`recheck` (there is no baseline
run to scale from; a kill is a failure or an error, never a timeout, in the committed reports)."""


def _recheck_job(m: Mutant, vector_id: str) -> dict[str, Any]:
    found = [i for i, v in enumerate(_VECTORS) if v.id == vector_id]
    if not found:
        return {"id": m.id, "status": "gone", "killed_by": vector_id}
    return _mutant_job(m, found[:1], [RECHECK_DEADLINE] * len(_VECTORS))


def recheck(game_id: str, committed: Mapping[str, Any], *, workers: int = 1,
            equivalent: Mapping[str, dict[str, str]] | None = None) -> list[str]:
    """Checks a committed full run (``spec/<game>/strength.json``) against the engine and vectors
    as they are, cheaply: every mutant the command generates must be in the report, each explained
    survivor must still be listed in the equivalent-mutants file, and each killed mutant is played
    against the one vector that killed it, which must still kill it. Returns one line per problem
    (none: every non-equivalent mutant is still killed, so no new survivor can hide). What it
    cannot see, a listed survivor that a vector now kills, the full run reports."""
    equivalent = dict(equivalent) if equivalent is not None else load_equivalent(game_id)
    entries = {e["id"]: e for e in committed.get("mutants", [])}
    problems: list[str] = []
    jobs: list[tuple[Mutant, str]] = []
    for m in generate(game_id):
        e = entries.get(m.id)
        if e is None:
            problems.append(f"{m.id}: a new mutant, not in the committed report")
        elif e["status"] == "killed":
            jobs.append((m, e["killed_by"]))
        elif e["status"] in ("equivalent", "known-gap") and m.id not in equivalent:
            problems.append(f"{m.id}: the report lists it as {e['status']}, the equivalent-mutants file does not")
        elif e["status"] not in ("killed", "equivalent", "known-gap"):
            problems.append(f"{m.id}: {e['status']} in the committed report")
    paths = [str(default_vector_dir(game_id))]
    with ProcessPoolExecutor(max_workers=workers, initializer=_init, initargs=(game_id, paths)) as pool:
        futures = [pool.submit(_recheck_job, m, vid) for m, vid in jobs]
        for (m, vid), future in zip(jobs, futures):
            r = future.result()
            if r["status"] == "gone":
                problems.append(f"{m.id}: its killing vector {vid} is gone")
            elif r["status"] != "killed":
                problems.append(f"{m.id}: its killing vector {vid} no longer kills it ({r['status']})")
    return problems


class BaselineFailed(Exception):
    """A vector fails against the unmutated reference: strength cannot be measured."""
