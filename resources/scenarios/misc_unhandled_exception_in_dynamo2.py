# PyTorch test/dynamo/test_misc.py MiscTests.test_unhandled_exception_in_dynamo2: nested try/except
# around two failing addmm calls (dense, then sparse CSR), the innermost handler raising a new
# RuntimeError: it reaches the caller with its message.
import traceback

import torch
import torch._dynamo


def fn():
    def test1(*, is_sparse):
        a = torch.randn(2, 3)
        if is_sparse:
            a_sparse = a.to_sparse_csr()
            return torch.addmm(a, a_sparse, a)
        return torch.addmm(a, a, a)

    try:
        test1(is_sparse=False)
    except RuntimeError:
        try:
            test1(is_sparse=True)
        except RuntimeError:
            raise RuntimeError("smoge")


torch._dynamo.reset()
try:
    torch.compile(fn, backend="eager")()
except RuntimeError:
    assert "smoge" in traceback.format_exc()
else:
    raise AssertionError("expected RuntimeError")
