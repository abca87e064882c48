Feature: Crash
  When the commander rolls and no die can be used at the rocket's space, the rocket is wrecked
  where it stands. The crash marker moves one step, parachutists aboard may still jump to the
  moon or planet of that space, and everybody else goes back to their owner's board without
  scoring. The expedition is over and the next player clockwise starts the next one.

  Background:
    Given the "short" board
    And a 3-player game

  @clause:crash.trigger
  Rule: A roll with no face allowed at the rocket's space is a crash

    @id:mlem-0001
    Example: No rolled face is printed at the space
      Given the rocket is on space 7
      And the rocket carries player 0's satellite, player 1's moon-double and player 2's planet-double
      When the dice show 2, 2, 4, 4, afterburner and afterburner
      Then the rocket crashes on space 7
      And the rocket makes no move
      And expedition 2 is taking off

    @id:mlem-0002
    Example: One die with an allowed face is enough to fly on
      Given the rocket is on space 7
      And the rocket carries player 0's satellite, player 1's moon-double and player 2's planet-double
      When the dice show 2, 2, 3, 4, afterburner and afterburner
      Then the rocket does not crash
      And the commander may pick:
        | choice |
        | 3      |

    @id:mlem-0003
    Example: A face-up Die-1 astronaut supplies the missing 1
      Given the rocket is on space 7
      And the rocket carries player 0's satellite, player 1's die-one and player 2's planet-double
      When the dice show 2, 2, 4, 4, afterburner and afterburner
      Then the rocket does not crash
      And the commander may pick:
        | choice                       |
        | 1 with the Die-1 of player 1 |

    @option:die_one_rescue
    @id:mlem-0004
    Example: Without the rescue reading a Die-1 astronaut cannot stop the crash
      Given the rule option die_one_rescue is false
      And the rocket is on space 7
      And the rocket carries player 0's satellite, player 1's die-one and player 2's planet-double
      When the dice show 2, 2, 4, 4, afterburner and afterburner
      Then the rocket crashes on space 7
      And the rocket makes no move

    @id:mlem-0005
    Example: A flipped Die-1 astronaut saves nothing
      Given the rocket is on space 7
      And the rocket carries player 0's satellite, player 1's die-one (flipped) and player 2's planet-double
      When the dice show 2, 2, 4, 4, afterburner and afterburner
      Then the rocket crashes on space 7

    @id:mlem-0006
    Example: A Die-1 astronaut cannot help where 1 is not printed
      Given the rocket is on space 4
      And the rocket carries player 0's satellite, player 1's die-one and player 2's planet-double
      When the dice show 1, 1, 4, 4, 4 and 4
      Then the rocket crashes on space 4

  @clause:crash.track
  Rule: Every crash moves the crash marker one step on

    @id:mlem-0007
    Example: A first crash puts the marker on 1
      Given the rocket is on space 7
      And the rocket carries player 0's satellite, player 1's moon-double and player 2's planet-double
      When the dice show 2, 2, 4, 4, afterburner and afterburner
      Then the crash marker is at 1

    @id:mlem-0008
    Example: The marker moves on from where it stands
      Given the crash marker is at 4
      And player 2's planet-double has landed on space 8
      And the rocket is on space 2 with 4 dice
      And the rocket carries player 0's satellite and player 1's moon-double
      When the dice show 1, 1, afterburner and afterburner
      Then the crash marker is at 5

    @id:mlem-0009
    Example: A usable roll leaves the marker alone
      Given the crash marker is at 4
      And the rocket is on space 7
      And the rocket carries player 0's satellite, player 1's moon-double and player 2's planet-double
      When the dice show 1, 2, 4, 4, afterburner and afterburner
      Then the crash marker is at 4

  @clause:crash.parachute
  Rule: A parachutist may land at the moon or planet of the crash space

    @id:mlem-0010
    Example: A parachutist lands on the moon of the crash space and scores it
      Given the rocket is on space 7
      And the rocket carries player 0's satellite, player 1's parachute and player 2's planet-double
      When the dice show 2, 2, 4, 4, afterburner and afterburner
      Then player 1 may land on space 7 or stay
      When player 1 lands
      Then player 1's parachute is on the moon of space 7 in slot 0
      And player 1 scores 3 points
      And player 0's satellite is back on their board
      And expedition 2 is taking off

    @id:mlem-0011
    Example: A parachute landing on a planet counts toward a goal
      Given player 1's satellite has landed on space 8
      And player 1's moon-double has landed on space 8
      And the rocket is on space 8
      And the rocket carries player 0's satellite, player 1's parachute and player 2's planet-double
      When the dice show 1, 1, 3, 3, afterburner and afterburner
      Then player 1 may land on space 8 or stay
      When player 1 lands
      Then player 1's parachute is on the planet of space 8
      And player 1 holds the planet-trio goal

    @option:goal_claims
    @id:mlem-0422
    Example: With goal_claims=landing-phase, a parachute landing claims no goal
      Given the rule option goal_claims is landing-phase
      And player 1's satellite has landed on space 8
      And player 1's moon-double has landed on space 8
      And the rocket is on space 8
      And the rocket carries player 0's satellite, player 1's parachute and player 2's planet-double
      When the dice show 1, 1, 3, 3, afterburner and afterburner
      Then player 1 may land on space 8 or stay
      When player 1 lands
      Then player 1's parachute is on the planet of space 8
      And nobody holds the planet-trio goal

    @id:mlem-0012
    Example: A full moon leaves the parachutist nothing to land on
      Given player 2's satellite has landed on space 7
      And the rocket is on space 7
      And the rocket carries player 0's satellite, player 1's parachute and player 2's planet-double
      When the dice show 2, 2, 4, 4, afterburner and afterburner
      Then the rocket crashes on space 7
      And player 1's parachute is back on their board
      And expedition 2 is taking off

    @id:mlem-0013
    Example: On a space with nothing to land on the parachutist just goes home
      Given the rocket is on space 4
      And the rocket carries player 0's satellite, player 1's parachute and player 2's planet-double
      When the dice show 1, 1, 1, 4, 4 and 4
      Then the rocket crashes on space 4
      And player 1's parachute is back on their board
      And expedition 2 is taking off

    @id:mlem-0014
    Example: Several parachutists decide in seat order from the front
      Given a 3-player game starting with player 1
      And the rocket is on space 9
      And the rocket carries player 1's satellite, player 2's parachute and player 0's parachute
      When the dice show 4, 4, 4, 4, afterburner and afterburner
      Then player 2 may land on space 9 or stay
      When player 2 lands
      Then player 0 may land on space 9 or stay
      When player 0 lands
      Then player 2's parachute is on the moon of space 9 in slot 0
      And player 0's parachute is on the moon of space 9 in slot 1
      And player 2 scores 5 points
      And player 0 scores 3 points

    @id:mlem-0015
    Example: Only parachutists are asked, and one may stay aboard and go home
      Given the rocket is on space 9
      And the rocket carries player 0's moon-double, player 1's parachute and player 2's plus-minus
      When the dice show 4, 4, 4, 4, afterburner and afterburner
      Then player 1 is to act
      When player 1 stays
      Then player 0's moon-double is back on their board
      And player 1's parachute is back on their board
      And player 2's plus-minus is back on their board
      And expedition 2 is taking off

  @clause:crash.return-home
  Rule: Whoever is still aboard after a crash goes home unscored

    @id:mlem-0016
    Example: Every astronaut aboard returns to its owner's board and scores nothing
      Given the rocket is on space 9
      And the rocket carries player 0's satellite, player 1's moon-double and player 2's die-one (flipped)
      When the dice show 4, 4, 4, 4, afterburner and afterburner
      Then the rocket is empty
      And player 0's satellite is back on their board
      And player 1's moon-double is back on their board
      And player 2's die-one is back on their board
      And player 0 scores 0 points
      And player 1 scores 0 points
      And player 2 scores 0 points

    @id:mlem-0017
    Example: The astronauts sent home can board again in the next expedition
      Given the rocket is on space 9
      And the rocket carries player 0's satellite, player 1's moon-double and player 2's die-one (flipped)
      When the dice show 4, 4, 4, 4, afterburner and afterburner
      Then player 1 may embark satellite, plus-minus, parachute, moon-double, planet-double, deep-space-double, die-removal and die-one
      When the players embark moon-double, die-one and satellite
      Then the rocket carries player 1's moon-double, player 2's die-one and player 0's satellite

    @id:mlem-0018
    Example: The next expedition starts with the next player clockwise
      Given a 3-player game starting with player 2
      And the rocket is on space 9
      And the rocket carries player 2's satellite, player 0's moon-double and player 1's planet-double
      When the dice show 4, 4, 4, 4, afterburner and afterburner
      Then expedition 2 is taking off
      And the start player is player 0
      And player 0 is to act
