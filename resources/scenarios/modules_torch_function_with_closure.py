# PyTorch test/dynamo/test_modules.py NNModuleTests.test_torch_function_with_closure: inside a
# nested function, F.sigmoid twice and Tensor.sigmoid twice on a plain tensor (the test makes a
# TensorProxy subclass input and then replaces it with torch.randn(1)) compile under fullgraph to
# 4 ops; the result equals eager's.
import torch
import torch._dynamo
import torch.nn.functional as F
from torch._dynamo.testing import CompileCounter, same


def run():
    def foo(x):
        x = F.sigmoid(x)
        x = F.sigmoid(x)
        x = x.sigmoid()
        x = x.sigmoid()
        return x

    counter = 0

    def function():
        nonlocal counter
        counter + 1

    x = torch.randn(1)
    cnt = CompileCounter()
    out1 = foo(x)
    opt_foo = torch.compile(foo, backend=cnt, fullgraph=True)
    out2 = opt_foo(x)
    assert cnt.op_count == 4, cnt.op_count
    assert same(out1, out2)


run()
