// CallRecord: one call of a compiled function, as the cache saw it: the entries tried in order,
// each entry's verdict (hit, or the first failing guard with expected and actual values), the
// recompile or cache-limit fallback, and the time spent in guards.
#pragma once

#include "model/event.h"

#include <optional>
#include <string>
#include <vector>

namespace dynascope {

// The first guard of a cache entry that failed on a call, in TorchDynamo's words: the resolved
// form readers show (failuretext.h makes it from a CompactFailure and the entry's guards).
struct GuardFailure {
    int guardIndex = -1;  // index into the entry's guards (as the `guards` event lists them)
    std::string kind;     // TENSOR_MATCH, ID_MATCH, …
    std::string source;   // L['x']
    std::string check;    // the part that failed: "size[0]", "dtype", "len", "type", …
    std::string expected; // "2"
    std::string actual;   // "3"
    std::string message;  // "tensor 'L['x']' size mismatch at index 0. expected 2, actual 3"
    bool operator==(const GuardFailure &o) const;
};

// A failure as a call carries it: the guard by index into its entry's guards (sent once, in the
// `guards` event), the check that failed and the actual value. The expected value and the
// message follow from the entry's guard; they travel only where they do not (a relation whose
// expected value is another input's size, a value that went missing).
struct CompactFailure {
    int guardIndex = -1; // -1: no guard (the backend changed)
    std::string check;
    std::string actual;
    std::optional<std::string> expected, message;
    bool operator==(const CompactFailure &o) const;
};

// Consecutive cache entries tried on a call with one verdict: a hit (one entry), or a run of
// entries that all failed the same guard index and check with the same actual value (a
// recompile storm tries every entry and each fails on the new value: one run, not one verdict
// per entry, keeps a call's record small however many entries the cache holds).
struct EntryVerdict {
    int entry = -1; // the first entry of the run (the `guards` event's `entry`), 0-based
    int last = -1;  // the last; the run steps by one from `entry` to `last` (either direction)
    bool hit = false;
    CompactFailure failure; // meaningful when !hit

    static EntryVerdict of(int entry, bool hit);
    int count() const { return (last >= entry ? last - entry : entry - last) + 1; }
    int entryAt(int k) const { return last >= entry ? entry + k : entry - k; }
    // Appends `next` to this run when it continues it (the next entry, the same failure).
    bool extend(const EntryVerdict &next);
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
    std::vector<EntryVerdict> tried; // in check order, consecutive equal failures as one run
    int entry = -1;                  // the entry that ran: the hit, or the new one; -1 if none
    // Recompile / CacheLimit: the last entry's failure message. Not sent: readers resolve it
    // from the last verdict (resolveReasons in failuretext.h).
    std::string reason;
    bool uncaptured = false; // the entry runs the region in CPython (break in a loop)
};

struct CallRecord {
    long index = 0;       // 1-based call number of this function
    std::string function; // qualified name
    double timeUs = 0;    // when the call started, µs since the capture core started
    double guardUs = 0;   // time spent checking guards over all regions
    // The recorded step during which the call began (Step::index of the caller's CALL), -1 when
    // no step was being recorded (no recorder, its limit reached, an older capture file).
    long long step = -1;
    std::vector<RegionCall> regions;

    // The call's outcome: its worst region (CacheLimit > Recompile > Miss > Hit).
    CallOutcome outcome() const;
    // The first region that did not hit, or null when every region hit.
    const RegionCall *firstMiss() const;
    // Entries tried over all regions (runs counted entry by entry).
    long entriesTried() const;
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
// A CompactFailure is written into its verdict's object: guard, check, actual[, expected, message].
void to_json(Json &j, const CompactFailure &f);
void from_json(const Json &j, CompactFailure &f);
void to_json(Json &j, const EntryVerdict &v);
void from_json(const Json &j, EntryVerdict &v);
void to_json(Json &j, const RegionCall &r);
void from_json(const Json &j, RegionCall &r);
// A CallRecord is the body of a `call` event (without "type").
void to_json(Json &j, const CallRecord &c);
void from_json(const Json &j, CallRecord &c);

} // namespace dynascope
