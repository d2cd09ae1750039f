# PyTorch test/dynamo/test_misc.py MiscTests.test_tracing_nested_py_tree_mixed_all:
# torch.utils._pytree tree_flatten of nested dicts, tuples and lists of tensors, a clone of every
# leaf, tree_unflatten (fullgraph=True): equals eager, frame_count 1, op_count 18 (one clone per
# leaf).
import torch
import torch._dynamo
import torch.utils._pytree as python_pytree
from torch._dynamo.testing import CompileCounter, same


def fn(xs):
    flat_xs, spec = python_pytree.tree_flatten(xs)
    res = [x.clone() for x in flat_xs]
    return python_pytree.tree_unflatten(res, spec)


torch._dynamo.reset()
xs = [torch.tensor(i) for i in range(3)]
xsa = (xs, xs)
xsb = {"aa": xsa, "ab": xs}
xsl = {"a": xs, "b": xsa, "c": xsb}
counter = CompileCounter()
assert same(torch.compile(fn, backend=counter, fullgraph=True)(xsl), fn(xsl))
assert (counter.frame_count, counter.op_count) == (1, 18), (counter.frame_count, counter.op_count)
