# Code whose compiled result differed from CPython's without a word (session 10's differential
# hunt): each case is driven plainly (the oracle) and compiled, the driver changing the state
# the function reads between calls, and the results, the types of the exceptions raised and the
# side effects compared.
import torch

from capturecheck import attempt, check


def T():
    return torch.ones(2)


# ---- keyword arguments given twice (DICT_MERGE made the later value win) ----

def target(a, b=1, **kw):
    return a, b, kw


def kwargs_then_keyword(x, kw):
    return x, target(1, **kw, b=2)


def two_kwargs_dicts(x, k1, k2):
    return x, target(1, **k1, **k2), dict(**k1, z=3)


def kwargs_not_strings(x, kw):
    return x, target(1, **kw)


check(kwargs_then_keyword,
      lambda f: [attempt(f, T(), {}), attempt(f, T(), {"q": 1}), attempt(f, T(), {"b": 3})])
check(two_kwargs_dicts,
      lambda f: [attempt(f, T(), {"q": 1}, {"r": 2}), attempt(f, T(), {"q": 1}, {"q": 2}),
                 attempt(f, T(), {"z": 1}, {})])
check(kwargs_not_strings, lambda f: [attempt(f, T(), {"q": 1}), attempt(f, T(), {1: 1})])


# ---- obj.name = v on an existing object goes where its class says ----

class WithProperty:
    def __init__(self):
        self.v = 1

    @property
    def double(self):
        return self.v * 2

    @double.setter
    def double(self, value):
        self.v = value // 2

    @property
    def read_only(self):
        return 1


class LoggedSetattr:
    def __init__(self):
        object.__setattr__(self, "log", [])

    def __setattr__(self, name, value):
        self.log.append(name)
        object.__setattr__(self, name, value * 2)


class Doubling:
    def __get__(self, obj, owner=None):
        return obj.__dict__.get("_d", 0) + 100

    def __set__(self, obj, value):
        obj.__dict__["_d"] = value * 3


class WithDescriptor:
    d = Doubling()


class Slotted:
    __slots__ = ("a",)


class ScaledModule(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self._s = 1

    @property
    def s(self):
        return self._s

    @s.setter
    def s(self, value):
        self._s = value + 100

    def forward(self, x):
        self.s = 2
        return x * self.s


def property_setter(x, o):
    o.double = 20
    return x + o.v, o.double


def custom_setattr(x, o):
    o.val = 3
    return x + o.val, o.log


def data_descriptor(x, o):
    o.d = 2
    return x + o.d, o.__dict__["_d"]


def store_refused(x, o, kind):
    try:
        if kind == "slot":
            o.b = 1
        else:
            o.read_only = 2
    except AttributeError:
        return x, "AttributeError caught"
    return x, "stored"


def module_property(m, x):
    return m(x), m._s


def fields(o):
    return sorted((k, v) for k, v in vars(o).items() if not isinstance(v, torch.Tensor))


check(property_setter, lambda f: [(attempt(f, T(), o), o.v) for o in [WithProperty()]])
check(custom_setattr, lambda f: [(attempt(f, T(), o), o.val) for o in [LoggedSetattr()]])
check(data_descriptor, lambda f: [(attempt(f, T(), o), fields(o)) for o in [WithDescriptor()]])
check(store_refused,
      lambda f: [attempt(f, T(), Slotted(), "slot"), attempt(f, T(), WithProperty(), "prop")])
check(module_property, lambda f: [(attempt(f, m, T()), m._s) for m in [ScaledModule()]])


# ---- == and != on user objects run their __eq__; identity answers are guarded ----

class ModTen:
    def __init__(self, a):
        self.a = a

    def __eq__(self, other):
        return isinstance(other, ModTen) and self.a % 10 == other.a % 10

    __hash__ = None


class OddEq:
    def __init__(self, v):
        self.v = v

    def __eq__(self, other):
        return "eq-str" if isinstance(other, OddEq) else NotImplemented

    __hash__ = None


class Plain:
    pass


def compare(x, a, b):
    return x + 1, a == b, a != b, a is b, a == 1, 1 != a


check(compare, lambda f: [attempt(f, T(), ModTen(1), ModTen(11)),
                          attempt(f, T(), ModTen(1), ModTen(2)),
                          attempt(f, T(), ModTen(3), ModTen(13))])
check(compare, lambda f: [attempt(f, T(), OddEq(1), OddEq(2))])
p, q = Plain(), Plain()
check(compare, lambda f: [attempt(f, T(), p, p), attempt(f, T(), p, q), attempt(f, T(), q, q)])


# ---- one object passed twice, then two objects (the second source went unguarded) ----

def read_both(x, a, b):
    return x + len(a) + sum(b)


def write_one_read_other(x, a, b):
    a.v = 5
    return x + b.v


def drive_read_both(f):
    short, long = [1], [1, 2, 3]
    return [attempt(f, T(), short, short), attempt(f, T(), short, long)]


def drive_write_one(f):
    o, p, q = Plain(), Plain(), Plain()
    o.v, p.v, q.v = 1, 2, 3
    out = [attempt(f, T(), o, o)]
    o.v = 1
    out += [attempt(f, T(), o, p), o.v, p.v, attempt(f, T(), q, q), q.v]
    return out


check(read_both, drive_read_both)
check(write_one_read_other, drive_write_one)


# ---- class attributes read in the trace are guarded (a changed one was a stale constant) ----

class Config:
    n = 1


def class_attr(x, o):
    return x + Config.n + type(o).n + o.__class__.n


def class_arg(x, cls):
    return x + cls.n + getattr(cls, "extra", 0)


def drive_class_attr(f):
    Config.n = 1
    out = [attempt(f, T(), Config())]
    Config.n = 5
    out.append(attempt(f, T(), Config()))
    Config.n = 1
    return out


def drive_class_arg(f):
    class A:
        n = 1

    out = [attempt(f, T(), A)]
    A.n = 5
    out.append(attempt(f, T(), A))
    A.extra = 10
    out.append(attempt(f, T(), A))
    return out


check(class_attr, drive_class_attr)
check(class_arg, drive_class_arg)


# ---- o.__dict__ and attribute writes agree ----

def dict_after_store(x, o):
    o.w = 5
    return x + 1, dict(o.__dict__)


def store_through_dict(x, o):
    o.__dict__["v"] = 42
    return x + o.v


check(dict_after_store, lambda f: [(attempt(f, T(), o), fields(o)) for o in [WithProperty()]])
check(store_through_dict, lambda f: [(attempt(f, T(), o), fields(o)) for o in [WithProperty()]])


# ---- what a class gives its instances is guarded (a replaced property or dunder was stale) ----

class Swappable:
    def __init__(self):
        self.v = 1

    @property
    def p(self):
        return 1

    def __len__(self):
        return 1

    def __getattr__(self, name):
        return 1


def reads_class(x, o):
    return x + o.p + len(o) + o.missing + (1 if o else 0)


def drive_swaps(f):
    saved = dict(Swappable.__dict__)
    o, out = Swappable(), []
    out.append(attempt(f, T(), o))
    Swappable.p = property(lambda self: 5)
    out.append(attempt(f, T(), o))
    Swappable.__len__ = lambda self: 0
    out.append(attempt(f, T(), o))
    Swappable.__getattr__ = lambda self, name: 7
    out.append(attempt(f, T(), o))
    for name in ("p", "__len__", "__getattr__"):
        setattr(Swappable, name, saved[name])
    return out


check(reads_class, drive_swaps)


class Base:
    def m(self):
        return 1


class Derived(Base):
    def m(self):
        return super().m() + 10


class KModule(torch.nn.Module):
    @property
    def k(self):
        return 2

    def forward(self, x):
        return x * self.k


def calls_m(x, o):
    return x + o.m()


def drive_base_swap(f):
    saved, o = Base.m, Derived()
    out = [attempt(f, T(), o)]
    Base.m = lambda self: 5
    out.append(attempt(f, T(), o))
    Base.m = saved
    return out


def drive_module_property(f):
    saved, m = KModule.k, KModule()
    out = [attempt(f, m, T())]
    KModule.k = property(lambda self: 7)
    out.append(attempt(f, m, T()))
    KModule.k = saved
    return out


check(calls_m, drive_base_swap)


# ---- a module's structure and hooks changed between calls ----

def run_module(m, x):
    return m(x)


def drive_sequential(f):
    m, x, out = torch.nn.Sequential(torch.nn.ReLU()), torch.tensor([1.0, -1.0]), []
    out.append(attempt(f, m, x))
    m.append(torch.nn.Sigmoid())
    out.append(attempt(f, m, x))
    del m[1]
    out.append(attempt(f, m, x))
    return out


class Stack(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = torch.nn.ModuleList([torch.nn.ReLU()])

    def forward(self, x):
        for layer in self.layers:
            x = layer(x) + 1
        return x, len(self.layers)


def drive_module_list(f):
    m, x, out = Stack(), torch.tensor([1.0, -1.0]), []
    out.append(attempt(f, m, x))
    m.layers.append(torch.nn.Tanh())
    out.append(attempt(f, m, x))
    return out


def drive_hooks(f):
    m, x, out = torch.nn.Sequential(torch.nn.ReLU()), torch.tensor([1.0, -1.0]), []
    out.append(attempt(f, m, x))
    handle = m[0].register_forward_hook(lambda mod, args, result: result * 10)
    out.append(attempt(f, m, x))
    handle.remove()
    out.append(attempt(f, m, x))
    return out


check(run_module, drive_sequential)
check(run_module, drive_module_list)
check(run_module, drive_hooks)
check(run_module, drive_module_property)


# ---- a generator that raises StopIteration or resumes itself (the trace read a freed frame) ----

def generator_raises_stop(x):
    def gen():
        yield 1
        raise StopIteration

    try:
        return x, list(gen())
    except RuntimeError as e:
        return x + 1, str(e)


def generator_resumes_itself(x):
    def gen():
        yield next(it)

    it = gen()
    try:
        next(it)
    except ValueError as e:
        return x + 1, str(e)


check(generator_raises_stop, lambda f: [attempt(f, T())])
check(generator_resumes_itself, lambda f: [attempt(f, T())])


# ---- an input's layout and autograd facts come from the input, not from a dense meta copy ----

def layout(x):
    return x + 1, x.stride(), x.is_contiguous(), x.storage_offset()


def leafness(x):
    return x.detach() + 1, x.is_leaf


def drive_layout(f):
    base = torch.arange(6.0).view(2, 3)
    return [attempt(f, base.t()), attempt(f, base[:, ::2]), attempt(f, base.view(-1)[3:])]


def drive_leafness(f):
    a = torch.ones(2, requires_grad=True)
    return [attempt(f, a), attempt(f, a * 2), attempt(f, torch.ones(2))]


check(layout, drive_layout)
check(leafness, drive_leafness)


# ---- Tensor.grad read in the trace (Dynamo's GradSource): an input's grad as it is at each call,
# None or a tensor (a graph input of its own), guarded; a tensor made in the graph has none ----

def grad_of_input(x):
    g = x.grad
    return (x * 2, None) if g is None else (x * 2, g + 1)


def grad_of_made(x):
    y = torch.ones(2) * x
    return y, y.grad


def drive_grad(f):
    a = torch.ones(2, requires_grad=True)
    first = attempt(f, a)
    (a * 3).sum().backward()  # a.grad appears between calls
    second = attempt(f, a)
    a.grad = torch.full((2,), 7.0)  # another grad tensor
    third = attempt(f, a)
    a.grad = None
    return [first, second, third, attempt(f, a)]


check(grad_of_input, drive_grad)
check(grad_of_made, drive_grad)


# ---- id() of an input tensor: the object passed, its identity guarded ----

def by_identity(x, ref):
    return x * 2 if id(x) == ref else x * 3


def drive_identity(f):
    a, b = torch.ones(2), torch.ones(2)
    return [attempt(f, a, id(a)), attempt(f, b, id(a)), attempt(f, a, id(a)),
            attempt(f, a, id(b))]


check(by_identity, drive_identity)


# ---- t.grad = g in the trace: read back by later code, replayed on the tensor after the graph ----

def set_grad_on_made(x):
    y = x + 10
    y.grad = x
    x.add_(1)  # the grad is x itself: the read below sees the change
    return y, y.grad * 2


def set_grad_on_input(x, g):
    x.grad = g
    first = x.grad
    x.grad = None
    none_now = x.grad
    x.grad = g * 3
    return first + 1, none_now, x.grad


def set_grad_wrong_shape(x):
    y = x + 1
    y.grad = torch.ones(3)
    return y


def drive_set_grad(f):
    out = []
    for n in (2, 2, 4):
        x = torch.ones(n)
        r = attempt(f, x)
        made = r[0] if isinstance(r, tuple) else r
        out.append((r, x, x.grad, made.grad if isinstance(made, torch.Tensor) else None))
    return out


def drive_set_grad_input(f):
    out = []
    for g in (torch.ones(2), torch.full((2,), 5.0)):
        x = torch.zeros(2)
        out.append((attempt(f, x, g), x.grad))
    return out


check(set_grad_on_made, drive_set_grad)
check(set_grad_wrong_shape, drive_set_grad)
check(set_grad_on_input, drive_set_grad_input)


# ---- a missing attribute raises AttributeError in the trace (a handler takes it), guarded: an
# object or module that gains the attribute between calls recompiles ----

class Bag:
    def __init__(self):
        self.a = 1


class Gains(torch.nn.Module):
    def __getattr__(self, name):
        try:
            return super().__getattr__(name)
        except AttributeError:
            if name == "alias":
                return 7
            raise


def missing_attribute(x, bag):
    try:
        c = bag.b
    except AttributeError:
        c = 3
    return x * c


def module_fallback(x, mod):
    return x * mod.alias


def drive_missing(f):
    bag = Bag()
    first = attempt(f, T(), bag)
    bag.b = 5  # now present
    second = attempt(f, T(), bag)
    del bag.b
    return [first, second, attempt(f, T(), bag)]


def drive_module_fallback(f):
    mod = Gains()
    first = attempt(f, T(), mod)
    mod._buffers["alias"] = torch.full((2,), 2.0)  # a buffer now answers first
    second = attempt(f, T(), mod)
    mod.alias = torch.full((2,), 4.0)  # replaced in place of the buffer
    third = attempt(f, T(), mod)
    del mod._buffers["alias"]
    return [first, second, third, attempt(f, T(), mod)]


check(missing_attribute, drive_missing)
check(module_fallback, drive_module_fallback)


# ---- exceptions raised in the trace: __context__ chains as CPython chains it; an error from an
# operation on constants (1 / 0) is raised in the trace for its handler ----

def chained(x):
    try:
        try:
            1 / 0
        except ZeroDivisionError as z:
            raise KeyError("k")
    except KeyError as e:
        return x + isinstance(e.__context__, ZeroDivisionError) + 10 * (e.__context__ is z)


def context_of_first(x):
    try:
        raise ValueError
    except ValueError as e:
        return x + (e.__context__ is None)


def drive_context(f):
    plain = attempt(f, T())
    try:
        raise IndexError
    except IndexError:
        inside_handler = attempt(f, T())  # CPython chains to the caller's IndexError
    return [plain, inside_handler, attempt(f, T())]


check(chained, drive_context)
check(context_of_first, drive_context)
# ---- the default dtype is global state: set_default_dtype between calls recompiles ----

def default_dtype_promotion(x):
    return torch.result_type(x, 1.0), torch.ones(2) + x


def drive_default_dtype(f):
    out = []
    old = torch.get_default_dtype()
    try:
        for dtype in (torch.float32, torch.float64, torch.float32):
            torch.set_default_dtype(dtype)
            out.append(attempt(f, torch.tensor(1)))
    finally:
        torch.set_default_dtype(old)
    return out


check(default_dtype_promotion, drive_default_dtype)


# ---- capture_scalar_outputs: item() gives a Python number, not a tensor ----

def scalar_types(x):
    v = x.item()
    w = v * 2
    t = torch.tensor(v)
    return (isinstance(v, torch.Tensor), type(v) is int, isinstance(w, int), type(w),
            isinstance(t, torch.Tensor), bool(x), x.tolist(), x + w)


def drive_scalar_types(f):
    with torch._dynamo.config.patch(capture_scalar_outputs=True):
        return [attempt(f, torch.tensor([3])), attempt(f, torch.tensor([0]))]


check(scalar_types, drive_scalar_types)


# ---- a module passed as an argument or held by a global is guarded by identity (its
# attributes, read unguarded for library modules, were reused for another module) ----
import math
import types

halving = types.ModuleType("halving")
halving.sqrt = lambda v: v / 2


def module_argument(x, m):
    return m.sqrt(x)


def drive_module_argument(f):
    return [attempt(f, T() * 4, torch), attempt(f, T() * 4, math), attempt(f, T() * 4, halving),
            attempt(f, T() * 4, torch)]


check(module_argument, drive_module_argument)


# ---- an attribute stored on a named tuple subclass instance passed in: read back in the trace,
# written on that very object after the graph ----
import collections

Pair = collections.namedtuple("Pair", "a b")


class TaggedPair(Pair):
    pass


def tag_pair(x, p):
    p.tag = x * p.a
    return p.tag + p.b, p


def drive_tag_pair(f):
    out = []
    for a in (1, 2):
        p = TaggedPair(a, 10)
        r = attempt(f, T(), p)
        out.append((r, p.tag, r[1] is p if isinstance(r, tuple) else None))
    return out


check(tag_pair, drive_tag_pair)


# ---- a class's Python __setattr__ runs for stores on input objects (inlined; its
# object.__setattr__ is the plain store), also after the trace read obj.__dict__ ----

class Doubling:
    def __init__(self):
        object.__setattr__(self, "base", 1)

    def __setattr__(self, name, value):
        if name == "frozen":
            raise AttributeError("frozen is read-only")
        object.__setattr__(self, name, value * 2)


def doubling_store(x, o):
    o.v = 3
    try:
        o.frozen = 1
        blocked = False
    except AttributeError:
        blocked = True
    return x * o.v + o.base, blocked


def dict_then_store(x, o):
    seen = dict(o.__dict__)
    o.w = 5
    return x * o.w, sorted(seen), o.__dict__["w"]


def drive_doubling(f):
    out = []
    for _ in range(2):
        o = Doubling()
        r = attempt(f, T(), o)
        out.append((r, sorted(vars(o).items())))
    return out


check(doubling_store, drive_doubling)
check(dict_then_store, drive_doubling)

print("fidelity checks passed")
