Feature: Command
  The captain may ask one last question under the rules of the question phase, then lays the
  tiles out alone, face down, left to right in ascending order, their own tile and the centre
  tiles included. In the standard competitive game every knight is placed and the Witch left
  out; in the advanced and dark games one tile may be left out. By default a tile the captain
  takes for the Witch goes at the far right. In the cooperative game every tile is placed.

  Below, Alice holds 3, Bob the Witch, Carol 1, Dave 5, Eve 2 and the centre tile is 4. Alice
  looked at Bob's tile (and is bewitched), Bob at the centre tile, Carol at Dave's, Dave at
  Alice's and Eve at Carol's; every question has been asked and answered.

  Background:
    Given a 5-player standard game where Alice holds 3, Bob holds the Witch, Carol holds 1, Dave holds 5, Eve holds 2 and the centre tile is 4
    And the inspections were Alice at Bob's tile, Bob at the centre tile, Carol at Dave's tile, Dave at Alice's tile and Eve at Carol's tile
    And the questions are over

  @clause:command.last-question
  Rule: The captain may ask one last question under the question-phase rules

    @id:seven-knights-0026
    Example: Carol asks Bob a last question, then lines up the tiles
      When everyone recommends Carol
      And Carol asks Bob: is the centre tile one of 4?
      Then an asked event cites command.last-question
      When Bob answers No
      Then it is Carol's turn to line up the tiles

    @id:seven-knights-0027
    Example: The last question must be about a tile the answerer knows
      When everyone recommends Carol
      And Carol asks Eve: is Dave's tile one of 5?
      Then the action is rejected under question.answerer-must-know

    @id:seven-knights-0028
    Example: The last question may not be about a tile the captain inspected
      When everyone recommends Carol
      And Carol asks Dave: is your tile one of 5?
      Then the action is rejected under question.asker-must-not-know

    @id:seven-knights-0029
    Example: The captain may pass on the last question
      When everyone recommends Carol
      And Carol asks no last question
      Then a last-question-skipped event cites command.last-question
      And it is Carol's turn to line up the tiles

    @id:seven-knights-0189
    Example: Passing on the last question is one event naming the captain
      When everyone recommends Carol
      And Carol asks no last question
      Then the events of the When steps are:
        | type                     | clause                   | player | target | captain |
        | recommended              | recommendation.secret    | 0      | 2      |         |
        | recommended              | recommendation.secret    | 1      | 2      |         |
        | recommended              | recommendation.secret    | 2      | 2      |         |
        | recommended              | recommendation.secret    | 3      | 2      |         |
        | recommended              | recommendation.secret    | 4      | 2      |         |
        | recommendations-revealed | recommendation.reveal    |        |        |         |
        | captain-appointed        | captain.most-votes       |        |        | 2       |
        | last-question-skipped    | command.last-question    | 2      |        |         |

    @option:last_question
    @id:seven-knights-0030
    Example: With the last question required, the captain may not pass
      Given the rule option last_question is required
      When everyone recommends Carol
      And Carol asks no last question
      Then the action is rejected under command.last-question

  @clause:command.arrangement
  Rule: The captain alone lays the tiles out left to right in ascending order

    @id:seven-knights-0031
    Example: Carol lines the tiles up in order
      When everyone recommends Carol
      And Carol asks no last question
      And Carol lines up Carol's tile, Eve's tile, Alice's tile, the centre tile and Dave's tile
      Then the Knights win the round

    @id:seven-knights-0032
    Example: Only the captain lines up the tiles
      When everyone recommends Carol
      And Carol asks no last question
      And Dave lines up Carol's tile, Eve's tile, Alice's tile, the centre tile and Dave's tile
      Then the action is rejected under turn.actor

  @clause:command.all-tiles
  Rule: The line includes the captain's own tile and the centre tiles

    @id:seven-knights-0033
    Example: A line naming a tile not in play is refused
      When everyone recommends Carol
      And Carol asks no last question
      And Carol lines up Carol's tile, Eve's tile, Alice's tile, centre tile 2 and Dave's tile
      Then the action is rejected under command.all-tiles

    @id:seven-knights-0034
    Example: The captain's own tile and the centre tile are part of the line
      When everyone recommends Carol
      And Carol asks no last question
      And Carol lines up Carol's tile, Eve's tile, Alice's tile, the centre tile and Dave's tile
      Then the Knights win the round

  @clause:command.distinct
  Rule: Each tile goes in the line at most once

    @id:seven-knights-0035
    Example: A tile placed twice is refused
      When everyone recommends Carol
      And Carol asks no last question
      And Carol lines up Carol's tile, Carol's tile, Alice's tile, the centre tile and Dave's tile
      Then the action is rejected under command.distinct

  @clause:command.standard-slots
  Rule: In the standard competitive game every knight is placed and the Witch left out

    @id:seven-knights-0036
    Example: A line of four of the six tiles is refused in the standard game
      When everyone recommends Carol
      And Carol asks no last question
      And Carol lines up Carol's tile, Eve's tile, Alice's tile and Dave's tile
      Then the action is rejected under command.standard-slots

    @id:seven-knights-0037
    Example: By default the Witch may take the far-right place of a standard line
      When everyone recommends Carol
      And Carol asks no last question
      And Carol lines up Carol's tile, Eve's tile, Alice's tile, the centre tile, Dave's tile and Bob's tile
      Then the Knights win the round

    @option:witch_in_line
    @id:seven-knights-0038
    Example: With the Witch to be left out, a six-tile standard line is refused
      Given the rule option witch_in_line is left-out
      When everyone recommends Carol
      And Carol asks no last question
      And Carol lines up Carol's tile, Eve's tile, Alice's tile, the centre tile, Dave's tile and Bob's tile
      Then the action is rejected under command.standard-slots

    @option:witch_in_line
    @id:seven-knights-0039
    Example: With the Witch to be left out, the standard lines offered have five tiles
      Given the rule option witch_in_line is left-out
      When everyone recommends Carol
      And Carol asks no last question
      Then every line offered to Carol has 5 tiles

  @clause:command.optional-slot
  Rule: In the advanced and dark competitive games one tile may be left out

    @option:variant
    @id:seven-knights-0040
    Example: An advanced line may have five or six tiles, not four
      Given a 5-player advanced game where Alice holds 6, Bob holds the Witch, Carol holds 1, Dave holds 7, Eve holds 3 and the centre tile is 4
      And the inspections were Alice at Bob's tile, Bob at the centre tile, Carol at Dave's tile, Dave at Alice's tile and Eve at Carol's tile
      And the questions are over
      When everyone recommends Carol
      And Carol asks no last question
      Then every line offered to Carol has 5 or 6 tiles
      When Carol lines up Carol's tile, Eve's tile, the centre tile and Alice's tile
      Then the action is rejected under command.optional-slot

    @option:variant
    @id:seven-knights-0190
    Example: An advanced line of four of the six tiles is refused
      Given a 5-player advanced game where Alice holds 6, Bob holds the Witch, Carol holds 1, Dave holds 7, Eve holds 3 and the centre tile is 4
      And the inspections were Alice at Bob's tile, Bob at the centre tile, Carol at Dave's tile, Dave at Alice's tile and Eve at Carol's tile
      And the questions are over
      When everyone recommends Carol
      And Carol asks no last question
      And Carol lines up Carol's tile, Eve's tile, the centre tile and Alice's tile
      Then the action is rejected under command.optional-slot

  @clause:command.suspected-witch
  Rule: A tile taken for the Witch goes at the far right (option: it is left out)

    @option:variant
    @id:seven-knights-0041
    Example: The Witch at the far right of an ascending line lets the Knights win
      Given a 5-player advanced game where Alice holds 6, Bob holds the Witch, Carol holds 1, Dave holds 7, Eve holds 3 and the centre tile is 4
      And the inspections were Alice at Bob's tile, Bob at the centre tile, Carol at Dave's tile, Dave at Alice's tile and Eve at Carol's tile
      And the questions are over
      When everyone recommends Carol
      And Carol asks no last question
      And Carol lines up Carol's tile, Eve's tile, the centre tile, Alice's tile, Dave's tile and Bob's tile
      Then the Knights win the round

    @option:witch_in_line
    @option:variant
    @id:seven-knights-0042
    Example: With the Witch to be left out, placing her at the far right is a mistake
      Given the rule option witch_in_line is left-out
      And a 5-player advanced game where Alice holds 6, Bob holds the Witch, Carol holds 1, Dave holds 7, Eve holds 3 and the centre tile is 4
      And the inspections were Alice at Bob's tile, Bob at the centre tile, Carol at Dave's tile, Dave at Alice's tile and Eve at Carol's tile
      And the questions are over
      When everyone recommends Carol
      And Carol asks no last question
      And Carol lines up Carol's tile, Eve's tile, the centre tile, Alice's tile, Dave's tile and Bob's tile
      Then the Witch team wins the round

    @option:witch_in_line
    @option:variant
    @id:seven-knights-0043
    Example: With the Witch to be left out, the ascending knights alone win
      Given the rule option witch_in_line is left-out
      And a 5-player advanced game where Alice holds 6, Bob holds the Witch, Carol holds 1, Dave holds 7, Eve holds 3 and the centre tile is 4
      And the inspections were Alice at Bob's tile, Bob at the centre tile, Carol at Dave's tile, Dave at Alice's tile and Eve at Carol's tile
      And the questions are over
      When everyone recommends Carol
      And Carol asks no last question
      And Carol lines up Carol's tile, Eve's tile, the centre tile, Alice's tile and Dave's tile
      Then the Knights win the round

    @id:seven-knights-0044
    Example: By default the captain may also leave the suspected Witch out
      Given a 5-player advanced game where Alice holds 6, Bob holds the Witch, Carol holds 1, Dave holds 7, Eve holds 3 and the centre tile is 4
      And the inspections were Alice at Bob's tile, Bob at the centre tile, Carol at Dave's tile, Dave at Alice's tile and Eve at Carol's tile
      And the questions are over
      When everyone recommends Carol
      And Carol asks no last question
      And Carol lines up Carol's tile, Eve's tile, the centre tile, Alice's tile and Dave's tile
      Then the Knights win the round

  @clause:command.cooperative-all
  Rule: In the cooperative game every tile is placed

    @option:cooperative
    @id:seven-knights-0045
    Example: A cooperative line leaving a tile out is refused
      Given the cooperative game is on
      And a 5-player standard game where Alice holds 3, Bob holds 6, Carol holds 1, Dave holds 5, Eve holds 2 and the centre tile is 4
      And the inspections were Alice at Bob's tile, Bob at the centre tile, Carol at Dave's tile, Dave at Alice's tile and Eve at Carol's tile
      And the questions are over
      When everyone recommends Carol
      And Carol asks no last question
      And Carol lines up Carol's tile, Eve's tile, Alice's tile, the centre tile and Dave's tile
      Then the action is rejected under command.cooperative-all
