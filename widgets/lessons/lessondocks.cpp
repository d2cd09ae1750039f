// LessonDocks: wiring between the lesson panels, the navigator, the language and the window.
#include "lessondocks.h"

#include "drillpanel.h"
#include "lessonnavigator.h"
#include "lessonspanel.h"
#include "mainwindow.h"
#include "uilanguage.h"
#include "workspace/workspacelayouts.h"

#include <QAction>
#include <QActionGroup>
#include <QCoreApplication>
#include <QDir>
#include <QDockWidget>
#include <QFileInfo>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QProcess>

namespace dynascope {

QString LessonDocks::lessonsFolder() {
    const QString fromEnvironment = qEnvironmentVariable("DYNASCOPE_LESSONS_DIR");
    if (!fromEnvironment.isEmpty())
        return fromEnvironment;
    const QString installed = QDir(QCoreApplication::applicationDirPath())
                                  .absoluteFilePath(QStringLiteral("../share/dynascope/lessons"));
    if (QFileInfo(installed).isDir())
        return QDir::cleanPath(installed);
    return QStringLiteral(DYNASCOPE_LESSONS_SOURCE_DIR);
}

LessonDocks::LessonDocks(MainWindow *window)
    : QObject(window), m_window(window), m_lessons(new LessonsPanel), m_drill(new DrillPanel),
      m_navigator(new LessonNavigator(window, &m_library, this)) {
    setObjectName(QStringLiteral("lessonDocks"));
    m_library.load(lessonsFolder().toStdString());
    UiLanguage *language = UiLanguage::instance();
    m_lessons->setLanguage(language->current());
    m_drill->setLanguage(language->current());
    m_lessons->setLibrary(&m_library);
    m_drill->setDrill(&m_library.drill());
    m_lessonsDock = window->addPanel(m_lessons, tr("Lessons"), QStringLiteral("lessonsDock"),
                                     Qt::RightDockWidgetArea);
    m_drillDock = window->addPanel(m_drill, tr("Interview Drill"), QStringLiteral("drillDock"),
                                   Qt::RightDockWidgetArea);
    // In the Teach layout the lesson text takes the tall bytecode column (in front of the
    // bytecode, which the editor and the stack view also mark), so the script keeps its width;
    // the other layouts hide it.
    PanelPlacement lessons;
    lessons.dock = m_lessonsDock->objectName();
    lessons.relation = PanelPlacement::TabWith;
    lessons.other = QStringLiteral("bytecodeDock");
    PanelPlacement drill;
    drill.dock = m_drillDock->objectName();
    drill.relation = PanelPlacement::TabWith;
    drill.other = lessons.dock;
    window->layouts()->place(QStringLiteral("teach"), lessons, true);
    window->layouts()->place(QStringLiteral("teach"), drill);
    // Guard, call, kernel and timing stops show their view: tabs behind the console, brought
    // forward (and made taller) by the stop that needs one.
    for (const char *dock : {"guardsDock", "kernelsDock", "timingDock"}) {
        PanelPlacement behindConsole;
        behindConsole.dock = QLatin1String(dock);
        behindConsole.relation = PanelPlacement::TabWith;
        behindConsole.area = Qt::BottomDockWidgetArea;
        behindConsole.other = QStringLiteral("consoleDock");
        window->layouts()->place(QStringLiteral("teach"), behindConsole);
    }
    window->layouts()->raise(QStringLiteral("teach"), QStringLiteral("consoleDock"));
    window->tabifyDockWidget(m_lessonsDock, m_drillDock);
    m_lessonsDock->raise();

    connect(m_lessons, &LessonsPanel::stopActivated, this, [this](int lesson, int stop) {
        m_navigator->go(m_library.lessons()[size_t(lesson)], stop);
    });
    connect(m_navigator, &LessonNavigator::busy, m_lessons, &LessonsPanel::setStopBusy);
    connect(m_navigator, &LessonNavigator::arrived, this, [this](const LessonTargetMatch &m) {
        m_lessons->setStopResult(m.found, QString::fromStdString(m.label),
                                 QString::fromStdString(m.problem));
    });
    connect(m_drill, &DrillPanel::showMeRequested, this, [this](const QString &id, int stop) {
        m_lessonsDock->show();
        m_lessonsDock->raise();
        m_lessons->showLessonStop(id, stop);
    });
    connect(language, &UiLanguage::changed, this, [this](const QString &code) {
        m_lessons->setLanguage(code);
        m_drill->setLanguage(code);
    });
    createMenu();
}

void LessonDocks::createMenu() {
    QMenu *menu = m_window->menuBar()->addMenu(tr("&Learn"));
    m_teach = menu->addAction(tr("&Teach Layout"), this, &LessonDocks::applyTeachLayout);
    m_teach->setStatusTip(tr("Show the lessons and the drill beside the stepper and the graphs"));
    menu->addAction(m_lessonsDock->toggleViewAction());
    menu->addAction(m_drillDock->toggleViewAction());
    menu->addSeparator();
    QMenu *languages = menu->addMenu(tr("&Language"));
    auto *group = new QActionGroup(this);
    const QString setting = UiLanguage::instance()->setting();
    QAction *system = languages->addAction(tr("System Default"));
    system->setData(QString());
    for (const QString &code : UiLanguage::available()) {
        QAction *action = languages->addAction(UiLanguage::nativeName(code));
        action->setData(code);
    }
    for (QAction *action : languages->actions()) {
        action->setCheckable(true);
        action->setChecked(action->data().toString() == setting);
        group->addAction(action);
        connect(action, &QAction::triggered, this,
                [this, action] { switchLanguage(action->data().toString()); });
    }
}

void LessonDocks::applyTeachLayout() {
    m_window->applyLayout(QStringLiteral("teach"));
    m_lessonsDock->raise();
}

void LessonDocks::switchLanguage(const QString &setting) {
    UiLanguage *language = UiLanguage::instance();
    const QString before = language->current();
    language->setSetting(setting);
    if (language->current() == before)
        return;
    // The lessons and the drill follow at once; menus and the other panels build their texts
    // when the window is made, so they follow after a restart.
    const auto answer = QMessageBox::question(
        m_window, tr("Language"),
        tr("The lessons and the drill now use the new language. Restart Dynascope to switch "
           "the menus and the other panels too?"),
        QMessageBox::Yes | QMessageBox::No);
    if (answer != QMessageBox::Yes)
        return;
    const QString script = m_window->scriptPath();
    if (!m_window->close())
        return;
    QStringList arguments{QStringLiteral("gui")};
    if (!script.isEmpty())
        arguments << script;
    QProcess::startDetached(QCoreApplication::applicationFilePath(), arguments);
}

} // namespace dynascope
