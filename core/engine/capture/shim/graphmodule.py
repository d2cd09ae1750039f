"""GraphModule, Graph and Node built from the capture core's graph_spec, shaped like torch.fx's.

Backends written for PyTorch 2 read gm.graph.nodes, gm.code and call gm(*inputs); torch 1.13's
own torch.fx cannot hold Dynamo's placeholders and provenance, so the shim has its own small
classes with the same attribute names.
"""


import torch

# Targets that FX prints as Python operators (gm.code) instead of calls.
_BINARY_SYMBOLS = {
    "add": "+", "sub": "-", "mul": "*", "truediv": "/", "floordiv": "//", "mod": "%",
    "pow": "**", "matmul": "@", "and_": "&", "or_": "|", "xor": "^", "lshift": "<<",
    "rshift": ">>", "eq": "==", "ne": "!=", "lt": "<", "le": "<=", "gt": ">", "ge": ">=",
    "iadd": "+=", "imul": "*=", "isub": "-=", "itruediv": "/=",
}
_UNARY_SYMBOLS = {"neg": "-", "pos": "+", "invert": "~", "not_": "not "}


def _short_target(target):
    """'operator.add' -> 'add', '_operator.add' -> 'add'; other names unchanged."""
    for prefix in ("operator.", "_operator."):
        if target.startswith(prefix):
            return target[len(prefix):]
    return None


def _target_name(node_spec):
    target = node_spec.get("target", "")
    return target if isinstance(target, str) else getattr(target, "__name__", repr(target))


class Node:
    """One graph node: op, target, name, args (Nodes, constants, tuples/lists), kwargs, meta."""

    def __init__(self, graph, name, op, target, args, kwargs, meta, target_name):
        self.graph = graph
        self.name = name
        self.op = op
        self.target = target
        self.args = args
        self.kwargs = kwargs
        self.meta = meta
        self.users = {}
        self.target_name = target_name  # the printable dotted name ("torch.add", "relu")

    @property
    def all_input_nodes(self):
        found = []
        _collect_nodes(self.args, found)
        _collect_nodes(self.kwargs, found)
        return list(dict.fromkeys(found))

    @property
    def type(self):
        return torch.Tensor if self.meta.get("dtype") else None

    @property
    def stack_trace(self):
        return self.meta.get("stack_trace")

    def format_node(self):
        if self.op == "placeholder":
            return f"%{self.name} : [num_users={len(self.users)}] = placeholder[target={self.target_name}]"
        if self.op == "output":
            return f"return {_format_arg(self.args[0] if self.args else None)}"
        return (f"%{self.name} : [num_users={len(self.users)}] = {self.op}[target={self.target_name}]"
                f"(args = {_format_graph_arg(tuple(self.args))}, kwargs = {_format_graph_arg(self.kwargs)})")

    def __repr__(self):
        return self.name


def _collect_nodes(value, found):
    if isinstance(value, Node):
        found.append(value)
    elif isinstance(value, (list, tuple)):
        for v in value:
            _collect_nodes(v, found)
    elif isinstance(value, dict):
        for v in value.values():
            _collect_nodes(v, found)


def _format_graph_arg(value):
    if isinstance(value, Node):
        return "%" + value.name
    if isinstance(value, tuple):
        inner = ", ".join(_format_graph_arg(v) for v in value)
        return f"({inner},)" if len(value) == 1 else f"({inner})"
    if isinstance(value, list):
        return "[" + ", ".join(_format_graph_arg(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_format_graph_arg(v)}" for k, v in value.items()) + "}"
    return repr(value)


def _format_arg(value):
    """An argument as it reads in gm.code."""
    if isinstance(value, Node):
        return value.name
    if isinstance(value, tuple):
        inner = ", ".join(_format_arg(v) for v in value)
        return f"({inner},)" if len(value) == 1 else f"({inner})"
    if isinstance(value, list):
        return "[" + ", ".join(_format_arg(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k!r}: {_format_arg(v)}" for k, v in value.items()) + "}"
    if isinstance(value, torch.dtype):
        return str(value)
    return repr(value)


def _decode_arg(arg, nodes_by_name):
    if isinstance(arg, dict):
        if "node" in arg:
            name = arg["node"]
            if name not in nodes_by_name:
                raise ValueError(f"graph_spec refers to unknown node {name!r}")
            return nodes_by_name[name]
        if "const" in arg:
            return arg["const"]
        if "tuple" in arg:
            return tuple(_decode_arg(a, nodes_by_name) for a in arg["tuple"])
        if "list" in arg:
            return [_decode_arg(a, nodes_by_name) for a in arg["list"]]
        if "dict" in arg:
            return {k: _decode_arg(v, nodes_by_name) for k, v in arg["dict"].items()}
    raise ValueError(f"graph_spec argument not understood: {arg!r}")


def _site_text(site):
    return f'  File "{site.get("file", "?")}", line {site.get("line", 0)}, in {site.get("function", "?")}'


def _stack_trace(spec):
    sites = list(spec.get("inline_stack") or [])
    site = spec.get("site")
    if site and (not sites or sites[-1] != site):
        sites.append(site)
    return "\n".join(_site_text(s) for s in sites) or None


class Graph:
    """The ordered nodes of one captured graph."""

    def __init__(self, spec):
        self.nodes = []
        by_name = {}
        for node_spec in spec.get("nodes", []):
            name = node_spec["name"]
            op = node_spec["op"]
            target_name = _target_name(node_spec)
            target = node_spec.get("target_obj", target_name) if op == "call_function" else target_name
            args = [_decode_arg(a, by_name) for a in node_spec.get("args", [])]
            kwargs = {k: _decode_arg(v, by_name) for k, v in (node_spec.get("kwargs") or {}).items()}
            meta = dict(node_spec.get("meta") or {})
            meta["site"] = node_spec.get("site")
            meta["inline_stack"] = node_spec.get("inline_stack") or []
            meta["stack_trace"] = _stack_trace(node_spec)
            node = Node(self, name, op, target, args, kwargs, meta, target_name)
            node._target_obj = node_spec.get("target_obj")
            for used in node.all_input_nodes:
                used.users[node] = None
            by_name[name] = node
            self.nodes.append(node)
        self._by_name = by_name

    def find_nodes(self, *, op, target=None):
        return [n for n in self.nodes if n.op == op and (target is None or n.target == target)]

    @property
    def placeholders(self):
        return [n for n in self.nodes if n.op == "placeholder"]

    def __str__(self):
        lines = ["graph():"] + ["    " + n.format_node() for n in self.nodes]
        return "\n".join(lines)

    def print_tabular(self):
        rows = [("opcode", "name", "target", "args", "kwargs")]
        for n in self.nodes:
            rows.append((n.op, n.name, n.target_name, _format_arg(tuple(n.args)), _format_arg(n.kwargs)))
        widths = [max(len(r[i]) for r in rows) for i in range(5)]
        for r in rows:
            print("  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip())

    def python_code(self):
        return _generate_code(self)


def _placeholder_param(node):
    return node.name


def _expression(node):
    args = [_format_arg(a) for a in node.args]
    kwargs = [f"{k} = {_format_arg(v)}" for k, v in node.kwargs.items()]
    if node.op == "call_function":
        short = _short_target(node.target_name)
        if short in _BINARY_SYMBOLS and len(args) == 2 and not kwargs:
            return f"{args[0]} {_BINARY_SYMBOLS[short]} {args[1]}"
        if short in _UNARY_SYMBOLS and len(args) == 1 and not kwargs:
            return f"{_UNARY_SYMBOLS[short]}{args[0]}"
        if short == "getitem" and len(args) == 2 and not kwargs:
            return f"{args[0]}[{args[1]}]"
        return f"{node.target_name}({', '.join(args + kwargs)})"
    if node.op == "call_method":
        return f"{args[0]}.{node.target_name}({', '.join(args[1:] + kwargs)})"
    if node.op == "call_module":
        return f"self.{node.target_name}({', '.join(args + kwargs)})"
    if node.op == "get_attr":
        return f"self.{node.target_name}"
    return f"{node.op}({node.target_name})"


def _generate_code(graph):
    params = []
    body = []
    for node in graph.nodes:
        if node.op == "placeholder":
            annotation = " : torch.Tensor" if node.meta.get("dtype") else ""
            params.append(_placeholder_param(node) + annotation)
        elif node.op == "output":
            body.append(f"return {_format_arg(node.args[0] if node.args else None)}")
        else:
            body.append(f"{node.name} = {_expression(node)}")
    if not body or not body[-1].startswith("return"):
        body.append("return None")
    header = "def forward(self" + "".join(", " + p for p in params) + "):"
    return "\n\n" + header + "\n" + "\n".join("    " + line for line in body) + "\n    "


def _resolve(value, env):
    if isinstance(value, Node):
        return env[value.name]
    if isinstance(value, tuple):
        return tuple(_resolve(v, env) for v in value)
    if isinstance(value, list):
        return [_resolve(v, env) for v in value]
    if isinstance(value, dict):
        return {k: _resolve(v, env) for k, v in value.items()}
    return value


class GraphModule(torch.nn.Module):
    """A captured graph as a module: gm(*inputs) runs its nodes eagerly and returns a tuple."""

    def __init__(self, spec, name="GraphModule"):
        super().__init__()
        self.graph = Graph(spec)
        self.graph.owning_module = self
        self.spec_id = spec.get("id", "")
        self.function_name = spec.get("function", "")
        self.region_start = spec.get("region_start", 0)
        self.compile_subgraph_reason = spec.get("compile_reason")
        self.meta = {}
        self._class_name = name
        self._attrs = {}
        for node in self.graph.nodes:
            if node.op in ("call_module", "get_attr") and node._target_obj is not None:
                self._attrs[node.target_name] = node._target_obj
                if isinstance(node._target_obj, torch.nn.Module) and "." not in node.target_name:
                    self.add_module(node.target_name, node._target_obj)

    @property
    def code(self):
        return self.graph.python_code()

    def print_readable(self, print_output=True):
        text = f"class {self._class_name}(torch.nn.Module):" + "\n".join(
            "    " + line if line else line for line in self.code.split("\n"))
        if print_output:
            print(text)
        return text

    def recompile(self):
        return self.code

    def _lookup_attr(self, node):
        if node._target_obj is not None:
            return node._target_obj
        obj = self
        for part in node.target_name.split("."):
            obj = getattr(obj, part)
        return obj

    def forward(self, *inputs):
        env = {}
        placeholder_index = 0
        for node in self.graph.nodes:
            op = node.op
            if op == "placeholder":
                if placeholder_index >= len(inputs):
                    raise TypeError(f"{self._class_name}.forward() missing input '{node.name}'")
                env[node.name] = inputs[placeholder_index]
                placeholder_index += 1
            elif op == "call_function":
                fn = node._target_obj
                if fn is None:
                    raise RuntimeError(f"node '{node.name}': no callable for target '{node.target_name}'")
                env[node.name] = fn(*_resolve(node.args, env), **_resolve(node.kwargs, env))
            elif op == "call_method":
                args = _resolve(node.args, env)
                env[node.name] = getattr(args[0], node.target_name)(*args[1:], **_resolve(node.kwargs, env))
            elif op == "call_module":
                env[node.name] = self._lookup_attr(node)(*_resolve(node.args, env), **_resolve(node.kwargs, env))
            elif op == "get_attr":
                env[node.name] = self._lookup_attr(node)
            elif op == "output":
                result = _resolve(node.args[0], env) if node.args else ()
                return tuple(result) if isinstance(result, list) else result
        return None

    def __str__(self):
        return self.print_readable(print_output=False)

    def __repr__(self):
        return f"{self._class_name}()"
