Feature: Landing
  After a move that ends at a moon or a planet, the astronauts aboard are asked one by one,
  front seat first, whether to get off there. Moons fill slot by slot and score at once;
  planets take anyone, in order of arrival. Whoever leaves makes the seats behind move up, and
  a new front seat makes a new commander. Reaching deep space puts everyone off at once.

  Background:
    Given the "short" board
    And a 3-player game

  @clause:landing.no-site
  Rule: There is no landing phase where there is nothing to land on

    @id:mlem-0054
    Example: A move ending on an empty early space goes straight to the next roll
      Given the rocket is on space 1
      And the rocket carries player 0's satellite, player 1's parachute and player 2's planet-double
      When the dice show 1, 2, 3, 3, 4 and 4
      And the commander picks 2
      Then the rocket is on space 3
      And the next step is a roll of 5 dice

    @id:mlem-0055
    Example: A later space without moon or planet has no landing phase either
      Given space 8 has nothing to land on
      And the rocket is on space 6
      And the rocket carries player 0's satellite, player 1's parachute and player 2's planet-double
      When the dice show 1, 1, 2, 4, 4 and 4
      And the commander picks 2
      Then the rocket is on space 8
      And the next step is a roll of 5 dice

    @id:mlem-0056
    Example: A plus-minus astronaut on space 5 is not asked, though a moon is next door
      Given the rocket is on space 3
      And the rocket carries player 0's plus-minus, player 1's parachute and player 2's planet-double
      When the dice show 1, 2, 3, 3, 3 and 3
      And the commander picks 2
      Then the rocket is on space 5
      And the next step is a roll of 5 dice

  @clause:landing.order
  Rule: The astronauts decide one at a time, from the front seat backwards

    @id:mlem-0057
    Example: The front seat decides first, then each seat behind it
      Given a 3-player game starting with player 1
      And the rocket is on space 6
      And the rocket carries player 1's satellite, player 2's parachute and player 0's planet-double
      When the dice show 1, 1, 3, 4, 4 and 4
      And the commander picks 3
      Then player 1 may land on space 9 or stay
      When player 1 stays
      Then player 2 may land on space 9 or stay
      When player 2 stays
      Then player 0 may land on space 9 or stay

    @id:mlem-0058
    Example: Each decision takes effect before the next astronaut is asked
      Given the rocket is on space 4
      And the rocket carries player 0's satellite, player 1's parachute and player 2's planet-double
      When the dice show 1, 1, 3, 4, 4 and 4
      And the commander picks 3
      And player 0 lands
      Then player 0's satellite is on the moon of space 7 in slot 0
      And the next step is a roll of 5 dice
      And the rocket carries player 1's parachute and player 2's planet-double

    @id:mlem-0059
    Example: A player cannot decide out of turn
      Given the rocket is on space 6
      And the rocket carries player 0's satellite, player 1's parachute and player 2's planet-double
      When the dice show 1, 1, 3, 4, 4 and 4
      And the commander picks 3
      And player 1 lands
      Then the action is rejected under turn.actor naming "it is player 0's decision"

  @clause:landing.optional
  Rule: An astronaut may stay aboard; one with nowhere to land is not asked

    @id:mlem-0060
    Example: Every astronaut may stay aboard
      Given the rocket is on space 6
      And the rocket carries player 0's satellite, player 1's parachute and player 2's planet-double
      When the dice show 1, 1, 3, 4, 4 and 4
      And the commander picks 3
      And player 0 stays aboard
      And player 1 stays aboard
      And player 2 stays aboard
      Then the rocket carries player 0's satellite, player 1's parachute and player 2's planet-double
      And the next step is a roll of 5 dice

    @id:mlem-0061
    Example: Only the astronaut that can land somewhere is asked
      Given player 0's moon-double has landed on space 7
      And the rocket is on space 4
      And the rocket carries player 0's satellite, player 1's plus-minus and player 2's planet-double
      When the dice show 1, 1, 3, 4, 4 and 4
      And the commander picks 3
      Then player 1 may land on spaces 6 and 8 or stay
      When player 1 stays
      Then the next step is a roll of 5 dice

  @clause:landing.moon-slot
  Rule: A moon landing takes the first free slot in fill order and scores it at once

    @id:mlem-0062
    Example: The first lander takes the first slot, the second lander the next
      Given space 7 has moons worth 4 then 2
      And the rocket is on space 4
      And the rocket carries player 0's satellite, player 1's parachute and player 2's planet-double
      When the dice show 1, 1, 3, 4, 4 and 4
      And the commander picks 3
      And player 0 lands
      And player 1 lands
      Then player 0's satellite is on the moon of space 7 in slot 0
      And player 1's parachute is on the moon of space 7 in slot 1
      And player 0 scores 4 points
      And player 1 scores 2 points

    @id:mlem-0063
    Example: The fill order decides, not the value of the slot
      Given space 7 has moons worth 2 then 4
      And the rocket is on space 4
      And the rocket carries player 0's satellite, player 1's parachute and player 2's planet-double
      When the dice show 1, 1, 3, 4, 4 and 4
      And the commander picks 3
      And player 0 lands
      Then player 0's satellite is on the moon of space 7 in slot 0
      And player 0 scores 2 points

    @id:mlem-0064
    Example: A slot taken in an earlier expedition is skipped
      Given player 2's satellite has landed on space 9
      And the rocket is on space 6
      And the rocket carries player 0's satellite, player 1's parachute and player 2's planet-double
      When the dice show 1, 1, 3, 4, 4 and 4
      And the commander picks 3
      And player 0 lands
      Then player 0's satellite is on the moon of space 9 in slot 1
      And player 0 scores 3 points

  @clause:landing.full-moon
  Rule: Nobody lands at a space whose moon slots are all taken

    @id:mlem-0065
    Example: At a full moon nobody is asked
      Given player 2's moon-double has landed on space 7
      And the rocket is on space 4
      And the rocket carries player 0's satellite, player 1's parachute and player 2's planet-double
      When the dice show 1, 1, 3, 4, 4 and 4
      And the commander picks 3
      Then the rocket is on space 7
      And the next step is a roll of 5 dice
      And the rocket carries player 0's satellite, player 1's parachute and player 2's planet-double

    @id:mlem-0066
    Example: A plus-minus astronaut cannot reach a full moon next door
      Given player 2's moon-double has landed on space 7
      And the rocket is on space 6
      And the rocket carries player 0's satellite, player 1's plus-minus and player 2's planet-double
      When the dice show 1, 1, 2, 4, 4 and 4
      And the commander picks 2
      And player 0 stays aboard
      Then player 1 may land on spaces 8 and 9 or stay
      When player 1 lands on space 7
      Then the action is rejected under landing.full-moon naming "every moon slot of space 7 is taken"

  @clause:landing.planet
  Rule: A planet takes any number of astronauts and keeps their order of arrival

    @id:mlem-0067
    Example: Everyone aboard may land on the same planet, in arrival order
      Given a 3-player game starting with player 2
      And player 1's satellite has landed on space 8
      And the rocket is on space 6
      And the rocket carries player 2's parachute, player 0's satellite and player 1's planet-double
      When the dice show 1, 1, 2, 4, 4 and 4
      And the commander picks 2
      And player 2 lands
      And player 0 lands
      And player 1 lands
      Then the planet of space 8 holds player 1's satellite, player 2's parachute, player 0's satellite and player 1's planet-double

    @id:mlem-0068
    Example: A crowded planet still has room
      Given player 1's satellite has landed on space 8
      And player 2's satellite has landed on space 8
      And player 1's moon-double has landed on space 8
      And player 2's moon-double has landed on space 8
      And the rocket is on space 6
      And the rocket carries player 0's satellite, player 1's parachute and player 2's planet-double
      When the dice show 1, 1, 2, 4, 4 and 4
      And the commander picks 2
      Then player 0 may land on space 8 or stay
      When player 0 lands
      Then the planet of space 8 holds player 1's satellite, player 2's satellite, player 1's moon-double, player 2's moon-double and player 0's satellite

  @clause:landing.deep-space
  Rule: In deep space the commander lands on the comet and everyone else on the galaxy

    @id:mlem-0069
    Example: Reaching deep space unloads the whole rocket and scores at once
      Given the rocket is on space 12
      And the rocket carries player 0's satellite, player 1's parachute and player 2's planet-double
      When the dice show 1, 2, 2, 4, 4 and afterburner
      And the commander picks 2
      Then player 0's satellite is on the comet
      And player 1's parachute is on the galaxy
      And player 2's planet-double is on the galaxy
      And player 0 scores 7 points for deep space
      And player 1 scores 5 points for deep space
      And player 2 scores 5 points for deep space
      And expedition 2 is taking off

    @id:mlem-0070
    Example: The comet goes to the current commander and has no capacity limit
      Given player 0's satellite has landed on the comet
      And player 0's moon-double has landed on the galaxy
      And player 0's planet-double has landed on space 8
      And the rocket is on space 10
      And the rocket carries player 1's satellite and player 2's parachute
      When the dice show 1, 1, 2, 2, 2 and 3
      And the commander picks 3
      Then player 1's satellite is on the comet
      And player 2's parachute is on the galaxy
      And player 1 scores 7 points for deep space
      And player 2 scores 5 points for deep space

  @clause:landing.seats-move-up
  Rule: When an astronaut gets off, the astronauts behind it move up a seat

    @id:mlem-0071
    Example: The others move up when the front astronaut lands
      Given the rocket is on space 6
      And the rocket carries player 0's satellite, player 1's die-one (flipped) and player 2's planet-double
      When the dice show 1, 1, 3, 4, 4 and 4
      And the commander picks 3
      And player 0 lands
      Then the rocket carries player 1's die-one (flipped) and player 2's planet-double

    @id:mlem-0072
    Example: A gap in the middle is closed
      Given the rocket is on space 6
      And the rocket carries player 0's satellite, player 1's parachute and player 2's planet-double
      When the dice show 1, 1, 3, 4, 4 and 4
      And the commander picks 3
      And player 0 stays aboard
      And player 1 lands
      Then the rocket carries player 0's satellite and player 2's planet-double
      And player 2 may land on space 9 or stay

  @clause:landing.commander-change
  Rule: The owner of the new front seat becomes commander; the start player stays

    @id:mlem-0073
    Example: The new commander makes the next move
      Given the rocket is on space 6
      And the rocket carries player 0's satellite, player 1's parachute and player 2's planet-double
      When the dice show 1, 1, 3, 4, 4 and 4
      And the commander picks 3
      And player 0 lands
      And player 1 stays aboard
      And player 2 stays aboard
      Then the commander is player 1
      And the start player is player 0
      And a commander-changed event cites landing.commander-change
      When the dice show 1, 2, 2, 3 and 4
      Then player 1 is to act

    @id:mlem-0074
    Example: The old commander cannot move the rocket any more
      Given the rocket is on space 6
      And the rocket carries player 0's satellite, player 1's parachute and player 2's planet-double
      When the dice show 1, 1, 3, 4, 4 and 4
      And the commander picks 3
      And player 0 lands
      And player 1 stays aboard
      And player 2 stays aboard
      And the dice show 1, 2, 2, 3 and 4
      And player 0 picks 2
      Then the action is rejected under turn.actor

    @id:mlem-0075
    Example: A landing behind the front seat leaves the commander in charge
      Given the rocket is on space 6
      And the rocket carries player 0's satellite, player 1's parachute and player 2's planet-double
      When the dice show 1, 1, 3, 4, 4 and 4
      And the commander picks 3
      And player 0 stays aboard
      And player 1 lands
      And player 2 stays aboard
      Then the commander is player 0
      And the start player is player 0
