// Failure wording shared by the writer (what to leave out) and the readers (what to put back).
// The rules mirror Guard::explain and explainTensorFast (capture/guards/guardcheck.cpp); where
// they do not fit a failure, compactFailure keeps its text, so a drift costs bytes, never words.
#include "model/failuretext.h"

namespace dynascope {

namespace {

const GuardInfo *guardAt(const std::vector<GuardInfo> *guards, int index) {
    if (!guards || index < 0 || index >= static_cast<int>(guards->size()))
        return nullptr;
    return &(*guards)[static_cast<size_t>(index)];
}

std::string expectedOf(const GuardInfo *g, const std::string &check) {
    if (!g)
        return "";
    if (auto it = g->expected.find(check); it != g->expected.end())
        return it->second;
    if (check == "value") // a source that could not be fetched (Guard::explain)
        return "present";
    return "";
}

// "size[2]" -> ("size", "2"); anything else -> ("", "").
std::pair<std::string, std::string> indexed(const std::string &check) {
    size_t open = check.find('[');
    if (open == std::string::npos || check.back() != ']')
        return {};
    return {check.substr(0, open), check.substr(open + 1, check.size() - open - 2)};
}

std::string tensorMessage(const GuardInfo &g, const std::string &check, const std::string &expected,
                          const std::string &actual) {
    const std::string prefix = "tensor '" + g.source + "' ";
    if (check == "type") // Dynamo's words, stray quote included
        return "expected type of '" + g.source + "' to be a tensor type, ' but found <class '" +
               actual + "'>";
    if (check == "requires_grad")
        return prefix +
               "requires_grad mismatch. expected requires_grad=" + (expected == "True" ? "1" : "0");
    if (check == "marked_dynamic")
        return prefix + "has dims marked dynamic " + actual + ", not a subset of " + expected +
               " the entry was compiled for";
    auto [what, index] = indexed(check);
    if (what == "size" || what == "stride")
        return prefix + what + " mismatch at index " + index + ". expected " + expected +
               ", actual " + actual;
    const std::string name = check == "dispatch_keys" ? "dispatch key set" : check;
    return prefix + name + " mismatch. expected " + expected + ", actual " + actual;
}

std::string messageOf(const GuardInfo *g, const std::string &check, const std::string &expected,
                      const std::string &actual) {
    if (!g)
        return check == "backend" ? "backend changed" : "";
    if (check == "value" && !g->expected.count("value"))
        return g->source + " is missing";
    if (g->kind == "GLOBAL_STATE")
        return "GLOBAL_STATE changed: " + check;
    if (g->kind == "TENSOR_MATCH")
        return tensorMessage(*g, check, expected, actual);
    if (check == "type" && (g->kind == "SEQUENCE_LENGTH" || g->kind == "DICT_KEYS"))
        return "___check_type_id(" + g->source + ", " + expected + ")";
    return g->text;
}

} // namespace

GuardFailure resolveFailure(const CompactFailure &failure, const std::vector<GuardInfo> *guards) {
    const GuardInfo *g = guardAt(guards, failure.guardIndex);
    GuardFailure f;
    f.guardIndex = failure.guardIndex;
    f.kind = g ? g->kind : "";
    f.source = g ? g->source : "";
    f.check = failure.check;
    f.actual = failure.actual;
    f.expected = failure.expected ? *failure.expected : expectedOf(g, failure.check);
    f.message = failure.message ? *failure.message : messageOf(g, f.check, f.expected, f.actual);
    return f;
}

CompactFailure compactFailure(const GuardFailure &full, const std::vector<GuardInfo> *guards) {
    CompactFailure c;
    c.guardIndex = full.guardIndex;
    c.check = full.check;
    c.actual = full.actual;
    const GuardInfo *g = guardAt(guards, full.guardIndex);
    if (expectedOf(g, full.check) != full.expected)
        c.expected = full.expected;
    if (messageOf(g, full.check, full.expected, full.actual) != full.message)
        c.message = full.message;
    return c;
}

GuardFailure failureAt(const EntryVerdict &verdict, int k, const EntryGuardsLookup &guards) {
    return resolveFailure(verdict.failure, guards ? guards(verdict.entryAt(k)) : nullptr);
}

void resolveReasons(CallRecord &call, const EntryGuardsLookup &guards) {
    for (RegionCall &r : call.regions) {
        r.reason.clear();
        if (r.tried.empty() || r.outcome == CallOutcome::Hit || r.outcome == CallOutcome::Miss)
            continue;
        const EntryVerdict &v = r.tried.back();
        if (!v.hit)
            r.reason = failureAt(v, v.count() - 1, guards).message;
    }
}

Json resolvedCallJson(const CallRecord &call, const EntryGuardsLookup &guards) {
    CallRecord resolved = call;
    resolveReasons(resolved, guards);
    Json j = resolved;
    Json &regions = j["regions"];
    for (size_t i = 0; i < resolved.regions.size(); ++i) {
        const RegionCall &r = resolved.regions[i];
        Json tried = Json::array();
        for (const EntryVerdict &v : r.tried) {
            Json t{{"entry", v.entry}, {"hit", v.hit}};
            if (v.last != v.entry)
                t["last"] = v.last;
            if (!v.hit)
                t["failure"] = failureAt(v, 0, guards);
            tried.push_back(std::move(t));
        }
        regions[i]["tried"] = std::move(tried);
        if (!r.reason.empty())
            regions[i]["reason"] = r.reason;
    }
    return j;
}

} // namespace dynascope
