# Dicts keyed by objects CPython hashes by identity (tensors, Parameters, modules, objects made in
# the trace) and searches that compare item by item (`in`, list.index), run compiled and eagerly
# (the oracle). Before session 10 a tensor key was a break, and `obj in [other]` treated an item
# the trace could not turn into a constant as unequal (a user __eq__ saying True gave False).
import collections

import torch

from capturecheck import compiled, same

param = torch.nn.Parameter(torch.ones(2))
lin = torch.nn.Linear(2, 2)
by_module = {lin: 3.0}


def items_of(d):
    """A dict keyed by tensors as comparable data: (key, value) pairs in order."""
    return [(k, v) for k, v in d.items()]


def param_and_string_keys(x):
    d = {"a": x, param: 3}
    return d["a"] + d[param], param in d, x in d


def graph_tensor_keys(x):
    y = x + 1
    d = {y: "y", x: "x"}
    d[y] = "y again"  # the same key: keeps its place
    order = [v for v in d.values()]
    total = x
    for k, v in d.items():
        total = total + k * len(v)
    return total, order, y in d, (x * 2) in d


def pop_and_delete_by_tensor(x):
    y = x * 3
    d = collections.defaultdict(list)
    d[x].append(1)
    d[y].append(2)
    d[x].append(3)
    popped = d.pop(y)
    del d[x]
    return x + len(d), popped, dict(d)


def returns_dict_keyed_by_input(x):
    return {x: 1, "k": x + 1}


def key_alive_across_a_break(x):
    d = {x: 1, x + 1: 2}
    torch._dynamo.graph_break()
    return sum(d.values()), [k.sum() for k in d]


def module_keys(x):
    return x * by_module[lin], lin in by_module


class Anything:
    def __eq__(self, other):
        return True

    __hash__ = object.__hash__


def user_eq_in_list(x):
    return x + 1, Anything() in [Anything()], 3 in [1, 2, 3, x], [1, 2, x].index(2)


cases = [param_and_string_keys, graph_tensor_keys, pop_and_delete_by_tensor, module_keys,
         user_eq_in_list]
for fn in cases:
    want = [fn(torch.ones(2)) for _ in range(2)]
    opt, _ = compiled(fn)
    got = [opt(torch.ones(2)) for _ in range(2)]
    assert same(got, want), (fn.__name__, got, want)

# The key of the returned dict is the input tensor itself, as in CPython.
x = torch.ones(2)
opt, cnt = compiled(returns_dict_keyed_by_input)
d = opt(x)
keys = list(d)
assert keys[0] is x and keys[1] == "k" and same(d["k"], x + 1), d
assert cnt.frame_count == 1, cnt.frame_count

# Keys made in the graph live across a break: the dict is rebuilt with the graph's tensors.
want = key_alive_across_a_break(torch.ones(2))
opt, cnt = compiled(key_alive_across_a_break)
got = opt(torch.ones(2))
assert same(got, want), (got, want)
assert cnt.frame_count == 2, cnt.frame_count
print("object key checks passed")
