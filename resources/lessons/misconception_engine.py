# misconception_engine.py: torch.compile does not replace the Python interpreter.
#
# A compiled function with no tensor work gives the compiler nothing to capture: no graph, and
# the function runs as ordinary bytecode. A compiled function with both kinds of work gets a
# graph holding only its tensor operations.
import torch


def word_lengths(words):
    return [len(w) for w in words]


def lengths_and_norm(words, x):
    sizes = [len(w) for w in words]
    return sizes, torch.norm(x)


none = torch._dynamo.explain(word_lengths)(["graph", "guard"])
print(f"graphs for the pure-Python function: {none.graph_count}")
mixed = torch._dynamo.explain(lengths_and_norm)(["graph", "guard"], torch.ones(3))
print(f"graphs for the mixed function: {mixed.graph_count}, ops in them: {mixed.op_count}")
print(torch.compile(word_lengths)(["graph", "guard", "break"]))
