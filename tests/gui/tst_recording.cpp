// Recorded runs end to end in MainWindow (real worker): steps name the session's code, Save and
// Open Recording give back the same run, bad files are refused, margin breakpoints, the switch
// and the step limit.
#include "bytecodemodel.h"
#include "bytecodeview.h"
#include "capturesession.h"
#include "consoleview.h"
#include "guitestsupport.h"
#include "mainwindow.h"
#include "runcontroller.h"
#include "sourceeditor.h"
#include "stepper/breakpointmargin.h"
#include "stepper/stepperpanel.h"
#include "stepper/stepperviews.h"
#include "workerclient.h"

#include <QAction>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>
#include <QLabel>
#include <QtTest>

using namespace dynascope;
using namespace dynascope::testing;

namespace {

const char *const Script = R"(def add(a, b):
    c = a + b
    return c


total = 0
for i in range(3):
    total = add(total, i)
print("total", total)
)";
constexpr int ReturnLine = 3; // "    return c"

// Each step as the stepper holds it: index, event, code, offset, opname, stack reprs, locals.
QStringList stepListing(const StepTimeline &timeline) {
    QStringList out;
    for (int i = 0; i < timeline.count(); ++i) {
        const Step s = *timeline.step(i);
        QStringList stack;
        for (const StackValue &v : s.stack)
            stack << QString::fromStdString(v.repr);
        QStringList locals;
        for (const auto &[name, repr] : s.locals)
            locals << QString::fromStdString(name + "=" + repr);
        out << QStringLiteral("%1 %2 %3@%4 %5 [%6] {%7}")
                   .arg(s.index)
                   .arg(QString::fromStdString(s.event), QString::fromStdString(s.codeId))
                   .arg(s.offset)
                   .arg(QString::fromStdString(s.opname), stack.join(QLatin1String(", ")),
                        locals.join(QLatin1String(", ")));
    }
    return out;
}

// Every row of the bytecode tree, all columns.
QStringList bytecodeRows(const QAbstractItemModel *model, const QModelIndex &parent = {}) {
    QStringList out;
    for (int r = 0; r < model->rowCount(parent); ++r) {
        QStringList cells;
        for (int c = 0; c < model->columnCount(parent); ++c)
            cells << model->index(r, c, parent).data().toString();
        out << cells.join(QLatin1Char('|'));
        out << bytecodeRows(model, model->index(r, 0, parent));
    }
    return out;
}

QString consoleText(const CaptureSession &session) {
    QString text;
    for (const ConsoleEntry &e : session.console())
        text += e.text;
    return text;
}

QAction *menuAction(MainWindow &window, const QString &text) {
    for (QAction *a : window.menuBar()->findChildren<QAction *>())
        if (a->text() == text)
            return a;
    return nullptr;
}

} // namespace

class TestRecording : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    QTemporaryDir m_settingsDir;
    QString m_script;
    QString m_saved; // the recording saved by saveAndReopen
    QStringList m_steps;
    QStringList m_rows;

    void run(MainWindow &window) {
        window.runController()->worker()->setExecutable(DYNASCOPE_EXE);
        QVERIFY(window.openFile(m_script));
        QSignalSpy running(window.runController(), &RunController::runningChanged);
        QVERIFY(window.statusBar()->currentMessage().contains("press F5"));
        window.run();
        QCOMPARE(window.statusBar()->currentMessage(), QString()); // the hint went with the press
        QTRY_VERIFY_WITH_TIMEOUT(!running.isEmpty() && !running.last().first().toBool(), 120000);
        QCOMPARE(window.session()->exitStatus().value_or(-1), 0);
    }

private slots:
    void initTestCase() {
        isolateSettings(m_settingsDir);
        QSettings().clear();
        m_script = writeScript(m_dir, "recorded.py", Script);
    }

    // The session's intake: a second producer's description of a code object becomes an alias
    // (steps renamed), equal code objects of one producer stay apart, another content is new.
    void codeAliasesInTheSession() {
        auto codeEvent = [](const char *id, const char *qualname, const char *hex) {
            Json body = CodeInfo{};
            body["id"] = id;
            body["qualname"] = qualname;
            body["filename"] = "/x/s.py";
            body["co_code"] = hex;
            body["type"] = EventType::Code;
            return Event{EventType::Code, body};
        };
        CaptureSession session;
        session.beginRun();
        session.addEvent(codeEvent("c1", "<lambda>", "6400"));
        session.addEvent(codeEvent("c2", "<lambda>", "6400")); // an equal lambda: its own row
        session.addEvent(codeEvent("c3", "f", "6401"));
        session.addEvent(codeEvent("r1", "f", "6401")); // the recorder's f
        session.addEvent(codeEvent("r2", "g", "6402")); // only the recorder saw g
        QStringList ids;
        for (const CodeInfo &c : session.codeInfos())
            ids << QString::fromStdString(c.id);
        QCOMPARE(ids, QStringList({"c1", "c2", "c3", "r2"}));
        QCOMPARE(session.codeInfo("r1")->id, std::string("c3"));
        session.addEvent({EventType::Step, Json{{"type", "step"}, {"code", "r1"}, {"step", 0}}});
        session.addEvent({EventType::Step, Json{{"type", "step"}, {"code", "r2"}, {"step", 1}}});
        QCOMPARE(std::string(session.steps().codeId(0)), std::string("c3"));
        QCOMPARE(std::string(session.steps().codeId(1)), std::string("r2"));
        std::vector<Json> saved; // what a recording writes: the canonical ids
        session.forEachEvent([&saved](const Json &body) {
            saved.push_back(body);
            return true;
        });
        QCOMPARE(saved.size(), size_t(7));
        QCOMPARE(saved[5]["code"], Json("c3"));
        QCOMPARE(saved.back()["code"], Json("r2"));
        session.beginRun(); // a new run forgets the aliases
        session.addEvent({EventType::Step, Json{{"type", "step"}, {"code", "r1"}, {"step", 0}}});
        QCOMPARE(std::string(session.steps().codeId(0)), std::string("r1"));
    }

    // One recorded run: its steps name instructions of code objects the session holds (the
    // worker's module tree), each code object listed once, and a saved recording opened in a
    // fresh window gives the same steps, bytecode, console output and script.
    void saveAndReopen() {
        MainWindow window;
        QVERIFY(menuAction(window, "Record &Steps")->isChecked()); // on by default
        run(window);
        const CaptureSession &session = *window.session();
        const StepTimeline &timeline = window.stepper()->panel()->timeline();
        QVERIFY(timeline.count() > 30);
        int instructions = 0;
        for (int k = 0; k < timeline.count(); ++k) {
            const Step s = *timeline.step(k);
            const CodeInfo *code = session.codeInfo(QString::fromStdString(s.codeId));
            QVERIFY2(code, s.codeId.c_str());
            QCOMPARE(code->id, s.codeId); // the id the views use, not an alias
            if (s.event != "instruction")
                continue;
            const Instruction *i =
                session.instruction({QString::fromStdString(s.codeId), s.offset});
            QVERIFY2(i, qPrintable(QStringLiteral("%1@%2").arg(s.codeId.c_str()).arg(s.offset)));
            QCOMPARE(i->opname, s.opname);
            ++instructions;
        }
        QVERIFY(instructions > 30);
        // <module> and add, once each, although the recorder described both again.
        QCOMPARE(int(session.codeInfos().size()), 2);
        const BytecodeModel *model = window.bytecodeView()->bytecodeModel();
        QCOMPARE(model->rowCount(), 2);
        // The stepper's current step is selected in the bytecode view.
        const QModelIndex selected = window.bytecodeView()->currentIndex();
        QVERIFY(selected.isValid());
        QCOMPARE(selected.data(BytecodeModel::OffsetRole).toInt(), timeline.currentStep()->offset);

        m_steps = stepListing(timeline);
        m_rows = bytecodeRows(model);
        m_saved = m_dir.filePath("recorded.dscap");
        QVERIFY(window.saveRecording(m_saved));
        QVERIFY(window.lastError().isEmpty());

        MainWindow reopened;
        QVERIFY(reopened.openFile(m_saved)); // File > Open tells recordings by their header
        QCOMPARE(stepListing(reopened.stepper()->panel()->timeline()), m_steps);
        QCOMPARE(bytecodeRows(reopened.bytecodeView()->bytecodeModel()), m_rows);
        QCOMPARE(reopened.scriptPath(), QFileInfo(m_script).absoluteFilePath());
        QCOMPARE(reopened.editor()->text(), QString::fromUtf8(Script));
        QVERIFY(consoleText(*reopened.session()).contains("total 3"));
        QCOMPARE(reopened.session()->exitStatus().value_or(-1), 0);
        QCOMPARE(reopened.session()->runState(), RunState::Finished);
        QVERIFY(reopened.lastError().isEmpty());
    }

    // A long read runs off the GUI thread: the window's timers keep firing (so it repaints and
    // its status shows) while a recording padded with 30 MB of output is read, and the run
    // opens whole. Read on the GUI thread, the timer could not fire once before the read ended.
    void readingKeepsTheWindowResponsive() {
        QVERIFY(!m_saved.isEmpty());
        QFile in(m_saved);
        QVERIFY(in.open(QIODevice::ReadOnly));
        QList<QByteArray> lines = in.readAll().split('\n');
        const QByteArray padding = Json{{"type", EventType::Output},
                                        {"stream", "stdout"},
                                        {"text", std::string(200 * 1024, 'x') + "\n"}}
                                       .dump()
                                       .c_str();
        for (int i = 0; i < 150; ++i)
            lines.insert(1, padding);
        const QString big = m_dir.filePath("padded.dscap");
        QFile out(big);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(lines.join('\n'));
        out.close();

        MainWindow window;
        int ticks = 0;
        QTimer ticker;
        ticker.setInterval(1);
        connect(&ticker, &QTimer::timeout, [&ticks] { ++ticks; });
        ticker.start();
        QVERIFY(window.openRecording(big));
        QVERIFY2(ticks >= 2, qPrintable(QStringLiteral("%1 timer ticks during the read").arg(ticks)));
        QCOMPARE(stepListing(window.stepper()->panel()->timeline()), m_steps);
        QVERIFY(window.lastError().isEmpty());
    }

    void corruptRecordingIsRefused_data() {
        QTest::addColumn<QString>("damage");
        QTest::addColumn<QString>("message");
        QTest::addRow("truncated mid-line") << "truncate"
                                            << "truncated";
        QTest::addRow("garbage line") << "garbage"
                                      << "line 5";
        QTest::addRow("not a recording") << "header"
                                         << "not a dscap capture";
        QTest::addRow("wrong field type") << "type"
                                          << "step event";
    }
    void corruptRecordingIsRefused() {
        QFETCH(QString, damage);
        QFETCH(QString, message);
        QVERIFY2(!m_saved.isEmpty(), "saveAndReopen saves the recording first");
        QFile good(m_saved);
        QVERIFY(good.open(QIODevice::ReadOnly));
        QByteArray bytes = good.readAll();
        QList<QByteArray> lines = bytes.split('\n');
        if (damage == "truncate") {
            bytes.truncate(bytes.size() * 2 / 3);
            if (bytes.endsWith('\n'))
                bytes.chop(2);
        } else if (damage == "garbage") {
            lines[4] = "{\"type\": \"step\", garbage \x01";
            bytes = lines.join('\n');
        } else if (damage == "header") {
            bytes = "PK\x03\x04 not json at all\n" + bytes;
        } else {
            for (QByteArray &line : lines)
                if (line.contains("\"type\":\"step\"")) {
                    line.replace("\"line\":", "\"line\":\"abc\",\"x\":");
                    break;
                }
            bytes = lines.join('\n');
        }
        const QString bad = m_dir.filePath("bad.dscap");
        QFile out(bad);
        QVERIFY(out.open(QIODevice::WriteOnly | QIODevice::Truncate));
        out.write(bytes);
        out.close();

        MainWindow window;
        QVERIFY(window.openRecording(m_saved));
        const int events = int(window.session()->allEvents().size());
        const int steps = window.stepper()->panel()->timeline().count();
        QSignalSpy problems(&window, &MainWindow::problemShown);
        QVERIFY(!window.openFile(bad));
        QCOMPARE(problems.count(), 1);
        QVERIFY2(window.lastError().contains(message), qPrintable(window.lastError()));
        QVERIFY2(window.lastError().contains("bad.dscap"), qPrintable(window.lastError()));
        // Shown to the user without blocking the caller.
        QMessageBox *box = window.findChild<QMessageBox *>();
        QVERIFY(box);
        QTRY_VERIFY(box->isVisible());
        QCOMPARE(box->text(), window.lastError());
        box->close();
        // Nothing of the session was lost.
        QCOMPARE(int(window.session()->allEvents().size()), events);
        QCOMPARE(window.stepper()->panel()->timeline().count(), steps);
        QCOMPARE(stepListing(window.stepper()->panel()->timeline()), m_steps);
        QCOMPARE(window.editor()->text(), QString::fromUtf8(Script));
    }

    void missingScriptIsNoted() {
        QVERIFY(!m_saved.isEmpty());
        QTemporaryDir elsewhere;
        const QString moved = elsewhere.filePath("moved.dscap");
        QVERIFY(QFile::copy(m_saved, moved));
        QFile::rename(m_script, m_script + ".away");
        MainWindow window;
        const bool opened = window.openRecording(moved);
        QFile::rename(m_script + ".away", m_script);
        QVERIFY(opened);
        QVERIFY(consoleText(*window.session()).contains("cannot be read"));
        QCOMPARE(stepListing(window.stepper()->panel()->timeline()), m_steps);
        // The recording carries the script as it ran: the editor shows that copy, untitled, and
        // the banner over it says why.
        QCOMPARE(window.editor()->text(), QString::fromUtf8(Script));
        QVERIFY(window.scriptPath().isEmpty());
        QVERIFY(!window.sourceBanner()->isHidden());
        QVERIFY2(window.sourceBanner()->text().contains("copy saved in the recording"),
                 qPrintable(window.sourceBanner()->text()));
    }

    // A capture of `dynascope trace --save` (no script in its header) opens with its script.
    void traceCaptureOpens() {
        const QString capture = m_dir.filePath("trace.dscap");
        QProcess trace;
        trace.start(QStringLiteral(DYNASCOPE_EXE), {"trace", "--save", capture, m_script});
        QVERIFY(trace.waitForFinished(120000));
        QCOMPARE(trace.exitCode(), 0);
        MainWindow window;
        QVERIFY(window.openFile(capture));
        QCOMPARE(window.scriptPath(), QFileInfo(m_script).absoluteFilePath());
        QCOMPARE(window.editor()->text(), QString::fromUtf8(Script));
        QVERIFY(window.stepper()->panel()->timeline().count() > 30);
        QVERIFY(consoleText(*window.session()).contains("total 3"));
    }

    // A click in the symbol margin sets a breakpoint (marker drawn), F8 runs to it, a second
    // click clears it.
    void marginClickSetsBreakpoint() {
        QVERIFY(!m_saved.isEmpty());
        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QVERIFY(window.openRecording(m_saved));
        SourceEditor *editor = window.editor();
        StepperPanel *panel = window.stepper()->panel();
        QCOMPARE(panel->currentStep(), 0);

        // The symbol margin sits right of the line numbers.
        int x = 0;
        for (int m = 0; m < editor->margins(); ++m) {
            if (editor->marginType(m) == QsciScintilla::SymbolMargin &&
                editor->marginWidth(m) > 0) {
                x += editor->marginWidth(m) / 2;
                break;
            }
            x += editor->marginWidth(m);
        }
        const long position = editor->positionFromLineIndex(ReturnLine - 1, 0);
        const int y =
            int(editor->SendScintilla(QsciScintilla::SCI_POINTYFROMPOSITION, 0UL, position)) +
            editor->textHeight(ReturnLine - 1) / 2;
        QSignalSpy changed(panel, &StepperPanel::breakpointsChanged);
        QTest::mouseClick(editor->viewport(), Qt::LeftButton, {}, QPoint(x, y));
        QCOMPARE(changed.count(), 1);
        QCOMPARE(window.breakpointMargin()->markedLines(), QList<int>{ReturnLine});
        QVERIFY(panel->timeline().hasBreakpoint(
            {QFileInfo(m_script).absoluteFilePath().toStdString(), ReturnLine}));

        QTest::keyClick(editor, Qt::Key_F8);
        QCOMPARE(panel->timeline().currentStep()->line, ReturnLine);
        QCOMPARE(panel->timeline().currentStep()->function, std::string("add"));
        QCOMPARE(editor->cursorLine(), ReturnLine);
        // F8 again: the next call's return line.
        const int first = panel->currentStep();
        QTest::keyClick(editor, Qt::Key_F8);
        QVERIFY(panel->currentStep() > first);
        QCOMPARE(panel->timeline().currentStep()->line, ReturnLine);

        QTest::mouseClick(editor->viewport(), Qt::LeftButton, {}, QPoint(x, y));
        QCOMPARE(changed.count(), 2);
        QVERIFY(window.breakpointMargin()->markedLines().isEmpty());
        QVERIFY(panel->timeline().breakpoints().empty());

        // F9 on the cursor's line sets one too, even in a window that has not run anything.
        MainWindow editing;
        editing.show();
        QVERIFY(QTest::qWaitForWindowActive(&editing));
        QVERIFY(editing.openFile(m_script));
        editing.editor()->setFocus();
        editing.editor()->setCursorPosition(1, 0);
        QTRY_COMPARE(editing.session()->selectedLine(), 2);
        QTest::keyClick(editing.editor(), Qt::Key_F9);
        QCOMPARE(editing.breakpointMargin()->markedLines(), QList<int>{2});
    }

    // Run > Record Steps off: the run sends no steps, the switch is remembered.
    void recordSwitchOff() {
        {
            MainWindow window;
            QAction *record = menuAction(window, "Record &Steps");
            QVERIFY(record);
            record->setChecked(false);
            run(window);
            QVERIFY(window.session()->steps().empty());
            QCOMPARE(window.stepper()->panel()->timeline().count(), 0);
            QVERIFY(consoleText(*window.session()).contains("total 3"));
        }
        MainWindow later;
        QVERIFY(!menuAction(later, "Record &Steps")->isChecked());
        menuAction(later, "Record &Steps")->setChecked(true);
    }

    // The step limit (Run > Recording Limit…, kept in the settings): the recorder stops, the
    // console and the status bar say so, and the script runs to its end.
    void stepLimitIsReported() {
        QSettings().setValue("run/maxSteps", 40);
        MainWindow window;
        QCOMPARE(window.runController()->runOptions().maxSteps, 40);
        QSignalSpy status(window.statusBar(), &QStatusBar::messageChanged);
        run(window);
        QSettings().remove("run/maxSteps");
        QCOMPARE(window.stepper()->panel()->timeline().count(), 40);
        const QString console = consoleText(*window.session());
        QVERIFY2(console.contains("Recording stopped at 40 steps"), qPrintable(console));
        QVERIFY(console.contains("total 3")); // the script ran on
        bool shown = false;
        for (const QList<QVariant> &message : status)
            shown |= message.first().toString().contains("Recording stopped at 40 steps");
        QVERIFY(shown);
    }
};

QTEST_MAIN(TestRecording)
#include "tst_recording.moc"
