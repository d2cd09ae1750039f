// Starts and stops the worker process and turns its stdout into decoded events.
#pragma once

#include "model/event.h"

#include <QByteArray>
#include <QObject>
#include <QProcess>
#include <QString>
#include <QStringDecoder>
#include <QStringList>

namespace dynascope {

// What the run command asks of the worker besides the script (see cli/workercommand.cpp).
struct RunOptions {
    bool record = false;         // send a "step" event per instruction (the stepper needs them)
    long long maxSteps = 0;      // 0: the recorder's default limit
    bool includeLibrary = false; // also record the standard library and installed packages
    bool kernelTiming = false;   // build kernels first, then send "timing" (Run Compiled Kernels)
    long long memoryLimitMb = 0; // the worker's address-space limit (RLIMIT_AS); 0: none
};

// One run of `dynascope worker`: writes the run command on the worker's stdin, splits its stdout
// into lines, decodes each as an Event and reports the end of the process. Everything happens on
// the calling thread through QProcess signals, so the GUI never blocks on a script.
class WorkerClient : public QObject {
    Q_OBJECT
public:
    explicit WorkerClient(QObject *parent = nullptr);
    ~WorkerClient() override;

    // The executable started as `EXE worker`; defaults to this application's own file.
    void setExecutable(const QString &path) { m_executable = path; }
    QString executable() const { return m_executable; }

    bool isRunning() const;

    // Starts a fresh worker on `scriptPath` (made absolute). A running worker is killed first.
    void run(const QString &scriptPath, const QStringList &args = {},
             const RunOptions &options = {});
    // Kills the worker (SIGKILL: ends a script blocked in C too); emits stopped() once it is gone.
    void stop();

    // "signal 11, SIGSEGV" for a signal number.
    static QString describeSignal(int signal);

signals:
    void started();
    void eventReceived(const dynascope::Event &event);
    // Text the worker wrote to its own fd 2 (C-level output, not part of the event stream).
    void rawStderrReceived(const QString &text);
    // A stdout line that is not a valid event; the run goes on.
    void protocolError(const QString &message);
    // The worker exited on its own with this status.
    void finished(int status);
    // The worker died from a signal it did not ask for; `description` is "signal 11, SIGSEGV".
    void crashed(const QString &description);
    // stop() ended the worker.
    void stopped();
    // The executable could not be started at all.
    void failedToStart(const QString &message);

private:
    void readStdout();
    void readStderr();
    void decodeLine(const QByteArray &line);
    void onFinished(int exitCode, QProcess::ExitStatus exitStatus);
    void onError(QProcess::ProcessError error);
    void discardProcess();

    QString m_executable;
    QProcess *m_process = nullptr;
    QByteArray m_pending; // stdout bytes after the last newline
    QStringDecoder m_stderrDecoder{QStringDecoder::Utf8};
    bool m_stopRequested = false;
};

} // namespace dynascope

Q_DECLARE_METATYPE(dynascope::Event)
