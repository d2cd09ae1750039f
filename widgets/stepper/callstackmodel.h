// List model of the frames active at the current step, innermost first.
#pragma once

#include "steptimeline.h"

#include <QAbstractTableModel>

namespace dynascope {

class CallStackModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Columns { FunctionColumn, LocationColumn, NUM_COLUMNS };
    enum Roles {
        FrameIdRole = Qt::UserRole, // qlonglong: ActiveFrame::frame
        StepIndexRole,              // int: the frame's latest step
        DepthRole,                  // int: call depth
        CodeIdRole,                 // QString
    };

    explicit CallStackModel(QObject *parent = nullptr);

    void setFrames(std::vector<ActiveFrame> frames);
    const std::vector<ActiveFrame> &frames() const { return m_frames; }
    // The row of `frame`, or -1 when it is not active.
    int rowOfFrame(long long frame) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    std::vector<ActiveFrame> m_frames;
};

} // namespace dynascope
