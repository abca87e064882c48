Feature: Setup
  Two to eight players, all on 0, a start player and a target score.

  @clause:setup.players
  Rule: Two to eight players, each starting on 0

    @id:pig-0001
    Example: A 3-player game starts with every score at 0
      Given a 3-player game to 100
      When a new game is set up
      Then the state at /scores is [0, 0, 0]
      And the state at /turn_total is 0

    @id:pig-0002
    Example: One player is not a game
      Given a 1-player game to 100
      When a new game is set up
      Then the setup is rejected under setup.players

    @id:pig-0022
    Example: Nine players are too many
      Given a 9-player game to 100
      When a new game is set up
      Then the setup is rejected under setup.players

    @id:pig-0023
    Example: The start player must sit at the table
      Given the setup has:
        | players      | 2   |
        | target       | 100 |
        | start_player | 2   |
      When a new game is set up
      Then the setup is rejected under setup.players

  @clause:setup.target
  Rule: The game is played to a target score

    @id:pig-0003
    Example: A hold that reaches a small target ends the game
      Given a 2-player game to 10
      And the scores are 6, 0
      And player 0 is to act with a turn total of 4
      When "hold" is played
      Then the game is over
      And the winner is player 0

  @clause:setup.start
  Rule: The start player takes the first turn

    @id:pig-0004
    Example: Player 1 starts
      Given the setup has:
        | players      | 2   |
        | target       | 100 |
        | start_player | 1   |
      When a new game is set up
      Then player 1 is to act
