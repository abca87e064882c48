Feature: Exploration (inspections)
  In turn, clockwise from the first player, each player secretly looks at one face-down tile
  other than their own; in the standard and advanced games this may be a centre tile. Who
  looked at which tile is public, the value is not. In the dark there are two laps: first a
  tile in front of another player, then a face-down centre tile.

  Background:
    Given a 5-player standard game where Alice holds 3, Bob holds the Witch, Carol holds 1, Dave holds 5, Eve holds 2 and the centre tile is 4

  @clause:inspection.order
  Rule: Players inspect one at a time, clockwise from the first player

    @id:seven-knights-0068
    Example: The exploration starts with the first player
      Then the phase is inspect
      And it is Alice's turn to inspect

    @id:seven-knights-0069
    Example: After the last player's inspection the exploration is over
      When the inspections are Alice at Bob's tile, Bob at the centre tile, Carol at Dave's tile, Dave at Alice's tile and Eve at Carol's tile
      Then the phase is ask

  @clause:inspection.one-tile
  Rule: Each inspection looks at exactly one face-down tile

    @id:seven-knights-0070
    Example: After one inspection the turn passes on
      When Alice inspects Dave's tile
      Then it is Bob's turn to inspect
      And Alice sees Dave's tile as 5
      And Alice does not see Carol's tile

    @id:seven-knights-0071
    Example: A player may not inspect a second tile in the same lap
      When Alice inspects Dave's tile
      And Alice inspects Carol's tile
      Then the action is rejected under turn.actor

    @id:seven-knights-0072
    Example: A tile someone else has inspected may be inspected again
      When Alice inspects Dave's tile
      And Bob inspects Dave's tile
      Then Bob sees Dave's tile as 5
      And it is Carol's turn to inspect

  @clause:inspection.not-own
  Rule: A player may not inspect their own tile

    @id:seven-knights-0073
    Example: Alice may not inspect her own tile
      When Alice inspects Alice's tile
      Then the action is rejected under inspection.not-own

    @id:seven-knights-0074
    Example: Alice may inspect any tile but her own
      Then Alice may inspect Bob's tile, Carol's tile, Dave's tile, Eve's tile and the centre tile

  @clause:inspection.centre-allowed
  Rule: In the standard and advanced games the centre tile may be inspected

    @id:seven-knights-0075
    Example: Alice inspects the Knight-errant tile
      When Alice inspects the centre tile
      Then Alice sees the centre tile as 4
      And it is Bob's turn to inspect

  @clause:inspection.darkness-laps
  Rule: In the dark each player inspects twice, in two laps

    @option:variant
    @id:seven-knights-0076
    Example: After the first lap the first player inspects again
      Given a 4-player darkness game where Alice holds 2, Bob holds 5, Carol holds 1, Dave holds 6 and the centre tiles are 3, the Witch and 7
      When the inspections are Alice at Dave's tile, Bob at Carol's tile, Carol at Alice's tile and Dave at Bob's tile
      Then the phase is inspect
      And it is Alice's turn to inspect
      When the inspections are Alice at centre tile 1, Bob at centre tile 3, Carol at centre tile 3 and Dave at centre tile 1
      Then the phase is ask

  @clause:inspection.darkness-first-lap
  Rule: In the first dark lap a player inspects a tile in front of another player

    @option:variant
    @id:seven-knights-0077
    Example: A centre tile may not be inspected in the first lap
      Given a 4-player darkness game where Alice holds 2, Bob holds 5, Carol holds 1, Dave holds 6 and the centre tiles are 3, the Witch and 7
      When Alice inspects centre tile 1
      Then the action is rejected under inspection.darkness-first-lap

    @option:variant
    @id:seven-knights-0078
    Example: In the first lap only the other players' tiles are offered
      Given a 4-player darkness game where Alice holds 2, Bob holds 5, Carol holds 1, Dave holds 6 and the centre tiles are 3, the Witch and 7
      Then Alice may inspect Bob's tile, Carol's tile and Dave's tile

  @clause:inspection.darkness-second-lap
  Rule: In the second dark lap a player inspects a face-down centre tile

    @option:variant
    @id:seven-knights-0079
    Example: A player's tile may not be inspected in the second lap
      Given a 4-player darkness game where Alice holds 2, Bob holds 5, Carol holds 1, Dave holds 6 and the centre tiles are 3, the Witch and 7
      And the inspections were Alice at Dave's tile, Bob at Carol's tile, Carol at Alice's tile and Dave at Bob's tile
      When Alice inspects Bob's tile
      Then the action is rejected under inspection.darkness-second-lap

    @option:variant
    @id:seven-knights-0080
    Example: In the second lap only the centre tiles are offered
      Given a 4-player darkness game where Alice holds 2, Bob holds 5, Carol holds 1, Dave holds 6 and the centre tiles are 3, the Witch and 7
      And the inspections were Alice at Dave's tile, Bob at Carol's tile, Carol at Alice's tile and Dave at Bob's tile
      Then Alice may inspect centre tile 1, centre tile 2 and centre tile 3

  @clause:inspection.target-exists
  Rule: The target must be a face-down tile in play

    @id:seven-knights-0081
    Example: There is no second centre tile with five players
      When Alice inspects centre tile 2
      Then the action is rejected under inspection.target-exists

    @id:seven-knights-0082
    Example: There is no centre tile with six players
      Given a 6-player standard game where Alice holds 3, Bob holds the Witch, Carol holds 1, Dave holds 5, Eve holds 2 and Fay holds 4
      When Alice inspects the centre tile
      Then the action is rejected under inspection.target-exists

  @clause:inspection.public
  Rule: Who inspected which tile is public; the value is private

    @id:seven-knights-0083
    Example: Everyone sees that Alice looked at Dave's tile, only Alice sees its value
      When Alice inspects Dave's tile
      Then an inspected event cites inspection.public
      And Carol sees that Alice inspected Dave's tile
      And Carol does not see Dave's tile
      And Alice sees Dave's tile as 5
