// The central document area: tabbed documents (script, graphs, generated code…) in two groups.
#pragma once

#include <QHash>
#include <QSplitter>

class QTabWidget;

namespace dynascope {

// Documents are the big things a user reads (as an IDE's editor tabs); panels are docks. The area
// holds two tab groups side by side; the second one hides while it holds nothing, so a layout can
// put the script next to its graphs or keep one document filling the middle.
class DocumentArea : public QSplitter {
    Q_OBJECT
public:
    enum Group { Primary, Secondary };

    explicit DocumentArea(QWidget *parent = nullptr);

    // Adds a tab; `id` is stable (layouts and tests name documents by it).
    void addDocument(QWidget *widget, const QString &title, const QString &id,
                     Group group = Primary);
    QWidget *document(const QString &id) const { return m_documents.value(id); }
    QStringList documentIds() const { return m_order; }
    // Moves a document to `group` (keeping the order documents were added in).
    void moveDocument(const QString &id, Group group);
    // Brings the document's tab to the front of its group.
    void showDocument(const QString &id);
    bool isDocumentShown(const QString &id) const; // its tab is the current one of its group
    Group groupOf(const QString &id) const;
    QTabWidget *tabs(Group group) const { return m_tabs[group]; }
    // Splits the width between the two groups as a layout starts them.
    void balance();

signals:
    void currentDocumentChanged(const QString &id);

private:
    void updateGroups();

    QTabWidget *m_tabs[2];
    QHash<QString, QWidget *> m_documents;
    QHash<QString, QString> m_titles;
    QStringList m_order;
};

} // namespace dynascope
