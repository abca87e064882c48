Feature: Who may act
  A round runs through preparation (the deal), exploration (inspections), questions,
  recommendation, command and settlement. The turn-by-turn phases go clockwise from the first
  player; only the player whose decision is pending may act, and only with an action the
  phase accepts.

  Background:
    Given a 5-player standard game where Alice holds 3, Bob holds the Witch, Carol holds 1, Dave holds 5, Eve holds 2 and the centre tile is 4

  @clause:turn.actor
  Rule: Only the player whose decision is pending may act

    @id:seven-knights-0173
    Example: Bob may not inspect during Alice's turn
      When Bob inspects Carol's tile
      Then the action is rejected under turn.actor naming "not your turn"

  @clause:turn.phase-kind
  Rule: An action must be of a kind the current phase accepts

    @id:seven-knights-0174
    Example: A recommendation during the exploration is refused
      When Alice recommends Carol
      Then the action is rejected under turn.phase-kind

    @id:seven-knights-0175
    Example: A question during the exploration is refused
      When Alice asks Carol: is your tile one of 1, 2?
      Then the action is rejected under turn.phase-kind

    @id:seven-knights-0176
    Example: Nothing is accepted once the game has ended
      Given a 5-player standard game in round 3, after round 1 was won by the Witch team paying Bob and Dave 3 each and round 2 by the Knights paying Alice, Carol and Eve 2 each
      And the tiles are dealt: Alice holds 3, Bob holds the Witch, Carol holds 1, Dave holds 5, Eve holds 2 and the centre tile is 4
      And the inspections were Alice at Bob's tile, Bob at the centre tile, Carol at Dave's tile, Dave at Alice's tile and Eve at Carol's tile
      And the questions are over
      When everyone recommends Carol
      And Carol asks no last question
      And Carol lines up Carol's tile, Eve's tile, Alice's tile, the centre tile and Dave's tile
      And Alice inspects Bob's tile
      Then the action is rejected under turn.phase-kind

  @clause:turn.phase-order
  Rule: Each round runs preparation, exploration, questions, recommendation, command and settlement

    @id:seven-knights-0177
    Example: After the last inspection the questions begin with the first player
      When the inspections are Alice at Bob's tile, Bob at the centre tile, Carol at Dave's tile, Dave at Alice's tile and Eve at Carol's tile
      Then the phase is ask
      And it is Alice's turn to ask

    @id:seven-knights-0178
    Example: After the last answer everyone recommends at once
      Given the inspections were Alice at Bob's tile, Bob at the centre tile, Carol at Dave's tile, Dave at Alice's tile and Eve at Carol's tile
      When the questions are over
      Then the phase is recommend
      And Alice, Bob, Carol, Dave and Eve are still to recommend

  @clause:turn.clockwise
  Rule: The turn-by-turn phases go clockwise from the first player

    @id:seven-knights-0179
    Example: Inspections go Alice, Bob, Carol
      When Alice inspects Bob's tile
      Then it is Bob's turn to inspect
      When Bob inspects the centre tile
      Then it is Carol's turn to inspect
