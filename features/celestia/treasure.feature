Feature: Treasure
  A player who lands takes the top card of that city's face-down pile. Its value is unknown
  until drawn and is the player's to keep. The treasure set, the Magic Telescope and the way a
  landing scores are rule options. A city whose pile runs out is out of play.

  Background:
    Given a 4-player game with Alice as captain
    And the aircraft is at city 4

  @clause:treasure.draw
  Rule: A landing takes the top card of the city's pile

    @id:celestia-0126
    Example: Each card left in the pile is equally likely
      Given the treasure pile of city 4 holds 6, 6 and 9, the rest won by Dave
      When the captain rolls bird, lightning and a blank
      And Bob leaves
      Then the treasure Bob draws is 6 with probability 2/3
      And the treasure Bob draws is 9 with probability 1/3

    @id:celestia-0127
    Example: The card drawn leaves the pile
      Given the treasure pile of city 4 holds 6, 6 and 9, the rest won by Dave
      When the captain rolls bird, lightning and a blank
      And Bob leaves
      And the treasure drawn is 9
      Then the treasure pile of city 4 holds 6 and 6
      And a treasure event cites treasure.draw

    @id:celestia-0128
    Example: A card no longer in the pile cannot be drawn
      Given the treasure pile of city 4 holds 6, 6 and 9, the rest won by Dave
      When the captain rolls bird, lightning and a blank
      And Bob leaves
      And the treasure drawn is 4
      Then the action is rejected under turn.chance

  @clause:treasure.value
  Rule: A treasure scores its printed value

    @id:celestia-0129
    Example: A 9 drawn at city 4 scores 9
      When the captain rolls bird, lightning and a blank
      And Bob leaves
      And the treasure drawn is 9
      Then Bob scores 9 points

    @option:landing_points
    @id:celestia-0130
    Example: Under the city-number reading a landing scores the city's number
      Given the rule option landing_points is city-number
      When the captain rolls bird, lightning and a blank
      And Bob leaves
      And the treasure drawn is 9
      Then Bob scores 4 points
      And Bob has won a 9 at city 4

  @clause:treasure.set
  Rule: The treasure set is chosen by option

    @id:celestia-0131
    Example: The seed's set puts two 9s in city 4
      When a new 4-player game is set up with Alice as first captain
      Then the treasure pile of city 4 holds 4, 4, 4, 4, 4, 6, 6, 6, 9, 9 and telescope

    @option:treasure_set
    @id:celestia-0132
    Example: The rulebook's set puts one 9 in city 4 and one 12 in city 6
      Given the rule option treasure_set is rulebook-78
      When a new 4-player game is set up with Alice as first captain
      Then the treasure pile of city 4 holds 4, 4, 4, 4, 4, 6, 6, 6, 9 and telescope
      And the treasure pile of city 6 holds 6, 6, 6, 6, 6, 9, 9, 9, 12 and telescope

  @clause:treasure.telescope
  Rule: The Magic Telescope follows the rule option telescope

    @id:celestia-0133
    Example: A drawn telescope is kept and worth nothing
      Given the aircraft is at city 1
      When the captain rolls bird and lightning
      And Bob leaves
      And the treasure drawn is telescope
      Then Bob has won a telescope at city 1
      And Bob scores 0 points

    @option:telescope
    @id:celestia-0134
    Example: Under the removed reading no pile holds a telescope
      Given the rule option telescope is removed
      When a new 4-player game is set up with Alice as first captain
      Then the treasure pile of city 1 holds 1, 1, 1, 1, 1, 2, 2, 2, 4 and 4

  @clause:treasure.city-empty
  Rule: A city whose pile is empty is out of play

    @id:celestia-0135
    Example: Taking the last card empties the city
      Given the treasure pile of city 4 holds 9, the rest won by Carol and Dave
      When the captain rolls bird, lightning and a blank
      And Bob leaves
      And the treasure drawn is 9
      Then a city-empty event cites treasure.city-empty
      And the treasure pile of city 4 is empty

    @id:celestia-0136
    Example: An emptied city is not where the next journey starts
      Given the aircraft is at city 2
      And the treasure pile of city 1 is empty, the rest won by Dave
      And Alice holds a compass
      When the captain rolls pirates and fog
      And everyone stays
      And everyone passes in the power window
      And the captain chooses to crash
      And nobody escapes by jetpack
      And the cards are dealt in deck order
      Then the aircraft is at city 2

    @id:celestia-0154
    Example: Carol and Dave, owed a treasure from the emptied last pile, each get a no-treasure event
      Given the aircraft is at city 20
      And the treasure pile of city 25 holds 25 and 25, the rest won by Alice, Bob, Carol and Dave
      When the captain rolls 4 blanks
      And everyone stays
      And everyone passes in the power window
      And the captain answers the dice
      And the treasure drawn is 25
      And the treasure drawn is 25
      Then the events are:
        | type        | clause                | player | city |
        | roll        | roll.faces            | 0      | null |
        | stay        | passengers.stay       | 1      | null |
        | stay        | passengers.stay       | 2      | null |
        | stay        | passengers.stay       | 3      | null |
        | pass        | power.window          | 1      | null |
        | pass        | power.window          | 2      | null |
        | pass        | power.window          | 3      | null |
        | pass        | power.window          | 0      | null |
        | meet        | equipment.one-per-die | 0      | null |
        | move        | arrival.move          | null   | 25   |
        | last-city   | arrival.last-city     | null   | 25   |
        | treasure    | treasure.draw         | 0      | 25   |
        | target      | end.fifty-points      | 0      | null |
        | treasure    | treasure.draw         | 1      | 25   |
        | city-empty  | treasure.city-empty   | null   | 25   |
        | no-treasure | treasure.city-empty   | 2      | 25   |
        | no-treasure | treasure.city-empty   | 3      | 25   |
        | journey-end | journey.end           | null   | null |
        | game-over   | end.fifty-points      | null   | null |
