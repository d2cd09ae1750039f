// `dynascope trace [OPTIONS] FILE [ARGS...]`: runs a script and prints every recorded instruction.
//
// Text mode prints one line per step (and the script's own output) on stdout. --json prints one
// JSON object per line on stdout: each step ({"type":"step","step","frame","function","line",
// "offset","opname","argrepr","stack":[{"type","repr",…}],"locals":{…},"event","pops","pushes",
// …}) and, if the limit ends recording, {"type":"recording_stopped",…}. In --json mode everything the script
// prints (Python's sys.stdout and C-level writes to fd 1) goes to stderr, so stdout stays JSON.
// Steps are printed when they complete (see record/recorder.h): a CALL into the script's own
// code prints after the callee's steps, with the returned value on top of its stack.
#include "cli/commands.h"
#include "cli/scriptoptionparser.h"
#include "model/capturefile.h"
#include "python/interpreter.h"
#include "python/outputcapture.h"
#include "python/scriptrunner.h"
#include "record/recorder.h"

#include <cstdio>
#include <exception>
#include <unistd.h>

namespace dynascope {

namespace {

ScriptOptionParser makeParser() {
    ScriptOptionParser parser("trace");
    parser.addOption("--max-steps", "N", "stop recording after N steps (default 100000)");
    parser.addFlag("--json", "one JSON object per step on stdout (script output goes to stderr)");
    parser.addFlag("--include-library", "also record the standard library and installed packages");
    parser.addOption("--save", "FILE.dscap", "also write the whole event stream to a capture file");
    parser.setOptionsAfterScript(true);
    return parser;
}

std::string stackText(const Step &step) {
    std::string text = "[";
    for (size_t i = 0; i < step.stack.size(); ++i)
        text += (i ? ", " : "") + step.stack[i].repr;
    return text + "]";
}

std::string localsText(const Step &step) {
    std::string text;
    for (const auto &[name, repr] : step.locals)
        text += (text.empty() ? "" : ", ") + name + "=" + repr;
    return text;
}

// "    12  f:4 @8 BINARY_OP *  [6]  c=7"; calls, returns and exceptions get an arrow.
std::string stepLine(const Step &step) {
    char head[48];
    std::snprintf(head, sizeof head, "%7lld  ", step.index);
    std::string line = head + std::string(static_cast<size_t>(step.depth) * 2, ' ');
    if (step.event == "call")
        return line + "-> call " + step.function + "(" + localsText(step) + ")  line " +
               std::to_string(step.line);
    if (step.event == "return")
        return line + "<- return from " + step.function + ": " + step.argrepr;
    if (step.event == "exception")
        return line + "!! exception in " + step.function + " line " + std::to_string(step.line) +
               ": " + step.argrepr;
    line += step.function + ":" + std::to_string(step.line) + " @" + std::to_string(step.offset) +
            " " + step.opname;
    if (!step.argrepr.empty())
        line += " " + step.argrepr;
    line += "  " + stackText(step);
    if (!step.locals.empty())
        line += "  " + localsText(step);
    return line;
}

void writeAll(FILE *out, const std::string &text) {
    std::fwrite(text.data(), 1, text.size(), out);
}

} // namespace

int traceCommand(const Args &args) {
    ScriptOptionParser parser = makeParser();
    int usageStatus = 0;
    std::optional<ScriptOptions> options = parser.parseOrPrintUsage(args, usageStatus);
    if (!options)
        return usageStatus;
    long long maxSteps = 100000;
    if (options->values.count("--max-steps")) {
        try {
            size_t used = 0;
            maxSteps = std::stoll(options->value("--max-steps"), &used);
            if (used != options->value("--max-steps").size() || maxSteps < 0)
                throw std::invalid_argument("");
        } catch (const std::exception &) {
            return parser.usageError("--max-steps needs a whole number >= 0");
        }
    }
    bool json = options->has("--json");

    // --json: keep the real stdout for JSON and point fd 1 at stderr, so nothing the script or a
    // library prints (Python or C) can land between the JSON lines.
    FILE *out = stdout;
    if (json) {
        std::fflush(stdout);
        int jsonFd = ::dup(STDOUT_FILENO);
        if (jsonFd < 0 || ::dup2(STDERR_FILENO, STDOUT_FILENO) < 0 ||
            !(out = ::fdopen(jsonFd, "w"))) {
            std::perror("dynascope trace: cannot set up the JSON channel");
            return 2;
        }
    }
    FILE *scriptOut = json ? stderr : stdout;

    CaptureFile::Writer capture;
    if (options->has("--save")) {
        std::string error;
        if (!capture.open(options->value("--save"), CaptureFile::makeHeader(), error)) {
            std::fprintf(stderr, "dynascope trace: %s\n", error.c_str());
            return 2;
        }
    }

    Args argv{options->script};
    argv.insert(argv.end(), options->scriptArgs.begin(), options->scriptArgs.end());
    int status = 0;
    try {
        Interpreter interpreter(argv);
        // Declared after the interpreter: these hold Python objects and must go before it does.
        OutputCapture output([&](const std::string &stream, const std::string &text) {
            FILE *target = stream == "stderr" ? stderr : scriptOut;
            std::fflush(out); // keep our lines and the script's in the order they happened
            writeAll(target, text);
            std::fflush(target);
            if (capture.isOpen())
                capture.write(
                    Json{{"type", EventType::Output}, {"stream", stream}, {"text", text}});
        });
        ScriptRunner runner(options->script, options->scriptArgs);
        switch (runner.load()) {
        case ScriptRunner::LoadResult::CannotOpen:
            std::fprintf(stderr, "dynascope: cannot open '%s': %s\n", options->script.c_str(),
                         runner.openError().c_str());
            return 2;
        case ScriptRunner::LoadResult::CompileError:
            writeAll(stderr, runner.error() ? runner.error()->formatted : std::string());
            return 1;
        case ScriptRunner::LoadResult::Loaded:
            break;
        }

        RecorderOptions recorderOptions;
        recorderOptions.maxSteps = maxSteps;
        recorderOptions.includeLibrary = options->has("--include-library");
        recorderOptions.scriptPath = ScriptRunner::absolutePath(options->script);
        recorderOptions.emitCode = capture.isOpen();
        Recorder recorder(recorderOptions);
        // Lines, not Json: building a Json per step costs more than recording it.
        recorder.setLineSink([&](const std::string &line) {
            if (capture.isOpen())
                capture.writeLine(line);
            bool isStep = line.compare(0, 11, "{\"argrepr\":") == 0; // StepEncoder's first key
            if (!isStep) {
                Json event = Json::parse(line, nullptr, false);
                const std::string type =
                    event.is_object() ? event.value("type", std::string()) : "";
                if (type == EventType::Code)
                    return;
                if (type == EventType::RecordingStopped) {
                    std::fflush(out);
                    std::fprintf(stderr, "dynascope: %s\n",
                                 event.value("message", std::string()).c_str());
                    std::fflush(stderr);
                }
            }
            if (json) {
                writeAll(out, line);
                std::fputc('\n', out);
            }
        });
        if (!json)
            recorder.setStepSink([&](const Step &step) { writeAll(out, stepLine(step) + "\n"); });

        recorder.start();
        status = runner.execute();
        recorder.stop();
        if (!recorder.error().empty())
            std::fprintf(stderr, "dynascope: %s\n", recorder.error().c_str());
        std::fflush(out);
        if (runner.error()) {
            writeAll(stderr, runner.error()->formatted);
            if (capture.isOpen()) {
                Json error = *runner.error();
                error["type"] = EventType::Error;
                capture.write(error);
            }
        }
    } catch (const std::exception &e) {
        std::fprintf(stderr, "dynascope: %s\n", e.what());
        return 2;
    }
    if (capture.isOpen()) {
        capture.write(Json{{"type", EventType::Exit}, {"status", status}});
        std::string error;
        if (!capture.close(error))
            std::fprintf(stderr, "dynascope trace: %s\n", error.c_str());
    }
    std::fflush(out);
    return status;
}

} // namespace dynascope
