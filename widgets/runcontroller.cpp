// RunController: WorkerClient signals → CaptureSession calls and user-facing messages.
#include "runcontroller.h"

#include "capturesession.h"
#include "workerclient.h"

#include <QDir>
#include <QTimer>

namespace dynascope {

RunController::RunController(CaptureSession *session, QObject *parent)
    : QObject(parent), m_session(session), m_worker(new WorkerClient(this)),
      m_teardown(new QTimer(this)) {
    connect(m_worker, &WorkerClient::eventReceived, m_session, &CaptureSession::addEvent);
    // The "exit" event is the worker's last word: the run ends there, not seconds later when
    // the interpreter (and torch) has finished tearing down. The process is left to exit.
    connect(m_worker, &WorkerClient::eventReceived, this, [this](const Event &event) {
        if (event.type == "memory_limit")
            m_memoryLimitReached = true;
        if (event.type != EventType::Exit || m_ended)
            return;
        m_ended = true;
        finish(event.body.value("status", 0));
        m_teardown->start();
    });
    m_teardown->setSingleShot(true);
    m_teardown->setInterval(5000);
    connect(m_teardown, &QTimer::timeout, this, [this] {
        if (m_worker->isRunning())
            m_worker->stop(); // a teardown that hangs must not hold the process forever
    });
    connect(m_worker, &WorkerClient::rawStderrReceived, this,
            [this](const QString &text) { m_session->appendConsole(ConsoleEntry::Stderr, text); });
    connect(m_worker, &WorkerClient::protocolError, this, [this](const QString &message) {
        m_session->appendConsole(ConsoleEntry::Warning, message);
    });
    connect(m_worker, &WorkerClient::finished, this, [this](int status) {
        if (!m_ended)
            finish(status);
    });
    connect(m_worker, &WorkerClient::crashed, this, [this](const QString &signal) {
        if (m_ended)
            return; // after the exit event: the script's run was complete
        end(int(RunState::Crashed),
            tr("The worker crashed (%1) — the script was stopped; press F5 to run again")
                .arg(signal),
            true);
        // A library that does not check malloc dies when the address-space limit refuses it:
        // a line of its own in the console (the status bar keeps the crash).
        if (m_options.memoryLimitMb > 0)
            m_session->appendConsole(
                ConsoleEntry::System,
                tr("If it ran out of memory: the worker's memory limit is %L1 MB, Run ▸ Worker "
                   "Memory Limit raises it.")
                    .arg(m_options.memoryLimitMb));
    });
    connect(m_worker, &WorkerClient::stopped, this, [this] {
        if (!m_ended)
            end(int(RunState::Stopped), tr("Stopped"), false);
    });
    connect(m_worker, &WorkerClient::failedToStart, this,
            [this](const QString &message) { end(int(RunState::FailedToStart), message, true); });
}

bool RunController::isRunning() const {
    return m_worker->isRunning() && !m_ended;
}

void RunController::finish(int status) {
    QString description;
    if (m_memoryLimitReached)
        description = memoryLimitMessage(m_options.memoryLimitMb);
    else if (const auto &error = m_session->error())
        description = tr("Failed: %1").arg(QString::fromStdString(error->summary()));
    else
        description = tr("Finished with exit status %1").arg(status);
    end(int(RunState::Finished), description, m_memoryLimitReached);
}

QString RunController::memoryLimitMessage(long long megabytes) {
    return tr("The worker's memory limit of %L1 MB was reached (MemoryError); Run ▸ Worker "
              "Memory Limit raises it")
        .arg(megabytes);
}

void RunController::run() {
    m_ended = false;
    m_memoryLimitReached = false;
    m_teardown->stop();
    // WorkerClient::run() drops a running worker without a word; the new run clears the session.
    m_session->beginRun();
    m_session->appendConsole(
        ConsoleEntry::System,
        tr("Running %1").arg(QDir::toNativeSeparators(m_session->scriptPath())));
    emit runningChanged(true);
    m_worker->run(m_session->scriptPath(), {}, m_options);
}

void RunController::stop() {
    if (!m_ended)
        m_worker->stop();
}

void RunController::end(int state, const QString &description, bool asWarning) {
    m_session->appendConsole(asWarning ? ConsoleEntry::Warning : ConsoleEntry::System, description);
    m_session->endRun(RunState(state), description);
    emit runningChanged(false);
}

} // namespace dynascope
