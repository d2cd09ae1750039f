# nn.Module calls inside the trace, as Dynamo traces them (it inlines nn.Module.__call__): a child
# module's forward pre-hooks and forward hooks run around its forward (their results replace the
# inputs or the output), and a hook added or removed later recompiles instead of reusing code
# traced without it; a lazy child is initialised while tracing; a parameterless nn.Module
# subclass is made in the trace; `self.attr = tensor` in forward is replayed with the graph's
# output. The oracle is the same module run eagerly, each case called twice and again after the
# change that must recompile. Runs under `dynascope run`.
import torch
import torch._dynamo
from capturecheck import breaks, compiled, same

x = torch.randn(4, 3)


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(3, 3)
        self.act = torch.nn.ReLU()

    def forward(self, x):
        return self.act(self.lin(x)) * 2


net = Net()
seen = []


def double_input(mod, inputs):
    seen.append(type(mod).__name__)
    return inputs[0] * 2  # not a tuple: _call_impl wraps it


def add_one_output(mod, inputs, output):
    seen.append(len(inputs))
    return output + 1


def observe_only(mod, inputs, output):
    seen.append("observed")  # returns None: the output stays


def check(opt, fn, *args):
    """Compiled and eager give the same result and the same hook log."""
    seen.clear()
    got = opt(*args)
    got_log = list(seen)
    seen.clear()
    want = fn(*args)
    assert same(got, want), (got, want)
    assert got_log == seen, (got_log, seen)


# Hooks present when the trace is made: inlined, one graph, no break.
h1 = net.lin.register_forward_pre_hook(double_input)
h2 = net.lin.register_forward_hook(add_one_output)
h3 = net.act.register_forward_hook(observe_only)
opt, cnt = compiled(net, fullgraph=True)
check(opt, net, x)
check(opt, net, x)
assert cnt.frame_count == 1 and not breaks(), (cnt.frame_count, breaks())

# A hook removed later: the hook dicts are guarded, so the module recompiles without it.
h2.remove()
check(opt, net, x)
check(opt, net, x)
assert cnt.frame_count == 2, cnt.frame_count

# A hook added later recompiles too (a third entry), and back to the first hooks hits entry 1.
h4 = net.act.register_forward_pre_hook(double_input)
check(opt, net, x)
assert cnt.frame_count == 3, cnt.frame_count
h4.remove()
h2 = net.lin.register_forward_hook(add_one_output)
check(opt, net, x)
assert cnt.frame_count == 4, cnt.frame_count  # a new hook id: new dict keys
for h in (h1, h2, h3):
    h.remove()
check(opt, net, x)

# A global forward hook registered later: GLOBAL_STATE fails, and the retrace leaves the module
# call to CPython (global hooks are not inlined), which runs the hook.
opt, cnt = compiled(net)
check(opt, net, x)
# (It acts on Linear only: the OptimizedModule wrapper is an nn.Module whose call runs it too.)
def linear_plus_one(mod, inputs, output):
    if type(mod) is torch.nn.Linear:
        return output + 1


g = torch.nn.modules.module.register_module_forward_hook(linear_plus_one)
try:
    check(opt, net, x)
    check(opt, net, x)
    assert cnt.frame_count >= 2 and "unsupported_call" in breaks(), (cnt.frame_count, breaks())
finally:
    g.remove()
check(opt, net, x)

# A backward hook on a child is not inlined: a break, and CPython's call registers it.
opt, cnt = compiled(net)
hb = net.lin.register_full_backward_hook(lambda mod, gin, gout: None)
check(opt, net, x)
assert "unsupported_call" in breaks(), breaks()
hb.remove()


# A pre-hook returning a tuple replaces all inputs; hooks on a module called twice run twice.
class Two(torch.nn.Module):
    def forward(self, a, b):
        return a - b


class Outer(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.two = Two()

    def forward(self, a, b):
        return self.two(a, b) + self.two(b, a)


outer = Outer()
outer.two.register_forward_pre_hook(lambda mod, inputs: (inputs[1], inputs[0] * 3))
outer.two.register_forward_hook(add_one_output)
opt, cnt = compiled(outer, fullgraph=True)
check(opt, outer, x, x + 1)
check(opt, outer, x, x + 1)
assert cnt.frame_count == 1, cnt.frame_count


# A lazy child is initialised while tracing (before any eager call), then traced as the module
# it became; the second call reuses the trace.
class LazyNet(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = torch.nn.LazyLinear(5)
        self.fc2 = torch.nn.LazyLinear(2)

    def forward(self, x):
        return self.fc2(torch.relu(self.fc1(x)))


lazy = LazyNet()
opt, cnt = compiled(lazy, fullgraph=True)
got = opt(x)
assert type(lazy.fc1) is torch.nn.Linear and lazy.fc1.weight.shape == (5, 3)
assert lazy.fc2.weight.shape == (2, 5) and not lazy.fc2.weight.is_meta
assert same(got, lazy(x)) and same(opt(x), lazy(x))
assert cnt.frame_count == 1 and not breaks(), (cnt.frame_count, breaks())


# An nn.Module subclass without parameters made in the trace, called there.
class Cat(torch.nn.Module):
    def forward(self, a, b):
        return torch.relu(torch.cat((a, b), dim=1))


def make_and_call(a, b):
    return Cat()(a, b)


opt, cnt = compiled(make_and_call, fullgraph=True)
assert same(opt(x, -x), make_and_call(x, -x)) and same(opt(x, x + 1), make_and_call(x, x + 1))
assert cnt.frame_count == 1 and not breaks(), (cnt.frame_count, breaks())


# One with an __init__ of its own is not run at trace time: a break, and the same result.
class Scaled(torch.nn.Module):
    def __init__(self, k):
        super().__init__()
        self.k = k

    def forward(self, a):
        return a * self.k


def make_scaled(a):
    return Scaled(3)(a)


opt, cnt = compiled(make_scaled)
assert same(opt(x), make_scaled(x)) and same(opt(x), make_scaled(x))
assert "unsupported_call" in breaks(), breaks()


# A tensor made in the graph stored on the module: the attribute is the very output object.
class Store(torch.nn.Module):
    def forward(self, x):
        self.cache = x + 1
        return self.cache * 2, self.cache


store = Store()
opt, cnt = compiled(store, fullgraph=True)
for _ in range(2):
    out, cache = opt(x)
    assert store.cache is cache and same(out, (x + 1) * 2) and same(cache, x + 1)
assert cnt.frame_count == 1, cnt.frame_count


# Over a parameter the store raises TypeError in eager: left to CPython, which raises it too.
class OverParam(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.w = torch.nn.Parameter(torch.ones(3))

    def forward(self, x):
        self.w = x + 1
        return x


def raises(fn, *args):
    try:
        fn(*args)
    except TypeError as e:
        return str(e)
    return None


over = OverParam()
opt, cnt = compiled(over)
assert raises(opt, x) is not None and raises(opt, x) == raises(over, x)
assert "side_effect" in breaks(), breaks()

# module.compile() (PyTorch 2.2+): compiled in place, the module keeps its type and state_dict
# keys; its own hooks run around the compiled forward; calls reuse one compiled frame.
import warnings

inplace = torch.nn.Sequential(torch.nn.Linear(3, 3), torch.nn.ReLU())
inplace[0].register_forward_hook(lambda mod, inputs, output: output * 2)
keys = list(inplace.state_dict())
expected = inplace(x)
torch._dynamo.reset()
from torch._dynamo.testing import CompileCounter

in_place_counter = CompileCounter()
inplace.compile(backend=in_place_counter)
assert same(inplace(x), expected) and same(inplace(x), expected)
assert in_place_counter.frame_count == 1, in_place_counter.frame_count
assert type(inplace) is torch.nn.Sequential and list(inplace.state_dict()) == keys

# Global module hooks fire once more under torch.compile(module), for the OptimizedModule
# wrapper, as PyTorch 2.5+ documents with a warning; module.compile() has no wrapper.
fired = []
handle = torch.nn.modules.module.register_module_forward_hook(
    lambda mod, inputs, output: fired.append(type(mod).__name__))
plain = torch.nn.Sequential(torch.nn.ReLU())
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    torch.compile(plain, backend="eager")(x)
assert fired == ["ReLU", "Sequential", "OptimizedModule"], fired
assert any("global module hooks" in str(w.message) for w in caught), [str(w.message) for w in caught]
fired.clear()
plain.compile(backend="eager")
plain(x)
assert fired == ["ReLU", "Sequential"], fired
handle.remove()


# nn.Module.__call__(child, x) written out is the child's call (its hooks, its forward), not
# torch's _call_impl traced line by line (which put a _get_tracing_state node in the graph).
class SpelledOut(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.inner = torch.nn.Linear(3, 3)

    def forward(self, x):
        return torch.nn.Module.__call__(self.inner, x).relu() + self.inner._call_impl(x)


spelled = SpelledOut()
opt, cnt = compiled(spelled)
assert same(opt(x), spelled(x))
assert (cnt.frame_count, cnt.op_count) == (1, 4), (cnt.frame_count, cnt.op_count)

# Script and traced modules call through nn.Module.__call__ too (torch.jit replaces their
# _call_impl name with a stub that raises): the shim's __call__ must not go through it.
scripted = torch.jit.trace(torch.nn.Linear(3, 3), x)
assert same(scripted(x), scripted.forward(x))

print("module call checks passed")
