# Scenario: torch.compile's argument checks: mode and options together are an error, an unknown
# mode is an error, the known modes are accepted (and run eagerly here).
import torch
import torch._dynamo


def fn(x):
    return x + 1


x = torch.ones(2)
for mode in ("default", "reduce-overhead", "max-autotune"):
    assert torch.equal(torch.compile(fn, mode=mode)(x), x + 1)
for kwargs in ({"mode": "default", "options": {"x": 1}}, {"mode": "warp-speed"}):
    try:
        torch.compile(fn, **kwargs)
    except RuntimeError:
        pass
    else:
        raise AssertionError(f"torch.compile must reject {kwargs}")
