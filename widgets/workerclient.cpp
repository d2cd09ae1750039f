// WorkerClient: the GUI side of the worker protocol (one command in, one event per line out).
#include "workerclient.h"

#include <QCoreApplication>
#include <QFileInfo>

#include <csignal>
#include <cstring>

namespace dynascope {

WorkerClient::WorkerClient(QObject *parent)
    : QObject(parent), m_executable(QCoreApplication::applicationFilePath()) {
    qRegisterMetaType<dynascope::Event>();
}

WorkerClient::~WorkerClient() {
    discardProcess();
}

bool WorkerClient::isRunning() const {
    return m_process && m_process->state() != QProcess::NotRunning;
}

void WorkerClient::run(const QString &scriptPath, const QStringList &args,
                       const RunOptions &options) {
    discardProcess();
    m_pending.clear();
    m_stderrDecoder.resetState();
    m_stopRequested = false;

    const QFileInfo script(scriptPath);
    Json command = {{"cmd", "run"}, {"script", script.absoluteFilePath().toStdString()}};
    Json jsonArgs = Json::array();
    for (const QString &a : args)
        jsonArgs.push_back(a.toStdString());
    command["args"] = jsonArgs;
    command["record"] = options.record;
    command["include_library"] = options.includeLibrary;
    if (options.kernelTiming)
        command["kernel_timing"] = true;
    if (options.maxSteps > 0)
        command["max_steps"] = options.maxSteps;
    if (options.memoryLimitMb > 0)
        command["memory_limit_mb"] = options.memoryLimitMb;

    m_process = new QProcess(this);
    // Relative paths in a script mean "next to the script", as when run from its own folder.
    m_process->setWorkingDirectory(script.absolutePath());
    connect(m_process, &QProcess::readyReadStandardOutput, this, &WorkerClient::readStdout);
    connect(m_process, &QProcess::readyReadStandardError, this, &WorkerClient::readStderr);
    connect(m_process, &QProcess::finished, this, &WorkerClient::onFinished);
    connect(m_process, &QProcess::errorOccurred, this, &WorkerClient::onError);
    connect(m_process, &QProcess::started, this, [this] { emit started(); });
    m_process->start(m_executable, {QStringLiteral("worker")});
    if (!m_process) // failedToStart was reported from inside start()
        return;
    // QProcess buffers the write until the process has started; the close follows the data.
    m_process->write(QByteArray::fromStdString(encodeEvent(command)) + '\n');
    m_process->closeWriteChannel();
}

void WorkerClient::stop() {
    if (!isRunning())
        return;
    m_stopRequested = true;
    m_process->kill();
}

void WorkerClient::readStdout() {
    if (!m_process)
        return;
    const QProcess *process = m_process;
    m_pending += m_process->readAllStandardOutput();
    qsizetype start = 0;
    for (qsizetype nl = m_pending.indexOf('\n'); nl >= 0; nl = m_pending.indexOf('\n', start)) {
        decodeLine(m_pending.mid(start, nl - start));
        start = nl + 1;
        if (m_process != process) // a slot reacting to an event replaced or dropped the run
            return;
    }
    m_pending.remove(0, start);
}

void WorkerClient::readStderr() {
    if (!m_process)
        return;
    const QString text = m_stderrDecoder.decode(m_process->readAllStandardError());
    if (!text.isEmpty())
        emit rawStderrReceived(text);
}

void WorkerClient::decodeLine(const QByteArray &rawLine) {
    QByteArray line = rawLine;
    if (line.endsWith('\r'))
        line.chop(1);
    if (line.trimmed().isEmpty())
        return;
    std::string error;
    std::optional<Event> event = decodeEvent(line.toStdString(), error);
    if (!event) {
        const QByteArray excerpt = line.left(80) + (line.size() > 80 ? "…" : "");
        emit protocolError(tr("Ignored a worker line (%1): %2")
                               .arg(QString::fromStdString(error), QString::fromUtf8(excerpt)));
        return;
    }
    emit eventReceived(*event);
}

void WorkerClient::onFinished(int exitCode, QProcess::ExitStatus exitStatus) {
    readStdout();
    readStderr();
    if (!m_pending.isEmpty()) {
        // The worker died in the middle of a line: report it rather than decode half an event.
        emit protocolError(
            tr("The worker's last line was cut off (%1 bytes)").arg(m_pending.size()));
        m_pending.clear();
    }
    const bool stopRequested = m_stopRequested;
    m_stopRequested = false;
    if (stopRequested)
        emit stopped();
    else if (exitStatus == QProcess::CrashExit)
        emit crashed(describeSignal(exitCode)); // on Unix, exitCode holds the signal number
    else
        emit finished(exitCode);
}

void WorkerClient::onError(QProcess::ProcessError error) {
    if (error != QProcess::FailedToStart || !m_process)
        return; // crashes and kills arrive through finished()
    const QString message =
        tr("Could not start the worker %1: %2").arg(m_executable, m_process->errorString());
    m_process->deleteLater();
    m_process = nullptr;
    emit failedToStart(message);
}

void WorkerClient::discardProcess() {
    if (!m_process)
        return;
    QProcess *process = m_process;
    m_process = nullptr;
    process->disconnect(this);
    if (process->state() != QProcess::NotRunning) {
        process->kill();
        process->waitForFinished(1000); // SIGKILL: reaping takes milliseconds
    }
    process->deleteLater();
}

QString WorkerClient::describeSignal(int signal) {
    static const struct {
        int number;
        const char *name;
    } names[] = {{SIGSEGV, "SIGSEGV"}, {SIGABRT, "SIGABRT"}, {SIGBUS, "SIGBUS"},
                 {SIGFPE, "SIGFPE"},   {SIGILL, "SIGILL"},   {SIGKILL, "SIGKILL"},
                 {SIGTERM, "SIGTERM"}, {SIGINT, "SIGINT"},   {SIGHUP, "SIGHUP"},
                 {SIGPIPE, "SIGPIPE"}, {SIGQUIT, "SIGQUIT"}, {SIGTRAP, "SIGTRAP"}};
    for (const auto &n : names)
        if (n.number == signal)
            return QStringLiteral("signal %1, %2").arg(signal).arg(QLatin1String(n.name));
    return QStringLiteral("signal %1").arg(signal);
}

} // namespace dynascope
