Feature: Components, setup and who may act
  The game is played with six dice of the same kind and eight astronauts per player, one of
  each type. A new game needs two to five players, names the first start player, and takes
  the space mat as a board definition: the faces allowed on each space, afterburner dots and
  landing sites all come from that data. Every action must come from the player whose
  decision is pending and suit the current phase; nothing is accepted once the game is over.

  Background:
    Given the "short" board
    And a 3-player game

  @clause:components.dice
  Rule: Each die shows 1, 2, 2, 3, 4 and afterburner

    @id:mlem-0141
    Example: A single die shows 2 twice as often as any other face
      Given the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      And the rocket is on space 3 with 1 die
      Then the possible rolls are:
        | roll        | probability |
        | 1           | 1/6         |
        | 2           | 1/3         |
        | 3           | 1/6         |
        | 4           | 1/6         |
        | afterburner | 1/6         |

    @id:mlem-0142
    Example: Two dice give pairs with the probabilities of the face counts
      Given the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      And the rocket is on space 3 with 2 dice
      Then the roll 2 and 2 has probability 1/9
      And the roll 1 and 2 has probability 1/9
      And the roll 1 and 1 has probability 1/36
      And the roll 3 and afterburner has probability 1/18

    @id:mlem-0143
    Example: Six dice can fall in 210 distinct ways
      Given the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      And the rocket is on space 3
      Then there are 210 possible rolls whose probabilities add up to 1

    @id:mlem-0144
    Example: No die has a 5
      Given the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      And the rocket is on space 3
      When the dice show 1, 2, 2, 3, 4 and 5
      Then the action is rejected under components.dice naming "'5' is not a die face"

    @id:mlem-0145
    Example: A roll document with a 5 does not even pass the action schema
      Given the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      And the rocket is on space 3
      When the action is played:
        """
        {"type": "roll", "faces": ["1", "2", "2", "3", "4", "5"]}
        """
      Then the action is rejected under interchange.schema

  @clause:components.astronauts
  Rule: Every player has eight astronauts, one of each type

    @id:mlem-0146
    Example: A new game gives every player all eight types
      When a new game is set up for 3 players
      Then player 0 may embark satellite, plus-minus, parachute, moon-double, planet-double, deep-space-double, die-removal and die-one
      And player 1's reserve holds satellite, plus-minus, parachute, moon-double, planet-double, deep-space-double, die-removal and die-one
      And player 2's reserve holds satellite, plus-minus, parachute, moon-double, planet-double, deep-space-double, die-removal and die-one

    @id:mlem-0147
    Example: Astronauts of the same type differ only by owner
      When the players embark parachute, parachute and parachute
      Then the rocket carries player 0's parachute, player 1's parachute and player 2's parachute

    @id:mlem-0148
    Example: A player has only one astronaut of each type
      Given player 0's moon-double has landed on space 7
      Then player 0 may embark satellite, plus-minus, parachute, planet-double, deep-space-double, die-removal and die-one

  @clause:setup.players
  Rule: A game has 2 to 5 players, each with a full reserve and no crash yet

    @id:mlem-0149
    Example: Two players are enough
      When a new game is set up for 2 players
      Then the game has 2 players
      And expedition 1 is taking off
      And the crash marker is at 0
      And player 1's reserve holds satellite, plus-minus, parachute, moon-double, planet-double, deep-space-double, die-removal and die-one

    @id:mlem-0150
    Example: Five players is the most
      When a new game is set up for 5 players
      Then the game has 5 players
      And the crash marker is at 0
      And player 4's reserve holds satellite, plus-minus, parachute, moon-double, planet-double, deep-space-double, die-removal and die-one

    @id:mlem-0151
    Example: One player alone cannot play
      When a new game is set up for 1 player
      Then the action is rejected under setup.players naming "MLEM needs 2 to 5 players, not 1"

    @id:mlem-0152
    Example: Six players are too many
      When a new game is set up for 6 players
      Then the action is rejected under setup.players naming "not 6"

    @id:mlem-0153
    Example: Players are numbered clockwise from 0
      When a new game is set up for 4 players
      And the players embark die-one, parachute, satellite and moon-double
      Then the rocket carries player 0's die-one, player 1's parachute, player 2's satellite and player 3's moon-double

  @clause:setup.start-player
  Rule: The setup says who starts the first expedition

    @id:mlem-0154
    Example: The named start player boards first
      When a new game is set up for 4 players starting with player 2
      Then the start player is player 2
      And player 2 is to act

    @id:mlem-0155
    Example: The start player takes the rocket board and the dice
      When a new game is set up for 3 players starting with player 1
      And the players embark moon-double, parachute and die-one
      Then the commander is player 1
      And the next step is a roll of 6 dice

    @id:mlem-0156
    Example: The start player must be one of the players
      When a new game is set up for 3 players starting with player 3
      Then the action is rejected under setup.start-player naming "start player 3 is not one of players 0..2"

  @clause:setup.board
  Rule: The space mat is given as data and the rules read it from there

    @id:mlem-0157
    Example: The faces allowed on a space come from the board definition
      Given space 3 allows 3 and 4
      And the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      And the rocket is on space 3
      When the dice show 1, 2, 2, 3, 4 and afterburner
      Then the commander may pick:
        | choice  |
        | 3       |
        | 4       |
        | 3 and 4 |

    @id:mlem-0158
    Example: A face removed from a space's definition can no longer be picked
      Given space 3 allows 3 and 4
      And the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      And the rocket is on space 3
      When the dice show 1, 2, 2, 3, 4 and afterburner
      And the commander picks 1
      Then the action is rejected under travel.allowed-faces naming "'1' is not allowed on space 3"

    @id:mlem-0159
    Example: The afterburner value is the dot count given for the space
      Given space 4 allows 2, 3 and afterburner worth 3
      And the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      And the rocket is on space 4
      When the dice show 1, 1, 1, 1, 1 and afterburner
      And the commander picks afterburner
      Then the rocket is on space 7

    @id:mlem-0160
    Example: Moons given for a space can be landed on
      Given space 5 has moons worth 6
      And the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      And the rocket is on space 3
      When the dice show 1, 1, 2, 3, 3 and 3
      And the commander picks 2
      Then player 0 may land on space 5 or stay
      When player 0 lands
      Then player 0's satellite is on the moon of space 5 in slot 0
      And player 0 scores 6 points for moons

    @id:mlem-0161
    Example: A space defined with nothing to land on offers no landing
      Given space 7 has nothing to land on
      And the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      And the rocket is on space 3
      When the dice show 1, 2, 2, 3, 4 and afterburner
      And the commander picks 4
      Then the rocket is on space 7
      And the next step is a roll of 5 dice

  @clause:turn.actor
  Rule: Only the player whose decision is pending may act

    @id:mlem-0162
    Example: During takeoff only the player boarding next may embark
      When player 1 embarks satellite
      Then the action is rejected under turn.actor naming "it is player 0's decision, not player 1's"

    @id:mlem-0163
    Example: After a roll only the commander may move the rocket
      Given the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      And the rocket is on space 3
      When the dice show 1, 2, 2, 3, 4 and afterburner
      And player 2 picks 2
      Then the action is rejected under turn.actor naming "it is player 0's decision, not player 2's"

    @id:mlem-0164
    Example: During landing only the owner of the astronaut being asked may decide
      Given the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      And the rocket is on space 3
      When the dice show 1, 2, 2, 3, 4 and afterburner
      And the commander picks 4
      And player 1 lands
      Then the action is rejected under turn.actor naming "it is player 0's decision, not player 1's"

    @id:mlem-0165
    Example: Landing decisions pass from seat to seat
      Given the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      And the rocket is on space 3
      When the dice show 1, 2, 2, 3, 4 and afterburner
      And the commander picks 4
      And player 0 stays aboard
      Then player 1 is to act

    @id:mlem-0166
    Example: A roll is a chance event, nobody's decision
      When the players embark moon-double, parachute and die-one
      Then the next step is a roll of 6 dice
      And the dice decide next

  @clause:turn.phase
  Rule: An action must be of the kind the current phase accepts

    @id:mlem-0167
    Example: No move while a roll is due
      Given the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      And the rocket is on space 3
      When player 0 picks 2
      Then the action is rejected under turn.phase naming "phase roll accepts roll, not a move action"

    @id:mlem-0168
    Example: No second roll before the commander has moved
      Given the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      And the rocket is on space 3
      When the dice show 1, 2, 2, 3, 4 and afterburner
      And the dice show 1, 1, 1, 1, 1 and 1
      Then the action is rejected under turn.phase naming "phase move accepts move"

    @id:mlem-0169
    Example: No boarding during a landing phase
      Given the rocket carries player 0's satellite, player 1's parachute and player 2's moon-double
      And the rocket is on space 3
      When the dice show 1, 2, 2, 3, 4 and afterburner
      And the commander picks 4
      And player 0 embarks die-one
      Then the action is rejected under turn.phase naming "phase landing accepts land or stay"

    @id:mlem-0170
    Example: No landing during takeoff
      When player 0 lands on space 7
      Then the action is rejected under turn.phase naming "phase takeoff accepts embark"

    @id:mlem-0171
    Example: Nothing is accepted once the game is over
      Given the crash marker is at 10
      And the rocket carries player 0's satellite, player 1's moon-double and player 2's planet-double
      And the rocket is on space 5
      When the dice show 2, 2, 3, 3, afterburner and afterburner
      Then the game is over because of crash-limit
      And no action is legal
      When player 1 embarks satellite
      Then the action is rejected under turn.phase naming "the game is over"
