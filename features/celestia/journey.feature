Feature: Journeys and legs
  A game is a series of journeys. Each starts with everyone aboard at the first city still in
  play; each leg goes roll, passengers' decisions, power window, the captain's answer, and the
  flight on. A journey ends when nobody is left aboard, at a crash, or after the last city;
  then every player draws one card and the next journey begins.

  Background:
    Given a 4-player game with Alice as captain

  @clause:journey.start
  Rule: A journey starts with everyone aboard at the first city in play

    @id:celestia-0050
    Example: After a crash everyone boards again at city 1
      Given the aircraft is at city 4
      And Alice, Carol and Dave are aboard
      When the captain rolls pirates, fog and a blank
      And everyone stays
      And everyone passes in the power window
      And the captain chooses to crash
      And nobody escapes by jetpack
      And the cards are dealt in deck order
      Then the aircraft is at city 1
      And Alice, Bob, Carol and Dave are aboard
      And a journey event cites journey.start

    @id:celestia-0051
    Example: A new journey starts at the first city that still has treasure
      Given the aircraft is at city 4
      And the treasure pile of city 1 is empty, the rest won by Bob
      When the captain rolls pirates, fog and a blank
      And everyone stays
      And everyone passes in the power window
      And the captain chooses to crash
      And nobody escapes by jetpack
      And the cards are dealt in deck order
      Then the aircraft is at city 2
      And Alice, Bob, Carol and Dave are aboard

  @clause:journey.leg
  Rule: A leg runs roll, decisions, power window, answer, flight

    @id:celestia-0052
    Example: One leg from the roll to the next city
      Given the aircraft is at city 1
      And Alice holds a cannon and a compass
      When the captain rolls pirates and fog
      Then it is Bob's decision
      When everyone stays
      Then the power window is open with Bob to play
      When everyone passes in the power window
      Then Alice's choices are:
        | answer with compass and cannon |
      When the captain answers the dice
      Then the aircraft is at city 2
      And the captain is Bob
      And the next step is a roll of 2 dice

  @clause:journey.end
  Rule: A journey ends when nobody is aboard, at a crash, or after the last city

    @id:celestia-0053
    Example: A crash ends the journey
      Given the aircraft is at city 2
      When the captain rolls pirates and fog
      And everyone stays
      And everyone passes in the power window
      And the captain chooses to crash
      And nobody escapes by jetpack
      Then a journey-end event cites journey.end
      And nobody is aboard
      And the next card dealt goes to Bob

    @id:celestia-0054
    Example: The last player landing ends the journey
      Given the aircraft is at city 6
      And Alice is alone aboard
      When Alice lands
      And the treasure drawn is 12
      Then a journey-end event cites journey.end
      And Alice has won a 12 at city 6

    @option:captain_leaving
    @id:celestia-0152
    Example: Under the never reading the lone captain's journey ends after the last city
      Given the rule option captain_leaving is never
      And the aircraft is at city 20
      And Alice is alone aboard
      When the captain rolls 4 blanks
      And everyone passes in the power window
      And the captain answers the dice
      Then a last-city event cites arrival.last-city
      When the treasure drawn is 25
      Then a journey-end event cites journey.end
      And Alice has won a 25 at city 25
      And nobody is aboard

  @clause:journey.refill
  Rule: When a journey ends every player draws one card

    @id:celestia-0055
    Example: Everyone draws one card, starting with the new captain
      Given the aircraft is at city 2
      And Alice holds a horn
      And Bob holds a cannon
      When the captain rolls pirates and fog
      And everyone stays
      And everyone passes in the power window
      And the captain chooses to crash
      And nobody escapes by jetpack
      Then the next card dealt goes to Bob
      When Bob is dealt a compass
      And Carol is dealt a turbo
      And Dave is dealt a gust
      And Alice is dealt a horn
      Then Bob holds a cannon and a compass
      And Alice holds 2 horns
      And Carol holds a turbo
      And the captain is Bob
      And the next step is a roll of 2 dice
