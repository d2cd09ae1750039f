// ScriptAutosave: while the edited script has unsaved changes, a copy of its text is kept on
// disk, so a crash of the GUI loses nothing; the next start offers the copy back.
#pragma once

#include <QDateTime>
#include <QObject>
#include <QString>

#include <functional>
#include <vector>

class QTimer;

namespace dynascope {

class SourceEditor;

class ScriptAutosave : public QObject {
    Q_OBJECT
public:
    // A copy a session left behind (its process is gone).
    struct Copy {
        QString file;         // the autosave file itself
        QString originalPath; // the script it is a copy of ("" for an untitled one)
        QString text;
        QDateTime saved;
    };

    // `scriptPath` says which file the editor shows (empty: untitled).
    ScriptAutosave(SourceEditor *editor, std::function<QString()> scriptPath, QObject *parent);

    // $XDG_CACHE_HOME/dynascope/autosave (created 0700), or "" when it cannot be made.
    static QString folder();
    // Copies of sessions whose process has ended, newest first.
    static std::vector<Copy> leftBehind();
    static void remove(const Copy &copy);

    // Writes the copy now when the text has unsaved changes, removes it when it has none.
    void sync();
    // The user closed the window on purpose (saved or discarded): no copy remains.
    void discard();
    QString file() const { return m_file; }

private:
    SourceEditor *m_editor;
    std::function<QString()> m_scriptPath;
    QTimer *m_timer;
    QString m_file;
    QString m_written; // the text last written, to skip rewriting the same
};

} // namespace dynascope
