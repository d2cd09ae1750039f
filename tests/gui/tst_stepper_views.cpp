// The stepper's widgets driven by keys (F10, Shift+F10, F9, F8, Space…) on a recording.
#include "stepper/callstackmodel.h"
#include "stepper/callstackview.h"
#include "stepper/framemodel.h"
#include "stepper/frameview.h"
#include "stepper/stackview.h"
#include "stepper/stepperpanel.h"
#include "stepper/stepperviews.h"
#include "tst_stepper_recording.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QLineEdit>
#include <QSignalSpy>
#include <QSplitter>
#include <QTreeView>
#include <QVBoxLayout>
#include <QtTest>

using namespace dynascope;
using namespace dynascope::testing;

namespace {

// Everything a student sees, as text: two equal snapshots mean two identical views.
struct Snapshot {
    QStringList stack;
    QString operation, caption, heading, counter;
    QStringList frame;
    QStringList callStack;
    bool operator==(const Snapshot &o) const {
        return stack == o.stack && operation == o.operation && caption == o.caption &&
               heading == o.heading && counter == o.counter && frame == o.frame &&
               callStack == o.callStack;
    }
};

char *describe(const Snapshot &s) {
    return qstrdup(
        qPrintable(QStringLiteral("%1 | %2 | %3 | [%4] | %5 | frame %6 lines")
                       .arg(s.counter, s.heading, s.operation, s.stack.join(", "), s.caption)
                       .arg(s.frame.size())));
}

} // namespace

namespace QTest {
template <> char *toString(const Snapshot &s) {
    return describe(s);
}
} // namespace QTest

class TestStepperViews : public QObject {
    Q_OBJECT
private slots:
    void init() {
        m_window = std::make_unique<QWidget>();
        m_views = new StepperViews(m_window.get());
        auto *layout = new QVBoxLayout(m_window.get());
        layout->addWidget(m_views->panel());
        auto *row = new QHBoxLayout;
        row->addWidget(m_views->stackView());
        row->addWidget(m_views->callStackView());
        row->addWidget(m_views->frameView());
        layout->addLayout(row);
        m_window->resize(1100, 560);
        m_window->show();
        m_window->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
        m_views->setRecording(stepDemoSteps(), stepDemoCodes());
        m_views->panel()->setFocus();
    }
    void cleanup() {
        m_views = nullptr;
        m_window.reset();
    }

    void startsAtTheFirstStep() {
        QCOMPARE(panel()->currentStep(), 0);
        QCOMPARE(panel()->counterText(), QStringLiteral("step 1 / 30"));
        QCOMPARE(stack()->entryTexts(), QStringList());
        QVERIFY(stack()->headingText().contains("RESUME"));
    }

    void forwardThenBackRestoresTheFirstView_data() {
        QTest::addColumn<int>("start");
        QTest::addColumn<int>("count");
        QTest::addRow("module, over the call") << 0 << 14;
        QTest::addRow("inside f") << 10 << 8;
    }
    void forwardThenBackRestoresTheFirstView() {
        QFETCH(int, start);
        QFETCH(int, count);
        panel()->setCurrentStep(start);
        const Snapshot first = snapshot();
        for (int i = 0; i < count; ++i)
            QTest::keyClick(m_window.get(), Qt::Key_F10);
        QVERIFY(panel()->currentStep() > start + count - 1);
        QVERIFY(!(snapshot() == first));
        for (int i = 0; i < count; ++i)
            QTest::keyClick(m_window.get(), Qt::Key_F10, Qt::ShiftModifier);
        QCOMPARE(panel()->currentStep(), start);
        QCOMPARE(snapshot(), first);
    }

    void stepBackPlaysTheReverseAnimation() {
        panel()->setCurrentStep(12); // LOAD_FAST b: stack [2, 3]
        stack()->finishAnimation();
        QTest::keyClick(m_window.get(), Qt::Key_F10); // BINARY_OP *
        QVERIFY(stack()->isAnimating());
        QTRY_VERIFY(!stack()->isAnimating());
        QTest::keyClick(m_window.get(), Qt::Key_F10, Qt::ShiftModifier);
        QVERIFY(stack()->isAnimating()); // an adjacent step back animates too
        QCOMPARE(stack()->entryTexts(), (QStringList{"2", "3"}));
        QTRY_VERIFY(!stack()->isAnimating());
        // A jump does not animate.
        panel()->setCurrentStep(25);
        QVERIFY(!stack()->isAnimating());
    }

    void multiplyShowsOperandsAndResult() {
        QTest::keyClick(m_window.get(), Qt::Key_Home);
        for (int i = 0; i < 8; ++i) // RESUME … PRECALL of line 6
            QTest::keyClick(m_window.get(), Qt::Key_F10);
        QCOMPARE(currentStep().opname, std::string("PRECALL"));
        QTest::keyClick(m_window.get(), Qt::Key_F11); // into f: its call event
        QCOMPARE(currentStep().event, std::string("call"));
        QCOMPARE(stack()->operationText(), QStringLiteral("call f(a=2, b=3)"));
        for (int i = 0; i < 4; ++i) // RESUME, LOAD_FAST a, LOAD_FAST b, BINARY_OP *
            QTest::keyClick(m_window.get(), Qt::Key_F10);
        QCOMPARE(currentStep().opname, std::string("BINARY_OP"));
        QCOMPARE(stack()->topText(), QStringLiteral("6"));
        QCOMPARE(stack()->operationText(), QStringLiteral("2 * 3 → 6"));
        QCOMPARE(stack()->captionText(), QStringLiteral("pops 2, pushes 1"));
        QCOMPARE(stack()->entryTexts(), QStringList{"6"});
    }

    void storeShowsInLocalsAndGlobals() {
        QSignalSpy location(panel(), &StepperPanel::currentLocationChanged);
        panel()->setCurrentStep(16); // STORE_FAST c
        QCOMPARE(location.count(), 1);
        QCOMPARE(location.first().at(1).toInt(), 2);
        QCOMPARE(location.first().at(2).toString(), QStringLiteral("c2"));
        QCOMPARE(location.first().at(3).toInt(), 16);
        const QStringList frame = frameModel()->dump();
        QVERIFY2(frame.contains("Locals/c = 7 *"), qPrintable(frame.join('\n')));
        QVERIFY(frame.contains("Locals/a = 2"));
        QVERIFY(frame.contains("Code object/co_argcount = 2"));
        QVERIFY(frame.contains("Code object/co_varnames/2 = c"));
        QVERIFY(frame.contains("Globals/functions, classes/f = <function f at 0x7f01>"));
        panel()->setCurrentStep(21); // STORE_NAME x, at module level
        const QStringList module = frameModel()->dump();
        QVERIFY2(module.contains("Globals/x = 7 *"), qPrintable(module.join('\n')));
        QVERIFY(module.contains("Builtins/print = builtin"));
        // Functions are folded, plain values are not.
        QTreeView *tree = m_views->frameView()->treeView();
        const QModelIndex globals = frameModel()->sectionIndex(FrameModel::GlobalsSection);
        QVERIFY(tree->isExpanded(globals));
        QModelIndex functions;
        for (int r = 0; r < frameModel()->rowCount(globals); ++r)
            if (frameModel()->index(r, 0, globals).data().toString() == "functions, classes")
                functions = frameModel()->index(r, 0, globals);
        QVERIFY(functions.isValid());
        QVERIFY(!tree->isExpanded(functions));
        QVERIFY(!tree->isExpanded(frameModel()->sectionIndex(FrameModel::BuiltinsSection)));
        // What the user opens stays open on the next step.
        tree->expand(functions);
        QTest::keyClick(m_window.get(), Qt::Key_F10);
        const QModelIndex reset = frameModel()->sectionIndex(FrameModel::GlobalsSection);
        bool stillOpen = false;
        for (int r = 0; r < frameModel()->rowCount(reset); ++r) {
            const QModelIndex i = frameModel()->index(r, 0, reset);
            if (i.data().toString() == "functions, classes")
                stillOpen = tree->isExpanded(i);
        }
        QVERIFY(stillOpen);
    }

    void builtinsFilter() {
        panel()->setCurrentStep(25);
        m_views->frameView()->builtinsFilter()->setText("pri");
        const QModelIndex builtins = frameModel()->sectionIndex(FrameModel::BuiltinsSection);
        QCOMPARE(frameModel()->rowCount(builtins), 1);
        m_views->frameView()->builtinsFilter()->setText("zzz");
        QCOMPARE(frameModel()->rowCount(builtins), 0);
    }

    void breakpointThenContinueStopsThere() {
        QSignalSpy changed(panel(), &StepperPanel::breakpointsChanged);
        panel()->setCursorLocation(StepDemoFile, 3);
        QTest::keyClick(m_window.get(), Qt::Key_F9);
        QCOMPARE(changed.count(), 1);
        QVERIFY(panel()->timeline().hasBreakpoint({StepDemoFile, 3}));
        QTest::keyClick(m_window.get(), Qt::Key_Home);
        QTest::keyClick(m_window.get(), Qt::Key_F8);
        QCOMPARE(currentStep().line, 3);
        QCOMPARE(currentStep().function, std::string("f"));
        QCOMPARE(currentStep().opname, std::string("LOAD_FAST"));
        QCOMPARE(stack()->topText(), QStringLiteral("7"));
        QTest::keyClick(m_window.get(), Qt::Key_End);
        QTest::keyClick(m_window.get(), Qt::Key_F8, Qt::ShiftModifier);
        QCOMPARE(currentStep().line, 3);
        QTest::keyClick(m_window.get(), Qt::Key_F9); // the cursor is still on line 3: clears it
        QVERIFY(panel()->timeline().breakpoints().empty());
    }

    void stepOutAndRunToCursor() {
        panel()->setCurrentStep(13);
        QTest::keyClick(m_window.get(), Qt::Key_F11, Qt::ShiftModifier);
        QCOMPARE(currentStep().function, std::string("<module>"));
        QCOMPARE(currentStep().opname, std::string("CALL"));
        QCOMPARE(stack()->operationText(), QStringLiteral("f(2, 3) → 7"));
        panel()->setCursorLocation(StepDemoFile, 7);
        QTest::keyClick(m_window.get(), Qt::Key_F10, Qt::ControlModifier);
        QCOMPARE(currentStep().line, 7);
        QCOMPARE(currentStep().opname, std::string("PUSH_NULL"));
    }

    void playAdvancesAndPauseStops() {
        panel()->setStepsPerSecond(60);
        QTest::keyClick(m_window.get(), Qt::Key_Space);
        QVERIFY(panel()->isPlaying());
        QVERIFY(stack()->animationDuration() <= 12);
        QTRY_VERIFY(panel()->currentStep() >= 5);
        QTest::keyClick(m_window.get(), Qt::Key_Space);
        QVERIFY(!panel()->isPlaying());
        QVERIFY(stack()->animationDuration() > 100); // stepping by hand: the full animation
        const int stopped = panel()->currentStep();
        QTest::qWait(100);
        QCOMPARE(panel()->currentStep(), stopped);
    }

    void playStopsAtABreakpointAndAtTheEnd() {
        panel()->setStepsPerSecond(60);
        panel()->toggleBreakpoint(StepDemoFile, 2);
        panel()->play();
        QTRY_VERIFY(!panel()->isPlaying());
        QCOMPARE(currentStep().line, 2);
        panel()->toggleBreakpoint(StepDemoFile, 2);
        panel()->play();
        QTRY_VERIFY(!panel()->isPlaying());
        QCOMPARE(panel()->currentStep(), 29);
    }

    void choosingACallerShowsItsScopes() {
        panel()->setCurrentStep(13);
        CallStackView *calls = m_views->callStackView();
        QCOMPARE(calls->callStackModel()->rowCount(), 2);
        QCOMPARE(calls->chosenFrame(), 2LL);
        QCOMPARE(frameModel()->scopes().frame, 2LL);
        calls->chooseRow(1);
        QCOMPARE(frameModel()->scopes().frame, 1LL);
        QCOMPARE(frameModel()->scopes().function, std::string("<module>"));
        QVERIFY(frameModel()->dump().contains("Locals/f = <function f at 0x7f01>"));
        // The next step goes back to the innermost frame.
        QTest::keyClick(m_window.get(), Qt::Key_F10);
        QCOMPARE(frameModel()->scopes().frame, 2LL);
    }

    void jumpToStepDialog() {
        QTest::keyClick(m_window.get(), Qt::Key_G, Qt::ControlModifier);
        auto *dialog = panel()->findChild<QInputDialog *>("jumpToStepDialog");
        QVERIFY(dialog);
        dialog->setIntValue(14);
        dialog->accept();
        QCOMPARE(panel()->currentStep(), 13);
        QCOMPARE(panel()->counterText(), QStringLiteral("step 14 / 30"));
    }

    void modelsPassTheTester() {
        QAbstractItemModelTester frameTester(
            frameModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        QAbstractItemModelTester callTester(m_views->callStackView()->callStackModel(),
                                            QAbstractItemModelTester::FailureReportingMode::QtTest);
        for (int i = 0; i < panel()->timeline().count(); ++i) {
            panel()->setCurrentStep(i);
            QCOMPARE(m_views->callStackView()->callStackModel()->rowCount(),
                     int(panel()->timeline().callStackAt(i).size()));
        }
        m_views->frameView()->builtinsFilter()->setText("p");
        m_views->callStackView()->chooseRow(0);
        m_views->setRecording(std::vector<Step>{}, {});
        QCOMPARE(panel()->counterText(), QStringLiteral("no steps"));
        QVERIFY(!panel()->action(StepperPanel::StepOverAction)->isEnabled());
    }

    void malformedStepEventsAreSkipped() {
        std::vector<Json> events = {Json{{"type", "step"}, {"step", 0}, {"opname", "NOP"}},
                                    Json{{"type", "step"}, {"step", "not a number"}},
                                    Json::array({1, 2})};
        m_views->setRecording(events, {});
        QCOMPARE(panel()->timeline().count(), 1);
    }

    // Saves what a student sees mid-recording when DYNASCOPE_STEPPER_SCREENSHOT names a file.
    void screenshot() {
        panel()->setCurrentStep(14);
        stack()->finishAnimation();
        const QPixmap shot = m_window->grab();
        QVERIFY(!shot.isNull());
        const QString path = qEnvironmentVariable("DYNASCOPE_STEPPER_SCREENSHOT");
        if (!path.isEmpty())
            QVERIFY(shot.save(path));
    }

private:
    StepperPanel *panel() const { return m_views->panel(); }
    StackView *stack() const { return m_views->stackView(); }
    FrameModel *frameModel() const { return m_views->frameView()->frameModel(); }
    const Step &currentStep() const { return *panel()->timeline().currentStep(); }

    Snapshot snapshot() const {
        Snapshot s;
        s.stack = stack()->entryTexts();
        s.operation = stack()->operationText();
        s.caption = stack()->captionText();
        s.heading = stack()->headingText();
        s.counter = panel()->counterText();
        s.frame = frameModel()->dump();
        auto *calls = m_views->callStackView()->callStackModel();
        for (int r = 0; r < calls->rowCount(); ++r)
            s.callStack << calls->index(r, 0).data().toString() + " " +
                               calls->index(r, 1).data().toString();
        return s;
    }

    std::unique_ptr<QWidget> m_window;
    StepperViews *m_views = nullptr;
};

QTEST_MAIN(TestStepperViews)
#include "tst_stepper_views.moc"
