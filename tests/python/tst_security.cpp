// Bad-input table, security rows (docs/bad-input.md): the worker holds no socket, the kernel
// cache and the settings are private to the user (0700 folders, 0600 settings file), and a
// read-only home is reported, not fatal.
#include "model/event.h"
#include "scriptprocess.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcessEnvironment>
#include <QTemporaryDir>
#include <QtTest>

#include <sys/stat.h>
#include <unistd.h>

using namespace dynascope;
using namespace dynascope::test;

namespace {
const QFile::Permissions Private = QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner;

// The permission bits as `ls -l` shows them (QFile::permissions adds the *User bits).
int mode(const QString &path) {
    struct stat info {};
    return ::stat(path.toLocal8Bit().constData(), &info) == 0 ? int(info.st_mode & 07777) : -1;
}
} // namespace

class TestSecurity : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;

    QProcessEnvironment homeEnvironment(const QString &home) {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("HOME", home);
        env.insert("QT_QPA_PLATFORM", "offscreen");
        for (const char *name : {"XDG_CACHE_HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME"})
            env.remove(name);
        return env;
    }

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    // A worker in the middle of a run (torch imported, script waiting on stdin): every open
    // file descriptor is a file, a pipe or /dev/null, never a socket.
    void workerHoldsNoSocket() {
        const QString script = writeScript(QDir(m_dir.path()), "wait.py",
                                           "import torch\nprint('ready', flush=True)\ninput()\n");
        QProcess worker;
        worker.start(DYNASCOPE_EXE, {"worker"});
        QVERIFY(worker.waitForStarted());
        const Json command{{"cmd", "run"}, {"script", script.toStdString()}, {"record", false}};
        worker.write(QByteArray::fromStdString(encodeEvent(command)) + '\n');
        QByteArray out;
        QDeadlineTimer deadline(60000);
        while (!out.contains("ready") && !deadline.hasExpired() && worker.waitForReadyRead(1000))
            out += worker.readAllStandardOutput();
        QVERIFY2(out.contains("ready"), out.constData());
        const QString fds = QString("/proc/%1/fd").arg(worker.processId());
        const QFileInfoList entries =
            QDir(fds).entryInfoList(QDir::AllEntries | QDir::System | QDir::NoDotAndDotDot);
        QVERIFY(entries.size() >= 3);
        // readlink gives "socket:[inode]" for a socket; QFileInfo may not resolve it, so read it.
        for (const QFileInfo &fd : entries) {
            char target[256] = {};
            const ssize_t n = ::readlink(fd.filePath().toLocal8Bit().constData(), target, 255);
            QVERIFY(n > 0);
            QVERIFY2(!QByteArray(target, int(n)).startsWith("socket:"), target);
        }
        worker.write("done\n");
        worker.closeWriteChannel();
        QVERIFY(worker.waitForFinished(30000));
        QCOMPARE(worker.exitCode(), 0);
    }

    // A compiled run creates the kernel cache 0700; the GUI creates its settings 0700/0600.
    void privateCacheAndSettings() {
        const QString home = m_dir.filePath("home");
        QVERIFY(QDir().mkpath(home));
        const QString script = writeScript(QDir(m_dir.path()), "compiled.py",
                                           "import torch\n\n@torch.compile\ndef f(x):\n"
                                           "    return (x + 1).sin()\n\nf(torch.ones(4))\n"
                                           "from _dynascope_shim import kernels_backend\n"
                                           "kernels_backend.wait()\n");
        QProcess run;
        run.setProcessEnvironment(homeEnvironment(home));
        run.start(DYNASCOPE_EXE, {"run", script});
        QVERIFY(run.waitForFinished(120000));
        QCOMPARE(run.exitCode(), 0);
        const QString kernels = home + "/.cache/dynascope/kernels";
        QVERIFY(QFileInfo::exists(kernels));
        QCOMPARE(mode(kernels), 0700);

        QProcess gui;
        gui.setProcessEnvironment(homeEnvironment(home));
        gui.start(DYNASCOPE_EXE, {"gui", "--screenshot", m_dir.filePath("shot.png"), script});
        QVERIFY(gui.waitForFinished(120000));
        QCOMPARE(gui.exitCode(), 0);
        const QString settings = home + "/.config/Dynascope/Dynascope.conf";
        QVERIFY(QFileInfo::exists(settings));
        QCOMPARE(mode(settings), 0600);
        QCOMPARE(mode(home + "/.config/Dynascope"), 0700);
    }

    // A read-only home: the GUI opens, says where settings cannot go, and writes nothing there.
    void readOnlyHomeGui() {
        const QString home = m_dir.filePath("readonly");
        QVERIFY(QDir().mkpath(home));
        QVERIFY(QFile::setPermissions(home, QFile::ReadOwner | QFile::ExeOwner | QFile::ReadOther |
                                                QFile::ExeOther));
        QFile::setPermissions(m_dir.path(), Private | QFile::ReadOther | QFile::ExeOther);
        QProcess gui;
        gui.setProcessEnvironment(homeEnvironment(home));
        const QString shot =
            QDir::temp().filePath(QString("dynascope-ro-%1.png").arg(qApp->applicationPid()));
        if (::getuid() == 0) // root ignores permissions: run as nobody
            gui.start("setpriv", {"--reuid=nobody", "--regid=nogroup", "--clear-groups", "--",
                                  DYNASCOPE_EXE, "gui", "--screenshot", shot});
        else
            gui.start(DYNASCOPE_EXE, {"gui", "--screenshot", shot});
        QVERIFY(gui.waitForFinished(120000));
        const QString err = QString::fromUtf8(gui.readAllStandardError());
        QCOMPARE(gui.exitCode(), 0);
        QVERIFY2(err.contains("settings cannot be saved in"), qPrintable(err));
        QVERIFY(QDir(home).entryList(QDir::AllEntries | QDir::NoDotAndDotDot).isEmpty());
        QFile::remove(shot);
    }
};

QTEST_GUILESS_MAIN(TestSecurity)
#include "tst_security.moc"
