# PyTorch test/dynamo/test_misc.py MiscTestsPyTree.test_tracing_pytree, test_tracing_nested_pytree,
# test_tracing_nested_tuples, test_tracing_nested_dicts and test_tracing_nested_mixed_all:
# torch.utils._pytree.tree_flatten of a list / nested lists / a tuple of lists / a dict of lists /
# a mixed nesting of 0-d tensors, each leaf cloned, then tree_unflatten, fullgraph=True: 1 graph
# with 3, 12, 12, 9 and 18 clone ops; results equal eager's.
import torch
import torch._dynamo
import torch.utils._pytree as pytree
from torch._dynamo.testing import CompileCounter


def fn(xs):
    flat_xs, spec = pytree.tree_flatten(xs)
    res = [x.clone() for x in flat_xs]
    return pytree.tree_unflatten(res, spec)


def same_tree(a, b):
    if isinstance(a, torch.Tensor):
        return isinstance(b, torch.Tensor) and torch.equal(a, b)
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return list(a) == list(b) and all(same_tree(a[k], b[k]) for k in a)
    return len(a) == len(b) and all(same_tree(x, y) for x, y in zip(a, b))


xs = [torch.tensor(i) for i in range(3)]
xsa = (xs, xs)
cases = [(xs, 3), ([xs, xs, xs, xs], 12), ((xs, xs, xs, xs), 12), ({"a": xs, "b": xs, "c": xs}, 9),
         ({"a": xs, "b": xsa, "c": {"aa": xsa, "ab": xs}}, 18)]
for tree, ops in cases:
    torch._dynamo.reset()
    counter = CompileCounter()
    got = torch.compile(fn, backend=counter, fullgraph=True)(tree)
    assert same_tree(got, fn(tree)), tree
    assert (counter.frame_count, counter.op_count) == (1, ops), (counter.frame_count, counter.op_count, ops)
