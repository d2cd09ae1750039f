// Lenient JSON readers of the kernel generator's "kernels" and "timing" events.
#include "model/kernelrecord.h"

namespace dynascope {

namespace {

std::string str(const Json &j, const char *key) {
    auto it = j.find(key);
    return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

double num(const Json &j, const char *key) {
    auto it = j.find(key);
    return it != j.end() && it->is_number() ? it->get<double>() : 0.0;
}

const Json &array(const Json &j, const char *key) {
    static const Json empty = Json::array();
    auto it = j.find(key);
    return it != j.end() && it->is_array() ? *it : empty;
}

std::vector<std::string> strings(const Json &j, const char *key) {
    std::vector<std::string> out;
    for (const Json &item : array(j, key))
        out.push_back(item.is_string() ? item.get<std::string>() : item.dump());
    return out;
}

TimingStats stats(const Json &j) {
    TimingStats s;
    if (!j.is_object())
        return s;
    s.medianUs = num(j, "median_us");
    s.p10Us = num(j, "p10_us");
    s.p90Us = num(j, "p90_us");
    auto it = j.find("noisy");
    s.noisy = it != j.end() && it->is_boolean() && it->get<bool>();
    return s;
}

const Json &member(const Json &j, const char *key) {
    static const Json null;
    auto it = j.find(key);
    return it != j.end() ? *it : null;
}

std::vector<KernelTiming> kernelTimings(const Json &j) {
    std::vector<KernelTiming> out;
    for (const Json &k : array(j, "kernels"))
        if (k.is_object())
            out.push_back(
                {str(k, "name"), str(k, "kind"), stats(member(k, "time")), strings(k, "nodes")});
    return out;
}

} // namespace

std::vector<KernelGraphRecord> kernelRecordsFromEvent(const Json &event) {
    std::vector<KernelGraphRecord> out;
    if (!event.is_object())
        return out;
    for (const Json &r : array(event, "records")) {
        if (!r.is_object())
            continue;
        KernelGraphRecord rec;
        rec.graph = int(num(r, "graph"));
        rec.capturedGraph = str(r, "captured_graph"); // absent before the fusion overlay: ""
        rec.signature = strings(r, "signature");
        rec.part = str(r, "part"); // absent in records older than training plans: ""
        const Json &partition = member(r, "partition");
        if (partition.is_object()) {
            rec.partitioner = str(partition, "kind");
            rec.saved = strings(partition, "saved");
        }
        rec.status = str(r, "status");
        rec.cache = str(r, "cache");
        const Json &times = member(r, "times");
        if (times.is_object())
            for (auto it = times.begin(); it != times.end(); ++it)
                if (it->is_number())
                    rec.seconds[it.key()] = it->get<double>();
        for (const Json &k : array(r, "kernels")) {
            if (!k.is_object())
                continue;
            KernelInfo info{str(k, "name"), 0, 0, strings(k, "origins"), strings(k, "captured")};
            const Json &lines = array(k, "lines");
            if (lines.size() == 2 && lines[0].is_number_integer() && lines[1].is_number_integer()) {
                info.firstLine = lines[0].get<int>();
                info.lastLine = lines[1].get<int>();
            }
            rec.kernels.push_back(info);
        }
        for (const Json &e : array(r, "externs"))
            if (e.is_object())
                rec.externs.push_back(
                    {str(e, "node"), str(e, "op"), std::string(), strings(e, "captured")});
        for (const Json &f : array(r, "fallbacks"))
            if (f.is_object())
                rec.fallbacks.push_back(
                    {str(f, "node"), str(f, "op"), str(f, "reason"), strings(f, "captured")});
        rec.decisions = strings(r, "decisions");
        rec.source = str(r, "source");
        rec.path = str(r, "path");
        out.push_back(std::move(rec));
    }
    return out;
}

TimingReport timingReportFromEvent(const Json &event) {
    TimingReport report;
    if (!event.is_object())
        return report;
    report.threads = int(num(event, "threads"));
    report.rounds = int(num(event, "rounds"));
    for (const Json &f : array(event, "functions")) {
        if (!f.is_object())
            continue;
        FunctionTiming fn;
        fn.name = str(f, "name");
        fn.base = stats(member(f, "T_base"));
        fn.comp = stats(member(f, "T_comp"));
        fn.guardUs = num(f, "t_guard_us");
        fn.speedup = num(f, "speedup");
        const Json &noisy = member(f, "noisy");
        fn.noisy = noisy.is_boolean() && noisy.get<bool>();
        for (const Json &g : array(f, "graphs")) {
            if (!g.is_object())
                continue;
            GraphTiming gt;
            gt.graph = int(num(g, "graph"));
            gt.status = str(g, "status");
            gt.cache = str(g, "cache");
            gt.eager = stats(member(g, "eager"));
            if (member(g, "compiled").is_object())
                gt.compiled = stats(member(g, "compiled"));
            gt.part = str(g, "part");
            gt.kernels = kernelTimings(g);
            const Json &back = member(g, "backward");
            if (back.is_object()) {
                BackwardTiming bt;
                bt.status = str(back, "status");
                bt.note = str(back, "note");
                if (member(back, "eager").is_object())
                    bt.eager = stats(member(back, "eager"));
                if (member(back, "compiled").is_object())
                    bt.compiled = stats(member(back, "compiled"));
                bt.kernels = kernelTimings(back);
                gt.backward = std::move(bt);
            }
            fn.graphs.push_back(std::move(gt));
        }
        report.functions.push_back(std::move(fn));
    }
    return report;
}

} // namespace dynascope
