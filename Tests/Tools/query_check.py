#!/usr/bin/env python3
"""An independent evaluator of demeter-report queries (manual: queries), for the differential test.

    query_check.py ENTRIES.jsonl --count N --seed S

ENTRIES.jsonl is `entries all -f jsonl` of a journal: every entry the tool counts, as its line. The
script builds N random queries from every term and operator, evaluates each over those entries with
exact decimals (Python's `decimal`, numbers read from the JSON text) and Python's `re` on folded text
(NFC, lower case), and prints one JSON object a line: {"query": Q, "ids": [ids of the matching
entries, sorted], "totals": {"entries": N, "calories": "…", "protein": "…", "carbohydrates": "…",
"fat": "…", "lowConfidence": N}} (the totals exact decimals as text; low confidence: below 0.5, the
default threshold). The Swift test runs `entries all -f csv --query Q` for each and compares the ids,
and a `day all` or `week all` report of Q for some of them and compares the totals of its rows.

The random patterns keep to what both engines read alike (literals, classes, repeats, groups,
alternation, anchors); `$` is written `\\Z` for Python, whose `$` also matches before a final line end.
"""
import argparse
import json
import random
import re
import sys
import unicodedata
from decimal import Decimal

NUTRIENTS = {  # query name -> entry key
    "kcal": "calories", "calories": "calories", "protein": "protein", "carbohydrates": "carbohydrates",
    "carbs": "carbohydrates", "fat": "fat", "fiber": "fiber", "sugar": "sugar",
}
MICRONUTRIENTS = ["sodium_mg", "potassium_mg", "vitamin_c_mg"]
WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
OPERATORS = ["<", "<=", ">", ">=", "=", ""]
LOW_CONFIDENCE = Decimal("0.5")  # the reports' default threshold: low is strictly below it


def fold(text):
    return unicodedata.normalize("NFC", text).lower()


class Entry:
    def __init__(self, line):
        e = json.loads(line, parse_float=Decimal, parse_int=Decimal)
        self.id = e["id"]
        self.food = e["foodName"]
        self.desc = e["rawDescription"]
        self.note = e.get("note")
        self.meal = e.get("meal")
        self.tags = e.get("tags") or []
        self.ingredient = e.get("matchedIngredientID")
        self.confidence = e["confidence"]
        self.nutrients = {key: e.get(key) or Decimal(0) for key in set(NUTRIENTS.values())}
        self.micronutrients = e.get("micronutrients") or {}
        stamp = e["timestamp"]
        # The entry's own date and time, as written (the tool counts days in each entry's offset).
        year, month, day = int(stamp[0:4]), int(stamp[5:7]), int(stamp[8:10])
        import datetime
        self.weekday = datetime.date(year, month, day).isoweekday()
        self.second = int(stamp[11:13]) * 3600 + int(stamp[14:16]) * 60 + int(stamp[17:19])


def compare(op, amount, value):
    return {"<": amount < value, "<=": amount <= value, ">": amount > value, ">=": amount >= value,
            "=": amount == value, "": amount == value}[op]


class Term:
    """A term: its query text and a predicate on an Entry."""

    def __init__(self, text, predicate):
        self.text = text
        self.predicate = predicate


def quoted(value):
    return '"' + value.replace('"', '\\"') + '"'


def extends(c):
    """Whether `c` belongs to the character (grapheme) before it: a mark, a joiner, a variation
    selector or a skin tone. The tool matches a character at a time, Python a code point."""
    return unicodedata.category(c) in ("Mn", "Me", "Cf") or 0xFE00 <= ord(c) <= 0xFE0F \
        or 0x1F3FB <= ord(c) <= 0x1F3FF


def piece(rng, text, longest):
    """A random run of whole characters of `text` (folded), without quotes, backslashes or line ends."""
    start = rng.randrange(len(text))
    while start > 0 and extends(text[start]):
        start -= 1
    end = min(len(text), start + rng.randint(1, longest))
    while end < len(text) and (extends(text[end]) or text[end - 1] == "\u200d"):
        end += 1
    run = text[start:end]
    return run if run and not any(c in run for c in '"\\\n\t\r') else "a"


def pattern(rng, samples, rich):
    """A random pattern from the sample texts: (query form, Python form). Only `rich` patterns (for
    food names: no marks or emoji) use classes and `.`, which count characters."""
    literal = re.escape(piece(rng, fold(rng.choice(samples)), 5))
    kind = rng.choice(range(9) if rich else [0, 1, 2, 6, 7, 8])
    if kind == 0:
        return "^" + literal, "^" + literal
    if kind == 1:
        return literal + "$", literal + r"\Z"
    if kind == 2:
        other = re.escape(piece(rng, fold(rng.choice(samples)), 3))
        return "(" + literal + "|" + other + ")", "(" + literal + "|" + other + ")"
    if kind == 3:
        form = "[" + rng.choice(["a-e", "m-z", "0-9", "aeiou", "^a-z ", "r-t"]) + "]" \
            + rng.choice(["", "+", "{2}", "{1,3}", "*"])
    elif kind == 4:
        form = rng.choice("abcdefghilmnoprstu") + rng.choice([".", ".*", ".?", ".{2}"]) + rng.choice("enas")
    elif kind == 5:
        form = rng.choice([r"\d", r"\d+", r"\s\d", r"\w+ \w+", r"^\w+$", r"\d\.\d", r"[\w]{3} "])
    elif kind == 6:
        form = "(?:" + literal + ")" + rng.choice(["?", "+", "{1,2}", "*?"])
    elif kind == 7:
        form = literal.upper() if literal.isalpha() and literal.isascii() else literal
    else:
        form = literal
    return form, form


def term(rng, entries):
    e = rng.choice(entries)
    kind = rng.randrange(16)
    if kind <= 2:
        field, attribute = [("food", "food"), ("desc", "desc"), ("note", "note")][kind]
        samples = [getattr(x, attribute) for x in entries if getattr(x, attribute)]
        swift, py = pattern(rng, samples, rich=field == "food")
        compiled = re.compile(py, re.IGNORECASE)
        return Term(f"{field}:{quoted(swift)}",
                    lambda x, a=attribute, c=compiled: getattr(x, a) is not None and c.search(fold(getattr(x, a))) is not None)
    if kind == 3:
        names = rng.sample(["breakfast", "lunch", "dinner", "snack", "Dinner"], rng.randint(1, 2))
        folded = {fold(n) for n in names}
        return Term("meal:" + ",".join(names), lambda x: x.meal is not None and fold(x.meal) in folded)
    if kind == 4:
        tags = sorted({t for x in entries for t in x.tags}) or ["none"]
        tag = rng.choice(tags)
        if rng.random() < 0.2:
            tag = tag.upper()
        return Term("tag:" + quoted(tag), lambda x, t=fold(tag): any(fold(y) == t for y in x.tags))
    if kind == 5:
        ids = sorted({x.ingredient for x in entries if x.ingredient})
        ingredient = rng.choice(ids)
        return Term("ingredient:" + ingredient, lambda x, i=fold(ingredient): x.ingredient is not None and fold(x.ingredient) == i)
    if kind == 6:
        yes = rng.random() < 0.5
        return Term("matched:" + ("yes" if yes else "no"), lambda x, y=yes: (x.ingredient is not None) == y)
    if kind == 7:
        op = rng.choice(OPERATORS)
        value = rng.choice([Decimal("0.6"), Decimal("0.5"), Decimal("1"), Decimal("0.85"), e.confidence])
        return Term(f"conf:{op}{value}", lambda x, o=op, v=value: compare(o, x.confidence, v))
    if kind in (8, 9):
        name = rng.choice(sorted(NUTRIENTS))
        op = rng.choice(OPERATORS)
        value = rng.choice([e.nutrients[NUTRIENTS[name]], Decimal(rng.randint(0, 60)), Decimal("12.5")])
        return Term(f"{name}:{op}{value}", lambda x, k=NUTRIENTS[name], o=op, v=value: compare(o, x.nutrients[k], v))
    if kind == 10:
        name = rng.choice(MICRONUTRIENTS)
        op = rng.choice(OPERATORS[:4])
        value = Decimal(rng.choice([0, 100, 500, 1000]))
        return Term(f"{name}:{op}{value}",
                    lambda x, n=name, o=op, v=value: compare(o, x.micronutrients.get(n, Decimal(0)), v))
    if kind == 11:
        word = rng.choice(["weekend", "weekdays"])
        days = {6, 7} if word == "weekend" else {1, 2, 3, 4, 5}
        return Term(word, lambda x, d=days: x.weekday in d)
    if kind == 12:
        days = rng.sample(range(1, 8), rng.randint(1, 3))
        names = [rng.choice([WEEKDAYS[d - 1], WEEKDAYS[d - 1].capitalize()]) for d in days]
        return Term("weekday:" + ",".join(names), lambda x, d=set(days): x.weekday in d)
    if kind == 13:
        first, last = rng.randrange(24 * 60), rng.randrange(24 * 60)
        text = "time:%02d:%02d-%02d:%02d" % (first // 60, first % 60, last // 60, last % 60)
        lo, hi = first * 60, last * 60 + 59
        return Term(text, lambda x, lo=lo, hi=hi: lo <= x.second <= hi if lo <= hi else x.second >= lo or x.second <= hi)
    if kind == 14:
        prefix = e.id[:rng.randint(1, 3)]
        if rng.random() < 0.3:
            prefix = prefix.upper()
        return Term("id:" + prefix, lambda x, p=prefix.lower(): x.id.lower().startswith(p))
    op = rng.choice(OPERATORS)
    value = e.nutrients["calories"]
    return Term(f"kcal:{op}{value}", lambda x, o=op, v=value: compare(o, x.nutrients["calories"], v))


def query(rng, entries, depth=0):
    """A random query: (text, predicate); every operator appears."""
    kind = 0 if depth >= 3 else rng.randrange(7)
    if kind <= 1:
        t = term(rng, entries)
        return t.text, t.predicate
    if kind == 6:
        return precedence(rng, entries)
    a, pa = query(rng, entries, depth + 1)
    if kind == 2:
        b, pb = query(rng, entries, depth + 1)
        return f"({a} or {b})", lambda x: pa(x) or pb(x)
    if kind == 3:
        b, pb = query(rng, entries, depth + 1)
        joiner = rng.choice([" ", " and ", " AND "])
        return f"({a}{joiner}{b})", lambda x: pa(x) and pb(x)
    # A term or a group (every other form is in parentheses) negated.
    if kind == 4:
        return f"not:{a}", lambda x: not pa(x)
    return f"-{a}", lambda x: not pa(x)


def precedence(rng, entries):
    """Three terms without inner parentheses: AND (side by side) binds tighter than or."""
    t1, t2, t3 = term(rng, entries), term(rng, entries), term(rng, entries)
    if rng.random() < 0.5:
        return f"({t1.text} {t2.text} OR {t3.text})", lambda x: (t1.predicate(x) and t2.predicate(x)) or t3.predicate(x)
    return f"({t1.text} or {t2.text} {t3.text})", lambda x: t1.predicate(x) or (t2.predicate(x) and t3.predicate(x))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("entries")
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=45)
    args = parser.parse_args()
    with open(args.entries, encoding="utf-8") as file:
        entries = [Entry(line) for line in file if line.strip()]
    if not entries:
        sys.exit("no entries")
    rng = random.Random(args.seed)
    for _ in range(args.count):
        text, predicate = query(rng, entries)
        matched = [x for x in entries if predicate(x)]
        totals = {"entries": len(matched)}
        for key in ("calories", "protein", "carbohydrates", "fat"):
            totals[key] = str(sum((x.nutrients[key] for x in matched), Decimal(0)))
        totals["lowConfidence"] = sum(1 for x in matched if x.confidence < LOW_CONFIDENCE)
        print(json.dumps({"query": text, "ids": sorted(x.id for x in matched), "totals": totals}, ensure_ascii=False))


if __name__ == "__main__":
    main()
