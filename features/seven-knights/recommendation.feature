Feature: Recommendation
  When the questions are over, every player at once and in secret recommends one player as
  captain, themselves included. A recommendation may be withdrawn until the last one is in;
  then all are revealed together. Members of the Witch team may not recommend one another.

  Below, Alice holds 3, Bob the Witch, Carol 1, Dave 5, Eve 2 and the centre tile is 4. Alice
  looked at Bob's tile (and is bewitched), Bob at the centre tile, Carol at Dave's, Dave at
  Alice's and Eve at Carol's; every question has been asked and answered.

  Background:
    Given a 5-player standard game where Alice holds 3, Bob holds the Witch, Carol holds 1, Dave holds 5, Eve holds 2 and the centre tile is 4
    And the inspections were Alice at Bob's tile, Bob at the centre tile, Carol at Dave's tile, Dave at Alice's tile and Eve at Carol's tile
    And the questions are over

  @clause:recommendation.simultaneous
  Rule: Everyone recommends one player at the same time

    @id:seven-knights-0133
    Example: Every player is to choose, in any order
      Then Alice, Bob, Carol, Dave and Eve are still to recommend
      When Eve recommends Dave
      Then Alice, Bob, Carol and Dave are still to recommend
      When Bob recommends Carol
      Then Alice, Carol and Dave are still to recommend

    @id:seven-knights-0187
    Example: A player not at the table cannot be recommended
      When Alice recommends Heidi
      Then the action is rejected under recommendation.simultaneous

  @clause:recommendation.secret
  Rule: A recommendation stays secret until everyone has chosen

    @id:seven-knights-0134
    Example: Bob cannot see whom Alice recommended, Alice can
      When Alice recommends Carol
      Then a recommended event cites recommendation.secret
      And Alice sees her own recommendation of Carol
      And Bob sees Alice's recommendation as hidden
      And Bob sees that Carol has not recommended anyone yet

  @clause:recommendation.self-allowed
  Rule: A player may recommend themselves

    @id:seven-knights-0135
    Example: Carol recommends herself
      When Carol recommends Carol
      Then Carol sees her own recommendation of Carol
      And Alice, Bob, Dave and Eve are still to recommend

  @clause:recommendation.witch-team
  Rule: Members of the Witch team may not recommend one another

    @id:seven-knights-0136
    Example: A bewitched player may not recommend the Witch
      When Alice recommends Bob
      Then the action is rejected under recommendation.witch-team

    @id:seven-knights-0137
    Example: The Witch may not recommend a bewitched player
      When Bob recommends Alice
      Then the action is rejected under recommendation.witch-team

    @id:seven-knights-0138
    Example: A Knight may recommend the Witch
      When Dave recommends Bob
      Then Alice, Bob, Carol and Eve are still to recommend

    @id:seven-knights-0139
    Example: Two bewitched players may not recommend each other
      Given the inspections were Alice at Bob's tile, Bob at the centre tile, Carol at Bob's tile, Dave at Alice's tile and Eve at Carol's tile
      And the questions are over
      When Alice recommends Carol
      Then the action is rejected under recommendation.witch-team

    @option:witch_team_recommendation
    @id:seven-knights-0140
    Example: With only the Witch's pairings forbidden, two bewitched players may recommend each other
      Given the rule option witch_team_recommendation is witch-pairs
      And the inspections were Alice at Bob's tile, Bob at the centre tile, Carol at Bob's tile, Dave at Alice's tile and Eve at Carol's tile
      And the questions are over
      When Alice recommends Carol
      Then Bob, Carol, Dave and Eve are still to recommend

    @option:witch_team_recommendation
    @id:seven-knights-0141
    Example: With only the Witch's pairings forbidden, a bewitched player still may not recommend the Witch
      Given the rule option witch_team_recommendation is witch-pairs
      And the inspections were Alice at Bob's tile, Bob at the centre tile, Carol at Bob's tile, Dave at Alice's tile and Eve at Carol's tile
      And the questions are over
      When Carol recommends Bob
      Then the action is rejected under recommendation.witch-team

  @clause:recommendation.change
  Rule: A recommendation may be withdrawn until everyone has chosen

    @id:seven-knights-0142
    Example: Alice changes her mind from Carol to Dave
      When Alice recommends Carol
      And Alice withdraws her recommendation
      Then a withdrawn event cites recommendation.change
      And Alice, Bob, Carol, Dave and Eve are still to recommend
      When Alice recommends Dave
      Then Alice sees her own recommendation of Dave

    @id:seven-knights-0188
    Example: A withdrawal is one event naming who withdrew
      When Alice recommends Carol
      And Alice withdraws her recommendation
      Then the events of the When steps are:
        | type        | clause                | player | target |
        | recommended | recommendation.secret | 0      | 2      |
        | withdrawn   | recommendation.change | 0      |        |

    @id:seven-knights-0143
    Example: A second recommendation without a withdrawal is refused
      When Alice recommends Carol
      And Alice recommends Dave
      Then the action is rejected under recommendation.change

  @clause:recommendation.reveal
  Rule: All recommendations are revealed together when the last one is in

    @id:seven-knights-0144
    Example: The last recommendation reveals them all
      When everyone recommends Carol
      Then a recommendations-revealed event cites recommendation.reveal
      And Dave sees Alice's recommendation of Carol
      And Dave sees Bob's recommendation of Carol
