Feature: What players see
  Nothing in Pig is hidden.

  @clause:observation.public
  Rule: Nothing is hidden

    @id:pig-0021
    Example: Every player sees the scores and the turn total
      Given a 2-player game to 100
      And the scores are 8, 3
      And player 1 is to act with a turn total of 4
      Then player 0 observes [8, 3] at /scores
      And player 0 observes 4 at /turn_total
      And player 1 observes 4 at /turn_total
