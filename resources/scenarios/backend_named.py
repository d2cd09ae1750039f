# Scenario: the named backends ("inductor", the default, "eager", "aot_eager") all give eager
# results; an unknown name raises InvalidBackend when torch.compile is called.
import torch
import torch._dynamo


def fn(x):
    return torch.nn.functional.gelu(x) * x.sigmoid()


torch._dynamo.reset()
x = torch.randn(5)
for backend in ("inductor", "eager", "aot_eager"):
    assert torch.allclose(torch.compile(fn, backend=backend)(x), fn(x)), backend
assert torch.allclose(torch.compile(fn)(x), fn(x))
assert "inductor" in torch._dynamo.list_backends()
try:
    torch.compile(fn, backend="no_such_backend")
except torch._dynamo.exc.InvalidBackend as e:
    assert "no_such_backend" in str(e)
else:
    raise AssertionError("an unknown backend name must be rejected")
