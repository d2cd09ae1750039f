// TracerPanel: the trace step table with the symbolic stack, nodes and guards of the current step.
#include "tracerpanel.h"

#include <algorithm>

#include <QAction>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QListWidget>
#include <QSplitter>
#include <QTableView>
#include <QToolBar>
#include <QVBoxLayout>

namespace dynascope {

namespace {
QListWidget *titledList(QSplitter *parent, const QString &title, QListWidget **out) {
    auto *box = new QWidget(parent);
    auto *layout = new QVBoxLayout(box);
    layout->setContentsMargins(2, 0, 2, 0);
    layout->setSpacing(2);
    layout->addWidget(new QLabel(title, box));
    *out = new QListWidget(box);
    (*out)->setAlternatingRowColors(true);
    (*out)->setMinimumHeight(40);
    layout->addWidget(*out);
    parent->addWidget(box);
    return *out;
}
} // namespace

TracerPanel::TracerPanel(QWidget *parent)
    : QWidget(parent), m_model(new TraceStepModel(this)), m_table(new QTableView),
      m_position(new QLabel) {
    auto *toolBar = new QToolBar(this);
    toolBar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_back = toolBar->addAction(tr("◀ Back"), this, &TracerPanel::stepBack);
    m_back->setToolTip(tr("Previous trace step (Shift+F10 in the Tracer)"));
    m_forward = toolBar->addAction(tr("Step ▶"), this, &TracerPanel::stepForward);
    m_forward->setToolTip(tr("Next trace step (F10 in the Tracer)"));
    toolBar->addSeparator();
    toolBar->addWidget(m_position);

    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 4);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setWordWrap(false);

    // Side by side, so the dock stays as short as the console it shares the bottom with.
    auto *split = new QSplitter(Qt::Horizontal);
    split->addWidget(m_table);
    titledList(split, tr("Symbolic stack (top first)"), &m_stack);
    titledList(split, tr("Nodes added"), &m_nodes);
    titledList(split, tr("Guards added"), &m_guards);
    split->setStretchFactor(0, 4);
    split->setStretchFactor(1, 2);
    split->setStretchFactor(2, 1);
    split->setStretchFactor(3, 2);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(toolBar);
    layout->addWidget(split);

    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                if (current.isValid() && current.row() != m_current)
                    setCurrentRow(current.row());
            });
    // F10 also steps the bytecode stepper window-wide; inside the Tracer it steps the trace.
    for (QWidget *w : {static_cast<QWidget *>(m_table), static_cast<QWidget *>(m_stack),
                       static_cast<QWidget *>(m_nodes), static_cast<QWidget *>(m_guards)})
        w->installEventFilter(this);
    showStep(-1);
}

void TracerPanel::setSteps(std::vector<TraceStepRow> steps) {
    m_model->setSteps(std::move(steps));
    m_current = -1;
    m_table->resizeColumnsToContents();
    showStep(-1);
    emit currentStepChanged(-1);
}

void TracerPanel::syncSteps(const std::vector<TracedStep> &steps) {
    const bool wasEmpty = m_model->rowCount() == 0;
    const bool startedOver = steps.size() < static_cast<size_t>(m_model->rowCount());
    if (!m_model->syncSteps(steps))
        return;
    if (wasEmpty || startedOver) {
        m_current = -1;
        m_table->resizeColumnsToContents();
        emit currentStepChanged(-1);
    }
    showStep(m_current);
}

void TracerPanel::setCurrentRow(int row) {
    if (m_model->rowCount() == 0)
        return;
    row = std::clamp(row, 0, m_model->rowCount() - 1);
    if (row == m_current)
        return;
    m_current = row;
    m_table->selectRow(row);
    m_table->scrollTo(m_model->index(row, 0));
    showStep(row);
    emit currentStepChanged(row);
}

void TracerPanel::showStep(int row) {
    m_stack->clear();
    m_nodes->clear();
    m_guards->clear();
    const TraceStepRow *s = m_model->step(row);
    const int total = m_model->rowCount();
    m_back->setEnabled(s && row > 0);
    m_forward->setEnabled(total > 0 && row < total - 1);
    if (!s) {
        m_position->setText(total ? tr("%n trace step(s) — F10 to step", nullptr, total)
                                  : tr("No trace steps: run a script that calls torch.compile"));
        return;
    }
    m_position->setText(
        tr("step %1 of %2 · %3 %4 · graph %5")
            .arg(row + 1)
            .arg(total)
            .arg(s->opname, s->function, s->graphId.isEmpty() ? tr("none") : s->graphId));
    for (auto it = s->stack.crbegin(); it != s->stack.crend(); ++it)
        m_stack->addItem(*it);
    m_nodes->addItems(s->nodes);
    m_guards->addItems(s->guards);
}

bool TracerPanel::eventFilter(QObject *watched, QEvent *event) {
    if (event->type() == QEvent::ShortcutOverride || event->type() == QEvent::KeyPress) {
        auto *key = static_cast<QKeyEvent *>(event);
        if (key->key() == Qt::Key_F10) {
            event->accept();
            if (event->type() == QEvent::KeyPress)
                key->modifiers() & Qt::ShiftModifier ? stepBack() : stepForward();
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace dynascope
