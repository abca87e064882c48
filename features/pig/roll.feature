Feature: Rolling
  One six-sided die; a 1 loses the turn, any other face adds to it.

  Background:
    Given a 2-player game to 100
    And the scores are 30, 40

  @clause:roll.die
  Rule: One six-sided die

    @id:pig-0012
    Example: A roll is one of six equally likely faces
      When "roll" is played
      Then the chance outcomes are:
        | outcome | probability |
        | die 1   | 1/6         |
        | die 2   | 1/6         |
        | die 3   | 1/6         |
        | die 4   | 1/6         |
        | die 5   | 1/6         |
        | die 6   | 1/6         |

  @clause:roll.one
  Rule: A 1 ends the turn with nothing

    @id:pig-0013
    Example: A 1 loses the turn total
      Given player 0 is to act with a turn total of 12
      When "roll" is played
      And the chance outcome is "die 1"
      Then the state at /scores is [30, 40]
      And the state at /turn_total is 0
      And player 1 is to act
      And the events are:
        | type        | clause     | player | face | lost |
        | rolled      | roll.die   | 0      | 1    | null |
        | pigged-out  | roll.one   | 0      | null | 12   |
        | turn-passed | turn.order | 1      | null | null |

  @clause:roll.add
  Rule: Other faces add to the turn total

    @id:pig-0014
    Example: A 5 adds 5 and the player chooses again
      Given player 1 is to act with a turn total of 6
      When "roll" is played
      And the chance outcome is "die 5"
      Then the state at /turn_total is 11
      And player 1 is to act
      And the events are:
        | type   | clause   | player | face | turn_total |
        | rolled | roll.die | 1      | 5    | null       |
        | added  | roll.add | 1      | null | 11         |
