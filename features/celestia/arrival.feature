Feature: Arrival
  When the captain answers every hazard, the aircraft flies to the next city still in play with
  everyone aboard. Cities whose treasure has run out are flown over. At the last city everyone
  aboard draws a treasure in turn, starting with the captain, and the journey ends.

  Background:
    Given a 4-player game with Alice as captain

  @clause:arrival.move
  Rule: After a successful leg the aircraft moves on with everyone aboard

    @id:celestia-0001
    Example: The aircraft reaches city 2 with all four players
      Given the aircraft is at city 1
      And Alice holds a horn
      When the captain rolls bird and a blank
      And everyone stays
      And everyone passes in the power window
      And the captain answers the dice
      Then the aircraft is at city 2
      And Alice, Bob, Carol and Dave are aboard
      And a move event cites arrival.move

  @clause:arrival.skip-emptied
  Rule: Cities whose treasure ran out are skipped

    @id:celestia-0002
    Example: The aircraft flies over the emptied city 2
      Given the aircraft is at city 1
      And the treasure pile of city 2 is empty, the rest won by Dave
      When the captain rolls 2 blanks
      And everyone stays
      And everyone passes in the power window
      And the captain answers the dice
      Then the aircraft is at city 4
      And the move skipped city 2

  @clause:arrival.last-city
  Rule: At the last city everyone aboard draws in turn from the captain

    @id:celestia-0003
    Example: Alice, Bob and Carol each draw a 25
      Given the aircraft is at city 20
      And Alice, Bob and Carol are aboard
      And Dave has won a 20 at city 20
      When the captain rolls 4 blanks
      And everyone stays
      And everyone passes in the power window
      And the captain answers the dice
      Then a last-city event cites arrival.last-city
      When the treasure drawn is 25
      And the treasure drawn is 25
      And the treasure drawn is 25
      Then Alice has won a 25 at city 25
      And Bob has won a 25 at city 25
      And Carol has won a 25 at city 25
      And a journey-end event cites journey.end

    @id:celestia-0004
    Example: When the last pile runs out the rest get nothing
      Given the aircraft is at city 20
      And the treasure pile of city 25 holds 25 and 25, the rest won by Alice, Bob, Carol and Dave
      When the captain rolls 4 blanks
      And everyone stays
      And everyone passes in the power window
      And the captain answers the dice
      And the treasure drawn is 25
      And the treasure drawn is 25
      Then Alice has won a 25 at city 25 and a 25 at city 25
      And Bob has won a 25 at city 25 and a 25 at city 25
      And Carol has won a 25 at city 25
      And a no-treasure event cites treasure.city-empty
      And a journey-end event cites journey.end

    @id:celestia-0145
    Example: A lone player reaching the last city draws too
      Given the aircraft is at city 20
      And Alice is alone aboard
      When Alice flies on
      And the captain rolls 4 blanks
      And everyone passes in the power window
      And the captain answers the dice
      And the treasure drawn is 25
      Then Alice has won a 25 at city 25
      And a journey-end event cites journey.end

    @id:celestia-0153
    Example: The last-city event names the city and the drawing order from the captain
      Given the aircraft is at city 20
      And the captain is Carol
      And Alice, Carol and Dave are aboard
      And Bob has won a 20 at city 20
      When the captain rolls 4 blanks
      And everyone stays
      And everyone passes in the power window
      And the captain answers the dice
      Then the events are:
        | type      | clause                | player | city | order     |
        | roll      | roll.faces            | 2      | null | null      |
        | stay      | passengers.stay       | 3      | null | null      |
        | stay      | passengers.stay       | 0      | null | null      |
        | pass      | power.window          | 3      | null | null      |
        | pass      | power.window          | 0      | null | null      |
        | pass      | power.window          | 1      | null | null      |
        | pass      | power.window          | 2      | null | null      |
        | meet      | equipment.one-per-die | 2      | null | null      |
        | move      | arrival.move          | null   | 25   | null      |
        | last-city | arrival.last-city     | null   | 25   | [2, 3, 0] |
