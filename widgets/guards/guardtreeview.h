// GuardTreeView: a function's cache entries in check order, each entry's guards as Dynamo's
// guard tree (one node per source, fetched from its parent by an accessor, its guards below).
#pragma once

#include "guardscache.h"

#include <QTreeWidget>

namespace dynascope {

class GuardTreeView : public QTreeWidget {
    Q_OBJECT
public:
    enum Roles { EntryRole = Qt::UserRole + 1, GuardRole };
    // How a marked item is drawn: a guard that failed (red), or one a lesson points at (yellow).
    enum class Mark { Failed, Pointed };

    explicit GuardTreeView(QWidget *parent = nullptr);
    void setFunction(const FunctionCache *function);
    // Marks the guard that failed (entry number, guard index), selects it and scrolls to it; -1
    // clears. Pointed with guard -1 marks the whole entry.
    void highlight(int entry, int guard, Mark mark = Mark::Failed);
    static QColor markColor(Mark mark);
    QTreeWidgetItem *guardItem(int entry, int guard) const;
    QTreeWidgetItem *entryItem(int entry) const;

    // Dynamo's spelling of where a source is fetched from: the parent source ("" for a root)
    // and the accessor ("GetAttrGuardAccessor(weight)").
    static QString parentSource(const QString &source);
    static QString accessorText(const QString &source);

private:
    QTreeWidgetItem *m_highlighted = nullptr;
};

} // namespace dynascope
