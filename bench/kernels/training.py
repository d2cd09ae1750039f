# A two-layer MLP training step (Linear-ReLU-Linear, mse loss, loss.backward(); no optimizer)
# compiled with the default backend (inductor: a training plan, forward and backward kernels)
# against the same step run eagerly, in interleaved rounds whose order alternates, one thread.
# Also the forward alone (under grad mode, so the compiled one is the training plan's forward),
# which splits each step into forward and backward. Usage:
#   dynascope run bench/kernels/training.py [ROUNDS]
import copy
import statistics
import sys
import time

import torch
import torch._inductor.config

import dynascope

torch._inductor.config.async_compile = False
torch.set_num_threads(1)
torch.manual_seed(0)
rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 15


class MLPLoss(torch.nn.Module):
    def __init__(self, d_in, hidden, d_out):
        super().__init__()
        self.fc1 = torch.nn.Linear(d_in, hidden)
        self.fc2 = torch.nn.Linear(hidden, d_out)

    def forward(self, x, y):
        return torch.nn.functional.mse_loss(self.fc2(torch.relu(self.fc1(x))), y)


def step(model, x, y):
    for p in model.parameters():
        p.grad = None
    loss = model(x, y)
    loss.backward()
    return loss


def per_call(fn, target_s=0.02):
    """Seconds per call of fn, from a loop long enough to take about target_s."""
    n = 1
    while True:
        t0 = time.perf_counter()
        for _ in range(n):
            fn()
        elapsed = time.perf_counter() - t0
        if elapsed >= target_s or n >= 1 << 20:
            return elapsed / n
        n *= 2 if elapsed < target_s / 8 else max(2, int(target_s / elapsed) + 1)


def measure(fns):
    samples = {name: [] for name in fns}
    names = list(fns)
    for r in range(rounds):
        for name in names if r % 2 == 0 else reversed(names):
            samples[name].append(per_call(fns[name]) * 1e6)
    return {name: (statistics.median(s), min(s), max(s)) for name, s in samples.items()}


for label, (batch, d_in, hidden, d_out) in [("small", (32, 64, 128, 10)),
                                            ("large", (256, 256, 512, 64))]:
    eager = MLPLoss(d_in, hidden, d_out)
    model = copy.deepcopy(eager)
    compiled = torch.compile(model)
    x, y = torch.randn(batch, d_in), torch.randn(batch, d_out)
    torch.testing.assert_close(step(compiled, x, y), step(eager, x, y))
    for p, q in zip(model.parameters(), eager.parameters()):
        torch.testing.assert_close(p.grad, q.grad, rtol=1e-4, atol=1e-5)
    parts = [r["part"] for r in dynascope.kernel_records()[-2:]]
    assert parts == ["forward", "backward"], parts
    t = measure({"eager step": lambda: step(eager, x, y),
                 "compiled step": lambda: step(compiled, x, y),
                 "eager forward": lambda: eager(x, y),
                 "compiled forward": lambda: compiled(x, y)})
    print(f"== MLP {label}: batch {batch}, {d_in}-{hidden}-{d_out}, {rounds} rounds, "
          f"{torch.get_num_threads()} thread(s); median (min..max) us per call")
    for name, (med, lo, hi) in t.items():
        print(f"  {name:17} {med:10.1f}  ({lo:.1f}..{hi:.1f})")
    e_bwd = t["eager step"][0] - t["eager forward"][0]
    c_bwd = t["compiled step"][0] - t["compiled forward"][0]
    print(f"  step: eager / compiled = {t['eager step'][0] / t['compiled step'][0]:.2f}x; "
          f"forward {t['eager forward'][0] / t['compiled forward'][0]:.2f}x, "
          f"backward (step minus forward) {e_bwd / c_bwd:.2f}x")
    # The fastest round of each: what the loaded machine disturbed least.
    print(f"  best rounds: step eager / compiled = {t['eager step'][1] / t['compiled step'][1]:.2f}x")
