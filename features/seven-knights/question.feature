Feature: Questions
  In turn, clockwise from the first player, each player asks one other player one yes/no
  question. It may be only about tiles the answerer knows (their own, or one they inspected)
  and not about a tile the asker already knows. A question about one tile asks whether it is
  one of a set of numbers; a question about several tiles is an expression over them with
  sums, equality, less-than, and and or.

  Below, Alice holds 3, Bob the Witch, Carol 1, Dave 5, Eve 2 and the centre tile is 4. Alice
  looked at Bob's tile (and is bewitched), Bob at the centre tile, Carol at Dave's, Dave at
  Alice's and Eve at Carol's.

  Background:
    Given a 5-player standard game where Alice holds 3, Bob holds the Witch, Carol holds 1, Dave holds 5, Eve holds 2 and the centre tile is 4
    And the inspections were Alice at Bob's tile, Bob at the centre tile, Carol at Dave's tile, Dave at Alice's tile and Eve at Carol's tile

  @clause:question.order
  Rule: Each player asks once, in turn, clockwise from the first player

    @id:seven-knights-0109
    Example: The first player asks first, then the next player clockwise
      Then it is Alice's turn to ask
      When Alice asks Carol: is your tile one of 1, 2?
      Then an asked event cites question.order
      And it is Carol's turn to answer
      When Carol answers Yes
      Then it is Bob's turn to ask

    @id:seven-knights-0110
    Example: Bob may not ask during Alice's turn
      When Bob asks Carol: is your tile one of 1, 2?
      Then the action is rejected under turn.actor

  @clause:question.other-player
  Rule: The question is put to one other player

    @id:seven-knights-0111
    Example: Alice may not ask herself
      When Alice asks Alice: is Bob's tile one of 1, 2?
      Then the action is rejected under question.other-player

  @clause:question.answerer-must-know
  Rule: Only tiles the answerer knows may be asked about

    @id:seven-knights-0112
    Example: Carol cannot be asked about Eve's tile, which she has not seen
      When Alice asks Carol: is Eve's tile one of 1, 2?
      Then the action is rejected under question.answerer-must-know

    @id:seven-knights-0113
    Example: Carol can be asked about Dave's tile, which she inspected
      When Alice asks Carol: is Dave's tile one of 1, 2?
      Then it is Carol's turn to answer

  @clause:question.asker-must-not-know
  Rule: No tile the asker already knows may be asked about

    @id:seven-knights-0114
    Example: Alice may not ask about Bob's tile, which she inspected
      When Alice asks Bob: is your tile one of 1, 2?
      Then the action is rejected under question.asker-must-not-know

    @id:seven-knights-0115
    Example: Alice may not ask about her own tile
      When Alice asks Dave: is Alice's tile one of 3?
      Then the action is rejected under question.asker-must-not-know

  @clause:question.tile-count
  Rule: A question names one or two tiles, three in the dark

    @option:variant
    @id:seven-knights-0116
    Example: In the dark a question may name three tiles
      Given a 4-player darkness game where Alice holds 2, Bob holds 5, Carol holds 1, Dave holds 6 and the centre tiles are 3, the Witch and 7
      And the inspections were Alice at Dave's tile, Bob at Carol's tile, Carol at Alice's tile, Dave at Bob's tile, Alice at centre tile 1, Bob at centre tile 3, Carol at centre tile 3 and Dave at centre tile 1
      When Alice asks Bob: is "A + B + C < 9" where A is your tile, B is Carol's tile and C is centre tile 3?
      Then it is Bob's turn to answer
      And Bob may answer only No

    @option:max_question_tiles
    @option:variant
    @id:seven-knights-0117
    Example: With questions limited to two tiles, three are refused
      Given the rule option max_question_tiles is 2
      And a 4-player darkness game where Alice holds 2, Bob holds 5, Carol holds 1, Dave holds 6 and the centre tiles are 3, the Witch and 7
      And the inspections were Alice at Dave's tile, Bob at Carol's tile, Carol at Alice's tile, Dave at Bob's tile, Alice at centre tile 1, Bob at centre tile 3, Carol at centre tile 3 and Dave at centre tile 1
      When Alice asks Bob: is "A + B + C < 9" where A is your tile, B is Carol's tile and C is centre tile 3?
      Then the action is rejected under question.tile-count

    @id:seven-knights-0118
    Example: An expression naming the same tile twice is refused
      When Alice asks Carol: is "A < B" where A is your tile and B is your tile?
      Then the action is rejected under question.tile-count

    @id:seven-knights-0119
    Example: A number-set question about two tiles is refused
      When Alice asks Carol: are your tile and Dave's tile one of 1, 2?
      Then the action is rejected under question.tile-count

  @clause:question.number-set
  Rule: A one-tile question asks whether the tile is one of a set of numbers

    @id:seven-knights-0120
    Example: Alice asks Carol whether her tile is one of 1, 2 and 4
      When Alice asks Carol: is your tile one of 1, 2, 4?
      Then it is Carol's turn to answer
      And Carol may answer only Yes

    @id:seven-knights-0186
    Example: A number set out of ascending order is refused
      When Alice asks Carol: is your tile one of 4, 2, 1?
      Then the action is rejected under question.number-set

  @clause:question.number-set-nonempty
  Rule: The number set is neither empty nor every number

    @id:seven-knights-0121
    Example: Every number from 1 to 7 is refused
      When Alice asks Carol: is your tile one of 1, 2, 3, 4, 5, 6, 7?
      Then the action is rejected under question.number-set-nonempty

    @id:seven-knights-0122
    Example: No number at all is refused
      When Alice asks Carol: is your tile one of no numbers?
      Then the action is rejected under question.number-set-nonempty

    @id:seven-knights-0181
    Example: Six numbers of the seven may be asked
      When Alice asks Carol: is your tile one of 1, 2, 3, 4, 5, 6?
      Then it is Carol's turn to answer

  # The spec writes expressions in postfix over a, b, c (question.expression-limits); the
  # reference engine also reads ordinary infix over A, B, C. Both forms are used below.
  @clause:question.expression
  Rule: A question about several tiles is a yes/no expression over them

    @id:seven-knights-0123
    Example: Alice asks Carol whether Carol's tile is less than Dave's
      When Alice asks Carol: is "A < B" where A is your tile and B is Dave's tile?
      Then it is Carol's turn to answer
      And Carol may answer only Yes

    @id:seven-knights-0124
    Example: Alice asks Eve whether Eve's and Carol's tiles are next to each other
      When Alice asks Eve: is "A + 1 = B | B + 1 = A" where A is your tile and B is Carol's tile?
      Then Eve may answer only Yes

    @id:seven-knights-0125
    Example: The same question in postfix form, as the spec writes it
      When Alice asks Carol: is "ab<" where a is your tile and b is Dave's tile?
      Then it is Carol's turn to answer
      And Carol may answer only Yes

    @id:seven-knights-0184
    Example: A sum alone is no yes/no question
      When Alice asks Carol: is "A + B" where A is your tile and B is Dave's tile?
      Then the question is refused under question.expression

    @id:seven-knights-0185
    Example: Comparisons cannot be chained
      When Alice asks Carol: is "A < B < 6" where A is your tile and B is Dave's tile?
      Then the question is refused under question.expression

  @clause:question.expression-limits
  Rule: Expressions use digits, plus, equals, less-than, and and or, within sixteen symbols

    @id:seven-knights-0126
    Example: Multiplication is not part of the language
      When Alice asks Carol: is "A * B = 5" where A is your tile and B is Dave's tile?
      Then the question is refused under question.expression-limits

    @id:seven-knights-0127
    Example: An expression longer than sixteen symbols is refused
      When Alice asks Carol: is "A + A + A + A + A + A + A + A + A < B" where A is your tile and B is Dave's tile?
      Then the question is refused under question.expression-limits

    @id:seven-knights-0182
    Example: An expression of fifteen symbols, the longest a well-formed one can be, is accepted
      When Alice asks Carol: is "A + A + A + A + A + A + A < B" where A is your tile and B is Dave's tile?
      Then it is Carol's turn to answer

    @id:seven-knights-0128
    Example: A postfix expression with a value left over is refused
      When Alice asks Carol: is "ab<1" where a is your tile and b is Dave's tile?
      Then the question is refused under question.expression-limits

    @id:seven-knights-0129
    Example: Every named tile must occur in the expression
      When Alice asks Carol: is "A < 5" where A is your tile and B is Dave's tile?
      Then the question is refused under question.expression-limits

  @clause:question.witch-truth
  Rule: The Witch tile is in no number set and makes any expression false

    @id:seven-knights-0130
    Example: The truthful answer about the Witch tile and any number set is No
      Given the inspections were Alice at the centre tile, Bob at Carol's tile, Carol at Dave's tile, Dave at Alice's tile and Eve at Carol's tile
      When Alice asks Bob: is your tile one of 1, 2, 3, 4, 5, 6?
      Then the truthful answer is No
      And Bob may answer Yes or No

    @id:seven-knights-0131
    Example: Any expression over the Witch tile is false
      Given the inspections were Alice at the centre tile, Bob at Carol's tile, Carol at Dave's tile, Dave at Alice's tile and Eve at Carol's tile
      When Alice asks Bob: is "A < B" where A is your tile and B is Carol's tile?
      Then the truthful answer is No

  @clause:question.witch-identity
  Rule: A question that singles out the Witch is allowed when it takes one of the permitted forms

    @id:seven-knights-0132
    Example: An expression that is false only for the Witch may be asked
      Given the inspections were Alice at the centre tile, Bob at Carol's tile, Carol at Dave's tile, Dave at Alice's tile and Eve at Carol's tile
      When Alice asks Bob: is "0 < A" where A is your tile?
      Then it is Bob's turn to answer
