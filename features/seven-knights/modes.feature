Feature: Modes and rule options
  The variant option picks the standard game (疑心暗鬼), the advanced game (前途多難) or
  groping in the dark (暗中模索); the cooperative game (一致団結) combines with each. Fixed
  score and the review phase are table options. Each mode has its own player counts, and the
  tiles in play per count and mode are data (spec/seven-knights/tiles.yaml).

  @clause:modes.variant
  Rule: The variant is standard, advanced or darkness

    @option:variant
    @id:seven-knights-0084
    Example: The advanced variant may deal a round without the Witch
      Given a 5-player advanced game where Alice holds 6, Bob holds 2, Carol holds 1, Dave holds 7, Eve holds 3 and the centre tile is 4
      Then it is Alice's turn to inspect
      And nobody is on the Witch team

    @id:seven-knights-0085
    Example: An unknown variant is refused
      When a new game is set up for 5 players in chaos mode
      Then the setup is refused as malformed

  @clause:modes.player-limits
  Rule: Each mode has its own player counts

    @option:variant
    @id:seven-knights-0086
    Example: The advanced game is not for eight players
      When a new game is set up for 8 players in advanced mode
      Then the setup is rejected under modes.player-limits

    @option:variant
    @id:seven-knights-0087
    Example: Groping in the dark is not for five players
      When a new game is set up for 5 players in darkness mode
      Then the setup is rejected under modes.player-limits

    @option:cooperative
    @id:seven-knights-0088
    Example: The cooperative game is not for eight players
      Given the cooperative game is on
      When a new game is set up for 8 players in standard mode
      Then the setup is rejected under modes.player-limits

    @option:cooperative
    @id:seven-knights-0191
    Example: The cooperative game is for seven players at most, seven included
      Given the cooperative game is on
      When a new game is set up for 7 players in standard mode
      Then the tiles are about to be dealt for round 1

    @option:variant
    @id:seven-knights-0089
    Example: Groping in the dark may be played by four
      When a new game is set up for 4 players in darkness mode
      Then the tiles are about to be dealt for round 1

  @clause:modes.three-player-standard
  Rule: A three-player standard game is played as groping in the dark, unless the option refuses it

    @option:variant
    @id:seven-knights-0090
    Example: Three players choosing the standard game play groping in the dark
      When a new game is set up for 3 players in standard mode
      Then the game is played in darkness mode

    @option:three_player_standard
    @id:seven-knights-0091
    Example: With the option refused, a three-player standard game is refused
      Given the rule option three_player_standard is refused
      When a new game is set up for 3 players in standard mode
      Then the setup is rejected under modes.three-player-standard

  @clause:modes.advanced
  Rule: The advanced game deals a random subset of all eight tiles each round

    @option:variant
    @id:seven-knights-0092
    Example: Numbers may be missing in an advanced round
      Given a 5-player advanced game where Alice holds 6, Bob holds the Witch, Carol holds 1, Dave holds 7, Eve holds 3 and the centre tile is 4
      Then it is Alice's turn to inspect
      And Alice sees her own tile as 6

  @clause:modes.darkness
  Rule: Groping in the dark gives each player a knight, puts three tiles in the centre and has two inspection laps

    @option:variant
    @id:seven-knights-0093
    Example: A four-player dark round has three face-down centre tiles
      Given a 4-player darkness game where Alice holds 2, Bob holds 5, Carol holds 1, Dave holds 6 and the centre tiles are 3, the Witch and 7
      Then Alice may inspect Bob's tile, Carol's tile and Dave's tile

  @clause:modes.cooperative
  Rule: The cooperative game has no Witch and everybody plays on one side

    @option:cooperative
    @id:seven-knights-0094
    Example: A cooperative deal has no Witch
      Given the cooperative game is on
      And a 5-player standard game
      When the tiles are dealt: Alice holds 3, Bob holds the Witch, Carol holds 1, Dave holds 5, Eve holds 2 and the centre tile is 4
      Then the action is rejected under deal.shuffle-chance

  @clause:modes.fixed-score
  Rule: With fixed score, round 3 pays like rounds 1 and 2

    @option:fixed_score
    @id:seven-knights-0095
    Example: A Knights win in round 3 pays 2 with fixed score
      Given the rule option fixed_score is true
      And a 5-player standard game in round 3, after round 1 was won by the Witch team paying Bob and Dave 3 each and round 2 by the Knights paying Alice, Carol and Eve 2 each
      And the tiles are dealt: Alice holds 3, Bob holds the Witch, Carol holds 1, Dave holds 5, Eve holds 2 and the centre tile is 4
      And the inspections were Alice at Bob's tile, Bob at the centre tile, Carol at Dave's tile, Dave at Alice's tile and Eve at Carol's tile
      And the questions are over
      When everyone recommends Carol
      And Carol asks no last question
      And Carol lines up Carol's tile, Eve's tile, Alice's tile, the centre tile and Dave's tile
      Then the Knights win the round
      And the scores are Alice 2, Bob 3, Carol 4, Dave 5 and Eve 4

    @id:seven-knights-0096
    Example: Without fixed score a Knights win in round 3 pays 7
      Given a 5-player standard game in round 3, after round 1 was won by the Witch team paying Bob and Dave 3 each and round 2 by the Knights paying Alice, Carol and Eve 2 each
      And the tiles are dealt: Alice holds 3, Bob holds the Witch, Carol holds 1, Dave holds 5, Eve holds 2 and the centre tile is 4
      And the inspections were Alice at Bob's tile, Bob at the centre tile, Carol at Dave's tile, Dave at Alice's tile and Eve at Carol's tile
      And the questions are over
      When everyone recommends Carol
      And Carol asks no last question
      And Carol lines up Carol's tile, Eve's tile, Alice's tile, the centre tile and Dave's tile
      Then the Knights win the round
      And the scores are Alice 2, Bob 3, Carol 9, Dave 10 and Eve 9

  @clause:modes.review-phase
  Rule: With the review phase, the table pauses between rounds

    @option:review_phase
    @id:seven-knights-0097
    Example: With the review phase on, a finished round waits for every player
      Given the rule option review_phase is true
      And a 5-player standard game where Alice holds 3, Bob holds the Witch, Carol holds 1, Dave holds 5, Eve holds 2 and the centre tile is 4
      And the inspections were Alice at Bob's tile, Bob at the centre tile, Carol at Dave's tile, Dave at Alice's tile and Eve at Carol's tile
      And the questions are over
      When everyone recommends Carol
      And Carol asks no last question
      And Carol lines up Carol's tile, Eve's tile, Alice's tile, the centre tile and Dave's tile
      Then the phase is review
      And Alice, Bob, Carol, Dave and Eve are still to confirm

    @id:seven-knights-0098
    Example: Without the review phase the next round is dealt at once
      Given a 5-player standard game where Alice holds 3, Bob holds the Witch, Carol holds 1, Dave holds 5, Eve holds 2 and the centre tile is 4
      And the inspections were Alice at Bob's tile, Bob at the centre tile, Carol at Dave's tile, Dave at Alice's tile and Eve at Carol's tile
      And the questions are over
      When everyone recommends Carol
      And Carol asks no last question
      And Carol lines up Carol's tile, Eve's tile, Alice's tile, the centre tile and Dave's tile
      Then the tiles are about to be dealt for round 2

  @clause:modes.tiles-in-play
  Rule: The tiles in play per player count and mode come from the tile data

    @id:seven-knights-0099
    Example: A 7-player standard game plays the Witch and the knights 1 to 6, with 7 face up
      Given a 7-player standard game
      Then the face-up leftover tiles are 7

    @id:seven-knights-0100
    Example: A 7-player standard round can be dealt 5040 ways, all equally likely
      Given a 7-player standard game
      Then there are 5040 possible deals, each with probability 1/5040

    @id:seven-knights-0101
    Example: A 4-player standard game leaves 5, 6 and 7 face up
      Given a 4-player standard game
      Then the face-up leftover tiles are 5, 6 and 7

    @id:seven-knights-0192
    Example: Tile data too small to deal every tile in play is refused
      Given a 4-player standard game
      And the tile data is a pool of the Witch, 1, 2 and 3 with 1 centre tile
      When a new game is set up
      Then the setup is rejected under modes.tiles-in-play

    @id:seven-knights-0193
    Example: Tile data with exactly as many tiles as are in play is accepted
      Given a 4-player standard game
      And the tile data is a pool of the Witch, 1, 2, 3 and 6 with 1 centre tile
      When a new game is set up
      Then the tiles are about to be dealt for round 1
