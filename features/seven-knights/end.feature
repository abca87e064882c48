Feature: End of the game
  The game ends after the third round's settlement. The highest total wins, and players tied
  for it share the win.

  @clause:end.after-three-rounds
  Rule: The game ends after the third round's settlement

    @id:seven-knights-0065
    Example: After round 3 the game is over and nothing more may be played
      Given a 5-player standard game in round 3, after round 1 was won by the Witch team paying Bob and Dave 3 each and round 2 by the Knights paying Alice, Carol and Eve 2 each
      And the tiles are dealt: Alice holds 3, Bob holds the Witch, Carol holds 1, Dave holds 5, Eve holds 2 and the centre tile is 4
      And the inspections were Alice at Bob's tile, Bob at the centre tile, Carol at Dave's tile, Dave at Alice's tile and Eve at Carol's tile
      And the questions are over
      When everyone recommends Carol
      And Carol asks no last question
      And Carol lines up Carol's tile, Eve's tile, Alice's tile, the centre tile and Dave's tile
      Then the game is over
      And nobody has an action left
      And the winner is Dave

    @option:review_phase
    @id:seven-knights-0180
    Example: With the review phase on, the game still ends at the third settlement, with no review
      Given the rule option review_phase is true
      And a 5-player standard game in round 3, after round 1 was won by the Witch team paying Bob and Dave 3 each and round 2 by the Knights paying Alice, Carol and Eve 2 each
      And the tiles are dealt: Alice holds 3, Bob holds the Witch, Carol holds 1, Dave holds 5, Eve holds 2 and the centre tile is 4
      And the inspections were Alice at Bob's tile, Bob at the centre tile, Carol at Dave's tile, Dave at Alice's tile and Eve at Carol's tile
      And the questions are over
      When everyone recommends Carol
      And Carol asks no last question
      And Carol lines up Carol's tile, Eve's tile, Alice's tile, the centre tile and Dave's tile
      Then the game is over
      And nobody has an action left
      And the winner is Dave
      When Alice confirms
      Then the action is rejected under turn.phase-kind

  @clause:end.winner
  Rule: The highest total wins; tied players share the win

    @id:seven-knights-0067
    Example: Dave and Eve tie for the highest total and share the win
      Given a 5-player standard game in round 3, after round 1 was won by the Witch team paying Bob, Dave and Eve 3 each and round 2 by the Knights paying Alice and Carol 2 each
      And the tiles are dealt: Alice holds 3, Bob holds the Witch, Carol holds 1, Dave holds 5, Eve holds 2 and the centre tile is 4
      And the inspections were Alice at Bob's tile, Bob at the centre tile, Carol at Dave's tile, Dave at Alice's tile and Eve at Carol's tile
      And the questions are over
      When everyone recommends Carol
      And Carol asks no last question
      And Carol lines up Carol's tile, Eve's tile, Alice's tile, the centre tile and Dave's tile
      Then the scores are Alice 2, Bob 3, Carol 9, Dave 10 and Eve 10
      And the winners are Dave and Eve
      And a game-over event cites end.winner
