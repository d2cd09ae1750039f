// Bad-input table, .dscap rows (docs/bad-input.md): a real capture (worker run of graph_break.py,
// graphs included) truncated at every offset, from a newer version, or edited by hand (every
// field of one event type given the wrong JSON type) never ends the GUI, never runs code from
// the file, and what can be read is shown.
#include "capturesession.h"
#include "guitestsupport.h"
#include "mainwindow.h"
#include "model/capturefile.h"
#include "recording/recordingfile.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QMessageBox>
#include <QtTest>

#include <set>

using namespace dynascope;
using namespace dynascope::testing;

namespace {

// Every leaf of `j` replaced by a value of another JSON type (and arrays/objects by scalars one
// level down), keeping "type" so the event still reaches its reader.
Json wrongTypes(const Json &j, bool top = true) {
    if (j.is_object()) {
        Json out = Json::object();
        for (auto it = j.begin(); it != j.end(); ++it)
            out[it.key()] = top && it.key() == "type" ? it.value() : wrongTypes(it.value(), false);
        return top ? out : Json(out.size() % 2 ? Json(7) : Json(out));
    }
    if (j.is_array())
        return j.empty() ? Json("not a list") : Json::array({wrongTypes(j.front(), false), 3.5});
    if (j.is_string())
        return Json(-12345678901LL);
    if (j.is_number())
        return Json("seven");
    if (j.is_boolean())
        return Json::array();
    return Json::object();
}

} // namespace

class TestBadCaptures : public QObject {
    Q_OBJECT
private:
    QTemporaryDir m_dir;
    QString m_script;
    QByteArray m_header;
    std::vector<Json> m_events;

    QString writeCapture(const QString &name, const QByteArray &bytes) {
        const QString path = m_dir.filePath(name);
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) ||
            file.write(bytes) != bytes.size())
            qFatal("cannot write %s", qPrintable(path));
        return path;
    }

    QByteArray capture(const std::vector<Json> &events) const {
        QByteArray bytes = m_header;
        for (const Json &e : events)
            bytes += QByteArray::fromStdString(encodeEvent(e)) + '\n';
        return bytes;
    }

private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        isolateSettings(m_dir);
        m_script = m_dir.filePath("graph_break.py");
        QVERIFY(QFile::copy(DYNASCOPE_SOURCE_DIR "/resources/examples/graph_break.py", m_script));
        QProcess worker;
        worker.start(DYNASCOPE_EXE, {"worker"});
        QVERIFY(worker.waitForStarted());
        const Json command{{"cmd", "run"},
                           {"script", m_script.toStdString()},
                           {"record", true},
                           {"max_steps", 200}};
        worker.write(QByteArray::fromStdString(encodeEvent(command)) + '\n');
        worker.closeWriteChannel();
        QVERIFY(worker.waitForFinished(120000));
        for (const QByteArray &line : worker.readAllStandardOutput().split('\n')) {
            std::string error;
            if (std::optional<Event> e = decodeEvent(line.toStdString(), error))
                m_events.push_back(e->body);
        }
        QVERIFY(m_events.size() > 20);
        Json header = CaptureFile::makeHeader();
        header["script"] = m_script.toStdString();
        m_header = QByteArray::fromStdString(encodeEvent(header)) + '\n';
        MainWindow window;
        QVERIFY(window.openFile(writeCapture("good.dscap", capture(m_events))));
        QVERIFY(!window.session()->eventsOfType(EventType::Graph).empty());
    }

    // The reader on every prefix of the file: no exception, a refusal always says why, and a
    // line cut short is named as a problem.
    void truncatedAtEveryOffsetReader() {
        const std::string bytes = capture(m_events).toStdString();
        for (size_t n = 0; n <= bytes.size(); ++n) {
            CaptureFile file;
            std::vector<CaptureFile::Problem> problems;
            const bool ok = file.parse(bytes.substr(0, n), "cut.dscap", problems);
            if (!ok)
                QVERIFY2(!problems.empty(), qPrintable(QString("offset %1").arg(n)));
            else if (n < bytes.size() && bytes[n - 1] != '\n' && bytes[n] != '\n')
                QVERIFY2(!problems.empty(), qPrintable(QString("offset %1").arg(n)));
        }
    }

    // The GUI on 20 prefixes spread over the file (each open builds every view).
    void truncatedOpensInTheWindow() {
        const QByteArray bytes = capture(m_events);
        MainWindow window;
        for (int i = 1; i <= 20; ++i) {
            const qsizetype n = bytes.size() * i / 21;
            const QString path = writeCapture("cut.dscap", bytes.left(n));
            window.openFile(path); // opened (what could be read) or refused with a message
            for (QWidget *box : window.findChildren<QMessageBox *>())
                box->close();
        }
        QVERIFY(window.isEnabled());
    }

    void newerVersionIsRefused() {
        QByteArray bytes = capture(m_events);
        bytes.replace("\"version\":1", "\"version\":99");
        MainWindow window;
        QVERIFY(!window.openFile(writeCapture("newer.dscap", bytes)));
        QVERIFY2(window.lastError().contains("version 99 is newer"),
                 qPrintable(window.lastError()));
    }

    void editedByHand_data() {
        QTest::addColumn<QString>("type");
        std::set<std::string> types;
        for (const Json &e : m_events)
            types.insert(e.value("type", ""));
        QVERIFY(types.count("graph") && types.count("graph_break") && types.count("step"));
        for (const std::string &t : types)
            QTest::addRow("%s", t.c_str()) << QString::fromStdString(t);
    }
    void editedByHand() {
        QFETCH(QString, type);
        std::vector<Json> events;
        for (const Json &e : m_events)
            events.push_back(e.value("type", "") == type.toStdString() ? wrongTypes(e) : e);
        MainWindow window;
        window.openFile(writeCapture("edited.dscap", capture(events)));
        for (QWidget *box : window.findChildren<QMessageBox *>())
            box->close();
        // Still alive, and the untouched events are there.
        QVERIFY(window.session()->allEvents().size() > 0 || !window.lastError().isEmpty());
    }

    // A capture is data: strings that look like code are shown, never run.
    void neverRunsCode() {
        const QString marker = m_dir.filePath("ran.txt");
        const std::string code =
            "__import__('pathlib').Path('" + marker.toStdString() + "').write_text('x')";
        std::vector<Json> events = m_events;
        for (Json &e : events) {
            for (const char *field : {"repr", "text", "target", "source", "message"})
                if (e.contains(field) && e[field].is_string())
                    e[field] = code;
        }
        events.push_back(Json{{"type", "output"}, {"stream", "stdout"}, {"text", code}});
        MainWindow window;
        QVERIFY(window.openFile(writeCapture("code.dscap", capture(events))));
        QTest::qWait(200);
        QVERIFY(!QFile::exists(marker));
    }

    // A garbage line in the middle of a recording: the window refuses the file (a recording
    // with holes would step through code that never ran that way), names the file and the line,
    // and keeps the run it shows.
    void garbageLineKeepsTheRunOnScreen() {
        MainWindow window;
        QVERIFY(window.openFile(writeCapture("good.dscap", capture(m_events))));
        const size_t shown = window.session()->allEvents().size();
        const int steps = int(window.session()->steps().size());
        QVERIFY(shown > 0 && steps > 0);
        QList<QByteArray> lines = capture(m_events).split('\n');
        lines[4] = "garbage {";
        QVERIFY(!window.openFile(writeCapture("garbage.dscap", lines.join('\n'))));
        QVERIFY2(window.lastError().contains("garbage.dscap line 5: not valid JSON"),
                 qPrintable(window.lastError()));
        for (QWidget *box : window.findChildren<QMessageBox *>())
            box->close();
        QCOMPARE(window.session()->allEvents().size(), shown);
        QCOMPARE(int(window.session()->steps().size()), steps);
    }

    // A large recording is read a chunk at a time, its progress reported on this thread.
    void largeRecordingReportsProgress() {
        std::vector<Json> events = m_events;
        const Json exit = events.back();
        events.pop_back();
        for (int i = 0; i < 40000; ++i)
            events.push_back(Json{{"type", "output"},
                                  {"stream", "stdout"},
                                  {"text", std::to_string(i) + std::string(100, '.')}});
        events.push_back(exit);
        const QString path = writeCapture("large.dscap", capture(events));
        QVERIFY(QFileInfo(path).size() > 4 * qint64(CaptureFile::ReadChunkBytes));
        RecordingFile recording;
        QList<int> percents;
        QVERIFY2(recording.readInBackground(path, [&percents](int p) { percents << p; }),
                 qPrintable(recording.errorString()));
        QVERIFY(percents.size() > 4);
        for (int i = 1; i < percents.size(); ++i)
            QVERIFY(percents[i] > percents[i - 1]);
        QCOMPARE(percents.back(), 100);
        QCOMPARE(recording.eventCount(), int(events.size())); // nothing lost
    }
};

QTEST_MAIN(TestBadCaptures)
#include "tst_badcaptures.moc"
