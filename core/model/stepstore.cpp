// StepStore: appending (from a Step or straight from its event) and reading back.
#include "model/stepstore.h"

#include <limits>
#include <stdexcept>

namespace dynascope {

namespace {

StepEvent eventKind(std::string_view name) {
    if (name == "instruction")
        return StepEvent::Instruction;
    if (name == "call")
        return StepEvent::Call;
    if (name == "return")
        return StepEvent::Return;
    if (name == "exception")
        return StepEvent::Exception;
    return StepEvent::Other;
}

// j.value(key, fallback) for a string field, without copying it: absent → fallback; a value of
// another type, or `j` not an object, throws the same Json::exception value() throws.
std::string_view textField(const Json &j, const char *key, std::string_view fallback) {
    if (!j.is_object())
        (void)j.value(key, std::string());
    const auto it = j.find(key);
    if (it == j.end())
        return fallback;
    if (!it->is_string())
        (void)it->get<std::string>();
    return it->get_ref<const std::string &>();
}

// A stack count as from_json(Step) reads it: -1 when absent or not a sensible count.
int stackCount(const Json &j, const char *key) {
    const auto it = j.find(key);
    if (it == j.end() || !it->is_number_integer())
        return -1;
    const long long n = it->get<long long>();
    return n >= 0 && n <= (1 << 20) ? static_cast<int>(n) : -1;
}

} // namespace

bool StepStore::Site::operator==(const Site &o) const {
    return code == o.code && function == o.function && file == o.file && opname == o.opname &&
           argrepr == o.argrepr && event == o.event && line == o.line && offset == o.offset &&
           arg == o.arg && pops == o.pops && pushes == o.pushes;
}

bool StepStore::Value::operator==(const Value &o) const {
    return type == o.type && repr == o.repr && shape == o.shape && dtype == o.dtype &&
           requiresGrad == o.requiresGrad;
}

StepStore::StepStore() {
    clear();
}

void StepStore::clear() {
    m_strings.clear();
    std::vector<Site>().swap(m_sites);
    m_siteIndex.clear();
    std::vector<Value>().swap(m_values);
    m_valueIndex.clear();
    std::vector<long long>().swap(m_index);
    std::vector<long long>().swap(m_frame);
    std::vector<int32_t>().swap(m_depth);
    std::vector<uint32_t>().swap(m_site);
    m_stackEnd.assign(1, 0);
    std::vector<uint32_t>().swap(m_stack);
    m_localsEnd.assign(1, 0);
    std::vector<Local>().swap(m_locals);
}

uint32_t StepStore::internSite(Site site) {
    site.kind = eventKind(m_strings.view(site.event));
    uint64_t hash = site.code;
    for (uint64_t field :
         {uint64_t(site.function), uint64_t(site.file), uint64_t(site.opname),
          uint64_t(site.argrepr), uint64_t(site.event), uint64_t(site.line), uint64_t(site.offset),
          uint64_t(site.arg), uint64_t(site.pops), uint64_t(site.pushes)})
        hash = hashMix(hash, field);
    if (auto id = m_siteIndex.find(hash, [&](uint32_t id) { return m_sites[id] == site; }))
        return *id;
    const auto id = uint32_t(m_sites.size());
    m_sites.push_back(site);
    m_siteIndex.insert(hash, id);
    return id;
}

uint32_t StepStore::internValue(const Value &value) {
    uint64_t hash = value.type;
    for (uint64_t field : {uint64_t(value.repr), uint64_t(value.shape), uint64_t(value.dtype),
                           uint64_t(value.requiresGrad)})
        hash = hashMix(hash, field);
    if (auto id = m_valueIndex.find(hash, [&](uint32_t id) { return m_values[id] == value; }))
        return *id;
    const auto id = uint32_t(m_values.size());
    m_values.push_back(value);
    m_valueIndex.insert(hash, id);
    return id;
}

uint32_t StepStore::internValue(const StackValue &v) {
    return internValue(Value{m_strings.intern(v.type), m_strings.intern(v.repr),
                             m_strings.intern(v.shape), m_strings.intern(v.dtype), v.requiresGrad});
}

uint32_t StepStore::internValueJson(const Json &v) {
    // from_json(Json, StackValue), field by field.
    Value value;
    value.type = m_strings.intern(textField(v, "type", {}));
    value.repr = m_strings.intern(textField(v, "repr", {}));
    value.shape = m_strings.intern(textField(v, "shape", {}));
    value.dtype = m_strings.intern(textField(v, "dtype", {}));
    value.requiresGrad = v.value("requires_grad", false);
    return internValue(value);
}

void StepStore::commit(long long index, long long frame, int depth, uint32_t site) {
    if (m_stack.size() > std::numeric_limits<uint32_t>::max() ||
        m_locals.size() > std::numeric_limits<uint32_t>::max()) {
        m_stack.resize(m_stackEnd.back());
        m_locals.resize(m_localsEnd.back());
        throw std::length_error("the step store holds 2^32 stack entries or locals");
    }
    m_index.push_back(index);
    m_frame.push_back(frame);
    m_depth.push_back(depth);
    m_site.push_back(site);
    m_stackEnd.push_back(uint32_t(m_stack.size()));
    m_localsEnd.push_back(uint32_t(m_locals.size()));
}

void StepStore::append(const Step &s) {
    Site site;
    site.code = m_strings.intern(s.codeId);
    site.function = m_strings.intern(s.function);
    site.file = m_strings.intern(s.file);
    site.opname = m_strings.intern(s.opname);
    site.argrepr = m_strings.intern(s.argrepr);
    site.event = m_strings.intern(s.event);
    site.line = s.line;
    site.offset = s.offset;
    site.arg = s.arg;
    site.pops = s.pops;
    site.pushes = s.pushes;
    for (const StackValue &v : s.stack)
        m_stack.push_back(internValue(v));
    for (const auto &[name, repr] : s.locals)
        m_locals.push_back({m_strings.intern(name), m_strings.intern(repr)});
    commit(s.index, s.frame, s.depth, internSite(site));
}

void StepStore::appendEvent(const Json &j, const std::string *codeId) {
    try {
        // The order and defaults of from_json(Json, Step), so the same field throws first.
        const long long index = j.value("step", 0LL);
        const long long frame = j.value("frame", 0LL);
        Site site;
        const std::string_view code = textField(j, "code", {});
        site.code = m_strings.intern(codeId ? std::string_view(*codeId) : code);
        site.function = m_strings.intern(textField(j, "function", {}));
        site.file = m_strings.intern(textField(j, "file", {}));
        site.line = j.value("line", 0);
        site.offset = j.value("offset", 0);
        site.opname = m_strings.intern(textField(j, "opname", {}));
        site.arg = j.value("arg", -1);
        site.argrepr = m_strings.intern(textField(j, "argrepr", {}));
        const int depth = j.value("depth", 0);
        site.event = m_strings.intern(textField(j, "event", "instruction"));
        site.pops = stackCount(j, "pops");
        site.pushes = stackCount(j, "pushes");
        if (site.pops < 0 || site.pushes < 0)
            site.pops = site.pushes = -1;
        if (auto it = j.find("stack"); it != j.end() && it->is_array())
            for (const Json &v : *it)
                m_stack.push_back(internValueJson(v));
        if (auto it = j.find("locals"); it != j.end() && it->is_object())
            for (auto &[name, value] : it->items())
                m_locals.push_back(
                    {m_strings.intern(name),
                     m_strings.intern(value.is_string()
                                          ? std::string_view(value.get_ref<const std::string &>())
                                          : std::string_view(value.dump()))});
        commit(index, frame, depth, internSite(site));
    } catch (...) {
        m_stack.resize(m_stackEnd.back());
        m_locals.resize(m_localsEnd.back());
        throw;
    }
}

StackValue StepStore::valueAt(uint32_t id) const {
    const Value &v = m_values[id];
    return StackValue{m_strings.str(v.type), m_strings.str(v.repr), m_strings.str(v.shape),
                      m_strings.str(v.dtype), v.requiresGrad};
}

std::vector<StackValue> StepStore::stack(size_t i) const {
    std::vector<StackValue> stack;
    stack.reserve(stackSize(i));
    for (uint32_t k = m_stackEnd[i]; k < m_stackEnd[i + 1]; ++k)
        stack.push_back(valueAt(m_stack[k]));
    return stack;
}

std::map<std::string, std::string> StepStore::locals(size_t i) const {
    std::map<std::string, std::string> locals;
    forEachLocal(i, [&](uint32_t name, uint32_t repr) {
        locals.emplace(m_strings.str(name), m_strings.str(repr));
    });
    return locals;
}

Step StepStore::at(size_t i) const {
    const Site &s = site(i);
    Step step;
    step.index = m_index[i];
    step.frame = m_frame[i];
    step.codeId = m_strings.str(s.code);
    step.function = m_strings.str(s.function);
    step.file = m_strings.str(s.file);
    step.line = s.line;
    step.offset = s.offset;
    step.opname = m_strings.str(s.opname);
    step.arg = s.arg;
    step.argrepr = m_strings.str(s.argrepr);
    step.depth = m_depth[i];
    step.event = m_strings.str(s.event);
    step.stack = stack(i);
    step.pops = s.pops;
    step.pushes = s.pushes;
    step.locals = locals(i);
    return step;
}

Json StepStore::eventAt(size_t i) const {
    Json event = at(i);
    event["type"] = EventType::Step;
    return event;
}

size_t StepStore::bytesUsed() const {
    return m_strings.bytesUsed() + m_sites.capacity() * sizeof(Site) + m_siteIndex.bytesUsed() +
           m_values.capacity() * sizeof(Value) + m_valueIndex.bytesUsed() +
           m_index.capacity() * sizeof(long long) + m_frame.capacity() * sizeof(long long) +
           m_depth.capacity() * sizeof(int32_t) + m_site.capacity() * sizeof(uint32_t) +
           m_stackEnd.capacity() * sizeof(uint32_t) + m_stack.capacity() * sizeof(uint32_t) +
           m_localsEnd.capacity() * sizeof(uint32_t) + m_locals.capacity() * sizeof(Local);
}

} // namespace dynascope
