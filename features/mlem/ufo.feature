Feature: UFO variant
  A UFO marker waits at the far end of the track. Every expedition opens with an arrival token:
  it moves the UFO toward Earth, sets how many dice the expedition starts with, and gives the
  commander one ability to use once: an extra die face, keeping dice, or a reroll. A rocket
  that reaches the UFO meets it and earns UFO tokens, worth their number at the end. Most of
  what happens around the UFO is not in any source and is a rule option (see the disputes).
  Arrival tokens come up by chance, so every draw below is named.

  Background:
    Given the "short" board
    And a 3-player game
    And the ufo variant is on

  @clause:ufo.components
  Rule: Fourteen arrival tokens and five UFO tokens worth 5 down to 1

    @id:mlem-0277
    Example: A new UFO game has fourteen arrival tokens and the UFO tokens 5 down to 1
      When a new game is set up for 3 players with the ufo variant
      Then the arrival pile holds 14 tokens
      And the draws offered are A01 to A14
      And the UFO tokens left are 5, 4, 3, 2 and 1
      And player 0 holds no UFO token

  @clause:ufo.setup
  Rule: The UFO starts on its home space

    @id:mlem-0278
    Example: The UFO starts on the home space, the end of the short board
      When a new game is set up for 3 players with the ufo variant
      Then the UFO is on space 13
      And there is no arrival token
      And the phase is arrival
      And the dice decide next

  @clause:ufo.arrival
  Rule: Every expedition opens with an arrival token that sets the dice

    @id:mlem-0279
    Example: The first expedition opens with an arrival token that sets the dice
      When a new game is set up for 3 players with the ufo variant
      And arrival token A08 is drawn
      Then the arrival token is A08
      And an arrival-revealed event cites ufo.arrival
      And the arrival pile holds 13 tokens
      And the arrival ability is unused
      And expedition 1 is taking off
      When the players embark satellite, parachute and moon-double
      Then the next step is a roll of 4 dice

    @id:mlem-0280
    Example: Each later expedition opens with a new arrival token
      Given arrival token A05 was used
      And the arrival token is A01 (keep dice, 6 dice)
      And the rocket is on space 12
      And the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      When the dice show 1, 2, 3, 3, 4 and afterburner
      And the commander picks 3
      Then the phase is arrival
      And there is no arrival token
      And the used arrival tokens are A05 and A01
      When arrival token A14 is drawn
      Then the arrival token is A14
      And expedition 2 is taking off
      And 4 dice are available

    @id:mlem-0281
    Example: An arrival token that is not in the pile cannot be drawn
      Given the next expedition opens with an arrival token
      And arrival token A03 was used
      When arrival token A03 is drawn
      Then the action is rejected under ufo.arrival naming "A03"

  @clause:ufo.movement
  Rule: The arrival token moves the UFO toward Earth, never below space 1

    @id:mlem-0282
    Example: The UFO moves toward Earth as far as the arrival token shows
      When a new game is set up for 3 players with the ufo variant
      And arrival token A12 is drawn
      Then the UFO moved from space 13 to space 10
      And a ufo-moved event cites ufo.movement
      And the UFO is on space 10

    @id:mlem-0283
    Example: An arrival token showing 0 leaves the UFO where it is
      When a new game is set up for 3 players with the ufo variant
      And arrival token A03 is drawn
      Then the UFO is on space 13
      And no ufo-moved event happened

    @id:mlem-0284
    Example: The UFO stops on space 1
      Given the next expedition opens with an arrival token
      And the UFO is on space 2
      When arrival token A14 is drawn
      Then the UFO moved from space 2 to space 1
      And the UFO is on space 1

  @clause:ufo.ability
  Rule: The commander may use the arrival token's ability once per expedition

    @id:mlem-0285
    Example: Using the ability spends it for the rest of the expedition
      Given the arrival token is A01 (keep dice, 6 dice)
      And the rocket is on space 6
      And the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      When the dice show 1, 2, 3, 3, 4 and afterburner
      Then the commander may keep the dice
      When the commander keeps the dice, picking 2
      Then the arrival ability is used
      And player 0 used the keep-dice ability

    @id:mlem-0286
    Example: A spent ability cannot be used again
      Given the arrival token is A01 (keep dice, 6 dice)
      And the arrival ability has been used
      And the rocket is on space 6
      And the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      When the dice show 1, 2, 3, 3, 4 and afterburner
      Then the commander may not keep the dice
      When the commander keeps the dice, picking 2
      Then the action is rejected under ufo.ability naming "already used"

    @id:mlem-0287
    Example: An ability the arrival token does not show is refused
      Given the arrival token is A01 (keep dice, 6 dice)
      And the rocket is on space 6
      And the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      When the dice show 1, 2, 3, 3, 4 and afterburner
      And the commander rerolls
      Then the action is rejected under ufo.ability naming "keep-dice"

    @id:mlem-0288
    Example: A new commander may use the ability the previous one left unused
      Given the arrival token is A05 (keep dice, 5 dice)
      And the rocket is on space 6 with 5 dice
      And the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      When the dice show 1, 2, 3, 4 and 4
      And the commander picks 3
      And player 0 lands
      And player 1 stays
      And player 2 stays
      Then the commander is player 1
      When the dice show 1, 2, 3 and 3
      And the commander keeps the dice, picking 1
      Then player 1 used the keep-dice ability
      And the rocket is on space 10
      And 4 dice are available

  @clause:ufo.extra-face
  Rule: The extra face alone moves the rocket and saves a roll where no die fits

    @id:mlem-0289
    Example: The extra face alone moves the rocket and no die is removed
      Given the arrival token is A08 (extra face 3, 4 dice)
      And the rocket is on space 6 with 4 dice
      And the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      When the dice show 1, 2, 4 and 4
      Then the commander may use the extra face
      When the commander uses the extra face
      Then the rocket moved from space 6 to space 9
      And a moved event cites ufo.extra-face
      And player 0 used the extra-face ability
      And 4 dice are available

    @id:mlem-0290
    Example: An afterburner extra face moves the rocket by the dots of its space
      Given the arrival token is A11 (extra face afterburner, 4 dice)
      And the rocket is on space 4 with 4 dice
      And the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      When the dice show 1, 2, 4 and 4
      And the commander uses the extra face
      Then the rocket is on space 6
      And 4 dice are available

    @id:mlem-0291
    Example: The extra face saves a roll in which no die fits
      Given the arrival token is A08 (extra face 3, 4 dice)
      And the rocket is on space 6 with 4 dice
      And the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      When the dice show 1, 1, 4 and 4
      Then the rocket does not crash
      And the commander's only choice is to use the extra face
      When the commander uses the extra face
      Then the rocket is on space 9

    @option:ufo_extra_face_use
    @id:mlem-0429
    Example: With ufo_extra_face_use=with-dice, the extra face joins the rolled dice of its face
      Given the rule option ufo_extra_face_use is with-dice
      And the arrival token is A08 (extra face 3, 4 dice)
      And the rocket is on space 6 with 4 dice
      And the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      When the dice show 1, 3, 4 and 4
      Then the commander may use the extra face
      When the commander uses the extra face together with the 3
      Then the rocket moved from space 6 to space 12
      And a moved event cites ufo.extra-face
      And player 0 used the extra-face ability
      And 3 dice are available

    @option:ufo_extra_face_use
    @id:mlem-0430
    Example: With ufo_extra_face_use=with-dice, the extra face is not used alone
      Given the rule option ufo_extra_face_use is with-dice
      And the arrival token is A08 (extra face 3, 4 dice)
      And the rocket is on space 6 with 4 dice
      And the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      When the dice show 1, 1, 4 and 4
      Then the rocket does not crash
      When the commander uses the extra face
      Then the action is rejected under ufo.extra-face naming "one more die"

    @option:ufo_extra_face_use
    @option:dice_grouping
    @id:mlem-0437
    Example: With with-dice and any-dice, a move may not leave out the token's die even when a Die-1 astronaut supplies the 1
      Given the rule option ufo_extra_face_use is with-dice
      And the rule option dice_grouping is any-dice
      And the arrival token is A03 (extra face 1, 6 dice)
      And the rocket is on space 1 with 6 dice
      And the rocket carries player 0's die-one, player 1's parachute and player 2's moon-double
      When the dice show 1, 2, 3, 4, 4 and 4
      And the action is played:
        """
        {"type": "move", "player": 0, "faces": ["1"], "die_one": [0], "ability": "extra-face", "dice": {"1": 0}}
        """
      Then the action is rejected under ufo.extra-face naming "one of the dice used"

    @option:ufo_extra_face_use
    @id:mlem-0431
    Example: With ufo_extra_face_use=with-dice, the extra face alone is a group that saves a roll
      Given the rule option ufo_extra_face_use is with-dice
      And the arrival token is A08 (extra face 3, 4 dice)
      And the rocket is on space 6 with 4 dice
      And the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      When the dice show 1, 1, 4 and 4
      And the commander uses the extra face together with the 3
      Then the rocket is on space 9
      And 4 dice are available

    @option:ufo_extra_face
    @id:mlem-0292
    Example: With allowed-only, the extra face is refused where its face is not allowed
      Given the rule option ufo_extra_face is allowed-only
      And the arrival token is A08 (extra face 3, 4 dice)
      And the rocket is on space 5 with 4 dice
      And the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      When the dice show 1, 2, 2 and 4
      Then the commander may not use the extra face
      When the commander uses the extra face
      Then the action is rejected under ufo.extra-face naming "space 5"

    @id:mlem-0293
    Example: A roll in which no die fits crashes where the extra face is not allowed either
      Given the arrival token is A08 (extra face 3, 4 dice)
      And the rocket is on space 5 with 4 dice
      And the rocket carries player 0's satellite, player 1's plus-minus and player 2's moon-double
      When the dice show 2, 2, 3 and afterburner
      Then the rocket crashes

    @option:ufo_extra_face
    @id:mlem-0294
    Example: With any-space, the extra face works where its face is not printed
      Given the rule option ufo_extra_face is any-space
      And the arrival token is A08 (extra face 3, 4 dice)
      And the rocket is on space 5 with 4 dice
      And the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      When the dice show 1, 2, 2 and 4
      And the commander uses the extra face
      Then the rocket is on space 8

    @option:ufo_extra_face
    @id:mlem-0295
    Example: With any-space, the extra face saves a roll on any space
      Given the rule option ufo_extra_face is any-space
      And the arrival token is A08 (extra face 3, 4 dice)
      And the rocket is on space 5 with 4 dice
      And the rocket carries player 0's satellite, player 1's plus-minus and player 2's moon-double
      When the dice show 2, 2, 3 and afterburner
      Then the rocket does not crash
      And the commander's only choice is to use the extra face

    @option:ufo_extra_face
    @id:mlem-0296
    Example: With any-space, an afterburner face still needs afterburner dots at the space
      Given the rule option ufo_extra_face is any-space
      And the arrival token is A11 (extra face afterburner, 4 dice)
      And the rocket is on space 5 with 4 dice
      And the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      When the dice show 1, 2, 2 and 4
      Then the commander may not use the extra face
      When the commander uses the extra face
      Then the action is rejected under ufo.extra-face naming "space 5"

  @clause:ufo.keep-dice
  Rule: With keep-dice no die used in the move is removed

    @id:mlem-0297
    Example: The dice of a keep-dice move all stay available
      Given the arrival token is A05 (keep dice, 5 dice)
      And the rocket is on space 6 with 5 dice
      And the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      When the dice show 1, 2, 3, 3 and 4
      And the commander keeps the dice, picking 3
      Then the rocket is on space 12
      And 5 dice are available
      And an ability-used event cites ufo.keep-dice
      And no dice-removed event happened

    @id:mlem-0298
    Example: The same move without the ability removes its dice and keeps the ability
      Given the arrival token is A05 (keep dice, 5 dice)
      And the rocket is on space 6 with 5 dice
      And the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      When the dice show 1, 2, 3, 3 and 4
      And the commander picks 3
      Then the rocket is on space 12
      And 3 dice are available
      And the arrival ability is unused

  @clause:ufo.reroll
  Rule: A reroll throws every available die again and the new roll must be used

    @id:mlem-0299
    Example: A reroll throws every available die again
      Given the arrival token is A02 (reroll, 5 dice)
      And the rocket is on space 6 with 5 dice
      And the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      When the dice show 1, 2, 4, 4 and 4
      Then the commander may reroll
      When the commander rerolls
      Then the next step is a roll of 5 dice
      And the arrival ability is used
      And an ability-used event cites ufo.reroll
      When the dice show 1, 3, 3, 4 and 4
      And the commander picks 3
      Then the rocket is on space 12

    @id:mlem-0300
    Example: A roll in which no die fits waits for the reroll
      Given the arrival token is A02 (reroll, 5 dice)
      And the rocket is on space 6 with 5 dice
      And the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      When the dice show 1, 1, 4, 4 and 4
      Then the rocket does not crash
      And the commander's only choice is to reroll

    @id:mlem-0301
    Example: A rerolled roll in which no die fits crashes
      Given the arrival token is A02 (reroll, 5 dice)
      And the rocket is on space 6 with 5 dice
      And the rocket carries player 0's satellite, player 1's plus-minus and player 2's moon-double
      When the dice show 1, 1, 4, 4 and 4
      And the commander rerolls
      And the dice show 1, 1, 1, 4 and 4
      Then the rocket crashes

    @id:mlem-0302
    Example: The reroll cannot be used twice
      Given the arrival token is A02 (reroll, 5 dice)
      And the rocket is on space 6 with 5 dice
      And the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      When the dice show 1, 2, 4, 4 and 4
      And the commander rerolls
      And the dice show 1, 2, 2, 4 and 4
      And the commander rerolls
      Then the action is rejected under ufo.ability naming "already used"

    @option:die_one_rescue
    @id:mlem-0330
    Example: A roll saved only by the reroll gives a Die-1 nothing to do without the rescue reading
      Given the rule option die_one_rescue is false
      And the arrival token is A02 (reroll, 5 dice)
      And the rocket is on space 7 with 5 dice
      And the rocket carries player 0's die-one, player 1's parachute and player 2's moon-double
      When the dice show 2, 2, 4, 4 and afterburner
      Then the rocket does not crash
      And the commander's only choice is to reroll

    @option:die_one_rescue
    @id:mlem-0331
    Example: Under the rescue reading a Die-1 may move the rocket instead of the reroll
      Given the rule option die_one_rescue is true
      And the arrival token is A02 (reroll, 5 dice)
      And the rocket is on space 7 with 5 dice
      And the rocket carries player 0's die-one, player 1's parachute and player 2's moon-double
      When the dice show 2, 2, 4, 4 and afterburner
      Then the commander may reroll
      And the commander may pick:
        | choice                       |
        | 1 with the Die-1 of player 0 |

  @clause:ufo.encounter
  Rule: A movement that reaches the UFO meets it (option: only one that ends on it)

    @option:ufo_encounter
    @id:mlem-0303
    Example: With reach, a move that passes the UFO meets it
      Given the rule option ufo_encounter is reach
      And the UFO is on space 9
      And the arrival token is A01 (keep dice, 6 dice)
      And the rocket is on space 6
      And the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      When the dice show 1, 2, 3, 4, 4 and afterburner
      And the commander picks 3 and afterburner
      Then the rocket is on space 11
      And the rocket met the UFO on space 9
      And a ufo-encountered event cites ufo.encounter

    @id:mlem-0304
    Example: A move ending on the UFO's space meets it
      Given the UFO is on space 9
      And the arrival token is A01 (keep dice, 6 dice)
      And the rocket is on space 6
      And the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      When the dice show 1, 2, 3, 4, 4 and afterburner
      And the commander picks 3
      Then the rocket met the UFO on space 9

    @id:mlem-0305
    Example: A move starting on the UFO's space does not meet it
      Given the UFO is on space 9
      And the arrival token is A01 (keep dice, 6 dice)
      And the rocket is on space 9
      And the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      When the dice show 1, 2, 3, 4, 4 and afterburner
      And the commander picks 2
      Then the rocket is on space 11
      And no ufo-encountered event happened

    @id:mlem-0306
    Example: A tunnel jump that passes the UFO meets it
      Given the exploration variant is on
      And the UFO is on space 6
      And the arrival token is A01 (keep dice, 6 dice)
      And exploration token E17 (tunnel) is on space 4
      And the rocket is on space 2
      And the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      When the dice show 1, 2, 3, 4, 4 and afterburner
      And the commander picks 2
      Then the rocket tunnelled from space 4 to space 8
      And the rocket met the UFO on space 6
      And player 0 holds UFO token 5

    @id:mlem-0307
    Example: The UFO is met before a token on the same space takes effect
      Given the exploration variant is on
      And the UFO is on space 9
      And the arrival token is A01 (keep dice, 6 dice)
      And exploration token E06 (2 points) is on space 9
      And the rocket is on space 6
      And the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      When the dice show 1, 2, 3, 4, 4 and afterburner
      And the commander picks 3
      Then the ufo-encountered event came before the exploration-triggered event

    @option:ufo_encounter
    @id:mlem-0308
    Example: With exact, a move that passes the UFO does not meet it
      Given the rule option ufo_encounter is exact
      And the UFO is on space 9
      And the arrival token is A01 (keep dice, 6 dice)
      And the rocket is on space 6
      And the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      When the dice show 1, 2, 3, 4, 4 and afterburner
      And the commander picks 3 and afterburner
      Then the rocket is on space 11
      And no ufo-encountered event happened
      And the UFO tokens left are 5, 4, 3, 2 and 1

    @option:ufo_encounter
    @id:mlem-0309
    Example: With exact, a move ending on the UFO's space meets it
      Given the rule option ufo_encounter is exact
      And the UFO is on space 9
      And the arrival token is A01 (keep dice, 6 dice)
      And the rocket is on space 6
      And the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      When the dice show 1, 2, 3, 4, 4 and afterburner
      And the commander picks 3
      Then the rocket met the UFO on space 9

    @option:ufo_encounter
    @id:mlem-0310
    Example: With exact, a move stopped on the end meets the UFO waiting there
      Given the rule option ufo_encounter is exact
      And the arrival token is A01 (keep dice, 6 dice)
      And the rocket is on space 12
      And the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      When the dice show 1, 2, 3, 3, 4 and afterburner
      And the commander picks 3
      Then the rocket met the UFO on space 13

  @clause:ufo.tokens
  Rule: Meeting the UFO earns its top token (option: every passenger takes one)

    @option:ufo_token_taker
    @id:mlem-0311
    Example: With commander, only the commander takes the top UFO token
      Given the rule option ufo_token_taker is commander
      And the UFO is on space 9
      And the arrival token is A01 (keep dice, 6 dice)
      And the rocket is on space 6
      And the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      When the dice show 1, 2, 3, 4, 4 and afterburner
      And the commander picks 3
      Then player 0 took UFO token 5
      And a ufo-token-taken event cites ufo.tokens
      And player 0 holds UFO token 5
      And player 1 holds no UFO token
      And the UFO tokens left are 4, 3, 2 and 1

    @id:mlem-0312
    Example: A later encounter takes the next token down
      Given the UFO is on space 9
      And the UFO tokens left are 3, 2 and 1
      And player 1 holds UFO tokens 5 and 4
      And the arrival token is A01 (keep dice, 6 dice)
      And the rocket is on space 6
      And the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      When the dice show 1, 2, 3, 4, 4 and afterburner
      And the commander picks 3
      Then player 0 holds UFO token 3
      And the UFO tokens left are 2 and 1

    @id:mlem-0313
    Example: With the stack empty an encounter gives nothing
      Given the UFO is on space 9
      And no UFO token is left
      And player 1 holds UFO tokens 5, 4 and 3
      And player 2 holds UFO tokens 2 and 1
      And the arrival token is A01 (keep dice, 6 dice)
      And the rocket is on space 6
      And the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      When the dice show 1, 2, 3, 4, 4 and afterburner
      And the commander picks 3
      Then the rocket met the UFO on space 9
      And no ufo-token-taken event happened
      And player 0 holds no UFO token

    @option:ufo_token_taker
    @id:mlem-0314
    Example: With passengers, everyone aboard takes a token in seat order
      Given the rule option ufo_token_taker is passengers
      And the UFO is on space 9
      And the arrival token is A01 (keep dice, 6 dice)
      And the rocket is on space 6
      And the rocket carries player 2's satellite, player 0's parachute and player 1's moon-double
      When the dice show 1, 2, 3, 4, 4 and afterburner
      And the commander picks 3
      Then player 2 holds UFO token 5
      And player 0 holds UFO token 4
      And player 1 holds UFO token 3
      And the UFO tokens left are 2 and 1

    @option:ufo_token_taker
    @id:mlem-0315
    Example: With passengers, the stack can run out before the back seat
      Given the rule option ufo_token_taker is passengers
      And the UFO is on space 9
      And the UFO tokens left are 1
      And player 1 holds UFO tokens 5 and 4
      And player 2 holds UFO tokens 3 and 2
      And the arrival token is A01 (keep dice, 6 dice)
      And the rocket is on space 6
      And the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      When the dice show 1, 2, 3, 4, 4 and afterburner
      And the commander picks 3
      Then player 0 holds UFO token 1
      And player 1 holds UFO tokens 5 and 4
      And player 2 holds UFO tokens 3 and 2
      And no UFO token is left

  @clause:ufo.after-encounter
  Rule: After an encounter the UFO goes home (option: it stays)

    @option:ufo_after_encounter
    @id:mlem-0316
    Example: With return, the UFO goes back to its home space after an encounter
      Given the rule option ufo_after_encounter is return
      And the UFO is on space 9
      And the arrival token is A01 (keep dice, 6 dice)
      And the rocket is on space 6
      And the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      When the dice show 1, 2, 3, 4, 4 and afterburner
      And the commander picks 3
      Then the UFO went home from space 9 to space 13
      And a ufo-returned event cites ufo.after-encounter
      And the UFO is on space 13

    @id:mlem-0317
    Example: A UFO met on its home space stays there
      Given the arrival token is A01 (keep dice, 6 dice)
      And the rocket is on space 12
      And the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      When the dice show 1, 2, 3, 3, 4 and afterburner
      And the commander picks 3
      Then the rocket met the UFO on space 13
      And no ufo-returned event happened
      And the UFO is on space 13

    @option:ufo_after_encounter
    @id:mlem-0318
    Example: With stay, the UFO remains where it was met
      Given the rule option ufo_after_encounter is stay
      And the UFO is on space 9
      And the arrival token is A01 (keep dice, 6 dice)
      And the rocket is on space 6
      And the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      When the dice show 1, 2, 3, 4, 4 and afterburner
      And the commander picks 3
      Then the rocket met the UFO on space 9
      And no ufo-returned event happened
      And the UFO is on space 9

  @clause:ufo.scoring
  Rule: UFO tokens score their number (option: they cost it)

    @option:ufo_token_value
    @id:mlem-0319
    Example: With bonus, each UFO token held scores its number
      Given the rule option ufo_token_value is bonus
      And player 0 holds UFO tokens 5 and 2
      And player 0's satellite has landed on space 9
      And player 0's plus-minus has landed on space 7
      Then player 0 scores 7 points for UFO tokens
      And player 1 scores 0 points for UFO tokens
      And player 0 scores 15 points

    @option:ufo_token_value
    @id:mlem-0320
    Example: With penalty, each UFO token held costs its number
      Given the rule option ufo_token_value is penalty
      And player 0 holds UFO tokens 5 and 2
      And player 0's satellite has landed on space 9
      And player 0's plus-minus has landed on space 7
      Then player 0 scores -7 points for UFO tokens
      And player 0 scores 1 point

  @clause:ufo.arrivals-exhausted
  Rule: When the arrival pile is empty the used tokens are reshuffled (option: none are left)

    @option:arrivals_exhausted
    @id:mlem-0321
    Example: With reshuffle, the used arrival tokens become the pile again
      Given the rule option arrivals_exhausted is reshuffle
      And the arrival token is A01 (keep dice, 6 dice)
      And every other arrival token has been used
      And the rocket is on space 12
      And the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      When the dice show 1, 2, 3, 3, 4 and afterburner
      And the commander picks 3
      Then an arrivals-reshuffled event cites ufo.arrivals-exhausted
      And the arrival pile holds 14 tokens
      And the phase is arrival
      And the draws offered are A01 to A14
      When arrival token A01 is drawn
      Then the arrival token is A01
      And the arrival pile holds 13 tokens

    @option:arrivals_exhausted
    @id:mlem-0438
    Example: With reshuffle, the used tokens come back in one reshuffle that counts all fourteen
      Given the rule option arrivals_exhausted is reshuffle
      And the arrival token is A01 (keep dice, 6 dice)
      And every other arrival token has been used
      And the rocket is on space 12
      And the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      When the dice show 1, 2, 3, 3, 4 and afterburner
      And the commander picks 3
      Then the events are:
        | type                | clause                 | count |
        | rolled              | travel.roll            | null  |
        | moved               | travel.overshoot       | null  |
        | dice-removed        | travel.remove-dice     | 2     |
        | ufo-encountered     | ufo.encounter          | null  |
        | ufo-token-taken     | ufo.tokens             | null  |
        | landed              | landing.deep-space     | null  |
        | landed              | landing.deep-space     | null  |
        | landed              | landing.deep-space     | null  |
        | expedition-ended    | expedition.end         | null  |
        | arrivals-reshuffled | ufo.arrivals-exhausted | 14    |

    @option:arrivals_exhausted
    @id:mlem-0322
    Example: With none, an expedition without an arrival token has six dice and the UFO stays
      Given the rule option arrivals_exhausted is none
      And the UFO is on space 5
      And the arrival token is A14 (reroll, 4 dice)
      And every other arrival token has been used
      And the rocket is on space 12 with 4 dice
      And the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      When the dice show 2, 3, 3 and 4
      And the commander picks 3
      Then a no-arrival event cites ufo.arrivals-exhausted
      And there is no arrival token
      And expedition 2 is taking off
      And 6 dice are available
      And the UFO is on space 5
      And the events are:
        | type             | clause                 | expedition |
        | rolled           | travel.roll            | null       |
        | moved            | travel.overshoot       | null       |
        | dice-removed     | travel.remove-dice     | null       |
        | landed           | landing.deep-space     | null       |
        | landed           | landing.deep-space     | null       |
        | landed           | landing.deep-space     | null       |
        | expedition-ended | expedition.end         | 1          |
        | no-arrival       | ufo.arrivals-exhausted | 2          |

    @option:arrivals_exhausted
    @id:mlem-0323
    Example: With none, there is no ability to use
      Given the rule option arrivals_exhausted is none
      And every other arrival token has been used
      And the rocket is on space 6
      And the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      When the dice show 1, 2, 4, 4, 4 and 4
      Then the commander may not reroll
      When the commander rerolls
      Then the action is rejected under ufo.ability naming "no arrival token"
