// CallVerdictView: the tree of one call's regions and verdicts.
#include "callverdictview.h"

#include "calltimeline.h"

#include <QHeaderView>

namespace dynascope {

CallVerdictView::CallVerdictView(QWidget *parent) : QTreeWidget(parent) {
    setColumnCount(4);
    setHeaderLabels({tr("Verdict"), tr("Guard"), tr("Expected"), tr("Actual")});
    header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    setUniformRowHeights(true);
    connect(this, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem *item) {
        if (item && item->data(0, GuardRole).toInt() >= 0)
            emit failureActivated(item->data(0, EntryRole).toInt(),
                                  item->data(0, GuardRole).toInt());
    });
}

void CallVerdictView::setCall(const CallRecord *call, const FunctionCache *function) {
    clear();
    if (!call)
        return;
    auto *top = new QTreeWidgetItem(this);
    top->setText(
        0, tr("Call %1: %2").arg(call->index).arg(CallTimeline::outcomeText(call->outcome())));
    top->setText(1, tr("guards checked in %1 µs").arg(call->guardUs, 0, 'f', 2));
    top->setForeground(0, CallTimeline::colorOf(call->outcome()));
    top->setData(0, GuardRole, -1);
    QTreeWidgetItem *firstFailure = nullptr;
    for (const RegionCall &r : call->regions) {
        auto *region = new QTreeWidgetItem(top);
        QString what = CallTimeline::outcomeText(r.outcome);
        if (r.entry >= 0 && r.outcome == CallOutcome::Hit)
            what = tr("hit cache entry %1").arg(r.entry + 1);
        else if (r.entry >= 0)
            what = tr("%1 → new cache entry %2").arg(what).arg(r.entry + 1);
        if (r.uncaptured)
            what += tr(" (runs in CPython)");
        region->setText(0, tr("region at offset %1: %2").arg(r.regionStart).arg(what));
        region->setData(0, GuardRole, -1);
        if (r.tried.empty())
            new QTreeWidgetItem(region, {tr("no cache entry yet")});
        for (const EntryVerdict &v : r.tried) {
            if (v.hit) {
                auto *item = new QTreeWidgetItem(region);
                item->setData(0, EntryRole, v.entry);
                item->setText(0, tr("entry %1: ✓ all guards hold").arg(v.entry + 1));
                item->setData(0, GuardRole, -1);
                continue;
            }
            // A run of entries that failed alike: one row per entry, each in its own words.
            for (int k = 0; k < v.count(); ++k) {
                const int number = v.entryAt(k);
                const GuardFailure f =
                    function ? function->failureAt(v, k) : resolveFailure(v.failure, nullptr);
                auto *item = new QTreeWidgetItem(region);
                item->setData(0, EntryRole, number);
                item->setText(
                    0, tr("entry %1: ✗ %2").arg(number + 1).arg(QString::fromStdString(f.kind)));
                item->setText(1, QString::fromStdString(f.source) +
                                     (f.check.empty() ? QString()
                                                      : QStringLiteral(" · ") +
                                                            QString::fromStdString(f.check)));
                item->setText(2, QString::fromStdString(f.expected));
                item->setText(3, QString::fromStdString(f.actual));
                item->setToolTip(0, QString::fromStdString(f.message));
                item->setData(0, GuardRole, f.guardIndex);
                auto *message = new QTreeWidgetItem(item, {QString::fromStdString(f.message)});
                message->setData(0, EntryRole, number);
                message->setData(0, GuardRole, f.guardIndex);
                item->setExpanded(true);
                firstFailure = firstFailure ? firstFailure : item;
            }
        }
        if (const std::string reason = function ? function->reasonOf(r) : r.reason;
            !reason.empty() && r.outcome != CallOutcome::Hit)
            region->setToolTip(0, QString::fromStdString(reason));
        region->setExpanded(true);
    }
    top->setExpanded(true);
    if (firstFailure)
        setCurrentItem(firstFailure);
}

} // namespace dynascope
