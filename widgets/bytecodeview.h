// Tree view of the run's bytecode that follows and sets the session's selection.
#pragma once

#include <QTreeView>

namespace dynascope {

class BytecodeModel;
class CaptureSession;

// Shows BytecodeModel; fills it from the session's code events. Selecting an instruction sets
// the session's selected instruction (and so its line); a selected source line selects every
// instruction of that line here.
class BytecodeView : public QTreeView {
    Q_OBJECT
public:
    explicit BytecodeView(CaptureSession *session, QWidget *parent = nullptr);

    BytecodeModel *bytecodeModel() const { return m_model; }

private:
    void onRunStarted();
    void onCodeAdded(int index);
    void followSession();
    void selectInSession(const QModelIndex &index);

    CaptureSession *m_session;
    BytecodeModel *m_model;
    bool m_following = false; // true while this view applies the session's selection
};

} // namespace dynascope
