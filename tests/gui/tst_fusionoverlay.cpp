// The fusion overlay end to end: a real run of a script whose graphs compile through the kernel
// generator; the Graphs view draws the nodes of one kernel alike, marks the extern call and the
// fallback, names the kernel in the node's tooltip; a click on a node selects its kernel in the
// Kernels view and a kernel selected there outlines its nodes. The oracle for the aten → captured
// mapping is the captured graph itself (the graph events): `relu(a*b + a).sin() * 2` is one kernel
// that covers every one of its call nodes. Screenshots at 1280x800 when DYNASCOPE_SCREENSHOTS is
// set (the Graph breaks layout, the Kernels dock raised).
#include "capturesession.h"
#include "graph/graphscene.h"
#include "graph/graphview.h"
#include "graph/nodeitem.h"
#include "graphdocks.h"
#include "guitestsupport.h"
#include "kernels/kerneldocks.h"
#include "kernels/kernelsview.h"
#include "mainwindow.h"
#include "model/fusiongroups.h"
#include "runcontroller.h"
#include "workerclient.h"
#include "workspace/workspacelayouts.h"

#include <Qsci/qsciscintilla.h>

#include <QAction>
#include <QDockWidget>
#include <QLabel>
#include <QSignalSpy>
#include <QTreeWidget>
#include <QtTest>

#include <set>

using namespace dynascope;
using namespace dynascope::testing;

namespace {
// G1: one fused chain. G2: an extern call (matmul), a kernel (relu), a fallback (cumsum) and a
// second kernel after it (mul, exp): two kernels, one of each torch step.
const QByteArray kScript = kernelDemoScript(R"(def mixed(x, w):
    y = torch.relu(x @ w)
    return (torch.cumsum(y, 1) * 2).exp())",
                                            R"(x, w = torch.randn(16, 8), torch.randn(8, 4)
print(torch.compile(chain)(a, b).shape, torch.compile(mixed)(x, w).shape)
)");

std::set<std::string> callNodes(const CapturedGraph &graph) {
    std::set<std::string> names;
    for (const GraphNode &n : graph.nodes)
        if (n.op == "call_function" || n.op == "call_method" || n.op == "call_module")
            names.insert(n.name);
    return names;
}

const CapturedGraph *graphNamed(const std::vector<CapturedGraph> &graphs, const std::string &id) {
    for (const CapturedGraph &g : graphs)
        if (g.id == id)
            return &g;
    return nullptr;
}

// The captured node whose target contains `text` (matmul, cumsum …).
const GraphNode *nodeWithTarget(const CapturedGraph &graph, const char *text) {
    for (const GraphNode &n : graph.nodes)
        if (n.target.find(text) != std::string::npos)
            return &n;
    return nullptr;
}
} // namespace

class TestFusionOverlay : public QObject {
    Q_OBJECT
private:
    IsolatedDirs m_dirs;

private slots:
    void initTestCase() { m_dirs.isolate(); }
    void kernelsDrawnOnTheGraph();
    void kernelOfNodePrefersTheShownRecord();
};

// A node in two records (a training plan's halves): the click selects the kernel of the record
// the Kernels view shows when that record holds the node, else the overlay's (forward) record.
void TestFusionOverlay::kernelOfNodePrefersTheShownRecord() {
    const Json event = Json::parse(R"({"records": [
      {"graph": 0, "captured_graph": "G1", "part": "forward",
       "kernels": [{"name": "kernel0", "captured": ["mul", "relu"]}]},
      {"graph": 0, "captured_graph": "G1", "part": "backward",
       "kernels": [{"name": "kernel0", "captured": ["sin"]},
                   {"name": "kernel1", "captured": ["relu", "mul"]}],
       "externs": [{"node": "mm", "op": "aten.mm.default", "captured": ["linear"]}]},
      {"graph": 1, "captured_graph": "G2", "kernels": [{"name": "kernel0", "captured": ["add"]}]}
    ]})");
    const std::vector<KernelGraphRecord> records = kernelRecordsFromEvent(event);
    const std::vector<GraphFusion> fusion = fusionByGraph(records);
    QCOMPARE(int(fusion.size()), 2);
    QCOMPARE(fusion[0].record, 0); // the forward half, not the backward
    QCOMPARE(fusion[1].graphId, std::string("G2"));
    QCOMPARE(fusionOf(records, 1).nodes.at("linear").externs.front(),
             std::string("aten.mm.default"));
    QCOMPARE(kernelOfNode(records, "G1", "relu").kernel, 0);
    QCOMPARE(kernelOfNode(records, "G1", "relu", 1).record, 1);
    QCOMPARE(kernelOfNode(records, "G1", "relu", 1).kernel, 1);
    QCOMPARE(kernelOfNode(records, "G1", "sin").record, 1);  // only the backward holds it
    QCOMPARE(kernelOfNode(records, "G1", "add").record, -1); // add is G2's
    QCOMPARE(kernelOfNode(records, "G2", "add", 1).record, 2);
}

void TestFusionOverlay::kernelsDrawnOnTheGraph() {
    const QString script = writeScript(m_dirs.scripts, "fusion.py", kScript);
    MainWindow window;
    window.runController()->worker()->setExecutable(DYNASCOPE_EXE);
    auto *graphDocks = window.findChild<GraphDocks *>();
    auto *kernelDocks = window.findChild<KernelDocks *>();
    QVERIFY(graphDocks && kernelDocks);
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.layouts()->apply(QStringLiteral("graphs"));
    QVERIFY(window.openFile(script));
    QSignalSpy running(window.runController(), &RunController::runningChanged);
    window.run();
    QTRY_COMPARE_WITH_TIMEOUT(running.count(), 2, 240000);
    QCOMPARE(window.session()->runState(), RunState::Finished);

    GraphView *view = graphDocks->graphView();
    QTRY_VERIFY_WITH_TIMEOUT(!view->isLayoutPending() && !view->graphScene()->nodeItems().isEmpty(),
                             60000);
    const std::vector<KernelGraphRecord> &records = view->fusionOverlay().records();
    QCOMPARE(int(records.size()), 2);
    const std::vector<CapturedGraph> &graphs = graphDocks->graphs();
    QCOMPARE(int(graphs.size()), 2);

    // The mapping, against the captured graph: G1's one kernel covers every call node of G1.
    const KernelGraphRecord &chain = records[0];
    QCOMPARE(chain.capturedGraph, std::string("G1"));
    QCOMPARE(chain.status, std::string("compiled"));
    QCOMPARE(int(chain.kernels.size()), 1);
    const std::vector<std::string> &covered = chain.kernels[0].captured;
    QCOMPARE(std::set<std::string>(covered.begin(), covered.end()),
             callNodes(*graphNamed(graphs, "G1")));
    QCOMPARE(int(covered.size()), 5); // mul, add, relu, sin, mul (in graph order)

    // G2: two kernels in two colours; the matmul an extern call, cumsum a fallback.
    const KernelGraphRecord &mixed = records[1];
    QCOMPARE(mixed.capturedGraph, std::string("G2"));
    QCOMPARE(int(mixed.kernels.size()), 2);
    QCOMPARE(int(mixed.externs.size()), 1);
    QCOMPARE(int(mixed.fallbacks.size()), 1);
    GraphScene *scene = view->graphScene();
    auto item = [&](const std::string &graph, const std::string &node) {
        return scene->nodeItem(QString::fromStdString(graph), QString::fromStdString(node));
    };
    std::set<QRgb> colours;
    for (const KernelInfo &k : mixed.kernels) {
        QVERIFY(!k.captured.empty());
        const QColor colour = item("G2", k.captured.front())->fusionMark().group;
        QVERIFY(colour.isValid());
        for (const std::string &node : k.captured)
            QCOMPARE(item("G2", node)->fusionMark().group, colour);
        colours.insert(colour.rgb());
    }
    QCOMPARE(int(colours.size()), 2); // different kernels, different colours
    const GraphNode *matmul = nodeWithTarget(*graphNamed(graphs, "G2"), "matmul");
    const GraphNode *cumsum = nodeWithTarget(*graphNamed(graphs, "G2"), "cumsum");
    QVERIFY(matmul && cumsum);
    QCOMPARE(mixed.externs[0].captured, std::vector<std::string>{matmul->name});
    QVERIFY(item("G2", matmul->name)->fusionMark().external);
    QVERIFY(!item("G2", matmul->name)->fusionMark().group.isValid());
    QVERIFY(item("G2", cumsum->name)->fusionMark().fallback);
    QVERIFY(item("G2", cumsum->name)->toolTip().contains(QLatin1String("fallback")));
    // The tooltip names the kernel and what fused into it.
    const QString tip = item("G1", covered[2])->toolTip();
    QVERIFY2(tip.contains(
                 QStringLiteral("<b>kernel0</b> (fused: %1, %2, %3, %4, %5)")
                     .arg(QString::fromStdString(covered[0]), QString::fromStdString(covered[1]),
                          QString::fromStdString(covered[2]), QString::fromStdString(covered[3]),
                          QString::fromStdString(covered[4]))),
             qPrintable(tip));
    QVERIFY(view->kernelLegend()->isVisible());
    // The legend has a strip of its own under the graph: it covers no part of the viewport.
    QVERIFY(!view->kernelLegend()->geometry().intersects(view->viewport()->geometry()));
    QVERIFY(view->kernelLegend()->height() > 0);
    QVERIFY(view->kernelOverlayAction()->isEnabled());

    // A click on G2's exp node selects its kernel (kernel1 of the second record) in Kernels.
    KernelsView *kernels = kernelDocks->kernelsView();
    auto *kernelsDock = qobject_cast<QDockWidget *>(kernels->parentWidget());
    kernelsDock->show();
    kernelsDock->raise();
    const std::string expNode = mixed.kernels[1].captured.back();
    NodeItem *expItem = item("G2", expNode);
    view->centerOn(expItem);
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {},
                      view->mapFromScene(expItem->sceneBoundingRect().center()));
    QTRY_VERIFY(kernels->tree()->currentItem());
    QCOMPARE(kernels->tree()->currentItem()->text(0), QStringLiteral("kernel1"));
    QCOMPARE(kernels->shownRecord(), 1);
    QCOMPARE(window.session()->selectedKernelRecord(), 1);
    QCOMPARE(window.session()->selectedKernel(), 1);
    int lineFrom, indexFrom, lineTo, indexTo;
    kernels->code()->getSelection(&lineFrom, &indexFrom, &lineTo, &indexTo);
    QCOMPARE(lineFrom + 1, mixed.kernels[1].firstLine); // its C++ lines, selected
    // ...and the kernel's nodes are outlined in the graph, no other.
    for (NodeItem *n : scene->nodeItems()) {
        const auto &nodes = mixed.kernels[1].captured;
        const bool inKernel =
            n->graphId() == "G2" &&
            std::find(nodes.begin(), nodes.end(), n->nodeName().toStdString()) != nodes.end();
        QCOMPARE(n->isKernelSelected(), inKernel);
    }

    // The other way: G1's kernel chosen in Kernels outlines all of G1's call nodes.
    QVERIFY(kernels->showKernel(0, 0));
    for (const std::string &node : covered)
        QVERIFY(item("G1", node)->isKernelSelected());
    QVERIFY(!item("G2", expNode)->isKernelSelected());
    // Two kernels, the extern call and the fallback.
    saveScreenshots(&window, QStringLiteral("fusion-overlay"), {QSize(1280, 800)},
                    [view] { view->fitGraph(QStringLiteral("G2")); });

    // The toggle takes the overlay off (marks and legend) and puts it back.
    const int viewportWithLegend = view->viewport()->height();
    view->kernelOverlayAction()->trigger();
    QVERIFY(!item("G1", covered[0])->fusionMark().group.isValid());
    QVERIFY(!item("G2", matmul->name)->fusionMark().external);
    QVERIFY(!view->kernelLegend()->isVisible());
    QVERIFY(view->viewport()->height() > viewportWithLegend); // the strip goes with it
    QVERIFY(item("G1", covered[0])->isKernelSelected());      // the selection stays
    view->kernelOverlayAction()->trigger();
    QVERIFY(item("G1", covered[0])->fusionMark().group.isValid());
}

QTEST_MAIN(TestFusionOverlay)
#include "tst_fusionoverlay.moc"
