// The bad-input table's stress rows in the GUI (docs/bad-input.md): a script writing 100 MB to
// stdout through the real worker path, and a script passing the worker's memory limit.
#include "capturesession.h"
#include "consoleview.h"
#include "guitestsupport.h"
#include "mainwindow.h"
#include "runcontroller.h"
#include "sourceeditor.h"
#include "workerclient.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QTimer>
#include <QtTest>

#include <algorithm>

using namespace dynascope;
using namespace dynascope::testing;

namespace {

// 100,000 lines of 1,000 bytes (each different), one last line, then status 3.
const char *const HundredMegabytes = R"(import sys
chunk = ''.join(chr(33 + (i * 7) % 90) for i in range(2000))
for i in range(100_000):
    print(f'{i:09d} ' + chunk[i % 1000:i % 1000 + 989])
print('last line: done')
sys.exit(3)
)";

// The worker's 10 ms timer ticks: the gaps between them while the run goes on.
class LoopProbe : public QObject {
public:
    LoopProbe() {
        m_timer.setTimerType(Qt::PreciseTimer);
        m_timer.setInterval(10);
        connect(&m_timer, &QTimer::timeout, this, [this] { m_gaps.push_back(m_clock.restart()); });
    }
    void start() {
        m_clock.start();
        m_timer.start();
    }
    void stop() { m_timer.stop(); }
    qint64 max() const {
        return m_gaps.empty() ? 0 : *std::max_element(m_gaps.begin(), m_gaps.end());
    }
    qint64 percentile(double p) const {
        if (m_gaps.empty())
            return 0;
        std::vector<qint64> sorted = m_gaps;
        std::sort(sorted.begin(), sorted.end());
        return sorted[size_t(p * double(sorted.size() - 1))];
    }
    size_t ticks() const { return m_gaps.size(); }

private:
    QTimer m_timer;
    QElapsedTimer m_clock;
    std::vector<qint64> m_gaps;
};

// A field of /proc/self/status ("VmRSS"), as written there ("123456 kB").
QString processStatus(const char *field) {
    QFile status(QStringLiteral("/proc/self/status"));
    status.open(QIODevice::ReadOnly);
    const QByteArray key = QByteArray(field) + ':';
    for (const QByteArray &line : status.readAll().split('\n'))
        if (line.startsWith(key))
            return QString::fromLatin1(line.mid(key.size()).trimmed());
    return {};
}

} // namespace

class TestStress : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    QTemporaryDir m_settingsDir;

    // Runs `path` in `window` with F5 and waits for its end (up to `timeoutMs`).
    void runInWindow(MainWindow &window, const QString &path, int timeoutMs) {
        window.runController()->worker()->setExecutable(DYNASCOPE_EXE);
        window.show();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QVERIFY(window.openFile(path));
        QSignalSpy running(window.runController(), &RunController::runningChanged);
        QTest::keyClick(window.editor(), Qt::Key_F5);
        QCOMPARE(running.count(), 1);
        QTRY_COMPARE_WITH_TIMEOUT(running.count(), 2, timeoutMs);
    }

private slots:
    void initTestCase() { isolateSettings(m_settingsDir); }

    void hundredMegabytesToTheConsole() {
        const QString path = writeScript(m_dir, "flood.py", HundredMegabytes);
        QProcess python;
        python.start(QStringLiteral(DYNASCOPE_PYTHON_EXECUTABLE), {path});
        QVERIFY(python.waitForFinished(300000));
        const QByteArray expected = python.readAllStandardOutput();
        QCOMPARE(python.exitCode(), 3);
        QCOMPARE(expected.size(), 100'000'000 + 16);

        MainWindow window;
        // Output only: with Record Steps on, the recorder's limit adds its own console line
        // (its row is the 1,000,000-step recording), which would blur the exact byte count.
        RunOptions options = window.runController()->runOptions();
        options.record = false;
        window.runController()->setRunOptions(options);
        const QString rssBefore = processStatus("VmRSS");
        LoopProbe probe;
        QElapsedTimer wall;
        wall.start();
        probe.start();
        runInWindow(window, path, 900000);
        probe.stop();
        const qint64 wallMs = wall.elapsed();

        // The run ended as python3.11's did.
        QCOMPARE(window.session()->runState(), RunState::Finished);
        QCOMPARE(window.session()->exitStatus().value_or(-1), python.exitCode());

        // The console kept the tail: its stdout text is exactly the end of python3.11's output,
        // and what it dropped is exactly the rest (plus the "Running …" line it dropped first).
        const ConsoleLog &log = window.session()->console();
        QString keptStdout;
        for (const ConsoleEntry &e : log)
            if (e.kind == ConsoleEntry::Stdout)
                keptStdout += e.text;
        const QByteArray keptBytes = keptStdout.toUtf8();
        QVERIFY(keptBytes.size() > 900'000);
        QVERIFY(expected.endsWith(keptBytes));
        QVERIFY(keptStdout.endsWith(QLatin1String("\nlast line: done\n")));
        const qint64 runningLine = ConsoleLog::utf8Length(
            RunController::tr("Running %1").arg(QDir::toNativeSeparators(path)) + "\n");
        QCOMPARE(log.droppedBytes(), qint64(expected.size()) - keptBytes.size() + runningLine);
        QVERIFY(log.keptBytes() <= log.capacityBytes() + log.capacityBytes() / 8);
        // Not a million events either: output past the first megabyte is not stored as events.
        QVERIFY(window.session()->eventsOfType(EventType::Output).size() < 10000);

        // The view shows the note, then exactly the log's text.
        ConsoleView *view = window.consoleView();
        view->flushPending();
        const QString note = log.droppedNote();
        QVERIFY(note.startsWith(QStringLiteral("… ")));
        const QString shown = view->toPlainText(), wanted = note + "\n" + log.text();
        qsizetype differ = 0;
        while (differ < std::min(shown.size(), wanted.size()) && shown[differ] == wanted[differ])
            ++differ;
        QVERIFY2(shown == wanted,
                 qPrintable(QStringLiteral("%1 vs %2 chars, first difference at %3: '%4' vs '%5'")
                                .arg(shown.size())
                                .arg(wanted.size())
                                .arg(differ)
                                .arg(shown.mid(differ - 20, 60), wanted.mid(differ - 20, 60))));
        QVERIFY(view->document()->characterCount() <=
                log.capacityBytes() * 9 / 8 + note.size() + 2);

        qInfo("100 MB run: %lld ms, %zu probe ticks, event-loop gap max %lld ms, p99 %lld ms, "
              "median %lld ms; RSS of the test process (python3.11's 100 MB held) %s before the "
              "window, %s after the run; note: %s",
              wallMs, probe.ticks(), probe.max(), probe.percentile(0.99), probe.percentile(0.5),
              qPrintable(rssBefore), qPrintable(processStatus("VmRSS")), qPrintable(note));
        // Responsiveness is measured, not timed: only a gap that freezes the window fails.
        QVERIFY2(probe.max() < 2000, qPrintable(QString::number(probe.max())));
    }

    void memoryLimitIsNamed() {
        const QString path = writeScript(m_dir, "hog.py",
                                         "print('allocating')\nb = bytearray(2 * 1024**3)\n"
                                         "print('allocated', len(b))\n");
        MainWindow window;
        RunOptions options = window.runController()->runOptions();
        QCOMPARE(options.memoryLimitMb, 16 * 1024); // the default (memorylimitaction.h)
        options.memoryLimitMb = 512;
        window.runController()->setRunOptions(options);
        runInWindow(window, path, 120000);
        QVERIFY(window.session()->error());
        QCOMPARE(window.session()->error()->type, std::string("MemoryError"));
        QCOMPARE(window.session()->exitStatus().value_or(-1), 1);
        const QString message = RunController::memoryLimitMessage(512);
        QVERIFY(message.contains("512 MB"));
        QVERIFY(window.consoleView()->toPlainText().contains(message));
        QCOMPARE(window.session()->runDescription(), message);
        QVERIFY(!window.consoleView()->toPlainText().contains("allocated "));
    }
};

QTEST_MAIN(TestStress)
#include "tst_stress.moc"
