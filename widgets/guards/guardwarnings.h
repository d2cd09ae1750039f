// GuardWarnings: what a user whose function keeps recompiling wants to be told — a recompile
// storm, the cache size limit reached, a guard on a value that changes every call — each with
// the fix in one line.
#pragma once

#include "guardscache.h"

#include <QCoreApplication>
#include <QString>

#include <vector>

namespace dynascope {

struct GuardWarning {
    enum Kind { RecompileStorm, CacheLimit, ChangingValue };
    Kind kind;
    QString text;  // what happened, with the numbers of this run
    QString fix;   // one line
    long call = 0; // a call that shows it (1-based), 0 if none
};

class GuardWarnings {
    Q_DECLARE_TR_FUNCTIONS(GuardWarnings)
public:
    static std::vector<GuardWarning> of(const FunctionCache &function);
    // The one-line fix for a guard that failed this way.
    static QString fixFor(const GuardFailure &failure);
};

} // namespace dynascope
