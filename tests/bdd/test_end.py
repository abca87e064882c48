from pytest_bdd import scenarios

scenarios("mlem/end.feature")
