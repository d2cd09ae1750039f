// The script editor: Python highlighting, line numbers, current-line and error markers.
#pragma once

#include <Qsci/qsciscintilla.h>

namespace dynascope {

class CaptureSession;

// Edits the script. Moving the cursor sets the session's selected line; a line selected
// elsewhere (an instruction in the bytecode view) moves the cursor and the current-line marker
// here. An error of the run that points into the script marks its line and annotates it.
//
// The execution point (where the stepper is) is separate from the cursor: its own arrow and
// line colour, and a box around the columns of the instruction being run (3.11 positions).
// Clicking elsewhere moves the cursor, never the execution point.
class SourceEditor : public QsciScintilla {
    Q_OBJECT
public:
    enum Markers {
        CurrentLineArrow,
        CurrentLineBackground,
        ErrorSymbol,
        ErrorBackground,
        ExecutionArrow,
        ExecutionBackground,
    };
    // What the execution point is doing on its line (the arrow's colour says it).
    enum class ExecutionKind { Instruction, Return, Exception };

    explicit SourceEditor(CaptureSession *session, QWidget *parent = nullptr);

    // 1-based line of the cursor.
    int cursorLine() const;
    // 1-based lines carrying `marker`.
    QList<int> linesWithMarker(Markers marker) const;

    // Marks the stepper's line (1-based) and, when `endLine` > 0, the columns from
    // (line, column) to (endLine, endColumn) (0-based columns, as co_positions gives them).
    // Line 0 clears it.
    void setExecutionPoint(int line, ExecutionKind kind = ExecutionKind::Instruction,
                           int column = -1, int endLine = 0, int endColumn = -1);
    int executionLine() const { return m_executionLine; }
    ExecutionKind executionKind() const { return m_executionKind; }
    // The text inside the execution span ("" when there is none), for tests and tooltips.
    QString executionSpanText() const;

protected:
    void changeEvent(QEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void applyColours();
    void followSelection();
    void showError();
    void onCursorMoved(int line, int index);

    CaptureSession *m_session;
    bool m_following = false;
    int m_executionLine = 0;
    ExecutionKind m_executionKind = ExecutionKind::Instruction;
    int m_spanStart = -1, m_spanEnd = -1; // document positions of the execution span
};

} // namespace dynascope
