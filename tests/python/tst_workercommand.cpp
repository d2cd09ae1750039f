// `dynascope worker` as the GUI drives it: one JSON command in, one event per line out.
#include "dynascopeversion.h"
#include "model/event.h"
#include "model/scripterror.h"
#include "scriptprocess.h"

#include <QTemporaryDir>
#include <QtTest>

#include <csignal>

using namespace dynascope;
using namespace dynascope::test;

namespace {

// A running worker whose stdout is decoded event by event as it arrives.
class Worker {
public:
    explicit Worker(const QString &workingDir) { m_process.setWorkingDirectory(workingDir); }
    ~Worker() {
        if (m_process.state() != QProcess::NotRunning) {
            m_process.kill();
            m_process.waitForFinished(5000);
        }
    }

    bool start(const Json &command) { return startRaw(encodeEvent(command) + "\n"); }
    bool startRaw(const std::string &line) {
        m_process.start(QStringLiteral(DYNASCOPE_EXE), {"worker"});
        if (!m_process.waitForStarted(10000))
            return false;
        m_pid = m_process.processId();
        m_process.write(QByteArray::fromStdString(line));
        m_process.closeWriteChannel();
        return true;
    }

    // Reads until an event satisfying `want` has arrived (true) or the process ends (false).
    template <typename Predicate> bool waitFor(Predicate want, int timeoutMs = 30000) {
        QDeadlineTimer deadline(timeoutMs);
        for (;;) {
            drain();
            for (; m_checked < m_events.size(); ++m_checked)
                if (want(m_events[m_checked]))
                    return true;
            if (m_process.state() == QProcess::NotRunning || deadline.hasExpired())
                return false;
            m_process.waitForReadyRead(100);
        }
    }

    bool finish(int timeoutMs = 30000) {
        bool done = m_process.waitForFinished(timeoutMs);
        drain();
        return done;
    }

    QProcess &process() { return m_process; }
    qint64 pid() const { return m_pid; }
    const std::vector<Json> &events() const { return m_events; }
    const QStringList &badLines() const { return m_badLines; }

    std::vector<Json> ofType(const char *type) const {
        std::vector<Json> found;
        for (const Json &e : m_events)
            if (e["type"] == type)
                found.push_back(e);
        return found;
    }
    QString output(const char *stream) const {
        QString text;
        for (const Json &e : ofType(EventType::Output))
            if (e["stream"] == stream)
                text += QString::fromStdString(e["text"].get<std::string>());
        return text;
    }

private:
    void drain() {
        m_pending += m_process.readAllStandardOutput();
        int newline;
        while ((newline = m_pending.indexOf('\n')) >= 0) {
            std::string line = m_pending.left(newline).toStdString();
            m_pending.remove(0, newline + 1);
            std::string error;
            if (auto event = decodeEvent(line, error))
                m_events.push_back(event->body);
            else
                m_badLines << QString::fromStdString(line);
        }
    }

    QProcess m_process;
    QByteArray m_pending;
    std::vector<Json> m_events;
    size_t m_checked = 0;
    qint64 m_pid = 0;
    QStringList m_badLines;
};

Json runCommand(const QString &script, const QStringList &args = {}) {
    Json list = Json::array();
    for (const QString &a : args)
        list.push_back(a.toStdString());
    return Json{{"cmd", "run"}, {"script", script.toStdString()}, {"args", list}};
}

bool isOutput(const Json &e, const char *text) {
    return e["type"] == EventType::Output && e["text"] == text;
}

} // namespace

class TestWorkerCommand : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;

    QString script(const QString &name, const QByteArray &text) {
        return writeScript(QDir(m_dir.path()), name, text);
    }

    // The stream's frame: hello first, exit last with `status`, nothing that is not an event.
    void checkFrame(Worker &worker, int status) {
        const std::vector<Json> &events = worker.events();
        QVERIFY(worker.badLines().isEmpty());
        QVERIFY(events.size() >= 2);
        QCOMPARE(events.front()["type"], EventType::Hello);
        QCOMPARE(events.front()["version"], DYNASCOPE_VERSION);
        QCOMPARE(events.front()["pid"].get<qint64>(), worker.pid());
        QCOMPARE(events.back()["type"], EventType::Exit);
        QCOMPARE(events.back()["status"].get<int>(), status);
        QCOMPARE(worker.ofType(EventType::Hello).size(), size_t(1));
        QCOMPARE(worker.ofType(EventType::Exit).size(), size_t(1));
        QCOMPARE(worker.process().exitStatus(), QProcess::NormalExit);
        QCOMPARE(worker.process().exitCode(), status);
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void outputEventsMatchPython() {
        QString path = script("talk.py", "import sys\n"
                                         "print('one', 2, sys.argv[1:], __name__)\n"
                                         "sys.stderr.write('warn\\n')\n"
                                         "print('ünïcode ✓', end='')\n"
                                         "print(flush=True)\n"
                                         "sys.exit(3)\n");
        Worker worker(m_dir.path());
        QVERIFY(worker.start(runCommand(path, {"x", "y z"})));
        QVERIFY(worker.finish());
        checkFrame(worker, 3);
        ProcessResult oracle = runPython({path, "x", "y z"}, m_dir.path());
        QCOMPARE(worker.output("stdout"), oracle.out);
        QCOMPARE(worker.output("stderr"), oracle.err);
        QVERIFY(worker.ofType(EventType::Error).empty());
        // Output events keep the order of the writes.
        std::vector<Json> outputs = worker.ofType(EventType::Output);
        QCOMPARE(outputs.front()["text"], "one");
        QCOMPARE(outputs.front()["stream"], "stdout");
        auto warn = std::find_if(outputs.begin(), outputs.end(),
                                 [](const Json &e) { return e["stream"] == "stderr"; });
        QVERIFY(warn != outputs.end());
        QCOMPARE((*warn)["text"], "warn\n");
        QCOMPARE((*(warn - 1))["text"], "\n"); // end of the first print()
        QCOMPARE((*(warn + 1))["text"], "ünïcode ✓");
    }

    void codeEventsComeBeforeTheScriptRuns() {
        QString path = script("code.py", "def f(a):\n    return a + 1\n\nprint(f(1))\n");
        Worker worker(m_dir.path());
        QVERIFY(worker.start(runCommand(path)));
        QVERIFY(worker.finish());
        checkFrame(worker, 0);
        QCOMPARE(worker.output("stdout"), QStringLiteral("2\n"));
        // One code event per code object (the module, then f), all before the first output.
        std::vector<Json> codes = worker.ofType(EventType::Code);
        QCOMPARE(codes.size(), size_t(2));
        QCOMPARE(codes[0]["qualname"], "<module>");
        QCOMPARE(codes[0]["id"], "c1");
        QCOMPARE(codes[1]["qualname"], "f");
        QCOMPARE(codes[1]["first_line"].get<int>(), 1);
        QCOMPARE(QString::fromStdString(codes[0]["filename"].get<std::string>()), path);
        QVERIFY(!codes[1]["instructions"].empty());
        bool outputSeen = false;
        for (const Json &e : worker.events()) {
            if (e["type"] == EventType::Output)
                outputSeen = true;
            if (e["type"] == EventType::Code)
                QVERIFY(!outputSeen);
        }
    }

    void cLevelOutputStaysOffTheEventChannel() {
        // os.write(1) bypasses sys.stdout, like printf in a C extension: it must land on stderr.
        QString path = script("raw.py", "import os\nos.write(1, b'raw bytes, not JSON\\n')\n"
                                        "print('after')\n");
        Worker worker(m_dir.path());
        QVERIFY(worker.start(runCommand(path)));
        QVERIFY(worker.finish());
        checkFrame(worker, 0);
        QCOMPARE(worker.output("stdout"), QStringLiteral("after\n"));
        QVERIFY(worker.process().readAllStandardError().contains("raw bytes, not JSON\n"));
    }

    void exceptionBecomesErrorEvent() {
        QString path = script("fails.py", "def inner(x):\n"
                                          "    return 1 / x\n"
                                          "\n"
                                          "def outer():\n"
                                          "    return inner(0)\n"
                                          "\n"
                                          "print('before')\n"
                                          "outer()\n");
        Worker worker(m_dir.path());
        QVERIFY(worker.start(runCommand(path)));
        QVERIFY(worker.finish());
        checkFrame(worker, 1);
        std::vector<Json> errors = worker.ofType(EventType::Error);
        QCOMPARE(errors.size(), size_t(1));
        QCOMPARE(worker.events()[worker.events().size() - 2], errors.front()); // just before exit
        ScriptError error = errors.front().get<ScriptError>();
        QCOMPARE(error.type, std::string("ZeroDivisionError"));
        QCOMPARE(error.message, std::string("division by zero"));
        QCOMPARE(error.frames.size(), size_t(3));
        QCOMPARE(error.frames[0].line, 8);
        QCOMPARE(error.frames[0].function, std::string("<module>"));
        QCOMPARE(error.frames[1].line, 5);
        QCOMPARE(error.frames[1].function, std::string("outer"));
        QCOMPARE(error.frames[2].line, 2);
        QCOMPARE(error.frames[2].function, std::string("inner"));
        QCOMPARE(QString::fromStdString(error.frames[2].file), path);
        QVERIFY(!error.isSyntaxError());
        QCOMPARE(QString::fromStdString(error.formatted), runPython({path}, m_dir.path()).err);
        QCOMPARE(worker.output("stdout"), QStringLiteral("before\n"));
    }

    void syntaxErrorBecomesErrorEvent() {
        QString path = script("syntax.py", "x = 1\nif x\n    print(x)\n");
        Worker worker(m_dir.path());
        QVERIFY(worker.start(runCommand(path)));
        QVERIFY(worker.finish());
        checkFrame(worker, 1);
        QVERIFY(worker.ofType(EventType::Code).empty()); // nothing compiled, nothing described
        std::vector<Json> errors = worker.ofType(EventType::Error);
        QCOMPARE(errors.size(), size_t(1));
        ScriptError error = errors.front().get<ScriptError>();
        QCOMPARE(error.type, std::string("SyntaxError"));
        QCOMPARE(error.message, std::string("expected ':'"));
        QCOMPARE(QString::fromStdString(error.syntaxFile), path);
        QCOMPARE(error.syntaxLine, 2);
        QCOMPARE(error.syntaxColumn, 5); // 1-based, under the end of "if x"
        QCOMPARE(error.syntaxText, std::string("if x"));
        QCOMPARE(QString::fromStdString(error.formatted), runPython({path}, m_dir.path()).err);
    }

    void badCommand_data() {
        QTest::addColumn<QByteArray>("line");
        QTest::addColumn<QString>("message");
        QTest::addRow("not JSON") << QByteArray("run please\n") << "command is not valid JSON";
        QTest::addRow("not an object")
            << QByteArray("[\"run\"]\n") << "command is not a JSON object";
        QTest::addRow("no cmd") << QByteArray("{\"script\":\"a.py\"}\n")
                                << "command has no string field 'cmd'";
        QTest::addRow("unknown cmd")
            << QByteArray("{\"cmd\":\"fly\"}\n") << "unknown command 'fly'";
        QTest::addRow("no script")
            << QByteArray("{\"cmd\":\"run\"}\n") << "command has no string field 'script'";
        QTest::addRow("args not strings")
            << QByteArray("{\"cmd\":\"run\",\"script\":\"a.py\",\"args\":[1]}\n")
            << "field 'args' is not a list of strings";
        QTest::addRow("max_steps negative")
            << QByteArray("{\"cmd\":\"run\",\"script\":\"a.py\",\"max_steps\":-1}\n")
            << "field 'max_steps' is not a whole number >= 0";
        QTest::addRow("empty stdin") << QByteArray() << "no command on stdin";
        QTest::addRow("missing script")
            << QByteArray("{\"cmd\":\"run\",\"script\":\"missing.py\"}\n")
            << "cannot open 'missing.py': No such file or directory";
    }
    void badCommand() {
        QFETCH(QByteArray, line);
        QFETCH(QString, message);
        Worker worker(m_dir.path());
        QVERIFY(worker.startRaw(line.toStdString()));
        QVERIFY(worker.finish());
        checkFrame(worker, 2);
        QCOMPARE(worker.events().size(), size_t(3)); // hello, error, exit
        ScriptError error = worker.events()[1].get<ScriptError>();
        QCOMPARE(worker.events()[1]["type"], EventType::Error);
        QCOMPARE(error.type, std::string("WorkerError"));
        QCOMPARE(QString::fromStdString(error.message), message);
    }

    void unknownFieldsAreIgnored() {
        QString path = script("ok.py", "print('ok')\n");
        Json command = runCommand(path);
        command["record"] = false;
        command["max_steps"] = 100;
        command["include_library"] = true;
        command["from_the_future"] = {{"nested", 1}};
        Worker worker(m_dir.path());
        QVERIFY(worker.start(command));
        QVERIFY(worker.finish());
        checkFrame(worker, 0);
        QCOMPARE(worker.output("stdout"), QStringLiteral("ok\n"));
    }

    void restOfStdinBelongsToTheScript() {
        QString path = script("ask.py", "name = input('name? ')\nprint('hello', name)\n");
        Worker worker(m_dir.path());
        QVERIFY(worker.startRaw(encodeEvent(runCommand(path)) + "\nAda\n"));
        QVERIFY(worker.finish());
        checkFrame(worker, 0);
        QCOMPARE(worker.output("stdout"), QStringLiteral("name? hello Ada\n"));
    }

    void outputStreamsWhileTheScriptRuns() {
        // The script prints, then waits for a file that the test creates only after it has
        // received that first output event: it can only pass if output is streamed.
        QString go = QDir(m_dir.path()).filePath("go");
        QString path = script("stream.py", "import os, sys, time\n"
                                           "print('first', flush=True)\n"
                                           "for _ in range(600):\n"
                                           "    if os.path.exists(sys.argv[1]):\n"
                                           "        break\n"
                                           "    time.sleep(0.05)\n"
                                           "else:\n"
                                           "    sys.exit(5)\n"
                                           "print('second')\n");
        Worker worker(m_dir.path());
        QVERIFY(worker.start(runCommand(path, {go})));
        QVERIFY(worker.waitFor([](const Json &e) { return isOutput(e, "first"); }));
        QCOMPARE(worker.process().state(), QProcess::Running);
        QVERIFY(worker.ofType(EventType::Exit).empty());
        QFile(go).open(QIODevice::WriteOnly);
        QVERIFY(worker.finish());
        checkFrame(worker, 0);
        QCOMPARE(worker.output("stdout"), QStringLiteral("first\nsecond\n"));
    }

    void killEndsABusyOrSleepingScript_data() {
        QTest::addColumn<QByteArray>("source");
        QTest::addRow("busy loop")
            << QByteArray("print('ready', flush=True)\nwhile True:\n    pass\n");
        QTest::addRow("sleep") << QByteArray("import time\nprint('ready', flush=True)\n"
                                             "time.sleep(1000)\n");
    }
    void killEndsABusyOrSleepingScript() {
        QFETCH(QByteArray, source);
        Worker worker(m_dir.path());
        QVERIFY(worker.start(runCommand(script("stuck.py", source))));
        QVERIFY(worker.waitFor([](const Json &e) { return isOutput(e, "ready"); }));
        worker.process().kill();
        QVERIFY(worker.process().waitForFinished(1000));
        QCOMPARE(worker.process().exitStatus(), QProcess::CrashExit);
        QVERIFY(worker.ofType(EventType::Exit).empty());
    }

    void crashEndsWorkerBySignal() {
        QString path = script("crash.py", "import ctypes\nprint('about to crash', flush=True)\n"
                                          "ctypes.string_at(0)\n");
        Worker worker(m_dir.path());
        QVERIFY(worker.start(runCommand(path)));
        QVERIFY(worker.finish());
        // The GUI tells a crash from an exit by this: no exit event, and death by SIGSEGV.
        QCOMPARE(worker.process().exitStatus(), QProcess::CrashExit);
        QCOMPARE(worker.process().exitCode(), SIGSEGV);
        QVERIFY(worker.ofType(EventType::Exit).empty());
        QCOMPARE(worker.output("stdout"), QStringLiteral("about to crash\n"));
    }
};

QTEST_GUILESS_MAIN(TestWorkerCommand)
#include "tst_workercommand.moc"
