// TracerPanel: steps through the symbolic trace — its steps, symbolic stack, nodes and guards.
#pragma once

#include "tracestepmodel.h"

#include <QWidget>

class QAction;
class QLabel;
class QListWidget;
class QTableView;

namespace dynascope {

class TracerPanel : public QWidget {
    Q_OBJECT
public:
    explicit TracerPanel(QWidget *parent = nullptr);

    void setSteps(std::vector<TraceStepRow> steps);
    // Appends the steps of a run not shown yet (a new run's fewer steps start over); the
    // current step stays where it is.
    void syncSteps(const std::vector<TracedStep> &steps);
    TraceStepModel *model() const { return m_model; }
    QTableView *table() const { return m_table; }
    QListWidget *stackList() const { return m_stack; }
    QListWidget *nodeList() const { return m_nodes; }
    QListWidget *guardList() const { return m_guards; }

    int currentRow() const { return m_current; }
    void setCurrentRow(int row);
    void stepForward() { setCurrentRow(m_current + 1); }
    void stepBack() { setCurrentRow(m_current - 1); }
    QList<QAction *> stepActions() const { return {m_back, m_forward}; }

signals:
    // The step now shown (row into model()); -1 when the trace was cleared.
    void currentStepChanged(int row);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void showStep(int row);

    TraceStepModel *m_model;
    QTableView *m_table;
    QListWidget *m_stack;
    QListWidget *m_nodes;
    QListWidget *m_guards;
    QLabel *m_position;
    QAction *m_back;
    QAction *m_forward;
    int m_current = -1;
};

} // namespace dynascope
