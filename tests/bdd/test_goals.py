from pytest_bdd import scenarios

scenarios("mlem/goals.feature")
