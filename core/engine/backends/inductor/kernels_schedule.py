"""Scheduler: groups the lowered graph's computed nodes into kernels and records why.

A group shares its outer loops (the non-reduced dims of a reduction, or all but the last dim of
a pointwise node). A node joins the open group when its outer dims are the group's and every
read of a buffer the group writes is at the same outer index (the producer has written that
row earlier in the same outer iteration): that is vertical fusion of a reduction's prologue and
epilogue (softmax, layer norm in one kernel) and horizontal fusion of siblings. Pointwise chains
were already fused by inlining during lowering. A torch step (extern, fallback) closes the group.
"""

from _dynascope_shim import kernels_ir as ir


class Group:
    def __init__(self, number, node):
        self.number = number
        self.name = f"kernel{number}"
        self.outer = outer_of(node)
        self.nodes = []
        self.bodies = {}  # node name -> (expression, loads)
        self.add(node)

    @property
    def k(self):
        return len(self.outer)

    def add(self, node):
        self.nodes.append(node)

    def writes(self):
        return {n.name: n for n in self.nodes}


def outer_of(node):
    if node.kind == "reduction":
        return list(node.outer)
    return list(node.ranges[:-1]) if node.ranges else []


def fusion_refusal(group, node, body):
    """None when node can join group, else the reason it cannot."""
    k = group.k
    if node.kind == "reduction":
        if node.outer != group.outer:
            return f"outer loops {node.outer} differ from the kernel's {group.outer}"
    elif node.ranges[:k] != group.outer or len(node.ranges) < k:
        return f"iteration space {node.ranges} does not start with the kernel's outer loops {group.outer}"
    writes = group.writes()
    _, loads = body
    for name, index in loads:
        producer = writes.get(name)
        if producer is None:
            continue
        for dim, pos in enumerate(producer.outer_map(k)):
            if pos is not None and index[dim] != f"i{pos}":
                return f"reads {name} at another row ({', '.join(index)})"
    return None


class Schedule:
    def __init__(self, lowered):
        self.lowered = lowered
        self.items = []  # Group | ir.TorchStep
        self.decisions = []  # human-readable, in order

    def groups(self):
        return [i for i in self.items if isinstance(i, Group)]


def schedule(lowered):
    s = Schedule(lowered)
    group = None
    count = 0
    for step in lowered.steps:
        if isinstance(step, ir.TorchStep):
            if group is not None:
                s.decisions.append(f"{group.name} closed by {step.kind} {step.node}")
            group = None
            s.items.append(step)
            s.decisions.append(f"{step.node}: {step.kind} through torch"
                               + (f" ({step.reason})" if step.reason else ""))
            continue
        body = step.body()
        reason = "no open kernel" if group is None else fusion_refusal(group, step, body)
        if group is not None and reason is None:
            group.add(step)
            how = "vertically" if any(n in group.writes() for n, _ in body[1]) else "horizontally"
            s.decisions.append(f"{step.name} ({step.kind}) fused {how} into {group.name}")
        else:
            if group is not None:
                s.decisions.append(f"{step.name} ({step.kind}) starts a new kernel: {reason}")
            group = Group(count, step)
            count += 1
            s.items.append(group)
            s.decisions.append(f"{group.name} opened by {step.name} ({step.kind})")
        group.bodies[step.name] = body
    return s
