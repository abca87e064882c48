"""A deliberately wrong Celestia adapter for benchmarks/fuzz_steering.py: the target of
end.fifty-points is taken as *more than* 50 points, so a player whose total reaches exactly 50
has not reached it (no ``target`` event, ``first_to_target`` stays unset, and the game goes on
after that journey). An off-by-one at a threshold: it shows only in a game where the first
player to reach 50 lands on 50 exactly, from a treasure draw (a chance outcome) whose value
makes the total exactly the target. Random play passes 50 with any of several values and
rarely stops on it: a rare bug, as issue 27 describes."""

import sys

from tabletop_referee.adapter import serve
from tabletop_referee.games import load
from tabletop_referee.games.celestia.rules import end

game = load("celestia")
apply = game.apply


def buggy_apply(state, action):
    # every gain is checked against the target in end.note_gain: one point more while we apply
    end.TARGET = 51
    try:
        return apply(state, action)
    finally:
        end.TARGET = 50


game.apply = buggy_apply
sys.exit(serve(["celestia"], protocols=(1, 2)))
