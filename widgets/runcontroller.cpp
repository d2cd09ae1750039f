// RunController: WorkerClient signals → CaptureSession calls and user-facing messages.
#include "runcontroller.h"

#include "capturesession.h"
#include "workerclient.h"

#include <QDir>

namespace dynascope {

RunController::RunController(CaptureSession *session, QObject *parent)
    : QObject(parent), m_session(session), m_worker(new WorkerClient(this)) {
    connect(m_worker, &WorkerClient::eventReceived, m_session, &CaptureSession::addEvent);
    connect(m_worker, &WorkerClient::rawStderrReceived, this,
            [this](const QString &text) { m_session->appendConsole(ConsoleEntry::Stderr, text); });
    connect(m_worker, &WorkerClient::protocolError, this, [this](const QString &message) {
        m_session->appendConsole(ConsoleEntry::Warning, message);
    });
    connect(m_worker, &WorkerClient::finished, this, [this](int status) {
        QString description;
        if (const auto &error = m_session->error())
            description = tr("Failed: %1").arg(QString::fromStdString(error->summary()));
        else
            description = tr("Finished with exit status %1").arg(status);
        end(int(RunState::Finished), description, false);
    });
    connect(m_worker, &WorkerClient::crashed, this, [this](const QString &signal) {
        end(int(RunState::Crashed),
            tr("The worker crashed (%1) — the script was stopped; press F5 to run again")
                .arg(signal),
            true);
    });
    connect(m_worker, &WorkerClient::stopped, this,
            [this] { end(int(RunState::Stopped), tr("Stopped"), false); });
    connect(m_worker, &WorkerClient::failedToStart, this,
            [this](const QString &message) { end(int(RunState::FailedToStart), message, true); });
}

bool RunController::isRunning() const {
    return m_worker->isRunning();
}

void RunController::run() {
    // WorkerClient::run() drops a running worker without a word; the new run clears the session.
    m_session->beginRun();
    m_session->appendConsole(
        ConsoleEntry::System,
        tr("Running %1").arg(QDir::toNativeSeparators(m_session->scriptPath())));
    emit runningChanged(true);
    m_worker->run(m_session->scriptPath(), {}, m_options);
}

void RunController::stop() {
    m_worker->stop();
}

void RunController::end(int state, const QString &description, bool asWarning) {
    m_session->appendConsole(asWarning ? ConsoleEntry::Warning : ConsoleEntry::System, description);
    m_session->endRun(RunState(state), description);
    emit runningChanged(false);
}

} // namespace dynascope
