Feature: Components
  The pieces that matter to play: nine cities in route order, four event dice, one action
  deck of Equipment, Turbo and Power cards, and a face-down treasure pile per city. The
  counts come from the spec's data files; the dice count per city is provisional.

  @clause:components.cities
  Rule: Nine cities in route order, each showing how many dice it takes to fly there

    @id:celestia-0010
    Example: Leaving the first city takes the two dice shown on the second
      Given a 4-player game with Alice as captain
      And the aircraft is at city 1
      Then the next step is a roll of 2 dice

    @id:celestia-0011
    Example: The twelve city shows three dice
      Given a 4-player game with Alice as captain
      And the aircraft is at city 9
      Then the next step is a roll of 3 dice

    @id:celestia-0012
    Example: The city after twelve is fifteen
      Given a 4-player game with Alice as captain
      And the aircraft is at city 12
      And everyone holds nothing
      When the captain rolls 4 blanks
      And everyone stays
      And everyone passes in the power window
      And the captain answers the dice
      Then the aircraft is at city 15

    @option:city_dice
    @id:celestia-0013
    Example: Another list of dice counts can be chosen
      Given a 4-player game with Alice as captain
      And the rule option city_dice is 1, 1, 1, 1, 1, 1, 1, 1, 1
      And the aircraft is at city 9
      Then the next step is a roll of 1 die

  @clause:components.dice
  Rule: Four identical dice, each with the four hazards and two blanks

    @id:celestia-0014
    Example: Two dice give fifteen different rolls
      Given a 4-player game with Alice as captain
      And the aircraft is at city 1
      Then the roll can come up 15 different ways
      And a roll of pirates and fog has probability 1/18
      And a roll of 2 blanks has probability 1/9
      And a roll of 2 birds has probability 1/36

    @id:celestia-0015
    Example: Four dice give seventy different rolls
      Given a 4-player game with Alice as captain
      And the aircraft is at city 20
      Then the roll can come up 70 different ways
      And a roll of 4 blanks has probability 1/81

  @clause:components.equipment
  Rule: 68 Equipment cards in four kinds, one per hazard

    @id:celestia-0016
    Example: The new deck holds the four kinds of Equipment
      When a new 4-player game is set up with Alice as first captain
      Then the draw pile holds 20 compasses
      And the draw pile holds 18 lightning arresters
      And the draw pile holds 16 horns
      And the draw pile holds 14 cannons

  @clause:components.turbo
  Rule: Eight Turbo cards, wild for any hazard

    @id:celestia-0017
    Example: The new deck holds eight Turbo cards
      When a new 4-player game is set up with Alice as first captain
      Then the draw pile holds 8 turbos

    @option:fast_game_turbo
    @id:celestia-0018
    Example: The fast game can keep its Turbo cards
      Given the rule option game_type is fast
      And the rule option fast_game_turbo is with
      When a new 4-player game is set up with Alice as first captain
      Then the draw pile holds 8 turbos
      And the draw pile holds 0 gusts

  @clause:components.power-cards
  Rule: Eight Power cards, two of each kind

    @id:celestia-0019
    Example: The new deck holds two of each Power card
      When a new 4-player game is set up with Alice as first captain
      Then the draw pile holds 2 alternative routes
      And the draw pile holds 2 ejections
      And the draw pile holds 2 jetpacks
      And the draw pile holds 2 gusts

  @clause:components.promo
  Rule: The promo Grappling Hook is in the basic-promo game only

    @id:celestia-0020
    Example: The basic game has no Grappling Hook
      When a new 4-player game is set up with Alice as first captain
      Then the draw pile holds 0 grappling hooks

    @option:game_type
    @id:celestia-0021
    Example: The basic-promo game adds one Grappling Hook
      Given the rule option game_type is basic-promo
      When a new 4-player game is set up with Alice as first captain
      Then the draw pile holds 1 grappling hook
      And the draw pile holds 85 cards

  @clause:components.action-deck
  Rule: Equipment, Turbo and Power cards form one deck

    @id:celestia-0022
    Example: The basic deck holds 84 cards
      When a new 4-player game is set up with Alice as first captain
      Then the draw pile holds 84 cards

    @option:game_type
    @id:celestia-0023
    Example: The fast game's deck holds Equipment only
      Given the rule option game_type is fast
      When a new 4-player game is set up with Alice as first captain
      Then the draw pile holds 68 cards
      And the draw pile holds 0 turbos

  @clause:components.treasure
  Rule: Each city has its own face-down treasure pile

    @id:celestia-0024
    Example: The first city's pile holds low treasures and a telescope
      When a new 4-player game is set up with Alice as first captain
      Then the treasure pile of city 1 holds 1, 1, 1, 1, 1, 2, 2, 2, 4, 4 and telescope

    @id:celestia-0025
    Example: The last city's pile holds six 25s
      When a new 4-player game is set up with Alice as first captain
      Then the treasure pile of city 25 holds 25, 25, 25, 25, 25 and 25

  @clause:components.telescope
  Rule: The first four cities each hold one Magic Telescope

    @id:celestia-0026
    Example: The nine city holds no telescope
      When a new 4-player game is set up with Alice as first captain
      Then the treasure pile of city 9 holds 9, 9, 9, 9, 9, 9, 12, 12 and 12

    @option:telescope_cities
    @id:celestia-0027
    Example: Every city marked with a plus can hold a telescope
      Given the rule option telescope_cities is every-plus
      When a new 4-player game is set up with Alice as first captain
      Then the treasure pile of city 9 holds 9, 9, 9, 9, 9, 9, 12, 12, 12 and telescope
      And the treasure pile of city 12 holds 12, 12, 12, 12, 12, 12, 15, 15, 15 and telescope
