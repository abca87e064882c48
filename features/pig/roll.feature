Feature: Rolling
  One six-sided die; a 1 loses the turn, any other face adds to it.

  Background:
    Given a 2-player game to 100
    And the scores are 30, 40

  @clause:roll.die
  Rule: One six-sided die

    @id:pig-0012
    Example: A roll is one of six faces
      When player 0 rolls
      Then the die is due
      And the legal actions are die 1, die 2, die 3, die 4, die 5, die 6

  @clause:roll.one
  Rule: A 1 ends the turn with nothing

    @id:pig-0013
    Example: A 1 loses the turn total
      Given player 0 is to act with a turn total of 12
      When player 0 rolls a 1
      Then the scores are 30, 40
      And the turn total is 0
      And player 1 is to act
      And an event pigged-out cites roll.one

  @clause:roll.add
  Rule: Other faces add to the turn total

    @id:pig-0014
    Example: A 5 adds 5 and the player chooses again
      Given player 0 is to act with a turn total of 6
      When player 0 rolls a 5
      Then the turn total is 11
      And player 0 is to act
      And an event added cites roll.add
