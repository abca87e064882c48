Feature: Scoring
  Moon slots, the comet and the galaxy pay out the moment an astronaut lands on them. Planets
  pay gold, silver and bronze by head count when the game ends, earlier arrival breaking a
  tie. Each goal token adds 5 points. The highest total wins; tied players share the win
  unless the deep-space tie-break is chosen.

  Background:
    Given the "short" board
    And a 4-player game

  @clause:scoring.moons
  Rule: A moon slot scores its value for the astronaut's owner as soon as it lands

    @id:mlem-0122
    Example: Landings on a moon score the slots in fill order, at once
      Given the rocket is on space 5 with 2 dice
      And the rocket carries player 0's satellite, player 1's satellite, player 2's satellite and player 3's satellite
      When the dice show 1 and 2
      And the commander picks 1
      And player 0 lands
      And player 1 lands
      Then the game is not over
      And player 0 scores 4 points for moons
      And player 1 scores 2 points for moons
      And player 2 scores 0 points for moons
      And player 0 scores 4 points

    @id:mlem-0123
    Example: A moon-double astronaut scores its slot twice
      Given the rocket is on space 6 with 2 dice
      And the rocket carries player 0's moon-double, player 1's satellite, player 2's moon-double and player 3's satellite
      When the dice show 1 and 3
      And the commander picks 3
      And player 0 lands
      And player 1 stays aboard
      And player 2 lands
      Then player 0 scores 10 points for moons
      And player 2 scores 6 points for moons

    @id:mlem-0124
    Example: A player's moons add up
      Given player 0's satellite has landed on space 6
      And player 1's satellite has landed on space 6
      And player 0's plus-minus has landed on space 7
      And player 0's parachute has landed on space 9
      Then player 0 scores 12 points for moons
      And player 1 scores 2 points for moons

  @clause:scoring.planets
  Rule: Each planet pays gold, silver and bronze to the players with the most astronauts there

    @id:mlem-0125
    Example: Head count, not arrival, ranks the players on a planet
      Given player 2's satellite has landed on space 10
      And player 1's satellite has landed on space 10
      And player 1's plus-minus has landed on space 10
      And player 0's satellite has landed on space 10
      And player 0's plus-minus has landed on space 10
      And player 0's parachute has landed on space 10
      Then player 0 scores 8 points for planets
      And player 1 scores 4 points for planets
      And player 2 scores 2 points for planets

    @id:mlem-0126
    Example: A fourth-ranked player scores nothing on that planet
      Given player 3's satellite has landed on space 8
      And player 2's satellite has landed on space 8
      And player 2's plus-minus has landed on space 8
      And player 1's satellite has landed on space 8
      And player 1's plus-minus has landed on space 8
      And player 1's parachute has landed on space 8
      And player 0's satellite has landed on space 8
      And player 0's plus-minus has landed on space 8
      And player 0's parachute has landed on space 8
      And player 0's moon-double has landed on space 8
      Then player 0 scores 6 points for planets
      And player 1 scores 3 points for planets
      And player 2 scores 1 point for planets
      And player 3 scores 0 points for planets

    @id:mlem-0127
    Example: The awards are those of the planet
      Given planet P1 awards 9, 5 and 2
      And player 0's satellite has landed on space 8
      And player 0's plus-minus has landed on space 8
      And player 1's satellite has landed on space 8
      Then player 0 scores 9 points for planets
      And player 1 scores 5 points for planets

    @id:mlem-0128
    Example: A lone astronaut takes gold, and planets add up
      Given player 0's satellite has landed on space 8
      And player 0's plus-minus has landed on space 12
      Then player 0 scores 18 points for planets
      And player 0 scores 18 points

  @clause:scoring.planet-ties
  Rule: Between equal head counts on a planet, the player who arrived first ranks higher

    @id:mlem-0129
    Example: The earlier arrival takes gold on a tie
      Given player 1's satellite has landed on space 10
      And player 0's satellite has landed on space 10
      Then player 1 scores 8 points for planets
      And player 0 scores 4 points for planets

    @id:mlem-0436
    Example: At the end of the game a tie broken by arrival is an event
      Given the crash limit is 1
      And player 1's satellite has landed on space 10
      And player 0's satellite has landed on space 10
      And the rocket is on space 5 with 2 dice
      And the rocket carries player 0's die-removal, player 1's die-removal, player 2's die-removal and player 3's die-removal
      When the dice show 2 and 3
      Then the game is over because of crash-limit
      And player 1 scores 8 points for planets
      And player 0 scores 4 points for planets
      And a planet-tie-broken event cites scoring.planet-ties
      And a planet-scored event cites scoring.planets

    @id:mlem-0130
    Example: Each tied player's first astronaut on the planet decides
      Given player 0's satellite has landed on space 11
      And player 1's satellite has landed on space 11
      And player 1's plus-minus has landed on space 11
      And player 0's plus-minus has landed on space 11
      Then player 0 scores 10 points for planets
      And player 1 scores 5 points for planets

    @id:mlem-0131
    Example: A three-way tie is ranked by arrival order
      Given player 2's satellite has landed on space 12
      And player 0's satellite has landed on space 12
      And player 1's satellite has landed on space 12
      Then player 2 scores 12 points for planets
      And player 0 scores 6 points for planets
      And player 1 scores 3 points for planets

    @id:mlem-0132
    Example: An astronaut landing now ranks after an equal count already there
      Given player 1's satellite has landed on space 8
      And the rocket is on space 6 with 2 dice
      And the rocket carries player 0's parachute, player 1's parachute, player 2's parachute and player 3's parachute
      When the dice show 1 and 2
      And the commander picks 2
      And player 0 lands
      And player 1 stays aboard
      And player 2 stays aboard
      And player 3 stays aboard
      Then player 1 scores 6 points for planets
      And player 0 scores 3 points for planets

  @clause:scoring.deep-space
  Rule: The comet scores 7 and the galaxy 5, at the moment of landing

    @id:mlem-0133
    Example: Reaching deep space scores the comet for the commander and the galaxy for the rest
      Given the rocket is on space 12 with 2 dice
      And the rocket carries player 0's parachute, player 1's parachute, player 2's parachute and player 3's parachute
      When the dice show 1 and 2
      And the commander picks 2
      Then player 0 scores 7 points for deep space
      And player 1 scores 5 points for deep space
      And player 3 scores 5 points for deep space

    @id:mlem-0134
    Example: Deep-space points add up over expeditions
      Given player 0's satellite has landed on the comet
      And player 0's plus-minus has landed on the galaxy
      And player 1's satellite has landed on the galaxy
      Then player 0 scores 12 points for deep space
      And player 1 scores 5 points for deep space

  @clause:scoring.goals
  Rule: Every goal token held is worth 5 points

    @id:mlem-0135
    Example: A goal token adds 5 to the total
      Given player 0's satellite has landed on the comet
      And player 0's plus-minus has landed on the galaxy
      And player 0 holds the deep-space-pair goal
      Then player 0 scores 5 points for goals
      And player 0 scores 17 points
      And player 1 scores 0 points for goals

    @id:mlem-0136
    Example: Two goal tokens are worth 10
      Given player 1's satellite has landed on space 6
      And player 1's plus-minus has landed on space 6
      And player 1's parachute has landed on space 7
      And player 1's deep-space-double has landed on space 9
      And player 1's moon-double has landed on space 10
      And player 1's die-removal has landed on space 10
      And player 1's die-one has landed on space 10
      And player 1 holds the four-moons goal
      And player 1 holds the planet-trio goal
      Then player 1 scores 10 points for goals
      And player 1 scores 14 points for moons
      And player 1 scores 8 points for planets
      And player 1 scores 32 points

  @clause:scoring.winner
  Rule: The most points wins; tied players share the win (option: most astronauts in deep space)

    @id:mlem-0137
    Example: The player with the most points wins
      Given the crash limit is 1
      And player 0's satellite has landed on space 9
      And player 1's satellite has landed on space 6
      And player 1's plus-minus has landed on space 8
      And the rocket is on space 5 with 2 dice
      And the rocket carries player 0's die-removal, player 1's die-removal, player 2's die-removal and player 3's die-removal
      When the dice show 2 and 3
      Then the game is over because of crash-limit
      And player 0 scores 5 points
      And player 1 scores 10 points
      And the winner is player 1
      And a planet-scored event cites scoring.planets
      And a final-scores event cites scoring.winner

    @id:mlem-0138
    Example: Players tied on the top score share the win
      Given the crash limit is 1
      And player 0's satellite has landed on the comet
      And player 0's plus-minus has landed on the galaxy
      And player 1's satellite has landed on space 9
      And player 1's plus-minus has landed on space 6
      And player 1's parachute has landed on space 7
      And the rocket is on space 5 with 2 dice
      And the rocket carries player 0's die-removal, player 1's die-removal, player 2's die-removal and player 3's die-removal
      When the dice show 2 and 3
      Then player 0 scores 12 points
      And player 1 scores 12 points
      And the winners are player 0 and player 1

    @option:tie_break
    @id:mlem-0139
    Example: With the deep-space tie-break the tied player with more astronauts in deep space wins
      Given the rule option tie_break is deep-space
      And the crash limit is 1
      And player 0's satellite has landed on the comet
      And player 0's plus-minus has landed on the galaxy
      And player 1's satellite has landed on space 9
      And player 1's plus-minus has landed on space 6
      And player 1's parachute has landed on space 7
      And the rocket is on space 5 with 2 dice
      And the rocket carries player 0's die-removal, player 1's die-removal, player 2's die-removal and player 3's die-removal
      When the dice show 2 and 3
      Then player 0 scores 12 points
      And player 1 scores 12 points
      And the winner is player 0

    @option:tie_break
    @id:mlem-0140
    Example: With the deep-space tie-break players still tied share the win
      Given the rule option tie_break is deep-space
      And the crash limit is 1
      And player 0's satellite has landed on the comet
      And player 1's satellite has landed on the comet
      And player 2's satellite has landed on space 6
      And the rocket is on space 5 with 2 dice
      And the rocket carries player 0's die-removal, player 1's die-removal, player 2's die-removal and player 3's die-removal
      When the dice show 2 and 3
      Then player 0 scores 7 points
      And player 1 scores 7 points
      And the winners are player 0 and player 1
