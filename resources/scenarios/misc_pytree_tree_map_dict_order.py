# PyTorch test/dynamo/test_misc.py MiscTestsPyTree.test_pytree_tree_map_dict_order and
# test_pytree_tree_map_only: torch.utils._pytree.tree_map(identity) over a dict, an OrderedDict
# and a defaultdict keeps their key order (keys and values equal eager's), and tree_map_only(
# torch.Tensor, clone) over nested lists/tuples/dicts holding a string: 1 graph, 9 ops, result
# equal to eager's. fullgraph=True.
import collections

import torch
import torch._dynamo
import torch.utils._pytree as pytree
from torch._dynamo.testing import CompileCounter


def keys_values(tree):
    new_tree = pytree.tree_map(lambda x: x, tree)
    return list(new_tree.keys()), list(new_tree.values())


def clone_tensors(xs):
    return pytree.tree_map_only(torch.Tensor, lambda x: x.clone(), xs)


x = torch.randn(3, 2)
opt = torch.compile(keys_values, backend="eager", fullgraph=True)
for tree in ({"b": x + 2, "a": x, "c": x - 1},
             collections.OrderedDict([("b", x + 2), ("a", x), ("c", x - 1)]),
             collections.defaultdict(int, {"b": x + 2, "a": x, "c": x - 1})):
    torch._dynamo.reset()
    got, expected = opt(tree), keys_values(tree)
    assert got[0] == expected[0] and all(torch.equal(a, b) for a, b in zip(got[1], expected[1])), type(tree)

if callable(getattr(pytree, "tree_map_only", None)):
    xs = [torch.tensor(i) for i in range(3)] + ["hi"]
    xsa = (xs, xs)
    xsb = {"aa": xsa, "ab": xs}
    torch._dynamo.reset()
    counter = CompileCounter()
    got = torch.compile(clone_tensors, backend=counter, fullgraph=True)(xsb)
    expected = clone_tensors(xsb)
    assert got["ab"][3] == "hi" and all(torch.equal(a, b) for a, b in zip(got["ab"][:3], expected["ab"][:3]))
    assert (counter.frame_count, counter.op_count) == (1, 9), (counter.frame_count, counter.op_count)
