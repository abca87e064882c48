Feature: Turns
  Who may act, what they may choose, and who plays next.

  Background:
    Given a 3-player game to 100

  @clause:turn.order
  Rule: Turns go round the table

    @id:pig-0005
    Example: After the last seat the first seat plays
      Given player 2 is to act with a turn total of 5
      When player 2 holds
      Then player 0 is to act
      And an event turn-passed cites turn.order

  @clause:turn.actor
  Rule: Only the player whose turn it is acts

    @id:pig-0006
    Example: Another player may not roll
      When player 1 rolls
      Then the action is rejected under turn.actor

    @id:pig-0007
    Example: Nobody chooses while the die is due
      When player 0 rolls
      And player 0 holds
      Then the action is rejected under turn.actor

    @id:pig-0008
    Example: A die face is refused when no roll is due
      When the die shows 4
      Then the action is rejected under turn.actor

  @clause:turn.choice
  Rule: Roll or hold

    @id:pig-0009
    Example: With points on the turn the player may roll or hold
      Given player 0 is to act with a turn total of 7
      Then the legal actions are hold, roll
