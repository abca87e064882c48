Feature: Hidden information
  A player sees their own tile and the tiles they inspected. Who inspected which tile, every
  question and answer, and the captain are public, as are the standard game's face-up
  leftovers. Every other tile's value, and the tiles set aside, stay hidden until the rules
  reveal them; at the end of a round every tile in play is shown. The yes/no questions are the
  only communication.

  Below, Alice holds 3, Bob the Witch, Carol 1, Dave 5, Eve 2 and the centre tile is 4.

  Background:
    Given a 5-player standard game where Alice holds 3, Bob holds the Witch, Carol holds 1, Dave holds 5, Eve holds 2 and the centre tile is 4

  @clause:observation.own-tile
  Rule: A player sees their own tile

    @id:seven-knights-0102
    Example: Dave sees his 5 and nobody else's tile
      Then Dave sees his own tile as 5
      And Dave does not see Alice's tile
      And Dave does not see Bob's tile

  @clause:observation.inspected-tile
  Rule: A player sees the tiles they inspected

    @id:seven-knights-0103
    Example: Alice sees the Witch on Bob's tile after looking
      When Alice inspects Bob's tile
      Then Alice sees Bob's tile as the Witch
      And Alice does not see Carol's tile

  @clause:observation.public-facts
  Rule: Inspection targets, questions, answers and the captain are public

    @id:seven-knights-0104
    Example: Eve sees who looked where, the questions, the answers and the captain
      Given the inspections were Alice at Bob's tile, Bob at the centre tile, Carol at Dave's tile, Dave at Alice's tile and Eve at Carol's tile
      When Alice asks Carol: is your tile one of 1, 2?
      And Carol answers Yes
      Then Eve sees that Bob inspected the centre tile
      And Eve sees that question 1 was Alice asking Carol about Carol's tile, answered Yes
      When the questions are over
      And everyone recommends Carol
      Then Eve sees that the captain is Carol

  @clause:observation.leftovers
  Rule: The standard game's face-up leftovers are public

    @id:seven-knights-0105
    Example: Everyone sees the face-up 6 and 7
      Then Carol sees the face-up leftover tiles 6 and 7

  @clause:observation.hidden
  Rule: Every other tile's value, and the tiles set aside, stay hidden

    @id:seven-knights-0106
    Example: Carol sees neither Bob's Witch nor the centre tile
      Then Carol does not see Bob's tile
      And Carol does not see the centre tile
      And Carol sees her own tile as 1

  @clause:observation.round-end
  Rule: At the end of a round every tile in play is shown

    @option:review_phase
    @id:seven-knights-0107
    Example: During the review every tile is open
      Given the rule option review_phase is true
      And the inspections were Alice at Bob's tile, Bob at the centre tile, Carol at Dave's tile, Dave at Alice's tile and Eve at Carol's tile
      And the questions are over
      When everyone recommends Carol
      And Carol asks no last question
      And Carol lines up Carol's tile, Eve's tile, Alice's tile, the centre tile and Dave's tile
      Then a tiles-revealed event cites observation.round-end
      And Dave sees Bob's tile as the Witch
      And Dave sees the centre tile as 4

  @clause:observation.no-talk
  Rule: The only communication is the yes/no questions

    @id:seven-knights-0108
    Example: In the question phase the only actions offered are questions
      Given the inspections were Alice at Bob's tile, Bob at the centre tile, Carol at Dave's tile, Dave at Alice's tile and Eve at Carol's tile
      Then every action offered to Alice is a question
      And the actions offered to Alice include asking Carol: is your tile one of 1?
