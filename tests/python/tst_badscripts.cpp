// Bad-input table, scripts (docs/bad-input.md): each script runs under `dynascope run` exactly as
// under python3.11 (stdout, stderr, status, or the same signal), and under `dynascope worker`
// (the GUI's path) the stream stays well formed: events only, one `exit` last with the status.
#include "model/event.h"
#include "scriptprocess.h"

#include <QCryptographicHash>
#include <QTemporaryDir>
#include <QtTest>

using namespace dynascope;
using namespace dynascope::test;

namespace {

struct Stream {
    std::vector<Json> events;
    bool wellFormed = true; // every line a JSON event
};

Stream decodeStream(const QString &out) {
    Stream stream;
    for (const QString &line : out.split('\n', Qt::SkipEmptyParts)) {
        std::string error;
        std::optional<Event> event = decodeEvent(line.toStdString(), error);
        if (!event)
            stream.wellFormed = false;
        else
            stream.events.push_back(event->body);
    }
    return stream;
}

int countType(const Stream &stream, const char *type) {
    int n = 0;
    for (const Json &e : stream.events)
        n += e.value("type", std::string()) == type;
    return n;
}

} // namespace

class TestBadScripts : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;

    QString script(const QString &name, const QByteArray &text) {
        return writeScript(QDir(m_dir.path()), name, text);
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void sameAsPython_data() {
        QTest::addColumn<QByteArray>("source");
        QTest::addColumn<QByteArray>("input");
        const QByteArray none;
        // sys.exit in every form (CPython's handle_system_exit decides the status).
        QTest::addRow("sys.exit()") << QByteArray("import sys\nsys.exit()\n") << none;
        QTest::addRow("sys.exit(None)") << QByteArray("import sys\nsys.exit(None)\n") << none;
        QTest::addRow("sys.exit(3)") << QByteArray("import sys\nprint('x')\nsys.exit(3)\n") << none;
        QTest::addRow("sys.exit(-1)") << QByteArray("import sys\nsys.exit(-1)\n") << none;
        QTest::addRow("sys.exit(256)") << QByteArray("import sys\nsys.exit(256)\n") << none;
        QTest::addRow("sys.exit(True)") << QByteArray("import sys\nsys.exit(True)\n") << none;
        QTest::addRow("sys.exit('msg')") << QByteArray("import sys\nsys.exit('bye')\n") << none;
        QTest::addRow("sys.exit([1, 2])") << QByteArray("import sys\nsys.exit([1, 2])\n") << none;
        QTest::addRow("raise SystemExit(4)") << QByteArray("raise SystemExit(4)\n") << none;
        QTest::addRow("exit(5)") << QByteArray("exit(5)\n") << none;
        QTest::addRow("quit()") << QByteArray("print('q')\nquit()\n") << none;
        QTest::addRow("exit in finally")
            << QByteArray("import sys\ntry:\n    sys.exit(2)\nfinally:\n    print('cleanup')\n")
            << none;
        QTest::addRow("os._exit") << QByteArray("import os\nprint('lost?')\nos._exit(7)\n") << none;
        QTest::addRow("os._exit flushed")
            << QByteArray("import os\nprint('kept', flush=True)\nos._exit(7)\n") << none;
        QTest::addRow("fork, child _exit")
            << QByteArray("import os\npid = os.fork()\nif pid == 0:\n    print('child')\n"
                          "    os._exit(0)\nos.waitpid(pid, 0)\nprint('parent')\n")
            << none;
        QTest::addRow("fork, child sys.exit")
            << QByteArray("import os, sys\nsys.stdout.flush()\npid = os.fork()\nif pid == 0:\n"
                          "    print('child')\n    sys.exit(3)\n_, st = os.waitpid(pid, 0)\n"
                          "print('parent', os.waitstatus_to_exitcode(st))\n")
            << none;
        QTest::addRow("thread still running (joined)")
            << QByteArray("import threading, time\ndef w():\n    time.sleep(0.3)\n"
                          "    print('thread done')\nthreading.Thread(target=w).start()\n"
                          "print('main done')\n")
            << none;
        QTest::addRow("daemon thread at exit")
            << QByteArray("import threading, time\ndef w():\n    while True:\n"
                          "        time.sleep(0.01)\nthreading.Thread(target=w, daemon=True)"
                          ".start()\nprint('main done')\n")
            << none;
        QTest::addRow("stdin read") << QByteArray("print(input('name? ').upper())\n"
                                                  "import sys\nprint(sys.stdin.read())\n")
                                    << QByteArray("ada\nrest\nof it\n");
        QTest::addRow("stdin at EOF") << QByteArray("print(input('name? '))\n") << none;
        QTest::addRow("deletes its own file")
            << QByteArray("import os\nos.remove(__file__)\nprint('gone')\n1 / 0\n") << none;
        QTest::addRow("imports a missing module")
            << QByteArray("import no_such_module_xyz\n") << none;
        QTest::addRow("imports a broken module")
            << QByteArray("import sys, os\nsys.path.insert(0, os.path.dirname(__file__))\n"
                          "open(os.path.join(os.path.dirname(__file__), 'brokenmod.py'), 'w')"
                          ".write('x = (\\n')\nimport brokenmod\n")
            << none;
        QTest::addRow("changes directory")
            << QByteArray("import os\nos.chdir('/')\nprint(os.getcwd())\n1 / 0\n") << none;
        QTest::addRow("segfault in C")
            << QByteArray("import ctypes\nprint('before', flush=True)\nctypes.string_at(0)\n")
            << none;
        QTest::addRow("infinite recursion") << QByteArray("def f():\n    f()\n\nf()\n") << none;
    }
    void sameAsPython() {
        QFETCH(QByteArray, source);
        QFETCH(QByteArray, input);
        const QString path = script("case.py", source);
        ProcessResult oracle = runProcess(DYNASCOPE_PYTHON_EXECUTABLE, {path}, m_dir.path(), input);
        script("case.py", source); // "deletes its own file" removed it
        ProcessResult ours = runDynascope({"run", path}, m_dir.path(), input);
        QVERIFY(oracle.finished);
        QVERIFY(ours.finished);
        QCOMPARE(ours.exitStatus, oracle.exitStatus); // a segfault is a segfault in both
        QCOMPARE(ours.exitCode, oracle.exitCode);
        QCOMPARE(ours.out, oracle.out);
        QCOMPARE(ours.err, oracle.err);
    }

    // The GUI's path: the same scripts through `dynascope worker`, recording steps.
    void workerStreamStaysWellFormed_data() { sameAsPython_data(); }
    void workerStreamStaysWellFormed() {
        QFETCH(QByteArray, source);
        QFETCH(QByteArray, input);
        const QString path = script("case.py", source);
        ProcessResult oracle = runProcess(DYNASCOPE_PYTHON_EXECUTABLE, {path}, m_dir.path(), input);
        script("case.py", source);
        const Json command{{"cmd", "run"}, {"script", path.toStdString()}, {"record", true}};
        ProcessResult ours =
            runDynascope({"worker"}, m_dir.path(),
                         QByteArray::fromStdString(encodeEvent(command)) + "\n" + input);
        QVERIFY(ours.finished);
        const Stream stream = decodeStream(ours.out);
        QVERIFY2(stream.wellFormed, qPrintable(ours.out.left(2000)));
        QVERIFY(!stream.events.empty());
        QCOMPARE(QString::fromStdString(stream.events.front().value("type", "")), "hello");
        QVERIFY(countType(stream, EventType::Step) > 0); // the steps before the end are kept
        if (oracle.exitStatus == QProcess::CrashExit || source.contains("os._exit(7)")) {
            // No exit event can be written; the GUI reports the crash or the status it sees.
            QCOMPARE(countType(stream, EventType::Exit), 0);
            QCOMPARE(ours.exitStatus, oracle.exitStatus);
            QCOMPARE(ours.exitCode, oracle.exitCode);
            return;
        }
        QCOMPARE(countType(stream, EventType::Exit), 1); // a forked child adds none
        QCOMPARE(QString::fromStdString(stream.events.back().value("type", "")), "exit");
        QCOMPARE(stream.events.back().value("status", -1), oracle.exitCode);
        QCOMPARE(ours.exitCode, oracle.exitCode);
    }

    // 100 MB to stdout: every byte reaches our stdout, in order (size and SHA-256 as python3.11).
    void hundredMegabytesToStdout() {
        const QString path = script("flood.py", R"(import sys
chunk = ''.join(chr(33 + (i * 7) % 90) for i in range(2000))
for i in range(100_000):
    print(f'{i:09d} ' + chunk[i % 1000:i % 1000 + 989])
sys.stdout.write('é' * 1000 + '\n')
print('last line: done')
sys.exit(3)
)");
        auto run = [&](const QString &program, const QStringList &args) {
            QProcess process;
            process.setWorkingDirectory(m_dir.path());
            process.start(program, args);
            QCryptographicHash hash(QCryptographicHash::Sha256);
            qint64 bytes = 0;
            while (process.state() != QProcess::NotRunning || process.bytesAvailable() > 0) {
                process.waitForReadyRead(1000);
                const QByteArray chunk = process.readAllStandardOutput();
                bytes += chunk.size();
                hash.addData(chunk);
                if (process.state() == QProcess::NotRunning && chunk.isEmpty())
                    break;
            }
            process.waitForFinished(300000);
            return std::tuple(bytes, hash.result().toHex(), process.exitCode(),
                              process.readAllStandardError());
        };
        const auto [pythonBytes, pythonHash, pythonStatus, pythonErr] =
            run(DYNASCOPE_PYTHON_EXECUTABLE, {path});
        const auto [ourBytes, ourHash, ourStatus, ourErr] = run(DYNASCOPE_EXE, {"run", path});
        QCOMPARE(pythonBytes, 100'000'000 + 2001 + 16);
        QCOMPARE(ourBytes, pythonBytes);
        QCOMPARE(ourHash, pythonHash);
        QCOMPARE(ourStatus, 3);
        QCOMPARE(ourStatus, pythonStatus);
        QCOMPARE(ourErr, pythonErr);
    }
};

QTEST_GUILESS_MAIN(TestBadScripts)
#include "tst_badscripts.moc"
