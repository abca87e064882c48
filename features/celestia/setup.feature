Feature: Setup
  A new game: two to six players in clockwise seats, a game type that decides which cards go
  into the action deck, the cities in order with their shuffled treasure piles, a shuffled
  deck from which every player is dealt a secret hand, and a first captain.

  @clause:setup.players
  Rule: Two to six players

    @id:celestia-0112
    Example: Seven players are too many
      When a new 7-player game is set up with Alice as first captain
      Then the setup is rejected under setup.players

    @id:celestia-0113
    Example: Two players may play
      When a new 2-player game is set up with Alice as first captain
      Then the deal is under way with 16 cards to deal

    @id:celestia-0151
    Example: Six players may play
      When a new 6-player game is set up with Alice as first captain
      Then the deal is under way with 36 cards to deal

  @clause:setup.game-type
  Rule: The game type picks the cards of the deck

    @id:celestia-0114
    Example: In the basic game a power window follows the decisions
      Given a 4-player game with Alice as captain
      And the aircraft is at city 1
      When the captain rolls pirates and fog
      And everyone stays
      Then the power window is open with Bob to play

    @option:game_type
    @id:celestia-0115
    Example: The fast game has no power window
      Given a 4-player game with Alice as captain
      And the rule option game_type is fast
      And the aircraft is at city 1
      And Alice holds a cannon and a compass
      When the captain rolls pirates and fog
      And everyone stays
      Then Alice's choices are:
        | answer with compass and cannon |

    @option:game_type
    @option:fast_game_turbo
    @id:celestia-0150
    Example: The fast game that keeps its Turbo cards has no power window either
      Given a 4-player game with Alice as captain
      And the rule option game_type is fast
      And the rule option fast_game_turbo is with
      And the aircraft is at city 1
      And Alice holds a cannon and a compass
      When the captain rolls pirates and fog
      And everyone stays
      Then Alice's choices are:
        | answer with compass and cannon |

  @clause:setup.route
  Rule: The aircraft starts at the first city with everyone aboard

    @id:celestia-0116
    Example: The first journey starts at city 1 once the cards are dealt
      When a new 4-player game is set up with Alice as first captain
      And the cards are dealt in deck order
      Then the aircraft is at city 1
      And Alice, Bob, Carol and Dave are aboard
      And the next step is a roll of 2 dice
      And a journey event cites journey.start

  @clause:setup.treasure-piles
  Rule: Each treasure pile is shuffled face down

    @id:celestia-0117
    Example: Any card of a fresh pile may come up first
      Given a 4-player game with Alice as captain
      And the aircraft is at city 1
      When the captain rolls pirates and fog
      And Bob leaves
      Then the treasure Bob draws is 1 with probability 5/11
      And the treasure Bob draws is telescope with probability 1/11
      And the treasure Bob draws is 4 with probability 2/11

    @id:celestia-0118
    Example: Nobody sees the order of a treasure pile
      When a new 4-player game is set up with Alice as first captain
      Then Carol sees the treasure pile of city 1 as 11 hidden cards

  @clause:setup.deck
  Rule: The action deck is shuffled and the discard pile starts empty

    @id:celestia-0119
    Example: The first card dealt can be any card of the deck
      When a new 4-player game is set up with Alice as first captain
      Then the next card dealt is compass with probability 5/21
      And the next card dealt is jetpack with probability 1/42

    @id:celestia-0120
    Example: The discard pile starts empty
      When a new 4-player game is set up with Alice as first captain
      Then the discard pile is empty

  @clause:setup.hand-size
  Rule: Eight cards each with two or three players, six with four or more

    @id:celestia-0121
    Example: Three players get eight cards each
      When a new 3-player game is set up with Alice as first captain
      Then the deal is under way with 24 cards to deal

    @id:celestia-0122
    Example: Four players get six cards each
      When a new 4-player game is set up with Alice as first captain
      And the cards are dealt in deck order
      Then Alice holds 6 cards
      And Dave holds 6 cards
      And the draw pile holds 60 cards

    @id:celestia-0123
    Example: Six players get six cards each
      When a new 6-player game is set up with Alice as first captain
      Then the deal is under way with 36 cards to deal

  @clause:setup.first-captain
  Rule: The setup names the first captain

    @id:celestia-0124
    Example: Carol captains the first journey and is dealt the first card
      When a new 4-player game is set up with Carol as first captain
      Then the next card dealt goes to Carol
      When the cards are dealt in deck order
      Then the captain is Carol

    @id:celestia-0125
    Example: A first captain who is not a player is refused
      When a new 3-player game is set up with Dave as first captain
      Then the setup is rejected under setup.first-captain

  @clause:setup.hand-size
  Rule: The action deck must hold every starting hand

    @id:celestia-0161
    Example: A deck of 23 cards cannot deal four hands of six
      Given the setup has:
        | players | 4                                                                 |
        | deck    | {"id": "short", "cards": {"compass": 23}, "hand_sizes": {"4": 6}} |
      When a new game is set up
      Then the setup is rejected under setup.hand-size

    @id:celestia-0162
    Example: A deck of exactly 24 cards deals four hands of six
      Given the setup has:
        | players | 4                                                                 |
        | deck    | {"id": "short", "cards": {"compass": 24}, "hand_sizes": {"4": 6}} |
      When a new game is set up
      Then the deal is under way with 24 cards to deal
      And the draw pile holds 24 compasses
