# PyTorch test/dynamo/test_misc.py MiscTests.test_default_args_device_dtype: an object made in the
# trace whose __init__ has torch.dtype and torch.device default arguments builds a tensor from
# them: fullgraph=True, result (dtype float16 included) equals eager's.
import torch
import torch._dynamo


class Holder:
    def __init__(self, dtype: torch.dtype = torch.float16, device: torch.device = torch.device("cpu")) -> None:
        self.value = torch.tensor(10, dtype=dtype, device=device)


def fn():
    return Holder().value + 1


torch._dynamo.reset()
expected = fn()
got = torch.compile(fn, backend="eager", fullgraph=True)()
assert got.dtype == expected.dtype == torch.float16 and torch.equal(got, expected)
