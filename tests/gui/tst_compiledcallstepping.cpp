// Compiled calls in the stepper, on a real recording (the worker records the steps of a script
// that calls a torch.compile'd function three times: a first compile, a hit, a recompile, each
// split by a graph break): one mark per call at the caller's CALL step, the mark's words for a
// hit and a recompile, a click on a mark goes to its step, and F11 steps into the call — the
// guard verdict, then the graph that ran (the Graphs document and the Tracer select it), then the
// resume code and its graph — and on to the next line; F10 steps over. Also the marks' model on
// hand-made events: calls without a step (older captures) leave no mark.
#include "capturesession.h"
#include "compiledcall/callmarksbar.h"
#include "compiledcall/compiledcalldock.h"
#include "compiledcall/compiledcallmarks.h"
#include "compiledcall/compiledcallview.h"
#include "graph/graphdocument.h"
#include "graphdocks.h"
#include "guards/callverdictview.h"
#include "guards/guardscache.h"
#include "guitestsupport.h"
#include "mainwindow.h"
#include "recording/recordingfile.h"
#include "runcontroller.h"
#include "stepper/stepperpanel.h"
#include "stepper/stepperviews.h"
#include "tracer/tracerpanel.h"
#include "workerclient.h"

#include <QAction>
#include <QComboBox>
#include <QDockWidget>
#include <QHelpEvent>
#include <QLabel>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QToolTip>
#include <QTreeWidget>
#include <QtTest>

using namespace dynascope;
using namespace dynascope::testing;

namespace {

// Lines 11-13 call the compiled function; print() inside it is a graph break, so each call runs
// two regions (the function's start and __resume_at after the print).
const QByteArray kScript = R"PY(import torch


@torch.compile(backend="eager", dynamic=False)
def scale_then_shift(x):
    y = x * 2
    print("halfway")
    return y + 1


a = scale_then_shift(torch.ones(3))
b = scale_then_shift(torch.ones(3))
c = scale_then_shift(torch.ones(4))
print(a.sum().item(), b.sum().item(), c.sum().item())
)PY";

} // namespace

class TestCompiledCallStepping : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        isolateSettings(m_dir);
    }

    void stepsIntoCompiledCalls() {
        const QString script = writeScript(m_dir, "compiled_calls.py", kScript);
        MainWindow window;
        window.resize(1280, 800);
        window.runController()->worker()->setExecutable(DYNASCOPE_EXE);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.openFile(script));
        QSignalSpy running(window.runController(), &RunController::runningChanged);
        window.run();
        QTRY_COMPARE_WITH_TIMEOUT(running.count(), 2, 180000);
        QCOMPARE(window.session()->runState(), RunState::Finished);

        auto *docks = window.findChild<CompiledCallDock *>();
        QVERIFY(docks);
        CallMarksBar *bar = docks->marksBar();
        StepperPanel *panel = window.stepper()->panel();
        const StepTimeline &timeline = panel->timeline();
        // One mark per compiled call of the run, each at a CALL step on the calling line.
        const auto &calls = window.session()->eventsOfType(EventType::Call);
        QCOMPARE(int(calls.size()), 3);
        QCOMPARE(bar->markCount(), int(calls.size()));
        QVERIFY(bar->isVisible());
        for (int i = 0; i < bar->markCount(); ++i) {
            const std::optional<Step> step = timeline.step(bar->marks()[size_t(i)].position);
            QVERIFY(step);
            QCOMPARE(QString::fromStdString(step->opname), QStringLiteral("CALL"));
            QCOMPARE(step->line, 11 + i);
            QCOMPARE(step->index, calls[size_t(i)].at("step").get<long long>());
            QVERIFY(bar->markX(i) > (i ? bar->markX(i - 1) : 0));
        }

        // Hovering a mark names the call: the user's tooltip.
        auto hover = [&](int mark) {
            const QPoint at(bar->markX(mark), bar->height() / 2);
            QHelpEvent help(QEvent::ToolTip, at, bar->mapToGlobal(at));
            QCoreApplication::sendEvent(bar, &help);
            // The tooltip shown is the bar's own answer for that x.
            return QToolTip::isVisible() && QToolTip::text() == bar->toolTipAt(at.x())
                       ? QToolTip::text()
                       : QStringLiteral("no tooltip");
        };
        const QString first = hover(0), hit = hover(1), recompile = hover(2);
        QVERIFY2(first.startsWith("scale_then_shift · call 1: miss → compiled G1; resume at "),
                 qPrintable(first));
        QVERIFY2(first.endsWith(": miss → compiled G2"), qPrintable(first));
        QVERIFY2(hit.startsWith("scale_then_shift · call 2: hit entry 1; resume at "),
                 qPrintable(hit));
        QVERIFY2(hit.endsWith(": hit entry 2"), qPrintable(hit));
        QVERIFY2(recompile.startsWith("scale_then_shift · call 3: miss → recompiled G3; "),
                 qPrintable(recompile));
        QVERIFY2(recompile.endsWith(": miss → recompiled G4"), qPrintable(recompile));

        // A click on the first mark goes to its step; F11 there steps into the call.
        QTest::mouseClick(bar, Qt::LeftButton, {}, QPoint(bar->markX(0), bar->height() / 2));
        QCOMPARE(panel->currentStep(), bar->marks()[0].position);
        const auto target = timeline.stepIntoLine(panel->currentStep());
        QVERIFY(target);
        QAction *stepInto = panel->action(StepperPanel::StepIntoAction);
        CompiledCallView *view = docks->view();
        auto *graphDocks = window.findChild<GraphDocks *>();
        QVERIFY(graphDocks);
        TracerPanel *tracer = graphDocks->tracer();

        // (a) the guard check: no entry yet, so the first compile.
        stepInto->trigger();
        QCOMPARE(docks->activeMark(), 0);
        QCOMPARE(panel->currentStep(), bar->marks()[0].position); // the stepper stays put
        QCOMPARE(view->page(), CompiledCallView::VerdictsPage);
        QVERIFY2(view->phaseLabel()->text().contains("Guard check: miss → compiled G1"),
                 qPrintable(view->phaseLabel()->text()));
        QVERIFY(view->verdicts()->topLevelItem(0)->text(0).startsWith("Call 1: first compile"));
        QVERIFY(window.findChild<QDockWidget *>("compiledCallDock")->isVisible());
        // (b) the graph that ran: selected in the session, the Graphs document and the Tracer.
        stepInto->trigger();
        QCOMPARE(view->page(), CompiledCallView::GraphPage);
        QCOMPARE(window.session()->selectedGraph(), QStringLiteral("G1"));
        QVERIFY2(graphDocks->document()->picker()->currentText().contains("G1"),
                 qPrintable(graphDocks->document()->picker()->currentText()));
        QVERIFY(tracer->currentRow() >= 0);
        QCOMPARE(tracer->model()->step(tracer->currentRow())->graphId, QStringLiteral("G1"));
        QVERIFY(view->graphNodes()->count() > 0);
        bool mul = false;
        for (int i = 0; i < view->graphNodes()->count(); ++i)
            mul = mul || view->graphNodes()->item(i)->text().contains("mul");
        QVERIFY(mul);
        // (c) the resume code after the print() break, then its graph.
        stepInto->trigger();
        QCOMPARE(view->page(), CompiledCallView::CodePage);
        QVERIFY2(view->code()->toPlainText().contains("__resume_at_"),
                 qPrintable(view->code()->toPlainText()));
        stepInto->trigger();
        QCOMPARE(window.session()->selectedGraph(), QStringLiteral("G2"));
        QCOMPARE(tracer->model()->step(tracer->currentRow())->graphId, QStringLiteral("G2"));
        // Shift+F10 goes back a phase, F11 forward again.
        panel->action(StepperPanel::StepBackAction)->trigger();
        QCOMPARE(view->page(), CompiledCallView::CodePage);
        stepInto->trigger();
        QCOMPARE(view->page(), CompiledCallView::GraphPage);
        // Then the step F11 would have gone to: the next line.
        stepInto->trigger();
        QCOMPARE(docks->activeMark(), -1);
        QCOMPARE(view->page(), CompiledCallView::PlaceholderPage);
        QCOMPARE(panel->currentStep(), *target);
        QCOMPARE(timeline.currentStep()->line, 12);

        // Line 12, from its first step: F11 enters the call on the line, a hit of entry 1.
        stepInto->trigger();
        QCOMPARE(docks->activeMark(), 1);
        QVERIFY(view->verdicts()->topLevelItem(0)->text(0).startsWith("Call 2: hit"));
        QVERIFY2(view->phaseLabel()->text().contains("Guard check: hit entry 1"),
                 qPrintable(view->phaseLabel()->text()));
        if (const QByteArray path = qgetenv("DYNASCOPE_CALL_SCREENSHOT"); !path.isEmpty())
            QVERIFY(window.grab().save(QString::fromLocal8Bit(path)));
        stepInto->trigger();
        QCOMPARE(window.session()->selectedGraph(), QStringLiteral("G1"));
        // Shift+F11 leaves the call for the next line.
        panel->action(StepperPanel::StepOutAction)->trigger();
        QCOMPARE(docks->activeMark(), -1);
        QCOMPARE(timeline.currentStep()->line, 13);
        // F10 steps over the recompiling call without entering it.
        panel->action(StepperPanel::StepOverAction)->trigger();
        QCOMPARE(docks->activeMark(), -1);
        QCOMPARE(timeline.currentStep()->line, 14);
        // Back on line 13, F11 shows the failed guard of the recompile.
        QTest::mouseClick(bar, Qt::LeftButton, {}, QPoint(bar->markX(2), bar->height() / 2));
        stepInto->trigger();
        QCOMPARE(docks->activeMark(), 2);
        QVERIFY2(view->phaseLabel()->text().contains("Guard check: miss → recompiled G3"),
                 qPrintable(view->phaseLabel()->text()));
        const QTreeWidgetItem *region = view->verdicts()->topLevelItem(0)->child(0);
        QVERIFY(region && region->childCount() >= 1);
        QVERIFY2(region->child(0)->text(0).contains("TENSOR_MATCH"),
                 qPrintable(region->child(0)->text(0)));
        QCOMPARE(region->child(0)->text(2), QStringLiteral("3"));
        QCOMPARE(region->child(0)->text(3), QStringLiteral("4"));
        // Any other move of the stepper leaves the call.
        panel->setCurrentStep(0);
        QCOMPARE(docks->activeMark(), -1);

        // A saved recording, opened again, has the same marks.
        const QString saved = m_dir.filePath("compiled_calls.dscap");
        QString error;
        QVERIFY2(RecordingFile::save(*window.session(), saved, error), qPrintable(error));
        MainWindow reopened;
        reopened.resize(1280, 800);
        reopened.show();
        QVERIFY(reopened.openFile(saved));
        auto *again = reopened.findChild<CompiledCallDock *>();
        QTRY_COMPARE(again->marksBar()->markCount(), 3);
        for (int i = 0; i < 3; ++i) {
            QCOMPARE(again->marks()[size_t(i)].position, bar->marks()[size_t(i)].position);
            QCOMPARE(CompiledCallMarks::text(again->marks()[size_t(i)]),
                     CompiledCallMarks::text(bar->marks()[size_t(i)]));
        }
    }

    // The model on hand-made events: positions are timeline positions (completion order), calls
    // without a step leave no mark, entries pair with the graph event just before them.
    void marksFromEvents() {
        std::vector<Step> steps(4);
        for (int i = 0; i < 4; ++i) {
            steps[size_t(i)].index = i;
            steps[size_t(i)].frame = 1;
            steps[size_t(i)].line = i + 1;
        }
        StepTimeline timeline;
        timeline.setRecording(steps, {});
        auto call = [](long index, long long step, CallOutcome outcome, int entry) {
            Json j{{"type", "call"}, {"function", "f"}, {"index", index}, {"time_us", index}};
            j["regions"] = Json::array({Json{{"region_start", 0},
                                             {"result", callOutcomeName(outcome)},
                                             {"entry", entry},
                                             {"tried", Json::array()}}});
            if (step >= 0)
                j["step"] = step;
            return j;
        };
        const auto digest = std::make_shared<CaptureDigest>();
        CaptureDigest &capture = *digest;
        auto add = [&](Json j) { QVERIFY(capture.add({j.at("type").get<std::string>(), j})); };
        add(Json{{"type", "graph"}, {"id", "G1"}, {"function", "f"}, {"region_start", 0}});
        for (int entry : {0, 1})
            add(Json{{"type", "guards"},
                     {"function", "f"},
                     {"entry", entry},
                     {"region_start", 0},
                     {"guards", Json::array()}});
        for (const Json &c : {call(1, 2, CallOutcome::Miss, 0), call(2, -1, CallOutcome::Hit, 0),
                       call(3, 1, CallOutcome::Recompile, 1)})
            add(c);
        GuardsCache cache;
        QVERIFY(cache.update(digest));
        QCOMPARE(capture.graphOfEntry("f", 0), std::string("G1"));
        QCOMPARE(capture.graphOfEntry("f", 1), std::string()); // its region made no new graph
        const auto marks = CompiledCallMarks::build(timeline, cache, capture);
        QCOMPARE(marks.size(), size_t(2));
        QCOMPARE(marks[0].position, 1);
        QCOMPARE(CompiledCallMarks::text(marks[0]),
                 QStringLiteral("call 3: miss → recompiled entry 2"));
        QCOMPARE(marks[1].position, 2);
        QCOMPARE(CompiledCallMarks::text(marks[1]), QStringLiteral("call 1: miss → compiled G1"));
    }

private:
    QTemporaryDir m_dir;
};

QTEST_MAIN(TestCompiledCallStepping)
#include "tst_compiledcallstepping.moc"
