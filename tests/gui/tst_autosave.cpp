// Never lose work (docs/bad-input.md): the edited script's unsaved text is copied to the
// autosave folder (0700, file 0600), the copy outlives a window that never closed (a crash),
// comes back with restoreAutosave, and is gone after a save or a deliberate close.
#include "guitestsupport.h"
#include "mainwindow.h"
#include "scriptautosave.h"
#include "sourceeditor.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <sys/stat.h>

using namespace dynascope;
using namespace dynascope::testing;

namespace {
// The permission bits as `ls -l` shows them.
int mode(const QString &path) {
    struct stat info {};
    return ::stat(path.toLocal8Bit().constData(), &info) == 0 ? int(info.st_mode & 07777) : -1;
}
} // namespace

class TestAutosave : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    QString m_script;

private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        isolateSettings(m_dir);
        qputenv("XDG_CACHE_HOME", m_dir.filePath("cache").toUtf8());
        m_script = writeScript(m_dir, "work.py", "print('saved text')\n");
    }

    void copyOutlivesACrashAndComesBack() {
        auto *window = new MainWindow;
        QVERIFY(window->openFile(m_script));
        QVERIFY(window->autosave()->file().startsWith(m_dir.filePath("cache/dynascope/autosave/")));
        window->editor()->setText("print('unsaved text')\n");
        window->autosave()->sync();
        const QString copyFile = window->autosave()->file();
        QVERIFY(QFile::exists(copyFile));
        QCOMPARE(mode(copyFile), 0600);
        QCOMPARE(mode(ScriptAutosave::folder()), 0700);
        // The "crash": the window goes without closeEvent (nothing saved, nothing discarded).
        delete window;
        QVERIFY(QFile::exists(copyFile));

        const std::vector<ScriptAutosave::Copy> copies = ScriptAutosave::leftBehind();
        QCOMPARE(copies.size(), size_t(1));
        QCOMPARE(copies[0].originalPath, QFileInfo(m_script).absoluteFilePath());
        QCOMPARE(copies[0].text, QString("print('unsaved text')\n"));
        MainWindow next;
        next.restoreAutosave(copies[0]);
        QCOMPARE(next.scriptPath(), QFileInfo(m_script).absoluteFilePath());
        QCOMPARE(next.editor()->text(), QString("print('unsaved text')\n"));
        QVERIFY(next.editor()->isModified()); // still unsaved: the user decides
        // The file on disk was never touched.
        QFile script(m_script);
        QVERIFY(script.open(QIODevice::ReadOnly));
        QCOMPARE(script.readAll(), QByteArray("print('saved text')\n"));
        next.editor()->setModified(false);
        next.close();
        QVERIFY(ScriptAutosave::leftBehind().empty());
    }

    void saveRemovesTheCopy() {
        MainWindow window;
        QVERIFY(window.openFile(m_script));
        window.editor()->setText("print('edited')\n");
        window.autosave()->sync();
        QVERIFY(QFile::exists(window.autosave()->file()));
        window.saveAction()->trigger();
        QVERIFY(!QFile::exists(window.autosave()->file()));
        window.editor()->setText("print('saved text')\n");
        QVERIFY(window.saveAction()->isEnabled());
        window.saveAction()->trigger();
    }

    void unmodifiedTextWritesNothing() {
        MainWindow window;
        QVERIFY(window.openFile(m_script));
        window.autosave()->sync();
        QVERIFY(!QFile::exists(window.autosave()->file()));
        QVERIFY(ScriptAutosave::leftBehind().empty());
    }
};

QTEST_MAIN(TestAutosave)
#include "tst_autosave.moc"
