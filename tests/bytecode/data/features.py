# Bytecode corner cases for the dis equality tests: match, except*, async, closures, f-strings.
import asyncio
from dataclasses import dataclass


@dataclass
class Point:
    x: int
    y: int = 0


def classify(value):
    match value:
        case Point(x=0, y=0):
            return "origin"
        case Point(x=x, y=0) if x > 0:
            return f"east {x}"
        case [1, 2, *rest]:
            return ("list", rest)
        case {"kind": "circle", "r": r, **others}:
            return ("circle", r, others)
        case str() | bytes() as text:
            return text
        case (a, b) if a == b:
            return "pair"
        case None:
            return None
        case _:
            return "other"


def groups():
    try:
        raise ExceptionGroup("many", [ValueError(1), TypeError(2)])
    except* ValueError as e:
        print("value", e)
    except* TypeError:
        print("type")
    finally:
        print("done")


async def ticker(n):
    for i in range(n):
        yield i
        await asyncio.sleep(0)


async def consume():
    async with asyncio.timeout(1) as t:
        total = [i async for i in ticker(3) if i]
        async for i in ticker(2):
            total.append(await asyncio.sleep(0, result=i))
    return total, t


def delegate():
    result = yield from range(3)
    received = yield result
    return received


def counter():
    count = 0

    def bump(step=1, *, scale=2):
        nonlocal count
        count += step * scale
        return count

    return bump


class Child(Point):
    def norm(self, *args, **kwargs):
        return super().__init__(*args, **kwargs) or (self.x ** 2 + self.y ** 2) ** 0.5


def strings(name, width=10, value=3.14159):
    big = 12345678901234567890123456789012345678901234567890
    frozen = frozenset({1, 2, 3})
    nested = ((1, 2), (3, (4, 5)), "six", b"seven", None, ..., 1j)
    text = f"{name!r:>{width}} {value:.2f} {name!s} {name!a} {value=}"
    chained = 1 < width <= 20 != value
    squares = {k: [j * j for j in range(k) if j % 2] for k in range(5)}
    pick = (lambda a, /, b=2, *c, d, **e: (a, b, c, d, e))(1, d=4)
    if (n := len(text)) > 3 and not chained or squares:
        del squares
    first, *middle, last = "abcdef"
    text += "é∑€"
    return big, frozen, nested, text, pick, n, first, middle, last, big[1:2:3] if 0 else None


def guarded(paths):
    global Point
    with open(paths[0]) as a, open(paths[1]) as b:
        try:
            data = a.read() + b.read()
        except (OSError, ValueError) as error:
            raise RuntimeError("bad") from error
        else:
            assert data, "empty"
        finally:
            paths.clear()
    while paths:
        if paths.pop():
            continue
        break
    else:
        return -1
    return data
