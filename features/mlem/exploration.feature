Feature: Exploration variant
  Twenty exploration tokens each name a space of the track. Five lie face up on their spaces
  from the start; when a movement of the rocket ends on a token's space the token takes effect
  for the commander and is replaced from the face-down pile. A token gives points, gives back a
  removed die, or opens a tunnel that throws the rocket four spaces on. Which token comes up is
  chance, so every draw below is named.

  Background:
    Given the "short" board
    And a 3-player game
    And the exploration variant is on

  @clause:exploration.tokens
  Rule: Twenty exploration tokens name the spaces between the start and the end

    @id:mlem-0213
    Example: A new Exploration game has all twenty tokens face down
      When a new game is set up for 3 players with the exploration variant
      Then the phase is exploration-setup
      And the exploration pile holds 20 tokens
      And no exploration token is on the track
      And the draws offered are E01 to E20

  @clause:exploration.setup
  Rule: Tokens are revealed onto their spaces until five lie on the track

    @id:mlem-0214
    Example: A drawn token is laid face up on the space it names
      When a new game is set up for 3 players with the exploration variant
      And exploration token E06 is drawn
      Then exploration token E06 is on space 9
      And a token-revealed event cites exploration.setup
      And the exploration pile holds 19 tokens
      And the phase is exploration-setup

    @id:mlem-0215
    Example: The fifth token revealed ends the exploration setup
      When a new game is set up for 3 players with the exploration variant
      And exploration tokens E01, E05, E09, E14 and E19 are drawn
      Then the exploration tokens on the track are E01 on space 2, E05 on space 3, E09 on space 11, E14 on space 10 and E19 on space 9
      And the exploration pile holds 15 tokens
      And expedition 1 is taking off

    @id:mlem-0216
    Example: A token already on the track cannot be drawn again
      When a new game is set up for 3 players with the exploration variant
      And exploration token E06 is drawn
      And exploration token E06 is drawn
      Then the action is rejected under exploration.setup naming "E06"

    @id:mlem-0217
    Example: Tokens stay on the track from one expedition to the next
      Given exploration token E02 (1 point) is on space 6
      And exploration token E19 (tunnel) is on space 9
      And the rocket is on space 7
      And the rocket carries player 0's satellite, player 1's plus-minus and player 2's moon-double
      When the dice show 2, 2, 4, 4, afterburner and afterburner
      Then the rocket crashes
      And expedition 2 is taking off
      And the exploration tokens on the track are E02 on space 6 and E19 on space 9

  @clause:exploration.trigger
  Rule: A movement ending on a token's space makes the token take effect

    @id:mlem-0218
    Example: Ending a move on a token's space triggers it
      Given exploration token E02 (1 point) is on space 6
      And the rocket is on space 4
      And the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      When the dice show 1, 1, 3, 4, 4 and afterburner
      And the commander picks afterburner
      Then the rocket is on space 6
      And an exploration-triggered event cites exploration.trigger
      And no exploration token is on space 6
      And player 0 holds exploration token E02

    @id:mlem-0219
    Example: Passing over a token's space triggers nothing
      Given exploration token E03 (1 point) is on space 8
      And the rocket is on space 6
      And the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      When the dice show 1, 2, 3, 4, 4 and afterburner
      And the commander picks 3
      Then the rocket is on space 9
      And exploration token E03 is on space 8
      And no exploration-triggered event happened
      And player 0 holds no exploration token

    @id:mlem-0220
    Example: The rocket placed on a token's space at takeoff triggers nothing
      Given exploration token E05 (2 points) is on space 3
      When the players embark satellite, parachute and moon-double
      Then the rocket is on space 3
      And exploration token E05 is on space 3
      And no exploration-triggered event happened

    @id:mlem-0221
    Example: A crash on a token's space triggers nothing
      Given exploration token E13 (dice reuse) is on space 7
      And the rocket is on space 7 with 5 dice
      And the rocket carries player 0's satellite, player 1's plus-minus and player 2's moon-double
      When the dice show 2, 2, 4, 4 and afterburner
      Then the rocket crashes
      And exploration token E13 is on space 7
      And no exploration-triggered event happened

    @id:mlem-0222
    Example: Every token of the space takes effect before its tunnel jumps, then the destination's
      Given exploration token E18 (tunnel) is on space 7
      And exploration token E13 (dice reuse) is on space 7
      And exploration token E09 (3 points) is on space 11
      And the rocket is on space 4 with 5 dice
      And the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      When the dice show 1, 3, 4, 4 and afterburner
      And the commander picks 3
      Then the exploration tokens took effect in the order E18, E13 and E09
      And the rocket tunnelled from space 7 to space 11
      And 5 dice are available
      And player 0 holds exploration token E09
      And 3 replacement draws are owed

  @clause:exploration.replace
  Rule: Every token taken off the track is replaced from the pile

    @id:mlem-0223
    Example: The replacement is drawn before the landing phase
      Given exploration token E02 (1 point) is on space 6
      And the rocket is on space 4
      And the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      When the dice show 1, 1, 3, 4, 4 and afterburner
      And the commander picks afterburner
      Then the phase is exploration-draw
      And 1 replacement draw is owed
      And the draws offered are E01 and E03 to E20
      When exploration token E07 is drawn
      Then exploration token E07 is on space 12
      And a token-revealed event cites exploration.replace
      And 0 replacement draws are owed
      And player 0 may land on space 6 or stay

    @id:mlem-0224
    Example: A replacement laid on the rocket's space does not take effect now
      Given exploration token E02 (1 point) is on space 6
      And the rocket is on space 4
      And the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      When the dice show 1, 1, 3, 4, 4 and afterburner
      And the commander picks afterburner
      And exploration token E12 is drawn
      Then exploration token E12 is on space 6
      And the exploration tokens took effect in the order E02
      And the phase is landing

    @id:mlem-0225
    Example: With the pile empty no replacement is drawn
      Given exploration token E02 (1 point) is on space 6
      And the exploration pile is empty
      And the rocket is on space 4
      And the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      When the dice show 1, 1, 3, 4, 4 and afterburner
      And the commander picks afterburner
      Then player 0 holds exploration token E02
      And 0 replacement draws are owed
      And player 0 may land on space 6 or stay

    @id:mlem-0226
    Example: Draws owed beyond what the pile holds are dropped
      Given exploration token E01 (1 point) is on space 2
      And exploration token E10 (dice reuse) is on space 2
      And the exploration pile holds only E07
      And the rocket is on space 0
      And the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      When the dice show 1, 2, 3, 3, 4 and 4
      And the commander picks 2
      Then 2 replacement draws are owed
      When exploration token E07 is drawn
      Then exploration token E07 is on space 12
      And the exploration pile holds 0 tokens
      And the next step is a roll of 6 dice

    @id:mlem-0227
    Example: A token that is not in the pile cannot be the replacement
      Given exploration token E02 (1 point) is on space 6
      And the rocket is on space 4
      And the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      When the dice show 1, 1, 3, 4, 4 and afterburner
      And the commander picks afterburner
      And exploration token E02 is drawn
      Then the action is rejected under exploration.replace naming "E02"

  @clause:exploration.collision
  Rule: A token revealed onto an occupied space joins the tokens there (option: set aside)

    @id:mlem-0228
    Example: A second token for a space is laid beside the first
      When a new game is set up for 3 players with the exploration variant
      And exploration tokens E01 and E10 are drawn
      Then the exploration tokens on the track are E01 on space 2 and E10 on space 2
      And the exploration pile holds 18 tokens

    @id:mlem-0229
    Example: Both tokens of a space take effect, in the order they were laid
      Given exploration token E10 (dice reuse) is on space 2
      And exploration token E01 (1 point) is on space 2
      And the rocket is on space 0
      And the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      When the dice show 1, 2, 3, 3, 4 and 4
      And the commander picks 2
      Then the exploration tokens took effect in the order E10 and E01
      And 6 dice are available
      And player 0 holds exploration token E01
      And 2 replacement draws are owed

    @option:exploration_collision
    @id:mlem-0230
    Example: With stacking chosen, a replacement joins the token already on its space
      Given the rule option exploration_collision is stack
      And exploration token E07 (2 points) is on space 12
      And exploration token E02 (1 point) is on space 6
      And the rocket is on space 4
      And the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      When the dice show 1, 1, 3, 4, 4 and afterburner
      And the commander picks afterburner
      And exploration token E15 is drawn
      Then the exploration tokens on the track are E07 on space 12 and E15 on space 12
      And the phase is landing

    @option:exploration_collision
    @id:mlem-0231
    Example: With set-aside, a setup token for an occupied space is set aside and another drawn
      Given the rule option exploration_collision is set-aside
      When a new game is set up for 3 players with the exploration variant
      And exploration tokens E01 and E10 are drawn
      Then exploration token E10 is out of the game
      And the exploration tokens on the track are E01 on space 2
      And a token-set-aside event cites exploration.collision
      And the phase is exploration-setup
      When exploration tokens E02, E03, E04 and E05 are drawn
      Then expedition 1 is taking off
      And the exploration pile holds 14 tokens

    @option:exploration_collision
    @id:mlem-0232
    Example: With set-aside, a replacement for an occupied space is set aside and the draw is still owed
      Given the rule option exploration_collision is set-aside
      And exploration token E07 (2 points) is on space 12
      And exploration token E02 (1 point) is on space 6
      And the rocket is on space 4
      And the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      When the dice show 1, 1, 3, 4, 4 and afterburner
      And the commander picks afterburner
      And exploration token E15 is drawn
      Then exploration token E15 is out of the game
      And 1 replacement draw is owed
      And the phase is exploration-draw
      When exploration token E08 is drawn
      Then the exploration tokens on the track are E07 on space 12 and E08 on space 5
      And the phase is landing

  @clause:exploration.points
  Rule: A points token goes to the commander and scores its value

    @id:mlem-0233
    Example: The commander takes a points token and scores it
      Given exploration token E06 (2 points) is on space 9
      And the rocket is on space 6
      And the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      When the dice show 1, 2, 3, 4, 4 and afterburner
      And the commander picks 3
      Then player 0 holds exploration token E06
      And an exploration-points event cites exploration.points
      And player 0 scores 2 points for exploration
      And player 1 scores 0 points for exploration

    @id:mlem-0234
    Example: The token goes to the commander, not to the owners of the other seats
      Given exploration token E06 (2 points) is on space 9
      And the rocket is on space 6
      And the rocket carries player 2's satellite, player 0's parachute and player 1's moon-double
      When the dice show 1, 2, 3, 4, 4 and afterburner
      And the commander picks 3
      Then player 2 holds exploration token E06
      And player 0 holds no exploration token
      And player 2 scores 2 points for exploration

    @id:mlem-0235
    Example: The points of the tokens a player holds add up
      Given player 0 holds exploration tokens E08 and E09
      Then player 0 scores 6 points for exploration
      And player 0 scores 6 points

  @clause:exploration.dice-reuse
  Rule: Dice reuse gives back one removed die, up to all dice (option: up to six)

    @id:mlem-0236
    Example: A removed die comes back
      Given exploration token E12 (dice reuse) is on space 6
      And the rocket is on space 4 with 5 dice
      And the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      When the dice show 1, 3, 4, 4 and afterburner
      And the commander picks afterburner
      Then 6 dice are available
      And a die-reused event cites exploration.dice-reuse
      And exploration token E12 is out of the game

    @id:mlem-0237
    Example: The die used for the move is removed before the token gives one back
      Given exploration token E12 (dice reuse) is on space 6
      And the rocket is on space 4
      And the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      When the dice show 1, 2, 3, 4, 4 and afterburner
      And the commander picks 2
      Then a dice-removed event cites travel.remove-dice
      And a die-reused event cites exploration.dice-reuse
      And 6 dice are available

    @id:mlem-0238
    Example: With every die available the token does nothing and is used up all the same
      Given exploration token E12 (dice reuse) is on space 6
      And the rocket is on space 4
      And the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      When the dice show 1, 1, 3, 4, 4 and afterburner
      And the commander picks afterburner
      Then a dice-reuse-wasted event cites exploration.dice-reuse
      And no die-reused event happened
      And 6 dice are available
      And exploration token E12 is out of the game

    @id:mlem-0239
    Example: Under the UFO variant all dice means the arrival token's count
      Given the ufo variant is on
      And the arrival token is A08 (extra face 3, 4 dice)
      And exploration token E12 (dice reuse) is on space 6
      And the rocket is on space 4 with 4 dice
      And the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      When the dice show 1, 3, 4 and afterburner
      And the commander picks afterburner
      Then a dice-reuse-wasted event cites exploration.dice-reuse
      And 4 dice are available

    @option:dice_reuse_cap
    @id:mlem-0240
    Example: With the cap of six, a die beyond the arrival token's count comes back
      Given the rule option dice_reuse_cap is six
      And the ufo variant is on
      And the arrival token is A08 (extra face 3, 4 dice)
      And exploration token E12 (dice reuse) is on space 6
      And the rocket is on space 4 with 4 dice
      And the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      When the dice show 1, 3, 4 and afterburner
      And the commander picks afterburner
      Then a die-reused event cites exploration.dice-reuse
      And 5 dice are available

    @option:dice_reuse_cap
    @id:mlem-0241
    Example: With the expedition cap chosen, a die comes back up to the arrival token's count
      Given the rule option dice_reuse_cap is expedition
      And the ufo variant is on
      And the arrival token is A08 (extra face 3, 4 dice)
      And exploration token E12 (dice reuse) is on space 6
      And the rocket is on space 4 with 3 dice
      And the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      When the dice show 1, 4 and afterburner
      And the commander picks afterburner
      Then a die-reused event cites exploration.dice-reuse
      And 4 dice are available

  @clause:exploration.tunnel
  Rule: A tunnel jumps the rocket four spaces on

    @id:mlem-0242
    Example: A tunnel throws the rocket four spaces on, to a planet
      Given exploration token E17 (tunnel) is on space 4
      And the rocket is on space 2
      And the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      When the dice show 1, 2, 3, 4, 4 and afterburner
      And the commander picks 2
      Then the rocket tunnelled from space 4 to space 8
      And a tunnel event cites exploration.tunnel
      And the rocket is on space 8
      And 5 dice are available
      And exploration token E17 is out of the game
      When exploration token E01 is drawn
      Then player 0 may land on space 8 or stay

    @id:mlem-0243
    Example: A tunnel onto a space with nothing to land on just moves the rocket
      Given exploration token E16 (tunnel) is on space 1
      And the rocket is on space 0
      And the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      When the dice show 1, 2, 2, 3, 4 and afterburner
      And the commander picks 1
      And exploration token E01 is drawn
      Then the rocket tunnelled from space 1 to space 5
      And the rocket is on space 5
      And the next step is a roll of 5 dice

    @id:mlem-0244
    Example: A tunnel ending exactly on the end takes everyone to deep space after the draw
      Given exploration token E19 (tunnel) is on space 9
      And the rocket is on space 6
      And the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      When the dice show 1, 2, 3, 4, 4 and afterburner
      And the commander picks 3
      Then the rocket tunnelled from space 9 to space 13
      And the phase is exploration-draw
      When exploration token E01 is drawn
      Then player 0's satellite is on the comet
      And player 1's parachute is on the galaxy
      And expedition 2 is taking off

    @id:mlem-0245
    Example: Tokens on the tunnel's destination take effect too
      Given exploration token E17 (tunnel) is on space 4
      And exploration token E03 (1 point) is on space 8
      And the rocket is on space 2
      And the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      When the dice show 1, 2, 3, 4, 4 and afterburner
      And the commander picks 2
      Then the rocket is on space 8
      And player 0 holds exploration token E03
      And 2 replacement draws are owed

  @clause:exploration.tunnel-past-end
  Rule: A tunnel that would pass the end stops in deep space (option: it does not move)

    @option:tunnel_past_end
    @id:mlem-0246
    Example: With deep-space, a tunnel past the end stops the rocket in deep space
      Given the rule option tunnel_past_end is deep-space
      And exploration token E20 (tunnel) is on space 11
      And the rocket is on space 9
      And the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      When the dice show 1, 2, 3, 3, 4 and afterburner
      And the commander picks 2
      Then the rocket tunnelled from space 11 to space 13
      And a tunnel event cites exploration.tunnel-past-end
      When exploration token E07 is drawn
      Then player 0's satellite is on the comet
      And player 2's moon-double is on the galaxy

    @option:tunnel_past_end
    @id:mlem-0247
    Example: With no-move, a tunnel past the end leaves the rocket but is used up
      Given the rule option tunnel_past_end is no-move
      And exploration token E20 (tunnel) is on space 11
      And the rocket is on space 9
      And the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      When the dice show 1, 2, 3, 3, 4 and afterburner
      And the commander picks 2
      Then the rocket is on space 11
      And a tunnel-blocked event cites exploration.tunnel-past-end
      And no tunnel event happened
      And exploration token E20 is out of the game
      And 1 replacement draw is owed
      When exploration token E07 is drawn
      Then player 0 may land on space 11 or stay

    @option:tunnel_past_end
    @id:mlem-0248
    Example: With no-move, a tunnel ending exactly on the end still reaches deep space
      Given the rule option tunnel_past_end is no-move
      And exploration token E19 (tunnel) is on space 9
      And the rocket is on space 6
      And the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      When the dice show 1, 2, 3, 4, 4 and afterburner
      And the commander picks 3
      And exploration token E01 is drawn
      Then player 0's satellite is on the comet
