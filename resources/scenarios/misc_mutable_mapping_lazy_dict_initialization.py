# PyTorch test/dynamo/test_misc.py MiscTests.test_mutable_mapping_lazy_dict_initialization: a dict
# subclass instance gets a cache dict in its __dict__ when hasattr says it lacks one, and a key
# written into that cache (fullgraph=True): returns "value", and the cache is on the object after.
import torch
import torch._dynamo


class LazyMapping(dict):
    pass


@torch.compile(fullgraph=True, backend="eager")
def fn(mapping):
    if not hasattr(mapping, "_cache"):
        mapping.__dict__["_cache"] = {}
    mapping.__dict__["_cache"]["key"] = "value"
    return mapping.__dict__["_cache"]["key"]


torch._dynamo.reset()
m = LazyMapping()
assert fn(m) == "value"
assert m.__dict__.get("_cache") == {"key": "value"}, m.__dict__
