// Layouts per task: where each dock and document goes for stepping, graph breaks and teaching.
#pragma once

#include <QList>
#include <QObject>
#include <QString>
#include <QStringList>

class QMainWindow;

namespace dynascope {

class DocumentArea;

// Where one dock sits in a layout: in `area`, or next to a dock placed before it.
struct PanelPlacement {
    enum Relation { InArea, TabWith, Below, RightOf };
    QString dock; // the dock's objectName
    Relation relation = InArea;
    Qt::DockWidgetArea area = Qt::RightDockWidgetArea; // for InArea
    QString other; // for TabWith, Below, RightOf (`area` is used when it is missing)
    // Wanted size as a share of the window: the width for left/right areas and RightOf, the
    // height for top/bottom areas and Below; 0 leaves it to Qt.
    double share = 0;
};

struct WorkspaceLayout {
    QString id;    // "step", "graphs", "teach" (stable: kept in the settings)
    QString title; // for the toolbar and the View menu
    QString toolTip;
    QStringList primaryDocuments;   // left (or only) document group
    QStringList secondaryDocuments; // right group; empty: one group fills the middle
    QStringList frontDocuments;     // brought to the front of their group
    QList<PanelPlacement> panels;   // in order; docks not named here are hidden
    QStringList raisedPanels;       // tabs brought to the front after placing
};

// Applies layouts to a main window's docks and its DocumentArea. Panels added later by other
// parts of the app join a layout with place() (one line each).
class WorkspaceLayouts : public QObject {
    Q_OBJECT
public:
    WorkspaceLayouts(QMainWindow *window, DocumentArea *documents);

    void addLayout(const WorkspaceLayout &layout);
    // Adds a dock to layout `layoutId` (after its own panels); `raise` brings it to the front.
    void place(const QString &layoutId, const PanelPlacement &placement, bool raise = false);
    // Brings `dock` (placed by the layout) to the front of its tabs once the layout is applied.
    void raise(const QString &layoutId, const QString &dock);
    // Puts a document into a layout's primary (or secondary) group.
    void placeDocument(const QString &layoutId, const QString &documentId, bool secondary = false);
    const QList<WorkspaceLayout> &layouts() const { return m_layouts; }
    const WorkspaceLayout *layout(const QString &id) const;

    // Arranges the window as layout `id` says; false for an unknown id.
    bool apply(const QString &id);
    QString current() const { return m_current; }
    void setCurrent(const QString &id) { m_current = id; } // after restoring a saved state

signals:
    void applied(const QString &id);

private:
    void resizeAll(const WorkspaceLayout &layout);
    WorkspaceLayout *find(const QString &id);

    QMainWindow *m_window;
    DocumentArea *m_documents;
    QList<WorkspaceLayout> m_layouts;
    QString m_current;
};

} // namespace dynascope
