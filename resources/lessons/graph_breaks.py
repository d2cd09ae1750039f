# graph_breaks.py: a function the tracer has to cut in two, and resumes after the cut.
#
# print() cannot go into a graph, so the tracer ends graph G1 just before it, the interpreter
# runs print(), and tracing resumes after it with graph G2. Same result as without compiling.
import torch


def smooth(x):
    y = torch.sigmoid(x) * 2  # G1
    print("between the graphs")  # graph break: run by the interpreter
    return (y - 1).abs()  # G2, traced from the resume point


compiled = torch.compile(smooth)
x = torch.linspace(-3, 3, 5)
print("compiled:", compiled(x))
print("same as eager:", torch.equal(compiled(x), smooth(x)))
