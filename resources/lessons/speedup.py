# speedup.py: S = T_base / T_comp measured on a chain of pointwise operations.
#
# T_base is the plain call. T_comp is a compiled call on a cache hit: the guard check (t_guard,
# shown per call in the Guards view and in the call events) plus running the graph's kernels
# (t_kernel). Whatever the machine measures is printed; nothing here is assumed.
import torch
from lesson_measure import seconds_per_call


def gelu_block(x, w):
    h = x * w  # a chain of pointwise operations: what a fusing backend merges into one loop
    return 0.5 * h * (1 + torch.tanh(0.79788456 * (h + 0.044715 * h ** 3)))


x, w = torch.randn(512, 1024), torch.randn(1024)
compiled = torch.compile(gelu_block)
t_base = seconds_per_call(gelu_block, x, w, repeat=300)
t_comp = seconds_per_call(compiled, x, w, repeat=300)
print(f"T_base = {t_base * 1e6:.1f} us per call (plain Python and eager kernels)")
print(f"T_comp = {t_comp * 1e6:.1f} us per call (guards + the compiled graph)")
print(f"S = T_base / T_comp = {t_base / t_comp:.2f}")
