Feature: Power cards
  Once the passengers have decided, a power window opens before the captain answers the dice.
  Starting from the captain's left, each player taking part plays one Power card or passes; the
  window closes when all of them have passed in a row. What Jetpack, Gust, Alternative Route
  and the Grappling Hook do is only partly known: each reading is a rule option.

  Background:
    Given a 4-player game with Alice as captain
    And the aircraft is at city 1

  @clause:power.window
  Rule: Rounds of play-or-pass from the captain's left until all pass in a row

    @id:celestia-0078
    Example: With no card played the window closes after one round of passes
      Given Alice holds a cannon and a compass
      When the captain rolls pirates and fog
      And everyone stays
      Then the power window is open with Bob to play
      When Bob passes
      And Carol passes
      And Dave passes
      Then the power window is open with Alice to play
      When Alice passes
      Then Alice's choices are:
        | answer with compass and cannon |

    @id:celestia-0149
    Example: An Equipment card is not played in the window
      Given Bob holds a compass and an ejection
      When the captain rolls pirates and fog
      And everyone stays
      And Bob plays compass
      Then the action is rejected under power.window

    @id:celestia-0079
    Example: A card played starts the round of passes again
      Given Carol holds an alternative route
      When the captain rolls pirates and fog
      And everyone stays
      And Bob passes
      And Carol plays alternative route on the pirates die
      And the re-rolled die shows blank
      Then the power window is open with Dave to play
      When Dave passes
      And Alice passes
      And Bob passes
      Then the power window is open with Carol to play

    @id:celestia-0080
    Example: A player with no Power card is still asked
      When the captain rolls pirates and fog
      And everyone stays
      Then Bob's choices are:
        | pass |

  @clause:power.eligible
  Rule: Every player takes part, even one who has left the aircraft

    @id:celestia-0081
    Example: Bob has left but is still asked in the window
      Given Alice, Carol and Dave are aboard
      And Bob has won a 1 at city 1
      When the captain rolls pirates and fog
      And everyone stays
      Then the power window is open with Bob to play

    @id:celestia-0082
    Example: A player who has left may not play Ejection
      Given Alice, Carol and Dave are aboard
      And Bob has won a 1 at city 1
      And Bob holds an ejection
      When the captain rolls pirates and fog
      And everyone stays
      Then Bob's choices are:
        | pass |
      When Bob plays ejection on Carol
      Then the action is rejected under power.ejection

    @option:power_players
    @id:celestia-0083
    Example: Only the players aboard take part
      Given the rule option power_players is aboard
      And Alice, Carol and Dave are aboard
      And Bob has won a 1 at city 1
      When the captain rolls pirates and fog
      And everyone stays
      Then the power window is open with Carol to play

  @clause:power.any-number
  Rule: A player may play any number of Power cards, one per turn

    @id:celestia-0084
    Example: Carol plays two Alternative Routes in one window
      Given Carol holds 2 alternative routes
      When the captain rolls pirates and fog
      And everyone stays
      And Bob passes
      And Carol plays alternative route on the pirates die
      And the re-rolled die shows fog
      And Dave passes
      And Alice passes
      And Bob passes
      And Carol plays alternative route on the fog die
      And the re-rolled die shows blank
      Then the dice show fog and a blank
      And Carol holds nothing

  @clause:power.discard
  Rule: A played Power card goes to the discard pile

    @id:celestia-0085
    Example: The Gust played is discarded
      Given Bob holds a gust
      When the captain rolls pirates and fog
      And everyone stays
      And Bob plays a gust
      And the re-rolled die shows blank
      Then the discard pile holds a gust
      And Bob holds nothing

  @clause:power.ejection
  Rule: Ejection forces another passenger off at the current city

    @id:celestia-0086
    Example: Bob ejects Carol, who lands with a treasure of city 1
      Given Bob holds an ejection
      When the captain rolls pirates and fog
      And everyone stays
      And Bob plays ejection on Carol
      And the treasure drawn is 2
      Then Carol is not aboard
      And Carol has won a 2 at city 1
      And a play event cites power.ejection
      And the power window is open with Carol to play

    @id:celestia-0087
    Example: Ejection never names the captain
      Given Bob holds an ejection
      When the captain rolls pirates and fog
      And everyone stays
      And Bob plays ejection on Alice
      Then the action is rejected under power.ejection

    @id:celestia-0088
    Example: Ejection is not playable at a city with no treasure left
      Given Bob holds an ejection
      And the treasure pile of city 1 is empty, the rest won by Dave
      When the captain rolls pirates and fog
      Then Bob's choices are:
        | pass |

    @id:celestia-0144
    Example: The captain may eject a passenger on her turn
      Given Alice holds an ejection and a cannon
      When the captain rolls pirates and a blank
      And everyone stays
      And Bob passes
      And Carol passes
      And Dave passes
      And Alice plays ejection on Dave
      And the treasure drawn is 4
      Then Dave has won a 4 at city 1
      And Alice, Bob and Carol are aboard
      And the power window is open with Bob to play

  @clause:power.alternative-route
  Rule: Alternative Route re-rolls event dice

    @id:celestia-0089
    Example: The pirates die is rolled again and comes up blank
      Given Bob holds an alternative route
      And Alice holds a compass
      When the captain rolls pirates and fog
      And everyone stays
      And Bob plays alternative route on the pirates die
      And the re-rolled die shows blank
      And everyone passes in the power window
      Then the dice show fog and a blank
      And Alice's choices are:
        | answer with compass |

    @id:celestia-0090
    Example: Alternative Route names a die that is showing
      Given Bob holds an alternative route
      When the captain rolls pirates and fog
      And everyone stays
      Then Bob's choices are:
        | play alternative route on the fog die     |
        | play alternative route on the pirates die |
        | pass                                      |

    @option:alternative_route
    @id:celestia-0091
    Example: Under the all-dice reading every die is rolled again
      Given the rule option alternative_route is all-dice
      And Bob holds an alternative route
      When the captain rolls pirates and fog
      And everyone stays
      And Bob plays alternative route
      And the re-rolled dice show 2 blanks
      Then the dice show 2 blanks

  @clause:power.jetpack
  Rule: Jetpack lets a player escape a crash with a treasure

    @id:celestia-0092
    Example: After the crash Bob escapes with a treasure of the next city
      Given Bob holds a jetpack
      When the captain rolls pirates and fog
      And everyone stays
      And everyone passes in the power window
      And the captain chooses to crash
      Then Bob's choices are:
        | play jetpack |
        | pass         |
      When Bob plays a jetpack
      And the treasure drawn is 4
      And nobody else escapes by jetpack
      Then Bob has won a 4 at city 2
      And an escape event cites power.jetpack
      And Alice has won nothing
      And Carol has won nothing

    @id:celestia-0093
    Example: A Jetpack cannot be played in the window under the after-crash reading
      Given Bob holds a jetpack
      When the captain rolls pirates and fog
      And everyone stays
      Then Bob's choices are:
        | pass |

    @option:jetpack_timing
    @id:celestia-0094
    Example: Played in the window, the Jetpack saves Bob when the aircraft then crashes
      Given the rule option jetpack_timing is in-window
      And Bob holds a jetpack
      When the captain rolls pirates and fog
      And everyone stays
      And Bob plays a jetpack
      And everyone passes in the power window
      And the captain chooses to crash
      And the treasure drawn is 6
      Then Bob has won a 6 at city 2
      And an escape event cites power.jetpack

    @option:jetpack_timing
    @id:celestia-0095
    Example: Played in the window, the Jetpack is spent for nothing when the captain answers
      Given the rule option jetpack_timing is in-window
      And Bob holds a jetpack
      And Alice holds a cannon and a compass
      When the captain rolls pirates and fog
      And everyone stays
      And Bob plays a jetpack
      And everyone passes in the power window
      And the captain answers the dice
      Then Bob is aboard
      And Bob has won nothing
      And the discard pile holds a jetpack, a cannon and a compass

    @option:jetpack_city
    @id:celestia-0096
    Example: Under the current-city reading the escape draws from the city of the crash
      Given the rule option jetpack_city is current
      And Bob holds a jetpack
      When the captain rolls pirates and fog
      And everyone stays
      And everyone passes in the power window
      And the captain chooses to crash
      And Bob plays a jetpack
      And the treasure drawn is 1
      Then Bob has won a 1 at city 1

  @clause:power.gust
  Rule: Gust, whose effect no source gives, follows the rule option gust

    @id:celestia-0097
    Example: Under the default reading the Gust adds a die the captain must answer
      Given Bob holds a gust
      And Alice holds a cannon, a compass and a horn
      When the captain rolls pirates and fog
      And everyone stays
      And Bob plays a gust
      And the re-rolled die shows bird
      And everyone passes in the power window
      Then the dice show pirates, fog and bird
      And Alice's choices are:
        | answer with compass, horn and cannon |

    @id:celestia-0098
    Example: The Gust cannot add a fifth die
      Given the aircraft is at city 20
      And Bob holds a gust
      When the captain rolls pirates, fog, bird and lightning
      And everyone stays
      Then Bob's choices are:
        | pass |

    @option:gust
    @id:celestia-0099
    Example: Under the pass-hazards reading the Gust clears every hazard
      Given the rule option gust is pass-hazards
      And Bob holds a gust
      When the captain rolls pirates and fog
      And everyone stays
      And Bob plays a gust
      And everyone passes in the power window
      Then Alice's choices are:
        | answer with no card |

    @option:gust
    @id:celestia-0100
    Example: Under the inert reading the Gust is only discarded
      Given the rule option gust is inert
      And Bob holds a gust
      When the captain rolls pirates and fog
      And everyone stays
      And Bob plays a gust
      Then the dice show pirates and fog
      And the discard pile holds a gust
      And the power window is open with Carol to play

  @clause:power.grappling-hook
  Rule: The Grappling Hook, whose effect no source gives, follows the rule option grappling_hook

    @option:game_type
    @id:celestia-0101
    Example: In the basic-promo game the Grappling Hook is played with no effect
      Given the rule option game_type is basic-promo
      And Bob holds a grappling hook
      When the captain rolls pirates and fog
      And everyone stays
      And Bob plays a grappling hook
      Then the discard pile holds a grappling hook
      And the dice show pirates and fog
      And the power window is open with Carol to play
      And the events are:
        | type | clause               | player | card           |
        | roll | roll.faces           | 0      | null           |
        | stay | passengers.stay      | 1      | null           |
        | stay | passengers.stay      | 2      | null           |
        | stay | passengers.stay      | 3      | null           |
        | play | power.grappling-hook | 1      | grappling-hook |

    @option:grappling_hook
    @id:celestia-0102
    Example: Under the absent reading the basic-promo deck has no Grappling Hook
      Given the rule option game_type is basic-promo
      And the rule option grappling_hook is absent
      When a new 4-player game is set up with Alice as first captain
      Then the draw pile holds 0 grappling hooks
      And the draw pile holds 84 cards

    @option:game_type
    @id:celestia-0156
    Example: The Grappling Hook names no passenger
      Given the rule option game_type is basic-promo
      And Bob holds a grappling hook
      When the captain rolls pirates and fog
      And everyone stays
      And Bob plays grappling hook on Carol
      Then the action is rejected under power.grappling-hook

  @clause:power.jetpack
  Rule: A Jetpack played in the window is announced like any Power card

    @option:jetpack_timing
    @id:celestia-0158
    Example: Bob's Jetpack played in the window is one play event naming him and the card
      Given the rule option jetpack_timing is in-window
      And Bob holds a jetpack
      When the captain rolls pirates and fog
      And everyone stays
      And Bob plays a jetpack
      Then the events are:
        | type | clause          | player | card    |
        | roll | roll.faces      | 0      | null    |
        | stay | passengers.stay | 1      | null    |
        | stay | passengers.stay | 2      | null    |
        | stay | passengers.stay | 3      | null    |
        | play | power.jetpack   | 1      | jetpack |
