// Layout benchmark: 2,000 nodes (10 graphs x 200, chains with fan-in) through Graphviz and the
// scene.
#include "graph/graphscene.h"
#include "graph/graphview.h"
#include "layout/graphlayout.h"
#include "syntheticcapture.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QImage>
#include <QPainter>

#include <algorithm>
#include <climits>
#include <cstdio>
#include <ctime>
#include <vector>

using namespace dynascope;

namespace {
constexpr double kTargetSeconds = 2.0;

double seconds(QElapsedTimer &t) {
    return t.nsecsElapsed() / 1e9;
}

// CPU time of this thread: on a shared, loaded machine wall time overstates the cost.
double cpuSeconds() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return double(t.tv_sec) + t.tv_nsec / 1e9;
}

struct Timing {
    double wall;
    double cpu;
};

// Median (by wall time) of `runs` layouts.
Timing timeLayout(const GraphLayoutInput &in, const GraphLayoutOptions &options, int runs,
                  GraphGeometry *out) {
    std::vector<Timing> times;
    for (int i = 0; i < runs; ++i) {
        QElapsedTimer t;
        t.start();
        const double cpu = cpuSeconds();
        *out = layoutGraphs(in, options);
        times.push_back({seconds(t), cpuSeconds() - cpu});
    }
    std::sort(times.begin(), times.end(),
              [](const Timing &a, const Timing &b) { return a.wall < b.wall; });
    return times[times.size() / 2];
}
// The graphs and breaks of a worker event stream (one JSON event a line, `dynascope worker`).
GraphLayoutInput readEvents(const QString &path) {
    GraphLayoutInput in;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return in;
    while (!file.atEnd()) {
        const Json event = Json::parse(file.readLine().toStdString(), nullptr, false);
        if (event.is_discarded() || !event.is_object())
            continue;
        const std::string type = event.value("type", std::string());
        if (type == "graph")
            in.graphs.push_back(event.get<CapturedGraph>());
        else if (type == "graph_break")
            in.breaks.push_back(event.get<GraphBreakInfo>());
    }
    return in;
}

// The docs screenshot: the three-graph synthetic capture (or the graphs of an event stream) in a
// GraphView, rendered offscreen.
int writeScreenshot(const QString &path, const QString &events) {
    const GraphLayoutInput in = events.isEmpty() ? synthetic::threeGraphs() : readEvents(events);
    std::printf("%zu graphs, %zu breaks\n", in.graphs.size(), in.breaks.size());
    GraphView view;
    view.resize(760, 900);
    view.show();
    QEventLoop loop;
    QObject::connect(&view, &GraphView::layoutReady, &loop, &QEventLoop::quit);
    view.setGraphs(in.graphs, in.breaks);
    loop.exec();
    view.highlightLine("model.py", 15); // shows the source-line highlight on G2's first nodes
    const bool ok = view.grab().save(path, "PNG");
    std::printf("screenshot %s: %s\n", qPrintable(path), ok ? "written" : "FAILED");
    return ok ? 0 : 1;
}
} // namespace

int main(int argc, char **argv) {
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const QStringList args = app.arguments();
    if (const int at = int(args.indexOf("--screenshot")); at > 0 && at + 1 < args.size())
        return writeScreenshot(args[at + 1], args.indexOf("--events") > 0
                                                 ? args.value(args.indexOf("--events") + 1)
                                                 : QString());
    const bool full = args.contains("--full"); // also time one dot run on everything
    const GraphLayoutInput in = synthetic::randomDags(10, 200, 42);
    std::size_t nodes = 0, edges = 0;
    for (const CapturedGraph &g : in.graphs) {
        nodes += g.nodes.size();
        for (const GraphNode &n : g.nodes)
            edges += n.args.size();
    }
    std::printf("capture: %zu graphs, %zu nodes, %zu data edges, %zu breaks\n", in.graphs.size(),
                nodes, edges, in.breaks.size());

    GraphGeometry geometry;
    const Timing layout = timeLayout(in, {}, 3, &geometry);
    std::printf("layout (default, %s): %.3f s wall, %.3f s CPU (median of 3)\n",
                geometry.laidOutPerCluster ? "per cluster" : "one dot run", layout.wall,
                layout.cpu);
    if (!geometry.error.empty()) {
        std::printf("layout failed: %s\n", geometry.error.c_str());
        return 1;
    }

    GraphScene scene;
    QElapsedTimer t;
    t.start();
    double cpu = cpuSeconds();
    scene.setGeometry(geometry, in);
    const Timing build{seconds(t), cpuSeconds() - cpu};
    std::printf("scene build: %.3f s wall, %.3f s CPU (%lld items)\n", build.wall, build.cpu,
                (long long)scene.items().size());

    GraphView view;
    view.resize(1200, 800);
    view.graphScene()->setGeometry(geometry, in);
    view.fitToView();
    t.restart();
    cpu = cpuSeconds();
    const QImage frame = view.grab().toImage();
    std::printf("first paint of the fitted view (offscreen, %dx%d): %.3f s wall, %.3f s CPU\n",
                frame.width(), frame.height(), seconds(t), cpuSeconds() - cpu);

    const double wall = layout.wall + build.wall, cpuTotal = layout.cpu + build.cpu;
    std::printf("layout + scene: %.3f s wall = %.2f x the %.0f s target; %.3f s CPU = %.2f x\n",
                wall, wall / kTargetSeconds, kTargetSeconds, cpuTotal, cpuTotal / kTargetSeconds);

    if (full) {
        GraphLayoutOptions one;
        one.perClusterThreshold = INT_MAX;
        GraphGeometry whole;
        const Timing t1 = timeLayout(in, one, 1, &whole);
        std::printf("layout (forced one dot run): %.3f s wall, %.3f s CPU = %.2f x the target\n",
                    t1.wall, t1.cpu, t1.cpu / kTargetSeconds);
    }
    return 0;
}
