# dynamo_like.py: a toy "compiler" written with the standard library, next to the real capture.
#
# toy_compile looks at a function the way the real compiler starts: at the call boundary it lists
# the bytecode (dis), finds which arguments are tensors, and prints the facts a guard would key
# on (type, shape, requires_grad). It never builds a graph: it just calls the function. The same
# function compiled with torch.compile shows what the real tracer records for it.
import dis
import functools

import torch


def toy_compile(fn):
    @functools.wraps(fn)
    def call(*args):
        code = list(dis.get_instructions(fn))
        print(f"toy: intercepted {fn.__name__}, {len(code)} instructions")
        tensors = [(i, a) for i, a in enumerate(args) if isinstance(a, torch.Tensor)]
        if not tensors:
            print("toy: no tensor argument, nothing to capture")
            return fn(*args)
        for ins in code[:5]:
            print(f"toy:   {ins.offset:3} {ins.opname} {ins.argrepr}")
        for i, t in tensors:
            print(f"toy: guard key arg {i}: {type(t).__name__}, shape {tuple(t.shape)}, "
                  f"requires_grad {t.requires_grad}")
        return fn(*args)

    return call


def add_and_relu(a, b):
    return torch.relu(a + b)


x = torch.tensor([2.0, -1.0], requires_grad=True)
y = torch.tensor([1.0, 3.0])
print("toy result: ", toy_compile(add_and_relu)(x, y))
print("real result:", torch.compile(add_and_relu)(x, y))
