// bench_record: the recorder's cost on a numeric loop of about a million instructions, against
// the same function run plainly in the same interpreter. Not a test: prints figures.
// `bench_record --no-json` skips the (slow) JSON-encoding run.
#include "model/event.h"
#include "python/interpreter.h"
#include "python/pyref.h"
#include "record/recorder.h"

#include <Python.h>

#include <frameobject.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <time.h>
#include <unistd.h>

using namespace dynascope;

namespace {

// 11 instructions per iteration (FOR_ITER … JUMP_BACKWARD): 91,000 iterations ≈ 1,000,000.
const char *Source = "def work(n):\n"
                     "    total = 0\n"
                     "    for i in range(n):\n"
                     "        total += i * 2 % 7\n"
                     "    return total\n";
constexpr long Iterations = 91000;

// CPU time of this thread: the 2 shared cores of the build machine are busy with other work, and
// wall time would measure that rather than us.
double cpuNow() {
    timespec now;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
    return static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) * 1e-9;
}

// CPython's own price for opcode events: a C trace function that only switches them on.
int emptyTrace(PyObject *, PyFrameObject *frame, int what, PyObject *) {
    if (what == PyTrace_CALL)
        PyObject_SetAttrString(reinterpret_cast<PyObject *>(frame), "f_trace_opcodes", Py_True);
    return 0;
}

double timeCall(PyObject *work, PyObject *args, PyRef &result) {
    double start = cpuNow();
    result = PyRef::steal(PyObject_CallObject(work, args));
    double elapsed = cpuNow() - start;
    if (!result) {
        PyErr_Print();
        std::exit(1);
    }
    return elapsed;
}

} // namespace

int main(int argc, char **argv) {
    bool withJson = !(argc > 1 && std::string(argv[1]) == "--no-json");
    char folder[] = "/tmp/bench_record_XXXXXX";
    if (!mkdtemp(folder))
        return 1;
    std::string path = std::string(folder) + "/bench.py";
    std::ofstream(path) << Source;

    Interpreter interpreter;
    PyRef globals = PyRef::steal(PyDict_New());
    PyDict_SetItemString(globals.get(), "__builtins__", PyEval_GetBuiltins());
    PyRef code = PyRef::steal(Py_CompileString(Source, path.c_str(), Py_file_input));
    PyRef module =
        code ? PyRef::steal(PyEval_EvalCode(code.get(), globals.get(), globals.get())) : PyRef();
    PyObject *work = PyDict_GetItemString(globals.get(), "work");
    if (!work) {
        PyErr_Print();
        return 1;
    }
    PyRef args = PyRef::steal(Py_BuildValue("(l)", Iterations));
    PyRef result;

    timeCall(work, args.get(), result); // warm up: quickening, caches
    double plain = 1e9;
    for (int i = 0; i < 5; ++i)
        plain = std::min(plain, timeCall(work, args.get(), result));

    PyEval_SetTrace(emptyTrace, nullptr);
    double emptyTraced = timeCall(work, args.get(), result);
    PyEval_SetTrace(nullptr, nullptr);

    RecorderOptions options;
    options.scriptPath = path;
    options.maxSteps = 10'000'000;
    long long steps = 0;
    double recorded = 0;
    recorded = 1e9;
    for (int run = 0; run < 3; ++run) { // the best of three, as for the plain runs
        Recorder recorder(options);
        steps = 0;
        recorder.setStepSink([&steps](const Step &) { ++steps; });
        recorder.start();
        recorded = std::min(recorded, timeCall(work, args.get(), result));
        recorder.stop();
    }

    long long jsonSteps = 0;
    size_t jsonBytes = 0;
    double recordedJson = 0;
    if (withJson) {
        Recorder recorder(options);
        recorder.setLineSink([&](const std::string &line) {
            jsonBytes += line.size() + 1; // what `trace --json` and --save write per event
            ++jsonSteps;
        });
        recorder.start();
        recordedJson = timeCall(work, args.get(), result);
        recorder.stop();
    }
    std::remove(path.c_str());
    rmdir(folder);

    std::printf("instructions recorded   %lld (steps, call/return events included)\n", steps);
    std::printf("(CPU time of the recording thread)\n");
    std::printf("plain CPython           %8.1f ms  (%.0f ns per instruction)\n", plain * 1e3,
                plain * 1e9 / steps);
    std::printf("empty opcode tracing    %8.1f ms  %6.1fx  (CPython's own cost of opcode events)\n",
                emptyTraced * 1e3, emptyTraced / plain);
    std::printf("recording (Step sink)   %8.1f ms  %6.1fx  %.2f M steps/s\n", recorded * 1e3,
                recorded / plain, steps / recorded / 1e6);
    if (withJson)
        std::printf(
            "recording + JSON lines  %8.1f ms  %6.1fx  %.2f M steps/s, %.0f bytes per step\n",
            recordedJson * 1e3, recordedJson / plain, jsonSteps / recordedJson / 1e6,
            static_cast<double>(jsonBytes) / std::max(1LL, jsonSteps));
    std::printf("slowdown ratio (recording vs plain): %.1fx\n", recorded / plain);
    return 0;
}
