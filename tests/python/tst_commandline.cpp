// The command line without a display and its help texts: `gui --help` prints help where there is
// no display, `--version` names the versions the other tools report, every command has --help.
#include "dynascopeversion.h"
#include "scriptprocess.h"

#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

using namespace dynascope::test;

namespace {

// As a user's ssh session or a CI job: no X, no Wayland, no platform chosen.
ProcessResult runWithoutDisplay(const QStringList &args) {
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const char *name : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"})
        env.remove(name);
    QProcess process;
    process.setProcessEnvironment(env);
    process.start(DYNASCOPE_EXE, args);
    ProcessResult result;
    process.closeWriteChannel();
    result.finished = process.waitForFinished(60000);
    result.exitStatus = process.exitStatus();
    result.exitCode = process.exitCode();
    result.out = QString::fromUtf8(process.readAllStandardOutput());
    result.err = QString::fromUtf8(process.readAllStandardError());
    return result;
}

QString firstLine(const QString &text) {
    return text.section('\n', 0, 0).trimmed();
}

} // namespace

class TestCommandLine : public QObject {
    Q_OBJECT
private slots:
    void guiHelpWithoutDisplay_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addRow("gui --help") << QStringList{"gui", "--help"};
        QTest::addRow("gui -h") << QStringList{"gui", "-h"};
        QTest::addRow("gui FILE --help") << QStringList{"gui", "demo.py", "--help"};
    }
    void guiHelpWithoutDisplay() {
        QFETCH(QStringList, args);
        ProcessResult r = runWithoutDisplay(args);
        QVERIFY(r.finished);
        QCOMPARE(r.exitStatus, QProcess::NormalExit); // Qt's platform plugin aborts otherwise
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.startsWith("Usage: dynascope gui [options] FILE"), qPrintable(r.out));
        for (const char *option : {"--run", "--line <N>", "--screenshot <OUT.png>", "--version"})
            QVERIFY2(r.out.contains(option), option);
    }

    void guiVersionWithoutDisplay() {
        ProcessResult r = runWithoutDisplay({"gui", "--version"});
        QCOMPARE(r.exitStatus, QProcess::NormalExit);
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.out.trimmed(), QStringLiteral("Dynascope " DYNASCOPE_VERSION));
    }

    // Opening the window needs a display: a clear message and status 2, not SIGABRT.
    void guiWithoutDisplaySaysSo() {
        ProcessResult r = runWithoutDisplay({"gui"});
        QCOMPARE(r.exitStatus, QProcess::NormalExit);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("no display"), qPrintable(r.err));
        QVERIFY(r.err.contains("QT_QPA_PLATFORM=offscreen"));
    }

    // Each line against the tool or library that owns the number.
    void versionNamesEveryComponent() {
        ProcessResult r = runWithoutDisplay({"--version"});
        QCOMPARE(r.exitCode, 0);
        const QStringList lines = r.out.trimmed().split('\n');
        QCOMPARE(lines.size(), 5);
        QCOMPARE(lines[0], QStringLiteral("dynascope " DYNASCOPE_VERSION));

        ProcessResult python =
            runPython({"-c", "import platform, torch; print(platform.python_version()); "
                             "print(torch.__version__)"},
                      QDir::tempPath());
        QCOMPARE(python.exitCode, 0);
        const QStringList pythonLines = python.out.trimmed().split('\n');
        QCOMPARE(lines[1].section(' ', 0, 1), "Python " + pythonLines[0]);
        QCOMPARE(lines[2], "torch " + pythonLines[1]);
        QCOMPARE(lines[3], QStringLiteral("Qt ") + qVersion());

        ProcessResult dot = runProcess("dot", {"-V"}, QDir::tempPath());
        QRegularExpressionMatch m =
            QRegularExpression("graphviz version (\\S+)").match(dot.err + dot.out);
        QVERIFY2(m.hasMatch(), qPrintable(dot.err));
        QCOMPARE(lines[4], "Graphviz " + m.captured(1));
    }

    void everyCommandHasHelp_data() {
        QTest::addColumn<QString>("command");
        for (const char *command : {"run", "dis", "trace", "explain"})
            QTest::addRow("%s", command) << QString(command);
    }
    void everyCommandHasHelp() {
        QFETCH(QString, command);
        ProcessResult r = runWithoutDisplay({command, "--help"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.startsWith("usage: dynascope " + command), qPrintable(r.out));
        QVERIFY(r.err.isEmpty());
    }

    // --help lists --version and every command the table dispatches.
    void topLevelHelp() {
        ProcessResult r = runWithoutDisplay({"--help"});
        QCOMPARE(r.exitCode, 0);
        for (const char *word : {"gui", "run", "dis", "trace", "explain", "--version"})
            QVERIFY2(r.out.contains(QString("  ") + word), word);
        QCOMPARE(firstLine(r.out),
                 QStringLiteral("Dynascope: see what a TorchDynamo-style compiler does to your "
                                "Python code."));
    }
};

QTEST_GUILESS_MAIN(TestCommandLine)
#include "tst_commandline.moc"
