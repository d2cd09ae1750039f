// Feeds the session from a worker run: events in, console messages and the run's end state out.
#pragma once

#include "workerclient.h"

#include <QObject>
#include <QString>

class QTimer;

namespace dynascope {

class CaptureSession;

// The one producer of a live session: starts a WorkerClient on the session's script and turns
// everything the worker reports (events, raw stderr, bad lines, exit, crash, stop) into session
// calls with words a user reads in the console and status bar.
class RunController : public QObject {
    Q_OBJECT
public:
    explicit RunController(CaptureSession *session, QObject *parent = nullptr);

    WorkerClient *worker() const { return m_worker; }
    bool isRunning() const;

    // Options of the next run (recording steps or not).
    void setRunOptions(const RunOptions &options) { m_options = options; }
    RunOptions runOptions() const { return m_options; }

    // Runs the session's script in a fresh worker (a running one is killed first).
    void run();
    void stop();

    // What the console and status bar say when the script hit the worker's memory limit.
    static QString memoryLimitMessage(long long megabytes);

signals:
    void runningChanged(bool running);

private:
    void finish(int status);
    void end(int state, const QString &description, bool asWarning);

    CaptureSession *m_session;
    WorkerClient *m_worker;
    RunOptions m_options;
    QTimer *m_teardown;   // stops a worker whose teardown hangs after its exit event
    bool m_ended = false; // the exit event came: the run is over, the process may linger
    bool m_memoryLimitReached = false; // the worker sent "memory_limit"
};

} // namespace dynascope
