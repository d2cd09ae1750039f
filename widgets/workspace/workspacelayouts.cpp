// WorkspaceLayouts: re-docks every panel in order, then sizes them as shares of the window.
#include "workspace/workspacelayouts.h"

#include "workspace/documentarea.h"

#include <QDockWidget>
#include <QMainWindow>
#include <QTimer>

namespace dynascope {

WorkspaceLayouts::WorkspaceLayouts(QMainWindow *window, DocumentArea *documents)
    : QObject(window), m_window(window), m_documents(documents) {}

void WorkspaceLayouts::addLayout(const WorkspaceLayout &layout) {
    m_layouts.append(layout);
}

WorkspaceLayout *WorkspaceLayouts::find(const QString &id) {
    for (WorkspaceLayout &l : m_layouts)
        if (l.id == id)
            return &l;
    return nullptr;
}

const WorkspaceLayout *WorkspaceLayouts::layout(const QString &id) const {
    for (const WorkspaceLayout &l : m_layouts)
        if (l.id == id)
            return &l;
    return nullptr;
}

void WorkspaceLayouts::place(const QString &layoutId, const PanelPlacement &placement, bool raise) {
    if (WorkspaceLayout *l = find(layoutId)) {
        l->panels.append(placement);
        if (raise)
            l->raisedPanels.append(placement.dock);
    }
}

void WorkspaceLayouts::raise(const QString &layoutId, const QString &dock) {
    if (WorkspaceLayout *l = find(layoutId))
        l->raisedPanels.append(dock);
}

void WorkspaceLayouts::placeDocument(const QString &layoutId, const QString &documentId,
                                     bool secondary) {
    if (WorkspaceLayout *l = find(layoutId))
        (secondary ? l->secondaryDocuments : l->primaryDocuments).append(documentId);
}

bool WorkspaceLayouts::apply(const QString &id) {
    const WorkspaceLayout *l = layout(id);
    if (!l)
        return false;
    m_current = id;
    auto dock = [this](const QString &name) {
        return m_window->findChild<QDockWidget *>(name, Qt::FindDirectChildrenOnly);
    };
    // Documents: named ones go to their group, the rest to the primary one.
    for (const QString &doc : m_documents->documentIds())
        m_documents->moveDocument(doc, l->secondaryDocuments.contains(doc) ? DocumentArea::Secondary
                                                                           : DocumentArea::Primary);
    for (const QString &doc : l->frontDocuments)
        m_documents->showDocument(doc);

    const QList<QDockWidget *> docks =
        m_window->findChildren<QDockWidget *>(QString(), Qt::FindDirectChildrenOnly);
    for (QDockWidget *d : docks) {
        d->setFloating(false);
        m_window->removeDockWidget(d);
    }
    QStringList placed;
    for (const PanelPlacement &p : l->panels) {
        QDockWidget *d = dock(p.dock);
        if (!d || placed.contains(p.dock))
            continue;
        QDockWidget *other = placed.contains(p.other) ? dock(p.other) : nullptr;
        if (p.relation == PanelPlacement::InArea || !other) {
            m_window->addDockWidget(p.area, d); // also when `other` is missing from this app
        } else if (p.relation == PanelPlacement::TabWith) {
            m_window->tabifyDockWidget(other, d);
        } else {
            m_window->splitDockWidget(
                other, d, p.relation == PanelPlacement::Below ? Qt::Vertical : Qt::Horizontal);
        }
        d->show();
        placed.append(p.dock);
    }
    for (const QString &name : l->raisedPanels)
        if (QDockWidget *d = dock(name); d && placed.contains(name))
            d->raise();
    resizeAll(*l);
    // The first sizes are guesses while the window is not laid out yet; size again once it is.
    QTimer::singleShot(0, this, [this, id] {
        if (const WorkspaceLayout *again = layout(id); again && m_current == id)
            resizeAll(*again);
    });
    emit applied(id);
    return true;
}

void WorkspaceLayouts::resizeAll(const WorkspaceLayout &layout) {
    QList<QDockWidget *> wide, tall;
    QList<int> widths, heights;
    for (const PanelPlacement &p : layout.panels) {
        auto *d = m_window->findChild<QDockWidget *>(p.dock, Qt::FindDirectChildrenOnly);
        if (!d || p.share <= 0 || d->isHidden())
            continue;
        const Qt::DockWidgetArea area = m_window->dockWidgetArea(d);
        const bool horizontal =
            p.relation == PanelPlacement::RightOf ||
            (p.relation == PanelPlacement::InArea &&
             (area == Qt::LeftDockWidgetArea || area == Qt::RightDockWidgetArea));
        if (horizontal) {
            wide.append(d);
            widths.append(int(m_window->width() * p.share));
        } else {
            tall.append(d);
            heights.append(int(m_window->height() * p.share));
        }
    }
    if (!wide.isEmpty())
        m_window->resizeDocks(wide, widths, Qt::Horizontal);
    if (!tall.isEmpty())
        m_window->resizeDocks(tall, heights, Qt::Vertical);
    m_documents->balance();
}

} // namespace dynascope
