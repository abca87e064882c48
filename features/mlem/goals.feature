Feature: Goal tokens
  Four goal tokens are up for grabs, each worth 5 points: two astronauts in deep space, three
  on one planet, four on moons, and one on each of four planets. A token goes to the first
  player whose landing meets its condition and is never taken away; the check follows each
  single landing, in the order the landings happen.

  Background:
    Given the "short" board
    And a 3-player game

  @clause:goal.first-come
  Rule: Each goal token goes to the first player to meet its condition and stays there

    @id:mlem-0039
    Example: The first player to complete a goal takes its token
      Given player 0's satellite has landed on space 8
      And player 0's plus-minus has landed on space 8
      And the rocket is on space 6 with 2 dice
      And the rocket carries player 0's parachute, player 1's parachute and player 2's parachute
      When the dice show 1 and 2
      And the commander picks 2
      And player 0 lands
      Then player 0 holds the planet-trio goal
      And player 0 scores 5 points for goals
      And player 1 is to act

    @id:mlem-0040
    Example: A later player meeting a goal already taken gets nothing
      Given player 2's satellite has landed on space 10
      And player 2's plus-minus has landed on space 10
      And player 2's die-one has landed on space 10
      And player 2 holds the planet-trio goal
      And player 0's satellite has landed on space 8
      And player 0's plus-minus has landed on space 8
      And the rocket is on space 6 with 2 dice
      And the rocket carries player 0's parachute, player 1's parachute and player 2's parachute
      When the dice show 1 and 2
      And the commander picks 2
      And player 0 lands
      Then player 2 holds the planet-trio goal
      And player 0 scores 0 points for goals
      And player 2 scores 5 points for goals

    @id:mlem-0041
    Example: One player may hold several goal tokens
      Given player 0's satellite has landed on space 6
      And player 0's plus-minus has landed on space 6
      And player 0's die-one has landed on space 7
      And player 0's die-removal has landed on space 9
      And player 0 holds the four-moons goal
      And player 0's moon-double has landed on space 8
      And player 0's deep-space-double has landed on space 8
      And the rocket is on space 6 with 2 dice
      And the rocket carries player 0's parachute, player 1's parachute and player 2's parachute
      When the dice show 1 and 2
      And the commander picks 2
      And player 0 lands
      Then player 0 holds the four-moons goal
      And player 0 holds the planet-trio goal
      And player 0 scores 10 points for goals

    @id:mlem-0042
    Example: Two players completing a goal in one landing phase: the earlier lander takes it
      Given player 1's satellite has landed on space 8
      And player 1's plus-minus has landed on space 8
      And player 2's satellite has landed on space 8
      And player 2's plus-minus has landed on space 8
      And the rocket is on space 6 with 2 dice
      And the rocket carries player 0's parachute, player 1's parachute and player 2's parachute
      When the dice show 1 and 2
      And the commander picks 2
      And player 0 stays aboard
      And player 1 lands
      And player 2 lands
      Then player 1 holds the planet-trio goal
      And player 1 scores 5 points for goals
      And player 2 scores 0 points for goals

    @id:mlem-0043
    Example: In deep space the astronauts land front seat first, so the front one takes the goal
      Given player 1's satellite has landed on the galaxy
      And player 2's satellite has landed on the galaxy
      And the rocket is on space 12 with 2 dice
      And the rocket carries player 0's parachute, player 1's parachute and player 2's parachute
      When the dice show 1 and 2
      And the commander picks 2
      Then player 1's parachute is on the galaxy
      And player 2's parachute is on the galaxy
      And player 1 holds the deep-space-pair goal
      And player 2 scores 0 points for goals

    @id:mlem-0044
    Example: A parachute landing after a crash can complete a goal
      Given player 0's satellite has landed on space 8
      And player 0's plus-minus has landed on space 8
      And the rocket is on space 8 with 2 dice
      And the rocket carries player 0's parachute, player 1's moon-double and player 2's planet-double
      When the dice show 1 and 3
      And player 0 lands
      Then the rocket crashes
      And player 0's parachute is on the planet of space 8
      And player 0 holds the planet-trio goal

  @clause:goal.deep-space-pair
  Rule: Two of a player's astronauts in deep space, comet or galaxy, win the deep-space-pair goal

    @id:mlem-0045
    Example: An astronaut on the comet and one on the galaxy make a pair
      Given player 0's satellite has landed on the comet
      And the rocket is on space 12 with 2 dice
      And the rocket carries player 1's parachute, player 0's parachute and player 2's parachute
      When the dice show 1 and 2
      And the commander picks 2
      Then player 0's parachute is on the galaxy
      And player 0 holds the deep-space-pair goal
      And player 0 scores 5 points for goals

    @id:mlem-0046
    Example: One astronaut each in deep space is not a pair
      Given the rocket is on space 12 with 2 dice
      And the rocket carries player 0's parachute, player 1's parachute and player 2's parachute
      When the dice show 1 and 2
      And the commander picks 2
      Then player 0's parachute is on the comet
      And player 1's parachute is on the galaxy
      And nobody holds the deep-space-pair goal
      And player 0 scores 0 points for goals

  @clause:goal.planet-trio
  Rule: Three of a player's astronauts on the same planet win the planet-trio goal

    @id:mlem-0047
    Example: The third astronaut on one planet completes the trio
      Given player 0's satellite has landed on space 10
      And player 0's plus-minus has landed on space 10
      And the rocket is on space 9 with 2 dice
      And the rocket carries player 0's parachute, player 1's parachute and player 2's parachute
      When the dice show 1 and 4
      And the commander picks 1
      And player 0 lands
      Then player 0's parachute is on the planet of space 10
      And player 0 holds the planet-trio goal
      And player 0 scores 5 points for goals

    @id:mlem-0048
    Example: Two astronauts on one planet are not yet a trio
      Given player 0's satellite has landed on space 8
      And the rocket is on space 6 with 2 dice
      And the rocket carries player 0's parachute, player 1's parachute and player 2's parachute
      When the dice show 1 and 2
      And the commander picks 2
      And player 0 lands
      Then player 0's parachute is on the planet of space 8
      And nobody holds the planet-trio goal
      And player 0 scores 0 points for goals

    @id:mlem-0049
    Example: Three astronauts on three different planets are not a trio
      Given player 0's satellite has landed on space 8
      And player 0's plus-minus has landed on space 10
      And the rocket is on space 9 with 2 dice
      And the rocket carries player 0's parachute, player 1's parachute and player 2's parachute
      When the dice show 2 and 4
      And the commander picks 2
      And player 0 lands
      Then player 0's parachute is on the planet of space 11
      And nobody holds the planet-trio goal

  @clause:goal.four-moons
  Rule: Four of a player's astronauts on moons win the four-moons goal

    @id:mlem-0050
    Example: The fourth astronaut on a moon completes the goal, two slots of one space counting twice
      Given player 0's satellite has landed on space 6
      And player 0's plus-minus has landed on space 6
      And player 0's die-one has landed on space 7
      And the rocket is on space 6 with 2 dice
      And the rocket carries player 0's parachute, player 1's parachute and player 2's parachute
      When the dice show 1 and 3
      And the commander picks 3
      And player 0 lands
      Then player 0's parachute is on the moon of space 9 in slot 0
      And player 0 holds the four-moons goal
      And player 0 scores 5 points for goals

    @id:mlem-0051
    Example: Three moons and a planet are not four moons
      Given player 0's satellite has landed on space 6
      And player 0's plus-minus has landed on space 7
      And player 0's die-one has landed on space 8
      And the rocket is on space 6 with 2 dice
      And the rocket carries player 0's parachute, player 1's parachute and player 2's parachute
      When the dice show 1 and 3
      And the commander picks 3
      And player 0 lands
      Then player 0's parachute is on the moon of space 9 in slot 0
      And nobody holds the four-moons goal
      And player 0 scores 0 points for goals

    @option:four_moons
    @id:mlem-0420
    Example: With four_moons=spaces, two slots of one moon space are one moon
      Given the rule option four_moons is spaces
      And player 0's satellite has landed on space 6
      And player 0's plus-minus has landed on space 6
      And player 0's die-one has landed on space 7
      And the rocket is on space 6 with 2 dice
      And the rocket carries player 0's parachute, player 1's parachute and player 2's parachute
      When the dice show 1 and 3
      And the commander picks 3
      And player 0 lands
      Then player 0's parachute is on the moon of space 9 in slot 0
      And nobody holds the four-moons goal
      And player 0 scores 0 points for goals

    @option:four_moons
    @id:mlem-0421
    Example: With four_moons=spaces, astronauts on four different moon spaces win the goal
      Given the rule option four_moons is spaces
      And space 5 has moons worth 2
      And player 0's satellite has landed on space 5
      And player 0's plus-minus has landed on space 6
      And player 0's die-one has landed on space 7
      And the rocket is on space 6 with 2 dice
      And the rocket carries player 0's parachute, player 1's parachute and player 2's parachute
      When the dice show 1 and 3
      And the commander picks 3
      And player 0 lands
      Then player 0's parachute is on the moon of space 9 in slot 0
      And player 0 holds the four-moons goal

  @clause:goal.four-planets
  Rule: A player's astronauts on four different planets win the four-planets goal

    @id:mlem-0052
    Example: An astronaut on a fourth planet completes the goal
      Given player 0's satellite has landed on space 8
      And player 0's plus-minus has landed on space 10
      And player 0's die-one has landed on space 11
      And the rocket is on space 11 with 2 dice
      And the rocket carries player 0's parachute, player 1's parachute and player 2's parachute
      When the dice show 1 and 3
      And the commander picks 1
      And player 0 lands
      Then player 0's parachute is on the planet of space 12
      And player 0 holds the four-planets goal
      And player 0 scores 5 points for goals

    @id:mlem-0053
    Example: Four astronauts on only three planets do not complete it
      Given player 0's satellite has landed on space 8
      And player 0's plus-minus has landed on space 8
      And player 0's die-one has landed on space 10
      And the rocket is on space 9 with 2 dice
      And the rocket carries player 0's parachute, player 1's parachute and player 2's parachute
      When the dice show 2 and 4
      And the commander picks 2
      And player 0 lands
      Then player 0's parachute is on the planet of space 11
      And nobody holds the four-planets goal
      And player 0 scores 0 points for goals
