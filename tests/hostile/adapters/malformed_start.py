"""The reference adapter, with a malformed claim in its start answer (argv[1]: the mode)."""
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "reference"))
from tabletop_referee.adapter import Adapter  # noqa: E402
from tabletop_referee.games import load  # noqa: E402


def shipped_board():
    """A faithful copy of the board a new game is played on (what an honest claim sends)."""
    game = load("mlem")
    return game.state_to_json(game.initial_state(game.setup_from_json(game.setups.smoke_setup())))["board"]


MODE = sys.argv[1]
adapter = Adapter(["mlem"], protocols=(1, 2))
for line in sys.stdin:
    req = json.loads(line)
    resp = adapter.handle(req)
    if req.get("cmd") == "start":
        if MODE == "implementation":
            resp["implementation"] = "an implementation"
        elif MODE == "capabilities":
            resp["capabilities"] = 5
        elif MODE == "profiles":
            resp["profiles"] = {"base": True}
        elif MODE == "games":
            resp["implementation"]["games"] = [1]
        elif MODE == "options":
            resp["implementation"]["games"]["mlem"]["options"] = [1]
        elif MODE == "huge-options":
            resp["implementation"]["games"]["mlem"]["options"] = {"dice_selection": 7}
        elif MODE == "board-huge":  # half a megabyte of board: within every parser cap, far above any board
            resp["board"] = {**shipped_board(), "provisional": [f"field-{i:06d}-of-a-board-nobody-ships" for i in range(15_000)]}
        elif MODE == "board-odd":  # an object, but not a board
            resp["board"] = {**shipped_board(), "spaces": "many"}
        elif MODE == "board-unknown":  # a well-formed board of a data set the suite does not ship
            resp["board"] = {**shipped_board(), "id": "moon-base"}
        elif MODE == "board-honest":  # a faithful copy: accepted
            resp["board"] = shipped_board()
    sys.stdout.write(json.dumps(resp) + "\n")
    sys.stdout.flush()
    if req.get("cmd") == "stop":
        break
