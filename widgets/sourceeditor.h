// The script editor: Python highlighting, line numbers, current-line and error markers.
#pragma once

#include <Qsci/qsciscintilla.h>

namespace dynascope {

class CaptureSession;

// Edits the script. Moving the cursor sets the session's selected line; a line selected
// elsewhere (an instruction in the bytecode view) moves the cursor and the current-line marker
// here. An error of the run that points into the script marks its line and annotates it.
class SourceEditor : public QsciScintilla {
    Q_OBJECT
public:
    enum Markers { CurrentLineArrow, CurrentLineBackground, ErrorSymbol, ErrorBackground };

    explicit SourceEditor(CaptureSession *session, QWidget *parent = nullptr);

    // 1-based line of the cursor.
    int cursorLine() const;
    // 1-based lines carrying `marker`.
    QList<int> linesWithMarker(Markers marker) const;

private:
    void followSelection();
    void showError();
    void onCursorMoved(int line, int index);

    CaptureSession *m_session;
    bool m_following = false;
};

} // namespace dynascope
