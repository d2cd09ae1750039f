// Every call of a compiled function leaves a CallRecord: checked against a plain-Python model of
// Dynamo's cache (entries in insertion order, one per new static shape, then the cache size
// limit), the `call` events carry the same records, and each entry's transformed code names its
// graph and the resume region where the function breaks.
#include "model/callrecord.h"
#include "model/event.h"
#include "model/failuretext.h"
#include "python/interpreter.h"
#include "pythonscratch.h"
#include "runtime/captureevents.h"
#include "runtime/capturemodule.h"
#include "runtime/coderecord.h"

#include <Python.h>
#include <QtTest>

#include <map>
#include <memory>
#include <string>

using namespace dynascope;

namespace {

// The oracle: which entry each call hits, or whether it compiles or falls back, for a function
// whose only guard that can fail is the size of dim 0 (dynamic=False).
const std::string kScript = std::string(kRunNodesBackend) + R"PY(
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
result = {"expected": oracle(sizes, 3), "log": C.records()[0]["call_log"],
          "recompiles": C.records()[0]["recompiles"]}
C.set_config(cache_size_limit=8)


def h(x, n):
    return x + n

def storm(calls):
    # A new int each call: every call tries every entry, each fails on n, and recompiles.
    C.reset()
    C.set_config(cache_size_limit=2000)
    opt = C.optimize(h, run_nodes, dynamic=False)
    x = torch.ones(2)
    for n in range(calls):
        assert torch.equal(opt(x, n), h(x, n))
    C.set_config(cache_size_limit=8)

def g(x):
    y = torch.relu(x)
    print("between graphs")
    return y + 1
)PY";

} // namespace

namespace {

// kScript, then `snippet` (which compiles and calls one function after C.reset()), in
// `python`'s globals: the function's cache entries.
PyRef entriesAfter(PythonScratch &python, const char *snippet) {
    python.exec(kScript.c_str());
    python.exec(snippet);
    return python.eval("C.records()[0]['entries']");
}

QString entryText(const PyRef &entries, int i) {
    PyObject *t = PyDict_GetItemString(PyList_GetItem(entries.get(), i), "transformed");
    return QString::fromUtf8(PyUnicode_AsUTF8(t));
}

long regionStart(const PyRef &entries, int i) {
    return PyLong_AsLong(PyDict_GetItemString(PyList_GetItem(entries.get(), i), "region_start"));
}

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
        PyObject *r = PyRun_String(kScript.c_str(), Py_file_input, globals, globals);
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
        // The reader's side: calls as streamed (compact), resolved from the `guards` events.
        std::vector<CallRecord> streamed;
        std::map<int, std::vector<GuardInfo>> entryGuards;
        for (const Json &e : m_events) {
            if (e.value("function", "") != "f")
                continue;
            if (e.value("type", "") == "guards")
                entryGuards[e.at("entry").get<int>()] =
                    e.at("guards").get<std::vector<GuardInfo>>();
            if (e.value("type", "") == "call") {
                // A compact verdict carries no text: no kind, source, expected or message.
                for (const Json &r : e.at("regions"))
                    for (const Json &v : r.at("tried"))
                        QVERIFY(!v.contains("message") && !v.contains("expected") &&
                                !v.contains("failure"));
                streamed.push_back(e.get<CallRecord>());
            }
        }
        const EntryGuardsLookup guards = [&](int entry) -> const std::vector<GuardInfo> * {
            auto it = entryGuards.find(entry);
            return it == entryGuards.end() ? nullptr : &it->second;
        };
        QCOMPARE(streamed.size(), expected.size());
        double lastTime = -1;
        size_t recompiles = 0;
        for (size_t i = 0; i < expected.size(); ++i) {
            CallRecord &call = streamed[i];
            resolveReasons(call, guards);
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
            QCOMPARE(call.entriesTried(), long(want["tried"].size()));
            // Runs expanded entry by entry, each failure resolved from its own entry's guards.
            size_t k = 0;
            for (const EntryVerdict &v : region.tried)
                for (int n = 0; n < v.count(); ++n, ++k) {
                    const Json &w = want["tried"][k];
                    QCOMPARE(v.entryAt(n), w["entry"].get<int>());
                    QCOMPARE(v.hit, w["hit"].get<bool>());
                    if (v.hit)
                        continue;
                    const GuardFailure f = failureAt(v, n, guards);
                    QCOMPARE(f.kind, std::string("TENSOR_MATCH"));
                    QCOMPARE(f.source, std::string("L['x']"));
                    QCOMPARE(f.check, std::string("size[0]"));
                    QCOMPARE(f.expected, w["expected"].get<std::string>());
                    QCOMPARE(f.actual, w["actual"].get<std::string>());
                    QCOMPARE(f.message, "tensor 'L['x']' size mismatch at index 0. expected " +
                                            f.expected + ", actual " + f.actual);
                }
            // Entries that failed alike are one run: a call that tried m entries, all failing
            // on the same new size, carries one verdict.
            if (region.outcome != CallOutcome::Hit && !region.tried.empty())
                QCOMPARE(region.tried.size(), size_t(1));
            // The reason resolved here is the one the runtime kept in full.
            if (region.outcome == CallOutcome::Recompile) {
                QVERIFY(recompiles < result["recompiles"].size());
                QCOMPARE(region.reason,
                         result["recompiles"][recompiles++]["reason"].get<std::string>());
            }
            // records() (explain --json) resolves the same: each run's failure for its first
            // entry, the region's reason.
            const Json &logged = log[i]["regions"][0];
            QCOMPARE(logged["tried"].size(), region.tried.size());
            for (size_t t = 0; t < region.tried.size(); ++t) {
                const EntryVerdict &v = region.tried[t];
                QCOMPARE(logged["tried"][t]["entry"].get<int>(), v.entry);
                QCOMPARE(logged["tried"][t].value("last", v.entry), v.last);
                if (!v.hit)
                    QCOMPARE(logged["tried"][t]["failure"].get<GuardFailure>(),
                             failureAt(v, 0, guards));
            }
            QCOMPARE(logged.value("reason", std::string()), region.reason);
        }
        QCOMPARE(recompiles, result["recompiles"].size());
    }

    // A recompile storm (a new int each call, the cache limit raised): the call events grow
    // linearly with the calls although call i tries i entries, and every failure resolved from
    // the entries' guards reads as the slow explanatory path words it for that entry and input.
    void stormEventsGrowLinearly() {
        PyObject *globals = PyDict_New();
        PyDict_SetItemString(globals, "__builtins__", PyEval_GetBuiltins());
        PyObject *r = PyRun_String(kScript.c_str(), Py_file_input, globals, globals);
        QVERIFY(r);
        Py_DECREF(r);
        auto runStorm = [&](int calls) {
            m_events.clear();
            std::string code = "storm(" + std::to_string(calls) + ")\n";
            PyObject *done = PyRun_String(code.c_str(), Py_file_input, globals, globals);
            if (!done)
                PyErr_Print();
            Py_XDECREF(done);
            size_t bytes = 0, count = 0;
            for (const Json &e : m_events)
                if (e.value("type", "") == "call") {
                    bytes += encodeEvent(e).size() + 1; // one line each
                    ++count;
                }
            return std::make_pair(bytes, count);
        };
        const auto [bytes200, calls200] = runStorm(200);
        const auto [bytes400, calls400] = runStorm(400);
        QCOMPARE(calls200, size_t(200));
        QCOMPARE(calls400, size_t(400));
        // Quadratic growth would give 4x (each call naming every entry it tried).
        QVERIFY2(
            double(bytes400) < 2.5 * double(bytes200),
            qPrintable(QString("%1 bytes for 400 calls, %2 for 200").arg(bytes400).arg(bytes200)));

        // The oracle: each entry's slow check (GuardSet::checkSlow) on the call's own input.
        std::map<int, std::vector<GuardInfo>> entryGuards;
        std::vector<CallRecord> calls;
        for (const Json &e : m_events) {
            if (e.value("type", "") == "guards")
                entryGuards[e.at("entry").get<int>()] =
                    e.at("guards").get<std::vector<GuardInfo>>();
            if (e.value("type", "") == "call")
                calls.push_back(e.get<CallRecord>());
        }
        const EntryGuardsLookup guards = [&](int entry) -> const std::vector<GuardInfo> * {
            auto it = entryGuards.find(entry);
            return it == entryGuards.end() ? nullptr : &it->second;
        };
        const CodeRecord *record = nullptr;
        for (const auto &rec : CodeRegistry::instance().records())
            record = rec->function == "h" ? rec.get() : record;
        QVERIFY(record);
        const Region &region = record->regions.at({0, 0});
        QCOMPARE(region.entries.size(), size_t(400));
        PyObject *x = PyRun_String("torch.ones(2)", Py_eval_input, globals, globals);
        QVERIFY(x);
        long checked = 0;
        for (const CallRecord &call : calls) {
            std::vector<PyRef> locals = {PyRef::borrow(x),
                                         PyRef::steal(PyLong_FromLong(call.index - 1))};
            SourceEnv env{&locals, nullptr, globals, PyEval_GetBuiltins()};
            QCOMPARE(call.entriesTried(), call.index - 1);
            for (const EntryVerdict &v : call.regions.at(0).tried)
                for (int k = 0; k < v.count(); ++k, ++checked) {
                    std::optional<GuardFailure> slow =
                        region.entries.at(size_t(v.entryAt(k)))->guards->checkSlow(env);
                    QVERIFY(slow && !v.hit);
                    QCOMPARE(failureAt(v, k, guards), *slow);
                }
        }
        QCOMPARE(checked, 400L * 399 / 2);
        Py_DECREF(x);
        Py_DECREF(globals);
    }

    void transformedCodeOfABreak() {
        m_events.clear();
        PythonScratch python;
        const PyRef entries = entriesAfter(
            python, "C.reset()\n"
                    "assert torch.equal(C.optimize(g, run_nodes)(torch.ones(3)), g(torch.ones(3)))\n");
        QCOMPARE(PyList_Size(entries.get()), Py_ssize_t(2));
        const QString first = entryText(entries, 0), second = entryText(entries, 1);
        const long resume = regionStart(entries, 1);
        QVERIFY2(first.contains("def __transformed_code_0_for_g(x):"), qPrintable(first));
        QVERIFY2(first.contains("__graph_out = __compiled_fn_"), qPrintable(first));
        QVERIFY2(first.contains("__result = print('between graphs')"), qPrintable(first));
        QVERIFY2(first.contains(QString("return __resume_at_%1(").arg(resume)), qPrintable(first));
        QVERIFY2(second.contains(QString("def __resume_at_%1(").arg(resume)), qPrintable(second));
        QVERIFY2(second.contains("return __graph_out[0]"), qPrintable(second));
    }

    // A break at an item store (os.environ[k] = v) is done concretely and the trace resumes
    // after it: two entries, the first storing and calling the resume function (as Dynamo's
    // break_graph_if_unsupported on STORE_SUBSCR), the variable set, the result eager's.
    void transformedCodeOfAStoreBreak() {
        PythonScratch python;
        const PyRef entries = entriesAfter(
            python,
            "import os\n"
            "def h(x):\n"
            "    y = x + 1\n"
            "    os.environ['DYNASCOPE_STORE_BREAK'] = 'set'\n"
            "    return y.sin()\n"
            "C.reset()\n"
            "os.environ.pop('DYNASCOPE_STORE_BREAK', None)\n"
            "assert torch.equal(C.optimize(h, run_nodes)(torch.ones(3)), (torch.ones(3) + 1).sin())\n"
            "assert os.environ.pop('DYNASCOPE_STORE_BREAK') == 'set'\n");
        QCOMPARE(PyList_Size(entries.get()), Py_ssize_t(2));
        const QString first = entryText(entries, 0);
        QVERIFY2(first.contains("['DYNASCOPE_STORE_BREAK'] = 'set'"), qPrintable(first));
        QVERIFY2(first.contains(QString("return __resume_at_%1(").arg(regionStart(entries, 1))),
                 qPrintable(first));
    }

};

QTEST_GUILESS_MAIN(TestCallLog)
#include "tst_calllog.moc"
