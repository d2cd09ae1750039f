// The stepper docked in the main window: a recorded run's steps drive the session's selection.
#include "bytecodemodel.h"
#include "bytecodeview.h"
#include "capturesession.h"
#include "mainwindow.h"
#include "sourceeditor.h"
#include "stepper/framemodel.h"
#include "stepper/frameview.h"
#include "stepper/stackview.h"
#include "stepper/stepperpanel.h"
#include "stepper/stepperviews.h"
#include "tst_stepper_recording.h"

#include "model/capturefile.h"

#include <QDockWidget>
#include <QMenuBar>
#include <QSettings>
#include <QTemporaryDir>
#include <QTreeView>
#include <QtTest>

using namespace dynascope;
using namespace dynascope::testing;

class TestStepperMainWindow : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        QCoreApplication::setOrganizationName(QStringLiteral("DynascopeTest"));
        QCoreApplication::setApplicationName(QStringLiteral("DynascopeStepperTest"));
        QSettings::setDefaultFormat(QSettings::IniFormat);
        QSettings::setPath(QSettings::IniFormat, QSettings::UserScope, m_dir.filePath("settings"));

        // The recorder's own capture of the demo script: its code and step events.
        m_script = m_dir.filePath("stepdemo.py");
        QFile file(m_script);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(StepDemoSource);
        file.close();
        const QString capturePath = m_dir.filePath("demo.dscap");
        QProcess trace;
        trace.start(QStringLiteral(DYNASCOPE_EXE), {"trace", "--save", capturePath, m_script});
        QVERIFY(trace.waitForFinished(60000));
        QCOMPARE(trace.exitCode(), 0);
        std::vector<CaptureFile::Problem> problems;
        QVERIFY(m_capture.load(capturePath.toStdString(), problems));
        QVERIFY(problems.empty());
    }

    void recordedRunDrivesTheSelection() {
        MainWindow window;
        window.show();
        window.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QVERIFY(window.openFile(m_script));
        // The script tab comes to the front (the welcome page was): let it draw, as it has long
        // done by the time a real run ends; its cursor on line 1 is the selected line then.
        QTRY_COMPARE(window.session()->selectedLine(), 1);
        for (const char *dock : {"stepperDock", "stackDock", "frameDock", "callStackDock"})
            QVERIFY2(window.findChild<QDockWidget *>(dock), dock);

        // What the run controller does with a worker's stream, fed from the capture.
        CaptureSession *session = window.session();
        session->beginRun();
        for (const Event &event : m_capture.events())
            session->addEvent(event);
        session->endRun(RunState::Finished, QStringLiteral("finished"));

        StepperPanel *panel = window.stepper()->panel();
        QCOMPARE(panel->timeline().count(), int(m_capture.steps(m_problems).size()));
        QVERIFY(panel->timeline().count() > 20);
        auto selectionIsCurrentStep = [&] {
            const Step s = *panel->timeline().currentStep();
            return session->selectedInstruction() ==
                       InstructionRef{QString::fromStdString(s.codeId), s.offset} &&
                   session->selectedLine() == s.line;
        };
        QVERIFY(selectionIsCurrentStep());

        // F10 from the editor (stepping by instruction): the editor and bytecode view follow.
        panel->setStepsByInstruction(true);
        window.editor()->setFocus();
        for (int i = 0; i < 9; ++i)
            QTest::keyClick(QApplication::focusWidget(), Qt::Key_F10);
        QCOMPARE(panel->timeline().currentStep()->opname, std::string("CALL"));
        QVERIFY(selectionIsCurrentStep());
        QCOMPARE(session->selectedLine(), 6);
        QCOMPARE(window.stepper()->stackView()->operationText(), QStringLiteral("f(2, 3) → 7"));

        // Into f, then Run to Cursor on the line the editor's cursor is on.
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_F10, Qt::ShiftModifier);
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_F11);
        QCOMPARE(panel->timeline().currentStep()->function, std::string("f"));
        session->setSelectedLine(3); // the user clicks `return c`
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_F10, Qt::ControlModifier);
        QCOMPARE(panel->timeline().currentStep()->line, 3);
        QVERIFY(selectionIsCurrentStep());

        // The stepper's commands are in the Debug menu.
        QMenu *debug = nullptr;
        for (QAction *a : window.menuBar()->actions())
            if (a->text() == QStringLiteral("&Debug"))
                debug = a->menu();
        QVERIFY(debug);
        QVERIFY(debug->actions().contains(panel->action(StepperPanel::StepOverAction)));

        // Hovering an instruction in the bytecode view explains it.
        BytecodeModel *model = window.bytecodeView()->bytecodeModel();
        QVERIFY(model);
        bool explained = false;
        std::function<void(const QModelIndex &)> walk = [&](const QModelIndex &parent) {
            for (int r = 0; r < model->rowCount(parent); ++r) {
                const QModelIndex i = model->index(r, BytecodeModel::OpnameColumn, parent);
                if (i.data().toString() == QStringLiteral("BINARY_OP") &&
                    i.data(Qt::ToolTipRole).toString().startsWith("Pops two operands"))
                    explained = true;
                walk(model->index(r, 0, parent));
            }
        };
        walk({});
        QVERIFY(explained);

        const QString shot = qEnvironmentVariable("DYNASCOPE_STEPPER_WINDOW_SCREENSHOT");
        if (!shot.isEmpty()) {
            // The picture in docs/images/stepper.png: just after the multiply, code object open.
            const StepTimeline &t = panel->timeline();
            for (int i = 0; i < t.count(); ++i)
                if (t.opname(i) == "BINARY_OP" && t.argrepr(i) == "*")
                    panel->setCurrentStep(i);
            window.stepper()->stackView()->finishAnimation();
            QTreeView *tree = window.stepper()->frameView()->treeView();
            tree->expand(window.stepper()->frameView()->frameModel()->sectionIndex(
                FrameModel::CodeSection));
            window.resize(1400, 860);
            QTest::qWait(50);
            QVERIFY(window.grab().save(shot));
        }
        // A new run empties the stepper until its steps arrive.
        session->beginRun();
        QCOMPARE(panel->timeline().count(), 0);
    }

private:
    QTemporaryDir m_dir;
    QString m_script;
    CaptureFile m_capture;
    std::vector<CaptureFile::Problem> m_problems;
};

QTEST_MAIN(TestStepperMainWindow)
#include "tst_stepper_mainwindow.moc"
