// The call stack at the current step; choosing a frame asks for its scopes.
#pragma once

#include "steptimeline.h"

#include <QTreeView>

namespace dynascope {

class CallStackModel;

class CallStackView : public QTreeView {
    Q_OBJECT
public:
    explicit CallStackView(QWidget *parent = nullptr);

    CallStackModel *callStackModel() const { return m_model; }
    // Shows `frames` and selects `chosenFrame` (the innermost when it is not among them).
    void setFrames(std::vector<ActiveFrame> frames, long long chosenFrame = -1);
    long long chosenFrame() const;
    void chooseRow(int row);

signals:
    // The user picked a frame (not emitted by setFrames).
    void frameChosen(long long frame);

private:
    CallStackModel *m_model;
    bool m_settingFrames = false;
};

} // namespace dynascope
