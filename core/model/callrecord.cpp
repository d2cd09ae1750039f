// CallRecord outcome names, the summary and the JSON codec (tolerant: the stream is untrusted).
#include "model/callrecord.h"

namespace dynascope {

namespace {

template <typename T> std::vector<T> getArray(const Json &j, const char *key) {
    std::vector<T> out;
    if (auto it = j.find(key); it != j.end() && it->is_array())
        for (const Json &e : *it)
            if (e.is_object())
                out.push_back(e.get<T>());
    return out;
}

int rank(CallOutcome o) {
    switch (o) {
    case CallOutcome::Hit:
        return 0;
    case CallOutcome::Miss:
        return 1;
    case CallOutcome::Recompile:
        return 2;
    case CallOutcome::CacheLimit:
        return 3;
    }
    return 0;
}

} // namespace

const char *callOutcomeName(CallOutcome outcome) {
    switch (outcome) {
    case CallOutcome::Hit:
        return "hit";
    case CallOutcome::Miss:
        return "miss";
    case CallOutcome::Recompile:
        return "recompile";
    case CallOutcome::CacheLimit:
        return "cache_limit";
    }
    return "hit";
}

bool callOutcomeFromName(const std::string &name, CallOutcome &outcome) {
    for (CallOutcome o :
         {CallOutcome::Hit, CallOutcome::Miss, CallOutcome::Recompile, CallOutcome::CacheLimit})
        if (name == callOutcomeName(o)) {
            outcome = o;
            return true;
        }
    return false;
}

CallOutcome CallRecord::outcome() const {
    CallOutcome worst = CallOutcome::Hit;
    for (const RegionCall &r : regions)
        if (rank(r.outcome) > rank(worst))
            worst = r.outcome;
    return worst;
}

const RegionCall *CallRecord::firstMiss() const {
    for (const RegionCall &r : regions)
        if (r.outcome != CallOutcome::Hit)
            return &r;
    return nullptr;
}

void CallSummary::add(const CallRecord &call) {
    ++calls;
    guardUs += call.guardUs;
    switch (call.outcome()) {
    case CallOutcome::Hit:
        ++hits;
        break;
    case CallOutcome::Miss:
        ++misses;
        break;
    case CallOutcome::Recompile:
        ++recompiles;
        break;
    case CallOutcome::CacheLimit:
        ++cacheLimit;
        break;
    }
}

void to_json(Json &j, const GuardFailure &f) {
    j = Json{{"guard", f.guardIndex}, {"kind", f.kind},         {"source", f.source},
             {"check", f.check},      {"expected", f.expected}, {"actual", f.actual},
             {"message", f.message}};
}
void from_json(const Json &j, GuardFailure &f) {
    f.guardIndex = j.value("guard", -1);
    f.kind = j.value("kind", std::string());
    f.source = j.value("source", std::string());
    f.check = j.value("check", std::string());
    f.expected = j.value("expected", std::string());
    f.actual = j.value("actual", std::string());
    f.message = j.value("message", std::string());
}

void to_json(Json &j, const EntryVerdict &v) {
    j = Json{{"entry", v.entry}, {"hit", v.hit}};
    if (!v.hit)
        j["failure"] = v.failure;
}
void from_json(const Json &j, EntryVerdict &v) {
    v.entry = j.value("entry", -1);
    v.hit = j.value("hit", false);
    if (auto it = j.find("failure"); it != j.end() && it->is_object())
        v.failure = it->get<GuardFailure>();
}

void to_json(Json &j, const RegionCall &r) {
    j = Json{{"region_start", r.regionStart},
             {"result", callOutcomeName(r.outcome)},
             {"tried", r.tried},
             {"entry", r.entry}};
    if (!r.reason.empty())
        j["reason"] = r.reason;
    if (r.uncaptured)
        j["uncaptured"] = true;
}
void from_json(const Json &j, RegionCall &r) {
    r.regionStart = j.value("region_start", 0);
    r.outcome = CallOutcome::Hit;
    callOutcomeFromName(j.value("result", std::string()), r.outcome);
    r.tried = getArray<EntryVerdict>(j, "tried");
    r.entry = j.value("entry", -1);
    r.reason = j.value("reason", std::string());
    r.uncaptured = j.value("uncaptured", false);
}

void to_json(Json &j, const CallRecord &c) {
    bool uncaptured = false;
    for (const RegionCall &r : c.regions)
        uncaptured = uncaptured || r.uncaptured;
    j = Json{{"function", c.function},
             {"index", c.index},
             {"time_us", c.timeUs},
             {"guard_us", c.guardUs},
             {"result", callOutcomeName(c.outcome())},
             {"uncaptured", uncaptured},
             {"regions", c.regions}};
}
void from_json(const Json &j, CallRecord &c) {
    c.function = j.value("function", std::string());
    c.index = j.value("index", 0L);
    c.timeUs = j.value("time_us", 0.0);
    c.guardUs = j.value("guard_us", 0.0);
    c.regions = getArray<RegionCall>(j, "regions");
}

} // namespace dynascope
