"""Does a dispute matter? Seeded games under each reading, compared (``referee disputes impact``).

Game-neutral: a game takes part through its rule options (:attr:`GameInfo.options`, each
``choice`` option with two or more values is one dispute with one reading per value) and three
hooks of its :class:`~tabletop_referee.games.roles.Impact` role: ``impact_metrics`` (numbers measured on
a finished game), ``greedy_action`` (the game's greedy policy) and ``option_context`` (the other
options an option needs, e.g. its variant).

Common random numbers
---------------------
GameKit ``i`` of a run gets the same seat count, start player, chance stream and policy stream
under every reading: each is a ``random.Random`` seeded from the text ``"<seed>/<i>/<stream>"``
(text seeds are hashed with SHA-512, so the same in every process). While two readings' games
take the same path they see the same dice; where a reading changes the path, the streams carry
on independently. The differences are paired game by game, which is what makes them precise.
Where the paths are the same they are played once (:func:`play_group`).

Work is cut into chunks of games (:data:`CHUNK`) that do not depend on the number of workers:
a chunk's results depend only on its (game, setting, policy, seed, first game, count), so one
worker, several processes, or a Dask cluster give identical reports.
"""

from __future__ import annotations

import contextlib
import copy
import dataclasses
import math
import multiprocessing
import random
import re
import time
import types
import warnings
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field, replace
from typing import Any, cast

from .errors import RefereeError, UsageError
from .games import load
from .games.interface import CHANCE
from .games.roles import GameKit
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


def disputes_of(game: GameKit) -> list[Dispute]:
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
        context = tuple(sorted((k, _freeze(v)) for k, v in game.options.option_context(o).items()))
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


def policy_function(name: str) -> Callable[[GameKit, Any, random.Random, int | None], Any]:
    if name == "uniform":
        return lambda game, state, rng, player: rng.choice(game.legal_actions(state, player))
    if name == "greedy":
        return lambda game, state, rng, player: game.impact.greedy_action(state, rng, player)
    raise UsageError(f"--policy {name}: unknown policy (known: {', '.join(POLICIES)})")


@dataclass(frozen=True)
class Task:
    """A chunk of games: picklable, and all a worker needs."""

    game: str | GameKit
    """A registered game id (what crosses process boundaries), or a game object (in process)."""
    setting: Setting
    policy: str
    seed: int
    players: int | None
    first: int
    count: int
    others: tuple[Setting, ...] = ()
    """Readings played alongside ``setting`` (its context's default), each sharing every
    game's path with it until its option is first read (:func:`play_group`)."""


def _options(setting: Setting) -> dict[str, Any]:
    return {k: list(v) if isinstance(v, tuple) else v for k, v in setting}


PLAYED = "_played"
"""The column of the actions actually played for a reading's game (the rest was shared)."""

Columns = dict[str, list[Any]]
"""One column per measure (``actions``, the game's impact metrics, ``players``, ``start``,
``winners`` as a bit mask of players, ``totals`` as a list per game)."""


def play_chunk(task: Task) -> Columns:
    """Plays the games ``first .. first+count-1`` of ``task.setting``; returns its columns."""
    return play_group(replace(task, others=()))[0]


def play_group(task: Task) -> list[Columns]:
    """Plays the games ``first .. first+count-1`` of ``task.setting`` and of each setting in
    ``task.others``; returns their columns in that order.

    The other settings differ from ``task.setting`` in one option each. GameKit ``i`` of an other
    setting starts in the same state as the default's but for that option, and gets the same
    streams; until the default's game first reads the option (its options value is watched),
    both games take the very same path. So the other game is played only from there: from the
    state, streams and action count before the step that read it, with the option swapped in
    (:meth:`~tabletop_referee.games.roles.Options.replace_options`). An option never read in a
    game (tie-breaks that never came up) costs nothing but the final scoring. Every result is
    what playing the other game from its start gives (``--no-share`` does that; tested).
    """
    game = load(task.game) if isinstance(task.game, str) else task.game
    choose = policy_function(task.policy)
    settings = (task.setting, *task.others)
    templates = [game.random_setup(random.Random(task.seed), players=task.players or game.info.players[0],
                                   options=_options(s)) for s in settings]
    watched = {s: _changed_option(task.setting, s) for s in task.others}
    low, high = game.info.players
    cols: list[Columns] = [{"actions": [], "players": [], "start": [], "winners": [], "totals": []}
                           for _ in settings]
    for i in range(task.first, task.first + task.count):
        seat_rng = random.Random(f"{task.seed}/{i}/setup")
        n = task.players or seat_rng.randint(low, high)
        start = seat_rng.randrange(n)
        starts = [game.initial_state(game.setups.with_seating(t, n, start)) for t in templates]
        streams = _streams(task.seed, i)
        shared = _Shared(game, choose, starts[0])
        for k, s in enumerate(task.others, 1):
            shared.add(k, watched[s], starts[k])
        for k, row in enumerate(shared.play(streams)):
            if row is None:  # not shareable: played from its own start
                final, steps = _play(game, choose, starts[k], _streams(task.seed, i), 0)
                row = (final, steps, steps)
            _record(game, cols[k], *row, n, start)
    return cols


def _changed_option(default: Setting, other: Setting) -> str:
    changed = [k for k, v in other if dict(default).get(k, _MISSING) != v]
    if len(changed) != 1:
        raise ValueError(f"setting {other} does not differ from {default} in one option")
    return changed[0]


_MISSING = object()


def _streams(seed: int, i: int) -> tuple[_Stream, _Stream]:
    """GameKit ``i``'s chance and policy streams (the same under every reading)."""
    return _Stream(f"{seed}/{i}/chance"), _Stream(f"{seed}/{i}/policy")


class _Hook:
    """What :func:`_play` tells a watcher: a step starts, its action was chosen, applied."""

    def starting(self, state: Any, steps: int) -> None: ...

    def decided(self) -> None: ...

    def applied(self, before: Any, action: Any, after: Any, steps: int) -> None: ...


def _play(game: GameKit, choose: Callable[..., Any], state: Any,
          streams: tuple[random.Random, random.Random], steps: int,
          hook: _Hook | None = None) -> tuple[Any, int]:
    """Plays ``state`` to the end with the streams; returns the final state and the actions."""
    chance, decide = streams
    while not game.is_over(state):
        if hook is not None:
            hook.starting(state, steps)
        actors = game.actors(state)
        if actors == (CHANCE,):
            action = game.rules.sample_chance(state, chance)
        elif len(actors) > 1:
            # a simultaneous node lists players only
            action = choose(game, state, decide, cast(int, decide.choice(actors)))
        else:
            action = choose(game, state, decide, None)
        if hook is not None:
            hook.decided()
        before = state
        state = game.rules.advance(state, action)  # the action came from the game; no events kept
        steps += 1
        if hook is not None:
            hook.applied(before, action, state, steps)
    return state, steps


def _record(game: GameKit, cols: Columns, state: Any, steps: int, played: int, n: int, start: int) -> None:
    cols["actions"].append(steps)
    cols.setdefault(PLAYED, []).append(played)
    cols["players"].append(n)
    cols["start"].append(start)
    cols["winners"].append(sum(1 << p for p in game.scoring.winners(state)))
    cols["totals"].append(list(game.scoring.totals(state)))
    for name, value in game.impact.impact_metrics(state).items():
        cols.setdefault(name, []).append(float(value))


class _Shared(_Hook):
    """One default game played with its options watched, and the other readings that share
    its path until their option is first read (see :func:`play_group`).

    Where the first read falls decides where the other reading's game picks up:

    - while an action is chosen (the policy, its look-ahead, a chance draw), before any draw
      from the streams in that step: from the state before the step, with copies of the
      streams taken at the read (they have not moved in this step), so the other reading
      chooses for itself;
    - while an action is chosen, after a draw: from its own start (the streams have moved;
      keeping their state before every step costs more, ``random.Random.getstate`` is 12 µs,
      than this rare case);
    - while the action is applied: the same action applied to the state before it with the
      other options, then on with copies of the streams;
    - never: the default's final state, scored with the other options (a tie-break that never
      came up costs nothing).
    """

    def __init__(self, game: GameKit, choose: Callable[..., Any], start: Any) -> None:
        self.game, self.choose, self.start = game, choose, start
        self.pending: dict[str, list[tuple[int, Any]]] = {}
        """Watched option -> (index, options value) of each reading still on the shared path."""
        self.rows: dict[int, tuple[Any, int, int] | None] = {}
        """Index -> (final state, actions, actions played apart) of each reading done, ``None``
        to play it from its own start."""
        self.others = 0
        self.watch: _Watch | None = None
        self.streams: tuple[_Stream, _Stream] = _streams(0, 0)
        self.step: tuple[Any, int] | None = None
        """(state, actions) of the step being chosen, while the streams have not moved in it."""
        self.saved: dict[str, tuple[Any, int, Any, Any]] = {}
        """Option read while choosing -> (state, actions, streams' states) before that step."""

    def add(self, k: int, option: str, start: Any) -> None:
        """Reading ``k`` (its start ``start``) shares the path if only ``option`` tells it apart."""
        self.others = max(self.others, k)
        options = self.game.options.options_of(start)
        if options is None or self.game.options.replace_options(self.start, options) != start:
            self.rows[k] = None
            return
        self.pending.setdefault(option, []).append((k, options))

    def play(self, streams: tuple[_Stream, _Stream]) -> list[tuple[Any, int, int] | None]:
        """The default's (final state, actions, actions played), then each other reading's
        (or ``None``)."""
        game, start = self.game, self.start
        options = game.options.options_of(start)
        if not self.pending or not _watchable(options, self.pending):
            return [self._alone_play(start, streams), *self._rows()]
        self.watch = watch = _Watch(options, frozenset(self.pending), self._first_read)
        self.streams = streams
        start = game.options.replace_options(start, watch.options)
        watch.take()  # building the start state may look at its options: not a game step
        if game.options.options_of(start) is not watch.options:
            self._alone(set(self.pending))
            watch.stop()
            return [self._alone_play(self.start, streams), *self._rows()]
        final, steps = _play(game, self.choose, start, streams, 0, self)
        self._alone(watch.take())  # read by the last game-over test
        watch.stop()  # the options value is the plain one again, in every state that holds it
        # never read on the way: the very same game, scored under the other reading
        for readings in self.pending.values():
            for k, other in readings:
                self.rows[k] = (game.options.replace_options(final, other), steps, 0)
        return [(final, steps, steps), *self._rows()]

    def _alone_play(self, start: Any, streams: tuple[_Stream, _Stream]) -> tuple[Any, int, int]:
        final, steps = _play(self.game, self.choose, start, streams, 0)
        return final, steps, steps

    def _apart(self, state: Any, streams: tuple[_Stream, _Stream], steps: int) -> tuple[Any, int, int]:
        """A reading's game from where it leaves the shared path."""
        final, total = _play(self.game, self.choose, state, streams, steps)
        return final, total, total - steps

    def starting(self, state: Any, steps: int) -> None:
        self.streams[0].drawn = self.streams[1].drawn = False
        self.step = (state, steps)

    def _first_read(self, option: str) -> None:
        if self.step is not None and option in self.pending and option not in self.saved \
                and not (self.streams[0].drawn or self.streams[1].drawn):
            self.saved[option] = (*self.step, self.streams[0].getstate(), self.streams[1].getstate())

    def decided(self) -> None:
        assert self.watch is not None
        if not _READ:  # the usual case: nothing watched was read while choosing
            self.step = None
            return
        read = self.watch.take()
        for option in sorted(read & set(self.saved) & set(self.pending)):
            state, steps, chance_state, decide_state = self.saved[option]
            for k, other in self.pending.pop(option):
                self.rows[k] = self._apart(self.game.options.replace_options(state, other),
                                           _copies(chance_state, decide_state), steps)
        self.saved.clear()
        self.step = None
        self._alone(read)
        if not self.pending:
            self.watch.stop()

    def applied(self, before: Any, action: Any, after: Any, steps: int) -> None:
        assert self.watch is not None
        if not _READ and self.game.options.options_of(after) is self.watch.options:
            return  # the usual case: nothing watched was read while applying
        read = self.watch.take() & set(self.pending)
        if self.game.options.options_of(after) is not self.watch.options:  # a step replaced the value
            read = set(self.pending)
        for option in sorted(read):
            for k, other in self.pending.pop(option):
                state = self.game.rules.advance(self.game.options.replace_options(before, other), action)
                self.rows[k] = self._apart(state, _copies(self.streams[0].getstate(), self.streams[1].getstate()),
                                           steps)
        if not self.pending:
            self.watch.stop()

    def _alone(self, read: set[str]) -> None:
        for option in read & set(self.pending):
            for k, _ in self.pending.pop(option):
                self.rows[k] = None

    def _rows(self) -> list[tuple[Any, int, int] | None]:
        return [self.rows.get(k) for k in range(1, self.others + 1)]


class _Stream(random.Random):
    """A ``random.Random`` (the very same numbers) that notes whether it was drawn from."""

    drawn = False

    def random(self) -> float:
        self.drawn = True
        return super().random()

    def getrandbits(self, k: int, /) -> int:
        self.drawn = True
        return super().getrandbits(k)


def _copies(chance_state: Any, decide_state: Any) -> tuple[_Stream, _Stream]:
    chance, decide = _Stream(), _Stream()
    chance.setstate(chance_state)
    decide.setstate(decide_state)
    return chance, decide


_READ: set[str] = set()
"""Watched option names read since :meth:`_Watch.take` (a worker plays one game at a time)."""

_ON_FIRST_READ: list[Callable[[str], None]] = []
"""Told of each watched name the first time it is read since the last take."""


class _Watch:
    """A copy of an options value whose watched fields note when they are read: its class is
    swapped for a subclass whose watched fields are properties that record the read, and back
    by :meth:`stop` (the other fields are read as fast as ever)."""

    def __init__(self, options: Any, names: frozenset[str], first_read: Callable[[str], None]) -> None:
        self.plain = type(options)
        self.options = copy.copy(options)
        object.__setattr__(self.options, "__class__", _watching(self.plain, names))
        _READ.clear()
        _ON_FIRST_READ[:] = [first_read]
        self.on = True

    def take(self) -> set[str]:
        read = set(_READ)
        _READ.clear()
        return read

    @contextlib.contextmanager
    def paused(self) -> Iterator[None]:
        """Reads inside the block are not noted: a memo that hashes or compares whole states
        reads every field of the options without the rules reading any."""
        before, tell = set(_READ), _ON_FIRST_READ[:]
        _ON_FIRST_READ.clear()
        try:
            yield
        finally:
            _READ.clear()
            _READ.update(before)
            _ON_FIRST_READ[:] = tell

    def stop(self) -> None:
        if self.on:
            object.__setattr__(self.options, "__class__", self.plain)
            _READ.clear()
            _ON_FIRST_READ.clear()
            self.on = False


def _watchable(options: Any, names: Iterable[str]) -> bool:
    """Whether :class:`_Watch` can watch ``names`` of ``options``: fields held in slots (of a
    slotted dataclass), which it can turn into recording properties."""
    return options is not None and all(
        isinstance(type(options).__dict__.get(name), types.MemberDescriptorType) for name in names)


_WATCHING: dict[tuple[type, frozenset[str]], type] = {}


def _watching(plain: type, names: frozenset[str]) -> type:
    """The subclass of ``plain`` (a slotted dataclass) whose fields ``names`` note their reads;
    same layout, so an instance's class can be swapped both ways; equal to a plain value with
    the same fields."""
    cls = _WATCHING.get((plain, names))
    if cls is None:
        def reader(name: str) -> property:
            slot = plain.__dict__[name]  # the slot's member descriptor

            def read(self: Any) -> Any:
                if name not in _READ:
                    _READ.add(name)
                    for tell in _ON_FIRST_READ:
                        tell(name)
                return slot.__get__(self, plain)
            return property(read)

        def __eq__(self: Any, other: object) -> bool:
            if not isinstance(other, plain):
                return NotImplemented
            return all(getattr(self, f.name) == getattr(other, f.name) for f in dataclasses.fields(plain))

        namespace: dict[str, Any] = {name: reader(name) for name in names}
        namespace.update(__slots__=(), __eq__=__eq__, __hash__=plain.__hash__,
                         __module__=plain.__module__, __qualname__=plain.__qualname__)
        cls = _WATCHING[(plain, names)] = type(plain.__name__, (plain,), namespace)
    return cls


def tasks_for(game: str | GameKit, setting: Setting, *, policy: str, seed: int, players: int | None,
              games: int, chunk: int = CHUNK) -> list[Task]:
    return [Task(game, setting, policy, seed, players, first, min(chunk, games - first))
            for first in range(0, games, chunk)]


Runner = Callable[[Callable[[Task], Any], Sequence[Task]], Iterable[Any]]
"""Maps a task function (:func:`play_group`, :func:`play_chunk`) over tasks, yielding results
in task order (a local pool, Dask...)."""


def run_serial(fn: Callable[[Task], Any], tasks: Sequence[Task]) -> Iterator[Any]:
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


def play_settings(game: str | GameKit, settings: Sequence[Setting], *, policy: str, seed: int, players: int | None,
                  games: int, runner: Runner, chunk: int = CHUNK,
                  progress: Callable[[int, int], None] | None = None,
                  groups: Mapping[Setting, Sequence[Setting]] | None = None) -> dict[Setting, dict[str, list[Any]]]:
    """Plays ``games`` games under each setting (each distinct setting once). ``groups`` maps a
    default setting to the settings that differ from it in one option: those are played in the
    same tasks, sharing each game's path while it is the same (:func:`play_group`)."""
    unique = list(dict.fromkeys(settings))
    alone = [s for s in unique if not any(s == b or s in others for b, others in (groups or {}).items())]
    batches = [(b, tuple(dict.fromkeys(o for o in others if o != b))) for b, others in (groups or {}).items()]
    batches += [(s, ()) for s in alone]
    # a group's task plays its games under every setting of the group: fewer games per task
    # keep the tasks about the same size, so the workers stay evenly loaded (the results do not
    # depend on the chunks: game i's streams come from the seed and i alone)
    tasks = [replace(t, others=others) for base, others in batches
             for t in tasks_for(game, base, policy=policy, seed=seed, players=players, games=games,
                                chunk=max(1, -(-chunk // (1 + len(others)))))]
    by_setting: dict[Setting, list[dict[str, Any]]] = {s: [] for s in unique}
    for base, others in batches:
        for s in (base, *others):
            by_setting.setdefault(s, [])
    done = 0
    for task, results in zip(tasks, runner(play_group, tasks)):
        for s, result in zip((task.setting, *task.others), results):
            by_setting[s].append(result)
        done += task.count * (1 + len(task.others))
        if progress is not None:
            progress(done, games * len(by_setting))
    return {s: merge(parts) for s, parts in by_setting.items()}


def share_groups(disputes: Sequence[Dispute]) -> dict[Setting, list[Setting]]:
    """Each default setting with the other readings' settings of the disputes that share it."""
    groups: dict[Setting, list[Setting]] = {}
    for d in disputes:
        pairs = settings_of(d)
        base = next(s for v, s in pairs if v == d.default)
        others = groups.setdefault(base, [])
        others += [s for _v, s in pairs if s != base and s not in others]
    return groups


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
    actions: int = 0
    """Actions in every game of every reading."""
    actions_played: int = 0
    """Of those, the ones played: the rest were shared with a default reading's game."""

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


def metric_names(game: GameKit) -> dict[str, str]:
    names = dict(COMMON_METRICS)
    names.update(game.impact.impact_metric_descriptions)
    return names


def analyse(game: GameKit, dispute: Dispute, played: Mapping[Setting, Mapping[str, list[Any]]],
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


def impact(game_id: str | GameKit, *, disputes: Sequence[str] | None = None, games: int, seed: int,
           players: int | None, policy: str, runner: Runner, chunk: int = CHUNK,
           progress: Callable[[int, int], None] | None = None, share: bool = True) -> Report:
    """Measures each selected dispute of ``game_id`` (see the module docstring); a game object
    that is not registered can only be played in process (:func:`run_serial`). ``share=False``
    plays every reading's games from their start (:func:`play_group` says why the report is the
    same either way)."""
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
                           runner=runner, chunk=chunk, progress=progress,
                           groups=share_groups(chosen) if share else None)
    seconds = time.perf_counter() - started
    metrics = metric_names(game)
    seats = players
    report = Report(game.info.id, game.info.title, policy, games, seed, players, metrics,
                    seconds=seconds, games_played=games * len(played),
                    actions=sum(sum(cols["actions"]) for cols in played.values()),
                    actions_played=sum(sum(cols.get(PLAYED, cols["actions"])) for cols in played.values()))
    report.disputes = [analyse(game, d, played, metrics, seats) for d in chosen]
    return report


def default_players(game: GameKit) -> int:
    """The seat count when none is given: the middle of the game's range (MLEM: 3)."""
    low, high = game.info.players
    return (low + high) // 2


SCHEDULER_TIMEOUT = 10
"""Seconds to reach a Dask scheduler given with ``--scheduler``."""


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
        if not re.fullmatch(r"(tcp|tls|inproc|ucx|ws|wss)://[^\s/]+(:\d{1,5})?/?", scheduler):
            raise UsageError(f"--scheduler {scheduler!r}: not a scheduler address (tcp://host:8786)")
        try:
            client = Client(scheduler, timeout=SCHEDULER_TIMEOUT)
        except (OSError, TimeoutError, ValueError) as exc:
            raise UsageError(f"--scheduler {scheduler}: cannot reach the Dask scheduler within "
                             f"{SCHEDULER_TIMEOUT} s ({' '.join(str(exc).split())[:200] or type(exc).__name__})") \
                from None
        cluster = None
    else:
        cluster = LocalCluster(n_workers=max(1, workers), threads_per_worker=1, processes=True,
                               dashboard_address=None)
        client = Client(cluster)

    def run(fn: Callable[[Task], Any], tasks: Sequence[Task]) -> Iterator[Any]:
        futures = client.map(fn, list(tasks), pure=False)
        for f in futures:
            yield f.result()

    def close() -> None:
        client.close()
        if cluster is not None:
            cluster.close()

    return run, close
