Feature: Rounds
  A game has three rounds. After a round's settlement the tiles are collected, the inspections,
  questions and recommendations are cleared, and the next round is dealt, begun by the player
  whose own tile had the lowest number. With the review phase on, the table waits until every
  player has confirmed before rounds 2 and 3; the third round's settlement ends the game.

  Below, Alice holds 3, Bob the Witch, Carol 1, Dave 5, Eve 2 and the centre tile is 4 unless
  said otherwise. Alice looked at Bob's tile (and is bewitched), Bob at the centre tile, Carol
  at Dave's, Dave at Alice's and Eve at Carol's; every question has been asked and answered.

  Background:
    Given a 5-player standard game where Alice holds 3, Bob holds the Witch, Carol holds 1, Dave holds 5, Eve holds 2 and the centre tile is 4
    And the inspections were Alice at Bob's tile, Bob at the centre tile, Carol at Dave's tile, Dave at Alice's tile and Eve at Carol's tile
    And the questions are over

  @clause:round.count
  Rule: A game has three rounds

    @id:seven-knights-0145
    Example: After round 2 comes round 3
      Given a 5-player standard game in round 2, after round 1 was won by the Witch team paying Alice and Bob 3 each
      And the tiles are dealt: Alice holds 3, Bob holds the Witch, Carol holds 1, Dave holds 5, Eve holds 2 and the centre tile is 4
      And the inspections were Alice at Bob's tile, Bob at the centre tile, Carol at Dave's tile, Dave at Alice's tile and Eve at Carol's tile
      And the questions are over
      When everyone recommends Carol
      And Carol asks no last question
      And Carol lines up Carol's tile, Eve's tile, Alice's tile, the centre tile and Dave's tile
      Then the tiles are about to be dealt for round 3
      And the game is not over

  @clause:round.next-first-player
  Rule: The next round is begun by the player whose own tile had the lowest number

    @id:seven-knights-0146
    Example: Carol held the 1, so Carol begins round 2
      When everyone recommends Carol
      And Carol asks no last question
      And Carol lines up Carol's tile, Eve's tile, Alice's tile, the centre tile and Dave's tile
      Then a round-started event cites round.next-first-player
      And the first player is Carol

    @id:seven-knights-0147
    Example: The 1 in the centre does not count; Eve's 2 is the lowest player tile
      Given a 5-player standard game where Alice holds 3, Bob holds the Witch, Carol holds 4, Dave holds 5, Eve holds 2 and the centre tile is 1
      And the inspections were Alice at Bob's tile, Bob at the centre tile, Carol at Dave's tile, Dave at Alice's tile and Eve at Carol's tile
      And the questions are over
      When everyone recommends Carol
      And Carol asks no last question
      And Carol lines up the centre tile, Eve's tile, Alice's tile, Carol's tile and Dave's tile
      Then the Knights win the round
      And the first player is Eve

  @clause:round.reset
  Rule: Inspections, questions and recommendations are cleared for the next round

    @id:seven-knights-0148
    Example: Round 2 starts with no inspection, question or recommendation
      When everyone recommends Carol
      And Carol asks no last question
      And Carol lines up Carol's tile, Eve's tile, Alice's tile, the centre tile and Dave's tile
      And the tiles are dealt: Alice holds 1, Bob holds 2, Carol holds 3, Dave holds 4, Eve holds the Witch and the centre tile is 5
      Then no inspection has been made
      And no question has been asked
      And it is Carol's turn to inspect
      And the Witch team is Eve

  @clause:round.review
  Rule: With the review phase on, every player confirms before the next round

    @option:review_phase
    @id:seven-knights-0149
    Example: The next round is dealt once the last player confirms
      Given the rule option review_phase is true
      When everyone recommends Carol
      And Carol asks no last question
      And Carol lines up Carol's tile, Eve's tile, Alice's tile, the centre tile and Dave's tile
      And Alice, Bob, Carol and Dave confirm
      Then Eve is still to confirm
      When Eve confirms
      Then a confirmed event cites round.review
      And the tiles are about to be dealt for round 2

    @option:review_phase
    @id:seven-knights-0150
    Example: A player confirms only once
      Given the rule option review_phase is true
      When everyone recommends Carol
      And Carol asks no last question
      And Carol lines up Carol's tile, Eve's tile, Alice's tile, the centre tile and Dave's tile
      And Alice confirms
      And Alice confirms
      Then the action is rejected under round.review

    @option:review_phase
    @id:seven-knights-0196
    Example: Each confirmation is one event naming who confirmed
      Given the rule option review_phase is true
      When everyone recommends Carol
      And Carol asks no last question
      And Carol lines up Carol's tile, Eve's tile, Alice's tile, the centre tile and Dave's tile
      And Dave, Alice, Eve, Bob and Carol confirm
      Then the events of the When steps are:
        | type                     | clause                   | player | captain | round | first_player |
        | recommended              | recommendation.secret    | 0      |         |       |              |
        | recommended              | recommendation.secret    | 1      |         |       |              |
        | recommended              | recommendation.secret    | 2      |         |       |              |
        | recommended              | recommendation.secret    | 3      |         |       |              |
        | recommended              | recommendation.secret    | 4      |         |       |              |
        | recommendations-revealed | recommendation.reveal    |        |         |       |              |
        | captain-appointed        | captain.most-votes       |        | 2       |       |              |
        | last-question-skipped    | command.last-question    | 2      |         |       |              |
        | line-revealed            | settlement.reveal        |        | 2       |       |              |
        | round-scored             | settlement.winners       |        |         | 1     |              |
        | tiles-revealed           | observation.round-end    |        |         |       |              |
        | confirmed                | round.review             | 3      |         |       |              |
        | confirmed                | round.review             | 0      |         |       |              |
        | confirmed                | round.review             | 4      |         |       |              |
        | confirmed                | round.review             | 1      |         |       |              |
        | confirmed                | round.review             | 2      |         |       |              |
        | round-started            | round.next-first-player  |        |         | 2     | 2            |
