Feature: Components
  Seven knight tiles numbered 1 to 7 and one Witch tile without a number are the only tiles.
  A start marker (the Sword) shows the first player. Player cards and chips matter only for
  the facts they record (who inspected which tile), and score cards only as numbers.

  @clause:components.tiles
  Rule: There are seven knight tiles numbered 1 to 7 and one Witch tile

    @id:seven-knights-0046
    Example: An 8-player standard game deals every tile: the Witch and the knights 1 to 7
      Given an 8-player standard game where Alice holds 3, Bob holds the Witch, Carol holds 1, Dave holds 5, Eve holds 2, Fay holds 7, Grace holds 4 and Heidi holds 6
      Then it is Alice's turn to inspect
      And Heidi sees her own tile as 6

    @id:seven-knights-0047
    Example: A tile numbered 8 does not exist
      Given a 5-player standard game
      When the tiles are dealt: Alice holds 3, Bob holds the Witch, Carol holds 1, Dave holds 8, Eve holds 2 and the centre tile is 4
      Then the action is refused as malformed

  @clause:components.first-player-marker
  Rule: The start marker shows who begins each turn-by-turn phase

    @id:seven-knights-0048
    Example: The first player named by the setup holds the start marker
      Given a 5-player standard game where Alice holds 3, Bob holds the Witch, Carol holds 1, Dave holds 5, Eve holds 2 and the centre tile is 4
      And Carol is the first player
      Then the first player is Carol
      And it is Carol's turn to inspect

  @clause:components.player-pieces
  Rule: Player cards and chips are modelled only by the facts they record

    @id:seven-knights-0049
    Example: The arrow card of an inspection is recorded as who looked at which tile
      Given a 5-player standard game where Alice holds 3, Bob holds the Witch, Carol holds 1, Dave holds 5, Eve holds 2 and the centre tile is 4
      When Alice inspects Dave's tile
      Then Eve sees that Alice inspected Dave's tile

  @clause:components.score
  Rule: Scores are plain numbers

    @id:seven-knights-0050
    Example: Every score is a number, starting at 0
      Given a 4-player standard game
      Then the scores are Alice 0, Bob 0, Carol 0 and Dave 0
