Feature: Secret Missions variant
  Twenty mission tokens each name a space with moons or a planet. At the start every player is
  dealt four, discards one and keeps three, face down. At the end of the game a kept mission is
  fulfilled when its owner has an astronaut on a moon or the planet of that space; one, two or
  three fulfilled missions score 2, 5 or 10 points. The deal is chance, so every draw below is
  named. What the players may see of the missions is specified in observation.feature.

  Background:
    Given the "short" board
    And a 3-player game
    And the missions variant is on

  @clause:missions.tokens
  Rule: Twenty mission tokens name spaces with moons or a planet

    @id:mlem-0249
    Example: A new Secret Missions game starts with twenty missions face down
      When a new game is set up for 3 players with the missions variant
      Then the phase is mission-deal
      And the mission pile holds 20 tokens
      And the draws offered are M01 to M20
      And player 0 holds no missions

  @clause:missions.deal
  Rule: Missions are dealt one at a time until every player holds four

    @id:mlem-0250
    Example: The first four missions go to the start player, the next to the player after
      When a new game is set up for 3 players starting with player 1 with the missions variant
      And missions M07, M02, M15 and M09 are drawn
      Then player 1 holds missions M02, M07, M09 and M15
      And player 2 holds no missions
      And a mission-dealt event cites missions.deal
      When mission M01 is drawn
      Then player 2 holds missions M01

    @id:mlem-0251
    Example: Once every player holds four missions the discarding begins
      When a new game is set up for 3 players with the missions variant
      And missions M01 to M12 are drawn
      Then player 0 holds missions M01 to M04
      And player 1 holds missions M05 to M08
      And player 2 holds missions M09 to M12
      And the mission pile holds 8 tokens
      And the phase is mission-discard
      And player 0 is to act

    @id:mlem-0252
    Example: With five players all twenty missions are dealt
      When a new game is set up for 5 players with the missions variant
      And missions M01 to M20 are drawn
      Then player 4 holds missions M17 to M20
      And the mission pile holds 0 tokens
      And the phase is mission-discard

    @id:mlem-0253
    Example: A mission already dealt cannot be drawn again
      When a new game is set up for 3 players with the missions variant
      And mission M01 is drawn
      And mission M01 is drawn
      Then the action is rejected under missions.deal naming "M01"

  @clause:missions.discard
  Rule: Each player in turn discards one mission and keeps three

    @id:mlem-0254
    Example: The start player discards first and keeps the other three
      Given the players are discarding missions
      And player 0 holds missions M01, M02, M03 and M04
      And player 1 holds missions M05 to M08
      And player 2 holds missions M09 to M12
      Then player 0 may discard M01, M02, M03 or M04
      When player 0 discards mission M02
      Then player 0 holds missions M01, M03 and M04
      And player 0 has discarded mission M02
      And a mission-discarded event cites missions.discard
      And player 1 is to act

    @id:mlem-0255
    Example: Discarding goes clockwise from the start player
      Given a 3-player game starting with player 2
      And the players are discarding missions
      And player 0 holds missions M01 to M04
      And player 1 holds missions M05 to M08
      And player 2 holds missions M09 to M12
      Then player 2 is to act
      When player 2 discards mission M09
      Then player 0 is to act

    @id:mlem-0256
    Example: A mission the player does not hold cannot be discarded
      Given the players are discarding missions
      And player 0 holds missions M01 to M04
      And player 1 holds missions M05 to M08
      And player 2 holds missions M09 to M12
      When player 0 discards mission M05
      Then the action is rejected under missions.discard naming "M05"

    @id:mlem-0257
    Example: Discarding out of turn is refused
      Given the players are discarding missions
      And player 0 holds missions M01 to M04
      And player 1 holds missions M05 to M08
      And player 2 holds missions M09 to M12
      When player 1 discards mission M05
      Then the action is rejected under turn.actor

    @id:mlem-0258
    Example: After the last discard the first expedition takes off
      Given the players are discarding missions
      And player 0 holds missions M01, M03 and M04
      And player 0 has discarded mission M02
      And player 1 holds missions M05, M07 and M08
      And player 1 has discarded mission M06
      And player 2 holds missions M09 to M12
      When player 2 discards mission M12
      Then expedition 1 is taking off
      And player 0 is to act

  @clause:missions.fulfilled
  Rule: A kept mission is fulfilled by an astronaut of its owner at the space it names

    @id:mlem-0259
    Example: An astronaut on a moon of the named space fulfils the mission
      Given player 0 holds missions M04, M10 and M16
      And player 0 has discarded mission M01
      And player 0's satellite has landed on space 7
      Then player 0 scores 2 points for missions

    @id:mlem-0260
    Example: Landing during play fulfils a mission
      Given player 0 holds missions M04, M10 and M16
      And the rocket is on space 6
      And the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      When the dice show 1, 2, 3, 4, 4 and afterburner
      And the commander picks 3
      Then player 0 scores 0 points for missions
      When player 0 lands
      Then player 0's satellite is on the moon of space 9 in slot 0
      And player 0 scores 2 points for missions

    @id:mlem-0261
    Example: Another player's astronaut does not fulfil the mission
      Given player 0 holds missions M04, M10 and M16
      And player 1's satellite has landed on space 7
      Then player 0 scores 0 points for missions

    @id:mlem-0262
    Example: An astronaut on the planet of the named space fulfils the mission
      Given player 0 holds missions M07, M13 and M19
      And player 0's satellite has landed on space 8
      Then player 0 scores 2 points for missions

    @id:mlem-0263
    Example: One astronaut fulfils two missions that name its space
      Given player 0 holds missions M04, M05 and M10
      And player 0's satellite has landed on space 7
      Then player 0 scores 5 points for missions

    @id:mlem-0264
    Example: A discarded mission never counts
      Given player 0 holds missions M04, M10 and M16
      And player 0 has discarded mission M07
      And player 0's satellite has landed on space 8
      Then player 0 scores 0 points for missions

    @id:mlem-0265
    Example: A plus-minus astronaut landing beside the rocket fulfils the mission there
      Given player 0 holds missions M04, M10 and M16
      And the rocket is on space 6
      And the rocket carries player 0's plus-minus, player 1's parachute and player 2's satellite
      When the dice show 1, 2, 3, 3, 4 and afterburner
      And the commander picks 2
      And player 0 lands on space 7
      Then player 0 scores 2 points for missions

    @id:mlem-0266
    Example: A parachutist landing after a crash fulfils the mission
      Given player 1 holds missions M04, M10 and M16
      And the rocket is on space 7
      And the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      When the dice show 2, 2, 4, 4, afterburner and afterburner
      And player 1 lands
      Then the rocket crashes
      And player 1 scores 2 points for missions

  @clause:missions.scoring
  Rule: One, two or three fulfilled missions score 2, 5 or 10 points

    @id:mlem-0267
    Example: No fulfilled mission scores nothing, one scores 2
      Given player 0 holds missions M04, M10 and M16
      And player 1 holds missions M01, M07 and M13
      And player 0's satellite has landed on space 7
      Then player 0 scores 2 points for missions
      And player 1 scores 0 points for missions

    @id:mlem-0268
    Example: Two fulfilled missions score 5
      Given player 0 holds missions M04, M10 and M16
      And player 0's satellite has landed on space 7
      And player 0's plus-minus has landed on space 9
      Then player 0 scores 5 points for missions

    @id:mlem-0269
    Example: Three fulfilled missions score 10, added to the total
      Given player 0 holds missions M04, M10 and M16
      And player 0's satellite has landed on space 7
      And player 0's plus-minus has landed on space 9
      And player 0's parachute has landed on space 11
      Then player 0 scores 10 points for missions
      And player 0 scores 8 points for moons
      And player 0 scores 28 points
