// The workspace as a user meets it (issue 11): layouts at 1280x800 and 1920x1080, Ctrl+S, Run
// with unsaved changes, a second Open, line stepping, the execution marker, Go to exception,
// readable graphs, help, the "edited since recording" banner. Real worker, offscreen platform.
#include "capturesession.h"
#include "consoleview.h"
#include "graph/graphdocument.h"
#include "graph/graphgroups.h"
#include "graph/graphscene.h"
#include "graph/graphview.h"
#include "graph/nodeitem.h"
#include "guitestsupport.h"
#include "help/helpmenu.h"
#include "help/welcomepage.h"
#include "mainwindow.h"
#include "recording/recordingfile.h"
#include "runcontroller.h"
#include "sourceeditor.h"
#include "stepper/stepperpanel.h"
#include "stepper/stepperviews.h"
#include "stepper/valueinspector.h"
#include "tracer/tracerpanel.h"
#include "tracer/tracestepmodel.h"
#include "workerclient.h"
#include "workspace/documentarea.h"
#include "workspace/workspacelayouts.h"

#include <QAbstractButton>
#include <QAction>
#include <QComboBox>
#include <QDockWidget>
#include <QFontDatabase>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QStandardItemModel>
#include <QTabWidget>
#include <QTableWidget>
#include <QToolBar>
#include <Qsci/qscilexerpython.h>
#include <QtTest>

using namespace dynascope;
using namespace dynascope::testing;

namespace {
const QString Examples = QStringLiteral(DYNASCOPE_SOURCE_DIR "/resources/examples/");

// Clicks the button of `role` in the message box named `name` once it is open.
void answerBox(QWidget *window, const QString &name, QMessageBox::ButtonRole role) {
    QTimer::singleShot(0, window, [window, name, role] {
        auto *box = window->findChild<QMessageBox *>(name);
        QVERIFY(box);
        for (QAbstractButton *b : box->buttons())
            if (box->buttonRole(b) == role)
                b->click();
    });
}

QStringList shownDocks(const MainWindow &window) {
    QStringList names;
    for (QDockWidget *d : window.findChildren<QDockWidget *>())
        if (!d->isHidden())
            names << d->objectName();
    names.sort();
    return names;
}
} // namespace

class TestWorkspace : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    QTemporaryDir m_settingsDir;

    void openAndRun(MainWindow &window, const QString &path) {
        window.runController()->worker()->setExecutable(DYNASCOPE_EXE);
        QVERIFY(window.openFile(path));
        QSignalSpy running(window.runController(), &RunController::runningChanged);
        window.run();
        QTRY_COMPARE_WITH_TIMEOUT(running.count(), 2, 60000);
    }
    StepperPanel *panel(MainWindow &window) { return window.stepper()->panel(); }
    int stepWhere(MainWindow &window, const std::function<bool(const Step &)> &wanted) {
        const StepTimeline &t = panel(window)->timeline();
        for (int i = 0; i < t.count(); ++i)
            if (wanted(*t.step(i)))
                return i;
        return -1;
    }

private slots:
    void initTestCase() { isolateSettings(m_settingsDir); }
    void init() { QSettings().clear(); } // every test starts as a first start

    void windowFitsTheScreen() {
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const QRect free = window.screen()->availableGeometry();
        QVERIFY2(window.isMaximized() || free.contains(window.frameGeometry()),
                 qPrintable(QStringLiteral("%1x%2 on %3x%4")
                                .arg(window.frameGeometry().width())
                                .arg(window.frameGeometry().height())
                                .arg(free.width())
                                .arg(free.height())));
    }

    void layoutsPlaceTheirPanels_data() {
        QTest::addColumn<QString>("layout");
        QTest::addColumn<QSize>("size");
        QTest::addColumn<QStringList>("docks");
        QTest::addColumn<bool>("sideBySide"); // script and graphs both in view
        const QStringList step = {"bytecodeDock", "callStackDock", "consoleDock", "explainDock",
                                  "frameDock",    "guardsDock",    "kernelsDock", "stackDock",
                                  "stepperDock",  "timingDock",    "tracerDock"};
        const QStringList graphs = {"bytecodeDock", "consoleDock", "explainDock", "guardsDock",
                                    "kernelsDock",  "timingDock",  "tracerDock"};
        // Lessons and Drill (tabbed) join the teach layout from widgets/lessons, and so do the
        // Guards, Kernels and Timing views (tabs behind the console) that lesson stops show.
        const QStringList teach = {"bytecodeDock", "consoleDock", "drillDock",   "frameDock",
                                   "guardsDock",   "kernelsDock", "lessonsDock", "stackDock",
                                   "stepperDock",  "timingDock"};
        for (const QSize size : {QSize(1280, 800), QSize(1920, 1080)}) {
            const QString at = QStringLiteral("%1x%2").arg(size.width()).arg(size.height());
            QTest::addRow("step %s", qPrintable(at)) << "step" << size << step << false;
            QTest::addRow("graphs %s", qPrintable(at)) << "graphs" << size << graphs << true;
            QTest::addRow("teach %s", qPrintable(at)) << "teach" << size << teach << false;
        }
    }
    void layoutsPlaceTheirPanels() {
        QFETCH(QString, layout);
        QFETCH(QSize, size);
        QFETCH(QStringList, docks);
        QFETCH(bool, sideBySide);
        MainWindow window;
        window.setWindowState(Qt::WindowNoState); // first start maximizes on small screens
        window.resize(size);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.openFile(Examples + "graph_break.py"));
        QVERIFY(window.applyLayout(layout));
        QTest::qWait(50);
        // The layout's own docks show; so do docks other features placed in it, and no others.
        const QStringList shown = shownDocks(window);
        for (const QString &dock : docks)
            QVERIFY2(shown.contains(dock), qPrintable(dock + " is hidden"));
        QStringList placed;
        for (const PanelPlacement &p : window.layouts()->layout(layout)->panels)
            placed << p.dock;
        for (const QString &dock : shown)
            QVERIFY2(placed.contains(dock), qPrintable(dock + " shows without a place"));
        // Every dock that is in front has room to show a few rows, and the script has room for
        // an 80-column line at 1920 (60 at 1280: still no wrapping of the examples).
        for (QDockWidget *d : window.findChildren<QDockWidget *>()) {
            if (d->isHidden() || d->visibleRegion().isEmpty() || d->objectName() == "stepperDock")
                continue;
            QVERIFY2(d->width() >= 200 && d->height() >= 100,
                     qPrintable(QStringLiteral("%1 is %2x%3")
                                    .arg(d->objectName())
                                    .arg(d->width())
                                    .arg(d->height())));
        }
        SourceEditor *editor = window.editor();
        int margins = 0;
        for (int m = 0; m < editor->margins(); ++m)
            margins += editor->marginWidth(m);
        const int columns = (editor->viewport()->width() - margins) /
                            QFontMetrics(QFontDatabase::systemFont(QFontDatabase::FixedFont))
                                .horizontalAdvance('m');
        QVERIFY2(columns >= (size.width() >= 1920 ? 80 : 60), qPrintable(QString::number(columns)));
        // The bottom tabs share one height, at least their largest minimum: the Guards panel's
        // (~290 px) once took half of a 1280x800 window, so the script had a third.
        QVERIFY2(window.editor()->height() >= size.height() * 2 / 5,
                 qPrintable(QString::number(window.editor()->height())));
        DocumentArea *docs = window.documents();
        QCOMPARE(docs->isDocumentShown("source"), true);
        QCOMPARE(docs->isDocumentShown("graphs"), sideBySide);
        QVERIFY(window.findChild<QAction *>("layout-" + layout)->isChecked());
    }

    // The Guards & Cache panel in the short bottom tab of the Step layout scrolls instead of
    // taking the script's height: all of it is reachable, and the dock stays its layout's size.
    void guardsPanelScrollsInAShortDock() {
        MainWindow window;
        window.setWindowState(Qt::WindowNoState);
        window.resize(1280, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        openAndRun(window, Examples + "guards_padding.py");
        QVERIFY(window.applyLayout("step"));
        auto *dock = window.findChild<QDockWidget *>("guardsDock");
        dock->raise();
        QTest::qWait(100);
        auto *scroll = qobject_cast<QScrollArea *>(dock->widget());
        QVERIFY(scroll && scroll->widget());
        const int needs = scroll->widget()->minimumSizeHint().height();
        QVERIFY2(dock->height() < needs && scroll->verticalScrollBar()->maximum() > 0,
                 qPrintable(QStringLiteral("dock %1 px, panel needs %2 px")
                                .arg(dock->height())
                                .arg(needs)));
        QVERIFY(window.editor()->height() >= 800 * 2 / 5);
        saveScreenshots(&window, QStringLiteral("guards-short-dock"),
                        {QSize(1280, 800), QSize(1920, 1080)}, [dock] { dock->raise(); });
    }

    void resetLayoutBringsPanelsBack() {
        MainWindow window;
        window.setWindowState(Qt::WindowNoState);
        window.resize(1280, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.applyLayout("teach"));
        QTest::qWait(50);
        auto *stack = window.findChild<QDockWidget *>("stackDock");
        const int width = stack->width();
        stack->close();
        window.findChild<QDockWidget *>("consoleDock")->setFloating(true);
        window.findChild<QAction *>("resetLayout")->trigger();
        QTest::qWait(50);
        QVERIFY(!stack->isHidden());
        QVERIFY(!window.findChild<QDockWidget *>("consoleDock")->isFloating());
        QVERIFY(qAbs(stack->width() - width) < 40);
        QCOMPARE(window.layouts()->current(), QStringLiteral("teach"));
    }

    void ctrlSSavesTheScriptNotARecording() {
        QTemporaryDir dir;
        const QString path = writeScript(dir, "keys.py", "print('old')\n");
        MainWindow window;
        window.runController()->worker()->setExecutable(DYNASCOPE_EXE);
        window.show();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        openAndRun(window, path); // a run exists: Ctrl+S must still save the script
        window.editor()->setText("print('new')\n");
        window.editor()->setFocus();
        QTest::keyClick(window.editor(), Qt::Key_S, Qt::ControlModifier);
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll(), QByteArray("print('new')\n"));
        QVERIFY(!window.editor()->isModified());
        QCOMPARE(QDir(dir.path()).entryList({"*.dscap"}, QDir::Files), QStringList());
        QCOMPARE(window.saveRecordingAction()->shortcut(),
                 QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_S));
        // No key does two things.
        QMap<QString, QString> seen;
        for (const auto &[command, keys] : window.helpMenu()->shortcutList())
            for (const QString &key : keys.split(", ")) {
                QVERIFY2(!seen.contains(key) || seen[key] == command,
                         qPrintable(key + ": " + seen[key] + " and " + command));
                seen[key] = command;
            }
    }

    void runWithUnsavedChangesAsks() {
        QTemporaryDir dir;
        const QString path = writeScript(dir, "ask.py", "print('old')\n");
        MainWindow window;
        window.runController()->worker()->setExecutable(DYNASCOPE_EXE);
        window.show();
        QVERIFY(window.openFile(path));
        window.editor()->setText("print('new')\n");
        answerBox(&window, "saveBeforeRunBox", QMessageBox::RejectRole);
        window.run();
        QVERIFY(!window.runController()->isRunning());
        QVERIFY(window.editor()->isModified());
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll(), QByteArray("print('old')\n")); // never overwritten silently
    }

    void secondOpenLeavesNoOldSteps() {
        MainWindow window;
        window.show();
        openAndRun(window, Examples + "loop_sum.py");
        QVERIFY(panel(window)->timeline().count() > 50);
        QVERIFY(window.editor()->executionLine() > 0);
        QVERIFY(window.openFile(Examples + "closures.py"));
        QCOMPARE(panel(window)->timeline().count(), 0);
        QVERIFY(window.session()->allEvents().empty());
        QVERIFY(window.session()->console().empty());
        QCOMPARE(window.session()->runState(), RunState::Idle);
        QCOMPARE(window.editor()->executionLine(), 0);
        QVERIFY(window.sourceBanner()->isHidden());
    }

    void stepsByLineWithAMarkerThatIsNotTheCursor() {
        MainWindow window;
        window.show();
        openAndRun(window, Examples + "loop_sum.py");
        StepperPanel *p = panel(window);
        QVERIFY(!p->stepsByInstruction()); // lines by default
        const StepTimeline &t = p->timeline();
        // F10 through the module: each press lands on the next statement (a new line).
        QList<int> lines;
        p->setCurrentStep(0);
        while (auto next = t.stepOverLine(p->currentStep())) {
            p->action(StepperPanel::StepOverAction)->trigger();
            QCOMPARE(p->currentStep(), *next);
            if (t.currentStep()->depth == 0 && t.currentStep()->event == "instruction" &&
                (lines.isEmpty() || lines.last() != t.currentStep()->line))
                lines << t.currentStep()->line;
        }
        QCOMPARE(lines, (QList<int>{7, 12, 19}));

        // The instruction being run is boxed: `a * b` in multiply_add.
        const int mul = stepWhere(window, [](const Step &s) {
            return s.function == "multiply_add" && s.opname == "BINARY_OP";
        });
        QVERIFY(mul >= 0);
        p->setCurrentStep(mul);
        QCOMPARE(window.editor()->executionLine(), 8);
        QCOMPARE(window.editor()->executionSpanText(), QStringLiteral("a * b"));

        // A return step: the marker is on `return c` and says it returns; a click elsewhere
        // moves the cursor, not the marker.
        const int ret = stepWhere(window, [](const Step &s) {
            return s.function == "multiply_add" && s.event == "return";
        });
        QVERIFY(ret >= 0);
        p->setCurrentStep(ret);
        QCOMPARE(window.editor()->executionLine(), 9);
        QCOMPARE(window.editor()->executionKind(), SourceEditor::ExecutionKind::Return);
        QCOMPARE(window.editor()->linesWithMarker(SourceEditor::ExecutionArrow), QList<int>{9});
        window.editor()->setCursorPosition(1, 0);
        QTRY_COMPARE(window.session()->selectedLine(), 2);
        QCOMPARE(window.editor()->executionLine(), 9);
        QCOMPARE(window.editor()->linesWithMarker(SourceEditor::ExecutionArrow), QList<int>{9});

        // F10 from the return lands in the caller, on the line that called.
        p->action(StepperPanel::StepOverAction)->trigger();
        QCOMPARE(t.currentStep()->function, std::string("loop_sum"));
        QCOMPARE(window.editor()->executionLine(), 15);

        // The toolbar toggle: F10 by instruction moves one instruction of the frame.
        p->action(StepperPanel::ByInstructionAction)->trigger();
        const int before = p->currentStep();
        p->action(StepperPanel::StepOverAction)->trigger();
        QCOMPARE(p->currentStep(), *t.stepOver(before));
    }

    void failingRunOpensAtTheException() {
        MainWindow window;
        window.show();
        openAndRun(window, Examples + "raises.py");
        QVERIFY(window.session()->error());
        const std::optional<Step> s = panel(window)->timeline().currentStep();
        QVERIFY(s);
        QCOMPARE(s->event, std::string("exception"));
        QCOMPARE(s->function, std::string("mean"));
        QCOMPARE(window.editor()->executionLine(), 7); // return sum(values) / len(values)
        QCOMPARE(window.editor()->executionKind(), SourceEditor::ExecutionKind::Exception);
        QVERIFY(panel(window)->action(StepperPanel::GoToExceptionAction)->isEnabled());
        panel(window)->setCurrentStep(0);
        panel(window)->action(StepperPanel::GoToExceptionAction)->trigger();
        QCOMPARE(panel(window)->timeline().currentStep()->function, std::string("mean"));
    }

    void graphTextIsReadableAtTheDefaultSize() {
        MainWindow window;
        window.setWindowState(Qt::WindowNoState);
        window.resize(1280, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.applyLayout("graphs"));
        auto *view = window.findChild<GraphView *>();
        QSignalSpy ready(view, &GraphView::layoutReady);
        openAndRun(window, Examples + "graph_break.py");
        QTRY_VERIFY_WITH_TIMEOUT(ready.count() > 0 && !view->isLayoutPending(), 30000);
        const auto nodes = view->graphScene()->nodeItems();
        QVERIFY(nodes.size() >= 5);
        for (NodeItem *n : nodes)
            QVERIFY2(n->textPixelSize() * view->zoomFactor() >= 9.0,
                     qPrintable(QStringLiteral("%1: %2 px at zoom %3")
                                    .arg(n->nodeName())
                                    .arg(n->textPixelSize())
                                    .arg(view->zoomFactor())));
        // Ctrl+F finds a node, centres it and zooms to a size that reads well.
        view->setFocus();
        QTest::keyClick(view, Qt::Key_F, Qt::ControlModifier);
        QCOMPARE(view->search(QStringLiteral("add")), 1);
        NodeItem *add = view->graphScene()->nodeItem("G2", "add");
        QVERIFY(add && add->isSelected());
        QVERIFY(view->zoomFactor() >= 1.25);
        const QPoint centre = view->mapFromScene(add->sceneBoundingRect().center());
        QVERIFY(view->viewport()->rect().adjusted(40, 40, -40, -40).contains(centre));
    }

    void helpShortcutsVersionsAndWelcome() {
        MainWindow window;
        const auto list = window.helpMenu()->shortcutList();
        QVERIFY(list.contains(
            {QStringLiteral("File ▸ Save Script"), QKeySequence(QKeySequence::Save).toString()}));
        QVERIFY(list.contains({QStringLiteral("Debug ▸ Step"), QStringLiteral("F10")}));
        const QString versions = HelpMenu::versionText();
        QVERIFY2(versions.contains(QStringLiteral("Qt ") + qVersion()), qPrintable(versions));
        QVERIFY2(versions.contains("Python 3.11.") && versions.contains("LibTorch 1.13") &&
                     QRegularExpression("Graphviz \\d+\\.\\d+").match(versions).hasMatch(),
                 qPrintable(versions));
        // Every toolbar button explains itself.
        for (QToolBar *bar : window.findChildren<QToolBar *>())
            for (QAction *a : bar->actions())
                if (!a->isSeparator() && !a->text().isEmpty())
                    QVERIFY2(a->toolTip() != a->text().remove('&') && !a->toolTip().isEmpty(),
                             qPrintable(a->text()));
        // A first start shows the welcome page: the examples with what they show; a click opens
        // one.
        auto *welcome = window.findChild<WelcomePage *>();
        QVERIFY(welcome);
        QCOMPARE(window.documents()->tabs(DocumentArea::Primary)->currentWidget(), welcome);
        const QString text = welcome->toPlainText();
        QVERIFY(text.contains("graph_break.py") && text.contains("cut in two"));
        emit welcome->anchorClicked(QUrl::fromLocalFile(Examples + "loop_sum.py"));
        QCOMPARE(QFileInfo(window.scriptPath()).fileName(), QStringLiteral("loop_sum.py"));
        QVERIFY(window.documents()->isDocumentShown("source") || !window.isVisible());
    }

    void recordingCarriesItsSourceAndEditsAreFlagged() {
        QTemporaryDir dir;
        const QByteArray source = "x = 1\ny = x + 1\nprint(y)\n";
        const QString path = writeScript(dir, "stale.py", source);
        MainWindow window;
        window.show();
        openAndRun(window, path);
        QVERIFY(window.sourceBanner()->isHidden());
        window.editor()->insertAt(QStringLiteral("# a new first line\n"), 0, 0);
        QVERIFY(!window.sourceBanner()->isHidden());
        QVERIFY(window.sourceBanner()->text().contains("edited after this run was recorded"));
        window.editor()->undo();
        QVERIFY(window.sourceBanner()->isHidden());
        const QString saved = dir.filePath("stale.dscap");
        QVERIFY(window.saveRecording(saved));
        RecordingFile recording;
        QVERIFY(recording.read(saved));
        QCOMPARE(recording.embeddedSource(), QString::fromUtf8(source));
    }
    void tracebackLinesAreLinks() {
        MainWindow window;
        window.show();
        openAndRun(window, Examples + "raises.py");
        // python3.11's own traceback names the same frames: the links are its File lines.
        const QStringList links = window.consoleView()->links();
        QVERIFY2(links.size() >= 3, qPrintable(links.join(" | ")));
        const QString script = QFileInfo(Examples + "raises.py").canonicalFilePath();
        QVERIFY(links.contains(script + "\n7")); // in mean()
        window.session()->setSelectedLine(1);
        QVERIFY(window.consoleView()->activateLink(script + "\n11"));
        QCOMPARE(window.session()->selectedLine(), 11);
        QVERIFY(!window.consoleView()->activateLink("/usr/lib/python3.11/x.py\n3"));
        QCOMPARE(window.session()->selectedLine(), 11);
        // The run is over when the script is: the exit event ended it, whatever the process does.
        QVERIFY(!window.runController()->isRunning());
        QVERIFY(window.runStatusText().startsWith("Failed: ZeroDivisionError"));
    }

    void liveStepCountAndLimitWarning() {
        MainWindow window;
        window.session()->setScript(Examples + "loop_sum.py", QString());
        RunOptions options = window.runController()->runOptions();
        options.record = true;
        options.maxSteps = 100;
        window.runController()->setRunOptions(options);
        window.session()->beginRun();
        Json step = {{"type", "step"}, {"index", 0}, {"frame", 1}, {"line", 1}, {"opname", "NOP"}};
        for (int i = 0; i < 50; ++i)
            window.session()->addEvent({EventType::Step, step});
        QTRY_VERIFY(window.runStatusText().contains("50 steps recorded"));
        QVERIFY(!window.runStatusText().contains("near the limit"));
        for (int i = 0; i < 45; ++i)
            window.session()->addEvent({EventType::Step, step});
        QTRY_VERIFY(window.runStatusText().contains("95 steps recorded"));
        QVERIFY(window.runStatusText().contains("near the limit of 100 steps"));
        window.session()->endRun(RunState::Finished, "done");
        QCOMPARE(window.runStatusText(), QStringLiteral("done"));
    }

    void tracerCountsStepsFromOne() {
        MainWindow window;
        window.show();
        openAndRun(window, Examples + "graph_break.py");
        auto *tracer = window.findChild<TracerPanel *>();
        QVERIFY(tracer);
        QTRY_VERIFY(tracer->model()->rowCount() > 3);
        const int rows = tracer->model()->rowCount();
        for (int r = 0; r < rows; ++r)
            QCOMPARE(tracer->model()->index(r, TraceStepModel::IndexColumn).data().toInt(), r + 1);
    }

    void graphPickerGroupsRecompiles() {
        // Three captures of f: the entry region, the region after its break, then the entry
        // region again (a guard failed: a recompile, a second cache entry).
        auto graph = [](const char *id, int offset) {
            CapturedGraph g;
            g.id = id;
            g.function = "f";
            g.regionStartOffset = offset;
            GraphNode x;
            x.name = "x";
            x.op = "placeholder";
            GraphNode add;
            add.name = "add";
            add.op = "call_function";
            add.args = {"x"};
            GraphNode out;
            out.name = "output";
            out.op = "output";
            out.args = {"add"};
            g.nodes = {x, add, out};
            return g;
        };
        const std::vector<CapturedGraph> graphs = {graph("G1", 0), graph("G2", 40), graph("G3", 0)};
        const auto groups = groupGraphs(graphs);
        QCOMPARE(groups[0].entry, 1);
        QCOMPARE(groups[1].entry, 1);
        QVERIFY(groups[1].resumed);
        QCOMPARE(groups[2].entry, 2);
        GraphDocument document(new GraphView); // the document owns its view
        document.setGraphs(graphs, 1);
        QStringList items;
        for (int i = 0; i < document.picker()->count(); ++i)
            items << document.picker()->itemText(i).trimmed();
        QCOMPARE(items, (QStringList{"All graphs (3), 1 graph break", "f · compile 1", "G1 · 1 op",
                                     "G2 · 1 op, after a graph break",
                                     "f · recompile 2 (cache entry 2)", "G3 · 1 op"}));
        // Headers are not choices.
        auto *model = qobject_cast<QStandardItemModel *>(document.picker()->model());
        QVERIFY(!(model->item(1)->flags() & Qt::ItemIsEnabled));
        QVERIFY(model->item(2)->flags() & Qt::ItemIsEnabled);
    }

    void darkThemeRecoloursEditorAndIcons() {
        MainWindow window;
        auto *dark = window.findChild<QAction *>("theme-2");
        QVERIFY(dark);
        const QColor lightPaper = window.editor()->lexer()->paper(QsciLexerPython::Default);
        dark->trigger();
        QVERIFY(QApplication::palette().color(QPalette::Base).lightnessF() < 0.3);
        // The editor's paper follows, and its text stays readable on it.
        const QColor paper = window.editor()->lexer()->paper(QsciLexerPython::Default);
        const QColor text = window.editor()->lexer()->color(QsciLexerPython::Default);
        QVERIFY(paper.lightnessF() < 0.3);
        QVERIFY(text.lightnessF() - paper.lightnessF() > 0.5);
        // Icons are redrawn in the palette's text colour: the Step icon is light now.
        const QImage icon = window.stepper()
                                ->panel()
                                ->action(StepperPanel::StepOverAction)
                                ->icon()
                                .pixmap(32, 32)
                                .toImage();
        double brightest = 0;
        for (int y = 0; y < icon.height(); ++y)
            for (int x = 0; x < icon.width(); ++x)
                if (qAlpha(icon.pixel(x, y)) > 200)
                    brightest = std::max(brightest, double(QColor(icon.pixel(x, y)).lightnessF()));
        QVERIFY(brightest > 0.7);
        window.findChild<QAction *>("theme-0")->trigger();
        QCOMPARE(window.editor()->lexer()->paper(QsciLexerPython::Default).lightnessF() > 0.5,
                 lightPaper.lightnessF() > 0.5);
    }

    void stepperIconsAreDistinct() {
        MainWindow window;
        StepperPanel *p = panel(window);
        QHash<QByteArray, QString> seen;
        for (QAction *a : p->stepperActions()) {
            const QImage image = a->icon().pixmap(32, 32).toImage();
            QVERIFY2(!image.isNull(), qPrintable(a->text()));
            QByteArray bytes(reinterpret_cast<const char *>(image.constBits()),
                             image.sizeInBytes());
            QVERIFY2(!seen.contains(bytes),
                     qPrintable(a->text() + " looks like " + seen.value(bytes)));
            seen.insert(bytes, a->text());
        }
    }

    void valueInspectorShowsATensor() {
        StackValue v;
        v.type = "Tensor";
        v.repr = "tensor([1.5000, -2.0000, 3.0000, 0.5000, 8.0000, 1.0000, …], shape=[4, 100], "
                 "dtype=torch.float32)";
        v.shape = "[4, 100]";
        v.dtype = "float32";
        v.stride = "[1, 4]"; // x.t() of a [100, 4] tensor
        ValueInspector inspector("x", v);
        QCOMPARE(ValueInspector::leadingValues(QString::fromStdString(v.repr)),
                 (QList<double>{1.5, -2, 3, 0.5, 8, 1}));
        QCOMPARE(inspector.valuesTable()->columnCount(), 6);
        QCOMPARE(inspector.valuesTable()->item(0, 1)->text(), QStringLiteral("-2"));
        const QString summary = inspector.summaryText();
        QVERIFY2(summary.contains("Shape: [4, 100]") && summary.contains("min -2") &&
                     summary.contains("max 8") && summary.contains("mean 2") &&
                     summary.contains("Stride: [1, 4] (not contiguous"),
                 qPrintable(summary));
    }

    // As Tensor.is_contiguous() answers for these shapes and strides (torch 1.13).
    void contiguityFromShapeAndStride_data() {
        QTest::addColumn<QString>("shape");
        QTest::addColumn<QString>("stride");
        QTest::addColumn<bool>("contiguous");
        QTest::addRow("row-major") << "[4, 100]" << "[100, 1]" << true;
        QTest::addRow("transposed") << "[100, 4]" << "[1, 100]" << false;
        QTest::addRow("size-1 dim, any stride") << "[1, 3]" << "[7, 1]" << true;
        QTest::addRow("expanded") << "[3, 4]" << "[0, 1]" << false;
        QTest::addRow("sliced rows") << "[2, 3]" << "[6, 1]" << false;
        QTest::addRow("scalar") << "[]" << "[]" << true;
        QTest::addRow("empty") << "[0, 3]" << "[9, 9]" << true;
        QTest::addRow("rank mismatch") << "[2, 3]" << "[3]" << false;
    }
    void contiguityFromShapeAndStride() {
        QFETCH(QString, shape);
        QFETCH(QString, stride);
        QFETCH(bool, contiguous);
        QCOMPARE(ValueInspector::isContiguous(shape.toStdString(), stride.toStdString()),
                 contiguous);
    }
};

QTEST_MAIN(TestWorkspace)
#include "tst_workspace.moc"
