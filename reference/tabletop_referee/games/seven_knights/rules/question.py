"""Questions [question.*]: who may ask whom about which tiles, the two question forms, the
expression language and the truth of a question.

Expression questions use the variables ``A``, ``B``, ``C`` (or ``a``, ``b``, ``c``; bound to
the question's tiles in order), single digits ``0``-``9``, ``+`` (sum), ``=`` and ``<``
(comparisons), ``&`` (and), ``|`` (or). An expression may be written in postfix (reverse
Polish, as the spec's question.expression-limits words it: ``ab<``) or in ordinary infix with
parentheses (``A<B``); no text is well formed in both. Infix precedence, tightest first:
``+``, then ``=`` / ``<`` (not chained), then ``&``, then ``|``. The whole must be a yes/no
statement [question.expression]; its postfix form has at most 16 symbols, and text that is
not well formed either way is refused [question.expression-limits]. Any Witch tile
among the tiles makes the expression false, and the Witch is in no number set
[question.witch-truth].

    >>> parse("A+1=B | B+1=A")
    ('|', ('=', ('+', 'A', 1), 'B'), ('=', ('+', 'B', 1), 'A'))
    >>> evaluate(parse("7 < A+B"), (3, 5))
    True
    >>> parse("ab1+=") == parse("A = B+1")
    True
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from itertools import combinations, permutations
from typing import Any

from ....errors import IllegalAction
from ..model import CENTRE, KNIGHTS, MAX_EXPRESSION_SIZE, WITCH, Ask, State, in_play, tile_ref
from .bewitch import known_tiles

VARIABLES = "ABC"
_BINARY = {"|": 1, "&": 2, "=": 3, "<": 3, "+": 4}
_BOOLEAN_OPS = {"|", "&"}
_COMPARISONS = {"=", "<"}


class ExpressionError(ValueError):
    """An expression that does not parse; ``clause`` says which rule it breaks."""

    def __init__(self, clause: str, message: str) -> None:
        super().__init__(message)
        self.clause = clause
        self.message = message


def _tokens(text: str) -> list[str]:
    out = []
    i = 0
    while i < len(text):
        c = text[i]
        if c.isspace():
            i += 1
            continue
        if c.isdigit():
            j = i
            while j < len(text) and text[j].isdigit():
                j += 1
            if j - i > 1:
                raise ExpressionError("question.expression-limits",
                                      f"numbers in an expression are single digits 0-9, not {text[i:j]}")
            out.append(c)
            i = j
            continue
        if c.upper() in VARIABLES or c in _BINARY or c in "()":
            out.append(c.upper())
            i += 1
            continue
        raise ExpressionError("question.expression-limits",
                              f"{c!r} is not allowed in an expression (use A B C, digits, + = < & | and parentheses)")
    return out


@lru_cache(maxsize=4096)
def parse(text: str) -> Any:
    """The syntax tree of an expression (infix or postfix): a variable letter, an int, or
    ``(op, left, right)``.

    Raises ExpressionError (clause ``question.expression`` or ``question.expression-limits``).
    """
    tokens = _tokens(text)
    if not tokens:
        raise ExpressionError("question.expression-limits", "the expression is empty")
    try:
        tree = _infix(tokens)
    except ExpressionError as infix_error:
        try:
            tree = _postfix(tokens)
        except ExpressionError as postfix_error:
            looks_postfix = len(tokens) > 1 and all(_operand(t) for t in tokens[:2])
            raise (postfix_error if looks_postfix else infix_error) from None
    if _kind(tree) != "bool":
        raise ExpressionError("question.expression",
                              "the expression must be a yes/no statement (a comparison with = or <)")
    if size(tree) > MAX_EXPRESSION_SIZE:
        raise ExpressionError("question.expression-limits",
                              f"the expression has {size(tree)} symbols; at most {MAX_EXPRESSION_SIZE} are allowed")
    return tree


def _operand(token: str) -> bool:
    return token in VARIABLES or token.isdigit()


def _postfix(tokens: list[str]) -> Any:
    stack: list[Any] = []
    for t in tokens:
        if t in VARIABLES:
            stack.append(t)
        elif t.isdigit():
            stack.append(int(t))
        elif t in _BINARY:
            if len(stack) < 2:
                raise ExpressionError("question.expression-limits", f"{t!r} lacks operands")
            right = stack.pop()
            stack.append((t, stack.pop(), right))
        else:
            raise ExpressionError("question.expression-limits", "postfix has no parentheses")
    if len(stack) != 1:
        raise ExpressionError("question.expression-limits", "values are left over")
    return stack[0]


def _infix(tokens: list[str]) -> Any:
    pos = 0

    def primary() -> Any:
        nonlocal pos
        if pos >= len(tokens):
            raise ExpressionError("question.expression-limits", "the expression ends too early")
        t = tokens[pos]
        pos += 1
        if t == "(":
            node = binary(1)
            if pos >= len(tokens) or tokens[pos] != ")":
                raise ExpressionError("question.expression-limits", "a parenthesis is not closed")
            pos += 1
            return node
        if t in VARIABLES:
            return t
        if t.isdigit():
            return int(t)
        raise ExpressionError("question.expression-limits", f"unexpected {t!r}")

    def binary(level: int) -> Any:
        nonlocal pos
        left = primary()
        while pos < len(tokens) and tokens[pos] in _BINARY and _BINARY[tokens[pos]] >= level:
            op = tokens[pos]
            pos += 1
            right = binary(_BINARY[op] + 1)
            if op in _COMPARISONS and isinstance(left, tuple) and left[0] in _COMPARISONS:
                raise ExpressionError("question.expression", "comparisons cannot be chained")
            left = (op, left, right)
        return left

    tree = binary(1)
    if pos != len(tokens):
        raise ExpressionError("question.expression-limits", f"unexpected {tokens[pos]!r}")
    return tree


def _kind(node: Any) -> str:
    if not isinstance(node, tuple):
        return "int"
    op, left, right = node
    want = "bool" if op in _BOOLEAN_OPS else "int"
    for side in (left, right):
        if _kind(side) != want:
            raise ExpressionError("question.expression",
                                  f"{op!r} needs {'yes/no statements' if want == 'bool' else 'numbers'} on both sides")
    return "int" if op == "+" else "bool"


def size(node: Any) -> int:
    """The number of symbols of the postfix form."""
    if isinstance(node, tuple):
        return 1 + size(node[1]) + size(node[2])
    return 1


def variables(node: Any) -> frozenset[str]:
    if isinstance(node, tuple):
        return variables(node[1]) | variables(node[2])
    return frozenset([node]) if isinstance(node, str) else frozenset()


def evaluate(node: Any, values: tuple[int, ...]) -> Any:
    """The value of ``node`` with A, B, C bound to ``values`` (no Witch among them)."""
    if isinstance(node, str):
        return values[VARIABLES.index(node)]
    if isinstance(node, int):
        return node
    op, left, right = node
    a, b = evaluate(left, values), evaluate(right, values)
    if op == "+":
        return a + b
    if op == "=":
        return a == b
    if op == "<":
        return a < b
    if op == "&":
        return a and b
    return a or b


def truth(values: tuple[int, ...], numbers: tuple[int, ...], expression: str) -> bool:
    """The true answer to a question about tiles of these values [question.witch-truth]."""
    if expression:
        if WITCH in values:
            return False
        return bool(evaluate(parse(expression), values))
    return values[0] in numbers


def max_tiles(s: State) -> int:
    """The most tiles a question may name (option ``max_question_tiles``) [question.tile-count]."""
    return s.setup.options.max_question_tiles


def tile_name(s: State, tile: int) -> str:
    return f"player {tile}'s tile" if tile < CENTRE else f"centre tile {tile_ref(tile)}"


def check_question_other_player(s: State, a: Ask) -> Iterator[IllegalAction]:
    """[question.other-player] A question is put to one other player of the game."""
    if not 0 <= a.answerer < s.setup.players or a.answerer == a.player:
        yield IllegalAction("question.other-player",
                            "a question is put to one other player" if a.answerer == a.player
                            else f"there is no player {a.answerer}")


def check_question_tile_count(s: State, a: Ask) -> Iterator[IllegalAction]:
    """[question.tile-count] 1 to ``max_question_tiles`` distinct tiles in play; exactly one
    for a number-set question."""
    limit = max_tiles(s)
    if not 1 <= len(a.tiles) <= limit:
        yield IllegalAction("question.tile-count",
                            f"a question names 1 to {limit} tiles, not {len(a.tiles)}")
    elif len(set(a.tiles)) != len(a.tiles):
        yield IllegalAction("question.tile-count", "a question names each tile once")
    elif any(t not in in_play(s.setup) for t in a.tiles):
        t = next(t for t in a.tiles if t not in in_play(s.setup))
        yield IllegalAction("question.tile-count", f"there is no tile {tile_ref(t)} in play")
    elif not a.expression and len(a.tiles) != 1:
        yield IllegalAction("question.tile-count",
                            "a number-set question names exactly one tile; use an expression for several")


def check_question_answerer_must_know(s: State, a: Ask) -> Iterator[IllegalAction]:
    """[question.answerer-must-know] Only tiles the answerer holds or inspected."""
    answerer_knows = known_tiles(s, a.answerer)
    for t in a.tiles:
        if t not in answerer_knows:
            yield IllegalAction("question.answerer-must-know",
                                f"player {a.answerer} does not know {tile_name(s, t)}: only tiles "
                                "the answerer holds or inspected may be asked about")
            return


def check_question_asker_must_not_know(s: State, a: Ask) -> Iterator[IllegalAction]:
    """[question.asker-must-not-know] Never about a tile the asker already knows."""
    asker_knows = known_tiles(s, a.player)
    for t in a.tiles:
        if t in asker_knows:
            yield IllegalAction("question.asker-must-not-know",
                                f"you already know that tile ({tile_name(s, t)})")
            return


def _parse_problem(a: Ask) -> ExpressionError | None:
    if not a.expression or a.numbers:
        return None
    try:
        parse(a.expression)
    except ExpressionError as e:
        return e
    return None


def check_question_expression(s: State, a: Ask) -> Iterator[IllegalAction]:
    """[question.expression] An expression question is a well-formed yes/no statement and
    carries no number set."""
    if a.expression and a.numbers:
        yield IllegalAction("question.expression",
                            "a question is either a number set or an expression, not both")
    problem = _parse_problem(a)
    if problem is not None and problem.clause == "question.expression":
        yield IllegalAction(problem.clause, problem.message)


def check_question_expression_limits(s: State, a: Ask) -> Iterator[IllegalAction]:
    """[question.expression-limits] At most 16 postfix symbols, well formed, and the variables
    are exactly those of the tiles asked about."""
    if not a.expression or a.numbers:
        return
    problem = _parse_problem(a)
    if problem is not None:
        if problem.clause == "question.expression-limits":
            yield IllegalAction(problem.clause, problem.message)
        return
    names = set(VARIABLES[: len(a.tiles)])
    used = variables(parse(a.expression))
    if not used <= names:
        yield IllegalAction("question.expression-limits",
                            f"the expression uses {', '.join(sorted(used - names))} but only "
                            f"{', '.join(sorted(names))} name tiles")
    elif used != names:
        yield IllegalAction("question.expression-limits",
                            f"every tile asked about must appear in the expression "
                            f"({', '.join(sorted(names - used))} does not)")


def check_question_number_set(s: State, a: Ask) -> Iterator[IllegalAction]:
    """[question.number-set] The numbers of a number set are distinct knight numbers 1-7,
    ascending."""
    if not a.expression and (
            any(v not in KNIGHTS for v in a.numbers) or list(a.numbers) != sorted(set(a.numbers))):
        yield IllegalAction("question.number-set",
                            "the numbers of a number set are distinct knight numbers 1-7, ascending")


def check_question_number_set_nonempty(s: State, a: Ask) -> Iterator[IllegalAction]:
    """[question.number-set-nonempty] Neither empty nor all of 1-7."""
    if not a.expression and (not a.numbers or len(a.numbers) == len(KNIGHTS)):
        yield IllegalAction("question.number-set-nonempty",
                            "the number set must be neither empty nor all of 1-7")


NUMBER_SETS: tuple[tuple[int, ...], ...] = tuple(
    c for k in range(1, len(KNIGHTS)) for c in combinations(KNIGHTS, k))
"""Every legal number set, by size then lexicographically (126 sets)."""


def templates(k: int) -> tuple[str, ...]:
    """The expression questions enumerated for ``k`` tiles (BGA's shortcuts): any other
    well-formed expression is legal too but is not listed by ``legal_actions``."""
    if k == 2:
        return ("A<B", "A+1=B|B+1=A")
    if k == 3:
        return tuple(f"{d}<A+B+C" for d in range(6, 10))
    return ()


def candidate_tiles(s: State, asker: int, answerer: int) -> tuple[int, ...]:
    asker_knows = known_tiles(s, asker)
    return tuple(sorted(t for t in known_tiles(s, answerer) if t not in asker_knows))


@lru_cache(maxsize=1024)
def _number_set_asks(asker: int, answerer: int, tile: int) -> tuple[Ask, ...]:
    return tuple(Ask(asker, answerer, (tile,), ns) for ns in NUMBER_SETS)


def questions(s: State, asker: int) -> tuple[Ask, ...]:
    """The enumerated questions of ``asker``: answerer by seat, then for each tile the number
    sets (size, then lexicographic), then the expression templates over ordered tile tuples."""
    out: list[Ask] = []
    n = s.setup.players
    limit = max_tiles(s)
    for answerer in range(n):
        if answerer == asker:
            continue
        tiles = candidate_tiles(s, asker, answerer)
        for t in tiles:
            out.extend(_number_set_asks(asker, answerer, t))
        for k in range(2, min(limit, len(tiles)) + 1):
            for combo in permutations(tiles, k):
                for e in templates(k):
                    if e == "A+1=B|B+1=A" and combo[0] > combo[1]:
                        continue  # symmetric: once per pair
                    if k == 3 and list(combo) != sorted(combo):
                        continue
                    out.append(Ask(asker, answerer, combo, (), e))
    return tuple(out)
