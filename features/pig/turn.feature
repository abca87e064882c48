Feature: Turns
  Who may act, what they may choose, and who plays next.

  Background:
    Given a 3-player game to 100

  @clause:turn.order
  Rule: Turns go round the table

    @id:pig-0005
    Example: After the last seat the first seat plays
      Given player 2 is to act with a turn total of 5
      When "hold" is played
      Then player 0 is to act
      And the events are:
        | type        | clause      | player | banked | score |
        | held        | hold.bank   | 2      | 5      | 5     |
        | turn-passed | turn.order  | 0      | null   | null  |

    @id:pig-0024
    Example: The next seat plays after a hold in the middle of the table
      Given player 0 is to act with a turn total of 3
      When "hold" is played
      Then player 1 is to act
      And the events are:
        | type        | clause     | player | banked | score |
        | held        | hold.bank  | 0      | 3      | 3     |
        | turn-passed | turn.order | 1      | null   | null  |

  @clause:turn.actor
  Rule: Only the player whose turn it is acts

    @id:pig-0006
    Example: Another player may not roll
      When the action is played:
        """
        {"type": "roll", "player": 1}
        """
      Then the action is rejected under turn.actor

    @id:pig-0007
    Example: Nobody chooses while the die is due
      When "roll" is played
      And the action is played:
        """
        {"type": "hold", "player": 0}
        """
      Then the action is rejected under turn.actor

    @id:pig-0008
    Example: A die face is refused when no roll is due
      When "die 4" is played
      Then the action is rejected under turn.actor

    @id:pig-0025
    Example: Nobody acts once the game is over
      Given the scores are 95, 0, 0
      And player 0 is to act with a turn total of 5
      When "hold" is played
      And the action is played:
        """
        {"type": "roll", "player": 1}
        """
      Then the action is rejected under turn.actor

  @clause:turn.choice
  Rule: Roll or hold

    @id:pig-0009
    Example: With points on the turn the player may roll or hold
      Given player 0 is to act with a turn total of 7
      Then the legal actions are:
        | hold |
        | roll |
