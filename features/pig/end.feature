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
      When "hold" is played
      Then the game is over
      And the winner is player 1
      And the events are:
        | type       | clause        | player | banked | score | winners | reason |
        | held       | hold.bank     | 1      | 5      | 20    | null    | null   |
        | game-ended | end.immediate | null   | null   | null  | [1]     | target |

    @id:pig-0017
    Example: A turn total past the target does not count until held
      Given player 1 is to act with a turn total of 5
      When "roll" is played
      And the chance outcome is "die 3"
      Then the game is not over

  @clause:end.last-turn
  Rule: One last turn for everyone else

    @id:pig-0018 @option:game_end
    Example: The others still play after the target is reached
      Given the rule option game_end is last-turn
      And player 1 is to act with a turn total of 5
      When "hold" is played
      Then the game is not over
      And player 2 is to act
      And the events are:
        | type           | clause        | player | banked | score |
        | held           | hold.bank     | 1      | 5      | 20    |
        | target-reached | end.last-turn | 1      | null   | 20    |
        | turn-passed    | turn.order    | 2      | null   | null  |

    @id:pig-0019 @option:game_end
    Example: A later player beats the first to the target
      Given the rule option game_end is last-turn
      And player 2 is to act with a turn total of 6
      And player 1 reached the target first
      And the scores are 12, 21, 18
      When "hold" is played
      And "roll" is played
      And the chance outcome is "die 1"
      Then the game is over
      And the winner is player 2
      And the events are:
        | type       | clause        | player | banked | score | face | lost | winners | reason    |
        | held       | hold.bank     | 2      | 6      | 24    | null | null | null    | null      |
        | turn-passed | turn.order   | 0      | null   | null  | null | null | null    | null      |
        | rolled     | roll.die      | 0      | null   | null  | 1    | null | null    | null      |
        | pigged-out | roll.one      | 0      | null   | null  | null | 0    | null    | null      |
        | game-ended | end.last-turn | null   | null   | null  | null | null | [2]     | last-turn |

    @id:pig-0020 @option:game_end
    Example: Tied on the highest score, players share the win
      Given the rule option game_end is last-turn
      And the scores are 12, 21, 15
      And player 2 is to act with a turn total of 6
      And player 1 reached the target first
      When "hold" is played
      And "roll" is played
      And the chance outcome is "die 1"
      Then the game is over
      And the winners are player 1 and player 2
