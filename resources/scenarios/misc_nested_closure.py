# PyTorch test/dynamo/test_misc.py MiscTests.test_nested_closure: closures three levels deep with
# *args/**kwargs and a default argument made at definition time: compiling the maker and the two
# returned closures gives 2 graphs, 9 ops; each closure keeps its own random tensors.
import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter, same

v0 = torch.randn(10)


def fn1():
    v1 = torch.randn(10)

    def fn2(*args, **kwargs):
        assert len(args) == 1
        assert len(kwargs) == 1
        v2 = torch.randn(10) + args[0] + kwargs["b"]

        def fn3(v3=torch.randn(10)):
            def fn4():
                return v0 + v1 + v2 + v3 + 1

            return fn4

        return fn3

    return fn2(1, b=2)()


torch._dynamo.reset()
cnts = CompileCounter()
opt_fn1 = torch._dynamo.optimize_assert(cnts)(fn1)
tmp1 = torch._dynamo.optimize_assert(cnts)(opt_fn1())
tmp2 = torch._dynamo.optimize_assert(cnts)(opt_fn1())
assert tmp1().shape == (10,)
assert same(tmp1(), tmp1())
assert not same(tmp1(), tmp2())
assert (cnts.frame_count, cnts.op_count) == (2, 9), (cnts.frame_count, cnts.op_count)
