Feature: Captain
  The player with the most recommendations becomes captain. A tie goes to a player who did
  not recommend themselves, and then to the player farther clockwise from the first player.
  A captain on the Witch team makes the Witch team win the round; by default that check comes
  after the captain's last question.

  Below, Alice holds 3, Bob the Witch, Carol 1, Dave 5, Eve 2 and the centre tile is 4. Alice
  looked at Bob's tile (and is bewitched), Bob at the centre tile, Carol at Dave's, Dave at
  Alice's and Eve at Carol's; every question has been asked and answered.

  Background:
    Given a 5-player standard game where Alice holds 3, Bob holds the Witch, Carol holds 1, Dave holds 5, Eve holds 2 and the centre tile is 4
    And the inspections were Alice at Bob's tile, Bob at the centre tile, Carol at Dave's tile, Dave at Alice's tile and Eve at Carol's tile
    And the questions are over

  @clause:captain.most-votes
  Rule: The player with the most recommendations becomes captain

    @id:seven-knights-0015
    Example: Carol, with three recommendations, is captain
      When the recommendations are Alice for Carol, Bob for Dave, Carol for Carol, Dave for Carol and Eve for Dave
      Then the captain is Carol
      And a captain-appointed event cites captain.most-votes

  @clause:captain.not-self-voted
  Rule: Among tied players, one who did not recommend themselves is preferred

    @id:seven-knights-0016
    Example: Carol and Dave have two each, but Carol recommended herself
      When the recommendations are Alice for Carol, Carol for Carol, Bob for Dave, Eve for Dave and Dave for Eve
      Then the captain is Dave

  @clause:captain.farthest
  Rule: Among players still tied, the one farther clockwise from the first player is preferred

    @id:seven-knights-0017
    Example: Carol and Dave tie; Dave sits farther from Alice, the first player
      When the recommendations are Alice for Carol, Bob for Carol, Carol for Dave, Eve for Dave and Dave for Eve
      Then the captain is Dave

    @id:seven-knights-0018
    Example: The same tie with Dave as first player goes to Carol
      Given Dave is the first player
      And the inspections were Dave at Alice's tile, Eve at Carol's tile, Alice at Bob's tile, Bob at the centre tile and Carol at Dave's tile
      And the questions are over
      When the recommendations are Alice for Carol, Bob for Carol, Carol for Dave, Eve for Dave and Dave for Eve
      Then the captain is Carol

  @clause:captain.side-check
  Rule: A captain on the Witch team makes the Witch team win at once

    @id:seven-knights-0019
    Example: Bob, the Witch, is captain; after his last question the Witch team wins
      When the recommendations are Alice for Carol, Bob for Bob, Carol for Bob, Dave for Bob and Eve for Bob
      Then the captain is Bob
      When Bob asks no last question
      Then a witch-captain event cites captain.side-check
      And the Witch team wins the round
      And the scores are Alice 3, Bob 3, Carol 0, Dave 0 and Eve 0

  @clause:captain.check-order
  Rule: The captain's last question comes before the side check, unless the option puts the check first

    @id:seven-knights-0020
    Example: A Witch-team captain still asks the last question
      When the recommendations are Alice for Carol, Bob for Bob, Carol for Bob, Dave for Bob and Eve for Bob
      Then it is Bob's turn to ask a last question

    @option:captain_check_order
    @id:seven-knights-0021
    Example: With the check first, a Witch-team captain loses the round at the appointment
      Given the rule option captain_check_order is check-first
      When the recommendations are Alice for Carol, Bob for Bob, Carol for Bob, Dave for Bob and Eve for Bob
      Then the Witch team wins the round
      And the tiles are about to be dealt for round 2

  @clause:captain.witch-captain-reveal
  Rule: When the captain is on the Witch team, the captain's tile and the Witch tile are shown to everyone

    @id:seven-knights-0022
    Example: Bewitched Alice is captain: her 3 and Bob's Witch are shown
      When the recommendations are Alice for Alice, Bob for Carol, Carol for Alice, Dave for Alice and Eve for Alice
      And Alice asks no last question
      Then everyone is shown Alice's tile as 3 and Bob's tile as the Witch

    @id:seven-knights-0023
    Example: The Witch herself is captain: only her tile is shown
      When the recommendations are Alice for Carol, Bob for Bob, Carol for Bob, Dave for Bob and Eve for Bob
      And Bob asks no last question
      Then everyone is shown Bob's tile as the Witch

  @clause:captain.number-hidden
  Rule: A Knights-team captain's number stays hidden, unless the option reveals it

    @id:seven-knights-0024
    Example: Carol is captain and Dave still does not see her tile
      When everyone recommends Carol
      Then the captain is Carol
      And Dave does not see Carol's tile

    @option:captain_number
    @id:seven-knights-0025
    Example: With the captain's number revealed, everyone sees Carol's 1
      Given the rule option captain_number is revealed
      When everyone recommends Carol
      Then a captain-revealed event cites captain.number-hidden
      And Dave sees Carol's tile as 1
