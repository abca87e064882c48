Feature: The captain
  After a successful leg the captaincy passes clockwise to the next player still aboard. A
  player alone aboard stays captain. Who captains a new journey is not in any source; it is a
  rule option.

  Background:
    Given a 4-player game with Alice as captain
    And the aircraft is at city 1

  @clause:captain.rotation
  Rule: The captaincy passes clockwise to the next player aboard

    @id:celestia-0005
    Example: Bob takes over after a successful leg
      Given Alice holds a horn
      When the captain rolls bird and a blank
      And everyone stays
      And everyone passes in the power window
      And the captain answers the dice
      Then the captain is Bob
      And a captain event cites captain.rotation

    @id:celestia-0006
    Example: A player who left is passed over
      Given Alice holds a horn
      When the captain rolls bird and a blank
      And Bob leaves
      And the treasure drawn is 2
      And everyone stays
      And everyone passes in the power window
      And the captain answers the dice
      Then the captain is Carol

  @clause:captain.lone
  Rule: A lone player aboard stays captain

    @id:celestia-0007
    Example: Alone aboard after a successful leg, Alice is still captain
      Given Alice holds a horn
      And Alice and Bob are aboard
      When the captain rolls bird and a blank
      And Bob leaves
      And the treasure drawn is 2
      And everyone passes in the power window
      And the captain answers the dice
      Then the captain is Alice
      And the aircraft is at city 2
      And Alice's choices are:
        | land    |
        | fly on  |

  @clause:captain.new-journey
  Rule: The first captain of a new journey follows the rule option journey_captain

    @id:celestia-0008
    Example: The next journey is captained by the player after the last captain
      Given the captain is Carol
      When the captain rolls pirates and fog
      And everyone stays
      And everyone passes in the power window
      And the captain chooses to crash
      And nobody escapes by jetpack
      And the cards are dealt in deck order
      Then the captain is Dave

    @option:journey_captain
    @id:celestia-0009
    Example: The next journey is captained by the player after the journey's first captain
      Given the rule option journey_captain is after-first-captain
      And the captain is Carol
      When the captain rolls pirates and fog
      And everyone stays
      And everyone passes in the power window
      And the captain chooses to crash
      And nobody escapes by jetpack
      And the cards are dealt in deck order
      Then the captain is Bob
