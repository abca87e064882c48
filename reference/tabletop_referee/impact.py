"""Does a dispute matter? Seeded games under each reading, compared (``referee disputes impact``).

Game-neutral: a game takes part through its rule options (:attr:`GameInfo.options`, each
``choice`` option with two or more values is one dispute with one reading per value) and three
hooks of :class:`~tabletop_referee.games.base.BaseGame`: ``impact_metrics`` (numbers measured on
a finished game), ``greedy_action`` (the game's greedy policy) and ``option_context`` (the other
options an option needs, e.g. its variant).

Common random numbers
---------------------
Game ``i`` of a run gets the same seat count, start player, chance stream and policy stream
under every reading: each is a ``random.Random`` seeded from the text ``"<seed>/<i>/<stream>"``
(text seeds are hashed with SHA-512, so the same in every process). While two readings' games
take the same path they see the same dice; where a reading changes the path, the streams carry
on independently. The differences are paired game by game, which is what makes them precise.

Work is cut into chunks of games (:data:`CHUNK`) that do not depend on the number of workers:
a chunk's results depend only on its (game, setting, policy, seed, first game, count), so one
worker, several processes, or a Dask cluster give identical reports.
"""

from __future__ import annotations

import math
import multiprocessing
import random
import time
import warnings
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any, cast

from .errors import RefereeError, UsageError
from .games import load
from .games.interface import CHANCE, Game
from .spec import load_spec

CHUNK = 250
"""Games per unit of work (fixed, so the results never depend on how the work is spread)."""

POLICIES: dict[str, str] = {
    "uniform": "every decision uniformly at random among the legal actions",
    "greedy": "the game's simple greedy policy (its greedy_action hook; uniform if it has none)",
}
"""The named policies: who decides how the players play."""

CONFIDENCE = 0.95

COMMON_METRICS: dict[str, str] = {
    "actions": "actions per game (decisions and chance outcomes)",
}


# -- what to measure --------------------------------------------------------------------------


@dataclass(frozen=True)
class Dispute:
    """One rule option measured: its dispute id and title, and the readings (values)."""

    id: str
    title: str
    option: str
    values: tuple[Any, ...]
    default: Any
    context: tuple[tuple[str, Any], ...] = ()
    """Other options every game of this dispute is played with (a variant it requires)."""


def _freeze(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value


def disputes_of(game: Game) -> list[Dispute]:
    """Every dispute of ``game`` that a rule option selects, in the order of its options.

    The dispute id and title come from ``spec/<game>/disputes.yaml`` (the entry whose
    ``option.name`` is the option), else the option's ``dispute`` field, else the option name.
    """
    registered: dict[str, dict[str, Any]] = {}
    try:
        spec = load_spec(game.info.id)
    except RefereeError:  # a game without a spec (the tests' toy game) still has options
        spec = None
    for d in spec.disputes if spec else ():
        if d.get("option"):
            registered[d["option"]["name"]] = d
    out = []
    for o in game.info.options:
        if o.kind != "choice" or len(o.values) < 2:
            continue
        entry = registered.get(o.name)
        if spec is not None and entry is None and o.dispute is None:
            continue  # a mode or a component choice (Seven Knights' variant), not a dispute's reading
        did = entry["id"] if entry else (o.dispute or o.name)
        title = entry["title"] if entry else (o.description or o.name)
        context = tuple(sorted((k, _freeze(v)) for k, v in game.option_context(o).items()))
        out.append(Dispute(did, title, o.name, tuple(o.values), o.default, context))
    return out


def select(disputes: Sequence[Dispute], wanted: Sequence[str] | None) -> list[Dispute]:
    """The disputes named by id or option name (all when ``wanted`` is empty)."""
    if not wanted:
        return list(disputes)
    out = []
    for w in wanted:
        match = [d for d in disputes if w in (d.id, d.option)]
        if not match:
            known = ", ".join(d.id for d in disputes) or "none"
            raise UsageError(f"--dispute {w}: no dispute with a rule option has this id (known: {known})")
        out += [d for d in match if d not in out]
    return out


Setting = tuple[tuple[str, Any], ...]
"""The options of one batch of games, sorted by name (values frozen: lists as tuples)."""


def settings_of(dispute: Dispute) -> list[tuple[Any, Setting]]:
    """Each reading of ``dispute`` with the options it is played with. The default reading's
    setting holds only the context, so disputes with the same context share those games."""
    out = []
    for value in dispute.values:
        pairs = dict(dispute.context)
        if value != dispute.default:
            pairs[dispute.option] = value
        out.append((value, tuple(sorted(pairs.items()))))
    return out


# -- playing ------------------------------------------------------------------------------------


def policy_function(name: str) -> Callable[[Game, Any, random.Random, int | None], Any]:
    if name == "uniform":
        return lambda game, state, rng, player: rng.choice(game.legal_actions(state, player))
    if name == "greedy":
        return lambda game, state, rng, player: game.greedy_action(state, rng, player)
    raise UsageError(f"--policy {name}: unknown policy (known: {', '.join(POLICIES)})")


@dataclass(frozen=True)
class Task:
    """A chunk of games: picklable, and all a worker needs."""

    game: str | Game
    """A registered game id (what crosses process boundaries), or a game object (in process)."""
    setting: Setting
    policy: str
    seed: int
    players: int | None
    first: int
    count: int


def _options(setting: Setting) -> dict[str, Any]:
    return {k: list(v) if isinstance(v, tuple) else v for k, v in setting}


def play_chunk(task: Task) -> dict[str, list[Any]]:
    """Plays the games ``first .. first+count-1`` of a setting; returns one column per measure
    (``actions``, the game's impact metrics, ``players``, ``start``, ``winners`` as a bit mask
    of players, ``totals`` as a list per game)."""
    game = load(task.game) if isinstance(task.game, str) else task.game
    choose = policy_function(task.policy)
    template = game.random_setup(random.Random(task.seed), players=task.players or game.info.players[0],
                                 options=_options(task.setting))
    low, high = game.info.players
    cols: dict[str, list[Any]] = {"actions": [], "players": [], "start": [], "winners": [], "totals": []}
    for i in range(task.first, task.first + task.count):
        seat_rng = random.Random(f"{task.seed}/{i}/setup")
        n = task.players or seat_rng.randint(low, high)
        start = seat_rng.randrange(n)
        chance = random.Random(f"{task.seed}/{i}/chance")
        decide = random.Random(f"{task.seed}/{i}/policy")
        state = game.initial_state(game.with_seating(template, n, start))
        steps = 0
        while not game.is_over(state):
            actors = game.actors(state)
            if actors == (CHANCE,):
                action = game.sample_chance(state, chance)
            elif len(actors) > 1:
                # a simultaneous node lists players only
                action = choose(game, state, decide, cast(int, decide.choice(actors)))
            else:
                action = choose(game, state, decide, None)
            state = game.apply_legal(state, action).state  # the action came from the game
            steps += 1
        cols["actions"].append(steps)
        cols["players"].append(n)
        cols["start"].append(start)
        cols["winners"].append(sum(1 << p for p in game.winners(state)))
        cols["totals"].append(list(game.totals(state)))
        for name, value in game.impact_metrics(state).items():
            cols.setdefault(name, []).append(float(value))
    return cols


def tasks_for(game: str | Game, setting: Setting, *, policy: str, seed: int, players: int | None,
              games: int, chunk: int = CHUNK) -> list[Task]:
    return [Task(game, setting, policy, seed, players, first, min(chunk, games - first))
            for first in range(0, games, chunk)]


Runner = Callable[[Callable[[Task], dict[str, Any]], Sequence[Task]], Iterable[dict[str, Any]]]
"""Maps ``play_chunk`` over tasks, yielding results in task order (a local pool, Dask...)."""


def run_serial(fn: Callable[[Task], dict[str, Any]], tasks: Sequence[Task]) -> Iterator[dict[str, Any]]:
    return map(fn, tasks)


def local_runner(workers: int) -> tuple[Runner, Callable[[], None]]:
    """A runner on ``workers`` local processes (in this process for one worker), and a closer."""
    if workers <= 1:
        return run_serial, lambda: None
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn"))
    return (lambda fn, tasks: pool.map(fn, tasks)), (lambda: pool.shutdown(cancel_futures=True))


def merge(parts: Iterable[dict[str, list[Any]]]) -> dict[str, list[Any]]:
    out: dict[str, list[Any]] = {}
    for part in parts:
        for k, v in part.items():
            out.setdefault(k, []).extend(v)
    return out


def play_settings(game: str | Game, settings: Sequence[Setting], *, policy: str, seed: int, players: int | None,
                  games: int, runner: Runner, chunk: int = CHUNK,
                  progress: Callable[[int, int], None] | None = None) -> dict[Setting, dict[str, list[Any]]]:
    """Plays ``games`` games under each setting (each distinct setting once)."""
    unique = list(dict.fromkeys(settings))
    tasks = [t for s in unique for t in tasks_for(game, s, policy=policy, seed=seed, players=players,
                                                  games=games, chunk=chunk)]
    by_setting: dict[Setting, list[dict[str, Any]]] = {s: [] for s in unique}
    done = 0
    for task, result in zip(tasks, runner(play_chunk, tasks)):
        by_setting[task.setting].append(result)
        done += task.count
        if progress is not None:
            progress(done, games * len(unique))
    return {s: merge(parts) for s, parts in by_setting.items()}


# -- statistics (scipy) -------------------------------------------------------------------------


def mean_interval(values: Sequence[float]) -> dict[str, float]:
    """The mean with its 95% t-interval (scipy.stats.ttest_1samp); a constant sample has a
    zero-width interval."""
    from scipy import stats  # lazy: start-up time (scipy.stats takes a second or more to import)

    n = len(values)
    mean = math.fsum(values) / n if n else math.nan
    if n < 2 or min(values) == max(values):
        return {"mean": mean, "low": mean, "high": mean}
    with warnings.catch_warnings():  # nearly constant samples: scipy warns, the interval is still right
        warnings.simplefilter("ignore", RuntimeWarning)
        ci = stats.ttest_1samp(values, 0.0).confidence_interval(CONFIDENCE)
    return {"mean": mean, "low": float(ci.low), "high": float(ci.high)}


def paired_difference(a: Sequence[float], b: Sequence[float]) -> dict[str, Any]:
    """Mean of ``b - a`` over paired games with its 95% interval (scipy.stats.ttest_rel), and
    whether the interval excludes zero."""
    from scipy import stats  # lazy: start-up time (scipy.stats takes a second or more to import)

    diffs = [y - x for x, y in zip(a, b)]
    if len(diffs) < 2 or min(diffs) == max(diffs):
        d = diffs[0] if diffs else math.nan
        return {"diff": d, "low": d, "high": d, "distinguishable": bool(diffs) and d != 0}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)
        ci = stats.ttest_rel(b, a).confidence_interval(CONFIDENCE)
    diff = math.fsum(diffs) / len(diffs)
    return {"diff": diff, "low": float(ci.low), "high": float(ci.high),
            "distinguishable": bool(ci.low > 0 or ci.high < 0)}


def proportion_interval(k: int, n: int) -> dict[str, float]:
    """A proportion with its 95% Wilson interval (scipy.stats.binomtest)."""
    from scipy import stats  # lazy: start-up time (scipy.stats takes a second or more to import)

    ci = stats.binomtest(k, n).proportion_ci(CONFIDENCE, method="wilson")
    return {"rate": k / n, "low": float(ci.low), "high": float(ci.high)}


# -- measures of a batch ---------------------------------------------------------------------


def seat_shares(cols: Mapping[str, list[Any]], seats: int) -> list[list[float]]:
    """Per seat (0 = the start player, then clockwise), each game's share of the win (1/k when
    k players share it; 0 in games with fewer seats)."""
    out = [[0.0] * len(cols["winners"]) for _ in range(seats)]
    for g, (mask, n, start) in enumerate(zip(cols["winners"], cols["players"], cols["start"])):
        winners = [p for p in range(n) if mask >> p & 1]
        for p in winners:
            out[(p - start) % n][g] = 1 / len(winners)
    return out


def measures(cols: Mapping[str, list[Any]], metric_names: Sequence[str], seats: int) -> dict[str, list[float]]:
    """The per-game series compared between readings: the metrics, then ``seat_k_wins``."""
    out = {name: [float(x) for x in cols[name]] for name in metric_names}
    for s, shares in enumerate(seat_shares(cols, seats)):
        out[f"seat_{s + 1}_wins"] = shares
    return out


def score_histogram(cols: Mapping[str, list[Any]], width: int) -> dict[str, int]:
    """Every player's final total, counted in bins of ``width`` points (key: the bin's low end)."""
    counts: dict[int, int] = {}
    for totals in cols["totals"]:
        for t in totals:
            low = (t // width) * width
            counts[low] = counts.get(low, 0) + 1
    return {str(k): counts[k] for k in sorted(counts)}


# -- the report ------------------------------------------------------------------------------------


@dataclass
class Report:
    game: str
    title: str
    policy: str
    games: int
    seed: int
    players: int | None
    metrics: dict[str, str]
    disputes: list[dict[str, Any]] = field(default_factory=list)
    seconds: float = 0.0
    games_played: int = 0

    def to_json(self) -> dict[str, Any]:
        return {
            "format": "tabletop-referee/impact/1",
            "game": self.game,
            "title": self.title,
            "policy": self.policy,
            "policy_description": POLICIES[self.policy],
            "games_per_reading": self.games,
            "seed": self.seed,
            "players": self.players,
            "confidence": CONFIDENCE,
            "metrics": self.metrics,
            "disputes": self.disputes,
        }


def _round(x: float) -> float:
    return float(f"{x:.4g}") if math.isfinite(x) else x


def _rounded(doc: Any) -> Any:
    if isinstance(doc, float):
        return _round(doc)
    if isinstance(doc, dict):
        return {k: _rounded(v) for k, v in doc.items()}
    if isinstance(doc, list):
        return [_rounded(v) for v in doc]
    return doc


def metric_names(game: Game) -> dict[str, str]:
    names = dict(COMMON_METRICS)
    names.update(getattr(game, "impact_metric_descriptions", {}) or {})
    return names


def analyse(game: Game, dispute: Dispute, played: Mapping[Setting, Mapping[str, list[Any]]],
            metrics: Mapping[str, str], seats: int) -> dict[str, Any]:
    """One dispute's section of the report: per reading the metrics with intervals, and per
    other reading the paired differences from the default and how often the winner changes."""
    readings = []
    base_cols: Mapping[str, list[Any]] | None = None
    base_series: dict[str, list[float]] | None = None
    names = [m for m in metrics]
    for value, setting in settings_of(dispute):
        cols = played[setting]
        series = measures(cols, names, seats)
        entry: dict[str, Any] = {
            "value": value,
            "default": value == dispute.default,
            "metrics": {k: mean_interval(v) for k, v in series.items()},
            "scores": score_histogram(cols, 10),
        }
        if value == dispute.default:
            base_cols, base_series = cols, series
        readings.append((entry, cols, series))
    out_readings = []
    for entry, cols, series in readings:
        if not entry["default"]:
            assert base_cols is not None and base_series is not None  # the default is one of the settings
            entry["difference"] = {k: paired_difference(base_series[k], series[k]) for k in series}
            changed = sum(1 for a, b in zip(base_cols["winners"], cols["winners"]) if a != b)
            entry["winner_changed"] = proportion_interval(changed, len(cols["winners"]))
        out_readings.append(entry)
    distinguishable = sorted({k for e in out_readings for k, d in e.get("difference", {}).items()
                              if d["distinguishable"]})
    section: dict[str, Any] = _rounded({
        "id": dispute.id,
        "title": dispute.title,
        "option": dispute.option,
        "default": dispute.default,
        "context": {k: list(v) if isinstance(v, tuple) else v for k, v in dispute.context},
        "readings": out_readings,
        "distinguishable": distinguishable,
    })
    return section


def impact(game_id: str | Game, *, disputes: Sequence[str] | None = None, games: int, seed: int,
           players: int | None, policy: str, runner: Runner, chunk: int = CHUNK,
           progress: Callable[[int, int], None] | None = None) -> Report:
    """Measures each selected dispute of ``game_id`` (see the module docstring); a game object
    that is not registered can only be played in process (:func:`run_serial`)."""
    game = load(game_id) if isinstance(game_id, str) else game_id
    policy_function(policy)  # a usage error before any game
    low, high = game.info.players
    players = players or default_players(game)
    if not low <= players <= high:
        raise UsageError(f"--players {players}: {game.info.title} is for {low} to {high} players")
    chosen = select(disputes_of(game), disputes)
    if not chosen:
        raise UsageError(f"{game.info.title} has no rule option with two readings: nothing to measure")
    settings = [s for d in chosen for _v, s in settings_of(d)]
    started = time.perf_counter()
    played = play_settings(game_id, settings, policy=policy, seed=seed, players=players, games=games,
                           runner=runner, chunk=chunk, progress=progress)
    seconds = time.perf_counter() - started
    metrics = metric_names(game)
    seats = players
    report = Report(game.info.id, game.info.title, policy, games, seed, players, metrics,
                    seconds=seconds, games_played=games * len(played))
    report.disputes = [analyse(game, d, played, metrics, seats) for d in chosen]
    return report


def default_players(game: Game) -> int:
    """The seat count when none is given: the middle of the game's range (MLEM: 3)."""
    low, high = game.info.players
    return (low + high) // 2


def dask_runner(scheduler: str | None, workers: int) -> tuple[Runner, Callable[[], None]]:
    """A runner on a Dask cluster (the optional extra ``distributed``): the scheduler at
    ``scheduler`` (``tcp://host:8786``), or a local cluster of ``workers`` processes. The
    tasks and their order are those of the local runner, so the report is identical."""
    try:
        from distributed import Client, LocalCluster  # lazy: optional extra (distributed)
    except ImportError:
        raise UsageError("--backend dask needs the optional extra: pip install 'tabletop-referee[distributed]'") \
            from None
    if scheduler:
        client = Client(scheduler)
        cluster = None
    else:
        cluster = LocalCluster(n_workers=max(1, workers), threads_per_worker=1, processes=True,
                               dashboard_address=None)
        client = Client(cluster)

    def run(fn: Callable[[Task], dict[str, Any]], tasks: Sequence[Task]) -> Iterator[dict[str, Any]]:
        futures = client.map(fn, list(tasks), pure=False)
        for f in futures:
            yield f.result()

    def close() -> None:
        client.close()
        if cluster is not None:
            cluster.close()

    return run, close
