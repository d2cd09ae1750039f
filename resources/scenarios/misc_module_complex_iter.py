# PyTorch test/dynamo/test_misc.py MiscTests.test_module_complex_iter: a method (not forward) of a
# compiled module walks named_modules() and named_parameters() and appends the names to a list
# attribute: the names equal eager's, with and without a prefix.
import torch
import torch._dynamo


class FakeGPT(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.tok_emb = torch.nn.Embedding(65, 32)
        self.pos_emb = torch.nn.Parameter(torch.zeros(1, 16, 32))
        self.drop = torch.nn.Dropout(0.1)
        self.ln_f = torch.nn.LayerNorm(32)
        self.head = torch.nn.Linear(32, 65, bias=False)
        self.names = []

    def forward(self, idx):
        return self.head(self.ln_f(self.drop(self.tok_emb(idx) + self.pos_emb)))

    def foo(self, memo=None, prefix="", remove_duplicate=False):
        for mn, m in self.named_modules(memo=memo, prefix=prefix, remove_duplicate=remove_duplicate):
            for pn, p in self.named_parameters():
                fpn = f"{mn}.{pn}" if mn else pn
                self.names.append(fpn)


torch._dynamo.reset()
for kwargs in ({}, {"prefix": "abc"}):
    model_a = FakeGPT()
    model_a.foo(**kwargs)
    model_b = FakeGPT()
    torch.compile(model_b, backend="eager", fullgraph=True).foo(**kwargs)
    assert model_a.names == model_b.names and len(model_b.names) > 0, model_b.names
