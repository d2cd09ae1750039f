# PyTorch test/dynamo/test_misc.py MiscTests.test_recompile_on_global_state_change: grad mode and
# deterministic algorithms are global state the compiled frames are guarded on: each new
# combination compiles once (a backend call per state in the first round, none after), and the
# graph runs under the state it was called with. (PyTorch also toggles cuBLAS TF32, a CUDA
# setting left out here.)
import torch
import torch._dynamo

last_state = []
cnt = 0


def read_state():
    return [torch.is_grad_enabled(), torch.are_deterministic_algorithms_enabled()]


def write_state(state):
    torch.set_grad_enabled(state[0])
    torch.use_deterministic_algorithms(state[1])


def my_compiler(gm, _):
    global cnt
    cnt += 1
    state = read_state()

    def inner(*args):
        last_state[:] = state
        return gm(*args)

    return inner


@torch.compile(backend=my_compiler)
def fn(x):
    return x + 1


torch._dynamo.reset()
initial_state = read_state()
y = torch.randn(10)
try:
    for round in range(3):
        for i in range(len(initial_state)):
            new_state = [False] * len(initial_state)
            new_state[i] = True
            write_state(new_state)
            last_state.clear()
            fn(y)
            assert last_state == new_state, (last_state, new_state)
            assert cnt == (i + 1 if round == 0 else len(initial_state)), (round, i, cnt)
finally:
    write_state(initial_state)
