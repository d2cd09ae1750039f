# Summarises `dynascope bench bench/kernels/cases.py --json` outputs into the figures of the
# issue's performance targets (ratios are taken within one run). Usage: summary.py RUN.json...
import json
import sys


def med(stats):
    return stats["median_us"]


for path in sys.argv[1:]:
    text = open(path, encoding="utf-8").read()
    doc = json.loads(text[text.index("{\n"):])
    f = {x["name"]: x for x in doc["functions"]}
    print(f"== {path} ({doc['threads']} thread(s), {doc['rounds']} rounds)")
    for name, x in f.items():
        g = x["graphs"][0] if x["graphs"] else {}
        times = g.get("times_ms", {})
        cold = sum(times.get(k, 0) for k in ("trace", "lower", "codegen", "compile"))
        print(f"{name:26} T_base {med(x['T_base']):10.1f} us  T_comp {med(x['T_comp']):10.1f} us  "
              f"S {x['speedup']:6.2f}x  t_guard {x['t_guard_us']:7.1f} us  cache {g.get('cache')}"
              f"  to-kernel {cold:6.1f} ms  load {times.get('load', 0):5.2f} ms"
              + ("  noisy" if x["noisy"] else ""))
    chain, copy = f["chain_4M"], f["copy_4M"]
    bound = 1.5 * med(copy["T_comp"])  # the chain moves 3 x 16 MB, the copy 2 x 16 MB
    print(f"chain_4M T_comp / bandwidth bound (1.5 x compiled copy): "
          f"{med(chain['T_comp']) / bound:.2f}")
    print(f"softmax graph compiled vs torch.softmax eager: "
          f"{med(f['torch_softmax_4096x1024']['T_base']) / med(f['softmax_graph_4096x1024']['T_comp']):.2f}x")
