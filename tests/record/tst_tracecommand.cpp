// `dynascope trace` as a process: text and JSON output, the step limit, --save.
#include "../python/scriptprocess.h"
#include "model/capturefile.h"
#include "model/step.h"

#include <QTemporaryDir>
#include <QtTest>
#include <set>

using namespace dynascope;
using namespace dynascope::test;

namespace {
const QByteArray Script = "def f(a, b):\n"
                          "    c = a * b + 1\n"
                          "    return c\n"
                          "\n"
                          "print('result', f(2, 3))\n";
}

class TestTraceCommand : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    QString script(const QString &name, const QByteArray &text) {
        return writeScript(QDir(m_dir.path()), name, text);
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void textOutput() {
        QString path = script("text.py", Script);
        ProcessResult r = runDynascope({"trace", path}, m_dir.path());
        QVERIFY(r.finished);
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains(QRegularExpression("f:2 @6 BINARY_OP \\*  \\[6\\]")),
                 qPrintable(r.out));
        QVERIFY(r.out.contains("STORE_FAST c  []  c=7"));
        QVERIFY(r.out.contains("-> call f(a=2, b=3)"));
        QVERIFY(r.out.contains("result 7\n"));
    }

    void jsonLinesAndScriptOutputOnStderr() {
        QString path = script("jsonmode.py", Script);
        ProcessResult r = runDynascope({"trace", "--json", path}, m_dir.path());
        QVERIFY(r.finished);
        QCOMPARE(r.exitCode, 0);
        QVERIFY(!r.out.contains("result 7"));
        QVERIFY(r.err.contains("result 7"));
        const QStringList lines = r.out.split('\n', Qt::SkipEmptyParts);
        QVERIFY(lines.size() > 10);
        bool sawSix = false;
        for (const QString &line : lines) {
            Json event = Json::parse(line.toStdString(), nullptr, false);
            QVERIFY2(event.is_object(), qPrintable(line));
            for (const char *key : {"step", "frame", "function", "line", "offset", "opname",
                                    "argrepr", "stack", "locals", "event"})
                QVERIFY2(event.contains(key), key);
            Step step = event.get<Step>();
            if (step.opname == "BINARY_OP" && step.argrepr == "*")
                sawSix = step.stack.size() == 1 && step.stack[0].repr == "6";
        }
        QVERIFY(sawSix);
    }

    void stepLimit() {
        QString path =
            script("limit.py", "t = 0\nfor i in range(1000):\n    t += i\nprint('finished', t)\n");
        ProcessResult r = runDynascope({"trace", path, "--max-steps", "40"}, m_dir.path());
        QVERIFY(r.finished);
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.err.contains("recording stopped at 40 steps"), qPrintable(r.err));
        QVERIFY(r.out.contains("finished 499500"));
        QVERIFY(
            r.out.contains(QRegularExpression("^     39  ", QRegularExpression::MultilineOption)));
        QVERIFY(
            !r.out.contains(QRegularExpression("^     40  ", QRegularExpression::MultilineOption)));
    }

    void badUsage() {
        ProcessResult r = runDynascope({"trace", "--max-steps", "many", "x.py"}, m_dir.path());
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains("--max-steps"));
    }

    // The worker records when asked: step events between the code events and exit.
    void workerRecordsOnRequest() {
        QString path = script("worker.py", Script);
        Json command{
            {"cmd", "run"}, {"script", path.toStdString()}, {"record", true}, {"max_steps", 1000}};
        // The worker imports torch for its torch.compile shim: slow on a loaded machine.
        ProcessResult r = runProcess(QStringLiteral(DYNASCOPE_EXE), {"worker"}, m_dir.path(),
                                     QByteArray::fromStdString(command.dump() + "\n"), 240000);
        QVERIFY(r.finished);
        QVERIFY2(r.exitCode == 0, qPrintable(r.out.right(2000) + r.err.right(2000)));
        std::vector<Step> steps;
        std::set<std::string> recorderCodes;
        std::string lastType;
        for (const QString &line : r.out.split('\n', Qt::SkipEmptyParts)) {
            Json event = Json::parse(line.toStdString(), nullptr, false);
            QVERIFY(event.is_object());
            lastType = event.value("type", std::string());
            if (lastType == "step")
                steps.push_back(event.get<Step>());
            if (lastType == "code" && event.value("id", std::string()).rfind("r", 0) == 0)
                recorderCodes.insert(event.value("id", std::string()));
        }
        QCOMPARE(lastType, std::string("exit"));
        QVERIFY(steps.size() > 20);
        for (const Step &step : steps)
            QVERIFY2(recorderCodes.count(step.codeId), step.codeId.c_str()); // code sent first
        bool sawSix = false;
        for (const Step &step : steps)
            sawSix |=
                step.opname == "BINARY_OP" && step.argrepr == "*" && step.stack.back().repr == "6";
        QVERIFY(sawSix);
    }

    void saveWritesAReadableCapture() {
        QString path = script("save.py", Script);
        QString capturePath = QDir(m_dir.path()).absoluteFilePath("save.dscap");
        ProcessResult r =
            runDynascope({"trace", "--json", "--save", capturePath, path}, m_dir.path());
        QCOMPARE(r.exitCode, 0);
        CaptureFile capture;
        std::vector<CaptureFile::Problem> problems;
        QVERIFY(capture.load(capturePath.toStdString(), problems));
        QVERIFY(problems.empty());
        std::vector<Step> steps = capture.steps(problems);
        QVERIFY(problems.empty());
        QCOMPARE(static_cast<int>(steps.size()), r.out.split('\n', Qt::SkipEmptyParts).size());
        QVERIFY(!capture.codes(problems).empty());
        QCOMPARE(capture.events().back().type, std::string("exit"));
    }
};

QTEST_GUILESS_MAIN(TestTraceCommand)
#include "tst_tracecommand.moc"
