// Tree model of a frame's five parts: code object, locals, globals, builtins, closure cells.
#pragma once

#include "framescopes.h"

#include <QAbstractItemModel>

#include <memory>
#include <vector>

namespace dynascope {

class FrameModel : public QAbstractItemModel {
    Q_OBJECT
public:
    enum Columns { NameColumn, ValueColumn, NUM_COLUMNS };
    enum Roles {
        SectionRole = Qt::UserRole, // Section of the row
        ChangedRole,                // bool: the current step set this value
        CollapsedByDefaultRole,     // bool: a view starts with this row folded
    };
    enum Section {
        CodeSection,
        LocalsSection,
        GlobalsSection,
        BuiltinsSection,
        CellsSection,
        NUM_SECTIONS
    };

    explicit FrameModel(QObject *parent = nullptr);
    ~FrameModel() override;

    void setScopes(const FrameScopes &scopes);
    const FrameScopes &scopes() const { return m_scopes; }
    // Shows only builtins whose name contains `text` (case-insensitive).
    void setBuiltinsFilter(const QString &text);
    QString builtinsFilter() const { return m_builtinsFilter; }

    QModelIndex sectionIndex(Section section) const;
    // Every row as "section/name = value" lines, depth first: lets tests compare two states.
    QStringList dump() const;

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    struct Node; // one row; opaque outside framemodel.cpp

private:
    void rebuild();
    Node *nodeOf(const QModelIndex &index) const;

    FrameScopes m_scopes;
    QString m_builtinsFilter;
    std::unique_ptr<Node> m_root;
};

} // namespace dynascope
