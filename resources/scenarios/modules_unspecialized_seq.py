# PyTorch test/dynamo/test_modules.py OptimizedModuleTest.test_unspecialized_seq: the compiled
# function sets `training` on a submodule of a global Sequential and then calls the Sequential;
# the result equals eager's.
import torch
import torch._dynamo

models = torch.nn.Sequential(torch.nn.Linear(3, 3))


def fn(x):
    models[0].training = False
    return models(x)


opt_fn = torch.compile(fn, backend="eager")
x = torch.randn(1, 3)
ref = fn(x)
res = opt_fn(x)
assert torch.equal(ref, res)
assert models[0].training is False
