# Training through backend="inductor" (AOTAutograd): each case builds its inputs twice from one
# seed, runs forward + backward eagerly (the oracle) and compiled, and compares outputs and every
# gradient within dtype tolerance. A compiled case must have run the generated backward (the
# output's grad_fn is the compiled Function) from two compiled records, parts forward and backward.
# Usage: dynascope run training_suite.py [-k SUBSTRING] [-v]
import os
import sys

import torch
import torch._inductor.config as config

import dynascope

config.async_compile = False  # build before the first call, so every call below runs kernels
records = dynascope.kernel_records
failures, passed = [], 0
only = sys.argv[sys.argv.index("-k") + 1] if "-k" in sys.argv else ""
TOLERANCE = {torch.float32: dict(rtol=1e-4, atol=1e-5), torch.float64: dict(rtol=1e-9, atol=1e-10)}


def as_tuple(out):
    return out if isinstance(out, tuple) else (out,)


def loss_of(outs, expanded):
    """A loss whose gradients are not all ones (fixed random weights), or a plain sum, whose
    gradient reaches the backward expanded (stride 0)."""
    total = 0
    gen = torch.Generator().manual_seed(1)
    for o in outs:
        if isinstance(o, torch.Tensor) and o.requires_grad:
            weight = torch.randn(o.shape, generator=gen, dtype=o.dtype)
            total = total + (o.sum() if expanded else (o * weight).sum())
    return total


def train_step(fn, args, leaves, expanded):
    outs = as_tuple(fn(*args))
    loss_of(outs, expanded).backward()
    return outs, [leaf.grad for leaf in leaves]


def check(name, make, expanded=False, partitioner="min-cut"):
    """make() -> (fn, args, leaves): called twice under one seed, so both runs see equal values."""
    global passed
    if only and only not in name:
        return
    if "-v" in sys.argv:
        print("case", name, flush=True)
    torch._dynamo.reset()
    config.partitioner = partitioner
    before = len(records())
    try:
        torch.manual_seed(0)
        fn, args, leaves = make()
        expected, expected_grads = train_step(fn, args, leaves, expanded)
        torch.manual_seed(0)
        fn, args, leaves = make()
        compiled = torch.compile(fn, backend="inductor")
        got, grads = train_step(compiled, args, leaves, expanded)
        assert len(got) == len(expected), f"{len(got)} outputs, eager {len(expected)}"
        for e, g in zip(expected, got):
            assert g.dtype == e.dtype and g.shape == e.shape, f"{g.dtype}{list(g.shape)}, eager {e.dtype}{list(e.shape)}"
            assert g.requires_grad == e.requires_grad, f"requires_grad {g.requires_grad}, eager {e.requires_grad}"
            torch.testing.assert_close(g, e, **TOLERANCE.get(e.dtype, {}))
        for i, (e, g) in enumerate(zip(expected_grads, grads)):
            assert (e is None) == (g is None), f"leaf {i}: grad {g}, eager {e}"
            if e is not None:
                torch.testing.assert_close(g, e, **TOLERANCE[e.dtype], msg=lambda m: f"leaf {i} grad: {m}")
        differentiable = [g for g in got if g.requires_grad]
        assert differentiable and type(differentiable[0].grad_fn).__name__ == "CompiledFunctionBackward", \
            f"the compiled backward did not run: grad_fn {differentiable[0].grad_fn}"
        parts = sorted((r["part"], r["status"]) for r in records()[before:])
        assert parts == [("backward", "compiled"), ("forward", "compiled")], f"records {parts}"
        for r in records()[before:]:  # each half in one C++ call where its plan allows it
            path = (r.get("call_path"), r.get("call_path_reason", ""))
            assert path[0] == expected_path(r), f"{r['part']}: call path {path}"
            assert r.get("native_calls", 0) == (1 if path[0] == "native" else 0), \
                f"{r['part']}: {r.get('native_calls')} calls from C++ on path {path}"
        passed += 1
    except Exception as e:  # report every failing case, not only the first
        failures.append(f"{name}: {type(e).__name__}: {e}")


# The extern ops C++ calls (DYNASCOPE_KERNELS_EXTERNS can leave some out, as if missing).
NATIVE_EXTERNS = {"mm", "addmm", "bmm", "convolution", "baddbmm", "addmv", "mv", "dot",
                  "convolution_backward"}
if os.environ.get("DYNASCOPE_KERNELS_EXTERNS") is not None:
    NATIVE_EXTERNS &= set(os.environ["DYNASCOPE_KERNELS_EXTERNS"].split(","))


def expected_path(record):
    """"native" for a half whose torch steps are all extern ops C++ calls, else "python"."""
    ops = {e["op"].split(".")[1] for e in record["externs"]}
    return "python" if record["fallbacks"] or ops - NATIVE_EXTERNS else "native"


def leaf(*shape, dtype=torch.float32, grad=True):
    return torch.randn(shape, dtype=dtype).requires_grad_(grad)


def chain(a, b):
    return torch.relu(a * b + a).sin() * 2


class MLP(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = torch.nn.Linear(16, 32)
        self.fc2 = torch.nn.Linear(32, 4)

    def forward(self, x, y):
        return torch.nn.functional.mse_loss(self.fc2(torch.relu(self.fc1(x))), y)


def mlp_case():
    model = MLP()
    return model, (torch.randn(8, 16), torch.randn(8, 4)), list(model.parameters())


def softmax_by_hand(x):
    e = (x - x.amax(-1, keepdim=True)).exp()
    return e / e.sum(-1, keepdim=True)


def layer_norm(x, w, b):
    return torch.nn.functional.layer_norm(x, (x.shape[-1],), w, b)


def chain_case(a_grad, b_grad, dtype=torch.float32):
    def make():
        a, b = leaf(5, 7, dtype=dtype, grad=a_grad), leaf(5, 7, dtype=dtype, grad=b_grad)
        return chain, (a, b), [t for t in (a, b) if t.requires_grad]
    return make


for partitioner in ("min-cut", "save-all"):
    check(f"chain_{partitioner}", chain_case(True, True), partitioner=partitioner)
    check(f"mlp_{partitioner}", mlp_case, partitioner=partitioner)
check("chain_only_a", chain_case(True, False))
check("chain_only_b", chain_case(False, True))
check("chain_float64", chain_case(True, True, torch.float64))
check("chain_expanded_gradient", chain_case(True, False), expanded=True)
check("softmax_by_hand", lambda: (lambda x: (softmax_by_hand, (x,), [x]))(leaf(6, 9)))
check("softmax_by_hand_dim0", lambda: (lambda x: (lambda t: softmax_by_hand(t.t()), (x,), [x]))(leaf(6, 9)))


def layer_norm_case(bias_grad):
    def make():
        x, w, b = leaf(4, 3, 10), leaf(10), leaf(10, grad=bias_grad)
        return layer_norm, (x, w, b), [t for t in (x, w, b) if t.requires_grad]
    return make


check("layer_norm", layer_norm_case(True))
check("layer_norm_frozen_bias", layer_norm_case(False))


def broadcast_case():
    a, b = leaf(4, 1, 3), leaf(5, 1)
    return (lambda a, b: (a + b) * (a - b).cos()), (a, b), [a, b]


def non_contiguous_case():
    base, other = leaf(8, 6), leaf(3, 8)
    sliced = leaf(6, 16)
    fn = lambda t, o, s: (t.tanh() * o[1] + s[:, ::2].sigmoid(), t.exp().sum(0))  # noqa: E731
    return fn, (base.t(), other, sliced), [base, other, sliced]


def mixed_outputs_case():
    a = leaf(7)
    return (lambda a: (a.sin(), a > 0, (a * 3).detach())), (a,), [a]


def activations_case():
    F = torch.nn.functional
    x, t = leaf(5, 8), torch.randn(5, 8)
    fn = lambda x, t: (F.elu(x) + F.leaky_relu(x, 0.1) + F.hardtanh(x) + F.softplus(x)  # noqa: E731
                       + F.hardswish(x) + F.hardsigmoid(x) + F.gelu(x) + F.silu(x),
                       F.huber_loss(x, t) + F.mse_loss(x, t))
    return fn, (x, t), [x]


def transposed_matmul_case():
    """Matmuls whose operands are transposed views of inputs: C++ passes them to addmm and mm
    as views in both halves, no copies, and the forward saves views of its inputs."""
    x, w, b = leaf(16, 8), leaf(5, 16), leaf(5)
    fn = lambda x, w, b: torch.tanh(x.t() @ w.t() + b)  # noqa: E731
    return fn, (x, w, b), [x, w, b]


def sliced_matmul_case():
    """A sliced weight read transposed: the forward from C++, the backward (slice_backward is a
    fallback) through the Python runner."""
    x, w, b = leaf(16, 8), leaf(5, 32), leaf(5)
    fn = lambda x, w, b: torch.tanh(x.t() @ w[:, ::2].t() + b)  # noqa: E731
    return fn, (x, w, b), [x, w, b]


def bmm_case():
    a, b = leaf(3, 4, 5), leaf(3, 2, 5)
    return (lambda a, b: torch.bmm(a, b.transpose(1, 2)).sin()), (a, b), [a, b]


def transposed_input_mlp_case():
    model = MLP()
    return model, (torch.randn(16, 8).t(), torch.randn(8, 4)), list(model.parameters())


class ConvNet(torch.nn.Module):
    """conv2d -> ReLU -> conv1d over the rows -> linear: the forward calls aten::convolution
    from C++, the backward aten::convolution_backward (three results, or fewer: conv1d has no
    bias, and a frozen input needs no gradient)."""

    def __init__(self):
        super().__init__()
        self.conv = torch.nn.Conv2d(3, 4, 3, padding=1)
        self.row = torch.nn.Conv1d(4, 2, 2, bias=False)
        self.fc = torch.nn.Linear(2 * 5 * 5, 3)

    def forward(self, x):
        h = torch.relu(self.conv(x)).flatten(2, 3)[:, :, :26]
        return self.fc(torch.tanh(self.row(h)).flatten(1))


def conv_case(input_grad):
    def make():
        model = ConvNet()
        x = leaf(2, 3, 5, 6, grad=input_grad)
        return model, (x,), list(model.parameters()) + ([x] if input_grad else [])
    return make


def baddbmm_addmv_case():
    c, a, b = leaf(3, 4, 2), leaf(3, 4, 5), leaf(3, 2, 5)
    v, m, x = leaf(4), leaf(4, 6), leaf(6)
    fn = lambda c, a, b, v, m, x: (  # noqa: E731
        torch.baddbmm(c, a, b.transpose(1, 2), beta=0.5, alpha=2).sin(),
        torch.addmv(v, m, x).relu() + torch.mv(m, x) * torch.dot(x, x))
    args = (c, a, b, v, m, x)
    return fn, args, list(args)


check("transposed_matmul", transposed_matmul_case)
check("sliced_matmul", sliced_matmul_case)
check("bmm", bmm_case)
check("mlp_transposed_input", transposed_input_mlp_case)
check("conv", conv_case(True))
check("conv_frozen_input", conv_case(False))
check("baddbmm_addmv_mv_dot", baddbmm_addmv_case)
check("activations_and_losses", activations_case)
check("broadcast", broadcast_case)
check("non_contiguous", non_contiguous_case)
check("mixed_outputs", mixed_outputs_case)


# The min-cut partitioner keeps fewer bytes alive than saving every value the backward reads:
# for the broadcast case it saves the two small inputs and recomputes (a+b), (a-b), cos.
if not only or "partition" in only:
    saved = {}
    for partitioner in ("min-cut", "save-all"):
        check(f"partition_{partitioner}", broadcast_case, partitioner=partitioner)
        forward = [r for r in records() if r["part"] == "forward"][-1]
        saved[partitioner] = forward["partition"]
    try:
        assert saved["min-cut"]["kind"] == "min-cut", saved
        assert saved["min-cut"]["saved_bytes"] < saved["save-all"]["saved_bytes"], saved
        assert sorted(saved["min-cut"]["saved"]) == ["primals_1", "primals_2"], saved
        passed += 1
    except Exception as e:
        failures.append(f"partition: {type(e).__name__}: {e}")

# The same compiled function under no_grad runs the inference plan (one record, no part), and a
# second backward through the compiled graph (create_graph=True) raises a clear error.
if not only or "modes" in only:
    torch._dynamo.reset()
    config.partitioner = "min-cut"
    before = len(records())
    f = torch.compile(chain, backend="inductor")
    a, b = leaf(5), leaf(5)
    try:
        with torch.no_grad():
            out = f(a, b)
        assert not out.requires_grad
        torch.testing.assert_close(out, chain(a, b).detach())
        assert [r["part"] for r in records()[before:]] == [""], records()[before:]
        (g,) = torch.autograd.grad(f(a, b).sum(), a, create_graph=True)
        raise AssertionError(f"create_graph=True did not raise (grad {g})")
    except RuntimeError as e:
        if "double backward" not in str(e):
            failures.append(f"modes: {e}")
        else:
            passed += 1
    except Exception as e:
        failures.append(f"modes: {type(e).__name__}: {e}")

# A graph break in the middle (a data-dependent branch): two training plans, the gradient flows
# from the second graph's compiled backward through the eager code to the first one's.
if not only or "graph_break" in only:
    torch._dynamo.reset()
    config.partitioner = "min-cut"
    before = len(records())

    def broken(a, w):
        h = torch.relu(a @ w)
        if h.sum() > 0:
            h = h * 2
        return (h.sin() * w.sum()).tanh()

    try:
        torch.manual_seed(3)
        a, w = leaf(4, 5), leaf(5, 3)
        a2, w2 = (t.detach().clone().requires_grad_(True) for t in (a, w))
        out = torch.compile(broken, backend="inductor")(a, w)
        out.sum().backward()
        broken(a2, w2).sum().backward()
        torch.testing.assert_close(a.grad, a2.grad, **TOLERANCE[torch.float32])
        torch.testing.assert_close(w.grad, w2.grad, **TOLERANCE[torch.float32])
        parts = [(r["part"], r["status"]) for r in records()[before:]]
        assert parts.count(("forward", "compiled")) >= 2, parts
        assert parts.count(("backward", "compiled")) >= 2, parts
        passed += 1
    except Exception as e:
        failures.append(f"graph_break: {type(e).__name__}: {e}")

# Dynamic sizes: each size gets its training plan, and the sources are byte-identical, so one
# forward binary and one backward binary serve every size.
if not only or "dynamic" in only:
    torch._dynamo.reset()
    config.partitioner = "min-cut"
    before = len(records())
    f = torch.compile(lambda a, b: chain(a, b).sum(-1), backend="inductor", dynamic=True)
    try:
        for shape in [(3, 5), (6, 7), (2, 11)]:
            a, b = leaf(*shape), torch.randn(shape)
            a2 = a.detach().clone().requires_grad_(True)
            weight = torch.arange(shape[0], dtype=torch.float32)
            (f(a, b) * weight).sum().backward()
            (chain(a2, b).sum(-1) * weight).sum().backward()
            torch.testing.assert_close(a.grad, a2.grad, **TOLERANCE[torch.float32])
        new = records()[before:]
        paths = {part: {r["path"] for r in new if r["part"] == part} for part in ("forward", "backward")}
        assert len(new) == 6 and all(r["status"] == "compiled" for r in new), new
        assert all(len(p) == 1 for p in paths.values()), paths
        passed += 1
    except Exception as e:
        failures.append(f"dynamic: {type(e).__name__}: {e}")

# One tensor passed twice: its gradient is the sum over both positions; such a call runs eagerly
# (a training plan would count each position's gradient once more).
if not only or "repeated" in only:
    torch._dynamo.reset()
    f = torch.compile(chain, backend="inductor")
    a = leaf(6)
    a2 = a.detach().clone().requires_grad_(True)
    try:
        f(a, a).sum().backward()
        chain(a2, a2).sum().backward()
        torch.testing.assert_close(a.grad, a2.grad)
        passed += 1
    except Exception as e:
        failures.append(f"repeated: {type(e).__name__}: {e}")

print(f"training suite: {passed} passed, {len(failures)} failed")
for f in failures:
    print("FAIL", f)
sys.exit(1 if failures else 0)
