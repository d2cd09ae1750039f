// `dynascope worker`: the GUI's worker process; runs one script and reports it as events.
//
// Protocol (version: DYNASCOPE_VERSION)
// - Channels: the worker keeps the stdout it was started with as the EVENT channel and points its
//   own fd 1 at fd 2, so C-level printing by libraries (torch, printf) lands on stderr and can
//   never corrupt the stream. stderr is free-form text for humans. stdin carries the command.
// - Events: one JSON object per line (model/event.h, encodeEvent), each with a "type", written
//   whole and unbuffered:
//     {"type":"hello","version":"X.Y.Z","pid":N}          first, before the command is read
//     {"type":"code", ...CodeInfo...}                      each code object of the module, after
//                                                          compiling and before running
//     {"type":"output","stream":"stdout"|"stderr","text":T} one per write() by the script, as it
//                                                          happens (print() writes the text and
//                                                          the "\n" separately)
//     {"type":"error", ...ScriptError...}                  an uncaught exception, a syntax error,
//                                                          or a WorkerError (bad command, missing
//                                                          file, interpreter failed to start)
//     {"type":"memory_limit","limit_mb":N}                 the script ended with an allocation
//                                                          failure under memory_limit_mb (after
//                                                          its error event)
//     {"type":"exit","status":N}                           last: 0, 1 (exception/syntax error),
//                                                          SystemExit's code, 2 (WorkerError)
//   Other stages add their events (step, graph, …) between code and exit.
// - Command: ONE line of JSON on stdin (the rest of stdin is the script's: input(), sys.stdin):
//     {"cmd":"run","script":PATH,"args":[...],"record":bool,"max_steps":N,"include_library":bool,
//      "memory_limit_mb":N}
//   Only cmd and script are required; unknown fields are ignored. memory_limit_mb (0: none) sets
//   the worker's address-space limit (RLIMIT_AS) before the interpreter starts.
// - Stop: the GUI kills the process (SIGKILL). The worker installs no signal handlers, so a
//   crash in native code ends it by that signal, which the GUI reports as a crash.
#include "bytecode/codedescriber.h"
#include "cli/commands.h"
#include "cli/memorylimit.h"
#include "cli/workereventchannel.h"
#include "cli/workerrequest.h"
#include "dynascopeversion.h"
#include "model/scripterror.h"
#include "python/interpreter.h"
#include "python/outputcapture.h"
#include "python/scriptrunner.h"
#include "record/recorder.h"
#include "runtime/captureevents.h"
#include "runtime/capturemodule.h"
#include "shim/torchshim.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <memory>
#include <unistd.h>

namespace dynascope {

namespace {

constexpr int WorkerErrorStatus = 2;

void emitError(EventSink &events, const ScriptError &error) {
    Json event = error;
    event["type"] = EventType::Error;
    events.emit(event);
}

// The status as the process reports it (sys.exit(-1) ends with 255, sys.exit(256) with 0).
void emitExit(EventSink &events, int status) {
    events.emit(Json{{"type", EventType::Exit}, {"status", status & 0xff}});
}

int failWorker(EventSink &events, const std::string &message) {
    ScriptError error;
    error.type = "WorkerError";
    error.message = message;
    error.formatted = "WorkerError: " + message + "\n";
    emitError(events, error);
    emitExit(events, WorkerErrorStatus);
    return WorkerErrorStatus;
}

void emitCodeTree(EventSink &events, PyObject *code) {
    for (const CodeInfo &info : describeCodeTree(code)) {
        Json event = info;
        event["type"] = EventType::Code;
        events.emit(event);
    }
}

// The generated kernels of the run ("kernels": one record per graph signature) and, when asked,
// their timing against eager ("timing", the document of `dynascope bench --json`).
void emitKernelEvents(EventSink &events, bool timing) {
    auto emitFrom = [&events](const char *type, const std::string &module, const char *function,
                              const Json &argument) {
        try {
            Json body = Json::parse(torchShimCall(module, function, argument.dump()));
            if (body.is_null())
                return;
            body["type"] = type;
            events.emit(body);
        } catch (const std::exception &e) {
            events.emit(Json{{"type", EventType::Output},
                             {"stream", "stderr"},
                             {"text", std::string("dynascope: ") + type + ": " + e.what() + "\n"}});
        }
    };
    emitFrom(EventType::Kernels, "kernels_report", "records_event", Json::object());
    if (timing)
        emitFrom(EventType::Timing, "kernels_bench", "timing_event", Json{{"rounds", 10}});
}

// Byte by byte with read(2): a buffered reader would swallow what follows the command, and the
// rest of stdin belongs to the script (input(), sys.stdin).
bool readCommandLine(std::string &line) {
    char c;
    for (;;) {
        ssize_t n = ::read(STDIN_FILENO, &c, 1);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return !line.empty();
        if (c == '\n')
            return true;
        line += c;
    }
}

int runScript(EventSink &events, const WorkerRequest &request) {
    // "Run compiled kernels": kernels built before first use, then timed. Set before the
    // interpreter starts: os.environ is read once, at start-up.
    const bool kernelTiming = request.raw.value("kernel_timing", false);
    if (kernelTiming) {
        setenv("DYNASCOPE_BENCH", "1", 1);
        setenv("DYNASCOPE_KERNELS_SYNC", "1", 1);
    }
    if (std::string problem = applyMemoryLimit(request.memoryLimitMb); !problem.empty())
        return failWorker(events, problem);
    std::vector<std::string> argv{request.script};
    argv.insert(argv.end(), request.args.begin(), request.args.end());
    Interpreter interpreter(argv);
    // Declared after the interpreter: both hold Python objects and must go before it does.
    OutputCapture capture([&events](const std::string &stream, const std::string &text) {
        events.emit(Json{{"type", EventType::Output}, {"stream", stream}, {"text", text}});
    });
    ScriptRunner runner(request.script, request.args);
    switch (runner.load()) {
    case ScriptRunner::LoadResult::CannotOpen:
        return failWorker(events, "cannot open '" + request.script + "': " + runner.openError());
    case ScriptRunner::LoadResult::CompileError:
        if (runner.error())
            emitError(events, *runner.error());
        emitExit(events, 1);
        return 1;
    case ScriptRunner::LoadResult::Loaded:
        break;
    }
    emitCodeTree(events, runner.code());
    // Stages that change how the script runs (recorder, torch.compile shim) install themselves
    // here.
    if (!installCaptureModule())
        return failWorker(events, "cannot install the capture module");
    // Graphs, breaks, guards and calls of torch.compile'd code go into the same stream.
    setCaptureEventSink([&events](const Json &event) { events.emit(event); });
    // One per compiled call: encoded without Json, written in batches (workereventchannel.h).
    setCallEventSink([&events](const CallRecord &call, const std::string &function) {
        events.emitCall(call, function);
    });
    installTorchShim();
    // The record stage: every instruction of the script's own code as "step" events, its code
    // objects as "code" events with ids r1, r2, … (the module tree above uses c1, c2, …).
    std::unique_ptr<Recorder> recorder;
    if (request.record) {
        RecorderOptions options;
        if (request.maxSteps > 0)
            options.maxSteps = request.maxSteps;
        options.includeLibrary = request.includeLibrary;
        options.scriptPath = ScriptRunner::absolutePath(request.script);
        options.codeIdPrefix = "r";
        recorder = std::make_unique<Recorder>(options);
        recorder->setEventSink([&events](const Json &event) { events.emit(event); });
        recorder->start();
        // A compiled call records the step it began in (the caller's CALL): where the stepper
        // shows it on its timeline.
        setRecordedStepSource([r = recorder.get()]() -> long long {
            return r->limitReached() || r->steps() == 0 ? -1 : r->steps() - 1;
        });
    }
    int status = runner.execute();
    if (recorder) {
        setRecordedStepSource({});
        recorder->stop();
    }
    if (runner.error()) {
        emitError(events, *runner.error());
        if (request.memoryLimitMb > 0 &&
            isAllocationFailure(runner.error()->type, runner.error()->message))
            events.emit(Json{{"type", "memory_limit"}, {"limit_mb", request.memoryLimitMb}});
    }
    emitKernelEvents(events, kernelTiming && status == 0);
    emitExit(events, status);
    return status;
}

} // namespace

int workerCommand(const Args &args) {
    int eventFd = ::dup(STDOUT_FILENO);
    if (eventFd < 0 || ::dup2(STDERR_FILENO, STDOUT_FILENO) < 0) {
        std::perror("dynascope worker: cannot set up the event channel");
        return WorkerErrorStatus;
    }
    WorkerEventChannel events(eventFd);
    events.emit(Json{{"type", EventType::Hello},
                     {"version", DYNASCOPE_VERSION},
                     {"pid", static_cast<long long>(::getpid())}});
    if (!args.empty())
        return failWorker(events, "unexpected argument '" + args.front() +
                                      "' (the command comes on stdin)");

    std::string line;
    if (!readCommandLine(line))
        return failWorker(events, "no command on stdin");
    std::string problem;
    std::optional<WorkerRequest> request = WorkerRequest::parse(line, problem);
    if (!request)
        return failWorker(events, problem);
    try {
        return runScript(events, *request);
    } catch (const std::exception &e) {
        return failWorker(events, e.what());
    }
}

} // namespace dynascope
