// CaptureFile::load() streams: a file is read and decoded a chunk at a time. The oracle is
// parse() on the whole file in memory: for a large file and for each kind of damage, load()
// keeps the same events and says the same (file and line named), wherever the chunks split it.
#include "capturesamples.h"
#include "model/linesplitter.h"

#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <fstream>

using namespace dynascope;
using namespace dynascope::test;

namespace {

std::string writeFile(const QTemporaryDir &dir, const std::string &name, const std::string &bytes) {
    const std::string path = dir.filePath(QString::fromStdString(name)).toStdString();
    std::ofstream(path, std::ios::binary) << bytes;
    return path;
}

std::vector<std::string> texts(const std::vector<CaptureFile::Problem> &problems) {
    std::vector<std::string> out;
    for (const CaptureFile::Problem &p : problems)
        out.push_back(p.text);
    return out;
}

std::vector<std::string> bodies(const CaptureFile &capture) {
    std::vector<std::string> out;
    for (const Event &e : capture.events())
        out.push_back(e.body.dump());
    return out;
}

// A capture of `events` output events, each `width` characters of text, after the sample.
std::string largeCapture(int events, int width) {
    std::string bytes = captureBytes(sampleCapture());
    for (int i = 0; i < events; ++i)
        bytes += encodeEvent(Json{{"type", "output"},
                                  {"stream", "stdout"},
                                  {"text", std::to_string(i) + std::string(size_t(width), 'x')}}) +
                 "\n";
    return bytes;
}

struct Split {
    std::vector<std::string> lines;
    std::vector<size_t> lengths;
    std::vector<bool> tooLong, truncated;
};

Split splitInto(const std::string &bytes, const std::vector<size_t> &cuts, size_t limit) {
    Split out;
    LineSplitter splitter(limit, [&out](const LineSplitter::Line &line) {
        out.lines.emplace_back(line.text);
        out.lengths.push_back(line.length);
        out.tooLong.push_back(line.tooLong);
        out.truncated.push_back(line.truncated);
        return true;
    });
    size_t from = 0;
    for (size_t cut : cuts) {
        splitter.feed(std::string_view(bytes).substr(from, cut - from));
        from = cut;
    }
    splitter.feed(std::string_view(bytes).substr(from));
    splitter.finish();
    return out;
}

} // namespace

class TestCaptureFileStream : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;

private slots:
    // Every place a chunk may end (inside a line, on "\r", on "\n", in a long line) gives the
    // lines one chunk gives.
    void splitterAgreesAtEveryCut() {
        const std::string bytes = "ab\r\n\ncd\n0123456789\r\nlast\r";
        const size_t limit = 6; // "0123456789" is too long
        const Split whole = splitInto(bytes, {}, limit);
        QCOMPARE(whole.lines, (std::vector<std::string>{"ab", "", "cd", "", "last"}));
        QCOMPARE(whole.tooLong, (std::vector<bool>{false, false, false, true, false}));
        QCOMPARE(whole.lengths[3], size_t(10));
        QCOMPARE(whole.truncated.back(), true);
        for (size_t a = 0; a <= bytes.size(); ++a)
            for (size_t b = a; b <= bytes.size(); ++b) {
                const Split cut = splitInto(bytes, {a, b}, limit);
                QVERIFY2(cut.lines == whole.lines && cut.lengths == whole.lengths &&
                             cut.tooLong == whole.tooLong && cut.truncated == whole.truncated,
                         qPrintable(QString("cut at %1 and %2").arg(a).arg(b)));
            }
    }

    // A file of many chunks: every event kept, in order, with its line; progress grows to the
    // file's size.
    void largeFileLoadsWhole() {
        const int events = 60000;
        const std::string bytes = largeCapture(events, 90); // about 7 MB
        QVERIFY(bytes.size() > 5 * CaptureFile::ReadChunkBytes);
        const std::string path = writeFile(m_dir, "large.dscap", bytes);
        CaptureFile oracle;
        std::vector<CaptureFile::Problem> oracleProblems;
        QVERIFY(oracle.parse(bytes, "large.dscap", oracleProblems));

        CaptureFile loaded;
        std::vector<std::pair<unsigned long long, unsigned long long>> progress;
        loaded.setProgress([&progress](unsigned long long done, unsigned long long total) {
            progress.emplace_back(done, total);
        });
        std::vector<CaptureFile::Problem> problems;
        QVERIFY(loaded.load(path, problems));
        QVERIFY(problems.empty());
        QCOMPARE(int(loaded.events().size()), int(oracle.events().size()));
        QCOMPARE(bodies(loaded), bodies(oracle));
        QCOMPARE(loaded.eventLines(), oracle.eventLines());
        QCOMPARE(loaded.events().back().body.at("text").get<std::string>().substr(0, 5),
                 std::to_string(events - 1));
        QVERIFY(progress.size() > 5);
        for (size_t i = 1; i < progress.size(); ++i)
            QVERIFY(progress[i].first > progress[i - 1].first);
        QCOMPARE(progress.back().first, (unsigned long long)bytes.size());
        QCOMPARE(progress.back().second, (unsigned long long)bytes.size());
    }

    // Damage, read from disk: the messages name the file and the line, the good lines are kept
    // (the reader keeps what it can; the GUI refuses a damaged recording, see tst_badcaptures).
    void damagedFiles_data() {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<bool>("usable");
        QTest::addColumn<QString>("message");
        QTest::addColumn<int>("events");
        const std::string good = largeCapture(30000, 60); // several chunks
        const size_t lines = size_t(std::count(good.begin(), good.end(), '\n'));
        const int all = int(lines) - 1;
        auto withLine = [&](size_t number, const std::string &text) { // 1-based line replaced
            size_t start = 0;
            for (size_t i = 1; i < number; ++i)
                start = good.find('\n', start) + 1;
            const size_t end = good.find('\n', start);
            return QByteArray::fromStdString(good.substr(0, start) + text + good.substr(end));
        };
        QTest::addRow("garbage line") << withLine(20000, "garbage {") << true
                                      << "bad.dscap line 20000: not valid JSON" << all - 1;
        const std::string cut = good.substr(0, good.size() - 25);
        QTest::addRow("truncated") << QByteArray::fromStdString(cut) << true
                                   << QString("bad.dscap line %1: truncated (the file ends in "
                                              "the middle of an event)")
                                          .arg(lines)
                                   << all - 1;
        const std::string huge = "{\"type\":\"output\",\"text\":\"" +
                                 std::string(CaptureFile::MaxLineBytes + 3, 'y') + "\"}";
        QTest::addRow("line longer than the limit, over many chunks")
            << withLine(100, huge) << true
            << QString("bad.dscap line 100: line too long (%1 bytes; the limit is 16 MiB)")
                   .arg(huge.size())
            << all - 1;
        std::string otherFormat = good;
        otherFormat.replace(otherFormat.find("\"dscap\""), 7, "\"perf\"");
        QTest::addRow("wrong format header")
            << QByteArray::fromStdString(otherFormat) << false
            << "bad.dscap line 1: not a dscap capture (the header has no \"format\": \"dscap\")"
            << 0;
        QTest::addRow("not a capture")
            << QByteArray("PK\x03\x04 a zip file\n") << false
            << "bad.dscap line 1: not a dscap capture (the first line is not a JSON header)" << 0;
    }
    void damagedFiles() {
        QFETCH(QByteArray, bytes);
        QFETCH(bool, usable);
        QFETCH(QString, message);
        QFETCH(int, events);
        const std::string path = writeFile(m_dir, "bad.dscap", bytes.toStdString());
        CaptureFile loaded;
        std::vector<CaptureFile::Problem> problems;
        QCOMPARE(loaded.load(path, problems), usable);
        QCOMPARE(texts(problems), std::vector<std::string>{message.toStdString()});
        QCOMPARE(int(loaded.events().size()), events);
        // The same as the whole file parsed in memory.
        CaptureFile oracle;
        std::vector<CaptureFile::Problem> oracleProblems;
        QCOMPARE(oracle.parse(bytes.toStdString(), "bad.dscap", oracleProblems), usable);
        QCOMPARE(texts(problems), texts(oracleProblems));
        QCOMPARE(bodies(loaded), bodies(oracle));
    }

    void notAFile() {
        CaptureFile capture;
        std::vector<CaptureFile::Problem> problems;
        QVERIFY(!capture.load(m_dir.path().toStdString(), problems));
        QCOMPARE(texts(problems).front(), m_dir.path().section('/', -1).toStdString() +
                                              ": cannot read (not a regular file)");
        problems.clear();
        QVERIFY(!capture.load(m_dir.filePath("missing.dscap").toStdString(), problems));
        QCOMPARE(texts(problems).front(),
                 std::string("missing.dscap: cannot open: No such file or directory"));
    }
};

QTEST_GUILESS_MAIN(TestCaptureFileStream)
#include "tst_capturefile_stream.moc"
