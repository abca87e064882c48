Feature: Facing the hazards
  When the window closes, the captain must answer every hazard die with one matching Equipment
  card: a compass for fog, a lightning arrester for lightning, a horn for a bird, a cannon for
  pirates. A Turbo card answers any one die, but the captain is never forced to use one and
  may crash instead. Cards played go to the discard pile.

  Background:
    Given a 4-player game with Alice as captain
    And the aircraft is at city 1

  @clause:equipment.one-per-die
  Rule: One matching card per hazard die; blanks need nothing

    @id:celestia-0039
    Example: Two pirates need two cannons
      Given Alice holds 2 cannons and a horn
      When the captain rolls 2 pirates
      And everyone stays
      And everyone passes in the power window
      Then Alice's choices are:
        | answer with cannon and cannon |
      When the captain answers the dice
      Then the aircraft is at city 2
      And Alice holds a horn
      And a meet event cites equipment.one-per-die

    @id:celestia-0040
    Example: Blanks are answered with no card
      When the captain rolls 2 blanks
      And everyone stays
      And everyone passes in the power window
      Then Alice's choices are:
        | answer with no card |

  @clause:equipment.must-play
  Rule: A captain holding the matching Equipment must play it

    @id:celestia-0041
    Example: The captain may not crash on purpose
      Given Alice holds a cannon and a compass
      When the captain rolls pirates and fog
      And everyone stays
      And everyone passes in the power window
      And the captain chooses to crash
      Then the action is rejected under equipment.must-play

    @id:celestia-0042
    Example: The captain must play the matching cards, not a Turbo
      Given Alice holds a cannon, a compass and a turbo
      When the captain rolls pirates and fog
      And everyone stays
      And everyone passes in the power window
      And Alice answers with a compass and a turbo
      Then the action is rejected under equipment.must-play

  @clause:equipment.turbo-wild
  Rule: A Turbo card answers any one hazard die

    @id:celestia-0043
    Example: Two Turbo cards answer a bird and a lightning
      Given Alice holds 2 turbos
      When the captain rolls bird and lightning
      And everyone stays
      And everyone passes in the power window
      And the captain answers the dice
      Then the aircraft is at city 2
      And the discard pile holds 2 turbos

  @clause:equipment.turbo-never-forced
  Rule: The captain is never forced to play Turbo

    @id:celestia-0044
    Example: Needing a Turbo, the captain may answer or crash
      Given Alice holds a cannon and a turbo
      When the captain rolls pirates and fog
      And everyone stays
      And everyone passes in the power window
      Then Alice's choices are:
        | answer with cannon and turbo |
        | crash                        |
      When the captain chooses to crash
      Then a crash event cites crash.when
      And Alice holds a cannon and a turbo

  @clause:equipment.turbo-shortfall
  Rule: Turbo covers only the dice Equipment in hand cannot answer

    @id:celestia-0045
    Example: A Turbo cannot stand in for a cannon the captain holds
      Given Alice holds a cannon and 2 turbos
      When the captain rolls pirates and fog
      And everyone stays
      And everyone passes in the power window
      And Alice answers with 2 turbos
      Then the action is rejected under equipment.turbo-shortfall

  @clause:equipment.discard
  Rule: Cards played to answer the dice go to the discard pile

    @id:celestia-0046
    Example: The cannon and the compass are discarded
      Given Alice holds a cannon, a compass and a horn
      When the captain rolls pirates and fog
      And everyone stays
      And everyone passes in the power window
      And the captain answers the dice
      Then the discard pile holds a cannon and a compass
      And Alice holds a horn

  @clause:equipment.reshuffle
  Rule: An empty draw pile is replaced by the shuffled discard pile

    @id:celestia-0047
    Example: The refill after a crash comes from the reshuffled discard pile
      Given the draw pile is empty and Dave holds every other card
      And the discard pile holds 3 compasses and a horn
      When the captain rolls pirates and fog
      And everyone stays
      And everyone passes in the power window
      And the captain chooses to crash
      And nobody escapes by jetpack
      Then a reshuffle event cites equipment.reshuffle
      And the draw pile holds 4 cards
      When Bob is dealt a horn
      Then Bob holds a horn
      And the discard pile is empty
      And the draw pile holds 3 cards

    @id:celestia-0048
    Example: With both piles empty no card is drawn
      Given the draw pile is empty and Dave holds every other card
      When the captain rolls pirates and fog
      And everyone stays
      And everyone passes in the power window
      And the captain chooses to crash
      And nobody escapes by jetpack
      Then a no-card event cites equipment.reshuffle
      And the next step is a roll of 2 dice
      And Bob holds nothing

  @clause:equipment.hand-limit
  Rule: There is no hand limit

    @id:celestia-0049
    Example: A player with ten cards still draws at the end of a journey
      Given Bob holds 10 compasses
      When the captain rolls pirates and fog
      And everyone stays
      And everyone passes in the power window
      And the captain chooses to crash
      And nobody escapes by jetpack
      And Bob is dealt a horn
      Then Bob holds 11 cards

  @clause:equipment.reshuffle
  Rule: With the draw pile and the discard pile both empty, a card owed is not drawn

    @id:celestia-0155
    Example: Each player owed a card gets a no-card event, in the order of the refill
      Given the draw pile is empty and Dave holds every other card
      When the captain rolls pirates and fog
      And everyone stays
      And everyone passes in the power window
      And the captain chooses to crash
      And nobody escapes by jetpack
      Then the events are:
        | type        | clause                | player |
        | roll        | roll.faces            | 0      |
        | stay        | passengers.stay       | 1      |
        | stay        | passengers.stay       | 2      |
        | stay        | passengers.stay       | 3      |
        | pass        | power.window          | 1      |
        | pass        | power.window          | 2      |
        | pass        | power.window          | 3      |
        | pass        | power.window          | 0      |
        | crash       | crash.when            | null   |
        | pass        | power.jetpack         | 1      |
        | pass        | power.jetpack         | 2      |
        | pass        | power.jetpack         | 3      |
        | pass        | power.jetpack         | 0      |
        | wrecked     | crash.everyone-aboard | null   |
        | journey-end | journey.end           | null   |
        | no-card     | equipment.reshuffle   | 1      |
        | no-card     | equipment.reshuffle   | 2      |
        | no-card     | equipment.reshuffle   | 3      |
        | no-card     | equipment.reshuffle   | 0      |
        | journey     | journey.start         | null   |
