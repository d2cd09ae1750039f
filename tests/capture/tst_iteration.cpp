// Iteration in the trace, interleaved with the loop that consumes it: each function runs in
// plain CPython (the oracle) and through the capture core, and must give the same result and
// leave the same side effects. A generator runs one yield at a time as it is read (running it
// ahead gave [0, 0, 0] for the first case instead of [0, 1, 2]); `yield from` forwards items and
// the inner generator's return value; a generator still alive at a break is handed to CPython
// by running that region uncaptured, never rebuilt from a guess. A list's iterator reaches what
// the loop appends (reversed()'s too), map and filter call their function one item at a time,
// and a dict or set that changes size while iterated raises as in CPython.
#include "python/interpreter.h"
#include "pythonscratch.h"
#include "runtime/capturemodule.h"

#include <Python.h>
#include <QtTest>

#include <memory>

using namespace dynascope;

namespace {

const char *kHarness = R"PY(
import torch, _dynascope_capture as C
graphs = []
def backend(spec, inputs):
    graphs.append(spec)
    return run_nodes(spec, inputs)
def breaks():
    return [b["break_type"] for r in C.records() for b in r["breaks"]]
def same(a, b):
    if isinstance(a, torch.Tensor):
        return isinstance(b, torch.Tensor) and torch.equal(a, b)
    if isinstance(a, (list, tuple)):
        return type(a) is type(b) and len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return a == b
def check(fn, *args):
    C.reset()
    graphs.clear()
    want = fn(*args)
    got = C.optimize(fn, backend)(*args)
    return same(got, want), (got, want, breaks())
)PY";

bool runCase(const char *body) {
    return PythonScratch::runOk((std::string(kRunNodesBackend) + kHarness + body).c_str());
}

} // namespace

class TestIteration : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() {
        m_interpreter = std::make_unique<Interpreter>(std::vector<std::string>{"tst_iteration"});
        QVERIFY(installCaptureModule());
    }

    // The generator expression reads `acc` each time it is resumed, after the loop body
    // appended to it: CPython gives [0, 1, 2].
    void aGeneratorExpressionReadsStateBetweenItems() {
        QVERIFY(runCase(R"PY(
def fn(x):
    acc = []
    for v in (len(acc) for _ in range(3)):
        acc.append(v)
    return x + sum(acc), acc
ok, detail = check(fn, torch.zeros(2))
ok = ok and detail[1][1] == [0, 1, 2] and not detail[2] and len(graphs) == 1
)PY"));
    }

    // A generator function's body and its consumer take turns on a shared list; the consumer
    // stops early, so the body after the third yield never runs (as in CPython).
    void aGeneratorFunctionInterleavesWithItsConsumer() {
        QVERIFY(runCase(R"PY(
def fn(x):
    log = []
    def gen(n):
        for i in range(n):
            log.append(("gen", i))
            yield x * i
        log.append("gen finished")
    total = torch.zeros_like(x)
    for t in gen(5):
        log.append("use")
        total = total + t
        if len(log) >= 6:
            break
    return total, log
ok, detail = check(fn, torch.ones(3))
ok = ok and "gen finished" not in detail[1][1] and not detail[2] and len(graphs) == 1
)PY"));
    }

    // `yield from` over a list and over another generator, and the inner generator's return
    // value as the value of the `yield from` expression.
    void yieldFromForwardsItemsAndTheReturnValue() {
        QVERIFY(runCase(R"PY(
def inner(x):
    yield x + 1
    yield x + 2
    return "inner done"
def outer(x, results):
    yield from [x * 10]
    results.append((yield from inner(x)))
def fn(x):
    results = []
    items = list(outer(x, results))
    return items, results
ok, detail = check(fn, torch.ones(2))
ok = ok and detail[1][1] == ["inner done"] and not detail[2]
)PY"));
    }

    // A generator still suspended when the frame reaches a break cannot be rebuilt: the region
    // runs uncaptured and CPython goes on with the real generator (same items, same result).
    void aSuspendedGeneratorAtABreakRunsInCPython() {
        QVERIFY(runCase(R"PY(
def fn(x):
    g = (x * i for i in range(4))
    first = next(g)
    C.graph_break()
    return first, list(g)
ok, detail = check(fn, torch.ones(2))
)PY"));
    }

    // A for loop over a list it appends to, and enumerate over it, reach the new items;
    // map's and filter's functions read state the loop body changes.
    void listIteratorsAndMapSeeTheLoopsChanges() {
        QVERIFY(runCase(R"PY(
def fn(x):
    lst = [1, 2]
    for v in lst:
        if v < 4:
            lst.append(v + 2)
    pairs = [10]
    for i, v in enumerate(pairs):
        if i < 2:
            pairs.append(v + 1)
    seen = []
    for v in map(lambda i: len(seen), range(3)):
        seen.append(v)
    kept = []
    for v in filter(lambda i: len(kept) < 2, range(5)):
        kept.append(v)
    back, order = [3, 1, 2], []
    for v in reversed(back):
        order.append(v)
        if len(back) < 5:
            back.insert(0, 9)
    return x + len(lst), lst, pairs, seen, kept, order
ok, detail = check(fn, torch.zeros(2))
ok = ok and detail[1][1:] == ([1, 2, 3, 4, 5], [10, 11, 12], [0, 1, 2], [0, 1], [2, 3, 9])
ok = ok and not detail[2]
)PY"));
    }

    // A dict that grows while iterated: CPython raises RuntimeError; so does the compiled call
    // (the trace breaks there and CPython runs the loop), never a silent result. An iterator
    // left half-read at a break goes on from where it was.
    void aDictChangingSizeRaisesAndAnIteratorCrossesABreak() {
        QVERIFY(runCase(R"PY(
def grow(x):
    d = {"a": 1}
    for k in d:
        d[k + "!"] = 2
    return x
def raised(f, *args):
    try:
        f(*args)
    except RuntimeError as e:
        return str(e)
def grow_set(x):
    s = {1, 2, 3}
    for v in s:
        if v == 1:
            s.add(10)
    return x
C.reset()
eager = raised(grow, torch.ones(1))
compiled = raised(C.optimize(grow, backend), torch.ones(1))
C.reset()
set_eager = raised(grow_set, torch.ones(1))
set_compiled = raised(C.optimize(grow_set, backend), torch.ones(1))
def half(x):
    it = iter([x, x + 1, x + 2])
    first = next(it)
    C.graph_break()
    return first, list(it)
ok, detail = check(half, torch.ones(2))
ok = ok and eager == compiled == "dictionary changed size during iteration"
ok = ok and set_eager == set_compiled == "Set changed size during iteration"
detail = (eager, compiled, set_eager, set_compiled, detail)
)PY"));
    }

private:
    std::unique_ptr<Interpreter> m_interpreter;
};

QTEST_GUILESS_MAIN(TestIteration)
#include "tst_iteration.moc"
