Feature: Takeoff
  Every expedition begins with boarding: starting with that expedition's start player and
  going clockwise, each player moves one astronaut of their choice from their own board into
  the next free seat of the rocket, front seat first. Once everyone has boarded, the rocket
  is put on the start space (the satellite space if a satellite is aboard).

  Background:
    Given the "short" board

  @clause:takeoff.boarding-order
  Rule: Players board one astronaut each, clockwise from the start player, front seat first

    @id:mlem-0172
    Example: The start player's astronaut takes the front seat
      Given a 3-player game
      When player 0 embarks die-one
      And player 1 embarks parachute
      And player 2 embarks satellite
      Then the rocket carries player 0's die-one, player 1's parachute and player 2's satellite
      And the commander is player 0

    @id:mlem-0173
    Example: Boarding wraps around the table from a later start player
      Given a 3-player game starting with player 2
      When player 2 embarks plus-minus
      Then player 0 is to act
      When player 0 embarks moon-double
      Then player 1 is to act
      When player 1 embarks die-removal
      Then the rocket carries player 2's plus-minus, player 0's moon-double and player 1's die-removal
      And the commander is player 2

    @id:mlem-0174
    Example: Boarding resumes with the next player clockwise
      Given a 4-player game starting with player 3
      And player 3 has boarded die-one
      Then player 0 is to act
      And player 0 may embark satellite, plus-minus, parachute, moon-double, planet-double, deep-space-double, die-removal and die-one

    @id:mlem-0175
    Example: A player cannot board out of turn
      Given a 3-player game starting with player 1
      When player 0 embarks satellite
      Then the action is rejected under turn.actor naming "it is player 1's decision, not player 0's"

    @id:mlem-0176
    Example: An astronaut that is not in the reserve cannot board
      Given a 3-player game
      And player 0's satellite has landed on space 7
      When player 0 embarks satellite
      Then the action is rejected under takeoff.boarding-order naming "player 0 has no 'satellite' astronaut on their board"

    @id:mlem-0177
    Example: Only astronauts still in the reserve are offered
      Given a 3-player game
      And player 0's satellite has landed on space 7
      And player 0's parachute has landed on space 8
      Then player 0 may embark plus-minus, moon-double, planet-double, deep-space-double, die-removal and die-one

    @id:mlem-0178
    Example: Each player boards exactly one astronaut
      Given a 2-player game
      When the players embark parachute and moon-double
      And player 0 embarks die-one
      Then the action is rejected under turn.phase naming "phase roll accepts roll"

  @clause:takeoff.rocket-start
  Rule: When boarding is complete the rocket stands on the start space

    @id:mlem-0179
    Example: Without a satellite aboard the rocket starts on space 0
      Given a 3-player game
      When the players embark parachute, die-one and moon-double
      Then the rocket is on space 0
      And a rocket-placed event cites takeoff.rocket-start
      And the next step is a roll of 6 dice

    @id:mlem-0180
    Example: A satellite aboard starts the rocket on the satellite space instead
      Given a 3-player game
      When the players embark parachute, satellite and moon-double
      Then the rocket is on space 3
      And a rocket-placed event cites power.satellite

    @id:mlem-0181
    Example: The next expedition starts on space 0 again, wherever the last one ended
      Given a 3-player game
      And the rocket carries player 0's planet-double, player 1's moon-double and player 2's plus-minus
      And the rocket is on space 9 with 4 dice
      When the dice show 4, 4, 4 and afterburner
      Then expedition 2 is taking off
      When the players embark die-one, plus-minus and parachute
      Then the rocket is on space 0
      And the next step is a roll of 6 dice
