// Capture core end to end: _dynascope_capture driven from Python snippets in the embedded
// interpreter, with a tiny backend that runs graph_spec nodes itself; the oracle is the same
// function run uncompiled.
#include "python/interpreter.h"
#include "pythonscratch.h"
#include "runtime/capturemodule.h"

#include <Python.h>
#include <QtTest>

#include <algorithm>
#include <memory>
#include <set>
#include <string>

using namespace dynascope;

namespace {

const char *kHarness = R"PY(
import io, json, sys, torch, _dynascope_capture as C

class Counter:
    def __init__(self):
        self.frame_count = 0
        self.op_count = 0
        self.specs = []
    def __call__(self, spec, inputs):
        self.frame_count += 1
        self.specs.append(spec)
        nodes = spec["nodes"]
        self.op_count += sum(n["op"] in ("call_function", "call_method", "call_module") for n in nodes)
        return run_nodes(spec, inputs)

def same(a, b):
    if isinstance(a, torch.Tensor):
        return isinstance(b, torch.Tensor) and a.shape == b.shape and torch.allclose(a, b, equal_nan=True)
    if isinstance(a, (list, tuple)):
        return type(a) == type(b) and len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return a == b

def run_case(fn, argsets, **kw):
    C.reset()
    cnt = Counter()
    opt = C.optimize(fn, cnt, **kw)
    equal = True
    for args in argsets:
        equal = equal and same(opt(*args), fn(*args))
    recs = C.records()
    return {"equal": equal, "frames": cnt.frame_count, "ops": cnt.op_count,
            "breaks": [b["break_type"] for r in recs for b in r["breaks"]],
            "targets": [[n["target"] for n in s["nodes"]] for s in cnt.specs],
            "shapes": [[n["meta"].get("shape") for n in s["nodes"] if n["op"] != "output"] for s in cnt.specs],
            "records": json.loads(json.dumps(recs, default=repr))}
)PY";

} // namespace

class TestCoreCapture : public QObject {
    Q_OBJECT

private:
    std::unique_ptr<Interpreter> m_interpreter;
    PyObject *m_globals = nullptr;
    std::vector<Json> m_events;

    // Runs `code` in the harness namespace; returns json.loads of the variable `result`.
    Json run(const std::string &code) {
        PyObject *r = PyRun_String(code.c_str(), Py_file_input, m_globals, m_globals);
        if (!r) {
            PyErr_Print();
            return Json{{"python_error", true}};
        }
        Py_DECREF(r);
        PyObject *result = PyDict_GetItemString(m_globals, "result");
        if (!result)
            return Json();
        PyObject *json = PyImport_ImportModule("json");
        PyObject *text = PyObject_CallMethod(json, "dumps", "O", result);
        Py_DECREF(json);
        if (!text) {
            PyErr_Print();
            return Json();
        }
        Json out = Json::parse(PyUnicode_AsUTF8(text));
        Py_DECREF(text);
        return out;
    }

private slots:
    void initTestCase() {
        m_interpreter = std::make_unique<Interpreter>(std::vector<std::string>{"tst_core_capture"});
        setCaptureEventSink([this](const Json &e) { m_events.push_back(e); });
        QVERIFY(installCaptureModule());
        m_globals = PyDict_New();
        PyDict_SetItemString(m_globals, "__builtins__", PyEval_GetBuiltins());
        const std::string harness = std::string(kRunNodesBackend) + kHarness;
        PyObject *r = PyRun_String(harness.c_str(), Py_file_input, m_globals, m_globals);
        if (!r)
            PyErr_Print();
        QVERIFY(r);
        Py_DECREF(r);
    }

    void straightLineGraphGuardsAndRecompile() {
        Json r = run(R"PY(
def fn(x, y):
    z = torch.sin(x) + y * 2
    return z.relu()
x, y = torch.randn(3, 4), torch.randn(3, 4)
result = run_case(fn, [(x, y), (x, y), (torch.randn(5, 4), torch.randn(5, 4))], dynamic=False)
)PY");
        QVERIFY(r["equal"].get<bool>());
        QCOMPARE(r["frames"].get<int>(), 2); // first call compiles, second hits, third recompiles
        QCOMPARE(r["ops"].get<int>(), 8);
        const Json &rec = r["records"][0];
        QCOMPARE(rec["calls"].get<int>(), 3);
        QCOMPARE(rec["cache_hits"].get<int>(), 1);
        QCOMPARE(rec["cache_misses"].get<int>(), 2);
        QCOMPARE(QString::fromStdString(rec["recompiles"][0]["reason"].get<std::string>()),
                 QStringLiteral("tensor 'L['x']' size mismatch at index 0. expected 3, actual 5"));
        std::vector<std::string> targets = r["targets"][0];
        QCOMPARE(targets, (std::vector<std::string>{"L['x']", "L['y']", "torch.sin", "operator.mul",
                                                    "operator.add", "relu", "output"}));
        std::set<std::string> kinds;
        for (const Json &g : rec["entries"][0]["guards"])
            kinds.insert(g["kind"].get<std::string>());
        QVERIFY(kinds.count("TENSOR_MATCH"));
        QVERIFY(kinds.count("GLOBAL_STATE"));
    }

    void regionChain_data() {
        QTest::addColumn<QString>("code");
        QTest::addColumn<int>("frames");
        QTest::addColumn<int>("ops");
        QTest::addColumn<QString>("breakType");
        QTest::addRow("graph_break") << R"PY(
def fn(x):
    y = x.abs() + 2
    C.graph_break()
    return y.sqrt()
argsets = [(torch.randn(3),), (torch.randn(3),)]
)PY" << 2 << 3 << "graph_break_call";
        QTest::addRow("data_dependent_branch") << R"PY(
def fn(a, b):
    s = a - b
    if s.max() > 0:
        return s.exp()
    return s.neg()
x, y = torch.randn(3) + 5, torch.randn(3)
argsets = [(x, y), (y, x)]
)PY" << 3 << 5 << "data_dependent_branch";
        // 300 locals and a 150-line branch: LOAD_CONST, LOAD_FAST/STORE_FAST and the branch's
        // jump all carry EXTENDED_ARG prefixes, and the break resumes past them (the tracer's
        // offsets are the prefixes' offsets, as CPython's jump targets and f_lasti are).
        QTest::addRow("extended_arg") << R"PY(
src = ["def fn(x, flag):", "    y = x.abs() + 2"]
src += [f"    v{i} = {i}.5" for i in range(300)]
src += ["    if flag:"] + [f"        y = y + v{i}" for i in range(150, 300)]
src += ["    C.graph_break()", "    return y.sqrt() + v299"]
exec("\n".join(src))
import dis
assert any(i.opname == "EXTENDED_ARG" for i in dis.get_instructions(fn))
argsets = [(torch.rand(3), True), (torch.rand(3), True)]
)PY" << 2 << 154 << "graph_break_call";
        QTest::addRow("print") << R"PY(
def fn(x):
    print("tracing", file=io.StringIO())
    return x + 1
argsets = [(torch.randn(3),)]
)PY" << 1 << 1 << "unsupported_builtin";
        QTest::addRow("item") << R"PY(
def fn(x):
    n = x.sum().item()
    return x * n
argsets = [(torch.randn(3),)]
)PY" << 2 << 2 << "tensor_item";
        QTest::addRow("nonzero") << R"PY(
def fn(x):
    return x.nonzero().float() * 2
argsets = [(torch.randn(3),)]
)PY" << 1 << 2 << "data_dependent_shape";
        QTest::addRow("disabled") << R"PY(
@C.disable
def helper(t):
    return t * 3
def fn(x):
    return helper(x.cos()).sin()
argsets = [(torch.randn(3),)]
)PY" << 2 << 2 << "disabled_function";
        QTest::addRow("break_in_loop_skips_frame") << R"PY(
def fn(x):
    for i in range(3):
        if x.sum() > 0:
            x = x - 1
    return x
argsets = [(torch.randn(3),)]
)PY" << 0 << 0 << "data_dependent_branch";
        QTest::addRow("unsupported_opcode_with") << R"PY(
class Ctx:
    def __enter__(self):
        return self
    def __exit__(self, *exc):
        return False
ctx = Ctx()
def fn(x):
    y = x * 2
    with ctx:
        z = y + 1
    return z
argsets = [(torch.randn(3),)]
)PY" << 1 << 1 << "unsupported_opcode";
        QTest::addRow("no_grad_is_traced") << R"PY(
def fn(x):
    y = x * 2
    with torch.no_grad():
        z = y + 1
    C.graph_break()
    return z, z.requires_grad
argsets = [(torch.randn(3, requires_grad=True),)] * 2
)PY" << 1 << 4 << "graph_break_call";
    }

    void regionChain() {
        QFETCH(QString, code);
        QFETCH(int, frames);
        QFETCH(int, ops);
        QFETCH(QString, breakType);
        Json r = run(code.toStdString() + "\nresult = run_case(fn, argsets)\n");
        QVERIFY2(!r.contains("python_error"), "the snippet raised");
        QVERIFY(r["equal"].get<bool>());
        QCOMPARE(r["frames"].get<int>(), frames);
        QCOMPARE(r["ops"].get<int>(), ops);
        std::vector<std::string> breaks = r["breaks"];
        QVERIFY2(std::count(breaks.begin(), breaks.end(), breakType.toStdString()) > 0,
                 r["breaks"].dump().c_str());
    }

    // Iterator, container and generator values against plain CPython: an iterator shared with
    // the rest of the code advances exactly as far as CPython advances it, and one carried
    // across a break resumes where it was (or the region runs uncaptured), never from the start.
    // frames -1: not checked (a value the exit cannot rebuild runs its region uncaptured).
    void valueKinds_data() {
        QTest::addColumn<QString>("code");
        QTest::addColumn<int>("frames");
        QTest::addRow("list_iterator_across_break") << R"PY(
def fn(x):
    it = iter([x + 1, x + 2, x + 3])
    a = next(it)
    C.graph_break()
    b = next(it)
    return a + b + next(it)
)PY" << 2;
        QTest::addRow("aliases_across_break") << R"PY(
def fn(x):
    a = [x]
    b = a
    it = iter([x, x + 1, x + 2])
    same = it
    C.graph_break()
    b.append(x + 1)
    return len(a), next(it), next(same), a
)PY" << 2;
        QTest::addRow("zip_of_one_iterator_twice") << R"PY(
def fn(x):
    it = iter([x, x + 1, x + 2, x + 3])
    return [a * b for a, b in zip(it, it)]
)PY" << 1;
        QTest::addRow("islice_then_the_rest") << R"PY(
def fn(x):
    it = iter([x, x * 2, x * 3, x * 4])
    head = list(itertools.islice(it, 1, 3))
    return head, list(it)
)PY" << 1;
        QTest::addRow("enumerate_after_next") << R"PY(
def fn(x):
    it = iter([x, x + 1, x + 2])
    next(it)
    return [i * t for i, t in enumerate(it, 1)]
)PY" << 1;
        QTest::addRow("lazy_zip_across_break") << R"PY(
def fn(x):
    it = iter([x, x + 1, x + 2])
    z = zip(it, [1, 2, 3])
    first = next(z)
    C.graph_break()
    return first, list(z), list(it)
)PY" << -1;
        QTest::addRow("generator_expressions") << R"PY(
def fn(x):
    k = 1
    late = (t * k for t in [x, x + 1])
    k = 2  # read when the expression runs, as CPython reads it
    return sum(t + 1 for t in [x, x]), list(itertools.chain(late, (t - 1 for t in [x])))
)PY" << 1;
        QTest::addRow("generator_function_breaks") << R"PY(
def gen(t):
    for i in range(3):
        yield t * i
def fn(x):
    return sum(gen(x))
)PY" << -1;
        QTest::addRow("generator_across_break") << R"PY(
def fn(x):
    g = (t + 1 for t in [x, x * 2])
    first = next(g)
    C.graph_break()
    return first + next(g)
)PY" << -1;
        QTest::addRow("ordered_dict_and_defaultdict") << R"PY(
def fn(x):
    d = collections.OrderedDict([("a", x)], b=x + 1)
    dd = collections.defaultdict(list)
    dd["k"].append(x * 2)
    dd["k"].append(x * 3)
    return type(d), list(d.values()), isinstance(dd, dict), dd["k"], len(dd)
)PY" << 1;
        QTest::addRow("dict_methods") << R"PY(
def fn(x):
    d = {"a": x, "b": x + 1}
    v = d.pop("a") + d.pop("z", 1)
    d.setdefault("c", x * 2)
    d.update([("e", x)], f=x - 1)
    e = d.copy()
    e.clear()
    return v, list(d.items()), d.popitem(), len(e)
)PY" << 1;
        QTest::addRow("deque_methods") << R"PY(
def fn(x):
    q = collections.deque([x, x + 1])
    q.appendleft(x * 2)
    q.extendleft([x * 3, x * 4])
    q.rotate(2)
    last = q.pop()
    return type(q), list(q), last, q.popleft()
)PY" << 1;
        QTest::addRow("sorted_stable_reverse") << R"PY(
def fn(x):
    ys = [("a", 2), ("b", 1), ("c", 2)]
    return x + 1, sorted(ys, key=lambda p: p[1], reverse=True), sorted(ys)
)PY" << 1;
        QTest::addRow("slice_assignment") << R"PY(
def fn(x):
    m = [x, x + 1, x + 2, x + 3]
    m[1:3] = [x * 5]
    m[::2] = [x - 1, x - 2]
    del m[:1]
    return m
)PY" << 1;
    }

    void valueKinds() {
        QFETCH(QString, code);
        QFETCH(int, frames);
        Json r = run("import collections, itertools\n" + code.toStdString() +
                     "\nresult = run_case(fn, [(torch.randn(3),), (torch.randn(3),)])\n");
        QVERIFY2(!r.contains("python_error"), "the snippet raised");
        QVERIFY(r["equal"].get<bool>());
        if (frames >= 0)
            QCOMPARE(r["frames"].get<int>(), frames);
        if (frames == 1)
            QVERIFY2(r["breaks"].empty(), r["breaks"].dump().c_str());
    }

    void inliningLoopsAndModules() {
        Json r = run(R"PY(
def helper(a, k=3):
    return a * k
class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(4, 5)
        self.scale = 2.0
    def forward(self, x, xs):
        g = lambda t: t.cos()
        acc = helper(g(x))
        for i, t in enumerate(xs):
            acc = acc + t * i
        ys = [v * 2 for v in xs]
        return torch.relu(self.lin(acc)) * self.scale, len(ys)
m = M()
result = run_case(m.forward, [(torch.randn(3, 4), [torch.randn(3, 4), torch.randn(3, 4)])] * 2)
)PY");
        QVERIFY(r["equal"].get<bool>());
        QCOMPARE(r["frames"].get<int>(), 1);
        QVERIFY(r["breaks"].empty());
        std::vector<std::string> targets = r["targets"][0];
        QVERIFY(std::count(targets.begin(), targets.end(), "L['self'].lin.weight") == 1);
        QVERIFY(std::count(targets.begin(), targets.end(), "torch._C._nn.linear") == 1);
        QCOMPARE(r["records"][0]["cache_hits"].get<int>(), 1);
    }

    void constantsAreGuarded() {
        Json r = run(R"PY(
def fn(x, n):
    return x * n
x = torch.randn(3)
result = run_case(fn, [(x, 2), (x, 3), (x, 2)])
)PY");
        QVERIFY(r["equal"].get<bool>());
        QCOMPARE(r["frames"].get<int>(), 2);
        QCOMPARE(QString::fromStdString(r["records"][0]["recompiles"][0]["reason"]),
                 QStringLiteral("L['n'] == 2"));
    }

    void captureScalarOutputs() {
        Json r = run(R"PY(
def fn(x):
    y = x * 2
    v = y.sum().item()
    return y + v
C.set_config(capture_scalar_outputs=True)
try:
    on = run_case(fn, [(torch.randn(4),)])
finally:
    C.set_config(capture_scalar_outputs=False)
result = [on, run_case(fn, [(torch.randn(4),)])]
)PY");
        // On: item() is a call_method node in the one graph; off: a break (tensor_item).
        QVERIFY(r[0]["equal"].get<bool>());
        QCOMPARE(r[0]["frames"].get<int>(), 1);
        QCOMPARE(r[0]["ops"].get<int>(), 4);
        QVERIFY(r[1]["equal"].get<bool>());
        QCOMPARE(r[1]["frames"].get<int>(), 2);
        QCOMPARE(r[1]["breaks"][0].get<std::string>(), std::string("tensor_item"));
    }

    void fullgraphRaisesNamingTheBreak() {
        Json r = run(R"PY(
def fn(x):
    C.graph_break()
    return x + 1
C.reset()
try:
    C.optimize(fn, Counter(), fullgraph=True)(torch.randn(2))
    result = "no error"
except C.Unsupported as e:
    result = str(e)
)PY");
        QVERIFY(r.is_string());
        QVERIFY(r.get<std::string>().find("graph_break_call") != std::string::npos);
    }

    // Globals the trace writes or deletes (STORE_GLOBAL, DELETE_GLOBAL, a module's attribute):
    // later reads in the same trace see the write, and after the call the dicts hold what plain
    // CPython leaves in them. The oracle is fn run uncompiled from the same starting state.
    void globalsWrittenByTheTrace_data() {
        QTest::addColumn<QString>("code");
        QTest::addColumn<bool>("fullgraph");
        QTest::addRow("delete_then_builtin") << R"PY(
def setup():
    globals()["len"] = lambda s: 42
def state():
    return "len" in globals()
def fn(x):
    global len
    del len
    return x + len([1, 2])
)PY" << true;
        QTest::addRow("store_then_delete") << R"PY(
def setup():
    globals().pop("g_new", None)
def state():
    return "g_new" in globals()
def fn(x):
    global g_new
    g_new = x + 1
    del g_new
    return x * 2
)PY" << true;
        QTest::addRow("delete_then_store") << R"PY(
def setup():
    globals()["g_old"] = 1
    globals()["g_pad"] = 0
def state():
    names = list(globals())
    return g_old, names.index("g_old") > names.index("g_pad")
def fn(x):
    global g_old
    del g_old
    g_old = 7
    return x + g_old
)PY" << true;
        QTest::addRow("module_attribute") << R"PY(
import types
mod = types.ModuleType("ds_module_store")
exec("counter = 0\ndef bump():\n    global counter\n    counter += 1\n    return counter\n",
     mod.__dict__)
def setup():
    mod.counter = 0
def state():
    return mod.counter
def fn(x):
    mod.counter = 5
    k = mod.bump()
    return x * k * mod.counter
)PY" << true;
        // Deleting a global that is not there is CPython's NameError: a break, never a graph.
        QTest::addRow("delete_missing") << R"PY(
def setup():
    globals().pop("g_missing", None)
def state():
    return "g_missing" in globals()
def fn(x):
    global g_missing
    y = x + 1
    try:
        del g_missing
    except NameError:
        y = y * 3
    return y
)PY" << false;
    }

    void globalsWrittenByTheTrace() {
        QFETCH(QString, code);
        QFETCH(bool, fullgraph);
        Json r = run(code.toStdString() +
                     (fullgraph ? "fullgraph = True\n" : "fullgraph = False\n") + R"PY(
x = torch.randn(3)
setup()
ref, ref_state = fn(x), state()
setup()
C.reset()
cnt = Counter()
res = C.optimize(fn, cnt, fullgraph=fullgraph)(x)
result = {"equal": same(res, ref), "state": [repr(ref_state), repr(state())],
          "frames": cnt.frame_count}
)PY");
        QVERIFY2(!r.contains("python_error"), "the snippet raised");
        QVERIFY(r["equal"].get<bool>());
        QCOMPARE(r["state"][1].get<std::string>(), r["state"][0].get<std::string>());
        if (fullgraph)
            QCOMPARE(r["frames"].get<int>(), 1);
    }

    // Identities and calls the trace must decide as CPython does: an in-place op returns the
    // tensor it mutated; a module's instance forward (set after compiling) and a class's own
    // __call__ are what calling the module runs. The oracle is the uncompiled function.
    void identityAndModuleCalls() {
        Json r = run(R"PY(
import types
def inplace(x):
    y = x.add_(1)
    z = x.clone()
    w = z.mul_(2)
    return x is y, y is x, w is z, w is x
C.reset()
ok_inplace = C.optimize(inplace, Counter(), fullgraph=True)(torch.ones(2)) == inplace(torch.ones(2))

class M(torch.nn.Module):
    def forward(self, x):
        return x.cos()
class Called(torch.nn.Module):
    def __call__(self, x):
        return 5 * self.forward(x)
    def forward(self, x):
        return x * 3
m, called = M(), Called()
def fn(x):
    return m(x) + called(x)
C.reset()
cnt = Counter()
opt = C.optimize(fn, cnt)
x = torch.randn(3)
first = same(opt(x), fn(x))
m.forward = types.MethodType(lambda self, x: x.sin(), m)
second = same(opt(x), fn(x))
result = [ok_inplace, first, second, cnt.frame_count]
)PY");
        QVERIFY2(r.is_array(), r.dump().c_str());
        QVERIFY(r[0].get<bool>());
        QVERIFY(r[1].get<bool>());
        QVERIFY(r[2].get<bool>());
        QCOMPARE(r[3].get<int>(), 2); // the instance forward fails the class forward's guard
    }

    void cacheSizeLimitWarnsAndRunsUncaptured() {
        Json r = run(R"PY(
def fn(x, n):
    return x + n
C.reset()
C.set_config(cache_size_limit=2)
err, saved = io.StringIO(), sys.stderr
sys.stderr = err
try:
    cnt = Counter()
    # dynamic=False: by default n would become a dynamic int after one recompile (as in
    # PyTorch's test_no_recursive_compile_after_cache_limit_hit, which passes dynamic=False too).
    opt = C.optimize(fn, cnt, dynamic=False)
    outs = [opt(torch.ones(2), n) for n in range(5)]
finally:
    sys.stderr = saved
    C.set_config(cache_size_limit=8)
result = {"frames": cnt.frame_count, "stderr": err.getvalue(),
          "equal": all(same(o, fn(torch.ones(2), n)) for n, o in enumerate(outs))}
)PY");
        QVERIFY(r["equal"].get<bool>());
        QCOMPARE(r["frames"].get<int>(), 2);
        std::string err = r["stderr"];
        QVERIFY2(err.find("cache_size_limit (2)") != std::string::npos, err.c_str());
        QVERIFY(err.find("function: 'fn'") != std::string::npos);
    }

    void dynamicShapes() {
        Json r = run(R"PY(
def fn(x):
    return (x * 2).sum(0)
result = [run_case(fn, [(torch.randn(3, 4),), (torch.randn(5, 4),), (torch.randn(7, 4),)]),
          run_case(fn, [(torch.randn(3, 4),), (torch.randn(6, 4),)], dynamic=True)]
)PY");
        // Automatic dynamic: the size that changed becomes s0 on the recompile; then no more.
        QVERIFY(r[0]["equal"].get<bool>());
        QCOMPARE(r[0]["frames"].get<int>(), 2);
        QCOMPARE(r[0]["shapes"][1][0], Json::parse(R"(["s0", 4])"));
        QVERIFY(r[1]["equal"].get<bool>());
        QCOMPARE(r[1]["frames"].get<int>(), 1);
        QCOMPARE(r[1]["shapes"][0][0], Json::parse(R"(["s0", "s1"])"));
    }

    void everyOpcodeIsHandledOrDeclared() {
        Json r = run(R"PY(
import opcode
handled, unsupported = set(C.handled_opcodes()), set(C.unsupported_opcodes())
result = {"missing": sorted(n for n in opcode.opmap if n not in handled and n not in unsupported),
          "both": sorted(handled & unsupported),
          "unknown": sorted((handled | unsupported) - set(opcode.opmap) - {"UNARY_POSITIVE_UNUSED"})}
)PY");
        QCOMPARE(r["missing"].dump(), std::string("[]"));
        QCOMPARE(r["both"].dump(), std::string("[]"));
        QCOMPARE(r["unknown"].dump(), std::string("[]"));
    }

    void eventsAreEmitted() {
        m_events.clear();
        run(R"PY(
def fn(x):
    return x.cos() + 1
result = run_case(fn, [(torch.randn(2),)])
)PY");
        int graphs = 0, steps = 0, guards = 0, calls = 0;
        for (const Json &e : m_events) {
            std::string t = e["type"];
            graphs += t == "graph";
            steps += t == "trace_step";
            guards += t == "guards";
            calls += t == "call";
            if (t == "graph")
                QVERIFY(!e["nodes"].empty());
        }
        QCOMPARE(graphs, 1);
        QCOMPARE(guards, 1);
        QCOMPARE(calls, 1);
        QVERIFY(steps >= 5);
        bool sawTensorKind = false;
        for (const Json &e : m_events)
            if (e["type"] == "trace_step")
                for (const Json &s : e["stack"])
                    sawTensorKind =
                        sawTensorKind || s.get<std::string>() == "TensorVariable(f32[2])";
        QVERIFY(sawTensorKind);
    }
};

QTEST_GUILESS_MAIN(TestCoreCapture)
#include "tst_core_capture.moc"
