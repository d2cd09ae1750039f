// Replays every seed and every saved crash of tests/fuzz/ through the same readers the libFuzzer
// targets drive, in the ordinary (gcc) build: a crash found once stays fixed.
#include "cli/workerrequest.h"
#include "model/capturefile.h"
#include "model/graph.h"

#include <QDirIterator>
#include <QtTest>

using namespace dynascope;

namespace {

QStringList inputs(const QString &target) {
    QStringList files;
    for (const char *kind : {"corpus", "regressions"}) {
        QDirIterator it(QStringLiteral(DYNASCOPE_SOURCE_DIR "/tests/fuzz/%1/%2").arg(kind, target),
                        QDir::Files);
        while (it.hasNext())
            files << it.next();
    }
    files.sort();
    return files;
}

std::string bytesOf(const QString &path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll().toStdString() : std::string();
}

} // namespace

class TestFuzzCorpus : public QObject {
    Q_OBJECT
private slots:
    void captureFiles() {
        const QStringList files = inputs("capturefile");
        QVERIFY(files.size() >= 8);
        for (const QString &path : files) {
            CaptureFile capture;
            std::vector<CaptureFile::Problem> problems;
            if (!capture.parse(bytesOf(path), "replay.dscap", problems)) {
                QVERIFY2(!problems.empty(), qPrintable(path));
                continue;
            }
            capture.steps(problems);
            capture.codes(problems);
            capture.errors(problems);
        }
    }

    // Each graph event decodes or throws json's own exception, which the GUI catches.
    void eventStreams() {
        const QStringList files = inputs("eventstream");
        QVERIFY(files.size() >= 4);
        int graphs = 0;
        for (const QString &path : files) {
            std::string error;
            for (const QByteArray &line : QByteArray::fromStdString(bytesOf(path)).split('\n')) {
                std::optional<Event> event = decodeEvent(line.toStdString(), error);
                if (!event || event->type != EventType::Graph)
                    continue;
                try {
                    (void)event->body.get<CapturedGraph>();
                    ++graphs;
                } catch (const Json::exception &) {
                }
            }
        }
        QVERIFY(graphs >= 3); // the seeds hold real graphs
    }

    void workerRequests() {
        const QStringList files = inputs("workerrequest");
        QVERIFY(files.size() >= 5);
        for (const QString &path : files) {
            std::string error;
            std::optional<WorkerRequest> request = WorkerRequest::parse(bytesOf(path), error);
            QVERIFY2(request || !error.empty(), qPrintable(path));
        }
    }
};

QTEST_GUILESS_MAIN(TestFuzzCorpus)
#include "tst_fuzzcorpus.moc"
