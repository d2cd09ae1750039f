# scenario_serving_before.py: an inference service fed requests of random batch size.
#
# The service compiles with dynamic=False (static shapes, as one does to keep specialised
# kernels), so every new batch size fails the shape guard and recompiles, until the cache size
# limit is reached; after that the function runs uncompiled. The script measures the cache hit
# rate, the recompiles and the p50/p99 latency of a request.
import torch
from lesson_measure import report_service

torch.manual_seed(0)
model = torch.nn.Sequential(torch.nn.Linear(32, 64), torch.nn.ReLU(), torch.nn.Linear(64, 8))


def serve(batch):
    return model(batch).softmax(dim=1)


report_service(serve, lambda batch: batch)
