# frame_parts.py: one function that reads from all five parts of its frame.
#
# c: the code object being run; L: its locals; G: the module's globals; B: the builtins;
# U: the closure cells it shares with the function that made it.
SCALE = 10  # a global


def make_counter(offset):  # offset lives on in a closure cell
    def count(items):
        n = len(items)  # len comes from the builtins
        total = n * SCALE  # SCALE from the globals
        return total + offset  # offset from the cell

    return count


counter = make_counter(5)
print(counter(["a", "b", "c"]))
