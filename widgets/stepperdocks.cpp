// StepperDocks: the stepper's docks, its Debug menu and its wiring to the session and editor.
#include "stepperdocks.h"

#include "capturesession.h"
#include "mainwindow.h"
#include "sourceeditor.h"
#include "stepper/breakpointmargin.h"
#include "stepper/callstackview.h"
#include "stepper/frameview.h"
#include "stepper/stackview.h"
#include "stepper/stepperpanel.h"
#include "stepper/stepperviews.h"

#include <QDockWidget>
#include <QFileInfo>
#include <QMenuBar>
#include <QStatusBar>

namespace dynascope {

StepperDocks::StepperDocks(MainWindow *window)
    : QObject(window), m_window(window), m_session(window->session()), m_editor(window->editor()) {
    // The bytecode stepper follows the run's recorded steps; its current step becomes the
    // session's selected instruction, so the editor and the bytecode view mark where it is.
    m_views = new StepperViews(this);
    StepperPanel *panel = m_views->panel();
    m_window->addPanel(panel, tr("Stepper"), QStringLiteral("stepperDock"), Qt::TopDockWidgetArea);
    m_window->addPanel(m_views->stackView(), tr("Stack"), QStringLiteral("stackDock"),
                       Qt::RightDockWidgetArea);
    m_window->addPanel(m_views->callStackView(), tr("Call Stack"), QStringLiteral("callStackDock"),
                       Qt::LeftDockWidgetArea);
    m_window->addPanel(m_views->frameView(), tr("Frame"), QStringLiteral("frameDock"),
                       Qt::LeftDockWidgetArea);
    m_window->menuBar()->addMenu(tr("&Debug"))->addActions(panel->stepperActions());

    connect(m_session, &CaptureSession::runStarted, this,
            [this] { m_views->setRecording(std::vector<Step>{}, {}); });
    connect(m_session, &CaptureSession::runStateChanged, this, [this, panel] {
        const RunState state = m_session->runState();
        if (state == RunState::Idle)
            m_views->setRecording(std::vector<Step>{}, {});
        if (state == RunState::Running || state == RunState::Idle)
            return;
        m_views->setRecording(m_session->stepStore(), m_session->codeInfos());
        // A failed run opens where it failed, not at its first step.
        if (m_session->error() && panel->timeline().raisingStep())
            panel->action(StepperPanel::GoToExceptionAction)->trigger();
    });
    connect(panel, &StepperPanel::currentStepChanged, this, &StepperDocks::showExecutionPoint);
    connect(panel, &StepperPanel::currentLocationChanged, this,
            [this](const QString &, int, const QString &codeId, int offset) {
                m_session->setSelectedInstruction({codeId, offset});
            });
    connect(m_session, &CaptureSession::selectionChanged, this, [this, panel] {
        panel->setCursorLocation(m_session->scriptPath(), m_session->selectedLine());
    });
    connect(panel, &StepperPanel::message, this,
            [this](const QString &text) { m_window->statusBar()->showMessage(text, 4000); });
    // A click in the editor's margin (or F9 on the cursor's line) toggles a line breakpoint.
    m_breakpointMargin = new BreakpointMargin(m_editor, panel, m_session, this);
    // The recorder's step limit ends the timeline while the script runs on; the session put a
    // line in the console, the status bar keeps it in sight until the next message.
    connect(m_session, &CaptureSession::eventAdded, this, [this](const QString &type, int index) {
        if (type != QLatin1String(EventType::RecordingStopped))
            return;
        const Json &body = m_session->eventsOfType(EventType::RecordingStopped)[size_t(index)];
        const auto steps = body.find("steps");
        m_window->statusBar()->showMessage(
            tr("Recording stopped at %1 steps; the script runs on")
                .arg(steps != body.end() && steps->is_number_integer() ? steps->get<long long>()
                                                                       : 0));
    });
}

void StepperDocks::showExecutionPoint() {
    // The stepper's own marker: the step's line as the recorder saw it (a return or exception
    // step sits on the line the frame left from), and the instruction's columns.
    const std::optional<Step> step = m_views->panel()->timeline().currentStep();
    const bool here =
        step && !m_session->scriptPath().isEmpty() &&
        QFileInfo(QString::fromStdString(step->file)).absoluteFilePath() == m_session->scriptPath();
    if (!here) {
        m_editor->setExecutionPoint(0);
        if (step)
            m_window->statusBar()->showMessage(tr("This step runs in %1, line %2 (not the script)")
                                                   .arg(QString::fromStdString(step->file))
                                                   .arg(step->line),
                                               4000);
        return;
    }
    using Kind = SourceEditor::ExecutionKind;
    const Kind kind = step->event == "return"      ? Kind::Return
                      : step->event == "exception" ? Kind::Exception
                                                   : Kind::Instruction;
    const Instruction *ins =
        m_session->instruction({QString::fromStdString(step->codeId), step->offset});
    if (kind == Kind::Instruction && ins && ins->positions.line && ins->positions.endLine &&
        ins->positions.column && ins->positions.endColumn && *ins->positions.line == step->line)
        m_editor->setExecutionPoint(step->line, kind, *ins->positions.column,
                                    *ins->positions.endLine, *ins->positions.endColumn);
    else
        m_editor->setExecutionPoint(step->line, kind);
}

} // namespace dynascope
