// Deep and endless recursion through torch.compile'd functions: every command ends as python3.11
// does (RecursionError, exit status 1), never with a crash of the tracer or the region runner.
#include "scriptprocess.h"

#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

using namespace dynascope::test;

namespace {

// Scripts run by both: python3.11 has no torch.compile with Debian's torch 1.13, so there the
// decorator is the identity and the oracle is plain CPython's own recursion.
const QByteArray kPrelude = "import sys\nimport torch\n\n"
                            "compile = getattr(torch, 'compile', lambda fn: fn)\n\n";

// CPython folds identical traceback lines into "[Previous line repeated N more times]". Each
// compiled call also goes through the compiled function object (as each call under PyTorch's own
// torch.compile goes through its `_fn` wrapper), which moves N by one.
QString withoutRepeatCount(QString text) {
    return text.replace(QRegularExpression("\\[Previous line repeated \\d+ more times\\]"),
                        "[Previous line repeated N more times]");
}

} // namespace

class TestRecursion : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;

    QString script(const QByteArray &body) {
        return writeScript(QDir(m_dir.path()), "recursion.py", kPrelude + body);
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    // `dynascope run` prints what python3.11 prints and exits with its status.
    void runLikePython_data() {
        QTest::addColumn<QByteArray>("body");
        // Whether the whole traceback matches; otherwise its first frame and its last line do
        // (where the limit strikes differs when the graph itself runs Python code).
        QTest::addColumn<bool>("wholeTraceback");
        QTest::addRow("endless compiled") << QByteArray("@compile\ndef f(x):\n    return f(x)\n\n"
                                                        "print('before')\nf(torch.ones(2))\n")
                                          << true;
        QTest::addRow("endless compiled, low limit")
            << QByteArray("sys.setrecursionlimit(80)\n\n@compile\ndef f(x):\n    return f(x)\n\n"
                          "f(torch.ones(2))\n")
            << true;
        QTest::addRow("endless compiled, two functions")
            << QByteArray("@compile\ndef ping(x):\n    return pong(x + 1)\n\n"
                          "@compile\ndef pong(x):\n    return ping(x * 2)\n\nping(torch.ones(2))\n")
            << false;
        QTest::addRow("endless compiled, caught")
            << QByteArray("@compile\ndef f(x):\n    return f(x)\n\n"
                          "try:\n    f(torch.ones(2))\nexcept RecursionError as e:\n"
                          "    print('caught:', e)\nprint('after')\n")
            << true;
        // 300 levels, each a graph break (the recursive call) and a recompile for each n.
        QTest::addRow("deep compiled")
            << QByteArray("@compile\ndef down(x, n):\n    if n == 0:\n        return x\n"
                          "    return down(x + 1, n - 1)\n\nprint(down(torch.zeros(2), 300))\n")
            << true;
    }
    void runLikePython() {
        QFETCH(QByteArray, body);
        QFETCH(bool, wholeTraceback);
        const QString path = script(body);
        ProcessResult oracle = runPython({path}, m_dir.path());
        ProcessResult ours = runDynascope({"run", path}, m_dir.path());
        QVERIFY(oracle.finished);
        QVERIFY2(ours.finished, "dynascope run did not end within a minute");
        QCOMPARE(ours.exitStatus, QProcess::NormalExit); // no segmentation fault
        QCOMPARE(ours.exitCode, oracle.exitCode);
        QCOMPARE(ours.out, oracle.out);
        // Our stderr may add the recompile warning PyTorch's Dynamo prints at its cache limit.
        QString err = ours.err;
        err.remove(
            QRegularExpression("torch._dynamo hit config.cache_size_limit[^\\n]*\\n"
                               "(   [^\\n]*\\n)*To log all recompilation reasons[^\\n]*\\n"));
        if (wholeTraceback) {
            QCOMPARE(withoutRepeatCount(err), withoutRepeatCount(oracle.err));
            return;
        }
        const QStringList ourLines = err.trimmed().split('\n');
        const QStringList oracleLines = oracle.err.trimmed().split('\n');
        QVERIFY(ourLines.size() > 6);
        QCOMPARE(ourLines.mid(0, 6), oracleLines.mid(0, 6));
        // Where the limit strikes inside one of torch's own calls (the generated kernel's
        // torch.empty_strided), torch's C++ re-raises it as "RuntimeError: RecursionError: …".
        QString last = ourLines.last();
        last.remove(QRegularExpression("^RuntimeError: (?=RecursionError: )"));
        QCOMPARE(last, oracleLines.last());
    }

    // A raised limit must not let the C stack run out: each compiled level takes kilobytes of it
    // (python3.11 itself would recurse a million levels here; we stop with RecursionError).
    void raisedLimitEndsWithRecursionError_data() {
        QTest::addColumn<QString>("command");
        QTest::addRow("run") << "run";
        QTest::addRow("explain") << "explain";
        QTest::addRow("trace") << "trace";
    }
    void raisedLimitEndsWithRecursionError() {
        QFETCH(QString, command);
        const QString path = script("sys.setrecursionlimit(1000000)\n\n@compile\ndef f(x):\n"
                                    "    return f(x)\n\nf(torch.ones(2))\n");
        ProcessResult ours = runDynascope({command, path}, m_dir.path());
        QVERIFY(ours.finished);
        QCOMPARE(ours.exitStatus, QProcess::NormalExit);
        QCOMPARE(ours.exitCode, 1);
        QVERIFY2(ours.err.contains("\nRecursionError: maximum recursion depth exceeded"),
                 qPrintable(ours.err.right(400)));
        QVERIFY(ours.err.contains(QString("File \"%1\", line 10, in f").arg(path)));
    }

    // The GUI's path: the worker records steps and streams events, then reports the error.
    void workerReportsRecursionError() {
        const QString path = script("@compile\ndef f(x):\n    return f(x)\n\nf(torch.ones(2))\n");
        const QByteArray command =
            "{\"cmd\":\"run\",\"record\":true,\"script\":\"" + path.toUtf8() + "\"}\n";
        ProcessResult ours = runDynascope({"worker"}, m_dir.path(), command);
        QVERIFY(ours.finished);
        QCOMPARE(ours.exitStatus, QProcess::NormalExit);
        QVERIFY(ours.out.contains("\"exc_type\":\"RecursionError\""));
        QVERIFY(ours.out.trimmed().endsWith("{\"status\":1,\"type\":\"exit\"}"));
    }
};

QTEST_GUILESS_MAIN(TestRecursion)
#include "tst_recursion.moc"
