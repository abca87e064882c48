Feature: Expedition flow
  An expedition alternates travel and landing phases for as long as somebody is aboard: the
  commander of the moment rolls whatever dice are still available. It ends when the rocket is
  empty, reaches deep space or crashes; then all six dice come back, used Die-1 astronauts are
  turned face up again, and the next player clockwise from the start player starts the next
  expedition.

  Background:
    Given the "short" board
    And a 3-player game

  @clause:expedition.continue
  Rule: While anyone is aboard, the commander rolls the dice that are left

    @id:mlem-0031
    Example: After a landing phase the new commander rolls the remaining dice
      Given the rocket is on space 6
      And the rocket carries player 0's satellite, player 1's parachute and player 2's planet-double
      When the dice show 1, 1, 3, 4, 4 and 4
      And the commander picks 3
      And player 0 lands
      And player 1 stays aboard
      And player 2 stays aboard
      Then the next step is a roll of 5 dice
      And the commander is player 1

    @id:mlem-0032
    Example: Afterburners are not set aside, so every die can be left for the next roll
      Given the rocket is on space 4
      And the rocket carries player 0's satellite, player 1's parachute and player 2's planet-double
      When the dice show 1, 1, 4, 4, 4 and afterburner
      And the commander picks afterburner
      And player 0 stays aboard
      And player 1 stays aboard
      And player 2 stays aboard
      Then the rocket is on space 6
      And the next step is a roll of 6 dice

    @id:mlem-0033
    Example: After a move with no landing phase the same commander rolls again
      Given the rocket is on space 1 with 4 dice
      And the rocket carries player 0's satellite, player 1's parachute and player 2's planet-double
      When the dice show 2, 2, 3 and 4
      And the commander picks 2
      Then the next step is a roll of 2 dice
      When the dice show 1 and 3
      Then player 0 is to act

  @clause:expedition.end
  Rule: An empty rocket, deep space or a crash ends the expedition and the next player starts

    @id:mlem-0034
    Example: The last astronaut to get off ends the expedition
      Given the rocket is on space 6
      And the rocket carries player 0's satellite, player 1's parachute and player 2's planet-double
      When the dice show 1, 1, 2, 4, 4 and 4
      And the commander picks 2
      And player 0 lands
      And player 1 lands
      And player 2 lands
      Then expedition 2 is taking off
      And 6 dice are available
      And the start player is player 1

    @id:mlem-0035
    Example: Reaching deep space ends the expedition
      Given the rocket is on space 12 with 3 dice
      And the rocket carries player 0's satellite, player 1's parachute and player 2's planet-double
      When the dice show 2, 3 and 4
      And the commander picks 3
      Then expedition 2 is taking off
      And 6 dice are available
      And the start player is player 1

    @id:mlem-0036
    Example: A crash ends the expedition and a flipped Die-1 comes home face up
      Given the rocket is on space 9 with 4 dice
      And the rocket carries player 0's satellite, player 1's moon-double and player 2's die-one (flipped)
      When the dice show 4, 4, afterburner and afterburner
      Then expedition 2 is taking off
      And 6 dice are available
      And the start player is player 1
      When the players embark satellite, die-one and moon-double
      Then the rocket carries player 1's satellite, player 2's die-one and player 0's moon-double

    @id:mlem-0037
    Example: The start player passes on even after the commander has changed
      Given player 0's planet-double has landed on space 8
      And the rocket is on space 9 with 4 dice
      And the rocket carries player 1's moon-double and player 2's satellite
      When the dice show 4, 4, afterburner and afterburner
      Then expedition 2 is taking off
      And the start player is player 1

    @id:mlem-0038
    Example: After the last player the first player starts again
      Given a 3-player game starting with player 2
      And the rocket is on space 12 with 3 dice
      And the rocket carries player 2's satellite, player 0's parachute and player 1's planet-double
      When the dice show 2, 3 and 4
      And the commander picks 3
      Then expedition 2 is taking off
      And the start player is player 0
