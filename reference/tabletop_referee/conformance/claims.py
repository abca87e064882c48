"""The ``board`` claim of a ``start`` answer, checked against the game the run is about.

An implementation may send its own copy of the game's shipped data set (the state's
``data_key`` document: MLEM's standard board) at the handshake; vectors that depend on a
provisional field where the copies differ are then skipped (runner.board_difference). The
claim is untrusted input like every other answer: :func:`~.client.hello_problem` bounds its
type and size for every game; this module checks, once a game is known, that it is a document
of that game's data schema and names the data set the suite ships, so a malformed, foreign or
invented claim stops the handshake with one line instead of skipping vectors on a false premise.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ..errors import RefereeError
from ..games import load
from ..schemas import validation_errors


@lru_cache(maxsize=None)
def shipped_id(game_id: str) -> str | None:
    """The id of the data set a new game of ``game_id`` is played on (its smoke setup's), or
    ``None`` for a game without a shipped data set an implementation could copy."""
    game = load(game_id)
    key = game.interchange.data_key
    if not key:
        return None
    try:
        doc = game.state_to_json(game.initial_state(game.setup_from_json(game.setups.smoke_setup())))
    except RefereeError:  # pragma: no cover - the smoke setup is the reference's own
        return None
    data = doc.get(key)
    found = data.get("id") if isinstance(data, dict) else None
    return found if isinstance(found, str) else None


def data_claim_problem(game_id: str, claim: dict[str, Any]) -> str | None:
    """Why ``claim`` (the ``start`` answer's ``board``) is not a copy of ``game_id``'s shipped
    data: ``"<json path>: <what>"`` relative to the answer, or ``None``. A game without shipped
    data ignores the claim (an adapter of several games may make it for another)."""
    expected = shipped_id(game_id)
    game = load(game_id)
    if expected is None or not game.interchange.data_key:
        return None
    errors = validation_errors(game_id, game.interchange.data_key, claim)
    if errors:
        more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
        first = errors[0]
        where, _, what = first.partition(": ")
        return f"$.board{where[1:]}: {what}: not a {game.interchange.data_key} document of schemas/{game_id}/" \
               f"{game.interchange.data_key}.schema.json{more}"
    if claim.get("id") != expected:
        return (f"$.board.id: {claim.get('id')!r} is not the data set the suite ships for {game_id} "
                f"({expected!r}); the board claim is the implementation's own copy of it")
    return None
