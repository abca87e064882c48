Feature: Who may act
  At each moment exactly one decision is pending, or a chance outcome is due. An action from
  anyone else, or of a kind the current step does not take, is refused; so is any action once
  the game is over.

  Background:
    Given a 4-player game with Alice as captain
    And the aircraft is at city 1

  @clause:turn.pending
  Rule: Only the player whose decision is pending may act

    @id:celestia-0137
    Example: Carol may not decide before Bob
      When the captain rolls pirates and fog
      And Carol leaves
      Then the action is rejected under turn.pending

    @id:celestia-0138
    Example: In the power window only the player asked may pass
      When the captain rolls pirates and fog
      And everyone stays
      And Carol passes
      Then the action is rejected under turn.pending

  @clause:turn.step
  Rule: An action must be of a kind the current step accepts

    @id:celestia-0139
    Example: A passenger cannot pass during the decisions
      When the captain rolls pirates and fog
      And Bob passes
      Then the action is rejected under turn.step

    @id:celestia-0140
    Example: A card one does not hold cannot be played
      When the captain rolls pirates and fog
      And everyone stays
      And Bob plays a gust
      Then the action is rejected under turn.step

    @id:celestia-0146
    Example: The captain cannot answer with a card she does not hold
      Given Alice holds a compass
      When the captain rolls pirates and fog
      And everyone stays
      And everyone passes in the power window
      And Alice answers with a cannon and a compass
      Then the action is rejected under turn.step

  @clause:turn.chance
  Rule: Dice and draws arrive as chance actions

    @id:celestia-0141
    Example: Three dice cannot come up where two are rolled
      When the captain rolls pirates, fog and bird
      Then the action is rejected under turn.chance

    @id:celestia-0142
    Example: Nobody may decide while the dice are due
      When Bob stays
      Then the action is rejected under turn.chance

  @clause:turn.game-over
  Rule: No action is accepted once the game is over

    @id:celestia-0143
    Example: After the end nobody may play
      Given the aircraft is at city 9
      And Bob is captain
      And Bob is alone aboard
      And Bob has won a 25 at city 25 and a 20 at city 20
      When Bob lands
      And the treasure drawn is 9
      Then the game is over
      When Alice stays
      Then the action is rejected under turn.game-over
