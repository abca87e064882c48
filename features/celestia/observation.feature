Feature: What each player may see
  Hands are secret: a player sees their own cards and only how many the others hold. Nobody
  sees the order of the draw pile or of a treasure pile, only their sizes. Treasures drawn, the
  dice, decisions and every card played are public.

  Background:
    Given a 4-player game with Alice as captain
    And the aircraft is at city 4
    And Alice holds a cannon and a compass
    And Bob holds a horn, a turbo and a jetpack

  @clause:observation.hands
  Rule: A player sees only their own hand; hand sizes are public

    @id:celestia-0063
    Example: Bob sees his own hand and the size of Alice's
      Then Bob sees his own hand as a horn, a turbo and a jetpack
      And Bob sees Alice's hand as 2 hidden cards
      And Alice sees Bob's hand as 3 hidden cards
      And Carol sees Dave's hand as 0 hidden cards

  @clause:observation.piles
  Rule: Pile orders are hidden, their sizes public

    @id:celestia-0064
    Example: Bob sees how many cards each pile holds
      Given the discard pile holds a gust
      Then Bob sees the draw pile as 78 hidden cards
      And Bob sees the treasure pile of city 4 as 11 hidden cards
      And Bob sees the discard pile as a gust

  @clause:observation.treasure
  Rule: Drawn treasures are public

    @id:celestia-0065
    Example: Dave sees the treasure Bob drew
      When the captain rolls pirates, fog and a blank
      And Bob leaves
      And the treasure drawn is 9
      Then Dave sees that Bob has won a 9 at city 4
      And Dave sees the treasure pile of city 4 as 10 hidden cards

  @clause:observation.dice
  Rule: The dice and the cards played are public

    @id:celestia-0066
    Example: Carol sees the roll and the cards the captain played
      When the captain rolls pirates, fog and a blank
      And everyone stays
      And everyone passes in the power window
      And the captain answers the dice
      Then Carol sees the discard pile as a cannon and a compass
      And Carol sees that Alice, Bob, Carol and Dave are aboard at city 6

    @id:celestia-0067
    Example: Carol sees the dice rolled
      When the captain rolls pirates, fog and a blank
      Then Carol sees the dice as pirates, fog and a blank
