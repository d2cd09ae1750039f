// RecordingFile: CaptureFile writer/reader between a CaptureSession and disk.
#include "recordingfile.h"

#include "capturesession.h"

#include <QDateTime>
#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <thread>

namespace dynascope {

namespace {

// The header's words for a run's end; a file names them, so they must not follow the enum.
const std::pair<RunState, const char *> StateNames[] = {
    {RunState::Finished, "finished"}, {RunState::Stopped, "stopped"},
    {RunState::Crashed, "crashed"},   {RunState::FailedToStart, "failed_to_start"},
    {RunState::Running, "running"},   {RunState::Idle, "idle"},
};

const char *stateName(RunState state) {
    for (const auto &[s, name] : StateNames)
        if (s == state)
            return name;
    return "finished";
}

std::optional<RunState> stateFromName(const std::string &name) {
    for (const auto &[s, n] : StateNames)
        if (name == n)
            return s;
    return std::nullopt;
}

// Files may not be UTF-8 named; CaptureFile takes the local 8-bit form.
std::string localPath(const QString &path) {
    return QFile::encodeName(path).toStdString();
}

QString joinProblems(const std::vector<CaptureFile::Problem> &problems) {
    QStringList lines;
    for (size_t i = 0; i < problems.size() && i < 5; ++i)
        lines << QString::fromStdString(problems[i].text);
    if (problems.size() > 5)
        lines << RecordingFile::tr("… and %1 more problems").arg(problems.size() - 5);
    return lines.join(QLatin1Char('\n'));
}

// A field as text; files are untrusted, a field of another type reads as empty.
QString textField(const Json &object, const char *key) {
    auto it = object.find(key);
    return it != object.end() && it->is_string() ? QString::fromStdString(it->get<std::string>())
                                                 : QString();
}

} // namespace

bool RecordingFile::save(const CaptureSession &session, const QString &path, QString &error) {
    Json header = CaptureFile::makeHeader();
    header["script"] = session.scriptPath().toStdString();
    header["saved"] = QDateTime::currentDateTimeUtc().toString(Qt::ISODate).toStdString();
    header["run_state"] = stateName(session.runState());
    header["run_description"] = session.runDescription().toStdString();
    // The text that ran, so the recording still reads when the script moves or changes.
    const QString source =
        session.recordedSource().isEmpty() ? session.sourceText() : session.recordedSource();
    header["source"] = source.toStdString();
    // Write next to the target and rename at the end, so a failed save keeps an older file.
    const QString partial = path + QStringLiteral(".part");
    CaptureFile::Writer writer;
    std::string problem;
    bool ok = writer.open(localPath(partial), header, problem);
    if (ok)
        session.forEachEvent([&](const Json &body) { return ok = writer.write(body); });
    if (!writer.close(problem) || !ok) {
        QFile::remove(partial);
        error = problem.empty() ? tr("cannot write %1").arg(QDir::toNativeSeparators(path))
                                : QString::fromStdString(problem);
        return false;
    }
    QFile::remove(path);
    if (!QFile::rename(partial, path)) {
        QFile::remove(partial);
        error = tr("cannot replace %1").arg(QDir::toNativeSeparators(path));
        return false;
    }
    return true;
}

bool RecordingFile::isRecording(const QString &path) {
    if (QFileInfo(path).suffix().compare(QLatin1String(Suffix), Qt::CaseInsensitive) == 0)
        return true;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return false;
    const QByteArray start = file.read(64);
    return start.startsWith("{\"format\":\"dscap\"") || start.startsWith("{\"format\": \"dscap\"");
}

bool RecordingFile::read(const QString &path) {
    m_path = QFileInfo(path).absoluteFilePath();
    m_error.clear();
    std::vector<CaptureFile::Problem> problems;
    m_steps.clear();
    m_stepsBefore.clear();
    // Steps go into a compact store as they are read, checked as CaptureFile::steps() checks
    // them (fields of the wrong type, "line": "abc"); every other event is kept as read.
    m_file.setEventTaker([this, &problems](Event &event, long long line) {
        if (event.type != EventType::Step) {
            m_stepsBefore.push_back(m_steps.size());
            return false;
        }
        std::string problem = CaptureFile::stepProblem(event.body);
        if (problem.empty()) {
            try {
                m_steps.appendEvent(event.body);
                return true;
            } catch (const std::exception &e) {
                problem = e.what();
            }
        }
        problems.push_back({line, m_file.problemText(line, "step event: " + problem)});
        return true;
    });
    const bool loaded = m_file.load(localPath(path), problems);
    m_file.setEventTaker(nullptr);
    std::stable_sort(problems.begin(), problems.end(),
                     [](const CaptureFile::Problem &a, const CaptureFile::Problem &b) {
                         return a.line < b.line;
                     });
    // A corrupt line is skipped by the reader; here any problem refuses the file, since a
    // recording with holes would step through instructions that never ran that way.
    if (!loaded || !problems.empty()) {
        if (problems.empty())
            problems.push_back({0, "cannot read " + localPath(path)});
        m_error = joinProblems(problems);
        return false;
    }
    // Fields of the wrong type ("line": "abc"), found before any view decodes them.
    m_file.codes(problems);
    m_file.errors(problems);
    if (!problems.empty()) {
        m_error = joinProblems(problems);
        return false;
    }
    return true;
}

bool RecordingFile::readInBackground(const QString &path,
                                     const std::function<void(int percent)> &progress) {
    QEventLoop loop;
    bool ok = false;
    if (progress)
        m_file.setProgress([&loop, progress, shown = -1](unsigned long long done,
                                                         unsigned long long total) mutable {
            const int percent = total > 0 ? int(done * 100 / total) : 100;
            if (percent == shown)
                return;
            shown = percent;
            // Queued before the quit below, so every one arrives while the loop runs.
            QMetaObject::invokeMethod(
                &loop, [progress, percent] { progress(percent); }, Qt::QueuedConnection);
        });
    std::thread reader([&] {
        // An exception leaving a std::thread ends the program: a file too big for memory is a
        // refused file, not a crash.
        try {
            ok = read(path);
        } catch (const std::exception &e) {
            ok = false;
            m_error = tr("cannot read %1: %2")
                          .arg(QDir::toNativeSeparators(path), QString::fromLocal8Bit(e.what()));
        }
        // Queued: delivered once loop.exec() runs, even when the read ends before it starts.
        QMetaObject::invokeMethod(&loop, &QEventLoop::quit, Qt::QueuedConnection);
    });
    loop.exec(QEventLoop::ExcludeUserInputEvents);
    reader.join();
    m_file.setProgress(nullptr);
    return ok;
}

QString RecordingFile::scriptPath() const {
    const QString named = textField(m_file.header(), "script");
    if (!named.isEmpty())
        return named;
    // Captures of `dynascope trace --save` name no script: the module's code object does.
    for (const Event &event : m_file.events())
        if (event.type == EventType::Code && textField(event.body, "name") == "<module>")
            return textField(event.body, "filename");
    return {};
}

QString RecordingFile::embeddedSource() const {
    return textField(m_file.header(), "source");
}

void RecordingFile::applyTo(CaptureSession &session, const QString &sourceText,
                            const QString &note) const {
    session.setScript(scriptPath(), sourceText);
    session.beginRun();
    const QString embedded = embeddedSource();
    session.setRecordedSource(embedded.isEmpty() ? sourceText : embedded);
    const QString saved = textField(m_file.header(), "saved");
    session.appendConsole(
        ConsoleEntry::System,
        saved.isEmpty()
            ? tr("Recording %1").arg(QDir::toNativeSeparators(m_path))
            : tr("Recording %1 (saved %2)").arg(QDir::toNativeSeparators(m_path), saved));
    if (!note.isEmpty())
        session.appendConsole(ConsoleEntry::Warning, note);
    bool exited = false;
    size_t step = 0;
    auto stepsUpTo = [&](size_t end) {
        for (; step < end; ++step)
            session.addStep(m_steps.at(step));
    };
    for (size_t i = 0; i < m_file.events().size(); ++i) {
        stepsUpTo(m_stepsBefore[i]);
        session.addEvent(m_file.events()[i]);
        exited |= m_file.events()[i].type == EventType::Exit;
    }
    stepsUpTo(m_steps.size());
    const Json &header = m_file.header();
    RunState state = exited ? RunState::Finished : RunState::Stopped;
    if (auto named = stateFromName(textField(header, "run_state").toStdString()))
        state = *named;
    // A recording is never running or idle: the views show it as an ended run.
    if (state == RunState::Running || state == RunState::Idle)
        state = exited ? RunState::Finished : RunState::Stopped;
    QString description = textField(header, "run_description");
    if (description.isEmpty())
        description = exited ? tr("Finished") : tr("Ended without an exit event");
    description = tr("Recording: %1").arg(description);
    session.appendConsole(ConsoleEntry::System, description);
    session.endRun(state, description);
}

} // namespace dynascope
