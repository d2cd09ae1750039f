// CallRecord outcome names, the summary and the JSON codec (tolerant: the stream is untrusted).
#include "model/callrecord.h"

#include <algorithm>

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

bool GuardFailure::operator==(const GuardFailure &o) const {
    return guardIndex == o.guardIndex && kind == o.kind && source == o.source && check == o.check &&
           expected == o.expected && actual == o.actual && message == o.message;
}

bool CompactFailure::operator==(const CompactFailure &o) const {
    return guardIndex == o.guardIndex && check == o.check && actual == o.actual &&
           expected == o.expected && message == o.message;
}

EntryVerdict EntryVerdict::of(int entry, bool hit) {
    EntryVerdict v;
    v.entry = v.last = entry;
    v.hit = hit;
    return v;
}

bool EntryVerdict::extend(const EntryVerdict &next) {
    if (hit || next.hit || !(failure == next.failure) || next.entry != next.last)
        return false;
    const int step = last == entry ? next.entry - last : (last > entry ? 1 : -1);
    if (step != 1 && step != -1)
        return false;
    if (next.entry != last + step)
        return false;
    last = next.entry;
    return true;
}

long CallRecord::entriesTried() const {
    long n = 0;
    for (const RegionCall &r : regions)
        for (const EntryVerdict &v : r.tried)
            n += v.count();
    return n;
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

void to_json(Json &j, const CompactFailure &f) {
    j = Json{{"guard", f.guardIndex}, {"check", f.check}, {"actual", f.actual}};
    if (f.expected)
        j["expected"] = *f.expected;
    if (f.message)
        j["message"] = *f.message;
}
void from_json(const Json &j, CompactFailure &f) {
    f.guardIndex = j.value("guard", -1);
    f.check = j.value("check", std::string());
    f.actual = j.value("actual", std::string());
    f.expected.reset();
    f.message.reset();
    if (auto it = j.find("expected"); it != j.end() && it->is_string())
        f.expected = it->get<std::string>();
    if (auto it = j.find("message"); it != j.end() && it->is_string())
        f.message = it->get<std::string>();
}

// {"entry": 4, "hit": false, "guard": 2, "check": "value", "actual": "7"}, with "last" for a run.
void to_json(Json &j, const EntryVerdict &v) {
    j = Json{{"entry", v.entry}, {"hit", v.hit}};
    if (v.last != v.entry)
        j["last"] = v.last;
    if (!v.hit)
        j.update(Json(v.failure));
}
void from_json(const Json &j, EntryVerdict &v) {
    v.entry = j.value("entry", -1);
    v.last = j.value("last", v.entry);
    v.hit = j.value("hit", false);
    v.failure = v.hit ? CompactFailure() : j.get<CompactFailure>();
    // An untrusted run far longer than any cache is refused (readers expand runs).
    if (v.count() > 1000000)
        v.last = v.entry;
}

void to_json(Json &j, const RegionCall &r) {
    j = Json{{"region_start", r.regionStart},
             {"result", callOutcomeName(r.outcome)},
             {"tried", r.tried},
             {"entry", r.entry}};
    if (r.uncaptured)
        j["uncaptured"] = true;
}
void from_json(const Json &j, RegionCall &r) {
    r.regionStart = j.value("region_start", 0);
    r.outcome = CallOutcome::Hit;
    callOutcomeFromName(j.value("result", std::string()), r.outcome);
    r.tried = getArray<EntryVerdict>(j, "tried");
    r.entry = j.value("entry", -1);
    r.reason.clear();
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
    if (c.step >= 0)
        j["step"] = c.step;
}
void from_json(const Json &j, CallRecord &c) {
    c.function = j.value("function", std::string());
    c.index = j.value("index", 0L);
    c.timeUs = j.value("time_us", 0.0);
    c.guardUs = j.value("guard_us", 0.0);
    c.step = -1;
    if (auto it = j.find("step"); it != j.end() && it->is_number_integer())
        c.step = std::max(-1LL, it->get<long long>());
    c.regions = getArray<RegionCall>(j, "regions");
}

} // namespace dynascope
