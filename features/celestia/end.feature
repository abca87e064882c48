Feature: End of the game
  The game ends at the end of a journey in which someone reached 50 points; the highest total
  wins and ties are shared. When exactly the game ends and who wins are rule options.

  Background:
    Given a 4-player game with Alice as captain
    And the aircraft is at city 6

  @clause:end.fifty-points
  Rule: The game ends at the end of the journey in which someone reaches 50

    @id:celestia-0032
    Example: Bob passes 50 and the game ends with the journey
      Given Bob has won a 25 at city 25 and a 20 at city 20
      When the captain rolls bird, lightning and pirates
      And Bob leaves
      And the treasure drawn is 9
      Then a target event cites end.fifty-points
      And the game is not over
      When everyone stays
      And everyone passes in the power window
      And the captain chooses to crash
      And nobody escapes by jetpack
      Then the game is over
      And the winner is Bob

    @id:celestia-0033
    Example: Below 50 the game goes on to a new journey
      Given Bob has won a 25 at city 25
      When the captain rolls bird, lightning and pirates
      And Bob leaves
      And the treasure drawn is 9
      And everyone stays
      And everyone passes in the power window
      And the captain chooses to crash
      And nobody escapes by jetpack
      Then the game is not over
      And the next card dealt goes to Bob

    @option:end_timing
    @id:celestia-0034
    Example: Under the immediate reading the game ends at once
      Given the rule option end_timing is immediate
      And Bob has won a 25 at city 25 and a 20 at city 20
      When the captain rolls bird, lightning and pirates
      And Bob leaves
      And the treasure drawn is 9
      Then the game is over
      And the winner is Bob

  @clause:end.winner
  Rule: The highest total wins

    @id:celestia-0035
    Example: Carol overtakes Bob in the last journey and wins
      Given Bob has won a 25 at city 25 and a 20 at city 20
      And Carol has won a 25 at city 25, a 20 at city 20, a 2 at city 2 and a 1 at city 1
      When the captain rolls bird, lightning and pirates
      And Bob leaves
      And the treasure drawn is 6
      And Carol leaves
      And the treasure drawn is 12
      And everyone stays
      And everyone passes in the power window
      And the captain chooses to crash
      And nobody escapes by jetpack
      Then the game is over
      And the winner is Carol
      And Carol scores 60 points

    @option:end_winner
    @id:celestia-0036
    Example: Under the first-to-fifty reading Bob, first past 50, wins
      Given the rule option end_winner is first-to-fifty
      And Bob has won a 25 at city 25 and a 20 at city 20
      And Carol has won a 25 at city 25, a 20 at city 20, a 2 at city 2 and a 1 at city 1
      When the captain rolls bird, lightning and pirates
      And Bob leaves
      And the treasure drawn is 6
      And Carol leaves
      And the treasure drawn is 12
      And everyone stays
      And everyone passes in the power window
      And the captain chooses to crash
      And nobody escapes by jetpack
      Then the game is over
      And the winner is Bob

  @clause:end.ties
  Rule: Tied players share the victory

    @id:celestia-0037
    Example: Bob and Carol both end on 51
      Given Bob has won a 25 at city 25 and a 20 at city 20
      And Carol has won a 25 at city 25 and a 20 at city 20
      When the captain rolls bird, lightning and pirates
      And Bob leaves
      And the treasure drawn is 6
      And Carol leaves
      And the treasure drawn is 6
      And everyone stays
      And everyone passes in the power window
      And the captain chooses to crash
      And nobody escapes by jetpack
      Then the game is over
      And the winners are Bob and Carol

  @clause:end.score
  Rule: A score is the sum of the treasures won; cards in hand count for nothing

    @id:celestia-0038
    Example: Bob's turbos do not score
      Given Bob has won a 4 at city 4 and a telescope at city 1
      And Bob holds 5 turbos
      Then Bob scores 4 points
      And Alice scores 0 points

  @clause:end.fifty-points
  Rule: Exactly 50 points reach the target; 49 do not

    @id:celestia-0147
    Example: Exactly 50 points reach the target
      Given Bob has won a 25 at city 25, a 15 at city 15 and a 4 at city 4
      When the captain rolls bird, lightning and pirates
      And Bob leaves
      And the treasure drawn is 6
      Then a target event cites end.fifty-points
      And Bob scores 50 points
      And the game is not over
      When everyone stays
      And everyone passes in the power window
      And the captain chooses to crash
      And nobody escapes by jetpack
      Then the game is over
      And the winner is Bob

    @id:celestia-0148
    Example: 49 points do not end the game
      Given Bob has won a 25 at city 25, a 12 at city 12 and a 6 at city 6
      When the captain rolls bird, lightning and pirates
      And Bob leaves
      And the treasure drawn is 6
      Then Bob scores 49 points
      When everyone stays
      And everyone passes in the power window
      And the captain chooses to crash
      And nobody escapes by jetpack
      Then the game is not over
      And the next card dealt goes to Bob
