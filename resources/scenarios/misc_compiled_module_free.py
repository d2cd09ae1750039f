# PyTorch test/dynamo/test_misc.py MiscTests.test_custom_module_free, test_sequential_module_free,
# test_linear_module_free, test_outside_linear_module_free and test_parameter_free: after a model
# (a custom module, a Sequential, a Linear, a module holding an outer Linear, a module holding a
# Parameter) has been compiled and run once and goes out of scope, gc frees it: the compiled code's
# cache entries do not keep the model alive.
import gc
import weakref

import torch
import torch._dynamo


class Custom(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = torch.nn.Linear(20, 20)

    def forward(self, out):
        return self.fc(out)


def freed_after(make, watch):
    cleared = []

    def run():
        mod, inp = make()
        weakref.finalize(watch(mod), lambda: cleared.append(True))
        torch.compile(mod, backend="eager")(inp)

    run()
    gc.collect()
    return bool(cleared)


def outside_linear():
    cleared = []

    def run():
        fc = torch.nn.Linear(20, 20)

        class Holder(torch.nn.Module):
            def __init__(self):
                super().__init__()
                self.fc_ref = fc

            def forward(self, x):
                return self.fc_ref(x)

        weakref.finalize(fc, lambda: cleared.append(True))
        torch.compile(Holder(), backend="eager")(torch.randn(20, 20))

    run()
    gc.collect()
    return bool(cleared)


def with_param():
    param = torch.nn.Parameter(torch.randn(20, 20))

    class Holder(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.param = param

        def forward(self, x):
            return self.param * x[0]

    return Holder(), (torch.randn(20, 20), param)


torch._dynamo.reset()
assert freed_after(lambda: (Custom(), torch.randn(20, 20)), lambda m: m.fc), "custom module kept alive"
assert freed_after(lambda: (torch.nn.Sequential(torch.nn.Linear(20, 20), torch.nn.ReLU()), torch.randn(20, 20)),
                   lambda m: m[0]), "Sequential kept alive"
assert freed_after(lambda: (torch.nn.Linear(20, 20), torch.randn(20, 20)), lambda m: m), "Linear kept alive"
assert outside_linear(), "outer Linear kept alive"
assert freed_after(with_param, lambda m: m.param), "Parameter kept alive"
