// The Worker Memory Limit action: a setting in MB, handed to every run as memory_limit_mb.
#include "memorylimitaction.h"

#include "runcontroller.h"

#include <QAction>
#include <QCoreApplication>
#include <QInputDialog>
#include <QMenu>
#include <QSettings>

namespace dynascope {

namespace {
const char *const SettingKey = "run/memoryLimitMb";

void applyLimit(RunController *run, long long megabytes) {
    RunOptions options = run->runOptions();
    options.memoryLimitMb = std::max(0LL, megabytes);
    run->setRunOptions(options);
}

// The strings' context for lupdate.
struct WorkerMemoryLimit {
    Q_DECLARE_TR_FUNCTIONS(WorkerMemoryLimit)
};
} // namespace

QAction *addWorkerMemoryLimitAction(QMenu *menu, RunController *run, QWidget *dialogParent) {
    QAction *action = menu->addAction(WorkerMemoryLimit::tr("Worker &Memory Limit…"));
    action->setStatusTip(WorkerMemoryLimit::tr(
        "The most memory (address space) a run's worker may reserve; a script "
        "that needs more gets MemoryError"));
    applyLimit(run, QSettings().value(SettingKey, DefaultWorkerMemoryLimitMb).toLongLong());
    QObject::connect(action, &QAction::triggered, dialogParent, [run, dialogParent] {
        bool ok = false;
        const int megabytes = QInputDialog::getInt(
            dialogParent, WorkerMemoryLimit::tr("Worker Memory Limit"),
            WorkerMemoryLimit::tr(
                "Address-space limit of the worker in MB (0: none; torch needs about 1,000):"),
            int(std::min<long long>(run->runOptions().memoryLimitMb, 1 << 20)), 0, 1 << 20, 1024,
            &ok);
        if (!ok)
            return;
        QSettings().setValue(SettingKey, megabytes);
        applyLimit(run, megabytes);
    });
    return action;
}

} // namespace dynascope
