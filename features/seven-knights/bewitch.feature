Feature: Teams and bewitching
  The holder of the Witch tile is on the Witch team from the start; a player who inspects the
  Witch tile is bewitched at once and joins her. Everyone else is a Knight. When the Witch is
  not dealt, or lies in the centre unseen, the Witch team may be empty.

  Background:
    Given a 5-player standard game where Alice holds 3, Bob holds the Witch, Carol holds 1, Dave holds 5, Eve holds 2 and the centre tile is 4

  @clause:bewitch.witch-owner
  Rule: The holder of the Witch tile is on the Witch team

    @id:seven-knights-0009
    Example: Bob holds the Witch, so only Bob is on the Witch team before any inspection
      Then the Witch team is Bob

  @clause:bewitch.on-sight
  Rule: Inspecting the Witch tile bewitches the inspector at once

    @id:seven-knights-0010
    Example: Alice looks at Bob's tile and is bewitched
      When Alice inspects Bob's tile
      Then a bewitched event cites bewitch.on-sight
      And the Witch team is Alice and Bob

    @id:seven-knights-0011
    Example: Looking at a knight bewitches nobody
      When Alice inspects Carol's tile
      Then no bewitched event happened
      And the Witch team is Bob

  @clause:bewitch.teams
  Rule: The Witch team is the Witch's holder and everyone who inspected her; all others are Knights

    @id:seven-knights-0012
    Example: Two inspections of the Witch make a Witch team of three
      When the inspections are Alice at Bob's tile, Bob at the centre tile, Carol at Bob's tile, Dave at Alice's tile and Eve at Carol's tile
      Then the Witch team is Alice, Bob and Carol
      And the Knights team is Dave and Eve

  @clause:bewitch.no-witch
  Rule: Without a Witch dealt, or with the Witch unseen in the centre, the Witch team may be empty

    @option:variant
    @id:seven-knights-0013
    Example: An advanced round without the Witch has nobody on the Witch team
      Given a 5-player advanced game where Alice holds 6, Bob holds 2, Carol holds 1, Dave holds 7, Eve holds 3 and the centre tile is 4
      Then nobody is on the Witch team

    @id:seven-knights-0014
    Example: The Witch in the centre makes a team only of those who look at her
      Given a 5-player standard game where Alice holds 3, Bob holds 4, Carol holds 1, Dave holds 5, Eve holds 2 and the centre tile is the Witch
      Then nobody is on the Witch team
      When Alice inspects the centre tile
      Then the Witch team is Alice
