# Scenario: explain accepts an nn.Module: one graph (linear, relu) without breaks.
import torch
import torch._dynamo

torch.manual_seed(0)
torch._dynamo.reset()
m = torch.nn.Sequential(torch.nn.Linear(3, 3), torch.nn.ReLU())
out = torch._dynamo.explain(m)(torch.randn(2, 3))
assert (out.graph_count, out.graph_break_count) == (1, 0), repr(out)
assert out.break_reasons == []
