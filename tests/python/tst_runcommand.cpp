// `dynascope run` as a process, compared with `python3.11` running the same file (the oracle).
#include "scriptprocess.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace dynascope::test;

class TestRunCommand : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;

    QString script(const QString &name, const QByteArray &text) {
        return writeScript(QDir(m_dir.path()), name, text);
    }

    // Same stdout, stderr and status as python3.11 for `FILE args…` from the same folder.
    void compareWithPython(const QString &path, const QStringList &args = {}) {
        ProcessResult oracle = runPython(QStringList{path} + args, m_dir.path());
        ProcessResult ours = runDynascope(QStringList{"run", path} + args, m_dir.path());
        QVERIFY(oracle.finished);
        QVERIFY(ours.finished);
        QCOMPARE(ours.exitStatus, QProcess::NormalExit);
        QCOMPARE(ours.out, oracle.out);
        QCOMPARE(ours.err, oracle.err);
        QCOMPARE(ours.exitCode, oracle.exitCode);
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void sameAsPython_data() {
        QTest::addColumn<QByteArray>("source");
        QTest::addColumn<QStringList>("args");
        QTest::addRow("prints") << QByteArray(
                                       "import sys\nprint('out')\nprint('err', file=sys.stderr)\n"
                                       "sys.stdout.write('no newline')\n")
                                << QStringList();
        QTest::addRow("argv and name")
            << QByteArray("import sys\nprint(sys.argv, __name__, __file__)\n")
            << QStringList{"a", "b c", "--flag"};
        QTest::addRow("exit 3") << QByteArray("import sys\nprint('x')\nsys.exit(3)\n")
                                << QStringList();
        QTest::addRow("exit message")
            << QByteArray("import sys\nsys.exit('goodbye')\n") << QStringList();
        QTest::addRow("zero division")
            << QByteArray("def ratio(a, b):\n    return a / b\n\nprint(ratio(1, 2))\nratio(1, 0)\n")
            << QStringList();
        QTest::addRow("nested calls") << QByteArray("class Box:\n"
                                                    "    def __init__(self, items):\n"
                                                    "        self.items = items\n"
                                                    "\n"
                                                    "    def first(self):\n"
                                                    "        return self.items[0]\n"
                                                    "\n"
                                                    "def use(box):\n"
                                                    "    return box.first() + 1\n"
                                                    "\n"
                                                    "use(Box([]))\n")
                                      << QStringList();
        QTest::addRow("chained exception")
            << QByteArray("try:\n    {}['k']\nexcept KeyError as e:\n"
                          "    raise RuntimeError('lookup failed') from e\n")
            << QStringList();
        QTest::addRow("syntax error") << QByteArray("x = 1\nprint(x\ny = 2\n") << QStringList();
        QTest::addRow("indentation error")
            << QByteArray("def f():\n    a = 1\n        b = 2\n") << QStringList();
        QTest::addRow("recursion")
            << QByteArray("def down(n):\n    return down(n + 1)\n\ndown(0)\n") << QStringList();
    }
    void sameAsPython() {
        QFETCH(QByteArray, source);
        QFETCH(QStringList, args);
        compareWithPython(script("case.py", source), args);
    }

    void exceptionNamesFileLineAndFunction() {
        QString path = script("divide.py", "def divide(a, b):\n    return a / b\n\ndivide(1, 0)\n");
        ProcessResult ours = runDynascope({"run", path}, m_dir.path());
        QCOMPARE(ours.exitCode, 1);
        QVERIFY(ours.err.endsWith("ZeroDivisionError: division by zero\n"));
        QVERIFY(ours.err.contains(QString("File \"%1\", line 2, in divide").arg(path)));
        QVERIFY(ours.err.contains(QString("File \"%1\", line 4, in <module>").arg(path)));
        QVERIFY(ours.out.isEmpty());
    }

    void syntaxErrorNamesLineAndColumn() {
        QString path = script("syntax.py", "a = 1\nb = a +* 2\n");
        ProcessResult ours = runDynascope({"run", path}, m_dir.path());
        QCOMPARE(ours.exitCode, 1);
        QVERIFY(ours.err.startsWith(QString("  File \"%1\", line 2\n").arg(path)));
        // The caret sits under column 8 (1-based), where '*' is.
        QVERIFY2(ours.err.contains("    b = a +* 2\n           ^\n"), qPrintable(ours.err));
        QVERIFY(ours.err.endsWith("SyntaxError: invalid syntax\n"));
    }

    void relativePathFromItsFolder() {
        script("relative.py", "import sys\nprint(__file__, sys.path[0], sys.argv[0])\n");
        compareWithPython("relative.py");
    }

    void missingFile() {
        ProcessResult ours = runDynascope({"run", "x.py"}, m_dir.path());
        QCOMPARE(ours.exitCode, 2);
        QCOMPARE(ours.err,
                 QStringLiteral("dynascope: cannot open 'x.py': No such file or directory\n"));
        QVERIFY(ours.out.isEmpty());
    }

    void noFileIsAUsageError() {
        ProcessResult ours = runDynascope({"run"}, m_dir.path());
        QCOMPARE(ours.exitCode, 2);
        QVERIFY2(ours.err.startsWith("dynascope run: no script given\nusage: dynascope run"),
                 qPrintable(ours.err));
        QVERIFY(ours.out.isEmpty());
    }

    void unknownOptionIsAUsageError() {
        ProcessResult ours = runDynascope({"run", "--no-such-option", "x.py"}, m_dir.path());
        QCOMPARE(ours.exitCode, 2);
        QVERIFY(ours.err.startsWith("dynascope run: unknown option '--no-such-option'\n"));
    }
};

QTEST_GUILESS_MAIN(TestRunCommand)
#include "tst_runcommand.moc"
