Feature: Astronaut powers
  Every astronaut type carries a special ability. The satellite changes where the rocket
  starts, plus-minus widens where its owner may land, three types double scores, die-removal
  takes a die away as it leaves, and die-one lends the commander an extra 1. A power serves
  whoever the rules name, no matter which player owns the astronaut.

  Background:
    Given the "short" board
    And a 3-player game

  @clause:power.satellite
  Rule: A satellite aboard makes the rocket start on the satellite space

    @id:mlem-0076
    Example: A satellite in the front seat starts the rocket on space 3
      When the players embark satellite, parachute and moon-double
      Then the rocket is on space 3
      And a rocket-placed event cites power.satellite
      And the next step is a roll of 6 dice

    @id:mlem-0077
    Example: A satellite in the last seat, owned by another player, works too
      When the players embark parachute, moon-double and satellite
      Then the rocket is on space 3
      And a rocket-placed event cites power.satellite

    @id:mlem-0078
    Example: Two satellites do not move the start any further
      When the players embark satellite, satellite and parachute
      Then the rocket is on space 3
      And a rocket-placed event cites power.satellite

    @id:mlem-0079
    Example: Without a satellite the rocket starts on the start space
      When the players embark parachute, moon-double and die-one
      Then the rocket is on space 0
      And a rocket-placed event cites takeoff.rocket-start

    @id:mlem-0080
    Example: The rocket is placed only once boarding is complete
      Given player 0 has boarded satellite
      When player 1 embarks parachute
      Then the phase is takeoff
      And the rocket is on space 0
      When player 2 embarks moon-double
      Then the rocket is on space 3

  @clause:power.plus-minus
  Rule: Plus-minus may land on the moon or planet one space ahead or behind

    @id:mlem-0081
    Example: Plus-minus is offered the rocket's space and both neighbours
      Given the rocket is on space 6
      And the rocket carries player 0's plus-minus, player 1's parachute and player 2's satellite
      When the dice show 1, 2, 3, 3, 4 and afterburner
      And the commander picks 2
      Then the rocket is on space 8
      And player 0 may land on spaces 7, 8 and 9 or stay

    @id:mlem-0082
    Example: Plus-minus lands on the moon one space behind the rocket
      Given the rocket is on space 6
      And the rocket carries player 0's plus-minus, player 1's parachute and player 2's satellite
      When the dice show 1, 2, 3, 3, 4 and afterburner
      And the commander picks 2
      And player 0 lands on space 7
      Then player 0's plus-minus is on the moon of space 7 in slot 0
      And a landed event cites power.plus-minus
      And player 0 scores 3 points for moons
      And the commander is player 1

    @id:mlem-0083
    Example: Plus-minus lands on the planet one space ahead of the rocket
      Given the rocket is on space 4
      And the rocket carries player 0's plus-minus, player 1's parachute and player 2's satellite
      When the dice show 1, 2, 3, 4, 4 and afterburner
      And the commander picks 3
      And player 0 lands on space 8
      Then player 0's plus-minus is on the planet of space 8
      And a landed event cites power.plus-minus

    @id:mlem-0084
    Example: A neighbouring space with nothing to land on is not offered
      Given the rocket is on space 4
      And the rocket carries player 0's plus-minus, player 1's parachute and player 2's satellite
      When the dice show 1, 2, 3, 4, 4 and afterburner
      And the commander picks 2
      Then the rocket is on space 6
      And player 0 may land on spaces 6 and 7 or stay

    @id:mlem-0085
    Example: Landing on a neighbour with nothing to land on is refused
      Given the rocket is on space 4
      And the rocket carries player 0's plus-minus, player 1's parachute and player 2's satellite
      When the dice show 1, 2, 3, 4, 4 and afterburner
      And the commander picks 2
      And player 0 lands on space 5
      Then the action is rejected under landing.no-site naming "space 5"

    @id:mlem-0086
    Example: A full moon next door is not offered
      Given player 1's satellite has landed on space 7
      And the rocket is on space 6
      And the rocket carries player 0's plus-minus, player 1's parachute and player 2's moon-double
      When the dice show 1, 2, 3, 3, 4 and afterburner
      And the commander picks 2
      Then player 0 may land on spaces 8 and 9 or stay

    @id:mlem-0087
    Example: Deep space is not offered from the space before it
      Given the rocket is on space 9
      And the rocket carries player 0's plus-minus, player 1's parachute and player 2's satellite
      When the dice show 1, 2, 2, 3, 4 and afterburner
      And the commander picks 3
      Then the rocket is on space 12
      And player 0 may land on spaces 11 and 12 or stay

    @id:mlem-0088
    Example: Plus-minus cannot land in deep space
      Given the rocket is on space 9
      And the rocket carries player 0's plus-minus, player 1's parachute and player 2's satellite
      When the dice show 1, 2, 2, 3, 4 and afterburner
      And the commander picks 3
      And player 0 lands on space 13
      Then the action is rejected under power.plus-minus naming "deep space"

    @id:mlem-0089
    Example: Plus-minus reaches no further than one space
      Given the rocket is on space 6
      And the rocket carries player 0's plus-minus, player 1's parachute and player 2's satellite
      When the dice show 1, 2, 3, 3, 4 and afterburner
      And the commander picks 2
      And player 0 lands on space 10
      Then the action is rejected under power.plus-minus naming "more than one space"

    @id:mlem-0090
    Example: Other astronauts cannot land one space away
      Given the rocket is on space 6
      And the rocket carries player 0's parachute, player 1's plus-minus and player 2's satellite
      When the dice show 1, 2, 3, 3, 4 and afterburner
      And the commander picks 2
      Then player 0 may land on space 8 or stay
      When player 0 lands on space 9
      Then the action is rejected under power.plus-minus naming "only a Plus-minus astronaut"

    @id:mlem-0091
    Example: On a space with nothing to land on there is no landing phase, even for plus-minus
      Given the rocket is on space 3
      And the rocket carries player 0's plus-minus, player 1's parachute and player 2's satellite
      When the dice show 1, 2, 3, 3, 4 and afterburner
      And the commander picks 2
      Then the rocket is on space 5
      And the phase is roll
      And the next step is a roll of 5 dice

  @clause:power.moon-double
  Rule: Moon-double scores its moon slot twice

    @id:mlem-0092
    Example: Moon-double on the first slot scores double its value
      Given the rocket is on space 4
      And the rocket carries player 0's moon-double, player 1's parachute and player 2's satellite
      When the dice show 1, 2, 3, 3, 4 and afterburner
      And the commander picks 2
      And player 0 lands
      Then player 0's moon-double is on the moon of space 6 in slot 0
      And player 0 scores 8 points for moons
      And a points-doubled event cites power.moon-double

    @id:mlem-0093
    Example: Moon-double on a later slot doubles that slot's value
      Given player 1's satellite has landed on space 6
      And the rocket is on space 4
      And the rocket carries player 0's moon-double, player 1's parachute and player 2's die-one
      When the dice show 1, 2, 3, 3, 4 and afterburner
      And the commander picks 2
      And player 0 lands
      Then player 0's moon-double is on the moon of space 6 in slot 1
      And player 0 scores 4 points for moons
      And player 1 scores 4 points for moons

    @id:mlem-0094
    Example: Other astronauts score the moon's plain value
      Given player 0's moon-double has landed on space 9
      And player 1's parachute has landed on space 9
      Then player 0 scores 10 points for moons
      And player 1 scores 3 points for moons

  @clause:power.planet-double
  Rule: Planet-double doubles its owner's result on its planet but counts as one head

    @id:mlem-0095
    Example: Planet-double doubles a gold result
      Given player 0's planet-double has landed on space 8
      And player 1's parachute has landed on space 8
      Then player 0 scores 12 points for planets
      And player 1 scores 3 points for planets

    @id:mlem-0096
    Example: Planet-double counts as one astronaut for the majority
      Given player 0's planet-double has landed on space 8
      And player 1's parachute has landed on space 8
      And player 1's satellite has landed on space 8
      Then player 1 scores 6 points for planets
      And player 0 scores 6 points for planets

    @id:mlem-0097
    Example: Only the planet where the planet-double stands is doubled
      Given player 0's planet-double has landed on space 8
      And player 0's parachute has landed on space 10
      Then player 0 scores 20 points for planets

    @id:mlem-0435
    Example: At the end of the game the planet-double's doubling is an event
      Given the crash limit is 1
      And player 0's planet-double has landed on space 8
      And player 1's parachute has landed on space 8
      And the rocket is on space 5 with 2 dice
      And the rocket carries player 0's die-removal, player 1's die-removal and player 2's die-removal
      When the dice show 2 and 3
      Then the game is over because of crash-limit
      And player 0 scores 12 points for planets
      And a planet-scored event cites scoring.planets
      And a points-doubled event cites power.planet-double

    @id:mlem-0098
    Example: Another player's planet-double does not double your result
      Given player 1's planet-double has landed on space 10
      And player 0's parachute has landed on space 10
      And player 0's satellite has landed on space 10
      Then player 0 scores 8 points for planets
      And player 1 scores 8 points for planets

  @clause:power.deep-space-double
  Rule: Deep-space-double scores the comet or the galaxy twice

    @id:mlem-0099
    Example: Deep-space-double on the comet scores twice the comet
      Given the rocket is on space 12
      And the rocket carries player 0's deep-space-double, player 1's parachute and player 2's satellite
      When the dice show 1, 2, 3, 3, 4 and afterburner
      And the commander picks 3
      Then player 0's deep-space-double is on the comet
      And player 0 scores 14 points for deep space
      And player 1 scores 5 points for deep space
      And a points-doubled event cites power.deep-space-double

    @id:mlem-0100
    Example: Deep-space-double on the galaxy scores twice the galaxy
      Given the rocket is on space 12
      And the rocket carries player 0's parachute, player 1's deep-space-double and player 2's satellite
      When the dice show 1, 2, 3, 3, 4 and afterburner
      And the commander picks 3
      Then player 1's deep-space-double is on the galaxy
      And player 1 scores 10 points for deep space
      And player 0 scores 7 points for deep space
      And player 2 scores 5 points for deep space

  @clause:power.die-removal
  Rule: Die-removal takes one die away as soon as it disembarks

    @id:mlem-0101
    Example: The commander's die-removal lands and a die goes at once
      Given the rocket is on space 4
      And the rocket carries player 0's die-removal, player 1's parachute and player 2's satellite
      When the dice show 1, 2, 3, 3, 4 and afterburner
      And the commander picks 2
      Then 5 dice are available
      When player 0 lands
      Then 4 dice are available
      And a dice-removed event cites power.die-removal
      And player 1 is to act

    @id:mlem-0102
    Example: A die-removal further back removes a die for the new commander
      Given the rocket is on space 4
      And the rocket carries player 0's parachute, player 1's die-removal and player 2's satellite
      When the dice show 1, 2, 3, 3, 4 and afterburner
      And the commander picks 2
      And player 0 stays aboard
      And player 1 lands
      Then 4 dice are available
      And the commander is player 0

    @id:mlem-0103
    Example: A die-removal that stays aboard removes nothing
      Given the rocket is on space 4
      And the rocket carries player 0's die-removal, player 1's parachute and player 2's satellite
      When the dice show 1, 2, 3, 3, 4 and afterburner
      And the commander picks 2
      And player 0 stays aboard
      Then 5 dice are available

    @id:mlem-0104
    Example: The last die is never removed
      Given the rocket is on space 4 with 2 dice
      And the rocket carries player 0's die-removal, player 1's parachute and player 2's satellite
      When the dice show 2 and 3
      And the commander picks 3
      Then the rocket is on space 7
      And only one die is available
      When player 0 lands
      Then only one die is available
      And the phase is roll

  @clause:power.die-one
  Rule: Die-one lends the commander one extra 1, once

    @id:mlem-0105
    Example: The die-one adds a 1 to the rolled 1s and is flipped
      Given the rocket is on space 5
      And the rocket carries player 0's die-one, player 1's parachute and player 2's satellite
      When the dice show 1, 2, 2, 3, 3 and afterburner
      And the commander picks 1 with the Die-1 of player 0
      Then the rocket is on space 7
      And the rocket carries player 0's die-one (flipped), player 1's parachute and player 2's satellite
      And 5 dice are available

    @id:mlem-0423
    Example: A die-one flipped in a crashed expedition boards face up again
      Given the rocket is on space 5
      And the rocket carries player 0's die-one, player 1's parachute and player 2's satellite
      When the dice show 1, 2, 2, 3, 3 and afterburner
      And the commander picks 1 with the Die-1 of player 0
      And player 0 stays
      And player 1 stays
      And player 2 stays
      And the dice show 2, 2, 4, 4 and afterburner
      And player 1 stays
      And the players embark satellite, parachute and die-one
      Then the rocket carries player 1's satellite, player 2's parachute and player 0's die-one

    @option:die_one
    @id:mlem-0424
    Example: With die_one=once-per-game, a flipped die-one stays flipped for the rest of the game
      Given the rule option die_one is once-per-game
      And the rocket is on space 5
      And the rocket carries player 0's die-one, player 1's parachute and player 2's satellite
      When the dice show 1, 2, 2, 3, 3 and afterburner
      And the commander picks 1 with the Die-1 of player 0
      And player 0 stays
      And player 1 stays
      And player 2 stays
      And the dice show 2, 2, 4, 4 and afterburner
      And player 1 stays
      And the players embark satellite, parachute and die-one
      Then the rocket carries player 1's satellite, player 2's parachute and player 0's die-one (flipped)

    @id:mlem-0106
    Example: The die-one joins the group of rolled 1s
      Given the rocket is on space 5
      And the rocket carries player 0's die-one, player 1's parachute and player 2's satellite
      When the dice show 1, 1, 2, 2, 3 and afterburner
      Then the commander may pick:
        | choice                          |
        | 1                               |
        | 1 with the Die-1 of player 0    |
      When the commander picks 1 with the Die-1 of player 0
      Then the rocket is on space 8
      And 4 dice are available

    @id:mlem-0107
    Example: A flipped die-one cannot be used again
      Given the rocket is on space 5
      And the rocket carries player 0's die-one (flipped), player 1's parachute and player 2's satellite
      When the dice show 1, 2, 2, 3, 3 and afterburner
      Then the commander may pick:
        | choice |
        | 1      |

    @id:mlem-0108
    Example: Using a flipped die-one is refused
      Given the rocket is on space 5
      And the rocket carries player 0's die-one (flipped), player 1's parachute and player 2's satellite
      When the dice show 1, 2, 2, 3, 3 and afterburner
      And the commander picks 1 with the Die-1 of player 0
      Then the action is rejected under power.die-one naming "no unused Die-1"

    @id:mlem-0109
    Example: Several die-ones of other players can be used in one move
      Given the rocket is on space 5
      And the rocket carries player 0's satellite, player 1's die-one and player 2's die-one
      When the dice show 1, 2, 2, 3, 3 and afterburner
      Then the commander may pick:
        | choice                                 |
        | 1                                      |
        | 1 with the Die-1 of player 1           |
        | 1 with the Die-1 of player 2           |
        | 1 with the Die-1s of players 1 and 2   |
      When the commander picks 1 with the Die-1s of players 1 and 2
      Then the rocket is on space 8
      And the rocket carries player 0's satellite, player 1's die-one (flipped) and player 2's die-one (flipped)
      And 5 dice are available

    @id:mlem-0110
    Example: The die-one cannot give a 1 where 1 is not printed
      Given the rocket is on space 2
      And the rocket carries player 0's die-one, player 1's parachute and player 2's satellite
      When the dice show 1, 2, 3, 3, 4 and afterburner
      And the commander picks 1 with the Die-1 of player 0
      Then the action is rejected under travel.allowed-faces naming "'1' is not allowed on space 2"

    @id:mlem-0111
    Example: The die-one is not offered where 1 is not printed
      Given the rocket is on space 12
      And the rocket carries player 0's die-one, player 1's parachute and player 2's satellite
      When the dice show 1, 2, 4, 4, 4 and afterburner
      Then the commander may pick:
        | choice |
        | 2      |

    @id:mlem-0112
    Example: The die-one cannot be added to a group of another face
      Given the rocket is on space 5
      And the rocket carries player 0's die-one, player 1's parachute and player 2's satellite
      When the dice show 1, 2, 2, 3, 4 and afterburner
      And the commander picks 4 with the Die-1 of player 0
      Then the action is rejected under power.die-one naming "the 1s group"

    @id:mlem-0113
    Example: A die-one alone saves a roll with no usable die
      Given the rocket is on space 5
      And the rocket carries player 0's die-one, player 1's parachute and player 2's satellite
      When the dice show 2, 2, 3, 3, afterburner and afterburner
      Then the rocket does not crash
      And the commander may pick:
        | choice                       |
        | 1 with the Die-1 of player 0 |
      When the commander picks 1 with the Die-1 of player 0
      Then the rocket is on space 6
      And 6 dice are available
      And the crash marker is at 0

    @option:die_one_rescue
    @id:mlem-0114
    Example: Without the rescue reading a roll with no usable die crashes despite a die-one
      Given the rule option die_one_rescue is false
      And the rocket is on space 5
      And the rocket carries player 0's die-one, player 1's parachute and player 2's satellite
      When the dice show 2, 2, 3, 3, afterburner and afterburner
      Then the rocket crashes
      And the crash marker is at 1

    @option:die_one_rescue
    @id:mlem-0115
    Example: Without the rescue reading the die-one is usable once the roll has a usable die
      Given the rule option die_one_rescue is false
      And the rocket is on space 5
      And the rocket carries player 0's die-one, player 1's parachute and player 2's satellite
      When the dice show 2, 2, 3, 3, 4 and afterburner
      Then the commander may pick:
        | choice                             |
        | 1 with the Die-1 of player 0       |
        | 4                                  |
        | 1 and 4 with the Die-1 of player 0 |

    @id:mlem-0116
    Example: A flipped die-one saves nothing
      Given the rocket is on space 5
      And the rocket carries player 0's die-one (flipped), player 1's parachute and player 2's satellite
      When the dice show 2, 2, 3, 3, afterburner and afterburner
      Then the rocket crashes

    @id:mlem-0117
    Example: A die-one saves nothing where 1 is not printed
      Given the rocket is on space 2
      And the rocket carries player 0's die-one, player 1's parachute and player 2's satellite
      When the dice show 1, 1, 1, afterburner, afterburner and afterburner
      Then the rocket crashes

    @id:mlem-0118
    Example: With several groups allowed the die-one may join a combined move
      Given the rocket is on space 5
      And the rocket carries player 0's die-one, player 1's parachute and player 2's satellite
      When the dice show 1, 2, 3, 4, afterburner and afterburner
      Then the commander may pick:
        | choice                             |
        | 1                                  |
        | 1 with the Die-1 of player 0       |
        | 4                                  |
        | 1 and 4                            |
        | 1 and 4 with the Die-1 of player 0 |
      When the commander picks 1 and 4 with the Die-1 of player 0
      Then the rocket is on space 11

    @option:dice_selection
    @id:mlem-0119
    Example: Under single-group the die-one goes only with the 1s group
      Given the rule option dice_selection is single-group
      And the rocket is on space 5
      And the rocket carries player 0's die-one, player 1's parachute and player 2's satellite
      When the dice show 1, 2, 3, 4, afterburner and afterburner
      Then the commander may pick:
        | choice                       |
        | 1                            |
        | 1 with the Die-1 of player 0 |
        | 4                            |

    @option:dice_selection
    @id:mlem-0120
    Example: Under single-group the die-one cannot be added to a second group
      Given the rule option dice_selection is single-group
      And the rocket is on space 5
      And the rocket carries player 0's die-one, player 1's parachute and player 2's satellite
      When the dice show 1, 2, 3, 4, afterburner and afterburner
      And the commander picks 1 and 4 with the Die-1 of player 0
      Then the action is rejected under travel.group-count naming "single-group"

    @id:mlem-0121
    Example: A used die-one that went home is face up in the next expedition
      Given the rocket is on space 2
      And the rocket carries player 0's die-one (flipped), player 1's parachute and player 2's satellite
      When the dice show 1, 1, 1, afterburner, afterburner and afterburner
      Then the rocket crashes
      And expedition 2 is taking off
      When the players embark satellite, parachute and die-one
      Then the rocket carries player 1's satellite, player 2's parachute and player 0's die-one
