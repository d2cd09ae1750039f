// CallRecord: one call of a compiled function, as the cache saw it: the entries tried in order,
// each entry's verdict (hit, or the first failing guard with expected and actual values), the
// recompile or cache-limit fallback, and the time spent in guards.
#pragma once

#include "model/event.h"

#include <string>
#include <vector>

namespace dynascope {

// The first guard of a cache entry that failed on a call, in TorchDynamo's words.
struct GuardFailure {
    int guardIndex = -1;  // index into the entry's guards (as the `guards` event lists them)
    std::string kind;     // TENSOR_MATCH, ID_MATCH, …
    std::string source;   // L['x']
    std::string check;    // the part that failed: "size[0]", "dtype", "len", "type", …
    std::string expected; // "2"
    std::string actual;   // "3"
    std::string message;  // "tensor 'L['x']' size mismatch at index 0. expected 2, actual 3"
};

// One cache entry tried on a call: it either held (hit) or failed at `failure`.
struct EntryVerdict {
    int entry = -1; // the function's cache entry number (the `guards` event's `entry`), 0-based
    bool hit = false;
    GuardFailure failure; // meaningful when !hit
};

// What the cache did for one region of the call (a call runs one region per graph break).
enum class CallOutcome {
    Hit,        // an entry's guards held
    Miss,       // the region had no entry yet: first compile
    Recompile,  // every entry failed: a new entry was compiled
    CacheLimit, // every entry failed and the cache is full: the region ran uncompiled
};

const char *callOutcomeName(CallOutcome outcome);
// Reads a name written by callOutcomeName; false (and `outcome` untouched) for anything else.
bool callOutcomeFromName(const std::string &name, CallOutcome &outcome);

struct RegionCall {
    int regionStart = 0; // bytecode offset the region starts at (0: the function's entry)
    CallOutcome outcome = CallOutcome::Hit;
    std::vector<EntryVerdict> tried; // in check order
    int entry = -1;                  // the entry that ran: the hit, or the new one; -1 if none
    std::string reason;              // Recompile / CacheLimit: the last entry's failure message
    bool uncaptured = false;         // the entry runs the region in CPython (break in a loop)
};

struct CallRecord {
    long index = 0;       // 1-based call number of this function
    std::string function; // qualified name
    double timeUs = 0;    // when the call started, µs since the capture core started
    double guardUs = 0;   // time spent checking guards over all regions
    std::vector<RegionCall> regions;

    // The call's outcome: its worst region (CacheLimit > Recompile > Miss > Hit).
    CallOutcome outcome() const;
    // The first region that did not hit, or null when every region hit.
    const RegionCall *firstMiss() const;
};

// Hit rate and counts over a sequence of calls of one function.
struct CallSummary {
    long calls = 0, hits = 0, misses = 0, recompiles = 0, cacheLimit = 0;
    double guardUs = 0; // total
    double hitRate() const { return calls ? static_cast<double>(hits) / calls : 0.0; }
    void add(const CallRecord &call);
};

void to_json(Json &j, const GuardFailure &f);
void from_json(const Json &j, GuardFailure &f);
void to_json(Json &j, const EntryVerdict &v);
void from_json(const Json &j, EntryVerdict &v);
void to_json(Json &j, const RegionCall &r);
void from_json(const Json &j, RegionCall &r);
// A CallRecord is the body of a `call` event (without "type").
void to_json(Json &j, const CallRecord &c);
void from_json(const Json &j, CallRecord &c);

} // namespace dynascope
