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
