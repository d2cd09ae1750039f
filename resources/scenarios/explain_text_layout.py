# Scenario: str(ExplainOutput) is laid out as Dynamo 2.1+ lays it out.
import torch
import torch._dynamo


def fn(x):
    x = x * 2
    print("break here")
    return x.relu() + 1


torch._dynamo.reset()
text = str(torch._dynamo.explain(fn)(torch.randn(3)))
print(text)
lines = text.splitlines()
assert lines[0] == "Graph Count: 2", lines[0]
assert lines[1] == "Graph Break Count: 1", lines[1]
assert lines[2] == "Op Count: 2", lines[2]  # mul, add (relu is call_method)
assert lines[3] == "Break Reasons:"
assert lines[4] == "  Break Reason 1:"
assert lines[5].startswith("    Reason: ") and len(lines[5]) > len("    Reason: ")
assert lines[6] == "    User Stack:"
assert lines[7].startswith("      <FrameSummary file ") and " in fn>" in lines[7]
i = lines.index("Ops per Graph:")
assert lines[i + 1] == "  Ops 1:" and "mul" in lines[i + 2]
assert "  Ops 2:" in lines and "Out Guards:" in lines and "  Guard 1:" in lines
