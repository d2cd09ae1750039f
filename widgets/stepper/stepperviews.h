// The stepper's widgets wired to one timeline: panel, stack, frame and call-stack views.
#pragma once

#include "model/event.h"
#include "model/instruction.h"
#include "model/step.h"
#include "model/stepstore.h"

#include <QObject>
#include <QPointer>

#include <memory>
#include <vector>

namespace dynascope {

class CallStackView;
class FrameView;
class StackView;
class StepperPanel;

// Creates the four widgets without parents, for the main window to put into docks (which then
// own them; any left unplaced are deleted with this object), and keeps them on the panel's
// current step: the stack animates, the call stack and the frame's scopes follow, and a frame
// chosen in the call stack shows its scopes at the same step.
class StepperViews : public QObject {
    Q_OBJECT
public:
    explicit StepperViews(QObject *parent = nullptr);
    ~StepperViews() override;

    StepperPanel *panel() const;
    StackView *stackView() const;
    FrameView *frameView() const;
    CallStackView *callStackView() const;

    // A session's steps (CaptureSession::stepStore()), shared, not copied.
    void setRecording(std::shared_ptr<const StepStore> steps, std::vector<CodeInfo> codes);
    void setRecording(const std::vector<Step> &steps, std::vector<CodeInfo> codes);

private:
    void showStep(int index, int previous);
    void showFrame(long long frame);

    QPointer<StepperPanel> m_panel;
    QPointer<StackView> m_stackView;
    QPointer<FrameView> m_frameView;
    QPointer<CallStackView> m_callStackView;
};

} // namespace dynascope
