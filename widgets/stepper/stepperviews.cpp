// StepperViews: turns "the current step moved from A to B" into what each view shows.
#include "stepperviews.h"

#include "callstackview.h"
#include "framemodel.h"
#include "framescopes.h"
#include "frameview.h"
#include "stackview.h"
#include "stepperpanel.h"
#include "valueinspector.h"

#include <QTreeView>

namespace dynascope {

StepperViews::StepperViews(QObject *parent)
    : QObject(parent), m_panel(new StepperPanel), m_stackView(new StackView),
      m_frameView(new FrameView), m_callStackView(new CallStackView) {
    for (QWidget *w : {static_cast<QWidget *>(m_stackView), static_cast<QWidget *>(m_frameView),
                       static_cast<QWidget *>(m_callStackView)})
        m_panel->addLocalShortcutsTo(w);
    connect(m_panel, &StepperPanel::currentStepChanged, this, &StepperViews::showStep);
    connect(m_callStackView, &CallStackView::frameChosen, this, &StepperViews::showFrame);
    // A double-click on a stack slot or a frame's value opens it whole.
    connect(m_stackView, &StackView::valueActivated, this, [this](const StackValue &value) {
        ValueInspector::inspect(tr("stack slot"), value, m_stackView->window());
    });
    connect(m_frameView->treeView(), &QAbstractItemView::doubleClicked, this,
            [this](const QModelIndex &index) {
                const QModelIndex value = index.siblingAtColumn(FrameModel::ValueColumn);
                if (!value.isValid() || index.parent() == QModelIndex())
                    return; // a section row
                StackValue v;
                v.repr = value.data().toString().toStdString();
                v.type = tr("(not recorded for frame values)").toStdString();
                ValueInspector::inspect(
                    index.siblingAtColumn(FrameModel::NameColumn).data().toString(), v,
                    m_frameView->window());
            });
    auto pace = [this] {
        // Stepping by hand gets the full animation; playing gets what fits in one step.
        m_stackView->setStepsPerSecond(m_panel->isPlaying() ? m_panel->stepsPerSecond() : 0);
    };
    connect(m_panel, &StepperPanel::playingChanged, this, pace);
    connect(m_panel, &StepperPanel::stepsPerSecondChanged, this, pace);
    pace();
}

StepperViews::~StepperViews() {
    for (QWidget *w :
         {static_cast<QWidget *>(m_panel), static_cast<QWidget *>(m_stackView),
          static_cast<QWidget *>(m_frameView), static_cast<QWidget *>(m_callStackView)})
        if (w && !w->parent())
            delete w;
}

StepperPanel *StepperViews::panel() const {
    return m_panel;
}
StackView *StepperViews::stackView() const {
    return m_stackView;
}
FrameView *StepperViews::frameView() const {
    return m_frameView;
}
CallStackView *StepperViews::callStackView() const {
    return m_callStackView;
}

void StepperViews::setRecording(std::shared_ptr<const StepStore> steps,
                                std::vector<CodeInfo> codes) {
    m_panel->setRecording(std::move(steps), std::move(codes));
}

void StepperViews::setRecording(const std::vector<Step> &steps, std::vector<CodeInfo> codes) {
    m_panel->setRecording(steps, std::move(codes));
}

void StepperViews::showStep(int index, int previous) {
    const StepTimeline &t = m_panel->timeline();
    m_stackView->setState(stackStateAt(t, index), stackTransition(t, previous, index));

    m_callStackView->setFrames(t.callStackAt(index),
                               index >= 0 && index < t.count() ? t.frame(index) : -1);
    m_frameView->setScopes(frameScopesAt(t, -1, index));
}

void StepperViews::showFrame(long long frame) {
    m_frameView->setScopes(frameScopesAt(m_panel->timeline(), frame, m_panel->currentStep()));
}

} // namespace dynascope
