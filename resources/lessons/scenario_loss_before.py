# scenario_loss_before.py: a loss that keeps running statistics in a Python dict.
#
# Each call turns tensor values into Python floats to store them (`float(...)` needs the data:
# a graph break) and then carries on with tensor work, so the loss compiles as several graphs
# glued together by the interpreter. The script counts the breaks and measures the time of a
# call compiled against the plain call.
import torch
import torch._dynamo
from lesson_measure import seconds_per_call

torch.manual_seed(0)


def weighted_loss(logits, labels, stats):
    log_probs = torch.log_softmax(logits, dim=1)
    picked = log_probs.gather(1, labels.unsqueeze(1)).squeeze(1)
    stats["calls"] += 1
    stats["last_nll"] = float(-picked.mean())  # a Python float: graph break
    confidence = log_probs.exp().max(dim=1).values
    stats["low_confidence"] = float((confidence < 0.5).float().mean())  # and another
    return -(picked * confidence).mean()


logits, labels = torch.randn(256, 10), torch.randint(0, 10, (256,))
explanation = torch._dynamo.explain(weighted_loss)(logits, labels, {"calls": 0})
print(f"graph breaks: {explanation.graph_break_count}, graphs: {explanation.graph_count}")
stats = {"calls": 0}
eager = seconds_per_call(weighted_loss, logits, labels, stats)
compiled = seconds_per_call(torch.compile(weighted_loss), logits, labels, stats)
print(f"eager: {eager * 1e6:.0f} us, compiled: {compiled * 1e6:.0f} us, "
      f"speed-up S = {eager / compiled:.2f}")
