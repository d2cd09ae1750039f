// Run ▸ Worker Memory Limit…: the worker's address-space limit, remembered in the settings.
#pragma once

class QMenu;
class QAction;
class QWidget;

namespace dynascope {

class RunController;

// 16 GB: CPython with torch imported reserves ~0.65 GB of address space at idle (libtorch's
// mappings, 8 MB per thread stack, 64 MB glibc arenas per thread), a compiled run with kernels
// a few hundred MB more; 16 GB leaves room for any model a student steps through on a laptop
// while a runaway allocation (a list growing without end) ends with MemoryError instead of
// pushing the machine into swap. 0 turns the limit off.
inline constexpr long long DefaultWorkerMemoryLimitMb = 16 * 1024;

// Adds the action to `menu`, applies the remembered limit ("run/memoryLimitMb") to `run`'s
// options, and asks for a new one when triggered.
QAction *addWorkerMemoryLimitAction(QMenu *menu, RunController *run, QWidget *dialogParent);

} // namespace dynascope
