Feature: Settlement
  The line is revealed from the left. The Knights win if it is strictly ascending and no
  knight was left out; a placed Witch is a mistake unless, by default, she is at the far
  right. Every member of the winning side scores the round's value: 2 for the Knights and 3
  for the Witch team in rounds 1 and 2, 7 for either in round 3. If the Knights lose and
  nobody is on the Witch team, nobody scores. In the cooperative game everybody scores on
  success and nobody on failure.

  Below, Alice holds 3, Bob the Witch, Carol 1, Dave 5, Eve 2 and the centre tile is 4. Alice
  looked at Bob's tile (and is bewitched), Bob at the centre tile, Carol at Dave's, Dave at
  Alice's and Eve at Carol's; every question has been asked and answered, everyone recommended
  Carol and she asked no last question.

  Background:
    Given a 5-player standard game where Alice holds 3, Bob holds the Witch, Carol holds 1, Dave holds 5, Eve holds 2 and the centre tile is 4
    And the inspections were Alice at Bob's tile, Bob at the centre tile, Carol at Dave's tile, Dave at Alice's tile and Eve at Carol's tile
    And the questions are over

  @clause:settlement.reveal
  Rule: The line is revealed from the left

    @id:seven-knights-0151
    Example: The revealed line shows the values in line order
      When everyone recommends Carol
      And Carol asks no last question
      And Carol lines up Carol's tile, Eve's tile, Alice's tile, the centre tile and Dave's tile
      Then a line-revealed event cites settlement.reveal
      And the line revealed the values 1, 2, 3, 4 and 5

  @clause:settlement.ascending
  Rule: The Knights win if the line is strictly ascending and complete

    @id:seven-knights-0152
    Example: A line out of order makes the Witch team win
      When everyone recommends Carol
      And Carol asks no last question
      And Carol lines up Carol's tile, Alice's tile, Eve's tile, the centre tile and Dave's tile
      Then the Witch team wins the round
      And the scores are Alice 3, Bob 3, Carol 0, Dave 0 and Eve 0

    @id:seven-knights-0153
    Example: An ascending line makes the Knights win
      When everyone recommends Carol
      And Carol asks no last question
      And Carol lines up Carol's tile, Eve's tile, Alice's tile, the centre tile and Dave's tile
      Then the Knights win the round

  @clause:settlement.witch-placed
  Rule: A Witch placed anywhere but the far right is a mistake (option: anywhere)

    @option:variant
    @id:seven-knights-0154
    Example: The Witch in the middle of an advanced line is a mistake
      Given a 5-player advanced game where Alice holds 6, Bob holds the Witch, Carol holds 1, Dave holds 7, Eve holds 3 and the centre tile is 4
      And the inspections were Alice at Bob's tile, Bob at the centre tile, Carol at Dave's tile, Dave at Alice's tile and Eve at Carol's tile
      And the questions are over
      When everyone recommends Carol
      And Carol asks no last question
      And Carol lines up Carol's tile, Bob's tile, Eve's tile, the centre tile, Alice's tile and Dave's tile
      Then the Witch team wins the round
      And the line's mistakes cite settlement.witch-placed

    @option:witch_in_line
    @option:variant
    @id:seven-knights-0155
    Example: With the Witch to be left out, the Witch at the far right is a mistake
      Given the rule option witch_in_line is left-out
      And a 5-player advanced game where Alice holds 6, Bob holds the Witch, Carol holds 1, Dave holds 7, Eve holds 3 and the centre tile is 4
      And the inspections were Alice at Bob's tile, Bob at the centre tile, Carol at Dave's tile, Dave at Alice's tile and Eve at Carol's tile
      And the questions are over
      When everyone recommends Carol
      And Carol asks no last question
      And Carol lines up Carol's tile, Eve's tile, the centre tile, Alice's tile, Dave's tile and Bob's tile
      Then the Witch team wins the round
      And the line's mistakes cite settlement.witch-placed

  @clause:settlement.unplaced-knight
  Rule: A knight left out of the line is a mistake

    @option:variant
    @id:seven-knights-0156
    Example: Leaving Dave's 7 out of an advanced line loses
      Given a 5-player advanced game where Alice holds 6, Bob holds the Witch, Carol holds 1, Dave holds 7, Eve holds 3 and the centre tile is 4
      And the inspections were Alice at Bob's tile, Bob at the centre tile, Carol at Dave's tile, Dave at Alice's tile and Eve at Carol's tile
      And the questions are over
      When everyone recommends Carol
      And Carol asks no last question
      And Carol lines up Carol's tile, Eve's tile, the centre tile, Alice's tile and Bob's tile
      Then the Witch team wins the round
      And the line's mistakes cite settlement.unplaced-knight

  @clause:settlement.score-table
  Rule: Rounds 1 and 2 pay 2 to each Knight or 3 to each Witch-team member; round 3 pays 7

    @id:seven-knights-0157
    Example: A Knights win in round 1 pays 2 to each Knight
      When everyone recommends Carol
      And Carol asks no last question
      And Carol lines up Carol's tile, Eve's tile, Alice's tile, the centre tile and Dave's tile
      Then the scores are Alice 0, Bob 0, Carol 2, Dave 2 and Eve 2

    @id:seven-knights-0158
    Example: A Witch-team win in round 3 pays 7 to each member
      Given a 5-player standard game in round 3, after round 1 was won by the Witch team paying Bob and Dave 3 each and round 2 by the Knights paying Alice, Carol and Eve 2 each
      And the tiles are dealt: Alice holds 3, Bob holds the Witch, Carol holds 1, Dave holds 5, Eve holds 2 and the centre tile is 4
      And the inspections were Alice at Bob's tile, Bob at the centre tile, Carol at Dave's tile, Dave at Alice's tile and Eve at Carol's tile
      And the questions are over
      When everyone recommends Carol
      And Carol asks no last question
      And Carol lines up Carol's tile, Alice's tile, Eve's tile, the centre tile and Dave's tile
      Then the scores are Alice 9, Bob 10, Carol 2, Dave 3 and Eve 2

    @option:fixed_score
    @id:seven-knights-0159
    Example: With fixed score, a Witch-team win in round 3 pays 3
      Given the rule option fixed_score is true
      And a 5-player standard game in round 3, after round 1 was won by the Witch team paying Bob and Dave 3 each and round 2 by the Knights paying Alice, Carol and Eve 2 each
      And the tiles are dealt: Alice holds 3, Bob holds the Witch, Carol holds 1, Dave holds 5, Eve holds 2 and the centre tile is 4
      And the inspections were Alice at Bob's tile, Bob at the centre tile, Carol at Dave's tile, Dave at Alice's tile and Eve at Carol's tile
      And the questions are over
      When everyone recommends Carol
      And Carol asks no last question
      And Carol lines up Carol's tile, Alice's tile, Eve's tile, the centre tile and Dave's tile
      Then the scores are Alice 5, Bob 6, Carol 2, Dave 3 and Eve 2

  @clause:settlement.winners
  Rule: Each member of the winning side scores

    @id:seven-knights-0160
    Example: The Witch and the bewitched Alice score, the Knights do not
      When everyone recommends Carol
      And Carol asks no last question
      And Carol lines up Eve's tile, Carol's tile, Alice's tile, the centre tile and Dave's tile
      Then the Witch team wins the round
      And the scores are Alice 3, Bob 3, Carol 0, Dave 0 and Eve 0

  @clause:settlement.no-witch-team
  Rule: If the Knights lose and nobody is on the Witch team, nobody scores

    @option:variant
    @id:seven-knights-0161
    Example: An advanced round without the Witch, lost by the Knights, pays nobody
      Given a 5-player advanced game where Alice holds 6, Bob holds 2, Carol holds 1, Dave holds 7, Eve holds 3 and the centre tile is 4
      And the inspections were Alice at Bob's tile, Bob at the centre tile, Carol at Dave's tile, Dave at Alice's tile and Eve at Carol's tile
      And the questions are over
      When everyone recommends Carol
      And Carol asks no last question
      And Carol lines up Carol's tile, Bob's tile, Eve's tile, the centre tile, Dave's tile and Alice's tile
      Then nobody wins the round
      And the scores are Alice 0, Bob 0, Carol 0, Dave 0 and Eve 0

    @id:seven-knights-0162
    Example: The Witch lay unseen in the centre and the Knights lost: nobody scores
      Given a 5-player standard game where Alice holds 3, Bob holds 4, Carol holds 1, Dave holds 5, Eve holds 2 and the centre tile is the Witch
      And the inspections were Alice at Bob's tile, Bob at Carol's tile, Carol at Dave's tile, Dave at Alice's tile and Eve at Carol's tile
      And the questions are over
      When everyone recommends Carol
      And Carol asks no last question
      And Carol lines up Carol's tile, Alice's tile, Eve's tile, Bob's tile and Dave's tile
      Then nobody wins the round
      And the scores are Alice 0, Bob 0, Carol 0, Dave 0 and Eve 0

  @clause:settlement.cooperative
  Rule: In the cooperative game everybody scores on success and nobody on failure

    @option:cooperative
    @id:seven-knights-0163
    Example: A correct cooperative line pays everyone
      Given the cooperative game is on
      And a 5-player standard game where Alice holds 3, Bob holds 6, Carol holds 1, Dave holds 5, Eve holds 2 and the centre tile is 4
      And the inspections were Alice at Bob's tile, Bob at the centre tile, Carol at Dave's tile, Dave at Alice's tile and Eve at Carol's tile
      And the questions are over
      When everyone recommends Carol
      And Carol asks no last question
      And Carol lines up Carol's tile, Eve's tile, Alice's tile, the centre tile, Dave's tile and Bob's tile
      Then the Knights win the round
      And the scores are Alice 2, Bob 2, Carol 2, Dave 2 and Eve 2

    @option:cooperative
    @id:seven-knights-0197
    Example: A correct cooperative line is scored by one event: every player wins 2
      Given the cooperative game is on
      And a 5-player standard game where Alice holds 3, Bob holds 6, Carol holds 1, Dave holds 5, Eve holds 2 and the centre tile is 4
      And the inspections were Alice at Bob's tile, Bob at the centre tile, Carol at Dave's tile, Dave at Alice's tile and Eve at Carol's tile
      And the questions are over
      When everyone recommends Carol
      And Carol asks no last question
      And Carol lines up Carol's tile, Eve's tile, Alice's tile, the centre tile, Dave's tile and Bob's tile
      Then the events of the When steps are:
        | type                     | clause                 | player | round | winner  | points          | scores          | reason |
        | recommended              | recommendation.secret  | 0      |       |         |                 |                 |        |
        | recommended              | recommendation.secret  | 1      |       |         |                 |                 |        |
        | recommended              | recommendation.secret  | 2      |       |         |                 |                 |        |
        | recommended              | recommendation.secret  | 3      |       |         |                 |                 |        |
        | recommended              | recommendation.secret  | 4      |       |         |                 |                 |        |
        | recommendations-revealed | recommendation.reveal  |        |       |         |                 |                 |        |
        | captain-appointed        | captain.most-votes     |        |       |         |                 |                 |        |
        | last-question-skipped    | command.last-question  | 2      |       |         |                 |                 |        |
        | line-revealed            | settlement.reveal      |        |       |         |                 |                 |        |
        | round-scored             | settlement.cooperative |        | 1     | knights | [2, 2, 2, 2, 2] | [2, 2, 2, 2, 2] | line   |
        | tiles-revealed           | observation.round-end  |        |       |         |                 |                 |        |
        | round-started            | round.next-first-player |       | 2     |         |                 |                 |        |

    @option:cooperative
    @id:seven-knights-0164
    Example: A wrong cooperative line pays nobody
      Given the cooperative game is on
      And a 5-player standard game where Alice holds 3, Bob holds 6, Carol holds 1, Dave holds 5, Eve holds 2 and the centre tile is 4
      And the inspections were Alice at Bob's tile, Bob at the centre tile, Carol at Dave's tile, Dave at Alice's tile and Eve at Carol's tile
      And the questions are over
      When everyone recommends Carol
      And Carol asks no last question
      And Carol lines up Eve's tile, Carol's tile, Alice's tile, the centre tile, Dave's tile and Bob's tile
      Then nobody wins the round
      And the scores are Alice 0, Bob 0, Carol 0, Dave 0 and Eve 0
