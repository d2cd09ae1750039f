"""Counts the distinct PyTorch test names the scenario scripts cite in their leading comments, per
test file (COVERAGE.md). A header scan: a name cited after `test_<file>.py` counts for that file
whether or not that file's version holds it, so it over-counts a little; COVERAGE.md uses its
differences between trees. Run from the repository root: python3 tests/capture/scenario_coverage.py
"""
import re, glob, sys, collections
files = ["test_functions", "test_misc", "test_subgraphs", "test_modules", "test_recompiles", "test_global", "test_exceptions"]
cited = collections.defaultdict(set)
for path in glob.glob("resources/scenarios/*.py"):
    head = []
    for line in open(path):
        if not line.startswith("#"):
            break
        head.append(line)
    text = " ".join(head)
    # each mention of test_<file>.py, then the test names that follow until the next file mention
    parts = re.split(r"(test_\w+)\.py", text)
    for i in range(1, len(parts), 2):
        f = parts[i]
        if f in files:
            for name in re.findall(r"\b(test_\w+)\b", parts[i + 1]):
                if name not in files:
                    cited[f].add(name)
for f in files:
    print(f, len(cited[f]))
print("scripts", len(glob.glob("resources/scenarios/*.py")))
