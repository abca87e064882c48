Feature: Holding
  Banking the turn total.

  @clause:hold.bank
  Rule: Holding banks the turn total

    @id:pig-0015
    Example: Holding adds the turn total to the score
      Given a 2-player game to 100
      And the scores are 30, 40
      And player 1 is to act with a turn total of 9
      When player 1 holds
      Then the scores are 30, 49
      And the turn total is 0
      And player 0 is to act
      And an event held cites hold.bank

  @clause:hold.after-roll
  Rule: A turn starts with a roll

    @id:pig-0010
    Example: At the start of a turn only rolling is legal
      Given a 3-player game to 100
      Then the legal actions are roll

    @id:pig-0011
    Example: Holding with nothing rolled is refused
      Given a 3-player game to 100
      When player 0 holds
      Then the action is rejected under hold.after-roll
