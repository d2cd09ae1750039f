// Runs every scenario script (resources/scenarios/*.py) with `dynascope run`: each is a plain
// PyTorch 2 script whose own asserts compare compiled results with eager ones and the graph
// counts with Dynamo's. Known failures (KNOWN_FAILURES.txt) are reported as XFAIL with a reason.
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QHash>
#include <QProcess>
#include <QRegularExpression>
#include <QTest>
#include <QThread>

#include <memory>
#include <vector>

namespace {

const QString scenarioDir = QStringLiteral(DYNASCOPE_SOURCE_DIR "/resources/scenarios");
constexpr int scenarioTimeoutMs = 90000;

struct Outcome {
    bool finished = false;
    int exitCode = -1;
    QProcess::ExitStatus exitStatus = QProcess::NormalExit;
    QString err;
    QString out;
};

// "name.py: reason" per line; '#' starts a comment.
QHash<QString, QString> readKnownFailures() {
    QHash<QString, QString> known;
    QFile file(scenarioDir + QStringLiteral("/KNOWN_FAILURES.txt"));
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text))
        return known;
    for (const QString &raw : QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'))) {
        QString line = raw.trimmed();
        if (line.isEmpty() || line.startsWith(QLatin1Char('#')))
            continue;
        int colon = line.indexOf(QLatin1Char(':'));
        if (colon > 0)
            known.insert(line.left(colon).trimmed(), line.mid(colon + 1).trimmed());
    }
    return known;
}

} // namespace

class TestScenarios : public QObject {
    Q_OBJECT

private slots:
    // Runs all scripts up front, a few at a time (each process imports torch: ~2 s of start-up),
    // so the data rows below only look at the outcomes.
    void initTestCase() {
        m_scripts = QDir(scenarioDir).entryList({QStringLiteral("*.py")}, QDir::Files, QDir::Name);
        QVERIFY2(m_scripts.size() >= 60, "expected at least 60 scenario scripts");
        m_known = readKnownFailures();
        for (auto it = m_known.cbegin(); it != m_known.cend(); ++it)
            QVERIFY2(m_scripts.contains(it.key()),
                     qPrintable("KNOWN_FAILURES.txt names a missing script: " + it.key()));

        const int parallel = qBound(1, QThread::idealThreadCount(), 4);
        std::vector<std::unique_ptr<QProcess>> running;
        int next = 0;
        while (next < m_scripts.size() || !running.empty()) {
            while (next < m_scripts.size() && int(running.size()) < parallel) {
                auto process = std::make_unique<QProcess>();
                process->setWorkingDirectory(scenarioDir);
                process->setProperty("script", m_scripts[next++]);
                process->setProperty("started", QDateTime::currentMSecsSinceEpoch());
                process->start(QStringLiteral(DYNASCOPE_EXE),
                               {QStringLiteral("run"), process->property("script").toString()});
                running.push_back(std::move(process));
            }
            for (auto it = running.begin(); it != running.end();) {
                QProcess &p = **it;
                bool done = p.state() == QProcess::NotRunning || p.waitForFinished(50);
                qint64 age = QDateTime::currentMSecsSinceEpoch() - p.property("started").toLongLong();
                if (!done && age < scenarioTimeoutMs) {
                    ++it;
                    continue;
                }
                Outcome outcome;
                outcome.finished = done;
                if (!done) {
                    p.kill();
                    p.waitForFinished(5000);
                }
                outcome.exitCode = p.exitCode();
                outcome.exitStatus = p.exitStatus();
                outcome.out = QString::fromUtf8(p.readAllStandardOutput());
                outcome.err = QString::fromUtf8(p.readAllStandardError());
                m_outcomes.insert(p.property("script").toString(), outcome);
                it = running.erase(it);
            }
        }
    }

    void scenario_data() {
        QTest::addColumn<QString>("script");
        for (const QString &script : m_scripts)
            QTest::addRow("%s", qPrintable(script)) << script;
    }

    void scenario() {
        QFETCH(QString, script);
        QVERIFY(m_outcomes.contains(script));
        const Outcome &o = m_outcomes[script];
        const bool passed = o.finished && o.exitStatus == QProcess::NormalExit && o.exitCode == 0;
        if (m_known.contains(script)) {
            if (passed) {
                qWarning("%s now passes: remove it from KNOWN_FAILURES.txt", qPrintable(script));
                return;
            }
            QEXPECT_FAIL("", qPrintable(m_known[script]), Continue);
        }
        QString message = QStringLiteral("dynascope run %1 %2 (exit %3)\n--- stderr ---\n%4")
                              .arg(script, o.finished ? QStringLiteral("failed")
                                                      : QStringLiteral("timed out"))
                              .arg(o.exitCode)
                              .arg(o.err.right(4000));
        QVERIFY2(passed, qPrintable(message));
    }

private:
    QStringList m_scripts;
    QHash<QString, QString> m_known;
    QHash<QString, Outcome> m_outcomes;
};

QTEST_GUILESS_MAIN(TestScenarios)
#include "tst_scenarios.moc"
