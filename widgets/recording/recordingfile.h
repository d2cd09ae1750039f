// RecordingFile: a session's run saved as a .dscap recording, and opened again into a session.
#pragma once

#include "model/capturefile.h"
#include "model/stepstore.h"

#include <QCoreApplication>
#include <QString>

#include <functional>

namespace dynascope {

class CaptureSession;

// A recording is the run's event stream as the worker sent it (model/capturefile.h), with the
// script's path and how the run ended in the header. Opening one feeds the events through the
// session's own intake (CaptureSession::addEvent), so every view fills exactly as during a run.
//
// Reading is all or nothing: a truncated or corrupted file is refused with the reader's message
// (naming the file and the line) before any session is touched, so a bad file never costs the
// current run, and a recording with holes never steps through instructions that did not run
// that way. The file is read and decoded a chunk at a time (CaptureFile::load).
class RecordingFile {
    Q_DECLARE_TR_FUNCTIONS(RecordingFile)
public:
    static constexpr const char *Suffix = "dscap";

    // Writes the session's events; false with `error` set (nothing half-written is left).
    static bool save(const CaptureSession &session, const QString &path, QString &error);
    // True for a .dscap name, or a file whose first bytes are a dscap header.
    static bool isRecording(const QString &path);

    // Reads and checks the whole file; touches no session. False with errorString() set.
    bool read(const QString &path);
    // read() on a thread of its own while the calling (GUI) thread keeps handling events, so
    // the window repaints and its progress shows during a long read; user input waits until
    // the read ends (no second Open can start meanwhile). `progress` is called on the calling
    // thread with the share of the file read so far, in percent, each time it grows.
    bool readInBackground(const QString &path,
                          const std::function<void(int percent)> &progress = {});
    QString errorString() const { return m_error; }
    QString path() const { return m_path; }
    // The recorded script: the header's, else the file of the first <module> code object.
    QString scriptPath() const;
    // The script's text as it was run, saved in the header (empty in older recordings).
    QString embeddedSource() const;
    int eventCount() const { return int(m_file.events().size() + m_steps.size()); }

    // Fills `session` as the recorded run did: `sourceText` as the script's text, the events,
    // then the recorded end state. `note` (e.g. "the script is gone") goes to the console.
    void applyTo(CaptureSession &session, const QString &sourceText, const QString &note) const;

private:
    CaptureFile m_file; // every event but the steps
    // The steps, taken out of the file as it is read (CaptureFile::setEventTaker), and for each
    // event of m_file how many steps came before it, so applyTo() keeps the stream's order.
    StepStore m_steps;
    std::vector<size_t> m_stepsBefore;
    QString m_path;
    QString m_error;
};

} // namespace dynascope
