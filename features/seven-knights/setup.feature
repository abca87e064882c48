Feature: Setting up a game
  Three to eight players sit in a circle; the order of the player list is the clockwise
  seating order. A first player is chosen at random (the setup names them) and every score
  starts at 0.

  @clause:setup.player-count
  Rule: A game has three to eight players

    @id:seven-knights-0165
    Example: Nine players are refused
      When a new game is set up for 9 players in standard mode
      Then the setup is rejected under setup.player-count

    @option:variant
    @id:seven-knights-0166
    Example: Two players are refused
      When a new game is set up for 2 players in darkness mode
      Then the setup is rejected under setup.player-count

    @id:seven-knights-0167
    Example: Eight players may play the standard game
      When a new game is set up for 8 players in standard mode
      Then the tiles are about to be dealt for round 1

  @clause:setup.seating
  Rule: The player list is the seating order, clockwise

    @id:seven-knights-0168
    Example: The turn passes from the last seat back to the first
      Given a 5-player standard game where Alice holds 3, Bob holds the Witch, Carol holds 1, Dave holds 5, Eve holds 2 and the centre tile is 4
      And Dave is the first player
      When Dave inspects Alice's tile
      And Eve inspects Carol's tile
      Then it is Alice's turn to inspect

  @clause:setup.first-player
  Rule: The first player of round 1 is chosen at random and named by the setup

    @id:seven-knights-0169
    Example: The first player named by the setup acts first
      Given a 5-player standard game where Alice holds 3, Bob holds the Witch, Carol holds 1, Dave holds 5, Eve holds 2 and the centre tile is 4
      And Eve is the first player
      Then it is Eve's turn to inspect

    @id:seven-knights-0170
    Example: A first player who is not at the table is refused
      Given a 5-player standard game
      And Fay is the first player
      When a new game is set up
      Then the setup is rejected under setup.first-player

    @id:seven-knights-0183
    Example: A first player left to chance is drawn by one event naming them
      Given a 5-player standard game
      And the first player is drawn by chance
      When the first player drawn is Carol
      Then the events of the When steps are:
        | type               | clause             | first_player |
        | first-player-drawn | setup.first-player | 2            |
      And the tiles are about to be dealt for round 1

  @clause:setup.scores
  Rule: Every player starts with 0 points

    @id:seven-knights-0172
    Example: A new game starts at round 1 with no points
      When a new game is set up for 6 players in standard mode
      Then the scores are Alice 0, Bob 0, Carol 0, Dave 0, Eve 0 and Fay 0
      And the tiles are about to be dealt for round 1
