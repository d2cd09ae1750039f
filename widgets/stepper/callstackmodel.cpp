// CallStackModel: one row per active frame; replaced wholesale on each step.
#include "callstackmodel.h"

#include <QFileInfo>
#include <QFont>

namespace dynascope {

CallStackModel::CallStackModel(QObject *parent) : QAbstractTableModel(parent) {}

void CallStackModel::setFrames(std::vector<ActiveFrame> frames) {
    beginResetModel();
    m_frames = std::move(frames);
    endResetModel();
}

int CallStackModel::rowOfFrame(long long frame) const {
    for (size_t i = 0; i < m_frames.size(); ++i)
        if (m_frames[i].frame == frame)
            return int(i);
    return -1;
}

int CallStackModel::rowCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : int(m_frames.size());
}

int CallStackModel::columnCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : NUM_COLUMNS;
}

QVariant CallStackModel::data(const QModelIndex &index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const ActiveFrame &f = m_frames[index.row()];
    switch (role) {
    case Qt::DisplayRole:
        if (index.column() == FunctionColumn)
            return QString::fromStdString(f.function);
        return QStringLiteral("%1:%2")
            .arg(QFileInfo(QString::fromStdString(f.file)).fileName())
            .arg(f.line);
    case Qt::ToolTipRole:
        return QStringLiteral("%1\n%2:%3, offset %4, depth %5")
            .arg(QString::fromStdString(f.function), QString::fromStdString(f.file))
            .arg(f.line)
            .arg(f.offset)
            .arg(f.depth);
    case Qt::FontRole:
        if (index.row() == 0) {
            QFont font;
            font.setBold(true);
            return font;
        }
        return {};
    case FrameIdRole:
        return qlonglong(f.frame);
    case StepIndexRole:
        return f.stepIndex;
    case DepthRole:
        return f.depth;
    case CodeIdRole:
        return QString::fromStdString(f.codeId);
    }
    return {};
}

QVariant CallStackModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    return section == FunctionColumn   ? tr("Function")
           : section == LocationColumn ? tr("Line")
                                       : QVariant();
}

} // namespace dynascope
