// The trace stage's tables on their own: the break catalogue (one entry per BreakId, in enum
// order) and the builtin table (every name a real builtin, the calls it models folded as
// CPython computes them).
#include "python/interpreter.h"
#include "runtime/capturemodule.h"
#include "trace/breakcatalogue.h"
#include "trace/builtintable.h"

#include <Python.h>
#include <QtTest>

#include <memory>
#include <set>

using namespace dynascope;

class TestTrace : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() {
        m_interpreter = std::make_unique<Interpreter>(std::vector<std::string>{"tst_trace"});
        QVERIFY(installCaptureModule());
    }

    void breakCatalogueHasOneEntryPerIdInOrder() {
        const auto &catalogue = breakCatalogue();
        QCOMPARE(catalogue.size(), static_cast<size_t>(BreakId::Count));
        std::set<std::string> names;
        for (size_t i = 0; i < catalogue.size(); ++i) {
            QCOMPARE(static_cast<size_t>(catalogue[i].id), i);
            QVERIFY(names.insert(catalogue[i].name).second);
            QVERIFY(std::string(catalogue[i].explanation).size() > 10);
            QVERIFY(std::string(catalogue[i].hint).size() > 10);
        }
        GraphBreak b(BreakId::TensorItem, "x.item()");
        QCOMPARE(b.typeId(), std::string("tensor_item"));
        QCOMPARE(b.reason(),
                 std::string(breakType(BreakId::TensorItem).explanation) + ": x.item()");
    }

    void builtinTableNamesRealBuiltins() {
        const BuiltinTable &table = BuiltinTable::instance();
        QVERIFY(table.names().size() >= 20);
        QCOMPARE(PyRun_SimpleString("import collections, functools, itertools, warnings"), 0);
        for (const std::string &name : table.names()) {
            PyObject *fn = BuiltinTable::resolve(name);
            QVERIFY2(fn, name.c_str());
            QVERIFY2(table.find(fn), name.c_str());
        }
        // Objects that only share a name with an entry are not it.
        QVERIFY(!table.find(Py_None));
        PyObject *globals = PyDict_New();
        PyDict_SetItemString(globals, "__builtins__", PyEval_GetBuiltins());
        PyObject *r = PyRun_String("def len(x):\n    return 0\nclass chain:\n    pass\n"
                                   "chain.__module__ = 'itertools'\n",
                                   Py_file_input, globals, globals);
        QVERIFY(r);
        Py_DECREF(r);
        QVERIFY(!table.find(PyDict_GetItemString(globals, "len")));
        QVERIFY(!table.find(PyDict_GetItemString(globals, "chain")));
        Py_DECREF(globals);
    }

    // Builtins the table models, traced on lists, against plain CPython.
    void builtinsTraceAsCPythonRuns() {
        const char *script = R"PY(
import _dynascope_capture as C
def fn(xs, d):
    pairs = list(zip(xs, [1, 2, 3]))
    return (len(xs), isinstance(xs, list), type(d) is dict, list(enumerate(xs, 1)), pairs,
            list(map(lambda a: a * 2, xs)), sum(xs), getattr(3, "missing", 7), hasattr(d, "get"),
            next(iter(xs)), tuple(xs), dict(a=1))
frames = []
def backend(spec, inputs):
    frames.append(spec)
    raise AssertionError("no graph expected: no tensor in fn")
compiled = C.optimize(fn, backend)
got = compiled([3, 4, 5], {"k": 1})
want = fn([3, 4, 5], {"k": 1})
ok = got == want and not frames
)PY";
        PyObject *globals = PyDict_New();
        PyDict_SetItemString(globals, "__builtins__", PyEval_GetBuiltins());
        PyObject *r = PyRun_String(script, Py_file_input, globals, globals);
        if (!r)
            PyErr_Print();
        QVERIFY(r);
        Py_DECREF(r);
        QCOMPARE(PyDict_GetItemString(globals, "ok"), Py_True);
        Py_DECREF(globals);
    }

    // The standard-library callables the table models, on constants and lists, against plain
    // CPython; no graph and no break (a break would run fn uncaptured and hide a wrong model).
    void libraryCallablesTraceAsCPythonRuns() {
        const char *script = R"PY(
import _dynascope_capture as C
import collections, functools, itertools, operator
Point = collections.namedtuple("Point", ["x", "y"], defaults=(0,))
def fn(xs):
    it = iter(xs)
    d = collections.OrderedDict(zip("abc", xs))
    moved = d.pop("b")
    dd = collections.defaultdict(int)
    for k in "abca":
        dd[k] += 1
    q = collections.deque(xs)
    q.rotate(-1)
    p = Point(xs[0])
    return (list(itertools.islice(it, 1, None, 2)), list(it), sorted(xs, key=lambda v: -v),
            list(reversed(xs)), list(itertools.chain(xs, "ab")), list(itertools.product(xs, repeat=2)),
            list(itertools.combinations(xs, 2)), functools.reduce(operator.mul, xs, 1),
            callable(len), callable(3), max(xs, key=lambda v: v % 3), min(7, *xs),
            type(d).__name__, list(d.items()), moved, dict(dd), list(q), p, p._fields, any(v > 4 for v in xs),
            all(v > 2 for v in xs), list(zip(it, xs)), list(itertools.repeat(2, 3)))
frames = []
def backend(spec, inputs):
    frames.append(spec)
    raise AssertionError("no graph expected: no tensor in fn")
C.reset()
compiled = C.optimize(fn, backend)
got = compiled([3, 4, 5])
want = fn([3, 4, 5])
breaks = [b for r in C.records() for b in r["breaks"]]
ok = got == want and not frames and not breaks
if not ok:
    print(got, want, breaks)
)PY";
        PyObject *globals = PyDict_New();
        PyDict_SetItemString(globals, "__builtins__", PyEval_GetBuiltins());
        PyObject *r = PyRun_String(script, Py_file_input, globals, globals);
        if (!r)
            PyErr_Print();
        QVERIFY(r);
        Py_DECREF(r);
        QCOMPARE(PyDict_GetItemString(globals, "ok"), Py_True);
        Py_DECREF(globals);
    }

private:
    std::unique_ptr<Interpreter> m_interpreter;
};

QTEST_GUILESS_MAIN(TestTrace)
#include "tst_trace.moc"
