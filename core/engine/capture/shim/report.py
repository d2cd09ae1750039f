"""The capture report of `dynascope explain` and `dynascope run --report`: the core's records()
as one JSON document, and the same as text."""

import json


def _site_text(site):
    if not site:
        return ""
    text = f"{_short(site.get('file', '?'))}:{site.get('line', 0)}"
    if site.get("offset", -1) is not None and site.get("offset", -1) >= 0:
        text += f" @{site['offset']}"
    return text


def _short(path):
    return path.rsplit("/", 1)[-1]


def _jsonable(value):
    """records() holds plain data, but constants in node args may be any Python value."""
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items() if k != "target_obj"}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return repr(value)


def build(records):
    functions = []
    for record in records:
        graphs = record.get("graphs", [])
        breaks = record.get("breaks", [])
        functions.append({
            "function": record.get("function", "?"),
            "file": record.get("file", ""),
            "first_line": record.get("first_line", 0),
            "graph_count": len(graphs),
            "graph_break_count": len(breaks),
            # Dynamo's explain count (call_function nodes), as model/graph.h's opCount().
            "op_count": sum(1 for g in graphs for n in g.get("nodes", [])
                            if n.get("op") == "call_function"),
            "calls": record.get("calls", 0),
            "cache_hits": record.get("cache_hits", 0),
            "cache_misses": record.get("cache_misses", 0),
            "graphs": graphs,
            "breaks": breaks,
            "entries": record.get("entries", []),
            "recompiles": record.get("recompiles", []),
            **_call_summary(record),
        })
    totals = {key: sum(f[key] for f in functions)
              for key in ("graph_count", "graph_break_count", "op_count", "calls", "cache_hits",
                          "cache_misses")}
    totals["recompiles"] = sum(len(f["recompiles"]) for f in functions)
    totals["hit_rate"] = totals["cache_hits"] / totals["calls"] if totals["calls"] else 0.0
    totals["functions"] = len(functions)
    return _jsonable({"format": "dynascope-capture-report", "version": 1, "totals": totals,
                      "functions": functions})


def _call_summary(record):
    """Hit rate and per-call verdicts from the core's call log (one record per call)."""
    log = record.get("call_log", [])
    calls = record.get("calls", 0)
    results = [c.get("result", "") for c in log]
    return {
        "hit_rate": record.get("cache_hits", 0) / calls if calls else 0.0,
        "cache_limit_fallbacks": results.count("cache_limit"),
        "calls_not_logged": record.get("calls_not_logged", 0),
        "call_log": log,
    }


def _recompile_lines(f):
    """Each recompile with its call number, new entry and reason; cache-limit fallbacks summed."""
    out, fallbacks = [], []
    for call in f.get("call_log", []):
        for region in call.get("regions", []):
            result = region.get("result")
            if result == "recompile":
                entry = region.get("entry", -1)
                new = f" -> cache entry {entry + 1}" if entry >= 0 else ""
                out.append(f"    call {call.get('index', '?')}: recompiled{new}: {region.get('reason', '')}")
            elif result == "cache_limit":
                fallbacks.append((call.get("index", "?"), region.get("reason", "")))
    if fallbacks:
        out.append(f"    {len(fallbacks)} call(s) from call {fallbacks[0][0]} on found the cache full "
                   f"(cache_size_limit) and ran uncompiled; last reason: {fallbacks[-1][1]}")
    return out


def to_json(report):
    return json.dumps(report, indent=1, sort_keys=False)


def _arg_text(arg):
    if isinstance(arg, dict):
        if "node" in arg:
            return str(arg["node"])
        if "const" in arg:
            return repr(arg["const"]) if not isinstance(arg["const"], str) else arg["const"]
        for kind, (open_, close) in (("tuple", ("(", ")")), ("list", ("[", "]"))):
            if kind in arg:
                return open_ + ", ".join(_arg_text(a) for a in arg[kind]) + close
    return str(arg)


def _meta_text(meta):
    if not meta or not meta.get("dtype"):
        return ""
    shape = meta.get("shape")
    shape_text = "[" + ", ".join(str(s) for s in shape) + "]" if isinstance(shape, list) else str(shape or "")
    return f"{meta['dtype']}{shape_text}"


def _node_line(node):
    op = node.get("op", "")
    args = ", ".join(_arg_text(a) for a in node.get("args", []))
    kwargs = node.get("kwargs") or {}
    if kwargs:
        args += (", " if args else "") + ", ".join(f"{k}={_arg_text(v)}" for k, v in kwargs.items())
    target = node.get("target", "")
    expr = {"placeholder": f"input {target}", "output": f"return {args}",
            "get_attr": f"self.{target}"}.get(op, f"{target}({args})")
    line = f"    {node.get('name', '?'):<14} {op:<14} {expr}"
    meta = _meta_text(node.get("meta"))
    if meta:
        line += f"  : {meta}"
    site = node.get("site")
    if site and op not in ("placeholder", "output"):
        where = _site_text(site)
        inline = node.get("inline_stack") or []
        if inline:
            where += " (inlined from " + " <- ".join(
                f"{s.get('function', '?')} {_site_text(s)}" for s in reversed(inline)) + ")"
        line += f"    [{where}]"
    return line


def to_text(report):
    out = []
    totals = report["totals"]
    out.append(f"Dynascope capture report: {totals['functions']} compiled function(s), "
               f"{totals['graph_count']} graph(s), {totals['graph_break_count']} graph break(s), "
               f"{totals['recompiles']} recompile(s)")
    for f in report["functions"]:
        out.append("")
        out.append(f"Function {f['function']} ({_short(f['file'])}:{f['first_line']})")
        out.append(f"  Calls: {f['calls']}  Cache hits: {f['cache_hits']}  Cache misses: {f['cache_misses']}  "
                   f"Hit rate: {100.0 * f.get('hit_rate', 0.0):.1f} %")
        out.append(f"  Graph Count: {f['graph_count']}  Graph Break Count: {f['graph_break_count']}  "
                   f"Op Count: {f['op_count']}")
        for graph in f["graphs"]:
            out.append(f"  Graph {graph.get('id', '?')} (region starting at offset {graph.get('region_start', 0)}, "
                       f"{len(graph.get('nodes', []))} nodes):")
            out.extend(_node_line(n) for n in graph.get("nodes", []))
        if f["breaks"]:
            out.append("  Break Reasons:")
        for i, b in enumerate(f["breaks"], 1):
            between = ""
            if b.get("after_graph") or b.get("before_graph"):
                between = f" (after {b.get('after_graph') or '-'}, before {b.get('before_graph') or '-'})"
            out.append(f"    Break Reason {i}: [{b.get('break_type', '?')}] {b.get('reason', '')}{between}")
            if b.get("hint"):
                out.append(f"      Hint: {b['hint']}")
            out.append("      User Stack:")
            for site in b.get("user_stack", []):
                out.append(f"        {site.get('function', '?')} at {_site_text(site)}")
        for i, entry in enumerate(f["entries"], 1):
            out.append(f"  Guards of cache entry {i} (region starting at offset {entry.get('region_start', 0)}):")
            for g in entry.get("guards", []):
                out.append(f"    {g.get('kind', '?'):<16} {g.get('source', ''):<20} {g.get('text', '')}".rstrip())
        lines = _recompile_lines(f)
        if lines:
            out.append(f"  Recompiles ({len(f['recompiles'])}), with the guard that failed:")
            out.extend(lines)
        elif f["recompiles"]:
            out.append("  Recompiles:")
            out.extend(f"    {i}. {r.get('reason', '')}" for i, r in enumerate(f["recompiles"], 1))
    return "\n".join(out) + "\n"


def write(core, path=None, as_json=False):
    """Called from C++: returns the report text (JSON or words); writes it to path if given."""
    report = build(core.records())
    text = to_json(report) + "\n" if as_json else to_text(report)
    if path:
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    return text
