# PyTorch test/dynamo/test_modules.py OptimizedModuleTest.test_hooks_allowed_modules and
# test/dynamo/test_modules.py OptimizedModuleTest.test_dunder_call_explicitly (both through
# Dynamo's _forward_hook_test_helper): a forward hook (functools.partial over the module's name)
# on every module records the module's input; after two compiled iterations with backward
# (aot_eager) the recorded names are the eager ones and every hooked module's. The first model
# is a Sequential of Linear/ReLU layers; the second calls its child as self.linear.__call__(x).
from functools import partial

import torch
import torch._dynamo


class SequentialModel(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.net = torch.nn.Sequential(
            *[torch.nn.Linear(10, 10000), torch.nn.ReLU()]
            + [torch.nn.Linear(10000, 5), torch.nn.ReLU()]
        )

    def forward(self, x):
        return self.net(x)


class DunderCallModel(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = torch.nn.Linear(10, 10000)

    def forward(self, x):
        return self.linear.__call__(x)


def check_hooks(model):
    forward_handles = {}
    compiled_activations = {}
    eager_activations = {}
    activations = None

    def save_activations(name, mod, inp, out):
        activations[name] = inp

    for name, module in model.named_modules():
        forward_handles[name] = module.register_forward_hook(partial(save_activations, name))

    compiled_model = torch.compile(model, backend="aot_eager")
    activations = compiled_activations
    for i in range(2):
        compiled_activations.clear()
        compiled_model(torch.randn((20, 10))).sum().backward()

    activations = eager_activations
    for i in range(2):
        eager_activations.clear()
        model(torch.randn((20, 10))).sum().backward()

    assert compiled_activations.keys() == eager_activations.keys(), (
        type(model).__name__, compiled_activations.keys())
    assert activations.keys() == forward_handles.keys()


check_hooks(SequentialModel())
torch._dynamo.reset()
check_hooks(DunderCallModel())
