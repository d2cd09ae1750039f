// WorkerClient against the real `dynascope worker`: events, output, raw stderr, bad lines,
// crashes, stop, a missing executable.
#include "guitestsupport.h"
#include "workerclient.h"

#include "model/instruction.h"
#include "model/step.h"

#include <QtTest>

using namespace dynascope;
using namespace dynascope::testing;

namespace {
struct Run {
    QStringList types;
    QString stdoutText;
    QString rawStderr;
    QStringList protocolErrors;
};

// Collects what a WorkerClient reports until it is destroyed.
Run *collect(WorkerClient &client, Run &run) {
    QObject::connect(&client, &WorkerClient::eventReceived, &client, [&run](const Event &e) {
        run.types << QString::fromStdString(e.type);
        if (e.type == "output" && e.body.value("stream", "") == "stdout")
            run.stdoutText += QString::fromStdString(e.body.value("text", ""));
    });
    QObject::connect(&client, &WorkerClient::rawStderrReceived, &client,
                     [&run](const QString &t) { run.rawStderr += t; });
    QObject::connect(&client, &WorkerClient::protocolError, &client,
                     [&run](const QString &m) { run.protocolErrors << m; });
    return &run;
}
} // namespace

class TestWorkerClient : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;

private slots:
    void eventsInOrder() {
        const QString script = writeScript(m_dir, "hello.py", "print('hello', 'world')\n");
        WorkerClient client;
        client.setExecutable(DYNASCOPE_EXE);
        Run run;
        collect(client, run);
        QSignalSpy finished(&client, &WorkerClient::finished);
        client.run(script);
        QVERIFY(finished.wait(60000));
        QCOMPARE(finished.first().first().toInt(), 0);
        QVERIFY(!client.isRunning());
        QCOMPARE(run.types.first(), QString("hello"));
        QCOMPARE(run.types.last(), QString("exit"));
        QVERIFY(run.types.contains("code"));
        QVERIFY(run.protocolErrors.isEmpty());
        // The oracle: what python3.11 itself prints for the same file.
        QCOMPARE(run.stdoutText, QString::fromUtf8(runPython({script})));
    }

    void recordingSendsSteps() {
        const QString script =
            writeScript(m_dir, "steps.py", "def f(a, b):\n    return a * b\n\nprint(f(2, 3))\n");
        WorkerClient client;
        client.setExecutable(DYNASCOPE_EXE);
        std::vector<Json> steps;
        std::vector<CodeInfo> codes;
        connect(&client, &WorkerClient::eventReceived, this, [&](const Event &e) {
            if (e.type == EventType::Step)
                steps.push_back(e.body);
            else if (e.type == EventType::Code)
                codes.push_back(e.body.get<CodeInfo>());
        });
        QSignalSpy finished(&client, &WorkerClient::finished);
        RunOptions options;
        options.record = true;
        client.run(script, {}, options);
        QVERIFY(finished.wait(60000));
        QVERIFY(!steps.empty());
        // Every step names an instruction that the code events described.
        for (const Json &json : steps) {
            const Step step = json.get<Step>();
            if (step.event != "instruction") // call/return/exception frame events
                continue;
            bool found = false;
            for (const CodeInfo &code : codes)
                for (const Instruction &i : code.instructions)
                    found |= code.id == step.codeId && i.offset == step.offset &&
                             i.opname == step.opname;
            QVERIFY2(found, json.dump().c_str());
        }
        // Without the option the worker records nothing.
        steps.clear();
        client.run(script);
        QVERIFY(finished.wait(60000));
        QVERIFY(steps.empty());
    }

    void badLinesAreReportedAndSkipped() {
        // A script that writes straight into the event pipe (as a stray C library could): the
        // client names the bad line and keeps decoding the good one after it.
        const QString script = writeScript(m_dir, "corrupt.py", R"(import os, stat, fcntl
for fd in range(3, 64):
    try:
        mode = os.fstat(fd).st_mode
    except OSError:
        continue
    if stat.S_ISFIFO(mode) and fcntl.fcntl(fd, fcntl.F_GETFL) & os.O_ACCMODE == os.O_WRONLY:
        os.write(fd, b'this is not json\n[1, 2]\n{"type": "made_up", "x": 1}\n')
os.write(1, b"C-level text on fd 1\n")
)");
        WorkerClient client;
        client.setExecutable(DYNASCOPE_EXE);
        Run run;
        collect(client, run);
        QSignalSpy finished(&client, &WorkerClient::finished);
        client.run(script);
        QVERIFY(finished.wait(60000));
        QCOMPARE(run.protocolErrors.size(), 2);
        QVERIFY2(run.protocolErrors[0].contains("not valid JSON") &&
                     run.protocolErrors[0].contains("this is not json"),
                 qPrintable(run.protocolErrors[0]));
        QVERIFY(run.protocolErrors[1].contains("not a JSON object"));
        QVERIFY(run.types.contains("made_up")); // unknown types pass through
        QCOMPARE(run.types.last(), QString("exit"));
        // The worker points fd 1 at fd 2: C-level output is raw stderr, never the stream.
        QVERIFY2(run.rawStderr.contains("C-level text on fd 1"), qPrintable(run.rawStderr));
    }

    void crashIsReportedWithTheSignal() {
        const QString script = writeScript(
            m_dir, "segv.py", "import os, signal\nos.kill(os.getpid(), signal.SIGSEGV)\n");
        WorkerClient client;
        client.setExecutable(DYNASCOPE_EXE);
        QSignalSpy crashed(&client, &WorkerClient::crashed);
        QSignalSpy finished(&client, &WorkerClient::finished);
        client.run(script);
        QVERIFY(crashed.wait(60000));
        QCOMPARE(crashed.first().first().toString(), QString("signal 11, SIGSEGV"));
        QCOMPARE(finished.count(), 0);
    }

    void stopEndsABusyOrBlockedScript_data() {
        QTest::addColumn<QByteArray>("body");
        QTest::addRow("busy loop") << QByteArray("while True:\n    pass\n");
        QTest::addRow("blocked in C") << QByteArray("import time\ntime.sleep(3600)\n");
    }
    void stopEndsABusyOrBlockedScript() {
        QFETCH(QByteArray, body);
        const QString script =
            writeScript(m_dir, "spin.py", "print('started', flush=True)\n" + body);
        WorkerClient client;
        client.setExecutable(DYNASCOPE_EXE);
        Run run;
        collect(client, run);
        QSignalSpy stopped(&client, &WorkerClient::stopped);
        QSignalSpy crashed(&client, &WorkerClient::crashed);
        client.run(script);
        QTRY_VERIFY_WITH_TIMEOUT(run.stdoutText.contains("started"), 60000);
        client.stop();
        QVERIFY(stopped.wait(10000));
        QVERIFY(!client.isRunning());
        QCOMPARE(crashed.count(), 0); // a stop the user asked for is not a crash
    }

    void missingExecutableFailsToStart() {
        WorkerClient client;
        client.setExecutable(m_dir.filePath("no-such-dynascope"));
        QSignalSpy failed(&client, &WorkerClient::failedToStart);
        client.run(writeScript(m_dir, "x.py", "pass\n"));
        QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, 10000);
        QVERIFY(failed.first().first().toString().contains("no-such-dynascope"));
        QVERIFY(!client.isRunning());
    }

    void describeSignal() {
        QCOMPARE(WorkerClient::describeSignal(6), QString("signal 6, SIGABRT"));
        QCOMPARE(WorkerClient::describeSignal(63), QString("signal 63"));
    }
};

QTEST_MAIN(TestWorkerClient)
#include "tst_workerclient.moc"
