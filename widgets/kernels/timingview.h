// TimingView: the measured speed-up of each compiled function over eager (S = T_base / T_comp),
// split into guards, graphs and kernels, as medians with their spread, drawn with Qt Charts.
#pragma once

#include "model/kernelrecord.h"

#include <QWidget>

class QChart;
class QChartView;
class QLabel;
class QPushButton;
class QTreeWidget;
class QTreeWidgetItem;

namespace dynascope {

// A bar chart of T_base and T_comp per function (µs, medians) and a table: T_base, t_guard, each
// graph and kernel, T_comp, S, each with [p10 .. p90]; noisy figures say so. A training plan's
// graph shows its forward (what the call runs) and, below it, its backward half timed alone. "Run compiled
// kernels" asks for a run that measures them (runRequested).
class TimingView : public QWidget {
    Q_OBJECT
public:
    explicit TimingView(QWidget *parent = nullptr);

    void setReport(const TimingReport &report);
    void clear();
    const TimingReport &report() const { return m_report; }

    QTreeWidget *table() const { return m_table; }
    QChart *chart() const { return m_chart; }
    QLabel *summary() const { return m_summary; }
    QPushButton *runButton() const { return m_run; }

    // "12.3 µs [11.9 .. 13.0]" (ms above 1000 µs); "(noisy)" appended when flagged.
    static QString formatStats(const TimingStats &s);

signals:
    void runRequested();

private:
    void addKernels(QTreeWidgetItem *parent, const std::vector<KernelTiming> &kernels);
    void addBackward(QTreeWidgetItem *function, int graph, const BackwardTiming &backward);

    TimingReport m_report;
    QChart *m_chart;
    QChartView *m_chartView;
    QTreeWidget *m_table;
    QLabel *m_summary;
    QPushButton *m_run;
};

} // namespace dynascope
