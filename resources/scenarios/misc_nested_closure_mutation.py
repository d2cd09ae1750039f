# PyTorch test/dynamo/test_misc.py MiscTests.test_nested_closure_mutation: a returned closure that
# mutates two nonlocal tensors keeps counting across calls exactly as eager: 2 graphs, 11 ops.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same


def fn1():
    v1 = torch.randn(10)

    def fn2():
        v2 = torch.randn(10)

        def fn3():
            nonlocal v1, v2
            v1 += 1
            v2 += 2
            return v1 + v2

        return fn3

    rv = fn2()
    rv()
    rv()
    return rv


torch._dynamo.reset()
torch.manual_seed(9000)
counter1 = fn1()
result1 = [counter1(), counter1(), counter1()]
torch.manual_seed(9000)
cnts = CompileCounter()
opt_fn1 = torch._dynamo.optimize_assert(cnts)(fn1)
counter2 = torch._dynamo.optimize_assert(cnts)(opt_fn1())
result2 = [counter2(), counter2(), counter2()]
result1.append(counter1())
result2.append(counter2())
assert same(result1, result2)
assert (cnts.frame_count, cnts.op_count) == (2, 11), (cnts.frame_count, cnts.op_count)
