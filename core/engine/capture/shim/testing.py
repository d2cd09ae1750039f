"""torch._dynamo.testing: the backends Dynamo's own tests count graphs and ops with."""

import torch

from _dynascope_shim.backends import lookup_backend


def _count_calls(gm):
    # Dynamo's count_calls: every node whose op contains "call" (function, method, module).
    return sum(1 for node in gm.graph.nodes if "call" in node.op)


class CompileCounter:
    """Backend that counts graphs (frame_count) and call nodes (op_count), then runs eagerly."""

    def __init__(self):
        self.frame_count = 0
        self.op_count = 0

    def __call__(self, gm, example_inputs):
        self.frame_count += 1
        self.op_count += _count_calls(gm)
        return gm.forward

    def clear(self):
        self.frame_count = 0
        self.op_count = 0


class CompileCounterWithBackend:
    """CompileCounter that hands each graph on to another backend."""

    def __init__(self, backend):
        self.frame_count = 0
        self.op_count = 0
        self.backend = backend
        self.graphs = []

    def __call__(self, gm, example_inputs):
        self.frame_count += 1
        self.op_count += _count_calls(gm)
        self.graphs.append(gm)
        return lookup_backend(self.backend)(gm, example_inputs)

    def clear(self):
        self.frame_count = 0
        self.op_count = 0
        self.graphs.clear()


class EagerAndRecordGraphs:
    """Backend that keeps every GraphModule it is given and runs it eagerly."""

    def __init__(self):
        self.graphs = []

    def __call__(self, gm, example_inputs):
        self.graphs.append(gm)
        return gm.forward


def same(ref, res, fp64_ref=None, cos_similarity=False, tol=1e-4, equal_nan=False, **kwargs):
    """Dynamo's structural comparison: tensors close, sequences and dicts element-wise."""
    if isinstance(ref, (list, tuple)):
        return (isinstance(res, (list, tuple)) and len(ref) == len(res)
                and all(same(a, b, tol=tol, equal_nan=equal_nan) for a, b in zip(ref, res)))
    if isinstance(ref, dict):
        return (isinstance(res, dict) and set(ref) == set(res)
                and all(same(ref[k], res[k], tol=tol, equal_nan=equal_nan) for k in ref))
    if isinstance(ref, torch.Tensor):
        if not isinstance(res, torch.Tensor) or ref.shape != res.shape:
            return False
        if ref.is_floating_point():
            return torch.allclose(ref, res.to(ref.dtype), atol=tol, rtol=tol, equal_nan=equal_nan)
        return torch.equal(ref, res)
    if isinstance(ref, float):
        return isinstance(res, (int, float)) and abs(ref - res) <= tol * max(1.0, abs(ref))
    return ref == res


def normalize_gm(gm_str):
    """Strips the per-run parts (addresses) of a printed graph so two prints compare equal."""
    import re
    return re.sub(r" at 0x[0-9a-f]+", "", gm_str)
