Feature: Travel phase
  The commander rolls every available die, picks complete groups of equal faces among those
  printed at the rocket's space, and moves the rocket by their sum. Used numbered dice are set
  aside for the rest of the expedition; afterburners stay.

  Background:
    Given the "short" board
    And a 3-player game
    And the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double

  @clause:travel.commander
  Rule: The owner of the front seat is the commander

    Example: The front seat's owner makes the move
      Given the rocket is on space 3
      When the dice show 1, 2, 2, 3, 4 and 4
      Then the next decision is player 0's

    Example: Another player cannot move the rocket
      Given the rocket is on space 3
      When the dice show 1, 2, 2, 3, 4 and 4
      And player 1 picks 2
      Then the action is rejected under turn.actor

  @clause:travel.allowed-faces
  Rule: Only faces printed at the rocket's space can be chosen

    Example: A face not printed at the space is refused
      Given the rocket is on space 5
      When the dice show 1, 2, 2, 3, 4 and afterburner
      And the commander picks 3
      Then the action is rejected under travel.allowed-faces naming "'3' is not allowed on space 5"

    Example: The choices offered are the rolled faces printed at the space
      Given the rocket is on space 5
      When the dice show 1, 2, 2, 3, 4 and afterburner
      Then the commander may pick:
        | choice  |
        | 1       |
        | 4       |
        | 1 and 4 |
