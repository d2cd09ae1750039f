// MainWindow end to end with the real worker: bytecode against `dis`, selection both ways,
// F5 / Shift+F5, crashes, errors, console text against python3.11, files and settings.
#include "bytecodemodel.h"
#include "bytecodeview.h"
#include "capturesession.h"
#include "consoleview.h"
#include "guitestsupport.h"
#include "mainwindow.h"
#include "runcontroller.h"
#include "sourceeditor.h"
#include "workerclient.h"

#include <QAbstractButton>
#include <QAction>
#include <QLabel>
#include <QMessageBox>
#include <QStatusBar>
#include <QtTest>

using namespace dynascope;
using namespace dynascope::testing;

namespace {
// Every code object of a file as "qualname: offset OPNAME …", as dis sees it (no CACHE entries).
const char *const DisOracle = R"(import dis, sys
def walk(code):
    ops = ' '.join(f'{i.offset} {i.opname}' for i in dis.get_instructions(code))
    print(f'{code.co_qualname}: {ops}')
    for const in code.co_consts:
        if isinstance(const, type(code)):
            walk(const)
walk(compile(open(sys.argv[1], encoding='utf-8').read(), sys.argv[1], 'exec'))
)";

QStringList modelListing(const BytecodeModel *model) {
    QStringList listing;
    for (int c = 0; c < model->rowCount(); ++c) {
        const QModelIndex code = model->index(c, 0);
        QStringList ops;
        for (int g = 0; g < model->rowCount(code); ++g) {
            const QModelIndex group = model->index(g, 0, code);
            for (int i = 0; i < model->rowCount(group); ++i) {
                const QModelIndex op = model->index(i, 0, group);
                ops << QString::number(op.data(BytecodeModel::OffsetRole).toInt())
                    << op.siblingAtColumn(BytecodeModel::OpnameColumn).data().toString();
            }
        }
        // The code row shows "name (line N)"; the oracle prints co_qualname.
        listing << code.data().toString().section(QLatin1String(" (line"), 0, 0) + ": " +
                       ops.join(' ');
    }
    return listing;
}

QString statusText(MainWindow &window) {
    QString text;
    for (QLabel *label : window.statusBar()->findChildren<QLabel *>())
        text += label->text();
    return text;
}

int lineContaining(const QString &path, const QString &needle) {
    QFile file(path);
    file.open(QIODevice::ReadOnly);
    const QStringList lines = QString::fromUtf8(file.readAll()).split('\n');
    for (int i = 0; i < lines.size(); ++i)
        if (lines[i].contains(needle))
            return i + 1;
    return 0;
}
} // namespace

class TestMainWindow : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    QTemporaryDir m_settingsDir;

    // Opens `path` in a fresh window, runs it with F5 and waits for the run to end.
    void runInWindow(MainWindow &window, const QString &path) {
        window.runController()->worker()->setExecutable(DYNASCOPE_EXE);
        window.show();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QVERIFY(window.openFile(path));
        QSignalSpy running(window.runController(), &RunController::runningChanged);
        QTest::keyClick(window.editor(), Qt::Key_F5);
        QCOMPARE(running.count(), 1);
        QTRY_COMPARE_WITH_TIMEOUT(running.count(), 2, 60000);
        QCOMPARE(running.last().first().toBool(), false);
    }

private slots:
    void initTestCase() { isolateSettings(m_settingsDir); }

    void bytecodeMatchesDis_data() {
        QTest::addColumn<QString>("path");
        for (const char *name : {"add_relu.py", "loop_sum.py", "closures.py"})
            QTest::addRow("%s", name)
                << QStringLiteral(DYNASCOPE_SOURCE_DIR "/resources/examples/") + name;
    }
    void bytecodeMatchesDis() {
        QFETCH(QString, path);
        MainWindow window;
        runInWindow(window, path);
        QCOMPARE(window.session()->exitStatus().value_or(-1), 0);
        QStringList oracle =
            QString::fromUtf8(runPython({"-c", DisOracle, path})).split('\n', Qt::SkipEmptyParts);
        QStringList shown = modelListing(window.bytecodeView()->bytecodeModel());
        QVERIFY(!oracle.isEmpty());
        QCOMPARE(shown.size(), oracle.size());
        // Same code objects, same instructions in the same order.
        oracle.sort();
        shown.sort();
        QCOMPARE(shown, oracle);
    }

    void selectionFollowsBothWays() {
        const QString path = QStringLiteral(DYNASCOPE_SOURCE_DIR "/resources/examples/loop_sum.py");
        MainWindow window;
        runInWindow(window, path);
        BytecodeView *view = window.bytecodeView();
        const BytecodeModel *model = view->bytecodeModel();

        // Editor → bytecode: the cursor on `c = a * b + 1` selects exactly that line's
        // instructions.
        const int line = lineContaining(path, "c = a * b + 1");
        QVERIFY(line > 0);
        window.editor()->setCursorPosition(line - 1, 4);
        // QScintilla reports cursor moves from its update cycle, not from setCursorPosition().
        QTRY_COMPARE(window.session()->selectedLine(), line);
        QModelIndexList selected;
        for (const QModelIndex &index : view->selectionModel()->selectedRows())
            if (index.data(BytecodeModel::KindRole).toInt() == BytecodeModel::InstructionNode)
                selected << index;
        QVERIFY(!selected.isEmpty());
        QCOMPARE(selected.size(), model->instructionsOfLine(line).size());
        for (const QModelIndex &index : selected)
            QCOMPARE(index.data(BytecodeModel::LineRole).toInt(), line);

        // Bytecode → editor: a click on an instruction of `total += …` moves cursor and marker.
        const int otherLine = lineContaining(path, "total += multiply_add");
        const QModelIndex target = model->instructionsOfLine(otherLine).value(1);
        QVERIFY(target.isValid());
        view->scrollTo(target);
        const QRect rect = view->visualRect(target.siblingAtColumn(BytecodeModel::OpnameColumn));
        QVERIFY(rect.isValid());
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, rect.center());
        QCOMPARE(window.session()->selectedInstruction(),
                 InstructionRef({target.data(BytecodeModel::CodeIdRole).toString(),
                                 target.data(BytecodeModel::OffsetRole).toInt()}));
        QCOMPARE(window.editor()->cursorLine(), otherLine);
        QCOMPARE(window.editor()->linesWithMarker(SourceEditor::CurrentLineArrow),
                 QList<int>{otherLine});
        QCOMPARE(view->selectionModel()->selectedRows(), QModelIndexList{target});
    }

    void shortcutsRunAndStop() {
        const QString path =
            writeScript(m_dir, "spin.py", "print('spinning', flush=True)\nwhile True:\n    pass\n");
        MainWindow window;
        window.runController()->worker()->setExecutable(DYNASCOPE_EXE);
        window.show();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QVERIFY(window.openFile(path));
        QVERIFY(!window.stopAction()->isEnabled());
        for (int round = 0; round < 2; ++round) { // the second F5 starts a fresh worker
            QTest::keyClick(window.editor(), Qt::Key_F5);
            QTRY_VERIFY_WITH_TIMEOUT(window.consoleView()->toPlainText().contains("spinning"),
                                     60000);
            QVERIFY(window.stopAction()->isEnabled());
            QTest::keyClick(window.bytecodeView(), Qt::Key_F5, Qt::ShiftModifier);
            QTRY_VERIFY_WITH_TIMEOUT(!window.runController()->isRunning(), 10000);
            QCOMPARE(window.session()->runState(), RunState::Stopped);
            QVERIFY(!window.stopAction()->isEnabled());
            QVERIFY(statusText(window).contains("Stopped"));
        }
    }

    void crashKeepsTheWindowUsable() {
        const QString crash = writeScript(m_dir, "crash.py",
                                          "import os, signal\nprint('before', "
                                          "flush=True)\nos.kill(os.getpid(), signal.SIGSEGV)\n");
        MainWindow window;
        runInWindow(window, crash);
        const QString message = QStringLiteral("The worker crashed (signal 11, SIGSEGV) — the "
                                               "script was stopped; press F5 to run again");
        QCOMPARE(window.session()->runState(), RunState::Crashed);
        QVERIFY(window.consoleView()->toPlainText().contains(message));
        QCOMPARE(statusText(window), message);
        // The window still works: another script runs to the end.
        QVERIFY(window.openFile(writeScript(m_dir, "fine.py", "print('fine')\n")));
        QSignalSpy running(window.runController(), &RunController::runningChanged);
        QTest::keyClick(window.editor(), Qt::Key_F5);
        QTRY_COMPARE_WITH_TIMEOUT(running.count(), 2, 60000);
        QCOMPARE(window.session()->runState(), RunState::Finished);
        QVERIFY(window.consoleView()->toPlainText().contains("fine\n"));
        QCOMPARE(statusText(window), QString("Finished with exit status 0"));
    }

    void consoleShowsStdoutExactly() {
        const QString path = writeScript(m_dir, "out.py", R"(import sys
print("alpha")
print("beta", "gamma", sep="--", end="")
print(" π ≈ 3.14159")
sys.stderr.write("to stderr\n")
for i in range(3):
    print(i, end=" ")
print()
)");
        MainWindow window;
        runInWindow(window, path);
        const QString expected = QString::fromUtf8(runPython({path}, m_dir.path()));
        QVERIFY(expected.contains("π"));
        QString stdoutText;
        for (const ConsoleEntry &e : window.session()->console())
            if (e.kind == ConsoleEntry::Stdout)
                stdoutText += e.text;
        QCOMPARE(stdoutText, expected);
        // stderr interleaves in the view; each stdout line appears there unchanged.
        const QString shown = window.consoleView()->toPlainText();
        for (const QString &line : expected.split('\n', Qt::SkipEmptyParts))
            QVERIFY2(shown.contains(line), qPrintable(line));
        QVERIFY(shown.contains("to stderr"));
    }

    void errorMarksItsLine() {
        const QString path = QStringLiteral(DYNASCOPE_SOURCE_DIR "/resources/examples/raises.py");
        MainWindow window;
        runInWindow(window, path);
        QVERIFY(window.session()->error());
        // The innermost frame in the script is `return sum(values) / len(values)`.
        const int line = lineContaining(path, "return sum(values) / len(values)");
        QCOMPARE(window.editor()->linesWithMarker(SourceEditor::ErrorSymbol), QList<int>{line});
        QVERIFY(
            window.consoleView()->toPlainText().contains("ZeroDivisionError: division by zero"));
        QVERIFY(statusText(window).startsWith("Failed: ZeroDivisionError"));
    }

    void syntaxErrorMovesTheCursor() {
        const QString path = writeScript(m_dir, "bad.py", "x = 1\ny = (x +* 2)\n");
        MainWindow window;
        runInWindow(window, path);
        // Oracle: where python3.11's compiler puts the error.
        const QStringList where =
            QString::fromUtf8(runPython({"-c",
                                         "import sys\ntry:\n compile(open(sys.argv[1]).read(), "
                                         "sys.argv[1], 'exec')\nexcept SyntaxError as e:\n "
                                         "print(e.lineno, e.offset)",
                                         path}))
                .split(' ');
        QCOMPARE(where.size(), 2);
        int line = 0, index = 0;
        window.editor()->getCursorPosition(&line, &index);
        QCOMPARE(line + 1, where[0].toInt());
        QCOMPARE(index + 1, where[1].trimmed().toInt());
        QCOMPARE(window.editor()->linesWithMarker(SourceEditor::ErrorSymbol),
                 QList<int>{where[0].toInt()});
    }

    void missingFileShowsAMessageAndKeepsTheScript() {
        MainWindow window;
        window.show();
        const QString good = writeScript(m_dir, "keep.py", "print('kept')\n");
        QVERIFY(window.openFile(good));
        QString boxText;
        QTimer::singleShot(0, this, [&boxText] {
            // The message box is modal: read and close it from the event loop it runs.
            QTRY_VERIFY(QApplication::activeModalWidget());
            auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
            QVERIFY(box);
            boxText = box->text();
            box->accept();
        });
        QVERIFY(!window.openFile(m_dir.filePath("does-not-exist.py")));
        QVERIFY2(boxText.contains("does-not-exist.py") && boxText.contains("No such file"),
                 qPrintable(boxText));
        QCOMPARE(window.scriptPath(), good);
        QCOMPARE(window.editor()->text(), QString("print('kept')\n"));
    }

    void runSavesTheEditedText() {
        const QString path = writeScript(m_dir, "edit.py", "print('old')\n");
        MainWindow window;
        window.runController()->worker()->setExecutable(DYNASCOPE_EXE);
        window.show();
        QVERIFY(window.openFile(path));
        window.editor()->setText("print('new')\n");
        QVERIFY(window.editor()->isModified());
        QSignalSpy running(window.runController(), &RunController::runningChanged);
        // Run asks before it writes the file; "Save and Run" says yes.
        QTimer::singleShot(0, &window, [&window] {
            auto *box = window.findChild<QMessageBox *>(QStringLiteral("saveBeforeRunBox"));
            QVERIFY(box);
            for (QAbstractButton *b : box->buttons())
                if (box->buttonRole(b) == QMessageBox::AcceptRole)
                    b->click();
        });
        window.run();
        QTRY_COMPARE_WITH_TIMEOUT(running.count(), 2, 60000);
        QVERIFY(!window.editor()->isModified());
        QVERIFY(window.consoleView()->toPlainText().contains("new\n"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(file.readAll(), QByteArray("print('new')\n"));
    }

    void guiCommandRunsAndGrabsAScreenshot() {
        // `dynascope gui FILE --run --screenshot OUT` end to end, as the docs' pictures are made.
        const QString out = m_dir.filePath("shot.png");
        QProcess gui;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("XDG_CONFIG_HOME", m_settingsDir.filePath("gui-command")); // not the user's
        gui.setProcessEnvironment(env);
        gui.start(DYNASCOPE_EXE, {"gui", DYNASCOPE_SOURCE_DIR "/resources/examples/loop_sum.py",
                                  "--run", "--line", "8", "--screenshot", out});
        QVERIFY(gui.waitForFinished(120000));
        QCOMPARE(gui.exitStatus(), QProcess::NormalExit);
        QCOMPARE(gui.exitCode(), 0);
        QImage image(out);
        QVERIFY(!image.isNull());
        QVERIFY(image.width() >= 640 && image.height() >= 400);
    }

    void geometryAndRecentFilesPersist() {
        QStringList opened;
        QSize saved;
        {
            MainWindow window;
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            for (int i = 0; i < 10; ++i) {
                opened.prepend(writeScript(m_dir, QString("r%1.py").arg(i), "pass\n"));
                QVERIFY(window.openFile(opened.first()));
            }
            // Docks of later panels set a minimum size, and a restored dock state can need more
            // width than the fresh window's hint (kernels, guards and lessons docks side by side):
            // pick a size above both, but not the default, and persist whatever size it took.
            window.resize(window.minimumSizeHint().expandedTo(QSize(1200, 740)) + QSize(37, 23));
            QTRY_VERIFY(window.size() != QSize(1280, 800));
            saved = window.size();
            QVERIFY(window.close()); // saves geometry and dock state
        }
        MainWindow again;
        again.show();
        QVERIFY(QTest::qWaitForWindowExposed(&again));
        QCOMPARE(again.size(), saved);
        QCOMPARE(QSettings().value("recentFiles").toStringList(), opened.mid(0, 8));
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
