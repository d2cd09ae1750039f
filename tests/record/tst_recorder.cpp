// Recorder in process: recorded stacks, locals and events checked against CPython itself (values
// it computed, dis, sys.settrace's line events) on real scripts.
#include "model/capturefile.h"
#include "python/interpreter.h"
#include "python/outputcapture.h"
#include "python/scriptrunner.h"
#include "record/recorder.h"
#include "record/stepencoder.h"

#include <Python.h>

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <sstream>

#include <memory>
#include <set>

using namespace dynascope;

namespace {

struct Recording {
    std::vector<Step> steps;  // sorted by index
    std::vector<Json> events; // every event the sink received, in order
    std::string output;
    int status = -1;
    bool limitReached = false;
    PyRef globals;

    std::vector<Step> inFunction(const std::string &function) const {
        std::vector<Step> result;
        for (const Step &s : steps)
            if (s.function == function)
                result.push_back(s);
        return result;
    }
    const Step *find(const std::string &function, const std::string &opname,
                     const std::string &argrepr = {}) const {
        for (const Step &s : steps)
            if (s.function == function && s.opname == opname &&
                (argrepr.empty() || s.argrepr == argrepr))
                return &s;
        return nullptr;
    }
    const Step *findEvent(const std::string &function, const std::string &event) const {
        for (const Step &s : steps)
            if (s.function == function && s.event == event)
                return &s;
        return nullptr;
    }
    std::string local(const std::string &function, const std::string &name) const {
        std::string last;
        for (const Step &s : steps)
            if (s.function == function)
                if (auto it = s.locals.find(name); it != s.locals.end())
                    last = it->second;
        return last;
    }
};

std::string asString(PyObject *object) {
    PyRef text = PyRef::steal(PyObject_Str(object));
    const char *utf8 = text ? PyUnicode_AsUTF8(text.get()) : nullptr;
    std::string result = utf8 ? utf8 : "";
    PyErr_Clear();
    return result;
}

} // namespace

class TestRecorder : public QObject {
    Q_OBJECT
private:
    std::unique_ptr<Interpreter> m_interpreter;
    QTemporaryDir m_dir;
    int m_scripts = 0;

    QString writeFile(const QString &name, const QByteArray &text) {
        QString path = QDir(m_dir.path()).absoluteFilePath(name);
        QFile file(path);
        file.open(QIODevice::WriteOnly | QIODevice::Truncate);
        file.write(text);
        return path;
    }

    Recording record(const QByteArray &source, RecorderOptions options = {}) {
        Recording result;
        QString path = writeFile(QString("script%1.py").arg(++m_scripts), source);
        OutputCapture capture(
            [&result](const std::string &, const std::string &text) { result.output += text; });
        ScriptRunner runner(path.toStdString(), {});
        if (runner.load() != ScriptRunner::LoadResult::Loaded)
            return result;
        options.scriptPath = path.toStdString();
        Recorder recorder(options);
        recorder.setStepSink([&result](const Step &step) { result.steps.push_back(step); });
        recorder.setEventSink([&result](const Json &event) { result.events.push_back(event); });
        recorder.start();
        result.status = runner.execute();
        recorder.stop();
        result.limitReached = recorder.limitReached();
        result.globals = PyRef::borrow(runner.globals());
        std::stable_sort(result.steps.begin(), result.steps.end(),
                         [](const Step &a, const Step &b) { return a.index < b.index; });
        return result;
    }

    // Evaluates `expression` in the recorded script's globals (after it ran) and returns str().
    std::string evaluate(const Recording &recording, const char *expression) {
        PyRef value = PyRef::steal(PyRun_String(expression, Py_eval_input, recording.globals.get(),
                                                recording.globals.get()));
        if (!value) {
            PyErr_Print();
            return "<error>";
        }
        return asString(value.get());
    }

private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        m_interpreter = std::make_unique<Interpreter>();
    }
    void cleanupTestCase() { m_interpreter.reset(); }

    void stackAfterBinaryOpAndLocals() {
        Recording r = record("def f(a, b):\n"
                             "    c = a * b + 1\n"
                             "    return c\n"
                             "\n"
                             "r = f(2, 3)\n"
                             "print(r)\n");
        QCOMPARE(r.status, 0);
        QCOMPARE(r.output, std::string("7\n"));
        const Step *mul = r.find("f", "BINARY_OP", "*");
        QVERIFY(mul);
        QVERIFY(!mul->stack.empty());
        QCOMPARE(mul->stack.back().repr, std::string("6"));
        QCOMPARE(mul->stack.back().type, std::string("int"));
        const Step *store = r.find("f", "STORE_FAST", "c");
        QVERIFY(store);
        QCOMPARE(store->locals.at("c"), std::string("7"));
        QVERIFY(store->stack.empty());
        // The call event carries the arguments; the return event the returned value.
        const Step *call = r.findEvent("f", "call");
        QVERIFY(call);
        QCOMPARE(call->locals.at("a"), std::string("2"));
        QCOMPARE(call->locals.at("b"), std::string("3"));
        QCOMPARE(call->depth, 1);
        const Step *ret = r.findEvent("f", "return");
        QVERIFY(ret);
        QCOMPARE(ret->argrepr, std::string("7"));
        // The caller's CALL: after the call returned, its value is on top of the stack.
        const Step *caller = r.find("<module>", "CALL");
        QVERIFY(caller);
        QVERIFY(caller->index < call->index); // created first, completed after the callee
        QCOMPARE(caller->stack.back().repr, std::string("7"));
        QCOMPARE(r.local("<module>", "r"), std::string("7"));
        // Indices are contiguous from 0: nothing lost, nothing twice.
        for (size_t i = 0; i < r.steps.size(); ++i)
            QCOMPARE(r.steps[i].index, static_cast<long long>(i));
    }

    // Oracle: the opnames of a straight-line function equal dis.get_instructions' (minus RESUME,
    // which CPython never reports), and each stack top equals what Python computes.
    void opnamesMatchDis() {
        Recording r = record("def g(x, y):\n"
                             "    z = (x + y) * (x - y)\n"
                             "    w = [z, x, y]\n"
                             "    return len(w) + z // 3\n"
                             "\n"
                             "g(7, 4)\n");
        QCOMPARE(r.status, 0);
        std::string expected =
            evaluate(r, "' '.join(i.opname for i in __import__('dis').get_instructions(g) if "
                        "i.opname != 'RESUME')");
        std::string recorded;
        for (const Step &s : r.inFunction("g"))
            if (s.event == "instruction")
                recorded += (recorded.empty() ? "" : " ") + s.opname;
        QCOMPARE(recorded, expected);
        QCOMPARE(r.find("g", "BINARY_OP", "*")->stack.back().repr,
                 evaluate(r, "(7 + 4) * (7 - 4)"));
        QCOMPARE(r.find("g", "BUILD_LIST")->stack.back().repr, std::string("[33, 7, 4]"));
        QCOMPARE(r.findEvent("g", "return")->argrepr, evaluate(r, "g(7, 4)"));
    }

    // IS_OP and CONTAINS_OP have an empty argrepr: the recorded argument is the only record of
    // `is not` / `not in` (1) versus `is` / `in` (0). Oracle: dis's arg for the same instructions.
    void invertingOpsCarryTheArgument() {
        Recording r = record("def k(x):\n"
                             "    return x is not None, 1 not in [x]\n"
                             "\n"
                             "k(3)\n");
        QCOMPARE(r.status, 0);
        const Step *isNot = r.find("k", "IS_OP");
        QVERIFY(isNot);
        QCOMPARE(isNot->argrepr, std::string());
        QCOMPARE(isNot->arg, 1);
        const Step *notIn = r.find("k", "CONTAINS_OP");
        QVERIFY(notIn);
        QCOMPARE(std::to_string(notIn->arg),
                 evaluate(r, "[i.arg for i in __import__('dis').get_instructions(k) if "
                             "i.opname == 'CONTAINS_OP'][0]"));
        QCOMPARE(r.find("k", "LOAD_FAST", "x")->arg, 0); // an ordinary argument: the slot
        QCOMPARE(r.findEvent("k", "return")->arg, -1);   // frame events have none
    }

    // Oracle: the line events sys.settrace reports for the same function, derived from our steps
    // with CPython's rule (a new line, or a jump backwards).
    void linesMatchSettrace() {
        Recording r = record("def h(n):\n"
                             "    total = 0\n"
                             "    for i in range(n):\n"
                             "        if i % 2:\n"
                             "            total += i\n"
                             "        else:\n"
                             "            total -= 1\n"
                             "    return total\n"
                             "\n"
                             "h(5)\n");
        QCOMPARE(r.status, 0);
        std::string ours;
        int lastLine = -1, lastOffset = -1;
        for (const Step &s : r.inFunction("h")) {
            if (s.event != "instruction")
                continue;
            if (s.line != lastLine || s.offset < lastOffset)
                ours += std::to_string(s.line) + " ";
            lastLine = s.line;
            lastOffset = s.offset;
        }
        PyRun_String("import sys\n"
                     "_lines = []\n"
                     "def _tracer(frame, event, arg):\n"
                     "    if frame.f_code is h.__code__:\n"
                     "        if event == 'line':\n"
                     "            _lines.append(frame.f_lineno)\n"
                     "        return _tracer\n"
                     "sys.settrace(_tracer)\n"
                     "h(5)\n"
                     "sys.settrace(None)\n",
                     Py_file_input, r.globals.get(), r.globals.get());
        QVERIFY(!PyErr_Occurred());
        std::string oracle = evaluate(r, "''.join(f'{l} ' for l in _lines)");
        QCOMPARE(ours, oracle);
    }

    void exceptionEvents() {
        Recording r = record("def fail(x):\n"
                             "    raise ValueError('bad value ' + str(x))\n"
                             "\n"
                             "try:\n"
                             "    fail(4)\n"
                             "except ValueError:\n"
                             "    pass\n"
                             "print('after')\n");
        QCOMPARE(r.status, 0);
        QCOMPARE(r.output, std::string("after\n"));
        const Step *raised = r.findEvent("fail", "exception");
        QVERIFY(raised);
        QCOMPARE(raised->argrepr, std::string("ValueError: bad value 4"));
        QCOMPARE(raised->line, 2);
        QCOMPARE(raised->stack.at(0).type, std::string("ValueError"));
        const Step *unwound = r.findEvent("fail", "return");
        QVERIFY(unwound);
        QCOMPARE(unwound->argrepr, std::string("(exception)"));
        // It passes through the caller too, which then runs its handler.
        const Step *inCaller = r.findEvent("<module>", "exception");
        QVERIFY(inCaller);
        QVERIFY(inCaller->index > raised->index);
        QVERIFY(r.find("<module>", "PUSH_EXC_INFO"));
    }

    void uncaughtExceptionEndsTheRun() {
        Recording r = record("def div(a, b):\n    return a / b\n\ndiv(1, 0)\n");
        QCOMPARE(r.status, 1);
        const Step *raised = r.findEvent("div", "exception");
        QVERIFY(raised);
        QVERIFY(QString::fromStdString(raised->argrepr).startsWith("ZeroDivisionError"));
        const Step *moduleReturn = r.findEvent("<module>", "return");
        QVERIFY(moduleReturn);
        QCOMPARE(moduleReturn->argrepr, std::string("(exception)"));
        QVERIFY(!PyErr_Occurred());
    }

    void stepLimitStopsRecordingNotTheScript() {
        RecorderOptions options;
        options.maxSteps = 300;
        Recording r = record("total = 0\n"
                             "def step(t, i):\n"
                             "    return t + i\n"
                             "for i in range(2000):\n"
                             "    total = step(total, i)\n"
                             "print('finished', total)\n",
                             options);
        QCOMPARE(r.status, 0);
        QCOMPARE(r.output, std::string("finished 1999000\n"));
        QVERIFY(r.limitReached);
        QCOMPARE(r.steps.size(), size_t(300));
        for (size_t i = 0; i < r.steps.size(); ++i)
            QCOMPARE(r.steps[i].index, static_cast<long long>(i));
        const Json &last = r.events.back();
        QCOMPARE(last.value("type", std::string()), std::string("recording_stopped"));
        QCOMPARE(last.value("steps", 0), 300);
        QCOMPARE(last.value("message", std::string()),
                 std::string("recording stopped at 300 steps"));
    }

    void boundedReprs() {
        Recording r = record("import torch\n"
                             "class Bad:\n"
                             "    def __repr__(self):\n"
                             "        raise ValueError('no repr for you')\n"
                             "t = torch.arange(1000000, dtype=torch.float32)\n"
                             "big = list(range(1000000))\n"
                             "text = 'x' * 1000000\n"
                             "huge = 7 ** 100000\n"
                             "b = Bad()\n"
                             "w = torch.ones(2, 3, requires_grad=True)\n"
                             "print('ok')\n");
        QCOMPARE(r.status, 0);
        QCOMPARE(r.output, std::string("ok\n"));
        for (const char *name : {"t", "big", "text", "huge", "b", "w"}) {
            std::string repr = r.local("<module>", name);
            QVERIFY2(!repr.empty(), name);
            QVERIFY2(repr.size() <= 80, repr.c_str());
        }
        QVERIFY(QString::fromStdString(r.local("<module>", "t")).startsWith("tensor([0., 1., 2."));
        QVERIFY(r.local("<module>", "t").find("shape=[1000000]") != std::string::npos);
        QVERIFY(r.local("<module>", "big").find("999992 more") != std::string::npos);
        QVERIFY(r.local("<module>", "b").find("<repr raised ValueError: no repr for you>") !=
                std::string::npos);
        // Tensor meta on the stack: shape, dtype, requires_grad.
        const Step *store = r.find("<module>", "STORE_NAME", "w");
        QVERIFY(store);
        const Step *made = nullptr;
        for (const Step &s : r.steps)
            if (s.index == store->index - 1)
                made = &s;
        QVERIFY(made);
        const StackValue &tensor = made->stack.back();
        QCOMPARE(tensor.type, std::string("Tensor"));
        QCOMPARE(tensor.shape, std::string("[2, 3]"));
        QCOMPARE(tensor.dtype, std::string("float32"));
        QVERIFY(tensor.requiresGrad);
    }

    // The stride recorded for a tensor on the stack is what Tensor.stride() says in the run
    // (printed by the script itself: the oracle), for a contiguous tensor and for views.
    void tensorStrideAsTorchGivesIt() {
        Recording r = record("import torch\n"
                             "a = torch.ones(3, 5)\n"
                             "v = a[:, 1:].t()\n"
                             "e = torch.ones(4, 1).expand(4, 6)\n"
                             "for t in (a, v, e):\n"
                             "    print(list(t.stride()))\n");
        QCOMPARE(r.status, 0);
        std::vector<std::string> printed;
        std::stringstream lines(r.output);
        for (std::string line; std::getline(lines, line);)
            printed.push_back(line);
        QCOMPARE(int(printed.size()), 3);
        const char *names[] = {"a", "v", "e"};
        for (int i = 0; i < 3; ++i) {
            const Step *store = r.find("<module>", "STORE_NAME", names[i]);
            QVERIFY2(store, names[i]);
            const Step *made = nullptr;
            for (const Step &s : r.steps)
                if (s.index == store->index - 1)
                    made = &s;
            QVERIFY(made && !made->stack.empty());
            QCOMPARE(made->stack.back().stride, printed[i]);
        }
        QCOMPARE(printed[1], std::string("[1, 5]")); // the view really is transposed
    }

    void libraryFramesOnlyWithTheOption() {
        writeFile("helper_mod.py", "def twice(x):\n    return 2 * x\n");
        QByteArray source = "import json, helper_mod\n"
                            "s = json.dumps([1, 2])\n"
                            "v = helper_mod.twice(21)\n";
        Recording own = record(source);
        QCOMPARE(own.status, 0);
        bool library = false, helper = false;
        for (const Step &s : own.steps) {
            library |= s.file.find("/json/") != std::string::npos;
            helper |= s.function == "twice";
        }
        QVERIFY(!library);
        QVERIFY(helper); // a module next to the script is the script's own code
        QCOMPARE(own.local("<module>", "v"), std::string("42"));

        RecorderOptions options;
        options.includeLibrary = true;
        options.maxSteps = 1000000;
        Recording all = record(source, options);
        QCOMPARE(all.status, 0);
        library = false;
        for (const Step &s : all.steps)
            library |= s.file.find("/json/") != std::string::npos;
        QVERIFY(library);
    }

    void generatorKeepsItsFrame() {
        Recording r = record("def gen(n):\n"
                             "    for i in range(n):\n"
                             "        yield i * 10\n"
                             "out = list(gen(3))\n");
        QCOMPARE(r.status, 0);
        QCOMPARE(r.local("<module>", "out"), std::string("[0, 10, 20]"));
        std::set<long long> frames;
        int calls = 0, returns = 0;
        for (const Step &s : r.inFunction("gen")) {
            frames.insert(s.frame);
            calls += s.event == "call";
            returns += s.event == "return";
        }
        QCOMPARE(frames.size(), size_t(1)); // one activation across its resumptions
        QCOMPARE(calls, 4);                 // start + 3 resumptions
        QCOMPARE(returns, 4);               // 3 yields + the end
        for (size_t i = 0; i < r.steps.size(); ++i)
            QCOMPARE(r.steps[i].index, static_cast<long long>(i));
    }

    void recursionGetsDistinctFrames() {
        Recording r = record("def fact(n):\n"
                             "    return 1 if n <= 1 else n * fact(n - 1)\n"
                             "x = fact(5)\n");
        std::set<long long> frames;
        int deepest = 0;
        for (const Step &s : r.inFunction("fact")) {
            frames.insert(s.frame);
            deepest = std::max(deepest, s.depth);
        }
        QCOMPARE(frames.size(), size_t(5));
        QCOMPARE(deepest, 5);
        QCOMPARE(r.local("<module>", "x"), std::string("120"));
    }

    // Oracle: nlohmann's own encoding of the same Step (what encodeEvent gives the worker).
    void stepEncoderMatchesNlohmann() {
        Recording r = record("import torch\n"
                             "class Raw:\n"
                             "    def __repr__(self):\n"
                             "        return 'ctl\\x01 nl\\n tab\\t quote\" back\\\\ del\\x7f "
                             "caf\\u00e9 \\U0001F600'\n"
                             "def f(s):\n"
                             "    t = s + '\\t\"q\"\\\\ \\x01 caf\\u00e9 \\n'\n"
                             "    d = {'k': [1.5, None, True], 'z': (1,)}\n"
                             "    return t, d, Raw(), torch.ones(2, requires_grad=True)\n"
                             "x = f('a\\rb')\n");
        QCOMPARE(r.status, 0);
        QVERIFY(r.steps.size() > 20);
        bool sawEscapes = false;
        for (const Step &step : r.steps) {
            Json event = step;
            event["type"] = EventType::Step;
            QCOMPARE(StepEncoder::encode(step), encodeEvent(event));
            sawEscapes |= StepEncoder::encode(step).find("\\u0001") != std::string::npos;
        }
        QVERIFY(sawEscapes);
        Step odd;
        odd.argrepr = std::string("bad \xff utf-8");
        Json event = odd;
        event["type"] = EventType::Step;
        QCOMPARE(StepEncoder::encode(odd), encodeEvent(event));
    }

    void saveAndReopen() {
        Recording r = record("def f(a):\n    return [a, a * 2]\nv = f(3)\n");
        CaptureFile capture;
        for (const Json &event : r.events)
            QVERIFY(capture.append(event));
        QString path = QDir(m_dir.path()).absoluteFilePath("run.dscap");
        std::string error;
        QVERIFY2(capture.save(path.toStdString(), error), error.c_str());
        CaptureFile reopened;
        std::vector<CaptureFile::Problem> problems;
        QVERIFY(reopened.load(path.toStdString(), problems));
        QVERIFY(problems.empty());
        std::vector<Step> steps = reopened.steps(problems);
        QVERIFY(problems.empty());
        QCOMPARE(steps.size(), r.steps.size());
        for (size_t i = 0; i < steps.size(); ++i) {
            QCOMPARE(Json(steps[i]).dump(), Json(r.steps[i]).dump());
        }
        std::vector<CodeInfo> codes = reopened.codes(problems);
        QVERIFY(problems.empty());
        QCOMPARE(codes.size(), size_t(2)); // <module> and f, each sent once before its steps
    }
};

QTEST_GUILESS_MAIN(TestRecorder)
#include "tst_recorder.moc"
