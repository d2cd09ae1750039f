// A frame's five parts at the current step in a tree, with a filter for the builtins.
#pragma once

#include "framescopes.h"

#include <QHash>
#include <QModelIndex>
#include <QWidget>

class QLabel;
class QResizeEvent;
class QLineEdit;
class QTreeView;

namespace dynascope {

class FrameModel;

class FrameView : public QWidget {
    Q_OBJECT
public:
    explicit FrameView(QWidget *parent = nullptr);

    void setScopes(const FrameScopes &scopes);
    FrameModel *frameModel() const { return m_model; }
    QTreeView *treeView() const { return m_tree; }
    QLineEdit *builtinsFilter() const { return m_filter; }

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    // The name column's width for the tree's current width: 40 % of it, never less than what the
    // bold section titles need. Kept once the user drags the column.
    int nameColumnWidth() const;
    QString pathOf(const QModelIndex &index) const;
    void restoreExpansion(const QModelIndex &parent = {});

    FrameModel *m_model;
    QTreeView *m_tree;
    QLineEdit *m_filter;
    QLabel *m_title;
    // What the user opened or closed, by row path; everything else follows the model's default.
    QHash<QString, bool> m_expanded;
    bool m_restoring = false;
    bool m_nameColumnDragged = false;
    bool m_sizingNameColumn = false;
};

} // namespace dynascope
