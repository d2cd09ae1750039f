# PyTorch test/dynamo/test_modules.py OptimizedModuleTest.test_hooks_outer: a forward hook on the
# compiled module itself (2 * output + 1) runs on the compiled call as in eager: 2 * x + 1 then
# the hook gives 7 for x = 1; after handle.remove() the compiled call gives 3. (The test also
# passes a guard_fail_fn and checks it was not called; that argument is left out here.)
import torch
import torch._dynamo


class TestModule(torch.nn.Module):
    def forward(self, x):
        return 2 * x + 1


m = TestModule()


def forward_hook(module, inputs, output):
    return 2 * output + 1


handle = m.register_forward_hook(forward_hook)
inp = torch.tensor(1.0, requires_grad=True)
compiled_m = torch._dynamo.optimize(backend="eager")(m)

assert torch.equal(compiled_m(inp), m(inp))
assert compiled_m(inp).item() == 7, compiled_m(inp).item()

handle.remove()
assert torch.equal(compiled_m(inp), m(inp))
assert compiled_m(inp).item() == 3, compiled_m(inp).item()
