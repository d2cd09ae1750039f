// CompiledCallDock: the marks, the F11 hook and the phases of a call stepped into.
#include "compiledcalldock.h"

#include "callmarksbar.h"
#include "capturesession.h"
#include "compiledcallview.h"
#include "graphdocks.h"
#include "guards/guardsdock.h"
#include "guards/guardspanel.h"
#include "mainwindow.h"
#include "stepper/stepperviews.h"
#include "workspace/workspacelayouts.h"

#include <QDockWidget>
#include <QStatusBar>

namespace dynascope {

CompiledCallDock::CompiledCallDock(MainWindow *window)
    : QObject(window), m_window(window), m_session(window->session()),
      m_panel(window->stepper()->panel()), m_view(new CompiledCallView), m_bar(new CallMarksBar) {
    m_dock = window->addPanel(m_view, tr("Compiled Call"), QStringLiteral("compiledCallDock"),
                              Qt::RightDockWidgetArea);
    // Behind the Stack: inside a compiled call there is no bytecode stack to watch.
    for (const char *layout : {"step", "teach"})
        window->layouts()->place(QLatin1String(layout),
                                 {QStringLiteral("compiledCallDock"), PanelPlacement::TabWith,
                                  Qt::RightDockWidgetArea, QStringLiteral("stackDock")});
    window->layouts()->place(QStringLiteral("graphs"),
                             {QStringLiteral("compiledCallDock"), PanelPlacement::TabWith,
                              Qt::BottomDockWidgetArea, QStringLiteral("guardsDock")});
    m_panel->addBelowSlider(m_bar);
    m_panel->setStepInterceptor([this](StepperPanel::Action action, std::optional<int> target) {
        return intercept(action, target);
    });
    connect(m_bar, &CallMarksBar::markClicked, this, [this](int mark) {
        leave(std::nullopt);
        m_panel->setCurrentStep(m_marks[size_t(mark)].position);
    });
    connect(m_view, &CompiledCallView::phaseActivated, this, [this](int phase) {
        if (m_active < 0 || phase >= int(m_phases.size()) || phase == m_phase)
            return;
        m_phase = phase;
        showPhase();
    });
    connect(m_panel, &StepperPanel::currentStepChanged, this, [this] {
        if (!m_moving && m_active >= 0)
            leave(std::nullopt);
    });
    // After the stepper (made before us) has the run's steps.
    connect(m_session, &CaptureSession::runStarted, this, [this] {
        leave(std::nullopt);
        m_marks.clear();
        m_bar->setMarks({}, 0);
    });
    connect(m_session, &CaptureSession::runStateChanged, this, [this] {
        if (m_session->runState() != RunState::Running)
            refreshMarks();
    });
}

void CompiledCallDock::refreshMarks() {
    leave(std::nullopt);
    auto *guards = m_window->findChild<GuardsDock *>();
    if (!guards)
        return;
    guards->refresh();
    m_marks = CompiledCallMarks::build(m_panel->timeline(), guards->cache(), m_session->capture());
    m_bar->setMarks(m_marks, m_panel->timeline().count());
}

bool CompiledCallDock::intercept(StepperPanel::Action action, std::optional<int> target) {
    if (m_active < 0) {
        if (action != StepperPanel::StepIntoAction)
            return false;
        // The first call begun between here and where F11 goes (this step included).
        const int from = m_panel->currentStep();
        const int end = target ? *target : m_panel->timeline().count();
        for (size_t i = 0; i < m_marks.size(); ++i) {
            if (m_marks[i].position >= from && m_marks[i].position < end) {
                m_target = target;
                enter(int(i));
                return true;
            }
        }
        return false;
    }
    switch (action) {
    case StepperPanel::StepIntoAction:
    case StepperPanel::StepOverAction: {
        if (m_phase + 1 < int(m_phases.size())) {
            ++m_phase;
            showPhase();
            return true;
        }
        // The next call begun before the F11 target (a line that calls twice), else the target.
        const size_t next = size_t(m_active) + 1;
        const int end = m_target ? *m_target : m_panel->timeline().count();
        if (next < m_marks.size() && m_marks[next].position < end) {
            enter(int(next));
            return true;
        }
        leave(m_target ? m_target : std::optional<int>(m_marks[size_t(m_active)].position));
        return true;
    }
    case StepperPanel::StepBackAction:
        if (m_phase > 0) {
            --m_phase;
            showPhase();
        } else {
            leave(std::nullopt);
        }
        return true;
    case StepperPanel::StepOutAction:
        leave(m_target ? m_target : std::optional<int>(m_marks[size_t(m_active)].position));
        return true;
    default:
        return false;
    }
}

void CompiledCallDock::enter(int mark) {
    m_active = mark;
    m_phases = compiledCallPhases(m_marks[size_t(mark)]);
    m_phase = 0;
    m_dock->show();
    m_dock->raise();
    showPhase();
}

void CompiledCallDock::showPhase() {
    if (m_phases.empty()) {
        leave(std::nullopt);
        return;
    }
    const CompiledCallMark &mark = m_marks[size_t(m_active)];
    const CompiledCallPhase &phase = m_phases[size_t(m_phase)];
    const QString function = QString::fromStdString(mark.function);
    auto *guards = m_window->findChild<GuardsDock *>();
    const FunctionCache *cache = guards ? guards->cache().function(mark.function) : nullptr;
    const CapturedGraph *graph = nullptr;
    if (phase.kind == CompiledCallPhase::Graph) {
        // The Graphs document and the Tracer follow the session's graph.
        m_session->setSelectedGraph(QString::fromStdString(phase.graph));
        if (auto *docks = m_window->findChild<GraphDocks *>())
            for (const CapturedGraph &g : docks->graphs())
                if (g.id == phase.graph)
                    graph = &g;
    } else if (guards) {
        guards->panel()->showCall(function, mark.callRow);
    }
    m_view->showPhase(mark, m_phases, m_phase, cache, graph);
    m_window->statusBar()->showMessage(CompiledCallView::phaseText(mark, phase) +
                                           QStringLiteral(" — ") + CompiledCallMarks::toolTip(mark),
                                       4000);
}

void CompiledCallDock::leave(std::optional<int> to) {
    if (m_active >= 0) {
        m_active = -1;
        m_phases.clear();
        m_view->clearCall();
        // Back to the Stack where the dock shares its tabs.
        if (auto *stack = m_window->findChild<QDockWidget *>(QStringLiteral("stackDock")))
            if (m_window->tabifiedDockWidgets(m_dock).contains(stack))
                stack->raise();
    }
    if (to) {
        m_moving = true;
        m_panel->setCurrentStep(*to);
        m_moving = false;
    }
}

} // namespace dynascope
