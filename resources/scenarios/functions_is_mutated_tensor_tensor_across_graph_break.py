# PyTorch test/dynamo/test_functions.py test_is_mutated_tensor_tensor_across_graph_break
# (FunctionTests):
# y = x.add_(1) aliases x; `x is y` before a graph break and again after it (the real tensors
# are recovered at the break, so the identity holds); both answers and the mutations equal
# eager's.
import torch
import torch._dynamo


def fn(x):
    y = x.add_(1)
    cond = x is y
    x.add_(1)
    torch._dynamo.graph_break()
    x.add_(1)
    return x is y, cond


fn_opt = torch.compile(backend="eager", dynamic=True)(fn)
z_ref, z_res = torch.ones(4), torch.ones(4)
assert fn(z_ref) == fn_opt(z_res)
assert torch.equal(z_ref, z_res)
