Feature: The lone player
  When only one player is left aboard, that player is captain and, before each roll, may land
  at the current city with its top treasure or fly on. A lone player's leg has no passengers'
  decisions.

  Background:
    Given a 4-player game with Alice as captain
    And the aircraft is at city 6
    And Alice is alone aboard

  @clause:lone-player.land-or-roll
  Rule: Alone aboard, the captain may land before rolling

    @id:celestia-0056
    Example: Alice may land or fly on
      Then Alice's choices are:
        | land   |
        | fly on |

    @id:celestia-0057
    Example: Alice lands with a treasure of city 6
      When Alice lands
      And the treasure drawn is 9
      Then Alice has won a 9 at city 6
      And a land event cites lone-player.land-or-roll
      And nobody is aboard

    @id:celestia-0058
    Example: Alice flies on and rolls for city 9
      When Alice flies on
      Then the next step is a roll of 3 dice

    @id:celestia-0059
    Example: Landing is not offered where the treasure has run out
      Given the treasure pile of city 6 is empty, the rest won by Bob, Carol and Dave
      Then the next step is a roll of 3 dice

    @option:captain_leaving
    @id:celestia-0060
    Example: Under the never reading the lone captain must roll
      Given the rule option captain_leaving is never
      Then the next step is a roll of 3 dice
      When Alice lands
      Then the action is rejected under turn.chance

  @clause:lone-player.legs
  Rule: A lone player's leg has no passengers' decisions

    @id:celestia-0061
    Example: After the roll the power window opens at once
      When Alice flies on
      And the captain rolls bird, lightning and a blank
      Then the power window is open with Bob to play

    @id:celestia-0062
    Example: The lone player flies on after answering the dice
      Given Alice holds a horn and a lightning arrester
      When Alice flies on
      And the captain rolls bird, lightning and a blank
      And everyone passes in the power window
      And the captain answers the dice
      Then the aircraft is at city 9
      And the captain is Alice
