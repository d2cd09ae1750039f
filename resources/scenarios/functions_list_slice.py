# PyTorch test/dynamo/test_functions.py FunctionTests.test_list_slice: a compiled method rebinds
# an attribute of self to a slice of its list (self.ets = self.ets[-3:]) and appends the input;
# afterwards the object's list holds one item, as in eager.
import torch
import torch._dynamo


class Mock:
    def __init__(self):
        self.ets = []
        self.counter = 0

    @torch.compile(backend="eager")
    def run(self, x):
        self.ets = self.ets[-3:]
        self.ets.append(x)
        return torch.sin(x)


mock = Mock()
x = torch.randn(4)
assert torch.equal(mock.run(x), torch.sin(x))
assert len(mock.ets) == 1 and mock.ets[0] is x
