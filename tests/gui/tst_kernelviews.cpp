// The Kernels and Timing docks end to end: "Run Compiled Kernels" runs a script in the real
// worker; the Kernels view shows what `dynascope explain --kernels --json` reports for the same
// script (kernels, fallbacks, the generated source), selecting a kernel selects its lines and a
// line selects its kernel; the Timing view shows T_base, T_comp and S for each function with
// S = T_base / T_comp. Screenshots at 1280x800 and 1920x1080 when DYNASCOPE_SCREENSHOTS is set.
#include "capturesession.h"
#include "guitestsupport.h"
#include "kernels/kerneldocks.h"
#include "kernels/kernelsview.h"
#include "kernels/timingview.h"
#include "mainwindow.h"
#include "runcontroller.h"
#include "workerclient.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QDockWidget>
#include <QHorizontalBarSeries>
#include <QLabel>
#include <QProcess>
#include <QSignalSpy>
#include <QTreeWidget>
#include <Qsci/qsciscintilla.h>
#include <QtTest>

using namespace dynascope;
using namespace dynascope::testing;

namespace {
// A fused chain, a softmax (one kernel with reductions) and a fallback (cumsum) in the middle.
const QByteArray kScript = kernelDemoScript(R"(def softmax_cumsum(x):
    e = (x - x.amax(-1, keepdim=True)).exp()
    return torch.cumsum(e / e.sum(-1, keepdim=True), 1))",
                                            R"(x = torch.randn(64, 128)
print(torch.compile(chain)(a, b).shape, torch.compile(softmax_cumsum)(x).shape)
)");

void screenshot(QWidget *window, QDockWidget *dock, const QString &name) {
    saveScreenshots(window, name, {QSize(1280, 800), QSize(1920, 1080)}, [dock] { dock->raise(); });
}
} // namespace

class TestKernelViews : public QObject {
    Q_OBJECT
private:
    IsolatedDirs m_dirs;

private slots:
    void initTestCase() { m_dirs.isolate(); }
    void kernelsAndTimingAfterRunCompiledKernels();
    void trainingPlanShowsForwardAndBackward();
    void timingShowsBackwardHalf();
};

// A training plan's timing: the forward under the function (what the call runs), then the
// backward half timed alone with its kernels and the ratio to eager autograd; a backward that
// could not be timed says why instead of showing nothing.
void TestKernelViews::timingShowsBackwardHalf() {
    const Json event = Json::parse(R"json({"threads": 1, "rounds": 3, "functions": [
      {"name": "step", "T_base": {"median_us": 40}, "T_comp": {"median_us": 20},
       "t_guard_us": 2, "speedup": 2.0, "graphs": [
        {"graph": 0, "part": "forward", "status": "compiled", "eager": {"median_us": 30},
         "compiled": {"median_us": 18}, "kernels": [{"name": "kernel0", "kind": "kernel",
                                                     "time": {"median_us": 5}}],
         "backward": {"status": "compiled", "eager": {"median_us": 60},
                      "compiled": {"median_us": 15},
                      "kernels": [{"name": "kernel0", "kind": "kernel", "time": {"median_us": 4}},
                                  {"name": "mm", "kind": "extern", "time": {"median_us": 9}}]}},
        {"graph": 1, "part": "forward", "status": "compiled", "eager": {"median_us": 3},
         "backward": {"status": "compiling",
                      "note": "not timed: the training plan is not ready (compiling)"}}]}]})json");
    const TimingReport report = timingReportFromEvent(event);
    QCOMPARE(int(report.functions.size()), 1);
    const GraphTiming &g = report.functions[0].graphs[0];
    QVERIFY(g.backward && g.backward->compiled && g.backward->eager);
    QCOMPARE(g.backward->compiled->medianUs, 15.0);
    QCOMPARE(int(g.backward->kernels.size()), 2);
    QVERIFY(report.functions[0].graphs[1].backward);
    QVERIFY(!report.functions[0].graphs[1].backward->compiled);

    TimingView view;
    view.setReport(report);
    QTreeWidgetItem *fn = view.table()->topLevelItem(0);
    QStringList titles;
    for (int i = 0; i < fn->childCount(); ++i)
        titles << fn->child(i)->text(0);
    QCOMPARE(titles, QStringList({"T_base (eager)", "t_guard (guards and dispatch)",
                                  "graph 0 forward: compiled", "graph 0 backward: compiled",
                                  "graph 1 forward: compiled", "graph 1 backward: compiling",
                                  "T_comp (compiled)"}));
    QTreeWidgetItem *backward = fn->child(3);
    QCOMPARE(backward->text(1), TimingView::formatStats(*g.backward->compiled));
    QVERIFY2(backward->text(2).contains(QStringLiteral("4.00× faster")),
             qPrintable(backward->text(2)));
    QCOMPARE(backward->childCount(), 2);
    QCOMPARE(backward->child(1)->text(0), QStringLiteral("mm (extern)"));
    QCOMPARE(fn->child(5)->text(1),
             QStringLiteral("not timed: the training plan is not ready (compiling)"));
    // The chart: bars on their side, the function names on the left axis (under upright bars
    // they were elided to "…"), no title to cut, short legend names (the table's rows say them
    // in full).
    QVERIFY(view.chart()->title().isEmpty());
    QCOMPARE(view.chart()->series().size(), 1);
    auto *bars = qobject_cast<QHorizontalBarSeries *>(view.chart()->series().first());
    QVERIFY(bars);
    QCOMPARE(bars->barSets().size(), 2);
    QCOMPARE(bars->barSets()[0]->label(), QStringLiteral("T_base"));
    QCOMPARE(bars->barSets()[1]->label(), QStringLiteral("T_comp"));
    QCOMPARE(bars->barSets()[0]->at(0), 40.0);
    const auto left = view.chart()->axes(Qt::Vertical);
    QCOMPARE(left.size(), 1);
    auto *names = qobject_cast<QBarCategoryAxis *>(left.first());
    QVERIFY(names);
    QCOMPARE(names->categories(), QStringList{"step"});
}

// A training plan's two records (parts forward and backward) next to an inference record in the
// format before training plans (no "part"): three graph items, the backward its own graph, the
// forward listing what it saves for the backward; selecting the backward shows its source.
void TestKernelViews::trainingPlanShowsForwardAndBackward() {
    const Json event = Json::parse(R"({"records": [
      {"graph": 0, "signature": ["[8, 16]"], "status": "compiled", "source": "// inference"},
      {"graph": 1, "part": "forward", "signature": ["[8, 16]"], "status": "compiled",
       "times": {"trace": 0.02, "partition": 0.001},
       "partition": {"kind": "min-cut", "saved": ["primals_1", "relu"], "saved_bytes": 1536},
       "kernels": [{"name": "kernel0", "lines": [3, 9], "origins": ["relu"]}],
       "source": "// forward"},
      {"graph": 1, "part": "backward", "signature": ["[8, 16]"], "status": "compiled",
       "kernels": [{"name": "kernel0", "lines": [3, 9], "origins": ["le", "where"]}],
       "externs": [{"node": "mm", "op": "aten.mm.default"}], "source": "// backward"}]})");
    const std::vector<KernelGraphRecord> records = kernelRecordsFromEvent(event);
    QCOMPARE(int(records.size()), 3);
    QCOMPARE(QString::fromStdString(records[0].part), QString());
    QCOMPARE(QString::fromStdString(records[2].part), QStringLiteral("backward"));
    QCOMPARE(int(records[1].saved.size()), 2);

    KernelsView view;
    view.setRecords(records);
    QTreeWidget *tree = view.tree();
    QCOMPARE(tree->topLevelItemCount(), 3);
    QCOMPARE(tree->topLevelItem(0)->text(0), QStringLiteral("graph 0 ([8, 16])"));
    QCOMPARE(tree->topLevelItem(1)->text(0), QStringLiteral("graph 1 forward ([8, 16])"));
    QCOMPARE(tree->topLevelItem(2)->text(0), QStringLiteral("graph 1 backward ([8, 16])"));
    const auto saved = tree->findItems(QStringLiteral("saved for backward"),
                                       Qt::MatchExactly | Qt::MatchRecursive);
    QCOMPARE(saved.size(), 1);
    QCOMPARE(saved.first()->parent(), tree->topLevelItem(1));
    QCOMPARE(saved.first()->text(1), QStringLiteral("primals_1, relu (min-cut partition)"));
    // A details cell cut by the column says itself in full on hover.
    QCOMPARE(saved.first()->toolTip(1), saved.first()->text(1));
    QVERIFY(tree->topLevelItem(1)->toolTip(1).contains(QLatin1String("partition 1.0 ms")));
    QVERIFY(view.showKernel(2, 0));
    QCOMPARE(view.code()->text(), QStringLiteral("// backward"));
    QVERIFY(view.summary()->text().startsWith(QLatin1String("graph 1 backward: compiled")));
}

void TestKernelViews::kernelsAndTimingAfterRunCompiledKernels() {
    const QString script = writeScript(m_dirs.scripts, "kernels.py", kScript);

    // The oracle: explain's kernel records of the same script.
    QProcess explain;
    explain.start(DYNASCOPE_EXE, {"explain", script, "--json", "--kernels"});
    QVERIFY(explain.waitForFinished(180000));
    const QByteArray out = explain.readAllStandardOutput();
    const int start = out.indexOf("{\n");
    QVERIFY2(start >= 0, out.constData());
    const Json report = Json::parse(out.mid(start).toStdString());
    const Json &records = report.at("kernels");
    QCOMPARE(int(records.size()), 2);

    MainWindow window;
    window.runController()->worker()->setExecutable(DYNASCOPE_EXE);
    auto *docks = window.findChild<KernelDocks *>();
    QVERIFY(docks);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.openFile(script));
    QSignalSpy running(window.runController(), &RunController::runningChanged);
    docks->runCompiledAction()->trigger();
    QTRY_COMPARE_WITH_TIMEOUT(running.count(), 2, 240000);
    QCOMPARE(window.session()->runState(), RunState::Finished);
    // The next plain run does not time kernels again.
    QVERIFY(!window.runController()->runOptions().kernelTiming);

    KernelsView *kernels = docks->kernelsView();
    auto *kernelsDock = qobject_cast<QDockWidget *>(kernels->parentWidget());
    QVERIFY(kernelsDock);
    kernelsDock->show();
    kernelsDock->raise(); // the code view updates its cursor only while it is on screen
    QCOMPARE(int(kernels->records().size()), int(records.size()));
    // The tree starts with a third of the view's width (its narrow size hint cut every detail).
    QTRY_VERIFY2(kernels->tree()->width() * 4 >= kernels->width(), qPrintable(QStringLiteral("tree %1 of %2").arg(kernels->tree()->width()).arg(kernels->width())));
    for (size_t i = 0; i < records.size(); ++i) {
        const KernelGraphRecord &shown = kernels->records()[i];
        QCOMPARE(QString::fromStdString(shown.status), QStringLiteral("compiled"));
        QCOMPARE(int(shown.kernels.size()), int(records[i].at("kernels").size()));
        QCOMPARE(int(shown.fallbacks.size()), int(records[i].at("fallbacks").size()));
    }
    // The softmax graph: cumsum is a fallback, marked in the tree.
    const auto fallbacks = kernels->tree()->findItems(QStringLiteral("fallback"),
                                                      Qt::MatchStartsWith | Qt::MatchRecursive);
    QCOMPARE(fallbacks.size(), 1);
    QVERIFY(fallbacks.first()->text(1).contains(QLatin1String("cumsum")));

    // Selecting the first kernel of graph 1 selects its lines in the generated source.
    QVERIFY(kernels->showKernel(1, 0));
    const KernelInfo &info = kernels->records()[1].kernels[0];
    int lineFrom, indexFrom, lineTo, indexTo;
    kernels->code()->getSelection(&lineFrom, &indexFrom, &lineTo, &indexTo);
    QCOMPARE(lineFrom + 1, info.firstLine);
    QVERIFY(kernels->code()->text(lineFrom).contains(QString::fromStdString(info.name)));
    QVERIFY(kernels->code()->text().contains(QLatin1String("#pragma omp simd")));
    QVERIFY(kernels->code()->isReadOnly());
    // ...and a line inside graph 0's kernel selects that kernel.
    QVERIFY(kernels->showKernel(0, -1));
    const KernelInfo &first = kernels->records()[0].kernels[0];
    kernels->code()->setCursorPosition(first.firstLine + 2, 0);
    QTRY_COMPARE(kernels->tree()->currentItem()->text(0), QString::fromStdString(first.name));
    screenshot(&window, kernelsDock, "kernels-view");

    TimingView *timing = docks->timingView();
    QCOMPARE(int(timing->report().functions.size()), 2);
    QCOMPARE(timing->table()->topLevelItemCount(), 2);
    for (int i = 0; i < 2; ++i) {
        const FunctionTiming &f = timing->report().functions[i];
        QVERIFY(f.base.medianUs > 0 && f.comp.medianUs > 0);
        QVERIFY(qAbs(f.speedup - f.base.medianUs / f.comp.medianUs) < 1e-6 * f.speedup);
        QVERIFY(timing->table()->topLevelItem(i)->text(2).startsWith(
            QString::number(f.speedup, 'f', 2)));
    }
    QCOMPARE(timing->chart()->series().size(), 1);
    QVERIFY(timing->summary()->text().contains(QLatin1String("thread")));
    screenshot(&window, qobject_cast<QDockWidget *>(timing->parentWidget()), "timing-view");
}

QTEST_MAIN(TestKernelViews)
#include "tst_kernelviews.moc"
