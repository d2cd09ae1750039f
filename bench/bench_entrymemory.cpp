// bench_entrymemory: GUI memory per cache entry, view by view. A recompile storm (one compiled
// function, a new int per call: one new cache entry, graph and guards event per call) runs once
// in the worker; its event stream is fed to a CaptureSession as a live run is, then each view the
// main window's docks refresh at the run's end gets it in turn, and the resident set size is read
// after each (the graph view also after malloc_trim, and after clearing its scene).
//
//   bench_entrymemory [CALLS]   (default 500)
#include "benchsupport.h"
#include "capturesession.h"
#include "graph/explainpanel.h"
#include "graph/graphdocument.h"
#include "graph/graphview.h"
#include "graphdocks.h"
#include "guards/guardsdock.h"
#include "guards/guardspanel.h"
#include "layout/graphlayout.h"
#include "model/event.h"
#include "tracer/tracerpanel.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>

#include <cstdio>
#include <fstream>
#include <malloc.h>
#include <unistd.h>

using namespace dynascope;
using bench::residentMiB;

namespace {

void settle(int ms) {
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < ms)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
}

} // namespace

int main(int argc, char **argv) {
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const int calls = argc > 1 ? std::atoi(argv[1]) : 500;
    QTemporaryDir dir;
    const QString script = dir.filePath("storm.py");
    if (!bench::writeStormScript(script, calls, 4000))
        return 1;
    QProcess worker;
    worker.start(QStringLiteral(DYNASCOPE_EXE), {"worker"});
    worker.write(QByteArray("{\"cmd\":\"run\",\"script\":\"") + script.toUtf8() +
                 "\",\"record\":false}\n");
    worker.closeWriteChannel();
    if (!worker.waitForFinished(1800000))
        return 1;
    std::vector<Event> events;
    std::map<std::string, std::pair<int, size_t>> perType;
    for (const QByteArray &line : worker.readAllStandardOutput().split('\n')) {
        std::string error;
        if (auto e = decodeEvent(line.toStdString(), error)) {
            perType[e->type].first++;
            perType[e->type].second += size_t(line.size()) + 1;
            events.push_back(std::move(*e));
        }
    }
    for (const auto &[type, count] : perType)
        std::printf("  %-12s %6d events %10zu bytes\n", type.c_str(), count.first, count.second);

    const int entries = int(perType["guards"].first);
    auto report = [entries](const char *stage, double before, double after) {
        std::printf("  %-34s %+7.1f MiB  %6.1f KB an entry\n", stage, after - before,
                    (after - before) * 1024 / entries);
    };
    // Each view alone, in the order the docks refresh at the end of a run.
    {
        CaptureSession session;
        double before = residentMiB();
        session.beginRun();
        for (const Event &e : events)
            session.addEvent(e);
        double after = residentMiB();
        report("session intake (events kept)", before, after);
        before = after;
        // The session decoded graphs, breaks and trace steps at intake (CaptureSession::capture());
        // GraphDocks keeps a copy of the graphs the views were given.
        std::vector<CapturedGraph> graphs = session.capture().graphs();
        after = residentMiB();
        report("graphs copied (GraphDocks)", before, after);
        before = after;
        ExplainPanel explain;
        explain.setGraphs(graphs, {});
        after = residentMiB();
        report("explain panel", before, after);
        before = after;
        TracerPanel tracer;
        tracer.syncSteps(session.capture().traceSteps());
        after = residentMiB();
        report("tracer", before, after);
        before = after;
        GuardsCache cache;
        cache.update(session.captureDigest());
        GuardsPanel guards;
        guards.setCache(&cache);
        after = residentMiB();
        report("guards cache and panel", before, after);
        before = after;
        {
            // The layout alone (Graphviz, on this thread), its geometry dropped at once.
            GraphLayoutInput input;
            input.graphs = graphs;
            const size_t boxes = layoutGraphs(input).nodes.size();
            malloc_trim(0);
            after = residentMiB();
            report("layout alone, geometry dropped (trim)", before, after);
            before = after;
            layoutGraphs(input);
            malloc_trim(0);
            after = residentMiB();
            report("the same layout again (trim)", before, after);
            if (boxes == 0)
                std::printf("  (no boxes laid out)\n");
            before = after;
        }
        auto *view = new GraphView; // the document owns it
        GraphDocument document(view);
        document.resize(1200, 700);
        document.show();
        view->setGraphs(graphs, {});
        document.setGraphs(graphs, 0);
        after = residentMiB();
        report("graph view and document (queued)", before, after);
        settle(10000);
        after = residentMiB();
        report("graph view and document (laid out)", before, after);
        malloc_trim(0);
        after = residentMiB();
        report("  … after malloc_trim", before, after);
        view->clearGraphs();
        settle(200);
        malloc_trim(0);
        after = residentMiB();
        report("  … after clearGraphs + trim", before, after);
    }
    return 0;
}
