Feature: What each player may see
  MLEM has hidden information only in its variants: the face-down piles of exploration, mission
  and arrival tokens, and each player's secret missions. A player's observation is the state
  with every part hidden from that player replaced by its size. In the base game a player sees
  everything.

  Background:
    Given the "short" board
    And a 3-player game

  @clause:observation.per-player
  Rule: A player sees the whole state except face-down tokens and others' missions

    @id:mlem-0270
    Example: In the base game a player sees the whole state
      Given the rocket is on space 6
      And the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      Then player 1 sees the whole state
      And player 1 is named as the observer

    @id:mlem-0271
    Example: Face-down piles show only how many tokens they hold, revealed tokens are open
      Given the exploration and ufo variants are on
      And exploration token E02 (1 point) is on space 6
      And arrival token A01 was used
      And the arrival token is A08 (extra face 3, 4 dice)
      And the rocket is on space 6 with 4 dice
      And the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      Then player 2 sees the exploration pile as 19 hidden
      And player 2 sees exploration token E02 on space 6
      And player 2 sees the arrival pile as 12 hidden
      And player 2 sees the arrival token A08
      And player 2 is named as the observer

    @id:mlem-0272
    Example: A token drawn face up is seen by everyone
      When a new game is set up for 3 players with the exploration variant
      And exploration token E06 is drawn
      Then player 1 sees exploration token E06 on space 9
      And player 1 sees the exploration pile as 19 hidden

    @id:mlem-0273
    Example: Only a player of the game has an observation
      Then observing as player 3 is refused under observation.per-player

  @clause:missions.hidden
  Rule: Missions stay secret until the game is over, discarded ones for ever

    @id:mlem-0274
    Example: A player sees their own missions and only the number of the others'
      Given the missions variant is on
      And player 0 holds missions M01, M05 and M10
      And player 0 has discarded mission M07
      And player 1 holds missions M02, M06 and M11
      And player 1 has discarded mission M08
      Then player 1 sees player 0's missions as 3 hidden
      And player 1 sees player 0's discarded mission as 1 hidden
      And player 1 sees their own missions M02, M06 and M11
      And player 1 sees their own discarded mission M08
      And player 0 sees their own missions M01, M05 and M10
      And player 0 sees the mission pile as 8 hidden

    @id:mlem-0275
    Example: During the deal each player sees only their own missions
      When a new game is set up for 3 players with the missions variant
      And missions M01 to M06 are drawn
      Then player 0 sees their own missions M01 to M04
      And player 1 sees player 0's missions as 4 hidden
      And player 0 sees player 1's missions as 2 hidden
      And player 2 sees the mission pile as 14 hidden

    @id:mlem-0276
    Example: When the game is over the kept missions are shown, the discarded ones are not
      Given the missions variant is on
      And player 0 holds missions M01, M05 and M10
      And player 0 has discarded mission M07
      And the crash marker is at 10
      And the rocket is on space 7
      And the rocket carries player 0's satellite, player 1's plus-minus and player 2's moon-double
      When the dice show 2, 2, 4, 4, afterburner and afterburner
      Then the game is over because of crash-limit
      And player 1 sees player 0's missions M01, M05 and M10
      And player 1 sees player 0's discarded mission as 1 hidden
      And player 1 sees the mission pile as 8 hidden
