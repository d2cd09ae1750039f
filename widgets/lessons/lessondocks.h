// LessonDocks: the Lessons and Drill docks, the Learn menu, the Teach layout and the language menu.
#pragma once

#include "model/lessonlibrary.h"

#include <QObject>
#include <QString>

class QAction;
class QDockWidget;
class QMenu;

namespace dynascope {

class DrillPanel;
class LessonNavigator;
class LessonsPanel;
class MainWindow;

// Keeps MainWindow's part to one line (`new LessonDocks(this)`), like GraphDocks.
class LessonDocks : public QObject {
    Q_OBJECT
public:
    explicit LessonDocks(MainWindow *window);

    // DYNASCOPE_LESSONS_DIR, else <prefix>/share/dynascope/lessons next to the executable, else
    // the source tree's resources/lessons (a build that was not installed).
    static QString lessonsFolder();

    const LessonLibrary &library() const { return m_library; }
    LessonsPanel *lessonsPanel() const { return m_lessons; }
    DrillPanel *drillPanel() const { return m_drill; }
    LessonNavigator *navigator() const { return m_navigator; }
    QAction *teachLayoutAction() const { return m_teach; }

    // The window's "teach" layout, with the Lessons tab in front.
    void applyTeachLayout();

private:
    void createMenu();
    void switchLanguage(const QString &setting);

    MainWindow *m_window;
    LessonLibrary m_library;
    LessonsPanel *m_lessons;
    DrillPanel *m_drill;
    LessonNavigator *m_navigator;
    QDockWidget *m_lessonsDock;
    QDockWidget *m_drillDock;
    QAction *m_teach = nullptr;
};

} // namespace dynascope
