// CaptureFile: round trips, and the exact message for each kind of damaged file.
#include "capturesamples.h"
#include "dynascopeversion.h"

#include <QTemporaryDir>
#include <QtTest>

using namespace dynascope;
using namespace dynascope::test;

namespace {
// The lines of the sample capture: 1 header, 2 code, 3..8 steps, 9 output, 10 error, 11, 12.
std::vector<std::string> sampleLines() {
    std::vector<std::string> lines;
    std::string bytes = captureBytes(sampleCapture());
    size_t start = 0;
    while (start < bytes.size()) {
        size_t end = bytes.find('\n', start);
        lines.push_back(bytes.substr(start, end - start));
        start = end + 1;
    }
    return lines;
}

std::string joined(const std::vector<std::string> &lines, bool finalNewline = true) {
    std::string bytes;
    for (size_t i = 0; i < lines.size(); ++i)
        bytes += lines[i] + (i + 1 < lines.size() || finalNewline ? "\n" : "");
    return bytes;
}

std::string allProblems(const std::vector<CaptureFile::Problem> &problems) {
    std::string text;
    for (const auto &p : problems)
        text += p.text + "\n";
    return text;
}
} // namespace

class TestCaptureFile : public QObject {
    Q_OBJECT
private slots:
    void roundTripThroughDisk() {
        QTemporaryDir dir;
        CaptureFile capture = sampleCapture();
        std::string path = dir.filePath("round.dscap").toStdString(), error;
        QVERIFY2(capture.save(path, error), error.c_str());
        CaptureFile loaded;
        std::vector<CaptureFile::Problem> problems;
        QVERIFY(loaded.load(path, problems));
        QVERIFY2(problems.empty(), allProblems(problems).c_str());
        QCOMPARE(loaded.header().value("format", std::string()), std::string("dscap"));
        QCOMPARE(loaded.header().value("version", 0), 1);
        QCOMPARE(loaded.header().value("created_by", std::string()),
                 std::string("dynascope " DYNASCOPE_VERSION));
        QCOMPARE(loaded.events().size(), capture.events().size());
        for (size_t i = 0; i < capture.events().size(); ++i)
            QCOMPARE(loaded.events()[i].body, capture.events()[i].body);
        std::vector<Step> steps = loaded.steps(problems);
        QCOMPARE(steps.size(), size_t(6));
        QCOMPARE(Json(steps[2]), Json(sampleStep(2, "BINARY_OP", 2)));
        QCOMPARE(loaded.codes(problems).at(0).instructions.at(0).argrepr, std::string("a"));
        QCOMPARE(loaded.errors(problems).at(0).frames.at(0).line, 3);
        QVERIFY(problems.empty());
    }

    void stepsComeSortedByIndex() {
        CaptureFile capture;
        for (long long index : {3, 1, 2, 0}) {
            Json step = sampleStep(index, "NOP", 1);
            step["type"] = "step";
            capture.append(step);
        }
        std::vector<CaptureFile::Problem> problems;
        std::vector<Step> steps = capture.steps(problems);
        for (size_t i = 0; i < steps.size(); ++i)
            QCOMPARE(steps[i].index, static_cast<long long>(i));
    }

    // The recorder writes pops/pushes; a capture from before it did has none, and a step with
    // only one of them is read as having neither (the stepper then compares the two stacks).
    void stackCountsAreOptional() {
        Step step;
        step.opname = "BINARY_OP";
        step.pops = 2;
        step.pushes = 1;
        const Json written = step;
        QCOMPARE(written.value("pops", -1), 2);
        QCOMPARE(written.value("pushes", -1), 1);
        QCOMPARE(written.get<Step>().pops, 2);
        QCOMPARE(written.get<Step>().pushes, 1);
        Json old = written;
        old.erase("pops");
        old.erase("pushes");
        QCOMPARE(old.get<Step>().pops, -1);
        QCOMPARE(old.get<Step>().pushes, -1);
        Json half = written;
        half.erase("pushes");
        QCOMPARE(half.get<Step>().pops, -1);
        QVERIFY(!Json(Step{}).contains("pops")); // unknown counts are not written
    }

    void writerStreamsEvents() {
        QTemporaryDir dir;
        std::string path = dir.filePath("stream.dscap").toStdString(), error;
        {
            CaptureFile::Writer writer;
            QVERIFY(writer.open(path, CaptureFile::makeHeader(), error));
            QVERIFY(writer.write(Json{{"type", "exit"}, {"status", 0}}));
            QVERIFY(writer.close(error));
        }
        CaptureFile loaded;
        std::vector<CaptureFile::Problem> problems;
        QVERIFY(loaded.load(path, problems));
        QCOMPARE(loaded.events().size(), size_t(1));
        CaptureFile::Writer bad;
        QVERIFY(!bad.open(dir.filePath("no/such/dir/x.dscap").toStdString(),
                          CaptureFile::makeHeader(), error));
        QVERIFY(error.find("cannot create") != std::string::npos);
    }

    // Damage that makes the whole file unusable: load() is false and says why.
    void unusableFiles_data() {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("message");
        std::vector<std::string> lines = sampleLines();
        QTest::addRow("empty") << QByteArray() << "capture.dscap: empty file (no dscap header)";
        QTest::addRow("blank first line")
            << QByteArray("\n{}\n")
            << "capture.dscap line 1: not a dscap capture (the first line is empty)";
        QTest::addRow("not json")
            << QByteArray("hello world\n")
            << "capture.dscap line 1: not a dscap capture (the first line is not a JSON header)";
        QTest::addRow("other format") << QByteArray("{\"format\":\"perf\",\"version\":1}\n")
                                      << "capture.dscap line 1: not a dscap capture (the header "
                                         "has no \"format\": \"dscap\")";
        QTest::addRow("newer version")
            << QByteArray("{\"format\":\"dscap\",\"version\":2}\n")
            << "capture.dscap line 1: version 2 is newer than this reader (1)";
        QTest::addRow("version zero") << QByteArray("{\"format\":\"dscap\",\"version\":0}\n")
                                      << "capture.dscap line 1: unsupported version 0";
        QTest::addRow("version string")
            << QByteArray("{\"format\":\"dscap\",\"version\":\"1\"}\n")
            << "capture.dscap line 1: the header has no integer \"version\"";
        QTest::addRow("truncated header") << QByteArray::fromStdString(lines[0].substr(0, 20))
                                          << "capture.dscap line 1: not a dscap capture (the first "
                                             "line is not a JSON header) (the "
                                             "file ends in the middle of its first line)";
        QTest::addRow("binary") << QByteArray("\x7f"
                                              "ELF\x02\x01\x01\xff\xfe\n",
                                              10)
                                << "capture.dscap line 1: not valid UTF-8 (byte 8)";
    }
    void unusableFiles() {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, message);
        CaptureFile capture;
        std::vector<CaptureFile::Problem> problems;
        QVERIFY(!capture.parse(bytes.toStdString(), "capture.dscap", problems));
        QCOMPARE(problems.size(), size_t(1));
        QCOMPARE(QString::fromStdString(problems[0].text), message);
    }

    // Damage to one line: the rest loads, and the problem names the line.
    void damagedLines_data() {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("message");
        QTest::addColumn<int>("events");
        std::vector<std::string> lines = sampleLines(); // 12 lines, 11 events
        auto with = [&](size_t index, const std::string &text) {
            std::vector<std::string> copy = lines;
            copy[index] = text;
            return QByteArray::fromStdString(joined(copy));
        };
        QTest::addRow("corrupt line") << with(4, "{\"type\": \"step\", oops}")
                                      << "capture.dscap line 5: not valid JSON" << 10;
        QTest::addRow("not an object")
            << with(4, "[1, 2, 3]") << "capture.dscap line 5: event is not a JSON object" << 10;
        QTest::addRow("no type") << with(4, "{\"step\": 3}")
                                 << "capture.dscap line 5: event has no string field 'type'" << 10;
        QTest::addRow("not utf-8") << with(5, "{\"type\":\"output\",\"text\":\"caf\xE9\"}")
                                   << "capture.dscap line 6: not valid UTF-8 (byte 29)" << 10;
        QTest::addRow("surrogate in utf-8")
            << with(5, "{\"type\":\"output\",\"text\":\"\xED\xA0\x80\"}")
            << "capture.dscap line 6: not valid UTF-8 (byte 26)" << 10;
        QTest::addRow("deep nesting")
            << with(3, "{\"type\":\"step\",\"x\":" + std::string(100000, '[') + "}")
            << "capture.dscap line 4: nested deeper than 200 levels" << 10;
        std::string huge = "{\"type\":\"output\",\"text\":\"" +
                           std::string(CaptureFile::MaxLineBytes, 'x') + "\"}";
        QTest::addRow("huge line")
            << with(8, huge)
            << QString("capture.dscap line 9: line too long (%1 bytes; the limit is 16 MiB)")
                   .arg(huge.size())
            << 10;
        std::vector<std::string> cut = lines;
        cut.back() = cut.back().substr(0, cut.back().size() / 2);
        QTest::addRow("truncated last line")
            << QByteArray::fromStdString(joined(cut, false))
            << "capture.dscap line 12: truncated (the file ends in the middle of an event)" << 10;
    }
    void damagedLines() {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, message);
        QFETCH(int, events);
        CaptureFile capture;
        std::vector<CaptureFile::Problem> problems;
        QVERIFY(capture.parse(bytes.toStdString(), "capture.dscap", problems));
        QCOMPARE(problems.size(), size_t(1));
        QCOMPARE(QString::fromStdString(problems[0].text), message);
        QCOMPARE(static_cast<int>(capture.events().size()), events);
    }

    void windowsLineEndingsAndBlankLines() {
        std::string bytes = captureBytes(sampleCapture());
        std::string crlf;
        for (char c : bytes)
            crlf += c == '\n' ? std::string("\r\n\n") : std::string(1, c);
        CaptureFile capture;
        std::vector<CaptureFile::Problem> problems;
        QVERIFY(capture.parse(crlf, "crlf.dscap", problems));
        QVERIFY(problems.empty());
        QCOMPARE(capture.events().size(), size_t(11));
        QCOMPARE(capture.eventLines()[1], 5LL); // line numbers count the blank lines too
    }

    // Well-formed JSON with the wrong field types: the typed views skip the event and say why.
    void wrongFieldTypes_data() {
        QTest::addColumn<QByteArray>("event");
        QTest::addColumn<QString>("message");
        QTest::addRow("line as string")
            << QByteArray(R"({"type":"step","step":1,"line":"abc"})")
            << "x.dscap line 2: step event: field 'line' should be an integer, not a string";
        QTest::addRow("fractional offset") << QByteArray(R"({"type":"step","offset":1.5})")
                                           << "x.dscap line 2: step event: field 'offset' should "
                                              "be an integer, not a fractional number";
        QTest::addRow("line out of int")
            << QByteArray(R"({"type":"step","line":99999999999})")
            << "x.dscap line 2: step event: field 'line' is out of range";
        QTest::addRow("huge step") << QByteArray(R"({"type":"step","step":18446744073709551615})")
                                   << "x.dscap line 2: step event: field 'step' is out of range";
        QTest::addRow("stack not array")
            << QByteArray(R"({"type":"step","stack":{"a":1}})")
            << "x.dscap line 2: step event: field 'stack' should be an array, not an object";
        QTest::addRow("stack entry")
            << QByteArray(R"({"type":"step","stack":[7]})")
            << "x.dscap line 2: step event: a stack entry should be an object, not a number";
        QTest::addRow("stack repr") << QByteArray(R"({"type":"step","stack":[{"repr":[1]}]})")
                                    << "x.dscap line 2: step event: stack entry: field 'repr' "
                                       "should be a string, not an array";
        QTest::addRow("locals")
            << QByteArray(R"({"type":"step","locals":"c=7"})")
            << "x.dscap line 2: step event: field 'locals' should be an object, not a string";
        QTest::addRow("negative pops")
            << QByteArray(R"({"type":"step","pops":-2,"pushes":1})")
            << "x.dscap line 2: step event: field 'pops' is out of range";
        QTest::addRow("pushes as string")
            << QByteArray(R"({"type":"step","pops":1,"pushes":"1"})")
            << "x.dscap line 2: step event: field 'pushes' should be an integer, not a string";
        QTest::addRow("opname null")
            << QByteArray(R"({"type":"step","opname":null})")
            << "x.dscap line 2: step event: field 'opname' should be a string, not null";
    }
    void wrongFieldTypes() {
        QFETCH(QByteArray, event);
        QFETCH(QString, message);
        std::string bytes = encodeEvent(CaptureFile::makeHeader()) + "\n" + event.toStdString() +
                            "\n" + R"({"type":"step","step":0})" + "\n";
        CaptureFile capture;
        std::vector<CaptureFile::Problem> problems;
        QVERIFY(capture.parse(bytes, "x.dscap", problems));
        QVERIFY(problems.empty()); // well-formed events: the stream itself is fine
        std::vector<Step> steps = capture.steps(problems);
        QCOMPARE(steps.size(), size_t(1)); // the good one
        QCOMPARE(problems.size(), size_t(1));
        QCOMPARE(QString::fromStdString(problems[0].text), message);
    }

    void wrongTypesInOtherEvents() {
        std::string bytes = encodeEvent(CaptureFile::makeHeader()) + "\n" +
                            R"({"type":"code","first_line":"one"})"
                            "\n"
                            R"({"type":"code","first_line":1e300})"
                            "\n"
                            R"({"type":"error","frames":[{"line":"x"}]})"
                            "\n"
                            R"({"type":"code","id":"c1"})"
                            "\n";
        CaptureFile capture;
        std::vector<CaptureFile::Problem> problems;
        QVERIFY(capture.parse(bytes, "x.dscap", problems));
        std::vector<CodeInfo> codes = capture.codes(problems);
        QCOMPARE(codes.size(), size_t(1));
        QCOMPARE(capture.errors(problems).size(), size_t(0));
        QCOMPARE(problems.size(), size_t(3));
        QVERIFY(
            QString::fromStdString(problems[0].text).startsWith("x.dscap line 2: code event: "));
        QCOMPARE(QString::fromStdString(problems[1].text),
                 QString("x.dscap line 3: code event: a number is out of range"));
        QVERIFY(
            QString::fromStdString(problems[2].text).startsWith("x.dscap line 4: error event: "));
    }

    void missingFile() {
        CaptureFile capture;
        std::vector<CaptureFile::Problem> problems;
        QVERIFY(!capture.load("/nonexistent/dir/none.dscap", problems));
        QCOMPARE(QString::fromStdString(problems.at(0).text),
                 QString("none.dscap: cannot open: No such file or directory"));
        QVERIFY(!capture.load("/tmp", problems)); // a directory
    }
};

QTEST_GUILESS_MAIN(TestCaptureFile)
#include "tst_capturefile.moc"
