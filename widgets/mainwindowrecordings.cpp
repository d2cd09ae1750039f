// MainWindow's recording commands: File ▸ Open Recording… and Save Recording As… (.dscap), kept
// apart from the window's script and layout code in mainwindow.cpp.
#include "mainwindow.h"

#include "capturesession.h"
#include "recentfiles.h"
#include "recording/recordingfile.h"
#include "runcontroller.h"
#include "sourceeditor.h"
#include "workspace/documentarea.h"

#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QLocale>
#include <QStatusBar>

namespace dynascope {

void MainWindow::showOpenRecordingDialog() {
    if (!maybeSave())
        return;
    const QString dir = m_path.isEmpty() ? QDir::currentPath() : QFileInfo(m_path).absolutePath();
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Recording"), dir,
                                                      tr("Recordings (*.dscap);;All files (*)"));
    if (!path.isEmpty())
        openRecording(path);
}

void MainWindow::showSaveRecordingDialog() {
    const QString script = m_session->scriptPath();
    const QString suggestion =
        script.isEmpty() ? QDir::current().filePath(QStringLiteral("recording.dscap"))
                         : QFileInfo(script).dir().filePath(QFileInfo(script).completeBaseName() +
                                                            QStringLiteral(".dscap"));
    const QString path = QFileDialog::getSaveFileName(this, tr("Save Recording"), suggestion,
                                                      tr("Recordings (*.dscap);;All files (*)"));
    if (!path.isEmpty())
        saveRecording(path);
}

bool MainWindow::saveRecording(const QString &path) {
    QString problem;
    if (m_run->isRunning())
        problem = tr("the script is still running; wait for it or stop it (Shift+F5)");
    else if (m_session->isEmpty())
        problem = tr("there is no run to save; run the script first (F5)");
    else if (!RecordingFile::save(*m_session, path, problem))
        problem = problem.isEmpty() ? tr("cannot write the file") : problem;
    else {
        m_recentFiles->add(QFileInfo(path).absoluteFilePath());
        statusBar()->showMessage(
            tr("Saved the recording to %1").arg(QDir::toNativeSeparators(path)), 5000);
        return true;
    }
    showProblem(tr("Cannot save recording"),
                tr("Cannot save %1: %2.").arg(QDir::toNativeSeparators(path), problem));
    return false;
}

bool MainWindow::openRecording(const QString &path) {
    if (m_run->isRunning()) {
        showProblem(tr("Cannot open recording"),
                    tr("A script is running; stop it (Shift+F5) before opening %1.")
                        .arg(QDir::toNativeSeparators(path)));
        return false;
    }
    // Read and check everything first: a bad file must not cost the run on screen. The read
    // runs off the GUI thread; the window keeps painting and says what it is doing.
    RecordingFile recording;
    const QString name = QFileInfo(path).fileName();
    const QString size = QLocale().formattedDataSize(QFileInfo(path).size());
    statusBar()->showMessage(tr("Opening the recording %1 (%2)…").arg(name, size));
    m_openingRecording = true;
    const bool read = recording.readInBackground(path, [this, name, size](int percent) {
        statusBar()->showMessage(
            tr("Opening the recording %1 (%2)… %3 %").arg(name, size).arg(percent));
    });
    m_openingRecording = false;
    statusBar()->clearMessage();
    if (m_closeAfterOpening) {
        close(); // asked for while the file was being read
        return false;
    }
    if (!read) {
        showProblem(tr("Cannot open recording"),
                    tr("Cannot open the recording %1:\n%2")
                        .arg(QDir::toNativeSeparators(path), recording.errorString()));
        if (!QFileInfo::exists(path))
            m_recentFiles->remove(path);
        return false;
    }
    // The script as it is on disk now; steps name its lines. When it moved or is gone, the copy
    // saved in the recording stands in for it (older recordings have none: the editor is empty).
    const QString script = recording.scriptPath();
    const QString embedded = recording.embeddedSource();
    QString text;
    QString note;
    QFile file(script);
    const bool readable = !script.isEmpty() && file.open(QIODevice::ReadOnly);
    if (readable)
        text = QString::fromUtf8(file.readAll());
    else if (!embedded.isEmpty())
        text = embedded;
    if (script.isEmpty())
        note = embedded.isEmpty()
                   ? tr("The recording names no script; the editor is empty.")
                   : tr("The recording names no script; the editor shows the copy saved in it.");
    else if (!readable)
        note = (embedded.isEmpty()
                    ? tr("The recorded script %1 cannot be read (%2); the editor is empty.")
                    : tr("The recorded script %1 cannot be read (%2); the editor shows the copy "
                         "saved in the recording."))
                   .arg(QDir::toNativeSeparators(script), file.errorString());
    if (m_run->isRunning())
        m_run->stop();
    m_path = readable ? QFileInfo(script).absoluteFilePath() : QString();
    m_bannerNote = note;
    m_editor->setText(text);
    m_editor->setModified(false);
    m_editor->setCursorPosition(0, 0);
    recording.applyTo(*m_session, text, note);
    m_recentFiles->add(recording.path());
    m_documents->showDocument(QStringLiteral("source"));
    updateTitle();
    updateSourceBanner();
    statusBar()->showMessage(tr("Opened the recording %1 (%2 events)")
                                 .arg(QFileInfo(path).fileName())
                                 .arg(recording.eventCount()),
                             5000);
    return true;
}

} // namespace dynascope
