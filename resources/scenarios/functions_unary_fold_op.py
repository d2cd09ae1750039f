# PyTorch test/dynamo/test_functions.py FunctionTests.test_unary_fold_op and
# test/dynamo/test_functions.py FunctionTests.test_unary_fold_op_seq: list(map(op, range(-10,
# 10))) for abs, operator.abs/neg/pos/truth, and tuple(map(operator.length_hint, [tuples])),
# under nopython with no tensor at all: the results equal eager's.
import operator

import torch
import torch._dynamo

for op in (operator.abs, abs, operator.neg, operator.pos, operator.truth):
    torch._dynamo.reset()

    def fn():
        a = range(-10, 10)
        return list(map(op, a))

    opt_fn = torch._dynamo.optimize(nopython=True)(fn)
    assert opt_fn() == fn(), op

for op in (operator.length_hint,):
    torch._dynamo.reset()

    def fn_seq():
        a = [tuple(range(-10, i)) for i in range(10)]
        return tuple(map(op, a))

    opt_fn = torch._dynamo.optimize(nopython=True)(fn_seq)
    assert opt_fn() == fn_seq(), op
