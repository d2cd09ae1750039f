// One op count: torch._dynamo.explain's op_count inside the script, the capture report of
// `run --report` and model opCount() over the worker's graph events (what the GUI's Explain
// panel shows) agree on a graph with call_function and call_method nodes; CompileCounter counts
// as PyTorch's does (every node whose op contains "call"), so it is larger by the method calls.
#include "model/graph.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace dynascope;

namespace {

const QByteArray kScript = R"(import torch
import torch._dynamo
from torch._dynamo.testing import CompileCounter


def fn(x):
    y = torch.sin(x) + 1
    return y.relu() * x.cos().abs()


x = torch.randn(4)
out = torch._dynamo.explain(fn)(x)
print("EXPLAIN", out.op_count)
torch._dynamo.reset()
cnt = CompileCounter()
torch.compile(fn, backend=cnt)(x)
print("COUNTER", cnt.op_count)
)";

} // namespace

class TestOpCount : public QObject {
    Q_OBJECT

private slots:
    void explainReportGuiAndCounterAgree() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QFile script(dir.filePath("ops.py"));
        QVERIFY(script.open(QIODevice::WriteOnly));
        script.write(kScript);
        script.close();

        // The worker: graph events as the GUI receives them, and the script's printed counts.
        QProcess worker;
        worker.setWorkingDirectory(dir.path());
        worker.start(QStringLiteral(DYNASCOPE_EXE), {QStringLiteral("worker")});
        QVERIFY(worker.waitForStarted(10000));
        Json command{
            {"cmd", "run"}, {"script", script.fileName().toStdString()}, {"args", Json::array()}};
        worker.write(QByteArray::fromStdString(command.dump() + "\n"));
        worker.closeWriteChannel();
        QVERIFY(worker.waitForFinished(60000));
        std::vector<CapturedGraph> graphs;
        QString printed;
        for (const QByteArray &line : worker.readAllStandardOutput().split('\n')) {
            if (line.trimmed().isEmpty())
                continue;
            Json e = Json::parse(line.toStdString());
            if (e.value("type", "") == "graph")
                graphs.push_back(e.get<CapturedGraph>());
            if (e.value("type", "") == "output")
                printed += QString::fromStdString(e.value("text", ""));
        }
        // explain captures once, the CompileCounter run once more: the same graph twice.
        QCOMPARE(graphs.size(), size_t(2));
        const int gui = opCount(graphs.back());
        QCOMPARE(opCount(graphs.front()), gui);
        int calls = 0; // PyTorch's CompileCounter definition, computed here from the nodes
        for (const GraphNode &n : graphs.back().nodes)
            calls += n.op.find("call") != std::string::npos;

        // The report of `dynascope run --report`.
        QProcess run;
        run.setWorkingDirectory(dir.path());
        run.start(QStringLiteral(DYNASCOPE_EXE), {QStringLiteral("run"), QStringLiteral("--report"),
                                                  dir.filePath("r.json"), script.fileName()});
        QVERIFY(run.waitForFinished(60000));
        QCOMPARE(run.exitCode(), 0);
        QFile reportFile(dir.filePath("r.json"));
        QVERIFY(reportFile.open(QIODevice::ReadOnly));
        const QJsonObject report = QJsonDocument::fromJson(reportFile.readAll()).object();
        const int reported = report["totals"].toObject()["op_count"].toInt(-1);

        QVERIFY2(printed.contains(QStringLiteral("EXPLAIN %1\n").arg(gui)), qPrintable(printed));
        QCOMPARE(reported, gui);
        QVERIFY2(printed.contains(QStringLiteral("COUNTER %1\n").arg(calls)), qPrintable(printed));
        // sin, add, mul are call_function; relu, cos, abs are call_method.
        QCOMPARE(gui, 3);
        QCOMPARE(calls, 6);
    }
};

QTEST_GUILESS_MAIN(TestOpCount)
#include "tst_opcount.moc"
