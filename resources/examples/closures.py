# closures.py: a nested function that remembers a variable of the function around it.
#
# `step` and `total` live in cells shared by make_counter's frame and count(): look for MAKE_CELL,
# LOAD_CLOSURE and LOAD_DEREF / STORE_DEREF in the bytecode.


def make_counter(step):
    total = 0

    def count():
        nonlocal total  # total is a cell: count() changes make_counter's variable
        total += step
        return total

    return count


counter = make_counter(5)
print(counter(), counter(), counter())  # 5 10 15
