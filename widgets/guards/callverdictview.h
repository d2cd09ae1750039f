// CallVerdictView: one call's verdicts — per region, the cache entries tried in order, each a hit
// or the guard that failed with its expected and actual values, and what the cache did.
#pragma once

#include "guardscache.h"

#include <QTreeWidget>

namespace dynascope {

class CallVerdictView : public QTreeWidget {
    Q_OBJECT
public:
    enum Roles { EntryRole = Qt::UserRole + 1, GuardRole };

    explicit CallVerdictView(QWidget *parent = nullptr);
    // `function` resolves the call's compact failures from its entries' guards; null clears.
    void setCall(const CallRecord *call, const FunctionCache *function);

signals:
    // A failed verdict was clicked: highlight that entry's guard.
    void failureActivated(int entry, int guard);
};

} // namespace dynascope
