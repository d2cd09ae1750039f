# PyTorch test/dynamo/test_misc.py MiscTests.test_out_variants_with_resizing_on_graph_inputs_with_dynamic:
# torch.outer(**inputs) with input, vec2 and an out tensor all passed in a dict, for three shapes
# (fullgraph=True): each result equals eager's.
import torch
import torch._dynamo


class CustomModel(torch.nn.Module):
    def forward(self, inputs):
        return torch.outer(**inputs)


torch._dynamo.reset()
compiled = torch.compile(CustomModel(), backend="eager", fullgraph=True)
for shape in [(2, 1), (6, 1), (4, 1)]:
    vec1, vec2 = shape
    t1 = torch.randn(vec1)
    t2 = torch.randn(vec2)
    res = compiled({"input": t1, "vec2": t2, "out": torch.empty(shape)}).clone()
    ref = CustomModel()({"input": t1, "vec2": t2, "out": torch.empty(shape)})
    assert torch.equal(res, ref), (res, ref)
