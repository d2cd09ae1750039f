// Graph view and explain panel on synthetic captures: clicks, search, trace steps, zoom, export.
#include "graph/clusteritem.h"
#include "graph/explainpanel.h"
#include "graph/graphminimap.h"
#include "graph/graphscene.h"
#include "graph/graphsearchbar.h"
#include "graph/graphview.h"
#include "graph/layoutqueue.h"
#include "graph/nodeitem.h"
#include "syntheticcapture.h"

#include <QImage>
#include <QLabel>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTranslator>
#include <QTreeWidget>
#include <QXmlStreamReader>
#include <QtTest>

#include <climits>
#include <memory>

using namespace dynascope;

Q_DECLARE_METATYPE(std::shared_ptr<const dynascope::GraphGeometry>)

class TestGraphView : public QObject {
    Q_OBJECT
    QTranslator m_english; // plural forms: "1 op", "3 graphs" (the app installs it too)
private slots:
    void initTestCase() {
        QVERIFY(m_english.load(QStringLiteral("dynascope_en"), QStringLiteral(DYNASCOPE_QM_DIR)));
        QCoreApplication::installTranslator(&m_english);
    }
    void init();
    void cleanup();
    void drawsEveryNodeBreakAndCluster();
    void clickingNodeEmitsNodeClicked();
    void clickingBreakEmitsBreakClicked();
    void searchSelectsAndCentres();
    void ctrlFOpensSearchBar();
    void traceStepsGrowTheGraph();
    void traceStepsOfOneGraph();
    void highlightLineFindsNodesAndInlinedNodes();
    void zoomShortcutsAndWheelChangeTransform();
    void collapseAndExpandCluster();
    void newerCaptureSupersedesQueuedOne();
    void queueDeliversNewestRequest();
    void exportsWriteFiles();
    void minimapShowsWhenGraphDoesNotFit();
    void explainPanelCountsAndJumps();
    void explainPanelSaysWhatToDoBeforeAnyGraph();
    void splitLayoutIsAnnounced();

private:
    bool load(const GraphLayoutInput &in);
    QPoint viewPos(QGraphicsItem *item) const {
        return m_view->mapFromScene(item->sceneBoundingRect().center());
    }

    std::unique_ptr<GraphView> m_view;
};

bool TestGraphView::load(const GraphLayoutInput &in) {
    QSignalSpy ready(m_view.get(), &GraphView::layoutReady);
    m_view->setGraphs(in.graphs, in.breaks);
    return ready.wait(20000);
}

void TestGraphView::init() {
    m_view = std::make_unique<GraphView>();
    m_view->resize(900, 700);
    m_view->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_view.get()));
    QVERIFY(load(synthetic::threeGraphs()));
}

void TestGraphView::cleanup() {
    m_view.reset();
}

void TestGraphView::drawsEveryNodeBreakAndCluster() {
    GraphScene *scene = m_view->graphScene();
    QCOMPARE(scene->nodeItems().size(), 6 + 4 + 5);
    QCOMPARE(scene->breakItems().size(), 2);
    QVERIFY(scene->clusterItem("G1") && scene->clusterItem("G2") && scene->clusterItem("G3"));
    NodeItem *mm = scene->nodeItem("G1", "matmul");
    QVERIFY(mm);
    QCOMPARE(mm->kind(), QString("call_function"));
    QVERIFY(mm->toolTip().contains("torch.matmul"));
    QVERIFY(mm->toolTip().contains("model.py:11"));
    QVERIFY2(scene->nodeItem("G1", "relu")->toolTip().contains("inlined from"),
             "tooltips carry the inline stack");
    QVERIFY(scene->breakItem(0)->toolTip().contains("if on a tensor"));
    QVERIFY(m_view->layoutMessage().isEmpty());

    m_view->setTransform(QTransform::fromScale(3, 3));
    m_view->focusGraph("G1");
    const QRectF visible = m_view->mapToScene(m_view->viewport()->rect()).boundingRect();
    QVERIFY(visible.intersects(scene->clusterItem("G1")->sceneBoundingRect()));
    QVERIFY(!visible.intersects(scene->clusterItem("G3")->sceneBoundingRect()));
    m_view->focusGraph("G3");
    const QRectF moved = m_view->mapToScene(m_view->viewport()->rect()).boundingRect();
    QVERIFY(moved.intersects(scene->clusterItem("G3")->sceneBoundingRect()));
}

void TestGraphView::clickingNodeEmitsNodeClicked() {
    QSignalSpy clicked(m_view.get(), &GraphView::nodeClicked);
    NodeItem *item = m_view->graphScene()->nodeItem("G2", "mul");
    m_view->centerOn(item);
    QTest::mouseClick(m_view->viewport(), Qt::LeftButton, {}, viewPos(item));
    QCOMPARE(clicked.count(), 1);
    QCOMPARE(clicked.at(0).at(0).toString(), QString("G2"));
    QCOMPARE(clicked.at(0).at(1).toString(), QString("mul"));
    QVERIFY(item->isSelected());
    // A click on empty background emits nothing.
    QTest::mouseClick(m_view->viewport(), Qt::LeftButton, {}, QPoint(2, 2));
    QCOMPARE(clicked.count(), 1);
}

void TestGraphView::clickingBreakEmitsBreakClicked() {
    QSignalSpy clicked(m_view.get(), &GraphView::breakClicked);
    NodeItem *marker = m_view->graphScene()->breakItem(1);
    m_view->centerOn(marker);
    QTest::mouseClick(m_view->viewport(), Qt::LeftButton, {}, viewPos(marker));
    QCOMPARE(clicked.count(), 1);
    QCOMPARE(clicked.at(0).at(0).toInt(), 1);
}

void TestGraphView::searchSelectsAndCentres() {
    m_view->setTransform(QTransform::fromScale(3, 3)); // the scene no longer fits: centring shows
    QCOMPARE(m_view->search("operator.mul"), 1);       // by target
    NodeItem *mul = m_view->graphScene()->nodeItem("G2", "mul");
    QVERIFY(mul->isSelected());
    const QPointF centre = m_view->mapToScene(m_view->viewport()->rect().center());
    QVERIFY2(QLineF(centre, mul->sceneBoundingRect().center()).length() < 20,
             "the match is centred");
    QCOMPARE(m_view->search("SIN"), 2); // by name, case-insensitive: G2/sin and G3/sin
    QVERIFY(m_view->graphScene()->nodeItem("G2", "sin")->isSelected());
    QVERIFY(m_view->findNext());
    QVERIFY(m_view->graphScene()->nodeItem("G3", "sin")->isSelected());
    QVERIFY(!m_view->graphScene()->nodeItem("G2", "sin")->isSelected());
    QCOMPARE(m_view->search("no-such-node"), 0);
}

void TestGraphView::ctrlFOpensSearchBar() {
    m_view->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_view.get()));
    QVERIFY(!m_view->searchBar()->isVisible());
    QTest::keyClick(m_view.get(), Qt::Key_F, Qt::ControlModifier);
    QVERIFY(m_view->searchBar()->isVisible());
    QTest::keyClicks(QApplication::focusWidget(), "lin_weight");
    QVERIFY(m_view->graphScene()->nodeItem("G3", "lin_weight")->isSelected());
}

void TestGraphView::traceStepsGrowTheGraph() {
    GraphScene *scene = m_view->graphScene();
    int previous = -1;
    QList<int> counts;
    for (int step = -1; step <= 15; ++step) {
        m_view->showUpToTraceStep(step);
        const int visible = scene->visibleNodeCount();
        QVERIFY2(visible >= previous, "visible nodes never shrink as steps advance");
        counts << visible;
        previous = visible;
        for (NodeItem *n : scene->nodeItems()) {
            QCOMPARE(n->isShown(), n->traceStep() <= step);
            QCOMPARE(n->isHighlighted(), n->traceStep() == step);
        }
    }
    QCOMPARE(counts.first(), 0);
    QCOMPARE(counts.last(), 15);
    QCOMPARE(counts[1 + 3], 4); // after step 3: x, w, matmul, relu
    // The first break marker appears with G1's output (step 5), not before.
    m_view->showUpToTraceStep(4);
    QVERIFY(!scene->breakItem(0)->isShown());
    m_view->showUpToTraceStep(5);
    QVERIFY(scene->breakItem(0)->isShown());
    QVERIFY(!scene->breakItem(1)->isShown());
    m_view->showAllTraceSteps();
    QCOMPARE(scene->visibleNodeCount(), 15);
}

void TestGraphView::traceStepsOfOneGraph() {
    // Trace steps count per traced region, and the engine gives outputs no step.
    GraphLayoutInput in = synthetic::threeGraphs();
    in.graphs[1].nodes.back().traceStep = -1;
    QVERIFY(load(in));
    GraphScene *scene = m_view->graphScene();
    m_view->showUpToTraceStep(7, "G2");
    QCOMPARE(scene->visibleNodeCount(), 6 + 2); // G1 whole; G2's relu (6) and mul (7)
    QVERIFY(scene->nodeItem("G2", "mul")->isHighlighted());
    QVERIFY(!scene->nodeItem("G1", "relu")->isHighlighted());
    QVERIFY(!scene->nodeItem("G2", "output")->isShown());
    QVERIFY(!scene->nodeItem("G3", "sin")->isShown());
    QVERIFY(scene->breakItem(0)->isShown());
    QVERIFY(!scene->breakItem(1)->isShown());
    m_view->showUpToTraceStep(8, "G2"); // G2's last node: its output shows with it
    QVERIFY(scene->nodeItem("G2", "output")->isShown());
    QVERIFY(!scene->nodeItem("G2", "output")->isHighlighted());
    QVERIFY(scene->breakItem(1)->isShown());
    m_view->showUpToTraceStep(9, "G3"); // G3's steps start at 10 in this capture
    QCOMPARE(scene->visibleNodeCount(), 6 + 4);
    m_view->showAllTraceSteps();
    QCOMPARE(scene->visibleNodeCount(), 15);
}

void TestGraphView::highlightLineFindsNodesAndInlinedNodes() {
    GraphScene *scene = m_view->graphScene();
    QCOMPARE(m_view->highlightLine("/home/user/model.py", 11), 2); // w and matmul
    QVERIFY(scene->nodeItem("G1", "matmul")->isHighlighted());
    QVERIFY(!scene->nodeItem("G1", "relu")->isHighlighted());
    QCOMPARE(m_view->highlightLine("model.py", 40), 1); // relu, inlined through line 40
    QVERIFY(scene->nodeItem("G1", "relu")->isHighlighted());
    QCOMPARE(m_view->highlightLine("other.py", 11), 0);
    QCOMPARE(m_view->highlightLine(QString(), 0), 0);
    for (NodeItem *n : scene->nodeItems())
        QVERIFY(!n->isHighlighted());
}

void TestGraphView::zoomShortcutsAndWheelChangeTransform() {
    m_view->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_view.get()));
    const qreal fitted = m_view->zoomFactor();
    QTest::keyClick(m_view.get(), Qt::Key_Equal, Qt::ControlModifier);
    const qreal zoomed = m_view->zoomFactor();
    QVERIFY(zoomed > fitted * 1.1);
    QTest::keyClick(m_view.get(), Qt::Key_Minus, Qt::ControlModifier);
    QTest::keyClick(m_view.get(), Qt::Key_Minus, Qt::ControlModifier);
    QVERIFY(m_view->zoomFactor() < fitted);
    QTest::keyClick(m_view.get(), Qt::Key_0, Qt::ControlModifier);
    QCOMPARE(m_view->zoomFactor(), fitted);

    const QPoint centre = m_view->viewport()->rect().center();
    QWheelEvent wheel(centre, m_view->viewport()->mapToGlobal(centre), QPoint(), QPoint(0, 120),
                      Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(m_view->viewport(), &wheel);
    QVERIFY(m_view->zoomFactor() > fitted);
}

void TestGraphView::collapseAndExpandCluster() {
    GraphScene *scene = m_view->graphScene();
    QSignalSpy ready(m_view.get(), &GraphView::layoutReady);
    // Double-click on G2's frame label (its top-left corner, left of any node).
    ClusterItem *g2 = scene->clusterItem("G2");
    m_view->centerOn(g2);
    const QPoint label = m_view->mapFromScene(g2->sceneBoundingRect().topLeft() + QPointF(6, 6));
    QTest::mouseDClick(m_view->viewport(), Qt::LeftButton, {}, label);
    QVERIFY(ready.wait(20000));
    QVERIFY(m_view->isCollapsed("G2"));
    QVERIFY(!scene->nodeItem("G2", "mul"));
    QCOMPARE(scene->nodeItems().size(), 6 + 1 + 5);
    QVERIFY(scene->clusterItem("G2")->isCollapsed());
    m_view->setCollapsed("G2", false);
    QVERIFY(ready.wait(20000));
    QVERIFY(scene->nodeItem("G2", "mul"));
    QCOMPARE(scene->nodeItems().size(), 15);
}

void TestGraphView::newerCaptureSupersedesQueuedOne() {
    QSignalSpy ready(m_view.get(), &GraphView::layoutReady);
    const GraphLayoutInput big = synthetic::randomDags(2, 150, 1);
    const GraphLayoutInput small = synthetic::randomDags(1, 5, 2);
    m_view->setGraphs(big.graphs, big.breaks);
    m_view->setGraphs(small.graphs, small.breaks);
    QVERIFY(ready.wait(20000));
    QTest::qWait(200); // let a stale result arrive, if one were (wrongly) delivered
    QCOMPARE(ready.count(), 1);
    QCOMPARE(m_view->graphScene()->nodeItems().size(), 5);
}

void TestGraphView::queueDeliversNewestRequest() {
    qRegisterMetaType<std::shared_ptr<const GraphGeometry>>();
    LayoutQueue queue;
    QSignalSpy finished(&queue, &LayoutQueue::finished);
    queue.request("a", synthetic::randomDags(2, 100, 3));
    queue.request("b", synthetic::randomDags(1, 4, 4));
    const quint64 last = queue.request("b", synthetic::randomDags(1, 6, 5));
    QTRY_VERIFY_WITH_TIMEOUT(!finished.isEmpty() && finished.last().at(1).toULongLong() == last,
                             20000);
    QVERIFY(finished.count() <= 3);
    const auto geometry = finished.last().at(2).value<std::shared_ptr<const GraphGeometry>>();
    QCOMPARE(geometry->nodes.size(), std::size_t(6));
    QCOMPARE(queue.pendingCount(), 0);
}

void TestGraphView::exportsWriteFiles() {
    QTemporaryDir dir;
    const QString svg = dir.filePath("g.svg"), png = dir.filePath("g.png"),
                  dot = dir.filePath("g.dot");
    QVERIFY(m_view->exportSvg(svg));
    QVERIFY(m_view->exportPng(png));
    QVERIFY(m_view->exportDot(dot));
    QFile svgFile(svg);
    QVERIFY(svgFile.open(QIODevice::ReadOnly));
    QXmlStreamReader xml(&svgFile);
    int texts = 0;
    while (!xml.atEnd())
        texts += xml.readNext() == QXmlStreamReader::StartElement && xml.name() == u"text";
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QVERIFY(texts > 15);
    const QImage image(png);
    QVERIFY(!image.isNull());
    QVERIFY(image.width() > 100 && image.height() > 100);
    QFile dotFile(dot);
    QVERIFY(dotFile.open(QIODevice::ReadOnly));
    const QByteArray text = dotFile.readAll();
    QVERIFY(text.startsWith("digraph"));
    QVERIFY(text.contains("label=\"lin_weight\\nattr lin.weight"));
}

void TestGraphView::minimapShowsWhenGraphDoesNotFit() {
    // Fit stops at a readable zoom; the minimap is there exactly when the graph still does not
    // fit the view.
    QVERIFY(m_view->zoomFactor() >= 1.0);
    const QRectF shown = m_view->mapToScene(m_view->viewport()->rect()).boundingRect();
    QCOMPARE(m_view->minimap()->isVisible(),
             !shown.contains(m_view->graphScene()->itemsBoundingRect().adjusted(2, 2, -2, -2)));
    QVERIFY(load(synthetic::randomDags(2, 200, 9)));
    for (int i = 0; i < 10; ++i)
        m_view->zoomIn();
    QVERIFY(m_view->minimap()->isVisible());
    QVERIFY(m_view->minimap()->width() < m_view->width() / 2);
    m_view->fitToView();
    m_view->setTransform(QTransform::fromScale(0.01, 0.01));
    m_view->zoomIn(); // any zoom refreshes it: at this scale everything shows
    QVERIFY(!m_view->minimap()->isVisible());
}

// Before a run the panel says what fills it, not "0 graphs · 0 graph breaks" over empty folders.
void TestGraphView::explainPanelSaysWhatToDoBeforeAnyGraph() {
    ExplainPanel panel;
    QVERIFY2(panel.summaryLabel()->text().startsWith("No graphs yet. Run a script that calls "
                                                     "torch.compile (F5)"),
             qPrintable(panel.summaryLabel()->text()));
    QVERIFY(!panel.tree()->isVisibleTo(&panel));
    const GraphLayoutInput in = synthetic::threeGraphs();
    panel.setGraphs(in.graphs, in.breaks);
    QVERIFY(panel.summaryLabel()->text().contains("3 graphs"));
    QVERIFY(panel.tree()->isVisibleTo(&panel));
    panel.setGraphs({}, {}); // a new run starts empty again
    QVERIFY(panel.summaryLabel()->text().startsWith("No graphs yet"));
    QVERIFY(!panel.tree()->isVisibleTo(&panel));
}

void TestGraphView::explainPanelCountsAndJumps() {
    const GraphLayoutInput in = synthetic::threeGraphs();
    ExplainPanel panel;
    panel.setGraphs(in.graphs, in.breaks);
    QCOMPARE(panel.graphCount(), 3);
    QCOMPARE(panel.breakCount(), 2);
    // Dynamo's explain count, call_function nodes only: matmul; mul, sin; add (not the
    // call_method relu/sum, the call_module lin, get_attr, placeholders or outputs).
    QCOMPARE(panel.opCount(), 1 + 2 + 1);
    QVERIFY(panel.summaryText().contains("3 graphs"));
    QTreeWidget *tree = panel.tree();
    QTreeWidgetItem *breaks = tree->topLevelItem(1);
    QCOMPARE(breaks->childCount(), 2);
    QVERIFY(breaks->child(1)->text(0).contains("call to builtin print"));
    QSignalSpy jump(&panel, &ExplainPanel::sourceLocationActivated);
    QSignalSpy breakSpy(&panel, &ExplainPanel::breakActivated);
    emit tree->itemClicked(breaks->child(1), 0);
    QCOMPARE(jump.count(), 1);
    QCOMPARE(jump.at(0).at(0).toString(), QString("/home/user/model.py"));
    QCOMPARE(jump.at(0).at(1).toInt(), 17); // the innermost user frame
    QCOMPARE(breakSpy.at(0).at(0).toInt(), 1);
    // The outer frame of the stack jumps to its own line.
    QTreeWidgetItem *outer = breaks->child(1)->child(breaks->child(1)->childCount() - 1);
    emit tree->itemClicked(outer, 0);
    QCOMPARE(jump.last().at(1).toInt(), 30);
    QCOMPARE(tree->topLevelItem(0)->child(0)->text(0), QString("G1  Model.forward — 1 op"));
}

void TestGraphView::splitLayoutIsAnnounced() {
    auto *banner = m_view->findChild<QLabel *>("graphLayoutBanner");
    QVERIFY(banner);
    QVERIFY(!banner->isVisible());
    GraphLayoutOptions options;
    options.perClusterThreshold = 50;
    m_view->setLayoutOptions(options);
    QVERIFY(load(synthetic::randomDags(3, 30, 4)));
    QVERIFY(banner->isVisible());
    QVERIFY2(banner->text().contains("each graph was laid out on its own"),
             qPrintable(banner->text()));
    QCOMPARE(m_view->graphScene()->nodeItems().size(), 90);
    QCOMPARE(m_view->graphScene()->breakItems().size(), 2);
    m_view->clearGraphs();
    QVERIFY(!banner->isVisible());
}

QTEST_MAIN(TestGraphView)
#include "tst_graphview.moc"
