# stackuse_tour.py: one run through most 3.11 opcodes, for the recorded stack-use oracle
# (tests/record/tst_recordedstackuse, tests/gui/tst_stepper_stackuse). Prints one line.
import contextlib
from os import path as _path


class Box:
    def __init__(self, v):
        self.v = v

    def get(self, k=1):
        return self.v * k

    @property
    def twice(self):
        return self.v * 2


class Labelled(Box):
    def __init__(self, v, label):
        super().__init__(v)
        self.label = label


def numbers(n):
    for i in range(n):
        got = yield i
        if got:
            yield got


def delegate(n):
    result = yield from numbers(n)
    return result


def shape(obj):
    match obj:
        case {"k": v}:
            return ("map", v)
        case [a, *rest]:
            return ("seq", a, len(rest))
        case Box(v=v):
            return ("box", v)
        case _:
            return None


def keywords(*args, **kwargs):
    return len(args), sorted(kwargs)


def long_loop(n):
    # The body is longer than 255 code units: FOR_ITER and JUMP_BACKWARD take an EXTENDED_ARG.
    y = 0
    for i in range(n):
        y = y + i * 0; y = y + i * 1; y = y + i * 2; y = y + i * 3; y = y + i * 4
        y = y + i * 5; y = y + i * 6; y = y + i * 7; y = y + i * 8; y = y + i * 9
        y = y + i * 10; y = y + i * 11; y = y + i * 12; y = y + i * 13; y = y + i * 14
        y = y + i * 15; y = y + i * 16; y = y + i * 17; y = y + i * 18; y = y + i * 19
        y = y + i * 20; y = y + i * 21; y = y + i * 22; y = y + i * 23; y = y + i * 24
        y = y + i * 25; y = y + i * 26; y = y + i * 27; y = y + i * 28; y = y + i * 29
        y = y + i * 30; y = y + i * 31; y = y + i * 32; y = y + i * 33; y = y + i * 34
        y = y + i * 35; y = y + i * 36; y = y + i * 37; y = y + i * 38; y = y + i * 39
        y = y + i * 40; y = y + i * 41; y = y + i * 42; y = y + i * 43; y = y + i * 44
        y = y + i * 45; y = y + i * 46; y = y + i * 47; y = y + i * 48; y = y + i * 49
        y = y + i * 50; y = y + i * 51; y = y + i * 52; y = y + i * 53; y = y + i * 54
        y = y + i * 55; y = y + i * 56; y = y + i * 57; y = y + i * 58; y = y + i * 59
        y = y + i * 60; y = y + i * 61; y = y + i * 62; y = y + i * 63; y = y + i * 64
        y = y + i * 65; y = y + i * 66; y = y + i * 67; y = y + i * 68; y = y + i * 69
        y = y + i * 70; y = y + i * 71; y = y + i * 72; y = y + i * 73; y = y + i * 74
        y = y + i * 75; y = y + i * 76; y = y + i * 77; y = y + i * 78; y = y + i * 79
        y = y + i * 80; y = y + i * 81; y = y + i * 82; y = y + i * 83; y = y + i * 84
        y = y + i * 85; y = y + i * 86; y = y + i * 87; y = y + i * 88; y = y + i * 89
        y = y + i * 90; y = y + i * 91; y = y + i * 92; y = y + i * 93; y = y + i * 94
        y = y + i * 95; y = y + i * 96; y = y + i * 97; y = y + i * 98; y = y + i * 99
        y = y + i * 100; y = y + i * 101; y = y + i * 102; y = y + i * 103; y = y + i * 104
        y = y + i * 105; y = y + i * 106; y = y + i * 107; y = y + i * 108; y = y + i * 109
        y = y + i * 110; y = y + i * 111; y = y + i * 112; y = y + i * 113; y = y + i * 114
        y = y + i * 115; y = y + i * 116; y = y + i * 117; y = y + i * 118; y = y + i * 119
        y = y + i * 120; y = y + i * 121; y = y + i * 122; y = y + i * 123; y = y + i * 124
        y = y + i * 125; y = y + i * 126; y = y + i * 127; y = y + i * 128; y = y + i * 129
        y = y + i * 130; y = y + i * 131; y = y + i * 132; y = y + i * 133; y = y + i * 134
        y = y + i * 135; y = y + i * 136; y = y + i * 137; y = y + i * 138; y = y + i * 139
        y = y + i * 140; y = y + i * 141; y = y + i * 142; y = y + i * 143; y = y + i * 144
        y = y + i * 145; y = y + i * 146; y = y + i * 147; y = y + i * 148; y = y + i * 149
    return y


def many_constants(a):
    # Over 256 constants, and a list of 300 items: LOAD_CONST and BUILD_LIST take an
    # EXTENDED_ARG.
    return [
        a + 0.5, a + 1.5, a + 2.5, a + 3.5, a + 4.5, a + 5.5, a + 6.5, a + 7.5,
        a + 8.5, a + 9.5, a + 10.5, a + 11.5, a + 12.5, a + 13.5, a + 14.5, a + 15.5,
        a + 16.5, a + 17.5, a + 18.5, a + 19.5, a + 20.5, a + 21.5, a + 22.5, a + 23.5,
        a + 24.5, a + 25.5, a + 26.5, a + 27.5, a + 28.5, a + 29.5, a + 30.5, a + 31.5,
        a + 32.5, a + 33.5, a + 34.5, a + 35.5, a + 36.5, a + 37.5, a + 38.5, a + 39.5,
        a + 40.5, a + 41.5, a + 42.5, a + 43.5, a + 44.5, a + 45.5, a + 46.5, a + 47.5,
        a + 48.5, a + 49.5, a + 50.5, a + 51.5, a + 52.5, a + 53.5, a + 54.5, a + 55.5,
        a + 56.5, a + 57.5, a + 58.5, a + 59.5, a + 60.5, a + 61.5, a + 62.5, a + 63.5,
        a + 64.5, a + 65.5, a + 66.5, a + 67.5, a + 68.5, a + 69.5, a + 70.5, a + 71.5,
        a + 72.5, a + 73.5, a + 74.5, a + 75.5, a + 76.5, a + 77.5, a + 78.5, a + 79.5,
        a + 80.5, a + 81.5, a + 82.5, a + 83.5, a + 84.5, a + 85.5, a + 86.5, a + 87.5,
        a + 88.5, a + 89.5, a + 90.5, a + 91.5, a + 92.5, a + 93.5, a + 94.5, a + 95.5,
        a + 96.5, a + 97.5, a + 98.5, a + 99.5, a + 100.5, a + 101.5, a + 102.5, a + 103.5,
        a + 104.5, a + 105.5, a + 106.5, a + 107.5, a + 108.5, a + 109.5, a + 110.5, a + 111.5,
        a + 112.5, a + 113.5, a + 114.5, a + 115.5, a + 116.5, a + 117.5, a + 118.5, a + 119.5,
        a + 120.5, a + 121.5, a + 122.5, a + 123.5, a + 124.5, a + 125.5, a + 126.5, a + 127.5,
        a + 128.5, a + 129.5, a + 130.5, a + 131.5, a + 132.5, a + 133.5, a + 134.5, a + 135.5,
        a + 136.5, a + 137.5, a + 138.5, a + 139.5, a + 140.5, a + 141.5, a + 142.5, a + 143.5,
        a + 144.5, a + 145.5, a + 146.5, a + 147.5, a + 148.5, a + 149.5, a + 150.5, a + 151.5,
        a + 152.5, a + 153.5, a + 154.5, a + 155.5, a + 156.5, a + 157.5, a + 158.5, a + 159.5,
        a + 160.5, a + 161.5, a + 162.5, a + 163.5, a + 164.5, a + 165.5, a + 166.5, a + 167.5,
        a + 168.5, a + 169.5, a + 170.5, a + 171.5, a + 172.5, a + 173.5, a + 174.5, a + 175.5,
        a + 176.5, a + 177.5, a + 178.5, a + 179.5, a + 180.5, a + 181.5, a + 182.5, a + 183.5,
        a + 184.5, a + 185.5, a + 186.5, a + 187.5, a + 188.5, a + 189.5, a + 190.5, a + 191.5,
        a + 192.5, a + 193.5, a + 194.5, a + 195.5, a + 196.5, a + 197.5, a + 198.5, a + 199.5,
        a + 200.5, a + 201.5, a + 202.5, a + 203.5, a + 204.5, a + 205.5, a + 206.5, a + 207.5,
        a + 208.5, a + 209.5, a + 210.5, a + 211.5, a + 212.5, a + 213.5, a + 214.5, a + 215.5,
        a + 216.5, a + 217.5, a + 218.5, a + 219.5, a + 220.5, a + 221.5, a + 222.5, a + 223.5,
        a + 224.5, a + 225.5, a + 226.5, a + 227.5, a + 228.5, a + 229.5, a + 230.5, a + 231.5,
        a + 232.5, a + 233.5, a + 234.5, a + 235.5, a + 236.5, a + 237.5, a + 238.5, a + 239.5,
        a + 240.5, a + 241.5, a + 242.5, a + 243.5, a + 244.5, a + 245.5, a + 246.5, a + 247.5,
        a + 248.5, a + 249.5, a + 250.5, a + 251.5, a + 252.5, a + 253.5, a + 254.5, a + 255.5,
        a + 256.5, a + 257.5, a + 258.5, a + 259.5, a + 260.5, a + 261.5, a + 262.5, a + 263.5,
        a + 264.5, a + 265.5, a + 266.5, a + 267.5, a + 268.5, a + 269.5, a + 270.5, a + 271.5,
        a + 272.5, a + 273.5, a + 274.5, a + 275.5, a + 276.5, a + 277.5, a + 278.5, a + 279.5,
        a + 280.5, a + 281.5, a + 282.5, a + 283.5, a + 284.5, a + 285.5, a + 286.5, a + 287.5,
        a + 288.5, a + 289.5, a + 290.5, a + 291.5, a + 292.5, a + 293.5, a + 294.5, a + 295.5,
        a + 296.5, a + 297.5, a + 298.5, a + 299.5,
    ]


@contextlib.contextmanager
def managed(log):
    log.append("enter")
    yield len(log)
    log.append("exit")


class Ticket:
    def __await__(self):
        return (yield "tick")


class Stream:
    def __init__(self, n):
        self.n = n

    def __aiter__(self):
        return self

    async def __anext__(self):
        if self.n == 0:
            raise StopAsyncIteration
        self.n -= 1
        return self.n

    async def __aenter__(self):
        return self

    async def __aexit__(self, *exc):
        return False


async def agen(n):
    for i in range(n):
        yield i


async def consume():
    got = []
    async with Stream(0):
        async for v in Stream(2):
            got.append(v)
    async for v in agen(2):
        got.append(v)
    got.append(await Ticket())
    return got


def run(coro):
    # A tiny event loop: hands each value the coroutine yields straight back to it.
    try:
        value = coro.send(None)
        while True:
            value = coro.send(value)
    except StopIteration as stop:
        return stop.value


def groups():
    try:
        raise ExceptionGroup("g", [ValueError(1), TypeError(2)])
    except* ValueError as group:
        values = len(group.exceptions)
    except* TypeError:
        types = 1
    return values, types


def counter():
    total = 0

    def bump(k):
        nonlocal total
        total += k
        return total

    bump(2)
    result = bump(3)
    del total
    return result


def make_class(k):
    class Inner:
        value = k

    return Inner.value


class Point:
    x: int = 1
    y: int = 2


def set_global():
    global SCRATCH
    SCRATCH = 5
    value = SCRATCH
    del SCRATCH
    return value


def odds_and_ends(a, c, box, s, t):
    try:
        assert a, "a is 0"
    except AssertionError as error:
        asserted = str(error)
    unary = (-c, +c, ~c, not c)
    del box.label
    union = {*s, *t}
    missing = None
    if missing is None:
        missing = "none"
    return asserted, unary, union, missing


def tour():
    a, *middle, c = range(5)
    mapping = {"x": a, "y": c}
    merged = {**mapping, "z": 1}
    built = dict(one=1, two=2)
    s = {a, c}
    t = (a, *middle)
    squares = [i * i for i in range(4) if i % 2 == 0]
    names = {i: str(i) for i in range(3)}
    unique = {i % 2 for i in range(5)}
    text = f"{a!r:>4} {c} {t}"
    box = Labelled(3, "b")
    method = box.get
    calls = method(2) + box.get(k=3) + box.twice
    either = a or c
    first_true = c or a
    both = c and not middle
    chained = 0 < c < 10
    try:
        1 / a
    except ZeroDivisionError as error:
        caught = type(error).__name__
    finally:
        done = True
    log = []
    with managed(log) as depth:
        log.append(depth)
    items = [1, 2, 3]
    items[0] += 5
    del items[1]
    window = t[1:3]
    generated = list(numbers(3))
    gen = delegate(2)
    sent = [next(gen), gen.send(7), next(gen)]
    total = 0
    for i in range(4):
        if i == 1:
            continue
        total += i
    else:
        total -= 1
    while total < 10:
        total += 4
    matched = [shape({"k": 1}), shape([1, 2, 3]), shape(box), shape(5)]
    counted = keywords(*t, **merged)
    inverted = a is not None and 7 not in items
    swapped_x, swapped_y = c, a
    return (mapping, built, s, squares, names, unique, text, calls, either, both, chained,
            first_true, caught, done, log, items, window, generated, sent, total, matched, counted,
            inverted, swapped_x, swapped_y, long_loop(3), sum(many_constants(1)), run(consume()),
            groups(), counter(), make_class(4), Point.x, set_global(),
            odds_and_ends(a, c, box, s, t))


del _path
print(len(tour()))
