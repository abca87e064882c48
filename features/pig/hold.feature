Feature: Holding
  Banking the turn total.

  @clause:hold.bank
  Rule: Holding banks the turn total

    @id:pig-0015
    Example: Holding adds the turn total to the score
      Given a 2-player game to 100
      And the scores are 30, 40
      And player 1 is to act with a turn total of 9
      When "hold" is played
      Then the state at /scores is [30, 49]
      And the state at /turn_total is 0
      And player 0 is to act
      And the events are:
        | type        | clause     | player | banked | score |
        | held        | hold.bank  | 1      | 9      | 49    |
        | turn-passed | turn.order | 0      | null   | null  |

  @clause:hold.after-roll
  Rule: A turn starts with a roll

    @id:pig-0010
    Example: At the start of a turn only rolling is legal
      Given a 3-player game to 100
      Then the legal actions are:
        | roll |

    @id:pig-0011
    Example: Holding with nothing rolled is refused
      Given a 3-player game to 100
      When the action is played:
        """
        {"type": "hold", "player": 0}
        """
      Then the action is rejected under hold.after-roll
