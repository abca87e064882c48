from pytest_bdd import scenarios

scenarios("mlem/scoring.feature")
