// The graph docks in the main window, end to end: a script with graph breaks runs in the real
// worker; the graph view and explain panel show what `dynascope explain --json` reports, a click
// on a node selects its source line, and the tracer grows the graph step by step.
#include "capturesession.h"
#include "graph/explainpanel.h"
#include "graph/graphscene.h"
#include "graph/graphview.h"
#include "graph/nodeitem.h"
#include "graphdocks.h"
#include "guitestsupport.h"
#include "mainwindow.h"
#include "runcontroller.h"
#include "sourceeditor.h"
#include "tracer/tracerpanel.h"
#include "workerclient.h"

#include <QAbstractItemModelTester>
#include <QListWidget>
#include <QSet>
#include <QSignalSpy>
#include <QTableView>
#include <QtTest>

using namespace dynascope;
using namespace dynascope::testing;

namespace {
// Two breaks (print, a branch on a tensor): three graphs, every op on a line of its own.
const char *kScript = R"(import torch


def f(x):
    y = torch.relu(x)
    y = y * 2
    print("between graphs")
    z = torch.sin(y)
    if z.sum() > 0:
        z = z + 1
    return torch.tanh(z)


print(torch.compile(f)(torch.ones(3)).shape)
)";
} // namespace

class TestGraphIntegration : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_settingsDir;
    QTemporaryDir m_dir;

private slots:
    void initTestCase() { isolateSettings(m_settingsDir); }
    void graphsBreaksNodesAndTracer();
};

void TestGraphIntegration::graphsBreaksNodesAndTracer() {
    const QString script = writeScript(m_dir, "model.py", kScript);

    // The oracle: explain's JSON report of the same script.
    QProcess explain;
    explain.start(DYNASCOPE_EXE, {"explain", script, "--json"});
    QVERIFY(explain.waitForFinished(120000));
    const QByteArray out = explain.readAllStandardOutput();
    const int start = out.indexOf("{\n");
    QVERIFY2(start >= 0, out.constData());
    const Json report = Json::parse(out.mid(start).toStdString());
    const int graphCount = report.at("totals").at("graph_count").get<int>();
    const int breakCount = report.at("totals").at("graph_break_count").get<int>();
    int nodeCount = 0;
    for (const Json &f : report.at("functions"))
        for (const Json &g : f.at("graphs"))
            nodeCount += int(g.at("nodes").size());
    QCOMPARE(graphCount, 3);
    QCOMPARE(breakCount, 2);

    MainWindow window;
    window.runController()->worker()->setExecutable(DYNASCOPE_EXE);
    auto *docks = window.findChild<GraphDocks *>();
    QVERIFY(docks);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.openFile(script));
    QSignalSpy running(window.runController(), &RunController::runningChanged);
    window.run();
    QTRY_COMPARE_WITH_TIMEOUT(running.count(), 2, 120000);
    QCOMPARE(window.session()->runState(), RunState::Finished);

    GraphView *view = docks->graphView();
    GraphScene *scene = view->graphScene();
    QTRY_VERIFY_WITH_TIMEOUT(!view->isLayoutPending() && !scene->nodeItems().isEmpty(), 30000);
    QCOMPARE(docks->explainPanel()->graphCount(), graphCount);
    QCOMPARE(docks->explainPanel()->breakCount(), breakCount);
    QSet<QString> drawnGraphs;
    for (NodeItem *n : scene->nodeItems())
        drawnGraphs.insert(n->graphId());
    QCOMPARE(int(drawnGraphs.size()), graphCount);
    QCOMPARE(int(scene->breakItems().size()), breakCount);
    QCOMPARE(int(scene->nodeItems().size()), nodeCount);

    // Click the sin node: the session (and with it the editor) selects its source line.
    const CapturedGraph *sinGraph = nullptr;
    const GraphNode *sin = nullptr;
    for (const CapturedGraph &g : docks->graphs())
        for (const GraphNode &n : g.nodes)
            if (n.target.find("sin") != std::string::npos && n.op != "placeholder")
                sinGraph = &g, sin = &n;
    QVERIFY(sin);
    QCOMPARE(sin->site.line, 8);
    view->focusNode(QString::fromStdString(sinGraph->id), QString::fromStdString(sin->name));
    NodeItem *item =
        scene->nodeItem(QString::fromStdString(sinGraph->id), QString::fromStdString(sin->name));
    QVERIFY(item);
    const QPoint at = view->mapFromScene(item->sceneBoundingRect().center());
    QVERIFY(view->viewport()->rect().contains(at));
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, at);
    QTRY_COMPARE(window.session()->selectedLine(), 8);
    // ...and the instruction that added it, in f's code object as the worker described it.
    const InstructionRef selected = window.session()->selectedInstruction();
    QVERIFY(selected.isValid());
    QCOMPARE(selected.offset, sin->site.offset);
    QCOMPARE(window.session()->codeInfo(selected.codeId)->qualname, std::string("f"));
    int line = -1, column = -1;
    window.editor()->getCursorPosition(&line, &column);
    QCOMPARE(line + 1, 8);
    // The graph view follows the selection back: the clicked node is highlighted.
    QVERIFY(item->isHighlighted());

    // The tracer: F10 in its table moves through the steps; the graph grows node by node.
    TracerPanel *tracer = docks->tracer();
    QAbstractItemModelTester tester(tracer->model(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    const int steps = tracer->model()->rowCount();
    QVERIFY(steps > 0);
    tracer->table()->setFocus();
    tracer->setCurrentRow(0); // focusing the table may already have made row 0 current
    QCOMPARE(tracer->currentRow(), 0);
    int visible = scene->visibleNodeCount();
    QVERIFY(visible < nodeCount);
    QStringList added;
    for (int i = 1; i < steps; ++i) {
        QTest::keyClick(tracer->table(), Qt::Key_F10);
        QCOMPARE(tracer->currentRow(), i);
        const int now = scene->visibleNodeCount();
        QVERIFY2(now >= visible,
                 qPrintable(QString("step %1: %2 < %3").arg(i).arg(now).arg(visible)));
        visible = now;
        const TraceStepRow *s = tracer->model()->step(i);
        // The nodes this step added are drawn and highlighted, and listed in the panel.
        for (const QString &name : s->nodes) {
            NodeItem *n = scene->nodeItem(s->graphId, name);
            QVERIFY2(n && n->isShown() && n->isHighlighted(), qPrintable(name));
            added << name;
        }
        QCOMPARE(tracer->nodeList()->count(), int(s->nodes.size()));
        QCOMPARE(tracer->stackList()->count(), int(s->stack.size()));
        if (s->line > 0 && s->depth == 0)
            QCOMPARE(window.session()->selectedLine(), s->line);
    }
    QCOMPARE(visible, nodeCount);
    QVERIFY(added.contains(QString::fromStdString(sin->name)));
    QTest::keyClick(tracer->table(), Qt::Key_F10, Qt::ShiftModifier);
    QCOMPARE(tracer->currentRow(), steps - 2);
    // For reviews: the window with the tracer half way through.
    const QString shot = qEnvironmentVariable("DYNASCOPE_TRACER_WINDOW_SCREENSHOT");
    if (!shot.isEmpty()) {
        tracer->parentWidget()->raise();
        tracer->setCurrentRow(steps / 2);
        QTest::qWait(300);
        QVERIFY(window.grab().save(shot));
    }
}

QTEST_MAIN(TestGraphIntegration)
#include "tst_graphintegration.moc"
