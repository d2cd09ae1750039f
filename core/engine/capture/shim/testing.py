"""torch._dynamo.testing: the backends Dynamo's own tests count graphs and ops with."""

import re

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
    """Dynamo's normalize_gm: drops comment lines (they name files and lines, which differ from
    machine to machine) and trailing spaces, so two printed graphs compare equal."""
    without_comments = re.sub(r"(?m)^ *#.*\n?", "", gm_str)
    return "\n".join(line.rstrip() for line in without_comments.split("\n"))


three = 3  # a module constant Dynamo's tests read through torch._dynamo.testing.three


def unsupported(obj1, obj2):
    """A call Dynamo cannot trace (a graph break); returns its second argument. Disabled by
    install() with the core's disable, as Dynamo's C helper of the same name is opaque."""
    return obj2


def standard_test(self, fn, nargs, expected_ops=None, expected_ops_dynamic=None,
                  expected_frame_count=1):
    """Dynamo's standard_test: fn on two sets of 10x10 inputs, compiled with optimize_assert
    (fullgraph), called twice per set; results must equal eager ones and the counts the given
    ones. `self` is a unittest.TestCase (its assert methods report the failure)."""
    import torch._dynamo as dynamo

    if expected_ops_dynamic is not None and not dynamo.config.assume_static_by_default:
        expected_ops = expected_ops_dynamic
    actual = CompileCounter()
    args1 = [torch.randn(10, 10) for _ in range(nargs)]
    args2 = [torch.randn(10, 10) for _ in range(nargs)]
    correct1 = fn(*args1)
    correct2 = fn(*args2)
    dynamo.reset()
    opt_fn = dynamo.optimize_assert(actual)(fn)
    val1a = opt_fn(*args1)
    val2a = opt_fn(*args2)
    val1b = opt_fn(*args1)
    val2b = opt_fn(*args2)
    dynamo.reset()
    self.assertTrue(same(val1a, correct1), f"first call: {val1a!r} != {correct1!r}")
    self.assertTrue(same(val1b, correct1))
    self.assertTrue(same(val2a, correct2))
    self.assertTrue(same(val2b, correct2))
    self.assertEqual(actual.frame_count, expected_frame_count)
    if expected_ops is not None:
        self.assertEqual(actual.op_count, expected_ops)


def rand_strided(size, stride, dtype=torch.float32, device="cpu", extra_size=0):
    """A tensor with the given sizes and strides over a fresh buffer just large enough."""
    needed = sum((n - 1) * s for n, s in zip(size, stride)) + 1 + extra_size
    if dtype.is_floating_point:
        buffer = torch.randn(needed, dtype=dtype, device=device)
    else:
        buffer = torch.zeros(size=[needed], dtype=dtype, device=device)
    return torch.as_strided(buffer, size, stride)


def reduce_to_scalar_loss(out):
    """Dynamo's loss for tests: the mean of a tensor, averaged over sequences and dicts."""
    if isinstance(out, torch.Tensor):
        return out.sum() / out.numel()
    if isinstance(out, (list, tuple)):
        return sum(reduce_to_scalar_loss(x) for x in out) / len(out)
    if isinstance(out, dict):
        return sum(reduce_to_scalar_loss(v) for v in out.values()) / len(out.keys())
    raise NotImplementedError("Don't know how to reduce", type(out))
