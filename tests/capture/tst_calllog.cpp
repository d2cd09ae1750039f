// Every call of a compiled function leaves a CallRecord: checked against a plain-Python model of
// Dynamo's cache (entries in insertion order, one per new static shape, then the cache size
// limit), the `call` events carry the same records, and each entry's transformed code names its
// graph and the resume region where the function breaks.
#include "runtime/captureevents.h"
#include "runtime/capturemodule.h"
#include "model/callrecord.h"
#include "python/interpreter.h"

#include <Python.h>
#include <QtTest>

#include <memory>

using namespace dynascope;

namespace {

// The oracle: which entry each call hits, or whether it compiles or falls back, for a function
// whose only guard that can fail is the size of dim 0 (dynamic=False).
const char *kScript = R"PY(
import json, torch, _dynascope_capture as C

def oracle(sizes, limit):
    cache, out = [], []
    for n in sizes:
        tried = []
        for i, m in enumerate(cache):
            if m == n:
                tried.append({"entry": i, "hit": True})
                break
            tried.append({"entry": i, "hit": False, "expected": str(m), "actual": str(n)})
        if tried and tried[-1]["hit"]:
            out.append({"result": "hit", "entry": tried[-1]["entry"], "tried": tried})
        elif not cache:
            cache.append(n)
            out.append({"result": "miss", "entry": 0, "tried": tried})
        elif len(cache) < limit:
            cache.append(n)
            out.append({"result": "recompile", "entry": len(cache) - 1, "tried": tried})
        else:
            out.append({"result": "cache_limit", "entry": -1, "tried": tried})
    return out

def keep(spec, inputs):
    def run(x):
        return (x * 2,)
    return run

def f(x):
    return x * 2

C.reset()
C.set_config(cache_size_limit=3)
opt = C.optimize(f, keep, dynamic=False)
sizes = [2, 3, 2, 4, 5, 3, 6, 2, 4]
for n in sizes:
    assert torch.equal(opt(torch.ones(n)), f(torch.ones(n)))
result = {"expected": oracle(sizes, 3), "log": C.records()[0]["call_log"]}
C.set_config(cache_size_limit=8)

def run_nodes(spec, inputs):
    # a backend that runs graph_spec nodes with their targets
    nodes = spec["nodes"]
    def run(*args):
        env = dict(zip([n["name"] for n in nodes if n["op"] == "placeholder"], args))
        def ev(a):
            if "node" in a: return env[a["node"]]
            if "const" in a: return a["const"]
            seq = [ev(x) for x in a.get("list", a.get("tuple", []))]
            return seq if "list" in a else tuple(seq)
        for n in nodes:
            args_ = [ev(a) for a in n["args"]]
            if n["op"] == "call_function":
                env[n["name"]] = n["target_obj"](*args_, **{k: ev(v) for k, v in n["kwargs"].items()})
            elif n["op"] == "call_method":
                env[n["name"]] = getattr(args_[0], n["target"])(*args_[1:])
            elif n["op"] == "output":
                return args_[0]
    return run

def g(x):
    y = torch.relu(x)
    print("between graphs")
    return y + 1
)PY";

} // namespace

class TestCallLog : public QObject {
    Q_OBJECT

private:
    std::unique_ptr<Interpreter> m_interpreter;
    std::vector<Json> m_events;

private slots:
    void initTestCase() {
        m_interpreter = std::make_unique<Interpreter>(std::vector<std::string>{"tst_calllog"});
        setCaptureEventSink([this](const Json &e) { m_events.push_back(e); });
        QVERIFY(installCaptureModule());
    }

    void callsAgainstTheCacheModel() {
        PyObject *globals = PyDict_New();
        PyDict_SetItemString(globals, "__builtins__", PyEval_GetBuiltins());
        PyObject *r = PyRun_String(kScript, Py_file_input, globals, globals);
        if (!r)
            PyErr_Print();
        QVERIFY(r);
        Py_DECREF(r);
        PyObject *json = PyImport_ImportModule("json");
        PyObject *text =
            PyObject_CallMethod(json, "dumps", "O", PyDict_GetItemString(globals, "result"));
        QVERIFY(text);
        Json result = Json::parse(PyUnicode_AsUTF8(text));
        Py_DECREF(text);
        Py_DECREF(json);
        Py_DECREF(globals);

        const Json &expected = result["expected"];
        const Json &log = result["log"];
        QCOMPARE(log.size(), expected.size());
        std::vector<CallRecord> streamed;
        for (const Json &e : m_events)
            if (e.value("type", "") == "call" && e.value("function", "") == "f")
                streamed.push_back(e.get<CallRecord>());
        QCOMPARE(streamed.size(), expected.size());
        double lastTime = -1;
        for (size_t i = 0; i < expected.size(); ++i) {
            const CallRecord call = log[i].get<CallRecord>();
            const Json &want = expected[i];
            QCOMPARE(call.index, long(i + 1));
            QVERIFY(call.timeUs >= lastTime);
            lastTime = call.timeUs;
            QVERIFY(call.guardUs >= 0);
            QCOMPARE(int(call.regions.size()), 1);
            const RegionCall &region = call.regions[0];
            QCOMPARE(std::string(callOutcomeName(region.outcome)),
                     want["result"].get<std::string>());
            QCOMPARE(region.entry, want["entry"].get<int>());
            QCOMPARE(region.tried.size(), want["tried"].size());
            for (size_t k = 0; k < region.tried.size(); ++k) {
                const EntryVerdict &v = region.tried[k];
                QCOMPARE(v.entry, want["tried"][k]["entry"].get<int>());
                QCOMPARE(v.hit, want["tried"][k]["hit"].get<bool>());
                if (v.hit)
                    continue;
                QCOMPARE(v.failure.kind, std::string("TENSOR_MATCH"));
                QCOMPARE(v.failure.check, std::string("size[0]"));
                QCOMPARE(v.failure.expected, want["tried"][k]["expected"].get<std::string>());
                QCOMPARE(v.failure.actual, want["tried"][k]["actual"].get<std::string>());
                QCOMPARE(v.failure.message, "tensor 'L['x']' size mismatch at index 0. expected " +
                                                v.failure.expected + ", actual " +
                                                v.failure.actual);
            }
            if (region.outcome == CallOutcome::Recompile ||
                region.outcome == CallOutcome::CacheLimit)
                QCOMPARE(region.reason, region.tried.back().failure.message);
            // The streamed event is the same record.
            QCOMPARE(Json(streamed[i]).dump(), Json(call).dump());
            QCOMPARE(std::string(callOutcomeName(streamed[i].outcome())),
                     std::string(callOutcomeName(call.outcome())));
            QCOMPARE(streamed[i].regions[0].tried.size(), region.tried.size());
        }
    }

    void transformedCodeOfABreak() {
        m_events.clear();
        PyObject *globals = PyDict_New();
        PyDict_SetItemString(globals, "__builtins__", PyEval_GetBuiltins());
        PyObject *r = PyRun_String(kScript, Py_file_input, globals, globals);
        QVERIFY(r);
        Py_DECREF(r);
        r = PyRun_String(
            "C.reset()\n"
            "assert torch.equal(C.optimize(g, run_nodes)(torch.ones(3)), g(torch.ones(3)))\n"
            "entries = C.records()[0]['entries']\n",
            Py_file_input, globals, globals);
        if (!r)
            PyErr_Print();
        QVERIFY(r);
        Py_DECREF(r);
        PyObject *entries = PyDict_GetItemString(globals, "entries");
        QCOMPARE(PyList_Size(entries), Py_ssize_t(2));
        auto text = [&](int i) {
            PyObject *t = PyDict_GetItemString(PyList_GetItem(entries, i), "transformed");
            return QString::fromUtf8(PyUnicode_AsUTF8(t));
        };
        auto start = [&](int i) {
            return PyLong_AsLong(PyDict_GetItemString(PyList_GetItem(entries, i), "region_start"));
        };
        const QString first = text(0), second = text(1);
        QVERIFY2(first.contains("def __transformed_code_0_for_g(x):"), qPrintable(first));
        QVERIFY2(first.contains("__graph_out = __compiled_fn_"), qPrintable(first));
        QVERIFY2(first.contains("__result = print('between graphs')"), qPrintable(first));
        QVERIFY2(first.contains(QString("return __resume_at_%1(").arg(start(1))),
                 qPrintable(first));
        QVERIFY2(second.contains(QString("def __resume_at_%1(").arg(start(1))), qPrintable(second));
        QVERIFY2(second.contains("return __graph_out[0]"), qPrintable(second));
        Py_DECREF(globals);
    }
};

QTEST_GUILESS_MAIN(TestCallLog)
#include "tst_calllog.moc"
