Feature: Choosing variants
  The Exploration, Secret Missions and UFO variants are off unless chosen and may be combined
  freely. Each variant brings its own rule options, which exist only while it is played, and
  its own steps before the first takeoff: exploration tokens are revealed, missions are dealt
  and discarded, and an arrival token opens the expedition.

  Background:
    Given the "short" board
    And a 3-player game

  @clause:variants.selection
  Rule: Variants are chosen by rule option, in any combination, and change nothing when off

    @id:mlem-0324
    Example: Without variants a new game is the base game
      When a new game is set up for 3 players
      Then no variant is played
      And expedition 1 is taking off

    @id:mlem-0325
    Example: Variants named in any order are played in the order exploration, missions, ufo
      When a new game is set up for 3 players with the ufo and exploration variants
      Then the variants played are exploration and ufo
      And the phase is exploration-setup

    @id:mlem-0326
    Example: A variant brings its own rule options at their defaults, and only its own
      When a new game is set up for 3 players with the exploration variant
      Then the rule option tunnel_past_end is deep-space
      And the rule option exploration_collision is stack
      And the rule option dice_reuse_cap is expedition
      And there is no rule option ufo_encounter

    @id:mlem-0327
    Example: The game-start steps of all three variants come in a fixed order
      When a new game is set up for 3 players with the exploration, missions and ufo variants
      And exploration tokens E01, E02, E03, E04 and E05 are drawn
      Then the phase is mission-deal
      When missions M01 to M12 are drawn
      Then the phase is mission-discard
      When player 0 discards mission M01
      And player 1 discards mission M05
      And player 2 discards mission M09
      Then the phase is arrival
      When arrival token A08 is drawn
      Then expedition 1 is taking off
      And 4 dice are available

    @id:mlem-0328
    Example: A variant's own rule option is refused while the variant is off
      Given the rule option tunnel_past_end is no-move
      When a new game is set up for 3 players with the ufo variant
      Then the action is rejected under variants.selection naming "tunnel_past_end"

    @id:mlem-0329
    Example: A variant named twice is refused
      When a new game is set up for 3 players with the ufo and ufo variants
      Then the action is rejected under variants.selection naming "twice"
