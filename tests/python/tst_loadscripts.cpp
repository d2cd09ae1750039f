// The bad-input table's load rows (docs/bad-input.md): a 5,000-node graph and 200 compiled
// functions through the real capture (`dynascope explain --json`). The oracle for the numbers is
// the script itself (how many ops it defines); for the results, python3.11 running the same file
// with torch.compile replaced by the identity (Debian's torch 1.13 has no torch.compile).
#include "model/event.h"
#include "scriptprocess.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace dynascope;
using namespace dynascope::test;

namespace {

// The report follows the script's own output: it starts at the first line that is "{".
Json reportOf(const QString &out, QString &scriptOut) {
    const qsizetype at = out.startsWith('{') ? 0 : out.indexOf(QLatin1String("\n{\n")) + 1;
    scriptOut = out.left(at);
    return Json::parse(out.mid(at).toStdString(), nullptr, false);
}

QString eagerOutput(const QString &path, const QString &dir) {
    const ProcessResult eager = runProcess(
        DYNASCOPE_PYTHON_EXECUTABLE,
        {"-c",
         "import sys, torch\ntorch.compile = lambda f, **kw: f\nsys.argv = [sys.argv[1]]\n"
         "exec(compile(open(sys.argv[0]).read(), sys.argv[0], 'exec'))",
         path},
        dir);
    return eager.exitCode == 0 ? eager.out : QStringLiteral("python3.11 failed: ") + eager.err;
}

int countOps(const Json &graph, const char *op) {
    int n = 0;
    for (const Json &node : graph["nodes"])
        n += node.value("op", std::string()) == op;
    return n;
}

} // namespace

class TestLoadScripts : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;

    // `dynascope explain --json` on the script: exit 0, a report, and the script's own output
    // equal to python3.11's with torch.compile as a no-op (the oracle for the results).
    void explainMatchingEager(const QString &path, Json &report) {
        const ProcessResult ours =
            runProcess(DYNASCOPE_EXE, {"explain", "--json", path}, m_dir.path(), {}, 240000);
        QCOMPARE(ours.exitCode, 0);
        QString scriptOut;
        report = reportOf(ours.out, scriptOut);
        QVERIFY2(report.is_object(), qPrintable(ours.out.left(500)));
        QCOMPARE(scriptOut, eagerOutput(path, m_dir.path()));
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void fiveThousandNodeGraph() {
        QByteArray source = "import torch\n\ndef f(x):\n";
        for (int i = 0; i < 5000; ++i)
            source += i % 2 ? "    x = x * 0.5\n" : "    x = x + 1\n";
        source += "    return x\n\nx = torch.arange(4.0)\n"
                  "print(torch.compile(f, backend='eager')(x))\n";
        const QString path = writeScript(QDir(m_dir.path()), "big.py", source);
        Json report;
        explainMatchingEager(path, report);
        if (QTest::currentTestFailed())
            return;
        const Json &totals = report["totals"];
        QCOMPARE(totals["graph_count"].get<int>(), 1);
        QCOMPARE(totals["graph_break_count"].get<int>(), 0);
        QCOMPARE(totals["op_count"].get<int>(), 5000);
        const Json &graph = report["functions"][0]["graphs"][0];
        QCOMPARE(int(graph["nodes"].size()), 5002);
        QCOMPARE(countOps(graph, "placeholder"), 1);
        QCOMPARE(countOps(graph, "call_function"), 5000);
        QCOMPARE(countOps(graph, "output"), 1);
    }

    void twoHundredCompiledFunctions() {
        QByteArray source = "import torch\n\n";
        for (int i = 0; i < 200; ++i)
            source +=
                QStringLiteral("def f%1(x):\n    return (x + %1).relu() * 2\n\n").arg(i).toUtf8();
        source += "fns = [torch.compile(globals()[f'f{i}'], backend='eager') for i in range(200)]\n"
                  "x = torch.linspace(-300, 3, 7)\n"
                  "print(sum(float(fn(x).sum()) for fn in fns))\n";
        const QString path = writeScript(QDir(m_dir.path()), "many.py", source);
        Json report;
        explainMatchingEager(path, report);
        if (QTest::currentTestFailed())
            return;
        const Json &totals = report["totals"];
        QCOMPARE(totals["functions"].get<int>(), 200);
        QCOMPARE(totals["graph_count"].get<int>(), 200);
        QCOMPARE(totals["graph_break_count"].get<int>(), 0);
        QCOMPARE(totals["recompiles"].get<int>(), 0);
        // Dynamo's op count: call_function nodes (add, mul); relu() is a call_method.
        QCOMPARE(totals["op_count"].get<int>(), 400);
        QSet<QString> names;
        for (const Json &function : report["functions"]) {
            names << QString::fromStdString(function.value("function", std::string()));
            QCOMPARE(int(function["graphs"].size()), 1);
            const Json &graph = function["graphs"][0];
            QCOMPARE(int(graph["nodes"].size()), 5);
            QCOMPARE(countOps(graph, "call_function"), 2);
            QCOMPARE(countOps(graph, "call_method"), 1);
        }
        QCOMPARE(names.size(), 200);
        QVERIFY(names.contains("f0") && names.contains("f199"));
    }
};

QTEST_GUILESS_MAIN(TestLoadScripts)
#include "tst_loadscripts.moc"
