// GuardWarnings: the rules, over one function's call records.
#include "guardwarnings.h"

#include <algorithm>
#include <map>
#include <optional>

namespace dynascope {

namespace {

QString shortSource(const std::string &source) {
    QString s = QString::fromStdString(source);
    if (s.startsWith(QLatin1String("L['")) && s.indexOf(QLatin1String("']")) == s.size() - 2)
        return s.mid(3, s.size() - 5);
    return s;
}

} // namespace

QString GuardWarnings::fixFor(const GuardFailure &f) {
    QString x = shortSource(f.source);
    if (f.kind == "TENSOR_MATCH" && f.check.rfind("size[", 0) == 0) {
        QString dim = QString::fromStdString(f.check.substr(5, f.check.size() - 6));
        return tr("torch._dynamo.mark_dynamic(%1, %2), or pad %1 to a few sizes (a multiple of 64)")
            .arg(x, dim);
    }
    if (f.kind == "TENSOR_MATCH" && f.check == "dtype")
        return tr("cast %1 to one dtype before the call").arg(x);
    if (f.kind == "TENSOR_MATCH" && f.check == "requires_grad")
        return tr("call it always with or always without requires_grad on %1").arg(x);
    if (f.kind == "TENSOR_MATCH" || f.kind == "TYPE_MATCH")
        return tr("pass %1 with one type, layout and device on every call").arg(x);
    if (f.kind == "EQUALS_MATCH")
        return tr("compile with dynamic=True so %1 becomes a symbol, or pass it as a tensor")
            .arg(x);
    if (f.kind == "SEQUENCE_LENGTH")
        return tr("pass %1 with one length, or stack it into a tensor").arg(x);
    if (f.kind == "GLOBAL_STATE")
        return tr("call it under one grad mode (torch.no_grad() around every call, or none)");
    if (f.kind == "ID_MATCH")
        return tr("pass the same object each call; a new object recompiles");
    if (f.kind == "SHAPE_ENV")
        return tr("keep the dynamic dimension at 2 or more, or mark it static");
    return tr("keep %1 the same from call to call").arg(x);
}

std::vector<GuardWarning> GuardWarnings::of(const FunctionCache &function) {
    std::vector<GuardWarning> out;
    const QString name = QString::fromStdString(function.function);
    // Recompile storm: several calls in a row, each compiling anew.
    long run = 0, longest = 0, longestEnd = 0;
    // The failure the last entry tried gave: the one that made the call compile.
    auto lastFailure = [&function](const RegionCall &r) {
        const EntryVerdict &v = r.tried.back();
        return function.failureAt(v, v.count() - 1);
    };
    std::optional<GuardFailure> stormFailure;
    for (const CallRecord &c : function.calls) {
        run = c.outcome() == CallOutcome::Recompile ? run + 1 : 0;
        if (run > longest) {
            longest = run;
            longestEnd = c.index;
            if (const RegionCall *r = c.firstMiss(); r && !r->tried.empty())
                stormFailure = lastFailure(*r);
        }
    }
    if (longest >= 3) {
        GuardWarning w{GuardWarning::RecompileStorm,
                       tr("Recompile storm: %1 recompiled on %2 calls in a row (up to call %3).")
                           .arg(name)
                           .arg(longest)
                           .arg(longestEnd),
                       stormFailure ? fixFor(*stormFailure)
                                    : tr("find the guard that fails and make it hold"),
                       longestEnd};
        out.push_back(w);
    }
    // Cache size limit: calls that ran uncompiled because the cache was full.
    long fallbacks = 0, first = 0;
    std::optional<GuardFailure> limitFailure;
    for (const CallRecord &c : function.calls)
        if (c.outcome() == CallOutcome::CacheLimit) {
            first = first ? first : c.index;
            ++fallbacks;
            if (const RegionCall *r = c.firstMiss(); r && !r->tried.empty())
                limitFailure = lastFailure(*r);
        }
    if (fallbacks > 0)
        out.push_back({GuardWarning::CacheLimit,
                       tr("Cache size limit reached: %1 of %2 calls ran uncompiled (from call %3).")
                           .arg(fallbacks)
                           .arg(function.calls.size())
                           .arg(first),
                       limitFailure ? fixFor(*limitFailure)
                                    : tr("reduce the number of distinct inputs, or raise "
                                         "torch._dynamo.config.cache_size_limit"),
                       first});
    // A guarded value that changes every call: the guard that made calls miss, failing on at
    // least a quarter of the calls, each time with another value (first seen first).
    struct Changing {
        std::vector<std::string> values;
        long misses = 0, call = 0;
        GuardFailure failure;
    };
    std::map<std::pair<std::string, std::string>, Changing> changing;
    for (const CallRecord &c : function.calls) {
        const RegionCall *r = c.firstMiss();
        if (!r || r->tried.empty() || r->tried.back().hit)
            continue;
        const GuardFailure f = lastFailure(*r);
        if (f.source.empty())
            continue;
        Changing &ch = changing[{f.source, f.check}];
        if (!ch.misses++) {
            ch.call = c.index;
            ch.failure = f;
        }
        if (std::find(ch.values.begin(), ch.values.end(), f.actual) == ch.values.end())
            ch.values.push_back(f.actual);
    }
    for (const auto &[key, ch] : changing) {
        if (ch.values.size() < 3 || ch.misses * 4 < static_cast<long>(function.calls.size()))
            continue;
        QStringList shown;
        for (const std::string &v : ch.values) {
            if (shown.size() == 5) {
                shown << QStringLiteral("…");
                break;
            }
            shown << QString::fromStdString(v);
        }
        out.push_back(
            {GuardWarning::ChangingValue,
             tr("%1 guards %2 (%3), which took %4 different values: %5.")
                 .arg(name, QString::fromStdString(key.first), QString::fromStdString(key.second))
                 .arg(ch.values.size())
                 .arg(shown.join(QStringLiteral(", "))),
             fixFor(ch.failure), ch.call});
    }
    return out;
}

} // namespace dynascope
