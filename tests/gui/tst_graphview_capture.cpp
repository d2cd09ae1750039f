// The graph view on a real capture: `dynascope worker` runs a script with two graph breaks and
// every graph, node and break it streams must be drawn in execution order.
#include "graph/graphscene.h"
#include "graph/graphview.h"
#include "graph/nodeitem.h"
#include "layout/graphlayoutinput.h"

#include <QFile>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace dynascope;

namespace {
const char *kScript = R"(import torch

def f(x, w):
    y = torch.relu(x @ w)
    z = y.sum()
    print("between graphs")
    out = torch.sin(y) * 2
    if out.sum() > 0:
        out = out + 1
    return torch.tanh(out)

fc = torch.compile(f)
print(fc(torch.randn(4, 3), torch.randn(3, 5)).shape)
)";
} // namespace

class TestGraphViewCapture : public QObject {
    Q_OBJECT
private slots:
    void drawsWhatTheWorkerCaptured();
};

void TestGraphViewCapture::drawsWhatTheWorkerCaptured() {
    QTemporaryDir dir;
    const QString script = dir.filePath("model.py");
    QFile file(script);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(kScript);
    file.close();

    QProcess worker;
    worker.start(DYNASCOPE_EXE, {"worker"});
    QVERIFY(worker.waitForStarted());
    const Json request{{"cmd", "run"}, {"script", script.toStdString()}};
    worker.write(QByteArray::fromStdString(request.dump() + "\n"));
    worker.closeWriteChannel();
    QVERIFY(worker.waitForFinished(120000));

    GraphLayoutInput in;
    for (const QByteArray &line : worker.readAllStandardOutput().split('\n')) {
        const Json event = Json::parse(line.toStdString(), nullptr, false);
        if (event.is_discarded() || !event.is_object())
            continue;
        if (event.value("type", "") == "graph")
            in.graphs.push_back(event.get<CapturedGraph>());
        else if (event.value("type", "") == "graph_break")
            in.breaks.push_back(event.get<GraphBreakInfo>());
    }
    // print() and the `if` on a tensor split f into three graphs, as Dynamo does.
    QCOMPARE(in.graphs.size(), std::size_t(3));
    QCOMPARE(in.breaks.size(), std::size_t(2));

    GraphView view;
    view.resize(800, 900);
    view.show();
    QSignalSpy ready(&view, &GraphView::layoutReady);
    view.setGraphs(in.graphs, in.breaks);
    QVERIFY(ready.wait(30000));
    GraphScene *scene = view.graphScene();
    QVERIFY(view.layoutMessage().isEmpty());
    std::size_t nodes = 0;
    for (const CapturedGraph &g : in.graphs) {
        nodes += g.nodes.size();
        for (const GraphNode &n : g.nodes)
            QVERIFY2(scene->nodeItem(QString::fromStdString(g.id), QString::fromStdString(n.name)),
                     n.name.c_str());
    }
    QCOMPARE(std::size_t(scene->nodeItems().size()), nodes);
    // Each break sits below the graph it ends and above the next one.
    for (int b = 0; b < 2; ++b) {
        const QRectF marker = scene->breakItem(b)->sceneBoundingRect();
        const QString after = QString::fromStdString(in.breaks[b].afterGraph);
        const int index = int(std::find_if(in.graphs.begin(), in.graphs.end(),
                                           [&](const CapturedGraph &g) {
                                               return QString::fromStdString(g.id) == after;
                                           }) -
                              in.graphs.begin());
        QVERIFY(index + 1 < int(in.graphs.size()));
        const QString next = QString::fromStdString(in.graphs[index + 1].id);
        QVERIFY(marker.top() > scene->nodeItem(after, "output")->sceneBoundingRect().bottom());
        for (NodeItem *n : scene->nodeItems())
            if (n->graphId() == next)
                QVERIFY(n->sceneBoundingRect().top() > marker.bottom());
        QVERIFY(scene->breakItem(b)->toolTip().contains(
            QString::fromStdString(in.breaks[b].reason).toHtmlEscaped()));
    }
}

QTEST_MAIN(TestGraphViewCapture)
#include "tst_graphview_capture.moc"
