// A frame's five parts at the current step in a tree, with a filter for the builtins.
#pragma once

#include "framescopes.h"

#include <QHash>
#include <QModelIndex>
#include <QWidget>

class QLabel;
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

private:
    QString pathOf(const QModelIndex &index) const;
    void restoreExpansion(const QModelIndex &parent = {});

    FrameModel *m_model;
    QTreeView *m_tree;
    QLineEdit *m_filter;
    QLabel *m_title;
    // What the user opened or closed, by row path; everything else follows the model's default.
    QHash<QString, bool> m_expanded;
    bool m_restoring = false;
};

} // namespace dynascope
