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
        self.row_local = set()  # buffers kept to one row (row_local_buffers)
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
    _mark_row_local(s)
    return s


def _step_reads(value, into):
    """Buffer names a torch step's arguments refer to (StepRef, StepView, nested lists)."""
    if isinstance(value, (list, tuple)):
        for v in value:
            _step_reads(v, into)
    elif isinstance(value, dict):
        _step_reads(list(value.values()), into)
    elif hasattr(value, "name") and type(value).__name__ in ("StepRef", "StepView"):
        into.add(value.name)


def row_local_buffers(group, read_elsewhere):
    """The buffers of a row kernel (one outer loop) that need only one row of memory: written
    by a pointwise node of the group over a whole contiguous row and read only inside the group,
    in the same row (softmax's exp(x - max), read by the row sum and the division). The kernel
    keeps such a buffer to one row, which stays in L1, instead of writing every row to memory."""
    if group.k != 1:
        return set()
    local = set()
    for node in group.nodes:
        buf = node.buffer
        if (node.kind != "pointwise" or len(node.ranges) != 2 or buf.name in read_elsewhere
                or buf.strides != [buf.sizes[1], 1]):
            continue
        reads = [index for body in group.bodies.values() for name, index in body[1]
                 if name == buf.name]
        if all(len(index) == 2 and index[0] == "i0" and index[1] in ("i1", "r0") for index in reads):
            local.add(buf.name)
    return local


def _mark_row_local(s):
    lowered = s.lowered
    groups = s.groups()
    outside = set(lowered.output_buffers)
    for kind, what in lowered.outputs:
        if kind == "buffer":
            outside.add(what)
        elif kind == "view":
            outside.add(what[0])
    for item in s.items:
        if isinstance(item, ir.TorchStep):
            _step_reads([item.args, item.kwargs], outside)
    for group in groups:
        elsewhere = set(outside)
        for other in groups:
            if other is not group:
                elsewhere.update(name for body in other.bodies.values() for name, _ in body[1])
        group.row_local = row_local_buffers(group, elsewhere)
        for name in sorted(group.row_local):
            s.decisions.append(f"{name} kept to one row in {group.name}: read only there, "
                               "row by row (it never goes to memory)")
