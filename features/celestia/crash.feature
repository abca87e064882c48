Feature: Crash
  If the captain does not answer every hazard die, the aircraft crashes: everyone still aboard,
  the captain included, gets nothing for the journey, and the journey ends. Players who left
  earlier keep what they took.

  Background:
    Given a 4-player game with Alice as captain
    And the aircraft is at city 2

  @clause:crash.when
  Rule: The aircraft crashes when the captain does not answer every hazard

    @id:celestia-0028
    Example: Without a cannon the captain can only crash
      Given Alice holds a compass
      When the captain rolls pirates and fog
      And everyone stays
      And everyone passes in the power window
      Then Alice's choices are:
        | crash |
      When the captain chooses to crash
      Then a crash event cites crash.when

    @id:celestia-0029
    Example: A captain short of a card cannot answer anyway
      Given Alice holds a compass
      When the captain rolls pirates and fog
      And everyone stays
      And everyone passes in the power window
      And Alice answers with a compass
      Then the action is rejected under crash.when

  @clause:crash.everyone-aboard
  Rule: Everyone aboard a crashing aircraft gets nothing for the journey

    @id:celestia-0030
    Example: The captain and the passengers aboard go home empty-handed
      Given Alice holds a compass
      And Bob has won a 9 at city 9
      When the captain rolls pirates and fog
      And everyone stays
      And everyone passes in the power window
      And the captain chooses to crash
      And nobody escapes by jetpack
      Then a wrecked event cites crash.everyone-aboard
      And Alice has won nothing
      And Bob has won a 9 at city 9
      And Alice holds a compass
      And nobody is aboard

  @clause:crash.landed-keep
  Rule: Players who left earlier keep their treasure

    @id:celestia-0031
    Example: Bob left before the crash and keeps his treasure
      When the captain rolls pirates and fog
      And Bob leaves
      And the treasure drawn is 6
      And everyone stays
      And everyone passes in the power window
      And the captain chooses to crash
      And nobody escapes by jetpack
      Then Bob has won a 6 at city 2
      And Bob scores 6 points
