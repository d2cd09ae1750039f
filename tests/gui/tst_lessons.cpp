// Lessons and drill in the GUI: both languages, Back/Next, scoring that survives a restart, and
// stops carried out in the real main window with a real worker (stepper, graph, guards, console).
#include "capturesession.h"
#include "guards/calltimeline.h"
#include "guards/callverdictview.h"
#include "guards/conjunctionview.h"
#include "guards/guardsdock.h"
#include "guards/guardspanel.h"
#include "guards/guardtreeview.h"
#include "guitestsupport.h"
#include "kernels/kerneldocks.h"
#include "kernels/kernelsview.h"
#include "kernels/timingview.h"
#include "lessons/drillpanel.h"
#include "lessons/lessondocks.h"
#include "lessons/lessonnavigator.h"
#include "lessons/lessonspanel.h"
#include "lessons/uilanguage.h"
#include "mainwindow.h"
#include "model/lessonlibrary.h"
#include "runcontroller.h"
#include "stepper/stepperpanel.h"
#include "stepper/stepperviews.h"
#include "workerclient.h"

#include <QAbstractButton>
#include <QComboBox>
#include <QDockWidget>
#include <QPushButton>
#include <QSignalSpy>
#include <QTreeWidget>
#include <Qsci/qsciscintilla.h>
#include <QtTest>

#include <set>

using namespace dynascope;

namespace {
const char *const LessonsFolder = DYNASCOPE_SOURCE_DIR "/resources/lessons";

// Ticks the options of the current question: the right ones when `right`, else one wrong one.
void answer(DrillPanel &drill, const Drill &data, bool right) {
    const DrillQuestion &q = data.questions[size_t(drill.currentQuestion())];
    const std::vector<int> order = drill.shownOrder();
    bool tickedWrong = false;
    for (int shown = 0; shown < int(order.size()); ++shown) {
        const bool correct = q.options[size_t(order[size_t(shown)])].correct;
        const bool tick = right ? correct : (!correct && !tickedWrong);
        tickedWrong = tickedWrong || (!right && tick);
        drill.optionButtons()[shown]->setChecked(tick);
    }
}

// Does `action` and waits for the navigator to report the stop it was sent to.
template <typename Action> LessonTargetMatch goAndWait(LessonNavigator *navigator, Action action) {
    QSignalSpy arrived(navigator, &LessonNavigator::arrived);
    action();
    if (arrived.isEmpty() && !arrived.wait(180000))
        qFatal("the lesson stop never arrived");
    return navigator->lastMatch();
}

// The real worker, 1280x800, the Teach layout.
LessonDocks *showTeachLayout(MainWindow &window) {
    window.runController()->worker()->setExecutable(DYNASCOPE_EXE);
    window.setWindowState(Qt::WindowNoState);
    window.resize(1280, 800);
    window.show();
    if (!QTest::qWaitForWindowExposed(&window))
        qFatal("the main window was never shown");
    auto *docks = window.findChild<LessonDocks *>();
    docks->applyTeachLayout();
    return docks;
}

// The dock that holds `widget` is in front (not a hidden tab) with room to read it.
bool inFront(QWidget *widget, int minHeight) {
    QDockWidget *dock = nullptr;
    for (QWidget *w = widget; w && !dock; w = w->parentWidget())
        dock = qobject_cast<QDockWidget *>(w);
    return dock && dock->isVisible() && !dock->visibleRegion().isEmpty() &&
           dock->height() >= minHeight;
}

// The guard tree's item marked as a lesson's "look here" (yellow) or a failed guard (red).
bool marked(QTreeWidgetItem *item, GuardTreeView::Mark mark) {
    return item && item->background(0).color() == GuardTreeView::markColor(mark);
}
} // namespace

class TestLessons : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_settings;

private slots:
    void initTestCase() {
        testing::isolateSettings(m_settings);
        UiLanguage::instance()->setTranslationsFolder(QStringLiteral(DYNASCOPE_QM_DIR));
        UiLanguage::instance()->setSetting(QStringLiteral("en"));
    }

    void panelShowsLessonInBothLanguages() {
        LessonLibrary library;
        library.load(LessonsFolder);
        LessonsPanel panel;
        panel.setLibrary(&library);
        panel.showLesson(0);
        const Lesson &bytecode = library.lessons()[0];
        QCOMPARE(panel.titleText(), QString::fromStdString(bytecode.title.en));
        QVERIFY(panel.formulaText().contains(QStringLiteral("𝒮 → 𝒮")));
        panel.setLanguage(QStringLiteral("zh_CN"));
        QCOMPARE(panel.titleText(), QString::fromStdString(bytecode.title.zhCN));
        QCOMPARE(panel.lessonCombo()->itemText(0), QStringLiteral("1. 字节码与操作数栈"));

        QSignalSpy activated(&panel, &LessonsPanel::stopActivated);
        panel.nextButton()->click();
        QCOMPARE(activated.size(), 1);
        QCOMPARE(activated[0][1].toInt(), 0);
        panel.nextButton()->click();
        QCOMPARE(panel.currentStop(), 1);
        // Before the run answers, %match% is a placeholder; after, the found instruction.
        QVERIFY(panel.stopText().contains(QStringLiteral("…")));
        panel.setStopResult(true, QStringLiteral("BINARY_OP *"), {});
        QVERIFY(panel.stopText().contains(QStringLiteral("<b>BINARY_OP *</b>")));
        panel.setStopResult(false, {}, QStringLiteral("no step opname=X"));
        QVERIFY(panel.statusText().contains(QStringLiteral("no step opname=X")));
        panel.backButton()->click();
        QCOMPARE(panel.currentStop(), 0);
        panel.backButton()->click(); // back to the lesson's introduction
        QCOMPARE(panel.currentStop(), -1);
        QVERIFY(panel.showLessonStop(QStringLiteral("guards"), 3));
        QCOMPARE(library.lessons()[size_t(panel.currentLesson())].id, std::string("guards"));
        QCOMPARE(panel.currentStop(), 2);
        QVERIFY(!panel.showLessonStop(QStringLiteral("guards"), 99));
    }

    void drillScoresShufflesAndRemembers() {
        LessonLibrary library;
        library.load(LessonsFolder);
        const Drill &data = library.drill();
        QVERIFY(data.questions.size() >= 20);
        {
            DrillPanel drill;
            drill.setShuffleSeed(7);
            drill.setDrill(&data);
            drill.resetProgress();
            QCOMPARE(drill.currentQuestion(), 0);
            QVERIFY(!drill.submit()); // nothing ticked: not an answer
            QCOMPARE(drill.answeredQuestions(), 0);
            answer(drill, data, false);
            QVERIFY(!drill.submit());
            QVERIFY(drill.feedbackText().contains(QStringLiteral("The answer is")));
            QVERIFY(drill.feedbackText().contains(
                QString::fromStdString(data.questions[0].explanation.en).left(30)));
            QSignalSpy showMe(&drill, &DrillPanel::showMeRequested);
            drill.findChild<QPushButton *>(QStringLiteral("drillShowMe"))->click();
            QCOMPARE(showMe.size(), 1);
            QCOMPARE(showMe[0][0].toString(), QString::fromStdString(data.questions[0].showLesson));
            drill.showQuestion(1);
            answer(drill, data, true);
            QVERIFY(drill.submit());
            QCOMPARE(drill.rightAnswers(), 1);
            QCOMPARE(drill.answeredQuestions(), 2);
        }
        // A new panel (a restart) finds the place and the score again.
        DrillPanel again;
        again.setDrill(&data);
        QCOMPARE(again.currentQuestion(), 1);
        QCOMPARE(again.rightAnswers(), 1);
        QVERIFY(again.scoreText().contains(QStringLiteral("1 right of 2 answered")));
        // Options are shuffled: over several showings some order differs from the file's.
        std::set<std::vector<int>> orders;
        for (int i = 0; i < 8; ++i) {
            again.showQuestion(0);
            orders.insert(again.shownOrder());
        }
        QVERIFY(orders.size() > 1);
    }

    void stopsDriveTheRealWindow() {
        MainWindow window;
        window.runController()->worker()->setExecutable(DYNASCOPE_EXE);
        window.resize(1280, 800);
        window.show();
        auto *docks = window.findChild<LessonDocks *>();
        QVERIFY(docks);
        QVERIFY(docks->library().errors().empty());
        LessonsPanel *panel = docks->lessonsPanel();

        // A step target: the stepper lands on BINARY_OP * and the editor on its line.
        LessonTargetMatch match = goAndWait(docks->navigator(), [panel] {
            QVERIFY(panel->showLessonStop(QStringLiteral("bytecode"), 2));
        });
        QVERIFY2(match.found, match.problem.c_str());
        const std::optional<Step> step = window.stepper()->panel()->timeline().currentStep();
        QVERIFY(step);
        QCOMPARE(step->opname, std::string("BINARY_OP"));
        QCOMPARE(step->argrepr, std::string("*"));
        QCOMPARE(window.session()->selectedLine(), 3);
        QVERIFY(panel->stopText().contains(QStringLiteral("<b>BINARY_OP *</b>")));

        // The drill's Show me: a guard target in another demo (opened and run for it).
        docks->drillPanel()->showQuestion(1); // "A new call fails one guard…"
        answer(*docks->drillPanel(), docks->library().drill(), true);
        QVERIFY(docks->drillPanel()->submit());
        match = goAndWait(docks->navigator(), [docks] {
            docks->drillPanel()->findChild<QPushButton *>(QStringLiteral("drillShowMe"))->click();
        });
        QVERIFY2(match.found, match.problem.c_str());
        QVERIFY(window.scriptPath().endsWith(QStringLiteral("guards_conjunction.py")));
        QCOMPARE(match.eventType, std::string("call"));
        QVERIFY(QString::fromStdString(match.label).startsWith(QStringLiteral("scale: recompile")));

        // A node target: the editor follows the node to its source line.
        match = goAndWait(docks->navigator(), [panel] {
            QVERIFY(panel->showLessonStop(QStringLiteral("capture"), 3));
        });
        QVERIFY2(match.found, match.problem.c_str());
        QCOMPARE(match.nodeName, std::string("relu"));
        QCOMPARE(window.session()->selectedLine(), 8);

        // The next stop of the same demo reuses the run (no new worker).
        QSignalSpy runs(window.session(), &CaptureSession::runStarted);
        match = goAndWait(docks->navigator(), [panel] { panel->nextButton()->click(); });
        QVERIFY(match.found);
        QCOMPARE(match.eventType, std::string("graph"));
        QCOMPARE(runs.size(), 0);

        const QString shots = qEnvironmentVariable("DYNASCOPE_LESSON_SCREENSHOTS");
        if (!shots.isEmpty())
            takeScreenshots(shots);
    }

    // Guard stops move the Guards & Cache view to the guard, the cache entry or the call they
    // talk about, from the Teach layout, where that view is a tab behind the console.
    void guardStopsMoveTheGuardsView() {
        MainWindow window;
        LessonDocks *docks = showTeachLayout(window);
        GuardsPanel *guards = window.findChild<GuardsDock *>()->panel();
        QVERIFY(!inFront(guards, 0)); // the teach layout starts with the console in front
        LessonsPanel *panel = docks->lessonsPanel();

        // Stop 1: the TENSOR_MATCH guard on L['x'] of cache entry 1, selected and marked.
        LessonTargetMatch match = goAndWait(docks->navigator(), [panel] {
            QVERIFY(panel->showLessonStop(QStringLiteral("guards"), 1));
        });
        QVERIFY2(match.found, match.problem.c_str());
        QCOMPARE(match.eventType, std::string("guards"));
        QTRY_VERIFY(inFront(guards, 800 * 3 / 10));
        QCOMPARE(guards->currentFunction(), QStringLiteral("scale"));
        QTreeWidgetItem *item = guards->guardTree()->currentItem();
        QVERIFY(item);
        QCOMPARE(item, guards->guardTree()->guardItem(0, match.itemIndex));
        QCOMPARE(item->text(0), QStringLiteral("TENSOR_MATCH"));
        QVERIFY(item->text(1).contains(QStringLiteral("L['x']")));
        QVERIFY(item->text(1).contains(QStringLiteral("torch.float32")));
        QVERIFY(marked(item, GuardTreeView::Mark::Pointed));
        QVERIFY(guards->conjunction()->toHtml().contains(QStringLiteral("#ffec96")));

        // Stop 3: the second call hit; the timeline selects it and the entry that held is marked.
        match = goAndWait(docks->navigator(),
                          [panel] { QVERIFY(panel->showLessonStop(QStringLiteral("guards"), 3)); });
        QVERIFY2(match.found, match.problem.c_str());
        QCOMPARE(guards->timeline()->currentRow(), 1);
        QVERIFY(marked(guards->guardTree()->entryItem(0), GuardTreeView::Mark::Pointed));

        // Stop 4: the recompile. The verdicts name the guard that failed (float32 expected,
        // float64 given) and the tree marks that guard of entry 1 as failed.
        match = goAndWait(docks->navigator(),
                          [panel] { QVERIFY(panel->showLessonStop(QStringLiteral("guards"), 4)); });
        QVERIFY2(match.found, match.problem.c_str());
        QCOMPARE(guards->timeline()->currentRow(), 2);
        QTreeWidgetItem *verdict = guards->verdicts()->currentItem();
        QVERIFY(verdict);
        QCOMPARE(verdict->data(0, CallVerdictView::EntryRole).toInt(), 0);
        const int failed = verdict->data(0, CallVerdictView::GuardRole).toInt();
        QVERIFY(failed >= 0);
        QCOMPARE(verdict->text(2), QStringLiteral("Float")); // what the stop's text says
        QCOMPARE(verdict->text(3), QStringLiteral("Double"));
        QVERIFY(marked(guards->guardTree()->guardItem(0, failed), GuardTreeView::Mark::Failed));
        QCOMPARE(guards->guardTree()->guardItem(0, failed)->text(0),
                 QStringLiteral("TENSOR_MATCH"));

        // Stop 6: the same guard in cache entry 2 checks float64; the run is reused.
        QSignalSpy runs(window.session(), &CaptureSession::runStarted);
        match = goAndWait(docks->navigator(),
                          [panel] { QVERIFY(panel->showLessonStop(QStringLiteral("guards"), 6)); });
        QVERIFY2(match.found, match.problem.c_str());
        QCOMPARE(runs.size(), 0);
        item = guards->guardTree()->currentItem();
        QVERIFY(item);
        QCOMPARE(item->data(0, GuardTreeView::EntryRole).toInt(), 1);
        QVERIFY(item->text(1).contains(QStringLiteral("torch.float64")));
        QVERIFY(marked(item, GuardTreeView::Mark::Pointed));
        // Only one item is marked at a time.
        QVERIFY(!marked(guards->guardTree()->guardItem(0, failed), GuardTreeView::Mark::Failed));

        // Stop 7: the whole third entry.
        match = goAndWait(docks->navigator(),
                          [panel] { QVERIFY(panel->showLessonStop(QStringLiteral("guards"), 7)); });
        QVERIFY2(match.found, match.problem.c_str());
        QCOMPARE(guards->guardTree()->currentItem(), guards->guardTree()->entryItem(2));
        QVERIFY(marked(guards->guardTree()->entryItem(2), GuardTreeView::Mark::Pointed));
    }

    // A kernel stop shows the generated loop in the Kernels view; a timing stop runs the compiled
    // kernels (Ctrl+F5's run) and shows the function's S = T_base / T_comp in the Timing view.
    void kernelStopsShowTheKernelsAndTimingViews() {
        MainWindow window;
        LessonDocks *docks = showTeachLayout(window);
        KernelDocks *kernels = window.findChild<KernelDocks *>();
        LessonsPanel *panel = docks->lessonsPanel();

        LessonTargetMatch match = goAndWait(docks->navigator(), [panel] {
            QVERIFY(panel->showLessonStop(QStringLiteral("optimisation"), 2));
        });
        QVERIFY2(match.found, match.problem.c_str());
        KernelsView *view = kernels->kernelsView();
        QTRY_VERIFY(inFront(view, 800 * 3 / 10));
        const KernelInfo &kernel =
            view->records()[size_t(match.itemIndex)].kernels[size_t(match.kernelIndex)];
        QCOMPARE(view->tree()->currentItem()->text(0), QString::fromStdString(kernel.name));
        int lineFrom, indexFrom, lineTo, indexTo;
        view->code()->getSelection(&lineFrom, &indexFrom, &lineTo, &indexTo);
        QCOMPARE(lineFrom + 1, kernel.firstLine);
        QVERIFY(view->code()->selectedText().contains(QStringLiteral("tanhf(")));
        QVERIFY(view->code()->selectedText().contains(QStringLiteral("#pragma omp simd")));
        QVERIFY(panel->stopText().contains(QString::fromStdString(kernel.name)));

        const int last = int(docks->library().lesson("optimisation")->stops.size());
        match = goAndWait(docks->navigator(), [panel, last] {
            QVERIFY(panel->showLessonStop(QStringLiteral("optimisation"), last));
        });
        QVERIFY2(match.found, match.problem.c_str());
        QCOMPARE(match.eventType, std::string("timing"));
        TimingView *timing = kernels->timingView();
        QTRY_VERIFY(inFront(timing, 800 * 3 / 10));
        const FunctionTiming &f = timing->report().functions[size_t(match.itemIndex)];
        QCOMPARE(f.name, std::string("gelu_block"));
        QCOMPARE(timing->table()->currentItem(), timing->table()->topLevelItem(match.itemIndex));
        QVERIFY(
            timing->table()->currentItem()->text(2).startsWith(QString::number(f.speedup, 'f', 2)));
        QVERIFY(panel->stopText().contains(QStringLiteral("S = T_base / T_comp")));
        // A plain run afterwards does not time kernels again.
        QVERIFY(!window.runController()->runOptions().kernelTiming);
    }

    void languageSwitchesTheLessonPanels() {
        MainWindow window;
        auto *docks = window.findChild<LessonDocks *>();
        LessonsPanel *panel = docks->lessonsPanel();
        panel->showLesson(5); // guards
        UiLanguage::instance()->setSetting(QStringLiteral("zh_CN"));
        QCOMPARE(UiLanguage::instance()->current(), QStringLiteral("zh_CN"));
        QCOMPARE(panel->titleText(), QStringLiteral("只有全部守卫成立，缓存的图才会被使用"));
        QCOMPARE(panel->backButton()->text(), QStringLiteral("◀ 上一步")); // from the .qm
        UiLanguage::instance()->setSetting(QStringLiteral("en"));
        QCOMPARE(panel->backButton()->text(), QStringLiteral("◀ Back"));
    }

private:
    // For the docs: a lesson stop and the drill in a window made in each language.
    void takeScreenshots(const QString &folder) {
        for (const QString &language : {QStringLiteral("en"), QStringLiteral("zh_CN")}) {
            UiLanguage::instance()->setSetting(language);
            MainWindow window;
            window.runController()->worker()->setExecutable(DYNASCOPE_EXE);
            window.setWindowState(Qt::WindowNoState);
            window.resize(1280, 800);
            window.show();
            auto *docks = window.findChild<LessonDocks *>();
            docks->applyTeachLayout();
            goAndWait(docks->navigator(), [docks] {
                docks->lessonsPanel()->showLessonStop(QStringLiteral("guards"), 4);
            });
            QTest::qWait(800);
            QVERIFY(
                window.grab().save(folder + QStringLiteral("/lesson-stop-%1.png").arg(language)));
            window.findChild<QDockWidget *>(QStringLiteral("lessonsDock"))->raise();
            goAndWait(docks->navigator(), [docks] {
                docks->lessonsPanel()->showLessonStop(QStringLiteral("guards"), 1);
            });
            QTest::qWait(800);
            QVERIFY(window.grab().save(folder +
                                       QStringLiteral("/lesson-stop-guards-%1.png").arg(language)));
            window.findChild<QDockWidget *>(QStringLiteral("drillDock"))->raise();
            docks->drillPanel()->showQuestion(2);
            answer(*docks->drillPanel(), docks->library().drill(), false);
            docks->drillPanel()->submit();
            QTest::qWait(300);
            QVERIFY(window.grab().save(folder + QStringLiteral("/drill-%1.png").arg(language)));
        }
        UiLanguage::instance()->setSetting(QStringLiteral("en"));
    }
};

QTEST_MAIN(TestLessons)
#include "tst_lessons.moc"
