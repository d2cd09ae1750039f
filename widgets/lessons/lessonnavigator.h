// LessonNavigator: carries a lesson stop out in the main window: open, run, go to the target.
#pragma once

#include "model/lesson.h"
#include "model/lessontargetresolver.h"

#include <QObject>
#include <QString>

#include <optional>

namespace dynascope {

class LessonLibrary;
class MainWindow;

// go() opens the stop's demo in the editor (asking first when the current script has unsaved
// changes), runs it unless the session already holds a fitting run of it, then resolves the
// target in the session's events and moves the view that shows it there: the stepper to the
// step, the tracer to the trace step, the graph view to the node, graph or break, the Guards &
// Cache view to the guard, cache entry or call, the Kernels view to the kernel's code, the Timing
// view to the function's S = T_base / T_comp, the console to the printed line; the source line is
// selected in every case where one is known.
class LessonNavigator : public QObject {
    Q_OBJECT
public:
    LessonNavigator(MainWindow *window, const LessonLibrary *library, QObject *parent = nullptr);

    void go(const Lesson &lesson, int stop);
    bool isBusy() const { return m_pending.has_value(); }
    const LessonTargetMatch &lastMatch() const { return m_match; }

signals:
    // Not found: `match.problem` says why (also when the demo could not run).
    void busy(const QString &message);
    void arrived(const dynascope::LessonTargetMatch &match);

private:
    bool hasFittingRun(const QString &path, LessonStop::Run run) const;
    void onRunningChanged(bool running);
    void navigate(const LessonStop &stop);
    void show(const LessonTargetMatch &match);
    void fail(const QString &problem);

    MainWindow *m_window;
    const LessonLibrary *m_library;
    std::optional<LessonStop> m_pending; // waiting for its demo's run to end
    QString m_runScript;                 // the demo whose run we started, until it ends
    QString m_ranScript;                 // the script of the session's run (whoever started it)
    LessonTargetMatch m_match;
};

} // namespace dynascope
