// Bad-input table, files (docs/bad-input.md): what each command does with a missing file, a
// folder, an unreadable file, bytes that are not UTF-8, a binary, a 50 MB script, a path with
// spaces and non-ASCII characters, and a read-only home. python3.11 is the oracle where it runs
// the same file; otherwise the message must name the file and the problem.
#include "scriptprocess.h"

#include <QFile>
#include <QProcessEnvironment>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <unistd.h>

using namespace dynascope::test;

namespace {

// Runs `program args` as user nobody when we are root (as CI is): file permissions do not stop
// root, so "unreadable" and "read-only home" are only real for another user.
ProcessResult runAsUser(const QString &program, const QStringList &args, const QString &dir,
                        const QProcessEnvironment &env) {
    QProcess process;
    process.setWorkingDirectory(dir);
    process.setProcessEnvironment(env);
    if (::getuid() == 0)
        process.start("setpriv", QStringList{"--reuid=nobody", "--regid=nogroup", "--clear-groups",
                                             "--", program} +
                                     args);
    else
        process.start(program, args);
    ProcessResult r;
    process.closeWriteChannel();
    r.finished = process.waitForFinished(120000);
    r.exitStatus = process.exitStatus();
    r.exitCode = process.exitCode();
    r.out = QString::fromUtf8(process.readAllStandardOutput());
    r.err = QString::fromUtf8(process.readAllStandardError());
    return r;
}

} // namespace

class TestBadFiles : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;

    QString write(const QString &name, const QByteArray &bytes) {
        return writeScript(QDir(m_dir.path()), name, bytes);
    }

    // `run FILE` against `python3.11 FILE`: same status and output.
    void compareRun(const QString &path, bool sameStderr = true) {
        ProcessResult oracle = runPython({path}, m_dir.path());
        ProcessResult ours = runDynascope({"run", path}, m_dir.path());
        QVERIFY(ours.finished);
        QCOMPARE(ours.exitStatus, QProcess::NormalExit);
        QCOMPARE(ours.exitCode, oracle.exitCode);
        QCOMPARE(ours.out, oracle.out);
        if (sameStderr)
            QCOMPARE(ours.err, oracle.err);
    }

private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        QFile::setPermissions(m_dir.path(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner |
                                                QFile::ReadOther | QFile::ExeOther);
    }

    // Every command on a path that is no script: status 2, the path and the reason named.
    void notAScript_data() {
        QTest::addColumn<QString>("command");
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("reason");
        for (const char *command : {"run", "dis", "explain", "trace"}) {
            QTest::addRow("%s missing", command) << command << "missing.py"
                                                 << "No such file or directory";
            QTest::addRow("%s folder", command) << command << "folder"
                                                << "Is a directory";
        }
    }
    void notAScript() {
        QFETCH(QString, command);
        QFETCH(QString, name);
        QFETCH(QString, reason);
        QDir(m_dir.path()).mkpath("folder");
        ProcessResult ours = runDynascope({command, name}, m_dir.path());
        QCOMPARE(ours.exitStatus, QProcess::NormalExit);
        QCOMPARE(ours.exitCode, 2);
        QVERIFY2(ours.err.contains("'" + name + "'") && ours.err.contains(reason),
                 qPrintable(ours.err));
        QVERIFY(ours.out.isEmpty());
    }

    void unreadable() {
        const QString path = write("secret.py", "print('no')\n");
        QVERIFY(QFile::setPermissions(path, QFile::WriteOwner));
        const QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        ProcessResult oracle = runAsUser(DYNASCOPE_PYTHON_EXECUTABLE, {path}, m_dir.path(), env);
        ProcessResult ours = runAsUser(DYNASCOPE_EXE, {"run", path}, m_dir.path(), env);
        QCOMPARE(oracle.exitCode, 2);
        QCOMPARE(ours.exitCode, 2);
        QVERIFY2(ours.err.contains(path) && ours.err.contains("Permission denied"),
                 qPrintable(ours.err));
    }

    // The tokenizer's own message, line and byte, as python3.11 FILE prints it.
    void notUtf8() {
        compareRun(write("latin1.py", "x = 1\nprint('caf\xe9')\n"));
        compareRun(write("declared.py", "# -*- coding: latin-1 -*-\nprint('caf\xe9')\n"));
        compareRun(write("bom.py", "\xef\xbb\xbfprint('bom')\n"));
    }

    // A binary: the same status and kind of message (CPython names the byte where its buffered
    // reader stops, which we do not reproduce).
    void binaryFile() {
        const QString path = m_dir.filePath("binary.py");
        QFile::remove(path);
        QVERIFY(QFile::copy("/bin/true", path));
        ProcessResult oracle = runPython({path}, m_dir.path());
        ProcessResult ours = runDynascope({"run", path}, m_dir.path());
        QCOMPARE(ours.exitCode, oracle.exitCode);
        QVERIFY(oracle.err.startsWith("SyntaxError: Non-UTF-8 code starting with"));
        QVERIFY2(ours.err.startsWith("SyntaxError: Non-UTF-8 code starting with") &&
                     ours.err.contains(path),
                 qPrintable(ours.err));
    }

    void otherTextFormats() {
        compareRun(write("data.json", "{\"a\": [1, 2]}\n"));
        compareRun(write("notes.txt", "These are notes, not Python.\n"));
        compareRun(write("empty.py", ""));
    }

    // 52 MB (520,000 comment lines between two prints) through run, dis and the worker.
    void fiftyMegabyteScript() {
        QByteArray text = "print('start')\n";
        const QByteArray line = "# " + QByteArray(97, 'x') + "\n";
        text.reserve(52 * 1000 * 1000);
        for (int i = 0; i < 520000; ++i)
            text += line;
        text += "print('end')\n";
        const QString path = write("big.py", text);
        compareRun(path);
        ProcessResult dis = runDynascope({"dis", path}, m_dir.path());
        ProcessResult oracle = runPython({"-m", "dis", path}, m_dir.path());
        QCOMPARE(dis.exitCode, 0);
        QCOMPARE(dis.out, oracle.out);
    }

    // Spaces and non-ASCII characters in folder and file names, for every command.
    void spacesAndNonAscii() {
        QDir(m_dir.path()).mkpath("a folder ü");
        const QString path =
            write("a folder ü/é script.py", "import sys\nprint(__file__, sys.argv[1:])\n"
                                            "def f(x):\n    return x + 1\nprint(f(2))\n");
        ProcessResult oracle = runPython({path, "ä b"}, m_dir.path());
        ProcessResult ours = runDynascope({"run", path, "ä b"}, m_dir.path());
        QCOMPARE(ours.exitCode, 0);
        QCOMPARE(ours.out, oracle.out);
        // Code objects print their address ("at 0x7f…"), which differs between processes.
        const QRegularExpression address(" at 0x[0-9a-f]+");
        QString dis = runDynascope({"dis", path}, m_dir.path()).out;
        QString disOracle = runPython({"-m", "dis", path}, m_dir.path()).out;
        QVERIFY(dis.contains(address));
        QCOMPARE(dis.replace(address, " at ADDR"), disOracle.replace(address, " at ADDR"));
        ProcessResult explain = runDynascope({"explain", path, "ä b"}, m_dir.path());
        QCOMPARE(explain.exitCode, 0);
        QVERIFY(explain.out.startsWith(oracle.out));
        ProcessResult trace = runDynascope({"trace", "--json", path}, m_dir.path());
        QCOMPARE(trace.exitCode, 0);
        QVERIFY(trace.out.contains("é script.py"));
    }

    // HOME (and so ~/.cache and ~/.config) not writable: a compiled script still runs, its
    // kernels built in a private temporary folder, and a message says so.
    void readOnlyHome() {
        QDir(m_dir.path()).mkpath("home");
        const QString home = m_dir.filePath("home");
        QVERIFY(QFile::setPermissions(home, QFile::ReadOwner | QFile::ExeOwner | QFile::ReadOther |
                                                QFile::ExeOther));
        const QString path =
            write("compiled.py", "import torch\n\n@torch.compile\ndef f(x):\n"
                                 "    return (x * 2).relu()\n\nprint(f(torch.ones(3)).tolist())\n"
                                 // the kernel builds in the background; wait for it here
                                 "from _dynascope_shim import kernels_backend\n"
                                 "kernels_backend.wait()\n");
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("HOME", home);
        env.remove("XDG_CACHE_HOME");
        env.remove("XDG_CONFIG_HOME");
        ProcessResult ours = runAsUser(DYNASCOPE_EXE, {"run", path}, m_dir.path(), env);
        QVERIFY(ours.finished);
        QCOMPARE(ours.exitCode, 0);
        QCOMPARE(ours.out, QString("[2.0, 2.0, 2.0]\n"));
        QVERIFY2(ours.err.contains("is not writable"), qPrintable(ours.err));
        QVERIFY(QDir(home).entryList(QDir::AllEntries | QDir::NoDotAndDotDot).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestBadFiles)
#include "tst_badfiles.moc"
