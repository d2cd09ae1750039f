// CallStackView: a flat tree view over CallStackModel that reports the chosen frame.
#include "callstackview.h"

#include "callstackmodel.h"

#include <QHeaderView>

namespace dynascope {

CallStackView::CallStackView(QWidget *parent)
    : QTreeView(parent), m_model(new CallStackModel(this)) {
    setObjectName(QStringLiteral("callStackView"));
    setModel(m_model);
    setRootIsDecorated(false);
    setUniformRowHeights(true);
    setSelectionMode(QAbstractItemView::SingleSelection);
    setSelectionBehavior(QAbstractItemView::SelectRows);
    header()->setStretchLastSection(false);
    header()->setSectionResizeMode(CallStackModel::FunctionColumn, QHeaderView::Stretch);
    header()->setSectionResizeMode(CallStackModel::LocationColumn, QHeaderView::ResizeToContents);
    connect(selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                if (!m_settingFrames && current.isValid())
                    emit frameChosen(current.data(CallStackModel::FrameIdRole).toLongLong());
            });
}

void CallStackView::setFrames(std::vector<ActiveFrame> frames, long long chosenFrame) {
    m_settingFrames = true;
    m_model->setFrames(std::move(frames));
    const int row = std::max(0, m_model->rowOfFrame(chosenFrame));
    if (m_model->rowCount() > 0)
        setCurrentIndex(m_model->index(row, 0));
    m_settingFrames = false;
}

long long CallStackView::chosenFrame() const {
    const QModelIndex current = currentIndex();
    return current.isValid() ? current.data(CallStackModel::FrameIdRole).toLongLong() : -1;
}

void CallStackView::chooseRow(int row) {
    if (row >= 0 && row < m_model->rowCount())
        setCurrentIndex(m_model->index(row, 0));
}

} // namespace dynascope
