Feature: Answers
  Only the player asked answers, Yes or No, and everyone hears it. A Knight must answer
  truthfully; the Witch and the bewitched may answer either way. In the cooperative game the
  truthful answer is given at once, without a decision.

  Below, Alice holds 3, Bob the Witch, Carol 1, Dave 5, Eve 2 and the centre tile is 4. Alice
  looked at Bob's tile (and is bewitched), Bob at the centre tile, Carol at Dave's, Dave at
  Alice's and Eve at Carol's.

  Background:
    Given a 5-player standard game where Alice holds 3, Bob holds the Witch, Carol holds 1, Dave holds 5, Eve holds 2 and the centre tile is 4
    And the inspections were Alice at Bob's tile, Bob at the centre tile, Carol at Dave's tile, Dave at Alice's tile and Eve at Carol's tile

  @clause:answer.by-addressee
  Rule: Only the player asked answers, Yes or No

    @id:seven-knights-0001
    Example: Only Carol, who was asked, may answer
      When Alice asks Carol: is your tile one of 1, 2?
      Then it is Carol's turn to answer
      And Carol may answer only Yes

    @id:seven-knights-0002
    Example: Eve may not answer a question put to Carol
      When Alice asks Carol: is your tile one of 1, 2?
      And Eve answers Yes
      Then the action is rejected under turn.actor

  @clause:answer.knights-truthful
  Rule: A Knight must answer truthfully

    @id:seven-knights-0003
    Example: Carol, a Knight holding 1, may not deny that her tile is one of 1 and 2
      When Alice asks Carol: is your tile one of 1, 2?
      Then Carol may not answer No (answer.knights-truthful)
      When Carol answers No
      Then the action is rejected under answer.knights-truthful

    @id:seven-knights-0004
    Example: Carol, a Knight, must say No when Dave's 5 is not one of 1 and 2
      When Alice asks Carol: is Dave's tile one of 1, 2?
      Then Carol may not answer Yes (answer.knights-truthful)
      When Carol answers No
      Then it is Bob's turn to ask

  @clause:answer.witch-may-lie
  Rule: The Witch and the bewitched may answer either way

    @id:seven-knights-0005
    Example: Bob, the Witch, may say Yes although the centre tile is 4
      When Alice asks Bob: is the centre tile one of 1, 2?
      Then Bob may answer Yes or No
      When Bob answers Yes
      Then it is Bob's turn to ask

    @id:seven-knights-0006
    Example: Alice, bewitched, may answer either way about her own tile
      When Alice asks Carol: is your tile one of 1, 2?
      And Carol answers Yes
      And Bob asks Alice: is your tile one of 1, 2?
      Then Alice may answer Yes or No

  @clause:answer.cooperative-automatic
  Rule: In the cooperative game the truthful answer is given automatically

    @option:cooperative
    @id:seven-knights-0007
    Example: Carol's answer is recorded at once and the next player asks
      Given the cooperative game is on
      And a 5-player standard game where Alice holds 3, Bob holds 6, Carol holds 1, Dave holds 5, Eve holds 2 and the centre tile is 4
      And the inspections were Alice at Bob's tile, Bob at the centre tile, Carol at Dave's tile, Dave at Alice's tile and Eve at Carol's tile
      When Alice asks Carol: is your tile one of 1, 2?
      Then an answered event cites answer.cooperative-automatic
      And question 1 was answered Yes
      And it is Bob's turn to ask

    @option:cooperative
    @id:seven-knights-0195
    Example: A cooperative question is followed by one answer event, in the answerer's name
      Given the cooperative game is on
      And a 5-player standard game where Alice holds 3, Bob holds 6, Carol holds 1, Dave holds 5, Eve holds 2 and the centre tile is 4
      And the inspections were Alice at Bob's tile, Bob at the centre tile, Carol at Dave's tile, Dave at Alice's tile and Eve at Carol's tile
      When Alice asks Carol: is your tile one of 2, 3?
      Then the events of the When steps are:
        | type     | clause                       | player | answerer | yes   |
        | asked    | question.order               | 0      | 2        |       |
        | answered | answer.cooperative-automatic | 2      |          | false |

  @clause:answer.public
  Rule: Questions and answers are public

    @id:seven-knights-0008
    Example: Eve sees Alice's question to Carol and Carol's answer
      When Alice asks Carol: is your tile one of 1, 2?
      And Carol answers Yes
      Then an answered event cites answer.public
      And Eve sees that question 1 was Alice asking Carol about Carol's tile, answered Yes
