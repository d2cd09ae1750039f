// Runs every scenario script (resources/scenarios/*.py) under `dynascope run`: each is a plain
// PyTorch 2 script whose own asserts compare compiled results with eager ones and the graph
// counts with Dynamo's. Known failures (KNOWN_FAILURES.txt) are reported as XFAIL with a reason.
// Scripts run in a few batch processes (scenario_batch.py: torch is imported once per batch,
// not once per script); scripts whose batch crashed or hung rerun one per process.
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QHash>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <memory>
#include <vector>

namespace {

const QString scenarioDir = QStringLiteral(DYNASCOPE_SOURCE_DIR "/resources/scenarios");
constexpr int scriptTimeoutMs = 90000; // one script in its own process
constexpr int batchTimeoutMs = 400000; // a batch of scripts (generous: CI machines are slow)

struct Outcome {
    bool passed = false;
    QString message;
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
    // Runs all scripts up front, in as many batch processes as there are cores, so the data rows
    // below only look at the outcomes.
    void initTestCase() {
        m_scripts = QDir(scenarioDir).entryList({QStringLiteral("*.py")}, QDir::Files, QDir::Name);
        QVERIFY2(m_scripts.size() >= 60, "expected at least 60 scenario scripts");
        m_known = readKnownFailures();
        for (auto it = m_known.cbegin(); it != m_known.cend(); ++it)
            QVERIFY2(m_scripts.contains(it.key()),
                     qPrintable("KNOWN_FAILURES.txt names a missing script: " + it.key()));

        const int parallel = qBound(1, QThread::idealThreadCount(), 4);
        QList<QStringList> batches(parallel);
        for (int i = 0; i < m_scripts.size(); ++i)
            batches[i % parallel].append(m_scripts[i]);
        QList<Job> jobs;
        for (int i = 0; i < batches.size(); ++i) {
            const QString results = m_tmp.filePath(QStringLiteral("batch%1.jsonl").arg(i));
            jobs.append({QStringList{QStringLiteral("run"), batchRunner, results} + batches[i],
                         batchTimeoutMs, batches[i], results});
        }
        runJobs(jobs, parallel);
        for (const Job &job : std::as_const(jobs))
            readResults(job);

        // Anything a batch did not report (the process crashed or hung): one process each.
        QList<Job> single;
        for (const QString &script : std::as_const(m_scripts))
            if (!m_outcomes.contains(script))
                single.append({QStringList{QStringLiteral("run"), script}, scriptTimeoutMs,
                               QStringList{script}, QString()});
        runJobs(single, parallel);
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
        if (m_known.contains(script)) {
            if (o.passed) {
                qWarning("%s now passes: remove it from KNOWN_FAILURES.txt", qPrintable(script));
                return;
            }
            QEXPECT_FAIL("", qPrintable(m_known[script]), Continue);
        }
        QVERIFY2(o.passed, qPrintable(o.message));
    }

private:
    struct Job {
        QStringList args;
        int timeoutMs = 0;
        QStringList scripts;
        QString resultsFile; // empty: a single script, judged by its exit status
        int exitCode = -1;
        bool finished = false;
        QString err;
    };

    // Runs the jobs, `parallel` at a time, each killed after its timeout.
    void runJobs(QList<Job> &jobs, int parallel) {
        std::vector<std::pair<std::unique_ptr<QProcess>, int>> running;
        QElapsedTimer clock;
        clock.start();
        std::vector<qint64> started(jobs.size(), 0);
        int next = 0;
        while (next < jobs.size() || !running.empty()) {
            while (next < jobs.size() && int(running.size()) < parallel) {
                auto process = std::make_unique<QProcess>();
                process->setWorkingDirectory(scenarioDir);
#ifdef DYNASCOPE_SCENARIOS_INDUCTOR
                // Every graph also through the kernel generator, built before its first call.
                QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
                env.insert(QStringLiteral("DYNASCOPE_KERNELS_ALL"), QStringLiteral("1"));
                env.insert(QStringLiteral("DYNASCOPE_KERNELS_SYNC"), QStringLiteral("1"));
                process->setProcessEnvironment(env);
#endif
                process->start(QStringLiteral(DYNASCOPE_EXE), jobs[next].args);
                started[next] = clock.elapsed();
                running.emplace_back(std::move(process), next++);
            }
            for (auto it = running.begin(); it != running.end();) {
                QProcess &p = *it->first;
                Job &job = jobs[it->second];
                bool done = p.state() == QProcess::NotRunning || p.waitForFinished(50);
                if (!done && clock.elapsed() - started[it->second] < job.timeoutMs) {
                    ++it;
                    continue;
                }
                if (!done) {
                    p.kill();
                    p.waitForFinished(5000);
                }
                job.finished = done;
                job.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
                job.err = QString::fromUtf8(p.readAllStandardError());
                if (job.resultsFile.isEmpty()) {
                    Outcome o;
                    o.passed = done && job.exitCode == 0;
                    o.message = QStringLiteral("dynascope run %1 %2 (exit %3)\n--- stderr ---\n%4")
                                    .arg(job.scripts.value(0), done ? QStringLiteral("failed")
                                                                    : QStringLiteral("timed out"))
                                    .arg(job.exitCode)
                                    .arg(job.err.right(4000));
                    m_outcomes.insert(job.scripts.value(0), o);
                }
                it = running.erase(it);
            }
        }
    }

    void readResults(const Job &job) {
        QFile file(job.resultsFile);
        if (!file.open(QIODevice::ReadOnly))
            return;
        for (const QByteArray &line : file.readAll().split('\n')) {
            QJsonObject r = QJsonDocument::fromJson(line).object();
            if (r.isEmpty())
                continue;
            Outcome o;
            o.passed = r.value(QLatin1String("ok")).toBool();
            o.message = QStringLiteral("%1 failed (in a scenario_batch.py process)\n%2")
                            .arg(r.value(QLatin1String("script")).toString(),
                                 r.value(QLatin1String("error")).toString());
            m_outcomes.insert(r.value(QLatin1String("script")).toString(), o);
        }
    }

    const QString batchRunner =
        QStringLiteral(DYNASCOPE_SOURCE_DIR "/tests/capture/scenario_batch.py");
    QTemporaryDir m_tmp;
    QStringList m_scripts;
    QHash<QString, QString> m_known;
    QHash<QString, Outcome> m_outcomes;
};

QTEST_GUILESS_MAIN(TestScenarios)
#include "tst_scenarios.moc"
