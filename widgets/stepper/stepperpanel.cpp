// StepperPanel: commands move the timeline's current step; a QTimer drives Play.
#include "stepperpanel.h"

#include "icons/themeicons.h"

#include <QAction>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QLabel>
#include <QLocale>
#include <QSettings>
#include <QSlider>
#include <QSpinBox>
#include <QStyle>
#include <QTimer>
#include <QToolBar>
#include <QVBoxLayout>

namespace dynascope {

namespace {
QString utf8(std::string_view text) {
    return QString::fromUtf8(text.data(), qsizetype(text.size()));
}
} // namespace

StepperPanel::StepperPanel(QWidget *parent)
    : QWidget(parent), m_toolBar(new QToolBar(this)), m_slider(new QSlider(Qt::Horizontal, this)),
      m_sliderColumn(new QVBoxLayout), m_counter(new QLabel(this)), m_speed(new QSpinBox(this)),
      m_playTimer(new QTimer(this)) {
    setObjectName(QStringLiteral("stepperPanel"));
    createActions();

    m_toolBar->setIconSize(QSize(16, 16));
    m_toolBar->setToolButtonStyle(Qt::ToolButtonIconOnly);
    for (Action a : {HomeAction, ContinueBackwardAction, StepBackAction, PlayPauseAction,
                     StepOverAction, StepIntoAction, StepOutAction, ContinueAction, EndAction})
        m_toolBar->addAction(m_actions[a]);
    m_toolBar->addSeparator();
    m_toolBar->addAction(m_actions[ToggleBreakpointAction]);
    m_toolBar->addAction(m_actions[RunToCursorAction]);
    m_toolBar->addAction(m_actions[ByInstructionAction]);
    m_toolBar->addAction(m_actions[GoToExceptionAction]);

    m_slider->setObjectName(QStringLiteral("stepSlider"));
    m_slider->setToolTip(tr("Recorded steps: drag to travel in time"));
    m_counter->setObjectName(QStringLiteral("stepCounter"));
    m_counter->setMinimumWidth(
        m_counter->fontMetrics().horizontalAdvance("step 000,000 / 000,000"));
    m_counter->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    m_speed->setObjectName(QStringLiteral("playSpeed"));
    m_speed->setRange(1, 60);
    m_speed->setValue(4);
    m_speed->setSuffix(tr(" steps/s"));
    m_speed->setToolTip(tr("Play speed"));

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(4, 2, 4, 2);
    layout->addWidget(m_toolBar);
    m_sliderColumn->setSpacing(0);
    m_sliderColumn->addWidget(m_slider);
    layout->addLayout(m_sliderColumn, 1);
    layout->addWidget(m_counter);
    layout->addWidget(m_speed);

    m_playTimer->setTimerType(Qt::PreciseTimer);
    connect(m_playTimer, &QTimer::timeout, this, &StepperPanel::advancePlay);
    connect(m_slider, &QSlider::valueChanged, this, &StepperPanel::setCurrentStep);
    connect(m_speed, qOverload<int>(&QSpinBox::valueChanged), this, [this](int value) {
        m_playClock.restart(); // a new speed starts a new schedule
        m_playedSteps = 0;
        emit stepsPerSecondChanged(value);
    });
    m_playTimer->setSingleShot(true);
    setStepsByInstruction(QSettings().value("stepper/byInstruction", false).toBool());
    updateControls();
}

StepperPanel::~StepperPanel() = default;

void StepperPanel::createActions() {
    struct Spec {
        Action id;
        const char *text;
        QKeySequence key;
        const char *icon; // widgets/icons/NAME.svg
        const char *tip;
    };
    const Spec specs[] = {
        {StepOverAction, QT_TR_NOOP("&Step"), Qt::Key_F10, "step-over",
         QT_TR_NOOP("Next line of this frame, running calls without stopping in them (in "
                    "instruction mode: the next instruction)")},
        {StepBackAction, QT_TR_NOOP("Step &Back"), QKeySequence(Qt::SHIFT | Qt::Key_F10),
         "step-back",
         QT_TR_NOOP("Back to the start of the line before (in instruction mode: the previous "
                    "instruction of this frame)")},
        {StepIntoAction, QT_TR_NOOP("Step &Into"), Qt::Key_F11, "step-into",
         QT_TR_NOOP("Next line, entering calls (in instruction mode: the very next recorded "
                    "instruction)")},
        {StepOutAction, QT_TR_NOOP("Step &Out"), QKeySequence(Qt::SHIFT | Qt::Key_F11), "step-out",
         QT_TR_NOOP("The first step after this frame returns")},
        {RunToCursorAction, QT_TR_NOOP("Run to &Cursor"), QKeySequence(Qt::CTRL | Qt::Key_F10),
         "run-to-cursor", QT_TR_NOOP("Run until the cursor's line starts executing")},
        {ToggleBreakpointAction, QT_TR_NOOP("Toggle &Breakpoint"), Qt::Key_F9, "breakpoint",
         QT_TR_NOOP("Set or clear a breakpoint on the cursor's line (or the current line)")},
        {ContinueAction, QT_TR_NOOP("&Continue"), Qt::Key_F8, "continue",
         QT_TR_NOOP("Run forward to the next breakpoint")},
        {ContinueBackwardAction, QT_TR_NOOP("Continue Back&wards"),
         QKeySequence(Qt::SHIFT | Qt::Key_F8), "continue-back",
         QT_TR_NOOP("Run backward to the previous breakpoint")},
        {PlayPauseAction, QT_TR_NOOP("&Play"), Qt::Key_Space, "play",
         QT_TR_NOOP("Play the recording at the chosen speed; again to pause")},
        {HomeAction, QT_TR_NOOP("&First Step"), Qt::Key_Home, "step-first",
         QT_TR_NOOP("Go to the first recorded step")},
        {EndAction, QT_TR_NOOP("&Last Step"), Qt::Key_End, "step-last",
         QT_TR_NOOP("Go to the last recorded step")},
        {JumpToStepAction, QT_TR_NOOP("&Jump to Step…"), QKeySequence(Qt::CTRL | Qt::Key_G),
         "jump-to", QT_TR_NOOP("Go to a step by its number")},
        {ByInstructionAction, QT_TR_NOOP("Step by &Instruction"),
         QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_I), "by-instruction",
         QT_TR_NOOP("F10, F11 and Shift+F10 step one bytecode instruction instead of one line")},
        {StepInstructionAction, QT_TR_NOOP("Step One I&nstruction"),
         QKeySequence(Qt::ALT | Qt::Key_F10), "step-instruction",
         QT_TR_NOOP("The very next recorded instruction, whatever the stepping mode")},
        {GoToExceptionAction, QT_TR_NOOP("Go to &Exception"),
         QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E), "go-exception",
         QT_TR_NOOP("The step where the run's uncaught exception was raised")},
    };
    for (const Spec &s : specs) {
        auto *a = new QAction(tr(s.text), this);
        ThemeIcons::set(a, QLatin1String(s.icon));
        a->setShortcut(s.key);
        a->setStatusTip(tr(s.tip));
        a->setToolTip(QStringLiteral("%1 (%2)\n%3")
                          .arg(a->text().remove(QLatin1Char('&')),
                               s.key.toString(QKeySequence::NativeText), tr(s.tip)));
        a->setShortcutContext(Qt::WindowShortcut);
        addAction(a);
        m_actions[s.id] = a;
    }
    m_actions[PlayPauseAction]->setCheckable(true);
    m_actions[ByInstructionAction]->setCheckable(true);
    // Space, Home and End are editing keys elsewhere (the source editor): they step only where
    // the focus is in a stepper widget (see addLocalShortcutsTo).
    for (Action a : {PlayPauseAction, HomeAction, EndAction})
        m_actions[a]->setShortcutContext(Qt::WidgetWithChildrenShortcut);

    const auto &t = m_timeline;
    connect(m_actions[StepOverAction], &QAction::triggered, this, [this, &t] {
        goUnlessIntercepted(StepOverAction,
                            stepsByInstruction() ? t.stepOver(t.current())
                                                 : t.stepOverLine(t.current()),
                            tr("This is the last step."));
    });
    connect(m_actions[StepBackAction], &QAction::triggered, this, [this, &t] {
        goUnlessIntercepted(StepBackAction,
                            stepsByInstruction() ? t.stepBack(t.current())
                                                 : t.stepBackLine(t.current()),
                            tr("This is the first step."));
    });
    connect(m_actions[StepIntoAction], &QAction::triggered, this, [this, &t] {
        goUnlessIntercepted(StepIntoAction,
                            stepsByInstruction() ? t.stepInto(t.current())
                                                 : t.stepIntoLine(t.current()),
                            tr("This is the last step."));
    });
    connect(m_actions[StepInstructionAction], &QAction::triggered, this,
            [this, &t] { go(t.stepInto(t.current()), tr("This is the last step.")); });
    connect(m_actions[GoToExceptionAction], &QAction::triggered, this,
            [this, &t] { go(t.raisingStep(), tr("Nothing raised an exception in this run.")); });
    // Remembered when the user toggles it (setStepsByInstruction() alone writes nothing).
    connect(m_actions[ByInstructionAction], &QAction::triggered, this,
            [](bool on) { QSettings().setValue("stepper/byInstruction", on); });
    connect(m_actions[StepOutAction], &QAction::triggered, this, [this, &t] {
        goUnlessIntercepted(StepOutAction, t.stepOut(t.current()),
                            tr("No recorded step after this frame returns."));
    });
    connect(m_actions[RunToCursorAction], &QAction::triggered, this, [this, &t] {
        if (!m_cursor) {
            emit message(tr("Put the cursor on a source line first."));
            return;
        }
        go(t.runToLine(t.current(), *m_cursor), tr("The cursor's line does not run again."));
    });
    connect(m_actions[ToggleBreakpointAction], &QAction::triggered, this, [this, &t] {
        if (m_cursor)
            toggleBreakpoint(QString::fromStdString(m_cursor->first), m_cursor->second);
        else if (const std::optional<Step> s = t.currentStep())
            toggleBreakpoint(QString::fromStdString(s->file), s->line);
    });
    connect(m_actions[ContinueAction], &QAction::triggered, this,
            [this, &t] { go(t.continueForward(t.current()), tr("No breakpoint ahead.")); });
    connect(m_actions[ContinueBackwardAction], &QAction::triggered, this,
            [this, &t] { go(t.continueBackward(t.current()), tr("No breakpoint behind.")); });
    connect(m_actions[PlayPauseAction], &QAction::triggered, this, [this] {
        if (isPlaying())
            pause();
        else
            play();
    });
    connect(m_actions[HomeAction], &QAction::triggered, this, [this] { setCurrentStep(0); });
    connect(m_actions[EndAction], &QAction::triggered, this,
            [this, &t] { setCurrentStep(t.count() - 1); });
    connect(m_actions[JumpToStepAction], &QAction::triggered, this, &StepperPanel::jumpToStep);
}

void StepperPanel::addLocalShortcutsTo(QWidget *widget) {
    widget->addActions({m_actions[PlayPauseAction], m_actions[HomeAction], m_actions[EndAction]});
}

bool StepperPanel::stepsByInstruction() const {
    return m_actions[ByInstructionAction]->isChecked();
}

void StepperPanel::setStepsByInstruction(bool on) {
    m_actions[ByInstructionAction]->setChecked(on);
}

QList<QAction *> StepperPanel::stepperActions() const {
    return QList<QAction *>(std::begin(m_actions), std::end(m_actions));
}

void StepperPanel::setRecording(std::shared_ptr<const StepStore> steps,
                                std::vector<CodeInfo> codes) {
    pause();
    m_timeline.setRecording(std::move(steps), std::move(codes));
    shownRecording();
}

void StepperPanel::setRecording(const std::vector<Step> &steps, std::vector<CodeInfo> codes) {
    pause();
    m_timeline.setRecording(steps, std::move(codes));
    shownRecording();
}

void StepperPanel::shownRecording() {
    updateControls();
    emit currentStepChanged(m_timeline.current(), -1); // a new recording: nothing to animate from
    if (!m_timeline.isEmpty())
        emitLocation();
}

void StepperPanel::emitLocation() {
    const int i = m_timeline.current();
    emit currentLocationChanged(utf8(m_timeline.file(i)), m_timeline.line(i),
                                utf8(m_timeline.codeId(i)), m_timeline.offset(i));
}

void StepperPanel::setCursorLocation(const QString &file, int line) {
    if (line <= 0)
        m_cursor.reset();
    else
        m_cursor = SourceLine{file.toStdString(), line};
}

void StepperPanel::setCurrentStep(int index) {
    const int previous = m_timeline.current();
    if (!m_timeline.setCurrent(index))
        return;
    updateControls();
    emit currentStepChanged(m_timeline.current(), previous);
    emitLocation();
}

void StepperPanel::go(std::optional<int> target, const QString &whenNone) {
    if (!target) {
        emit message(whenNone);
        return;
    }
    setCurrentStep(*target);
}

void StepperPanel::goUnlessIntercepted(Action action, std::optional<int> target,
                                       const QString &whenNone) {
    if (m_interceptor && m_interceptor(action, target))
        return;
    go(target, whenNone);
}

void StepperPanel::addBelowSlider(QWidget *widget) {
    m_sliderColumn->addWidget(widget);
}

void StepperPanel::setStepInterceptor(StepInterceptor interceptor) {
    m_interceptor = std::move(interceptor);
}

void StepperPanel::toggleBreakpoint(const QString &file, int line) {
    const bool set = m_timeline.toggleBreakpoint({file.toStdString(), line});
    emit message(set ? tr("Breakpoint set on line %1.").arg(line)
                     : tr("Breakpoint on line %1 cleared.").arg(line));
    emit breakpointsChanged();
}

bool StepperPanel::isPlaying() const {
    return m_playing;
}

void StepperPanel::schedulePlay() {
    const double interval = 1000.0 / m_speed->value();
    double delay = (m_playedSteps + 1) * interval - m_playClock.nsecsElapsed() / 1e6;
    if (delay < -interval) {
        // Fell behind (a slow frame, a busy machine): start a new schedule instead of
        // rushing through the missed steps, so lag never queues up.
        m_playClock.restart();
        m_playedSteps = 0;
        delay = interval;
    }
    m_playTimer->start(std::max(0, int(delay + 0.5)));
}
int StepperPanel::stepsPerSecond() const {
    return m_speed->value();
}
void StepperPanel::setStepsPerSecond(int stepsPerSecond) {
    m_speed->setValue(stepsPerSecond);
}

void StepperPanel::play() {
    if (isPlaying() || m_timeline.isEmpty())
        return;
    if (m_timeline.current() >= m_timeline.count() - 1)
        setCurrentStep(0); // Play at the end starts over, as media players do
    m_playClock.start();
    m_playedSteps = 0;
    m_playing = true;
    schedulePlay();
    updateControls();
    emit playingChanged(true);
}

void StepperPanel::pause() {
    if (!isPlaying())
        return;
    m_playing = false;
    m_playTimer->stop();
    updateControls();
    emit playingChanged(false);
}

void StepperPanel::advancePlay() {
    const auto next = m_timeline.stepInto(m_timeline.current());
    if (!next) {
        pause();
        return;
    }
    ++m_playedSteps;
    setCurrentStep(*next);
    if (!isPlaying()) // a view reacting to the step may have paused
        return;
    schedulePlay();
    if (m_timeline.isLineStart(*next) &&
        m_timeline.hasBreakpoint({std::string(m_timeline.file(*next)), m_timeline.line(*next)})) {
        pause();
        emit message(tr("Stopped at the breakpoint on line %1.").arg(m_timeline.line(*next)));
    }
}

void StepperPanel::jumpToStep() {
    if (m_timeline.isEmpty())
        return;
    auto *dialog = new QInputDialog(this);
    dialog->setObjectName(QStringLiteral("jumpToStepDialog"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(tr("Jump to Step"));
    dialog->setLabelText(tr("Step (1 – %L1):").arg(m_timeline.count()));
    dialog->setInputMode(QInputDialog::IntInput);
    dialog->setIntRange(1, m_timeline.count());
    dialog->setIntValue(m_timeline.current() + 1);
    connect(dialog, &QInputDialog::intValueSelected, this,
            [this](int value) { setCurrentStep(value - 1); });
    dialog->open();
}

QString StepperPanel::counterText() const {
    if (m_timeline.isEmpty())
        return tr("no steps");
    const QLocale locale(QLocale::English);
    return tr("step %1 / %2")
        .arg(locale.toString(m_timeline.current() + 1), locale.toString(m_timeline.count()));
}

void StepperPanel::updateControls() {
    const bool any = !m_timeline.isEmpty();
    for (QAction *a : m_actions)
        a->setEnabled(any);
    // Breakpoints are set while editing too, before there is anything to step through.
    m_actions[ToggleBreakpointAction]->setEnabled(true);
    m_actions[ByInstructionAction]->setEnabled(true);
    m_actions[GoToExceptionAction]->setEnabled(any && m_timeline.raisingStep().has_value());
    const bool playing = isPlaying();
    QAction *playAction = m_actions[PlayPauseAction];
    playAction->setChecked(playing);
    playAction->setText(playing ? tr("&Pause") : tr("&Play"));
    ThemeIcons::set(playAction, playing ? QStringLiteral("pause") : QStringLiteral("play"));
    const QSignalBlocker block(m_slider);
    m_slider->setRange(0, std::max(0, m_timeline.count() - 1));
    m_slider->setValue(std::max(0, m_timeline.current()));
    m_slider->setEnabled(any);
    m_counter->setText(counterText());
}

} // namespace dynascope
