Feature: Passengers' decisions
  After the roll, each passenger in turn, from the captain's left, stays aboard or leaves. A
  passenger who leaves draws the top treasure of the city the aircraft stands on and is out of
  the journey. The captain takes no part. Once a city's last treasure is gone, nobody else may
  leave there.

  Background:
    Given a 4-player game with Carol as captain

  @clause:passengers.decision-order
  Rule: Passengers decide one by one from the captain's left

    @id:celestia-0068
    Example: Dave decides first, then Alice, then Bob
      Given the aircraft is at city 2
      When the captain rolls bird and lightning
      Then it is Dave's decision
      When Dave stays
      Then it is Alice's decision
      When Alice stays
      Then it is Bob's decision

    @id:celestia-0069
    Example: A player who is not aboard is skipped
      Given the aircraft is at city 2
      And Alice, Bob and Carol are aboard
      When the captain rolls bird and lightning
      Then it is Alice's decision

  @clause:passengers.stay
  Rule: A passenger who stays remains aboard

    @id:celestia-0070
    Example: Dave stays and flies on with the aircraft
      Given the aircraft is at city 1
      And Carol holds a horn and a lightning arrester
      When the captain rolls bird and lightning
      And Dave stays
      Then Dave is aboard
      And a stay event cites passengers.stay
      When everyone stays
      And everyone passes in the power window
      And the captain answers the dice
      Then the aircraft is at city 2
      And Alice, Bob, Carol and Dave are aboard

  @clause:passengers.leave
  Rule: A passenger who leaves takes the city's top treasure and is out of the journey

    @id:celestia-0071
    Example: Dave leaves at city 4 with a 6
      Given the aircraft is at city 4
      When the captain rolls bird, lightning and a blank
      And Dave leaves
      And the treasure drawn is 6
      Then Dave is not aboard
      And Dave has won a 6 at city 4
      And Dave scores 6 points
      And a leave event cites passengers.leave
      And it is Alice's decision

    @id:celestia-0072
    Example: A player who left is not asked again
      Given the aircraft is at city 2
      And Alice, Bob and Carol are aboard
      And Dave has won a 2 at city 2
      And Carol holds a horn and a lightning arrester
      When the captain rolls bird and lightning
      And everyone stays
      And everyone passes in the power window
      And the captain answers the dice
      And the captain rolls 3 blanks
      Then it is Bob's decision

  @clause:passengers.captain-stays
  Rule: The captain never leaves during the decisions

    @id:celestia-0073
    Example: The captain cannot leave in the passengers' turn
      Given the aircraft is at city 4
      When the captain rolls bird, lightning and a blank
      And Carol leaves
      Then the action is rejected under passengers.captain-stays

    @id:celestia-0074
    Example: The captain is never asked to decide
      Given the aircraft is at city 4
      And Carol holds a horn and a lightning arrester
      When the captain rolls bird, lightning and a blank
      And Dave stays
      And Alice stays
      And Bob stays
      Then the power window is open with Dave to play

  @clause:passengers.emptied-city
  Rule: After the city's last treasure is taken, nobody else may leave there

    @id:celestia-0075
    Example: Dave takes the last card and the others are not asked
      Given the aircraft is at city 4
      And the treasure pile of city 4 holds 9, the rest won by Alice and Bob
      When the captain rolls bird, lightning and a blank
      And Dave leaves
      And the treasure drawn is 9
      Then a city-empty event cites treasure.city-empty
      And Alice, Bob and Carol are aboard
      And the power window is open with Dave to play

    @id:celestia-0076
    Example: A passenger may not leave at a city with no treasure left
      Given the aircraft is at city 4
      And the treasure pile of city 4 is empty, the rest won by Alice and Bob
      When the captain rolls bird, lightning and a blank
      Then the power window is open with Dave to play

  @clause:passengers.talk
  Rule: Talk binds nobody and is not an action

    @id:celestia-0077
    Example: A passenger's only choices are to stay or to leave
      Given the aircraft is at city 4
      When the captain rolls bird, lightning and a blank
      Then Dave's choices are:
        | stay  |
        | leave |
