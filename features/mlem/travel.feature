Feature: Travel phase
  The commander rolls every available die, picks complete groups of equal faces among those
  printed at the rocket's space, and moves the rocket by their sum. Used numbered dice are set
  aside for the rest of the expedition; afterburners stay.

  Background:
    Given the "short" board
    And a 3-player game
    And the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double

  @clause:travel.commander
  Rule: The owner of the front seat is the commander

    @id:mlem-0182
    Example: The front seat's owner makes the move
      Given the rocket is on space 3
      When the dice show 1, 2, 2, 3, 4 and 4
      Then player 0 is to act

    @id:mlem-0183
    Example: Another player cannot move the rocket
      Given the rocket is on space 3
      When the dice show 1, 2, 2, 3, 4 and 4
      And player 1 picks 2
      Then the action is rejected under turn.actor

  @clause:travel.allowed-faces
  Rule: Only faces printed at the rocket's space can be chosen

    @id:mlem-0184
    Example: A face not printed at the space is refused
      Given the rocket is on space 5
      When the dice show 1, 2, 2, 3, 4 and afterburner
      And the commander picks 3
      Then the action is rejected under travel.allowed-faces naming "'3' is not allowed on space 5"

    @id:mlem-0185
    Example: The choices offered are the rolled faces printed at the space
      Given the rocket is on space 5
      When the dice show 1, 2, 2, 3, 4 and afterburner
      Then the commander may pick:
        | choice  |
        | 1       |
        | 4       |
        | 1 and 4 |

  @clause:travel.roll
  Rule: The commander rolls every available die, one face per die

    @id:mlem-0186
    Example: All available dice are rolled
      Given the rocket is on space 3 with 4 dice
      Then the next step is a roll of 4 dice
      And there are 70 possible rolls whose probabilities add up to 1

    @id:mlem-0187
    Example: A roll with fewer faces than available dice is refused
      Given the rocket is on space 3 with 4 dice
      When the dice show 1, 2 and 3
      Then the action is rejected under travel.roll naming "the roll has 3 faces but 4 dice are available"

    @id:mlem-0188
    Example: A roll with more faces than available dice is refused
      Given the rocket is on space 3
      When the dice show 1, 1, 2, 2, 3, 4 and 4
      Then the action is rejected under travel.roll naming "the roll has 7 faces but 6 dice are available"

    @id:mlem-0189
    Example: After dice were used, the next roll has fewer faces
      Given the rocket is on space 3
      When the dice show 1, 2, 2, 3, 4 and afterburner
      And the commander picks 1
      Then the next step is a roll of 5 dice
      When the dice show 2, 2, 3, 3, 3 and afterburner
      Then the action is rejected under travel.roll naming "6 faces but 5 dice"

  @clause:travel.whole-group
  Rule: A chosen face uses every die showing it

    @id:mlem-0190
    Example: Three 2s move the rocket 6 spaces
      Given the rocket is on space 3
      When the dice show 1, 2, 2, 2, 3 and 3
      And the commander picks 2
      Then the rocket moved from space 3 to space 9
      And 3 dice are available

    @id:mlem-0191
    Example: The choices are whole groups, never single dice
      Given the rocket is on space 3
      When the dice show 1, 2, 2, 2, 3 and 3
      Then the commander may pick:
        | choice  |
        | 1       |
        | 2       |
        | 1 and 2 |

    @id:mlem-0192
    Example: A group cannot be named twice
      Given the rocket is on space 3
      When the dice show 1, 2, 2, 2, 3 and 3
      And the commander picks 2 and 2
      Then the action is rejected under travel.whole-group naming "name a group twice"

    @id:mlem-0425
    Example: Part of a group is refused
      Given the rocket is on space 3
      When the dice show 1, 2, 2, 2, 3 and 3
      And the commander picks 1x2
      Then the action is rejected under travel.whole-group naming "dice_grouping=whole-groups"

    @id:mlem-0426
    Example: A move document naming part of a group is refused by the rule, not the schema
      Given the rocket is on space 3
      When the dice show 1, 2, 2, 2, 3 and 3
      And the action is played:
        """
        {"type": "move", "player": 0, "faces": ["2"], "die_one": [], "dice": {"2": 1}}
        """
      Then the action is rejected under travel.whole-group naming "3 dice show '2'"

    @option:dice_grouping
    @id:mlem-0427
    Example: With dice_grouping=any-dice, one die of a group may be used
      Given the rule option dice_grouping is any-dice
      And the rocket is on space 3
      When the dice show 1, 2, 2, 2, 3 and 3
      And the commander picks 1x2
      Then the rocket moved from space 3 to space 5
      And 5 dice are available

    @option:dice_grouping
    @id:mlem-0428
    Example: With dice_grouping=any-dice, the choices are any number of dice of each allowed face
      Given the rule option dice_grouping is any-dice
      And the rocket is on space 3
      When the dice show 1, 2, 2, 2, 3 and 3
      Then the commander may pick:
        | choice      |
        | 1           |
        | 2           |
        | 1x2         |
        | 2x2         |
        | 1 and 2     |
        | 1 and 1x2   |
        | 1 and 2x2   |

  @clause:travel.group-count
  Rule: The commander uses at least one complete group and may combine several

    @id:mlem-0193
    Example: Two groups may be combined
      Given the rocket is on space 1
      When the dice show 2, 3, 3, 4, 4 and afterburner
      And the commander picks 2 and 3
      Then the rocket is on space 9
      And 3 dice are available

    @id:mlem-0194
    Example: Every combination of allowed groups is a choice
      Given the rocket is on space 1
      When the dice show 2, 3, 3, 4, 4 and afterburner
      Then the commander may pick:
        | choice  |
        | 2       |
        | 3       |
        | 2 and 3 |

    @id:mlem-0195
    Example: All allowed groups at once
      Given the rocket is on space 1
      When the dice show 1, 2, 3, 4, 4 and 4
      And the commander picks 1, 2 and 3
      Then the rocket is on space 7

    @option:dice_selection
    @id:mlem-0196
    Example: With single-group selection two groups cannot be combined
      Given the rule option dice_selection is single-group
      And the rocket is on space 1
      When the dice show 2, 3, 3, 4, 4 and afterburner
      And the commander picks 2 and 3
      Then the action is rejected under travel.group-count naming "exactly one group may be used"

    @option:dice_selection
    @id:mlem-0197
    Example: With single-group selection the choices are single groups
      Given the rule option dice_selection is single-group
      And the rocket is on space 1
      When the dice show 2, 3, 3, 4, 4 and afterburner
      Then the commander may pick:
        | choice |
        | 2      |
        | 3      |

    @option:dice_selection
    @id:mlem-0198
    Example: With single-group selection one whole group moves the rocket
      Given the rule option dice_selection is single-group
      And the rocket is on space 1
      When the dice show 2, 3, 3, 4, 4 and afterburner
      And the commander picks 3
      Then the rocket is on space 7
      And 4 dice are available

  @clause:travel.distance
  Rule: The rocket moves forward by the total of the dice used

    @id:mlem-0199
    Example: The numbers of the dice used add up
      Given the rocket is on space 1
      When the dice show 1, 2, 2, 3, 4 and 4
      And the commander picks 1 and 3
      Then the rocket is on space 5
      And a moved event cites travel.distance

    @id:mlem-0200
    Example: Afterburners add to the numbers
      Given the rocket is on space 4
      When the dice show 1, 1, 3, 4, 4 and afterburner
      And the commander picks 3 and afterburner
      Then the rocket moved from space 4 to space 9

  @clause:travel.afterburner
  Rule: Each afterburner die is worth the dots printed at the space the rocket leaves

    @id:mlem-0201
    Example: Two afterburners at a two-dot space are worth 4
      Given the rocket is on space 4
      When the dice show 1, 1, 4, 4, afterburner and afterburner
      And the commander picks afterburner
      Then the rocket is on space 8

    @id:mlem-0202
    Example: The dots of the space reached do not count
      Given the rocket is on space 4
      When the dice show 1, 1, 1, afterburner, afterburner and afterburner
      And the commander picks afterburner
      Then the rocket moved from space 4 to space 10

    @id:mlem-0203
    Example: At a one-dot space each afterburner is worth 1
      Given the rocket is on space 0
      When the dice show 3, 3, 4, 4, afterburner and afterburner
      And the commander picks afterburner
      Then the rocket is on space 2

    @id:mlem-0204
    Example: No afterburner where the symbol is not printed
      Given the rocket is on space 5
      When the dice show 1, 2, 3, 4, afterburner and afterburner
      And the commander picks afterburner
      Then the action is rejected under travel.allowed-faces naming "'afterburner' is not allowed on space 5"

  @clause:travel.remove-dice
  Rule: Used number dice are set aside for the rest of the expedition; afterburners stay

    @id:mlem-0205
    Example: Numbered dice used are removed, afterburners used are kept
      Given the rocket is on space 4
      When the dice show 1, 1, 2, 2, afterburner and afterburner
      And the commander picks 2 and afterburner
      Then the rocket is on space 12
      And 4 dice are available
      And a dice-removed event cites travel.remove-dice

    @id:mlem-0206
    Example: Dice not used stay available
      Given the rocket is on space 3
      When the dice show 1, 2, 2, 3, 4 and afterburner
      And the commander picks 4
      Then 5 dice are available

    @id:mlem-0207
    Example: Moving with afterburners only removes no die
      Given the rocket is on space 4 with 2 dice
      When the dice show 3 and afterburner
      And the commander picks afterburner
      Then the rocket is on space 6
      And 2 dice are available

    @option:afterburner_dice
    @id:mlem-0432
    Example: With afterburner_dice=removed, afterburners used are removed like numbered dice
      Given the rule option afterburner_dice is removed
      And the rocket is on space 4
      When the dice show 1, 1, 2, 2, afterburner and afterburner
      And the commander picks 2 and afterburner
      Then the rocket is on space 12
      And 2 dice are available
      And a dice-removed event cites travel.remove-dice

    @option:afterburner_dice
    @id:mlem-0433
    Example: With afterburner_dice=removed, moving with afterburners only removes them
      Given the rule option afterburner_dice is removed
      And the rocket is on space 4 with 3 dice
      When the dice show 3, afterburner and afterburner
      And the commander picks afterburner
      Then the rocket is on space 8
      And 1 die is available
      And a dice-removed event cites travel.remove-dice

    @option:afterburner_dice
    @id:mlem-0434
    Example: With afterburner_dice=removed, the last die is still kept
      Given the rule option afterburner_dice is removed
      And the rocket is on space 4 with 1 die
      When the dice show afterburner
      And the commander picks afterburner
      Then the rocket is on space 6
      And 1 die is available
      And a die-restored event cites travel.last-die

  @clause:travel.last-die
  Rule: The commander always keeps at least one die

    @id:mlem-0208
    Example: Using the last two dice leaves one die
      Given the rocket is on space 1 with 2 dice
      When the dice show 2 and 2
      And the commander picks 2
      Then the rocket is on space 5
      And 1 die is available
      And a die-restored event cites travel.last-die

    @id:mlem-0209
    Example: Using the only die keeps it
      Given the rocket is on space 1 with 1 die
      When the dice show 3
      And the commander picks 3
      Then the rocket is on space 4
      And 1 die is available
      And the phase is roll

  @clause:travel.overshoot
  Rule: A move that reaches or passes the end stops in deep space

    @id:mlem-0210
    Example: A move beyond the end stops on the deep-space space
      Given the rocket is on space 11
      When the dice show 1, 2, 3, 4, 4 and 4
      And the commander picks 4
      Then the rocket moved from space 11 to space 13
      And a moved event cites travel.overshoot

    @id:mlem-0211
    Example: Everyone aboard lands in deep space when the rocket gets there
      Given the rocket is on space 12
      When the dice show 1, 1, 3, 3, 4 and 4
      And the commander picks 3
      Then the rocket moved from space 12 to space 13
      And player 0's satellite is on the comet
      And player 1's parachute is on the galaxy
      And player 2's moon-double is on the galaxy
      And player 0 scores 7 points for deep space
      And expedition 2 is taking off

    @id:mlem-0212
    Example: The end can also be reached exactly
      Given the rocket is on space 11
      When the dice show 1, 2, 3, 3, 4 and 4
      And the commander picks 2
      Then the rocket moved from space 11 to space 13
      And player 0's satellite is on the comet
