// KernelsView: the generated C++ of each captured graph (read-only, C++ lexer), its kernels,
// extern calls, fallbacks, the scheduler's decisions and the compile-time split.
#pragma once

#include "model/kernelrecord.h"

#include <QWidget>

#include <vector>

class QLabel;
class QSplitter;
class QTreeWidget;
class QTreeWidgetItem;
class QsciScintilla;

namespace dynascope {

// Left: one item per graph signature (status, cache hit/miss, trace/lower/codegen/compile/load),
// its kernels (with the graph nodes fused into each), extern calls and fallbacks (marked), and
// the scheduler's decisions. Right: the graph's generated C++. Selecting a kernel selects its
// lines in the code; moving the cursor in the code selects the kernel that holds the line.
class KernelsView : public QWidget {
    Q_OBJECT
public:
    explicit KernelsView(QWidget *parent = nullptr);

    void setRecords(std::vector<KernelGraphRecord> records);
    const std::vector<KernelGraphRecord> &records() const { return m_records; }
    void clear();

    QTreeWidget *tree() const { return m_tree; }
    QsciScintilla *code() const { return m_code; }
    QLabel *summary() const { return m_summary; }

    // Shows graph record `index` and selects kernel `kernel` (-1: none); false if out of range.
    bool showKernel(int index, int kernel);
    // The record whose source is shown (-1: none).
    int shownRecord() const { return m_shown; }

signals:
    // The current item changed: its record and kernel (-1 for the record's other items).
    void kernelSelected(int record, int kernel);

protected:
    // The first time the view has a real width, the tree gets a third of it.
    void resizeEvent(QResizeEvent *event) override;

private:
    void onItemSelected();
    void onCursorMoved(int line);
    void showRecord(int index);

    std::vector<KernelGraphRecord> m_records;
    QTreeWidget *m_tree;
    QsciScintilla *m_code;
    QLabel *m_summary;
    QSplitter *m_split = nullptr;
    bool m_splitPlaced = false;
    int m_shown = -1;
    bool m_syncing = false;
};

} // namespace dynascope
