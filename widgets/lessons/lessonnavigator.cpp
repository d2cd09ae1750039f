// LessonNavigator: the stop's run, then one small mover per kind of target.
#include "lessonnavigator.h"

#include "capturesession.h"
#include "consoleview.h"
#include "graph/graphview.h"
#include "graphdocks.h"
#include "guards/guardsdock.h"
#include "guards/guardspanel.h"
#include "kernels/kerneldocks.h"
#include "kernels/kernelsview.h"
#include "kernels/timingview.h"
#include "mainwindow.h"
#include "model/lessonlibrary.h"
#include "runcontroller.h"
#include "sourceeditor.h"
#include "stepper/stackview.h"
#include "stepper/stepperpanel.h"
#include "stepper/stepperviews.h"
#include "tracer/tracerpanel.h"
#include "workspace/documentarea.h"

#include <QDockWidget>
#include <QFileInfo>
#include <QMessageBox>
#include <QTextCursor>
#include <QTimer>
#include <QTreeWidget>

namespace dynascope {

namespace {

// Brings `widget` to the front: the dock that holds it (it may sit in a tab behind another), or
// the tab of the central document area it lives in (the script, the graphs).
void reveal(MainWindow *window, QWidget *widget) {
    for (QWidget *w = widget; w; w = w->parentWidget()) {
        if (auto *dock = qobject_cast<QDockWidget *>(w)) {
            dock->show();
            dock->raise();
            return;
        }
    }
    DocumentArea *documents = window->documents();
    for (const QString &id : documents->documentIds()) {
        QWidget *document = documents->document(id);
        if (document && (document == widget || document->isAncestorOf(widget))) {
            documents->showDocument(id);
            return;
        }
    }
}

// Brings a bottom dock's view to the front with room to read it: a tab beside the console (the
// Teach layout keeps that row low) grows to about 40 % of the window's height.
void revealTall(MainWindow *window, QWidget *widget) {
    reveal(window, widget);
    QDockWidget *dock = nullptr;
    for (QWidget *w = widget; w && !dock; w = w->parentWidget())
        dock = qobject_cast<QDockWidget *>(w);
    const int wanted = window->height() * 2 / 5;
    if (dock && !dock->isFloating() && dock->height() < wanted &&
        (window->dockWidgetArea(dock) & (Qt::BottomDockWidgetArea | Qt::TopDockWidgetArea)))
        window->resizeDocks({dock}, {wanted}, Qt::Vertical);
}

} // namespace

LessonNavigator::LessonNavigator(MainWindow *window, const LessonLibrary *library, QObject *parent)
    : QObject(parent), m_window(window), m_library(library) {
    connect(window->runController(), &RunController::runningChanged, this,
            &LessonNavigator::onRunningChanged);
    // Opening another script keeps the old run's events and state; remember whose run it is.
    connect(window->session(), &CaptureSession::runStarted, this,
            [this] { m_ranScript = m_window->session()->scriptPath(); });
}

bool LessonNavigator::hasFittingRun(const QString &path, LessonStop::Run run) const {
    const CaptureSession *session = m_window->session();
    if (m_ranScript != path || session->scriptPath() != path ||
        session->runState() != RunState::Finished)
        return false;
    if (run == LessonStop::Run::Record)
        return !session->steps().empty();
    if (run == LessonStop::Run::Kernels)
        return !session->eventsOfType(EventType::Timing).empty();
    return true;
}

void LessonNavigator::go(const Lesson &lesson, int stopIndex) {
    if (stopIndex < 0 || stopIndex >= int(lesson.stops.size()))
        return;
    const LessonStop &stop = lesson.stops[size_t(stopIndex)];
    const QString path =
        QFileInfo(QString::fromStdString(m_library->demoPath(stop.demo))).absoluteFilePath();
    if (m_window->runController()->isRunning() && m_runScript != path)
        m_window->stop();
    if (m_window->scriptPath() != path) {
        if (m_window->editor()->isModified()) {
            const auto answer = QMessageBox::question(
                m_window, tr("Open the lesson's demo"),
                tr("The lesson opens %1 in the editor. Save your changes first?")
                    .arg(QFileInfo(path).fileName()),
                QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
            if (answer == QMessageBox::Cancel || (answer == QMessageBox::Save && !m_window->save()))
                return fail(tr("the demo was not opened"));
        }
        if (!m_window->openFile(path))
            return fail(tr("%1 cannot be opened").arg(path));
    }
    if (stop.run == LessonStop::Run::Open) {
        m_pending.reset();
        return navigate(stop);
    }
    if (hasFittingRun(path, stop.run)) {
        m_pending.reset();
        return navigate(stop);
    }
    m_pending = stop;
    if (m_window->runController()->isRunning() && m_runScript == path)
        return; // the run we started for this demo is still going; navigate when it ends
    RunOptions options = m_window->runController()->runOptions();
    options.record = options.record || stop.run == LessonStop::Run::Record;
    m_window->runController()->setRunOptions(options);
    m_runScript = path;
    KernelDocks *kernels = m_window->findChild<KernelDocks *>();
    if (stop.run == LessonStop::Run::Kernels && kernels) {
        emit busy(
            tr("Running %1 with its kernels compiled and timed…").arg(QFileInfo(path).fileName()));
        kernels->runCompiledKernels();
    } else {
        emit busy(tr("Running %1…").arg(QFileInfo(path).fileName()));
        m_window->run();
    }
}

void LessonNavigator::onRunningChanged(bool running) {
    if (running || !m_pending)
        return;
    const LessonStop stop = *m_pending;
    m_pending.reset();
    m_runScript.clear();
    const RunState state = m_window->session()->runState();
    if (state != RunState::Finished)
        return fail(tr("the demo did not finish (%1)").arg(m_window->session()->runDescription()));
    navigate(stop);
}

void LessonNavigator::navigate(const LessonStop &stop) {
    const CaptureSession *session = m_window->session();
    LessonTargetResolver resolver(
        [session](const std::string &type) {
            return session->eventsOfType(type);
        },
        &session->steps());
    m_match = resolver.resolve(stop.target);
    if (m_match.found)
        show(m_match);
    emit arrived(m_match);
}

void LessonNavigator::show(const LessonTargetMatch &match) {
    CaptureSession *session = m_window->session();
    GraphDocks *docks = m_window->findChild<GraphDocks *>();
    const QString type = QString::fromStdString(match.eventType);
    if (type == QLatin1String(EventType::Step)) {
        StepperPanel *panel = m_window->stepper()->panel();
        const StepTimeline &timeline = panel->timeline();
        for (int i = 0; i < timeline.count(); ++i) {
            if (timeline.stepNumber(i) == match.stepIndex) {
                panel->setCurrentStep(i);
                break;
            }
        }
        reveal(m_window, panel);
        reveal(m_window, m_window->stepper()->stackView());
        reveal(m_window, m_window->editor());
        return; // the stepper selects the instruction and its line itself
    }
    if (type == QLatin1String(EventType::TraceStep) && docks) {
        TracerPanel *tracer = docks->tracer();
        for (int row = 0; row < tracer->model()->rowCount(); ++row) {
            if (tracer->model()->step(row)->index == match.stepIndex) {
                tracer->setCurrentRow(row);
                break;
            }
        }
        reveal(m_window, tracer);
    } else if ((type == QLatin1String(EventType::Graph) ||
                type == QLatin1String(EventType::GraphBreak)) &&
               docks) {
        // The graph docks refresh on a short timer and lay out off the GUI thread: focus now,
        // and again once the layout that holds the target is ready.
        GraphView *view = docks->graphView();
        auto focus = [view, match] {
            if (match.eventType == EventType::GraphBreak)
                view->focusBreak(match.eventIndex);
            else if (match.nodeName.empty())
                view->focusGraph(QString::fromStdString(match.graphId));
            else
                view->focusNode(QString::fromStdString(match.graphId),
                                QString::fromStdString(match.nodeName));
        };
        focus();
        auto *once = new QObject(this);
        connect(view, &GraphView::layoutReady, once, [focus, once] {
            focus();
            once->deleteLater();
        });
        QTimer::singleShot(3000, once, &QObject::deleteLater);
        reveal(m_window, view);
    } else if (type == QLatin1String(EventType::Guards) || type == QLatin1String(EventType::Call)) {
        if (auto *guards = m_window->findChild<GuardsDock *>()) {
            guards->refresh(); // calls arrive in bursts, decoded after a short delay
            const QString function = QString::fromStdString(match.function);
            if (type == QLatin1String(EventType::Call))
                guards->panel()->showCall(function, match.itemIndex);
            else
                guards->panel()->showGuard(function, match.entry, match.itemIndex);
            revealTall(m_window, guards->panel());
        }
    } else if (type == QLatin1String(EventType::Kernels) ||
               type == QLatin1String(EventType::Timing)) {
        if (auto *kernels = m_window->findChild<KernelDocks *>()) {
            if (type == QLatin1String(EventType::Kernels)) {
                // The code view moves its cursor only while on screen: show the dock first.
                revealTall(m_window, kernels->kernelsView());
                kernels->kernelsView()->showKernel(match.itemIndex, match.kernelIndex);
            } else {
                QTreeWidget *table = kernels->timingView()->table();
                if (QTreeWidgetItem *row = table->topLevelItem(match.itemIndex)) {
                    row->setExpanded(true);
                    table->setCurrentItem(row);
                    table->scrollToItem(row);
                }
                revealTall(m_window, kernels->timingView());
            }
        }
    } else if (type == QLatin1String(EventType::Output)) {
        ConsoleView *console = m_window->consoleView();
        console->moveCursor(QTextCursor::Start);
        console->find(QString::fromStdString(match.label));
        reveal(m_window, console);
    }
    if (match.line > 0) {
        if (docks && match.offset >= 0) {
            SourceSite site;
            site.file = session->scriptPath().toStdString();
            site.line = match.line;
            site.offset = match.offset;
            site.function = match.function;
            if (docks->selectSite(site))
                return;
        }
        session->setSelectedLine(match.line);
    }
}

void LessonNavigator::fail(const QString &problem) {
    m_match = LessonTargetMatch();
    m_match.problem = problem.toStdString();
    emit arrived(m_match);
}

} // namespace dynascope
