// A window that shows one recorded value whole: its type, a tensor's shape and dtype, the repr.
#pragma once

#include "model/step.h"

#include <QDialog>

class QLabel;
class QPlainTextEdit;
class QTableWidget;

namespace dynascope {

// Opened by a double-click on a stack slot or a frame's value. Shows every field the recorder
// kept, the repr unwrapped, and for a tensor its recorded leading values as a table with their
// minimum, maximum and mean (the recorder keeps the first values of row 0 and says so).
class ValueInspector : public QDialog {
    Q_OBJECT
public:
    ValueInspector(const QString &title, const StackValue &value, QWidget *parent = nullptr);

    // Opens (non-modal) one inspector per call; it deletes itself when closed.
    static ValueInspector *inspect(const QString &title, const StackValue &value, QWidget *parent);
    // The numbers of a tensor repr's first bracketed row ("tensor([1., 2., …])" → 1, 2).
    static QList<double> leadingValues(const QString &repr);
    // Whether a tensor of this shape and stride ("[2, 3]", "[3, 1]") is row-major contiguous.
    static bool isContiguous(const std::string &shape, const std::string &stride);

    QTableWidget *valuesTable() const { return m_values; }
    QString summaryText() const;

private:
    QLabel *m_summary;
    QPlainTextEdit *m_repr;
    QTableWidget *m_values;
};

} // namespace dynascope
