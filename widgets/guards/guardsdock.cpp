// GuardsDock: dock registration and incremental refresh (calls come in bursts: one redraw each).
#include "guardsdock.h"

#include "capturesession.h"
#include "guardspanel.h"
#include "mainwindow.h"
#include "workspace/workspacelayouts.h"

#include <QDockWidget>
#include <QTimer>

namespace dynascope {

GuardsDock::GuardsDock(MainWindow *window)
    : QObject(window), m_session(window->session()), m_panel(new GuardsPanel),
      m_debounce(new QTimer(this)) {
    window->addPanel(m_panel, tr("Guards && Cache"), QStringLiteral("guardsDock"),
                     Qt::BottomDockWidgetArea, MainWindow::PanelFit::ScrollWhenShort);
    // A tab beside Explain: in the graphs layout, and in the step layout (the first start's)
    // where Explain is a tab of the console.
    window->layouts()->place(QStringLiteral("graphs"),
                             {QStringLiteral("guardsDock"), PanelPlacement::TabWith,
                              Qt::BottomDockWidgetArea, QStringLiteral("explainDock")});
    window->layouts()->place(QStringLiteral("step"),
                             {QStringLiteral("guardsDock"), PanelPlacement::TabWith,
                              Qt::BottomDockWidgetArea, QStringLiteral("consoleDock")});
    m_debounce->setSingleShot(true);
    m_debounce->setInterval(150);
    connect(m_debounce, &QTimer::timeout, this, &GuardsDock::refresh);
    connect(m_session, &CaptureSession::eventAdded, this, [this](const QString &type) {
        if (type == QLatin1String(EventType::Guards) || type == QLatin1String(EventType::Call))
            m_debounce->start();
    });
    connect(m_session, &CaptureSession::runStarted, this, [this] {
        m_cache.clear();
        m_panel->setCache(&m_cache);
    });
    connect(m_session, &CaptureSession::runStateChanged, this, [this] {
        if (m_session->runState() != RunState::Running)
            refresh();
    });
    m_panel->setCache(&m_cache);
}

void GuardsDock::refresh() {
    if (m_cache.update(m_session->captureDigest()))
        m_panel->setCache(&m_cache);
}

} // namespace dynascope
