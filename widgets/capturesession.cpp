// CaptureSession: stores a run's events by type and keeps the shared selection consistent.
#include "capturesession.h"

#include <QFileInfo>

namespace dynascope {

CaptureSession::CaptureSession(QObject *parent) : QObject(parent) {
    qRegisterMetaType<dynascope::ConsoleEntry>();
}

void CaptureSession::setScript(const QString &path, const QString &sourceText) {
    m_scriptPath = path.isEmpty() ? QString() : QFileInfo(path).absoluteFilePath();
    m_sourceText = sourceText;
    m_sourceLines = sourceText.split(QLatin1Char('\n'));
    emit scriptChanged();
}

void CaptureSession::beginRun() {
    reset(RunState::Running, tr("Running %1").arg(QFileInfo(m_scriptPath).fileName()));
}

void CaptureSession::clearRun() {
    reset(RunState::Idle, QString());
}

void CaptureSession::reset(RunState state, const QString &description) {
    m_events.clear();
    m_stepsBefore.clear();
    m_steps = std::make_shared<StepStore>(); // whoever holds the old one keeps it
    m_eventsByType.clear();
    m_capture = std::make_shared<CaptureDigest>(); // the old one's holders keep it
    m_codeInfos.clear();
    m_codeAliases.clear();
    m_error.reset();
    m_exitStatus.reset();
    m_console.clear();
    m_outputInEvents = 0;
    m_recordedSource = state == RunState::Running ? m_sourceText : QString(); // what runs
    m_runState = state;
    m_runDescription = description;
    m_selectedGraph.clear();
    m_selectedKernel = {-1, -1};
    const bool hadInstruction = m_selectedInstruction.isValid();
    m_selectedInstruction = {};
    emit runStarted();
    emit errorChanged();
    emit runStateChanged();
    if (hadInstruction)
        emit selectionChanged();
}

void CaptureSession::addEvent(const Event &event) {
    if (event.type == EventType::Step) {
        addStepEvent(event.body);
        return;
    }
    if (event.type == EventType::Output && !keepOutputEvent(event))
        return;
    m_events.push_back(event);
    m_stepsBefore.push_back(m_steps->size());
    std::vector<size_t> &ofType = m_eventsByType[event.type];
    ofType.push_back(m_events.size() - 1);
    const int index = int(ofType.size()) - 1;

    // The codecs are tolerant, but a field of the wrong type still throws: the stream is
    // untrusted, so a bad event becomes a console warning, never a crash.
    try {
        if (event.type == EventType::Code) {
            CodeInfo code = event.body.get<CodeInfo>();
            if (!m_codeAliases.add(code, m_codeInfos)) {
                m_codeInfos.push_back(std::move(code));
                emit codeAdded(int(m_codeInfos.size()) - 1);
            }
        } else if (event.type == EventType::Output) {
            const std::string stream = event.body.value("stream", std::string("stdout"));
            appendConsole(stream == "stderr" ? ConsoleEntry::Stderr : ConsoleEntry::Stdout,
                          QString::fromStdString(event.body.value("text", std::string())));
        } else if (event.type == EventType::Error) {
            m_error = event.body.get<ScriptError>();
            QString text = QString::fromStdString(m_error->formatted);
            if (text.isEmpty())
                text = QString::fromStdString(m_error->summary()) + QLatin1Char('\n');
            appendConsole(ConsoleEntry::Stderr, text);
            emit errorChanged();
        } else if (event.type == EventType::RecordingStopped) {
            // The recorder's limit: the script goes on, the stepper ends at the last step.
            const QString reason =
                QString::fromStdString(event.body.value("reason", std::string()));
            QString text = tr("Recording stopped at %1 steps").arg(event.body.value("steps", 0LL));
            if (!reason.isEmpty())
                text += QStringLiteral(" (%1)").arg(reason);
            appendConsole(ConsoleEntry::System,
                          text + tr("; the script runs on without recording."));
        } else if (event.type == EventType::Exit) {
            m_exitStatus = event.body.value("status", 0);
        } else if (std::string why; !m_capture->add(event, &why) && !why.empty()) {
            appendConsole(ConsoleEntry::Warning,
                          tr("Ignored a malformed '%1' event: %2")
                              .arg(QString::fromStdString(event.type), QString::fromStdString(why)));
        }
    } catch (const Json::exception &e) {
        appendConsole(ConsoleEntry::Warning,
                      tr("Ignored a malformed '%1' event: %2")
                          .arg(QString::fromStdString(event.type), QString::fromUtf8(e.what())));
    }
    emit eventAdded(QString::fromStdString(event.type), index);
}

void CaptureSession::addStep(Step step) {
    step.codeId = m_codeAliases.resolve(step.codeId);
    m_steps->append(step);
    emit eventAdded(QLatin1String(EventType::Step), int(m_steps->size()) - 1);
}

void CaptureSession::addStepEvent(const Json &body) {
    // Steps name the recorder's ids for code objects the module tree already described.
    const std::string *canonical = m_codeAliases.canonicalCodeOf(body);
    try {
        m_steps->appendEvent(body, canonical);
    } catch (const std::exception &e) {
        // An untrusted stream: a malformed step is dropped (the stepper could not show it).
        appendConsole(ConsoleEntry::Warning,
                      tr("Ignored a malformed '%1' event: %2")
                          .arg(QLatin1String(EventType::Step), QString::fromUtf8(e.what())));
        return;
    }
    emit eventAdded(QLatin1String(EventType::Step), int(m_steps->size()) - 1);
}

void CaptureSession::forEachEvent(const std::function<bool(const Json &)> &f) const {
    size_t step = 0;
    auto stepsUpTo = [&](size_t end) {
        for (; step < end; ++step)
            if (!f(m_steps->eventAt(step)))
                return false;
        return true;
    };
    for (size_t i = 0; i < m_events.size(); ++i)
        if (!stepsUpTo(m_stepsBefore[i]) || !f(m_events[i].body))
            return;
    stepsUpTo(m_steps->size());
}

bool CaptureSession::keepOutputEvent(const Event &event) {
    // Past the first megabyte an output event goes to the console only: a script printing
    // 100 MB must not keep 100 MB of events (and a million JSON objects) in the GUI.
    const auto text = event.body.find("text");
    const qint64 size = text != event.body.end() && text->is_string()
                            ? qint64(text->get_ref<const std::string &>().size())
                            : 0;
    if (m_outputInEvents + size <= m_console.capacityBytes()) {
        m_outputInEvents += size;
        return true;
    }
    m_outputInEvents = m_console.capacityBytes() + 1; // later small ones are not kept either
    const std::string stream = event.body.value("stream", std::string("stdout"));
    appendConsole(stream == "stderr" ? ConsoleEntry::Stderr : ConsoleEntry::Stdout,
                  size > 0 ? QString::fromStdString(text->get_ref<const std::string &>())
                           : QString());
    return false;
}

void CaptureSession::appendConsole(ConsoleEntry::Kind kind, const QString &text) {
    const QString stored = m_console.append(kind, text);
    if (!stored.isEmpty())
        emit consoleAppended(ConsoleEntry{kind, stored});
}

void CaptureSession::endRun(RunState state, const QString &description) {
    m_runState = state;
    m_runDescription = description;
    emit runStateChanged();
}

const CodeInfo *CaptureSession::codeInfo(const QString &id) const {
    const std::string key = m_codeAliases.resolve(id.toStdString());
    for (const CodeInfo &c : m_codeInfos)
        if (c.id == key)
            return &c;
    return nullptr;
}

const Instruction *CaptureSession::instruction(const InstructionRef &ref) const {
    const CodeInfo *code = codeInfo(ref.codeId);
    if (!code)
        return nullptr;
    for (const Instruction &i : code->instructions)
        if (i.offset == ref.offset)
            return &i;
    return nullptr;
}

bool CaptureSession::isScriptFile(const std::string &file) const {
    if (m_scriptPath.isEmpty() || file.empty())
        return false;
    const QFileInfo info(QString::fromStdString(file));
    return info.absoluteFilePath() == m_scriptPath ||
           (info.exists() &&
            info.canonicalFilePath() == QFileInfo(m_scriptPath).canonicalFilePath());
}

std::optional<std::pair<int, int>> CaptureSession::errorLocation() const {
    if (!m_error)
        return std::nullopt;
    if (m_error->isSyntaxError())
        return isScriptFile(m_error->syntaxFile)
                   ? std::optional(std::pair(m_error->syntaxLine, m_error->syntaxColumn))
                   : std::nullopt;
    for (auto it = m_error->frames.rbegin(); it != m_error->frames.rend(); ++it)
        if (it->line > 0 && isScriptFile(it->file))
            return std::pair(it->line, 0);
    return std::nullopt;
}

EventsOfType CaptureSession::eventsOfType(const std::string &type) const {
    auto it = m_eventsByType.find(type);
    return it == m_eventsByType.end() ? EventsOfType() : EventsOfType(m_events, it->second);
}

void CaptureSession::setSelectedLine(int line) {
    line = std::max(line, 0);
    if (line == m_selectedLine)
        return;
    m_selectedLine = line;
    if (const Instruction *i = instruction(m_selectedInstruction);
        !i || i->lineOfInstruction != line)
        m_selectedInstruction = {};
    emit selectionChanged();
}

void CaptureSession::setSelectedInstruction(const InstructionRef &ref) {
    const Instruction *i = instruction(ref);
    const int line = i && i->lineOfInstruction > 0 ? i->lineOfInstruction : m_selectedLine;
    if (ref == m_selectedInstruction && line == m_selectedLine)
        return;
    m_selectedInstruction = i ? ref : InstructionRef{};
    m_selectedLine = line;
    emit selectionChanged();
}

void CaptureSession::setSelectedGraph(const QString &graphId) {
    if (graphId == m_selectedGraph)
        return;
    m_selectedGraph = graphId;
    emit graphSelected(graphId);
}

void CaptureSession::setSelectedNode(const QString &graphId, const QString &nodeName) {
    emit nodeSelected(graphId, nodeName);
}

void CaptureSession::setSelectedKernel(int record, int kernel) {
    if (std::pair(record, kernel) == m_selectedKernel)
        return;
    m_selectedKernel = {record, kernel};
    emit kernelSelected(record, kernel);
}

} // namespace dynascope
