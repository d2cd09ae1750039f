// `dynascope dis FILE` against `python3.11 -m dis FILE`: equal text for every corpus file (object
// addresses aside), and clear errors for missing files and syntax errors.
#include "corpus.h"

#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

namespace dynascope {

namespace {

struct Run {
    int exitCode = -1;
    QString out, err;
};

Run finish(QProcess &process) {
    Run run;
    if (!process.waitForFinished(60000))
        process.kill();
    run.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    run.out = QString::fromUtf8(process.readAllStandardOutput());
    run.err = QString::fromUtf8(process.readAllStandardError());
    return run;
}

// String hashes are seeded per process: fix the seed so frozenset constants of strings list their
// elements in the same order in both processes.
void fixHashSeed(QProcess &process) {
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("PYTHONHASHSEED", "0");
    process.setProcessEnvironment(env);
}

Run runDynascope(const QStringList &args) {
    QProcess process;
    fixHashSeed(process);
    process.start(DYNASCOPE_EXE, QStringList{"dis"} + args);
    return finish(process);
}

QStringList normalisedLines(QString text) {
    static const QRegularExpression address("0x[0-9a-f]+");
    text.replace(address, "0x?");
    return text.split('\n');
}

// hash(None) comes from None's address in 3.11, which differs between the statically linked
// /usr/bin/python3.11 and libpython3.11.so, so a frozenset constant holding None may list its
// elements in another order. Such lines are compared as bags of characters inside the braces.
QString frozensetAsBag(QString line) {
    int start = line.indexOf("frozenset({");
    int end = line.lastIndexOf("})");
    if (start < 0 || end < start)
        return line;
    start += int(qstrlen("frozenset({"));
    QString inside = line.mid(start, end - start);
    std::sort(inside.begin(), inside.end());
    return line.left(start) + inside + line.mid(end);
}

// Long functions force EXTENDED_ARG (more than 256 constants, locals and names; jumps over more
// than 255 instructions), offsets of 10000 and more, and line numbers of 1000 and more.
QString generatedSource() {
    QString source = "def big(x):\n    while x:\n        if x > 1:\n";
    for (int i = 0; i < 1100; ++i)
        source += QString("            a%1 = x + %1.5 - g%2\n").arg(i).arg(i % 300);
    source += "        x -= 1\n    return a0, a1099\n";
    return source;
}

} // namespace

class TestDisCommand : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        QFile file(m_dir.filePath("generated.py"));
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(generatedSource().toUtf8());
    }

    void equalsPythonDis_data() {
        addCorpusRows();
        QTest::addRow("generated/large.py") << m_dir.filePath("generated.py");
        QVERIFY(bytecodeCorpus().size() >= 30);
    }

    void equalsPythonDis() {
        QFETCH(QString, path);
        QVERIFY2(QFileInfo::exists(path), qPrintable(path));
        QProcess ours, python;
        fixHashSeed(ours);
        fixHashSeed(python);
        ours.start(DYNASCOPE_EXE, {"dis", path});
        python.start(DYNASCOPE_PYTHON_EXECUTABLE, {"-m", "dis", path});
        Run expected = finish(python);
        Run actual = finish(ours);
        QCOMPARE(expected.exitCode, 0);
        QVERIFY2(actual.exitCode == 0, qPrintable(actual.err));
        QVERIFY(!expected.out.isEmpty());
        const QStringList want = normalisedLines(expected.out);
        const QStringList got = normalisedLines(actual.out);
        for (int i = 0; i < std::min(want.size(), got.size()); ++i)
            if (want[i] != got[i] && frozensetAsBag(want[i]) != frozensetAsBag(got[i]))
                QFAIL(qPrintable(QString("line %1 differs\n  python: %2\n  ours:   %3")
                                     .arg(i + 1)
                                     .arg(want[i], got[i])));
        QCOMPARE(got.size(), want.size());
    }

    // `-` reads standard input and names it "<stdin>", as argparse.FileType does for dis.
    void readsStandardInput() {
        const QByteArray source = "def f(x):\n    return [y * 2 for y in x if y]\n";
        QProcess ours, python;
        fixHashSeed(ours);
        fixHashSeed(python);
        ours.start(DYNASCOPE_EXE, {"dis", "-"});
        python.start(DYNASCOPE_PYTHON_EXECUTABLE, {"-m", "dis", "-"});
        for (QProcess *process : {&ours, &python}) {
            QVERIFY(process->waitForStarted());
            process->write(source);
            process->closeWriteChannel();
        }
        Run expected = finish(python);
        Run actual = finish(ours);
        QCOMPARE(actual.exitCode, 0);
        QVERIFY(expected.out.contains("file \"<stdin>\""));
        QCOMPARE(normalisedLines(actual.out), normalisedLines(expected.out));
    }

    void missingFileExitsTwo() {
        const QString path = m_dir.filePath("no-such-file.py");
        Run run = runDynascope({path});
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains(path), qPrintable(run.err));
        QVERIFY(run.out.isEmpty());
    }

    void syntaxErrorNamesLineAndColumn() {
        const QString path = m_dir.filePath("broken.py");
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("x = 1\n\ndef f(:\n    pass\n");
        file.close();
        Run run = runDynascope({path});
        QCOMPARE(run.exitCode, 1);
        // CPython reports this error at line 3, column 7.
        QVERIFY2(run.err.contains(path + ":3:7"), qPrintable(run.err));
        QVERIFY2(run.err.contains("SyntaxError"), qPrintable(run.err));
        QVERIFY(run.out.isEmpty());
    }

    void usageErrorWithoutFile() {
        Run run = runDynascope({});
        QCOMPARE(run.exitCode, 2);
        QVERIFY(run.err.contains("usage"));
    }

private:
    QTemporaryDir m_dir;
};

} // namespace dynascope

QTEST_GUILESS_MAIN(dynascope::TestDisCommand)
#include "tst_discommand.moc"
