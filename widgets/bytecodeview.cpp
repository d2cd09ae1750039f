// BytecodeView: keeps the tree's selection and the session's selection in step, both ways.
#include "bytecodeview.h"

#include "bytecodemodel.h"
#include "capturesession.h"

#include <QFontDatabase>
#include <QHeaderView>
#include <QItemSelection>

namespace dynascope {

BytecodeView::BytecodeView(CaptureSession *session, QWidget *parent)
    : QTreeView(parent), m_session(session), m_model(new BytecodeModel(this)) {
    setModel(m_model);
    setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    setUniformRowHeights(true);
    setAllColumnsShowFocus(true);
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setSelectionMode(QAbstractItemView::SingleSelection);
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    header()->setStretchLastSection(true);
    // Three levels (code, line, instruction) at the style's 20 px each took 60 px of a dock that is
    // a third of a 1280 px window; 12 px still shows the levels and leaves the argument readable.
    setIndentation(12);
    // Code and line rows span the whole width, so the offset column only needs room for ">> 1234"
    // at depth 2; sizing it to contents would measure the longest source line instead.
    QFont bold = font(); // jump targets are bold
    bold.setBold(true);
    const QFontMetrics metrics(bold);
    header()->resizeSection(BytecodeModel::OffsetColumn,
                            3 * indentation() +
                                metrics.horizontalAdvance(QStringLiteral(">> 0000")));
    header()->setSectionResizeMode(BytecodeModel::OpnameColumn, QHeaderView::ResizeToContents);
    header()->setSectionResizeMode(BytecodeModel::ArgColumn, QHeaderView::ResizeToContents);

    connect(m_session, &CaptureSession::runStarted, this, &BytecodeView::onRunStarted);
    connect(m_session, &CaptureSession::codeAdded, this, &BytecodeView::onCodeAdded);
    connect(m_session, &CaptureSession::scriptChanged, this,
            [this] { m_model->setSourceLines(m_session->sourceLines()); });
    connect(m_session, &CaptureSession::selectionChanged, this, &BytecodeView::followSession);
    connect(selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex &current) { selectInSession(current); });
    // A click on the row that is already current (after the session selected a line) still counts.
    connect(this, &QAbstractItemView::clicked, this, &BytecodeView::selectInSession);
}

void BytecodeView::onRunStarted() {
    m_model->clear();
    m_model->setSourceLines(m_session->sourceLines());
}

void BytecodeView::onCodeAdded(int index) {
    const int rowsBefore = m_model->rowCount();
    m_model->appendCode(m_session->codeInfos()[size_t(index)]);
    if (m_model->rowCount() == rowsBefore) // an alias of a code object already shown
        return followSession();
    const int row = m_model->rowCount() - 1;
    const QModelIndex code = m_model->index(row, 0);
    // Code and line rows carry one long text; only instruction rows use the columns.
    setFirstColumnSpanned(row, {}, true);
    for (int group = 0; group < m_model->rowCount(code); ++group)
        setFirstColumnSpanned(group, code, true);
    expandRecursively(code);
    followSession();
}

void BytecodeView::selectInSession(const QModelIndex &index) {
    if (m_following || !index.isValid())
        return;
    const auto kind = index.data(BytecodeModel::KindRole).toInt();
    if (kind == BytecodeModel::InstructionNode)
        m_session->setSelectedInstruction({index.data(BytecodeModel::CodeIdRole).toString(),
                                           index.data(BytecodeModel::OffsetRole).toInt()});
    else
        m_session->setSelectedLine(index.data(BytecodeModel::LineRole).toInt());
}

void BytecodeView::followSession() {
    m_following = true;
    QItemSelection selection;
    QModelIndex focus;
    const InstructionRef selected = m_session->selectedInstruction();
    if (selected.isValid()) {
        focus = m_model->indexOfInstruction(selected.codeId, selected.offset);
        if (focus.isValid())
            selection.select(focus, focus.siblingAtColumn(BytecodeModel::NUM_COLUMNS - 1));
    } else {
        for (const QModelIndex &group : m_model->groupsOfLine(m_session->selectedLine())) {
            if (!focus.isValid())
                focus = group;
            const int last = m_model->rowCount(group) - 1;
            selection.select(group, group.siblingAtColumn(BytecodeModel::NUM_COLUMNS - 1));
            if (last >= 0)
                selection.select(m_model->index(0, 0, group),
                                 m_model->index(last, BytecodeModel::NUM_COLUMNS - 1, group));
        }
    }
    selectionModel()->select(selection, QItemSelectionModel::ClearAndSelect);
    if (focus.isValid()) {
        selectionModel()->setCurrentIndex(focus, QItemSelectionModel::NoUpdate);
        // Show as much of a selected line group as fits, its header row first.
        if (const int children = m_model->rowCount(focus); children > 0)
            scrollTo(m_model->index(children - 1, 0, focus));
        scrollTo(focus);
    }
    m_following = false;
}

} // namespace dynascope
