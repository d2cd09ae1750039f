// Replays every seed and every saved crash of tests/fuzz/ through the same readers the libFuzzer
// targets drive, in the ordinary (gcc) build: a crash found once stays fixed.
#include "cli/workerrequest.h"
#include "model/capturefile.h"
#include "model/drillreader.h"
#include "model/lessonreader.h"
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

    // Seeds are the shipped lessons and drill: each reads as one of the two, without a message.
    void lessonFiles() {
        const QStringList files = inputs("lessonfile");
        QVERIFY(files.size() >= 5);
        int read = 0;
        for (const QString &path : files) {
            std::string lessonError, drillError;
            const bool lesson = LessonReader::read(bytesOf(path), "replay", lessonError).has_value();
            const bool drill = DrillReader::read(bytesOf(path), "replay", drillError).has_value();
            QVERIFY2(lesson || !lessonError.empty(), qPrintable(path));
            QVERIFY2(drill || !drillError.empty(), qPrintable(path));
            read += lesson || drill;
        }
        QVERIFY(read >= 5);
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
