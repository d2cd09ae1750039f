// The stepper's widgets driven by keys (F10, Shift+F10, F9, F8, Space…) on a recording.
#include "stepper/callstackmodel.h"
#include "stepper/callstackview.h"
#include "stepper/framemodel.h"
#include "stepper/frameview.h"
#include "stepper/stackview.h"
#include "stepper/stepperpanel.h"
#include "stepper/stepperviews.h"
#include "tst_stepper_recording.h"

#include "model/capturefile.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QLineEdit>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QSpinBox>
#include <QSplitter>
#include <QTemporaryDir>
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
        // These tests follow the value stack one instruction at a time.
        m_views->panel()->setStepsByInstruction(true);
        stack()->setFocus();
    }
    void cleanup() {
        m_views = nullptr;
        m_window.reset();
    }

    void startsAtTheFirstStep() {
        QCOMPARE(panel()->currentStep(), 0);
        QCOMPARE(panel()->counterText(), QStringLiteral("step 1 / 30"));
        QCOMPARE(stack()->entryTexts(), QStringList());
        QCOMPARE(stack()->headingText(), QStringLiteral("<module> · line 1 · @0 call event"));
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
            press(Qt::Key_F10);
        QVERIFY(panel()->currentStep() > start + count - 1);
        QVERIFY(!(snapshot() == first));
        for (int i = 0; i < count; ++i)
            press(Qt::Key_F10, Qt::ShiftModifier);
        QCOMPARE(panel()->currentStep(), start);
        QCOMPARE(snapshot(), first);
    }

    void stepBackPlaysTheReverseAnimation() {
        panel()->setCurrentStep(11); // LOAD_FAST b: stack [2, 3]
        stack()->finishAnimation();
        press(Qt::Key_F10); // BINARY_OP *
        QVERIFY(stack()->isAnimating());
        QTRY_VERIFY(!stack()->isAnimating());
        press(Qt::Key_F10, Qt::ShiftModifier);
        QVERIFY(stack()->isAnimating()); // an adjacent step back animates too
        QCOMPARE(stack()->entryTexts(), (QStringList{"2", "3"}));
        QTRY_VERIFY(!stack()->isAnimating());
        // A jump does not animate.
        panel()->setCurrentStep(25);
        QVERIFY(!stack()->isAnimating());
    }

    void multiplyShowsOperandsAndResult() {
        press(Qt::Key_Home);
        for (int i = 0; i < 8; ++i) // the module's call event … PRECALL of line 6
            press(Qt::Key_F10);
        QCOMPARE(currentStep().opname, std::string("PRECALL"));
        press(Qt::Key_F11); // into f: its call event
        QCOMPARE(currentStep().event, std::string("call"));
        QCOMPARE(stack()->operationText(), QStringLiteral("call f(a=2, b=3)"));
        for (int i = 0; i < 3; ++i) // LOAD_FAST a, LOAD_FAST b, BINARY_OP *
            press(Qt::Key_F10);
        QCOMPARE(currentStep().opname, std::string("BINARY_OP"));
        QCOMPARE(stack()->topText(), QStringLiteral("6"));
        QCOMPARE(stack()->operationText(), QStringLiteral("2 * 3 → 6"));
        QCOMPARE(stack()->captionText(), QStringLiteral("pops 2, pushes 1"));
        QCOMPARE(stack()->entryTexts(), QStringList{"6"});
    }

    void storeShowsInLocalsAndGlobals() {
        QSignalSpy location(panel(), &StepperPanel::currentLocationChanged);
        panel()->setCurrentStep(15); // STORE_FAST c
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
        panel()->setCurrentStep(20); // STORE_NAME x, at module level
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
        press(Qt::Key_F10);
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
        press(Qt::Key_F9);
        QCOMPARE(changed.count(), 1);
        QVERIFY(panel()->timeline().hasBreakpoint({StepDemoFile, 3}));
        press(Qt::Key_Home);
        press(Qt::Key_F8);
        QCOMPARE(currentStep().line, 3);
        QCOMPARE(currentStep().function, std::string("f"));
        QCOMPARE(currentStep().opname, std::string("LOAD_FAST"));
        QCOMPARE(stack()->topText(), QStringLiteral("7"));
        press(Qt::Key_End);
        press(Qt::Key_F8, Qt::ShiftModifier);
        QCOMPARE(currentStep().line, 3);
        press(Qt::Key_F9); // the cursor is still on line 3: clears it
        QVERIFY(panel()->timeline().breakpoints().empty());
    }

    void stepOutAndRunToCursor() {
        panel()->setCurrentStep(13);
        press(Qt::Key_F11, Qt::ShiftModifier);
        QCOMPARE(currentStep().function, std::string("<module>"));
        QCOMPARE(currentStep().opname, std::string("CALL"));
        QCOMPARE(stack()->operationText(), QStringLiteral("f(2, 3) → 7"));
        panel()->setCursorLocation(StepDemoFile, 7);
        press(Qt::Key_F10, Qt::ControlModifier);
        QCOMPARE(currentStep().line, 7);
        QCOMPARE(currentStep().opname, std::string("PUSH_NULL"));
    }

    void playAdvancesAndPauseStops() {
        panel()->setStepsPerSecond(60);
        press(Qt::Key_Space);
        QVERIFY(panel()->isPlaying());
        QVERIFY(stack()->animationDuration() <= 12);
        QTRY_VERIFY(panel()->currentStep() >= 5);
        press(Qt::Key_Space);
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
        press(Qt::Key_F10);
        QCOMPARE(frameModel()->scopes().frame, 2LL);
    }

    void spaceHomeEndStayInTheStepper() {
        // Typing in another widget of the window (the source editor in the app) must not step.
        auto *editor = new QLineEdit(m_window.get());
        editor->show();
        editor->setFocus();
        panel()->setCurrentStep(5);
        QTest::keyClick(editor, Qt::Key_Space);
        QTest::keyClick(editor, Qt::Key_Home);
        QVERIFY(!panel()->isPlaying());
        QCOMPARE(panel()->currentStep(), 5);
        QTest::keyClick(editor, Qt::Key_F10); // the F-keys work anywhere in the window
        QCOMPARE(panel()->currentStep(), 6);
        m_views->frameView()->treeView()->setFocus();
        press(Qt::Key_End);
        QCOMPARE(panel()->currentStep(), 29);
    }

    void jumpToStepDialog() {
        press(Qt::Key_G, Qt::ControlModifier);
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

    // docs/bad-input.md "1,000,000-step recording": a module-level loop of a million steps in
    // one frame; Ctrl+G to the last step shows its stack, the frame's locals (accumulated over
    // the whole frame) and the counter; stepping back by line and Home still work.
    void aMillionStepsJumpToTheLast() {
        constexpr long long passes = 1000000 / 4;
        auto store = std::make_shared<StepStore>();
        Step s;
        s.frame = 1;
        s.codeId = "c1";
        s.function = "<module>";
        s.file = StepDemoFile;
        const char *const ops[] = {"FOR_ITER", "STORE_NAME", "LOAD_NAME", "STORE_NAME"};
        const char *const args[] = {"to 40", "i", "i", "total"};
        for (long long pass = 0; pass < passes; ++pass)
            for (int k = 0; k < 4; ++k) {
                s.index = pass * 4 + k;
                s.line = k == 0 ? 1 : 2;
                s.offset = 10 + 2 * k;
                s.opname = ops[k];
                s.argrepr = args[k];
                s.stack = {value("range_iterator", "<range_iterator>")};
                if (k == 0 || k == 2)
                    s.stack.push_back(value("int", std::to_string(pass)));
                s.locals.clear();
                if (k == 1)
                    s.locals["i"] = std::to_string(pass);
                if (k == 3)
                    s.locals["total"] = std::to_string(pass * (pass + 1) / 2);
                store->append(s);
            }
        QCOMPARE(store->size(), size_t(1000000));
        m_views->setRecording(std::shared_ptr<const StepStore>(store), {});
        QCOMPARE(panel()->timeline().count(), 1000000);
        QCOMPARE(store.use_count(), 2); // the timeline shares the store, no copy

        press(Qt::Key_G, Qt::ControlModifier);
        auto *dialog = panel()->findChild<QInputDialog *>("jumpToStepDialog");
        QVERIFY(dialog);
        QTRY_VERIFY(dialog->isVisible());
        auto *spin = dialog->findChild<QSpinBox *>();
        QVERIFY(spin);
        spin->selectAll();
        QTest::keyClicks(spin, "1000000");
        QTest::keyClick(spin, Qt::Key_Return);
        QCOMPARE(panel()->currentStep(), 999999);
        QCOMPARE(panel()->counterText(), QStringLiteral("step 1,000,000 / 1,000,000"));
        QCOMPARE(currentStep().opname, std::string("STORE_NAME"));
        QCOMPARE(stack()->entryTexts().size(), 1);
        const QStringList frame = frameModel()->dump();
        const auto shows = [&frame](const QString &name, long long v) {
            return !frame
                        .filter(QRegularExpression(
                            QStringLiteral("^Locals/%1 = %2( \\*)?$").arg(name).arg(v)))
                        .isEmpty();
        };
        QVERIFY2(shows("total", (passes - 1) * passes / 2), qPrintable(frame.join('\n')));
        QVERIFY2(shows("i", passes - 1), qPrintable(frame.join('\n')));

        panel()->setStepsByInstruction(false);
        press(Qt::Key_F10, Qt::ShiftModifier); // the start of this line
        QCOMPARE(panel()->currentStep(), 999997);
        QCOMPARE(currentStep().argrepr, std::string("i"));
        press(Qt::Key_F10, Qt::ShiftModifier); // the line before
        QCOMPARE(panel()->currentStep(), 999996);
        QCOMPARE(currentStep().opname, std::string("FOR_ITER"));
        press(Qt::Key_Home);
        QCOMPARE(panel()->currentStep(), 0);
    }

    // The recorder's own recording of the demo script, read back from the capture file it saves:
    // the stack CPython had after the multiply, stepping there and back, a breakpoint.
    void realRecordingOfTheDemoScript() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString script = dir.filePath("stepdemo.py");
        QFile file(script);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(StepDemoSource);
        file.close();
        const QString capturePath = dir.filePath("demo.dscap");
        QProcess trace;
        trace.start(QStringLiteral(DYNASCOPE_EXE), {"trace", "--save", capturePath, script});
        QVERIFY(trace.waitForFinished(60000));
        const QByteArray errors = trace.readAllStandardError();
        QVERIFY2(trace.exitCode() == 0, errors.constData());

        CaptureFile capture;
        std::vector<CaptureFile::Problem> problems;
        QVERIFY(capture.load(capturePath.toStdString(), problems));
        const std::vector<Step> steps = capture.steps(problems);
        const std::vector<CodeInfo> codes = capture.codes(problems);
        QVERIFY(problems.empty());
        m_views->setRecording(steps, codes);
        const StepTimeline &t = panel()->timeline();
        QVERIFY(t.count() > 20);

        int mul = -1;
        for (int i = 0; i < t.count() && mul < 0; ++i)
            if (t.function(i) == "f" && t.opname(i) == "BINARY_OP" && t.argrepr(i) == "*")
                mul = i;
        QVERIFY(mul > 0);
        QCOMPARE(t.previousInFrame(mul), mul - 1);
        panel()->setCurrentStep(mul - 1);
        press(Qt::Key_F10);
        QCOMPARE(panel()->currentStep(), mul);
        QVERIFY(stack()->isAnimating());
        QCOMPARE(stack()->topText(), QStringLiteral("6"));
        QCOMPARE(stack()->operationText(), QStringLiteral("2 * 3 → 6"));
        QCOMPARE(stack()->captionText(), QStringLiteral("pops 2, pushes 1"));
        // The code object comes from the recording's code events.
        QVERIFY(frameModel()->dump().contains("Code object/co_argcount = 2"));
        QVERIFY(frameModel()->dump().contains("Locals/b = 3"));

        // Forward and back from the first step over the whole module.
        panel()->setCurrentStep(0);
        const Snapshot first = snapshot();
        int presses = 0;
        while (panel()->currentStep() < t.count() - 1 && presses < 12) {
            press(Qt::Key_F10);
            ++presses;
        }
        QVERIFY(presses > 5);
        for (int i = 0; i < presses; ++i)
            press(Qt::Key_F10, Qt::ShiftModifier);
        QCOMPARE(panel()->currentStep(), 0);
        QCOMPARE(snapshot(), first);

        // A breakpoint on `return c` stops on its first instruction, with c = 7 in the locals.
        panel()->setCursorLocation(QString::fromStdString(t.step(mul)->file), 3);
        press(Qt::Key_F9);
        press(Qt::Key_F8);
        QCOMPARE(currentStep().line, 3);
        QCOMPARE(currentStep().function, std::string("f"));
        QVERIFY(frameModel()->dump().contains("Locals/c = 7"));
    }

    // Cells and free variables, as the recorder saw a closure run: outer's k is a cell that
    // inner reads as a free variable.
    void closureCellsFromTheRecorder() {
        QTemporaryDir dir;
        const QString script = dir.filePath("closure.py");
        QFile file(script);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("def outer(a):\n"
                   "    k = a + 1\n"
                   "    def inner(b):\n"
                   "        return k * b\n"
                   "    return inner(2)\n"
                   "outer(3)\n");
        file.close();
        QProcess trace;
        trace.start(QStringLiteral(DYNASCOPE_EXE),
                    {"trace", "--save", dir.filePath("c.dscap"), script});
        QVERIFY(trace.waitForFinished(60000));
        QCOMPARE(trace.exitCode(), 0);
        CaptureFile capture;
        std::vector<CaptureFile::Problem> problems;
        QVERIFY(capture.load(dir.filePath("c.dscap").toStdString(), problems));
        m_views->setRecording(capture.steps(problems), capture.codes(problems));
        const StepTimeline &t = panel()->timeline();
        int storeK = -1, innerCall = -1;
        for (int i = 0; i < t.count(); ++i) {
            if (t.opname(i) == "STORE_DEREF" && storeK < 0)
                storeK = i;
            if (t.event(i) == StepEvent::Call && t.function(i) == "outer.<locals>.inner")
                innerCall = i;
        }
        QVERIFY(storeK >= 0 && innerCall >= 0);
        panel()->setCurrentStep(storeK);
        QVERIFY2(frameModel()->dump().contains("Closure cells/k = 4 *"),
                 qPrintable(frameModel()->dump().join('\n')));
        panel()->setCurrentStep(innerCall);
        QVERIFY(frameModel()->dump().contains("Code object/co_freevars/0 = k"));
        QVERIFY(frameModel()->dump().contains("Closure cells/k = 4 *"));
        QCOMPARE(m_views->callStackView()->callStackModel()->rowCount(), 3);
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
    // Keys go where a user's would: to the focused widget (the stack view unless moved).
    void press(Qt::Key key, Qt::KeyboardModifiers modifiers = Qt::NoModifier) {
        QWidget *target = QApplication::focusWidget() ? QApplication::focusWidget() : stack();
        QTest::keyClick(target, key, modifiers);
    }

    StepperPanel *panel() const { return m_views->panel(); }
    StackView *stack() const { return m_views->stackView(); }
    FrameModel *frameModel() const { return m_views->frameView()->frameModel(); }
    Step currentStep() const { return *panel()->timeline().currentStep(); }

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
