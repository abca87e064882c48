Feature: The end of the game
  Reaching the target ends the game at once, or (rule option game_end = last-turn) after
  every other player's last turn.

  Background:
    Given a 3-player game to 20
    And the scores are 12, 15, 18

  @clause:end.immediate
  Rule: The first to reach the target wins at once

    @id:pig-0016
    Example: Player 1 banks 20 and wins
      Given player 1 is to act with a turn total of 5
      When player 1 holds
      Then the game is over, won by player 1
      And an event game-ended cites end.immediate

    @id:pig-0017
    Example: A turn total past the target does not count until held
      Given player 1 is to act with a turn total of 5
      When player 1 rolls a 3
      Then the game is not over

  @clause:end.last-turn
  Rule: One last turn for everyone else

    @id:pig-0018 @option:game_end
    Example: The others still play after the target is reached
      Given the rule option game_end is last-turn
      And player 1 is to act with a turn total of 5
      When player 1 holds
      Then the game is not over
      And player 2 is to act
      And an event target-reached cites end.last-turn

    @id:pig-0019 @option:game_end
    Example: A later player beats the first to the target
      Given the rule option game_end is last-turn
      And player 2 is to act with a turn total of 6
      And player 1 reached the target first
      And the scores are 12, 21, 18
      When player 2 holds
      And player 0 rolls a 1
      Then the game is over, won by player 2
      And an event game-ended cites end.last-turn

    @id:pig-0020 @option:game_end
    Example: Tied on the highest score, players share the win
      Given the rule option game_end is last-turn
      And the scores are 12, 21, 15
      And player 2 is to act with a turn total of 6
      And player 1 reached the target first
      When player 2 holds
      And player 0 rolls a 1
      Then the game is over, won by players 1, 2
