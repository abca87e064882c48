Feature: End of the game
  The game stops in one of two ways: the crash marker reaches the end of the crash track, or
  a player gets all eight of their astronauts into space. By default a player's eighth landing
  lets the running expedition finish before the game ends; a rule option ends it on the spot.

  Background:
    Given the "short" board
    And a 3-player game

  @clause:end.crash-limit
  Rule: The crash that brings the marker to the crash limit ends the game

    @id:mlem-0019
    Example: The crash that reaches the limit ends the game
      Given the crash limit is 2
      And the crash marker is at 1
      And the rocket is on space 5 with 2 dice
      And the rocket carries player 0's satellite, player 1's satellite and player 2's satellite
      When the dice show 2 and 3
      Then the rocket crashes
      And the crash marker is at 2
      And the game is over because of crash-limit

    @id:mlem-0020
    Example: A crash one short of the limit lets the game go on
      Given the crash limit is 3
      And the crash marker is at 1
      And the rocket is on space 5 with 2 dice
      And the rocket carries player 0's satellite, player 1's satellite and player 2's satellite
      When the dice show 2 and 3
      Then the rocket crashes
      And the crash marker is at 2
      And the game is not over
      And expedition 2 is taking off

    @id:mlem-0021
    Example: With a crash track of 11 the eleventh crash ends the game
      Given the crash marker is at 10
      And the rocket is on space 5 with 2 dice
      And the rocket carries player 0's satellite, player 1's satellite and player 2's satellite
      When the dice show 2 and 3
      Then the crash marker is at 11
      And the game is over because of crash-limit

    @id:mlem-0022
    Example: The last crash's parachute landings are made before the game ends
      Given the crash limit is 2
      And the crash marker is at 1
      And the rocket is on space 8 with 2 dice
      And the rocket carries player 0's parachute, player 1's satellite and player 2's satellite
      When the dice show 1 and 3
      Then the rocket crashes
      And the game is not over
      And player 0 is to act
      When player 0 lands
      Then player 0's parachute is on the planet of space 8
      And the game is over because of crash-limit

  @clause:end.all-placed
  Rule: The game ends once a player has all eight astronauts placed in space

    @id:mlem-0023
    Example: The eighth astronaut landing as the last one aboard ends the game
      Given player 0's satellite has landed on space 6
      And player 0's plus-minus has landed on space 7
      And player 0's moon-double has landed on space 9
      And player 0's planet-double has landed on space 8
      And player 0's deep-space-double has landed on space 8
      And player 0's die-removal has landed on space 10
      And player 0's die-one has landed on space 10
      And the rocket is on space 9 with 2 dice
      And the rocket carries player 1's parachute, player 2's parachute and player 0's parachute
      When the dice show 1 and 4
      And the commander picks 1
      And player 1 lands
      And player 2 lands
      And player 0 lands
      Then player 0's parachute is on the planet of space 10
      And the game is over because of all-placed

    @id:mlem-0024
    Example: Seven astronauts placed do not end the game
      Given player 0's satellite has landed on space 6
      And player 0's plus-minus has landed on space 7
      And player 0's moon-double has landed on space 9
      And player 0's planet-double has landed on space 8
      And player 0's deep-space-double has landed on space 8
      And player 0's die-removal has landed on space 10
      And the rocket is on space 9 with 2 dice
      And the rocket carries player 1's parachute, player 2's parachute and player 0's parachute
      When the dice show 1 and 4
      And the commander picks 1
      And player 1 lands
      And player 2 lands
      And player 0 lands
      Then player 0's parachute is on the planet of space 10
      And the game is not over
      And expedition 2 is taking off

    @id:mlem-0025
    Example: An eighth astronaut that goes home after a crash is not placed
      Given player 0's satellite has landed on space 6
      And player 0's plus-minus has landed on space 7
      And player 0's parachute has landed on space 9
      And player 0's planet-double has landed on space 8
      And player 0's deep-space-double has landed on space 8
      And player 0's die-removal has landed on space 10
      And player 0's die-one has landed on space 10
      And the rocket is on space 9 with 2 dice
      And the rocket carries player 0's moon-double, player 1's moon-double and player 2's moon-double
      When the dice show 4 and 4
      Then the rocket crashes
      And player 0's moon-double is back on their board
      And the game is not over
      And expedition 2 is taking off

  @clause:end.timing
  Rule: After the eighth placement the expedition is finished first (option: the game ends at once)

    @id:mlem-0026
    Example: The astronauts still aboard fly on and land until the expedition ends
      Given player 0's satellite has landed on space 6
      And player 0's plus-minus has landed on space 7
      And player 0's moon-double has landed on space 9
      And player 0's planet-double has landed on space 8
      And player 0's deep-space-double has landed on space 8
      And player 0's die-removal has landed on space 10
      And player 0's die-one has landed on space 10
      And the rocket is on space 9 with 2 dice
      And the rocket carries player 0's parachute, player 1's parachute and player 2's parachute
      When the dice show 1 and 4
      And the commander picks 1
      And player 0 lands
      And player 1 stays aboard
      And player 2 stays aboard
      Then the game is not over
      And the next step is a roll of 1 die
      When the dice show 3
      And the commander picks 3
      Then player 1's parachute is on the comet
      And player 2's parachute is on the galaxy
      And player 1 scores 7 points
      And the game is over because of all-placed

    @id:mlem-0027
    Example: Astronauts behind the eighth lander still decide in the same landing phase
      Given player 0's satellite has landed on space 6
      And player 0's plus-minus has landed on space 7
      And player 0's moon-double has landed on space 9
      And player 0's planet-double has landed on space 8
      And player 0's deep-space-double has landed on space 8
      And player 0's die-removal has landed on space 10
      And player 0's die-one has landed on space 10
      And the rocket is on space 9 with 2 dice
      And the rocket carries player 0's parachute, player 1's parachute and player 2's parachute
      When the dice show 1 and 4
      And the commander picks 1
      And player 0 lands
      Then player 1 is to act
      When player 1 lands
      And player 2 lands
      Then the planet of space 10 holds player 0's die-removal, player 0's die-one, player 0's parachute, player 1's parachute and player 2's parachute
      And the game is over because of all-placed

    @option:game_end
    @id:mlem-0028
    Example: With immediate ending the game stops after the eighth landing and the others go home
      Given the rule option game_end is immediate
      And player 0's satellite has landed on space 6
      And player 0's plus-minus has landed on space 7
      And player 0's moon-double has landed on space 9
      And player 0's planet-double has landed on space 8
      And player 0's deep-space-double has landed on space 8
      And player 0's die-removal has landed on space 10
      And player 0's die-one has landed on space 10
      And the rocket is on space 9 with 2 dice
      And the rocket carries player 0's parachute, player 1's parachute and player 2's parachute
      When the dice show 1 and 4
      And the commander picks 1
      And player 0 lands
      Then the game is over because of all-placed
      And the rocket is empty
      And player 1's parachute is back on their board
      And player 2's parachute is back on their board
      And player 1 scores 0 points

    @option:game_end
    @id:mlem-0029
    Example: With immediate ending a parachutist behind the eighth one goes home too
      Given the rule option game_end is immediate
      And player 0's satellite has landed on space 6
      And player 0's plus-minus has landed on space 7
      And player 0's moon-double has landed on space 9
      And player 0's planet-double has landed on space 8
      And player 0's deep-space-double has landed on space 8
      And player 0's die-removal has landed on space 10
      And player 0's die-one has landed on space 10
      And the rocket is on space 8 with 2 dice
      And the rocket carries player 0's parachute, player 1's parachute and player 2's satellite
      When the dice show 1 and 3
      And player 0 lands
      Then player 0's parachute is on the planet of space 8
      And the game is over because of all-placed
      And player 1's parachute is back on their board

    @option:game_end
    @id:mlem-0030
    Example: With immediate ending everyone reaching deep space together still lands
      Given the rule option game_end is immediate
      And player 0's satellite has landed on space 6
      And player 0's plus-minus has landed on space 7
      And player 0's moon-double has landed on space 9
      And player 0's planet-double has landed on space 8
      And player 0's deep-space-double has landed on space 8
      And player 0's die-removal has landed on space 10
      And player 0's die-one has landed on space 10
      And the rocket is on space 12 with 2 dice
      And the rocket carries player 0's parachute, player 1's parachute and player 2's parachute
      When the dice show 1 and 2
      And the commander picks 2
      Then player 0's parachute is on the comet
      And the game is over because of all-placed
      And player 1's parachute is on the galaxy
      And player 1 scores 5 points
