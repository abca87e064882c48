Feature: Round preparation (the deal)
  The tiles in play are shuffled and dealt face down, one to each player; in the standard
  game with four or five players one more lies face down in the centre (the Knight-errant
  tile), and the unused higher knights lie face up. The shuffle is a chance action carrying
  the whole deal. Each player looks at their own tile.

  @clause:deal.shuffle-chance
  Rule: The shuffle is a chance action and every deal is equally likely

    @id:seven-knights-0051
    Example: A 4-player standard round can be dealt 120 ways, all equally likely
      Given a 4-player standard game
      Then there are 120 possible deals, each with probability 1/120

    @id:seven-knights-0052
    Example: The deal is recorded as an event
      Given a 5-player standard game
      When the tiles are dealt: Alice holds 3, Bob holds the Witch, Carol holds 1, Dave holds 5, Eve holds 2 and the centre tile is 4
      Then a dealt event cites deal.shuffle-chance
      And it is Alice's turn to inspect

  @clause:deal.standard
  Rule: The standard game deals its fixed tiles, one to each player and one to the centre with four or five players

    @id:seven-knights-0053
    Example: A 6-player standard game has no centre tile
      Given a 6-player standard game where Alice holds 3, Bob holds the Witch, Carol holds 1, Dave holds 5, Eve holds 2 and Fay holds 4
      Then Alice may inspect Bob's tile, Carol's tile, Dave's tile, Eve's tile and Fay's tile

    @id:seven-knights-0054
    Example: A 5-player standard deal may not use a tile out of play
      Given a 5-player standard game
      When the tiles are dealt: Alice holds 3, Bob holds the Witch, Carol holds 1, Dave holds 6, Eve holds 2 and the centre tile is 4
      Then the action is rejected under deal.shuffle-chance

  @clause:deal.leftovers-face-up
  Rule: In the standard game the unused higher knights lie face up, out of play

    @id:seven-knights-0055
    Example: With five players the 6 and the 7 lie face up
      Given a 5-player standard game where Alice holds 3, Bob holds the Witch, Carol holds 1, Dave holds 5, Eve holds 2 and the centre tile is 4
      Then the face-up leftover tiles are 6 and 7
      And Bob sees the face-up leftover tiles 6 and 7

  @clause:deal.advanced
  Rule: The advanced game deals from all eight tiles; the rest are set aside

    @option:variant
    @id:seven-knights-0056
    Example: Any five of the eight tiles may be dealt to five players, one more to the centre
      Given a 5-player advanced game where Alice holds 6, Bob holds the Witch, Carol holds 1, Dave holds 7, Eve holds 3 and the centre tile is 4
      Then Alice may inspect Bob's tile, Carol's tile, Dave's tile, Eve's tile and the centre tile

    @option:variant
    @id:seven-knights-0057
    Example: An advanced deal may not use a tile twice
      Given a 5-player advanced game
      When the tiles are dealt: Alice holds 6, Bob holds 6, Carol holds 1, Dave holds 7, Eve holds 3 and the centre tile is 4
      Then the action is rejected under deal.shuffle-chance

  @clause:deal.darkness
  Rule: In the dark each player gets a knight and three of the rest, the Witch among them, go to the centre

    @option:variant
    @id:seven-knights-0058
    Example: A player may not be dealt the Witch in the dark
      Given a 4-player darkness game
      When the tiles are dealt: Alice holds the Witch, Bob holds 5, Carol holds 1, Dave holds 6 and the centre tiles are 3, 2 and 7
      Then the action is rejected under deal.darkness

    @option:variant
    @id:seven-knights-0059
    Example: The Witch may lie in the centre in the dark
      Given a 4-player darkness game
      When the tiles are dealt: Alice holds 2, Bob holds 5, Carol holds 1, Dave holds 6 and the centre tiles are 3, the Witch and 7
      Then it is Alice's turn to inspect

    @option:cooperative @option:variant
    @id:seven-knights-0060
    Example: In the cooperative dark game every knight not dealt lies in the centre
      Given the cooperative game is on
      And a 3-player darkness game where Alice holds 2, Bob holds 5, Carol holds 1 and the centre tiles are 3, 4, 6 and 7
      Then Alice may inspect Bob's tile and Carol's tile

  @clause:deal.cooperative
  Rule: The cooperative game deals no Witch; its knights start at 1

    @option:cooperative
    @id:seven-knights-0061
    Example: A 5-player cooperative game deals the knights 1 to 6
      Given the cooperative game is on
      And a 5-player standard game where Alice holds 3, Bob holds 6, Carol holds 1, Dave holds 5, Eve holds 2 and the centre tile is 4
      Then it is Alice's turn to inspect
      And the face-up leftover tiles are 7

    @option:cooperative
    @id:seven-knights-0062
    Example: A cooperative deal with the Witch is refused
      Given the cooperative game is on
      And a 5-player standard game
      When the tiles are dealt: Alice holds 3, Bob holds the Witch, Carol holds 1, Dave holds 5, Eve holds 2 and the centre tile is 4
      Then the action is rejected under deal.shuffle-chance

    @option:cooperative
    @id:seven-knights-0194
    Example: Cooperative tile data holding the Witch is refused
      Given the cooperative game is on
      And a 5-player standard game
      And the tile data is a pool of the Witch, 1, 2, 3, 4 and 5 with 1 centre tile
      When a new game is set up
      Then the setup is rejected under deal.cooperative

  @clause:deal.own-tile
  Rule: Each player looks at their own tile

    @id:seven-knights-0063
    Example: After the deal each player sees their own tile and no other
      Given a 5-player standard game where Alice holds 3, Bob holds the Witch, Carol holds 1, Dave holds 5, Eve holds 2 and the centre tile is 4
      Then Bob sees his own tile as the Witch
      And Alice sees her own tile as 3
      And Alice does not see Bob's tile
      And Alice does not see the centre tile

  @clause:deal.unused-unseen
  Rule: Tiles set aside in an advanced or dark round stay unseen

    @option:variant
    @id:seven-knights-0064
    Example: Nobody sees which tiles were set aside in an advanced round
      Given a 5-player advanced game where Alice holds 6, Bob holds the Witch, Carol holds 1, Dave holds 7, Eve holds 3 and the centre tile is 4
      Then Alice sees 6 tiles in play
      And Alice does not see which tiles were set aside
