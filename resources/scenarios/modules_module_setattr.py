# PyTorch test/dynamo/test_modules.py OptimizedModuleTest.test_module_setattr: a compiled function
# (fullgraph) sets a plain attribute on a submodule of a global Sequential (models[0].abc = True)
# and calls the Sequential; the store is replayed, so the attribute is True afterwards.
import torch
import torch._dynamo

models = torch.nn.Sequential(torch.nn.Linear(3, 3))
models[0].abc = False


def run():
    models[0].abc = True
    x = torch.randn(1, 3)
    return models(x)


run = torch.compile(run, fullgraph=True)
out = run()
assert out.shape == (1, 3)
assert models[0].abc is True
