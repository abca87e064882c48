Feature: The captain's roll
  The captain rolls as many event dice as the next city in play shows. Each die shows one of
  its six faces with equal chance. Nobody plays Equipment until the decisions and the power
  window are over.

  Background:
    Given a 4-player game with Alice as captain

  @clause:roll.dice-count
  Rule: The captain rolls as many dice as the next city in play shows

    @id:celestia-0103
    Example: Flying to the six city takes three dice
      Given the aircraft is at city 4
      Then the next step is a roll of 3 dice

    @id:celestia-0104
    Example: Flying to the last city takes four dice
      Given the aircraft is at city 20
      Then the next step is a roll of 4 dice

    @id:celestia-0105
    Example: Two dice cannot come up where three are rolled
      Given the aircraft is at city 4
      When the captain rolls pirates and fog
      Then the action is rejected under turn.chance

  @clause:roll.faces
  Rule: Each face of a die has one chance in six

    @id:celestia-0106
    Example: A blank is twice as likely as any hazard
      Given the aircraft is at city 1
      Then a roll of fog and a blank has probability 1/9
      And a roll of 2 fogs has probability 1/36

    @id:celestia-0107
    Example: The faces rolled are seen in a roll event
      Given the aircraft is at city 1
      When the captain rolls lightning and a blank
      Then a roll event cites roll.faces
      And the dice show lightning and a blank

  @clause:roll.skipped-city
  Rule: Past an emptied city the dice are those of the next city in play

    @id:celestia-0108
    Example: With the four city emptied, the flight from city 2 takes the six city's three dice
      Given the aircraft is at city 2
      And the treasure pile of city 4 is empty, the rest won by Bob and Carol
      Then the next step is a roll of 3 dice

    @id:celestia-0109
    Example: Without the skip the same flight takes two dice
      Given the aircraft is at city 2
      Then the next step is a roll of 2 dice

  # ENGINE? Both refusals below name the general clauses (turn.step: a meet is not an action of
  # the decision or power steps) rather than roll.no-equipment-yet, which states this rule. The
  # steps expect what the engine names today; the lead may prefer the specific clause.
  @clause:roll.no-equipment-yet
  Rule: The captain plays no Equipment before the decisions and the window are over

    @id:celestia-0110
    Example: The captain cannot answer while a passenger decides
      Given the aircraft is at city 1
      And Alice holds a cannon and a compass
      When the captain rolls pirates and fog
      And Alice answers with a cannon and a compass
      Then the action is rejected under turn.step

    @id:celestia-0111
    Example: The captain cannot answer on her turn in the power window
      Given the aircraft is at city 1
      And Alice holds a cannon and a compass
      When the captain rolls pirates and fog
      And everyone stays
      And Bob passes
      And Carol passes
      And Dave passes
      And Alice answers with a cannon and a compass
      Then the action is rejected under turn.step

  @clause:roll.dice-count
  Rule: No leg uses more than four dice, and the dice counts name one per city

    @id:celestia-0159
    Example: A Gust may bring three dice up to four
      Given the aircraft is at city 4
      And Bob holds a gust
      When the captain rolls bird, lightning and a blank
      And everyone stays
      Then Bob's choices are:
        | play gust |
        | pass      |
      When Bob plays a gust
      And the re-rolled die shows fog
      Then the dice show bird, lightning, fog and a blank

    @option:city_dice
    @id:celestia-0160
    Example: A list of dice counts one city short is refused
      Given the rule option city_dice is 2, 2, 2, 3, 3, 3, 4, 4
      When a new 4-player game is set up with Alice as first captain
      Then the setup is rejected under roll.dice-count
