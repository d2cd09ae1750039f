# Scenario: torch._dynamo.config behaves as a module of settings with Dynamo's defaults, and
# config.patch works as a context manager and as a decorator.
import torch
import torch._dynamo

cfg = torch._dynamo.config
assert cfg.cache_size_limit == 8
assert cfg.capture_scalar_outputs is False
with cfg.patch(cache_size_limit=3):
    assert cfg.cache_size_limit == 3
assert cfg.cache_size_limit == 8


@cfg.patch("capture_scalar_outputs", True)
def inside():
    return cfg.capture_scalar_outputs


assert inside() is True and cfg.capture_scalar_outputs is False
import torch._dynamo.config as imported

assert imported is cfg
