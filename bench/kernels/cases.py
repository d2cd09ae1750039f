# The kernel generator's benchmark cases (issue 9), run with `dynascope bench`:
#   dynascope bench bench/kernels/cases.py --rounds 15 [--json]
# Each function is compiled with the default backend (inductor) and called once here; bench then
# times it against the same function run eagerly, in interleaved rounds, one thread.
import torch

torch.manual_seed(0)
torch.set_num_threads(1)


def chain(a, b):
    return torch.relu(a * b + a).sin() * 2


def copy(a):
    return a.clone()  # a generated copy kernel: the memory-bandwidth reference


def softmax_graph(x):
    e = (x - x.amax(-1, keepdim=True)).exp()
    return e / e.sum(-1, keepdim=True)


def torch_softmax(x):
    return torch.softmax(x, -1)


def layer_norm(x, w, b):
    return torch.nn.functional.layer_norm(x, (x.shape[-1],), w, b)


def gelu(x):
    return torch.nn.functional.gelu(x)


big_a, big_b = torch.randn(4 * 1024 * 1024), torch.randn(4 * 1024 * 1024)
small_a, small_b = torch.randn(1000), torch.randn(1000)
rows = torch.randn(4096, 1024)
wide = torch.randn(8192, 1024)
w, b = torch.randn(1024), torch.randn(1024)

cases = [
    ("chain_4M", chain, (big_a, big_b)),
    ("copy_4M", copy, (big_a,)),
    ("chain_1000", chain, (small_a, small_b)),
    ("softmax_graph_4096x1024", softmax_graph, (rows,)),
    ("torch_softmax_4096x1024", torch_softmax, (rows,)),
    ("layer_norm_8192x1024", layer_norm, (wide, w, b)),
    ("gelu_8192x1024", gelu, (wide,)),
]
for name, fn, args in cases:
    fn.__qualname__ = name
    compiled = torch.compile(fn)
    torch.testing.assert_close(compiled(*args), fn(*args), rtol=1e-4, atol=1e-5)
print("cases ready:", ", ".join(name for name, _, _ in cases))
