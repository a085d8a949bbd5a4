#!/usr/bin/env python3
"""Independent computation of the cohort week report (manual: many-journals).

usage: cohort_check.py PARENT_DIR

Reads every journal directly under PARENT_DIR (folders in byte order of their names), each entry's
day being the date its timestamp is written with, and prints the CSV that
`demeter-report week all --journals PARENT_DIR -f csv` gives for journals without goals or config:
per week, one row per person then one row of the cohort. Exact arithmetic (integers of 10^-9 and
fractions), written as the shortest decimal that reads back to the same double, like the tool.
Percentiles: nearest rank (a_k, k = ceil(p*n/100)); median: the middle value or the mean of the two.
"""
import datetime as dt
import json
import unicodedata
import math
import os
import re
import sys
from decimal import Decimal
from fractions import Fraction

DAY_FILE = re.compile(r"^\d{4}-\d{2}-\d{2}\.jsonl$")
NUTRIENTS = ["calories", "protein", "carbohydrates", "fat"]
UNIT = 10**9


def billionths(value):
    return int(Decimal(value) * UNIT)


TABLE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../Sources/BuiltInIngredients/Table")


def fold(name):
    """A food name as names are compared: case folded, accents left out, spaces trimmed."""
    decomposed = unicodedata.normalize("NFKD", name.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c)).strip()


def alcohol_shares():
    """The built-in foods with alcohol: (alcohol, kcal) per 100 g by id, and by folded name or alias
    the id of the one such food that has it."""
    aliases = {}
    with open(os.path.join(TABLE, "aliases.tsv"), encoding="utf-8") as fh:
        for line in fh:
            if line.startswith("#") or "\t" not in line:
                continue
            food, names = line.rstrip("\n").split("\t", 1)
            aliases.setdefault(food, []).extend(n.strip() for n in names.split(","))
    shares, owners = {}, {}
    with open(os.path.join(TABLE, "ingredients.jsonl"), encoding="utf-8") as fh:
        for line in fh:
            food = json.loads(line, parse_float=Decimal, parse_int=Decimal)
            grams = food.get("micronutrientsPer100g", {}).get("alcohol_g", Decimal(0))
            if grams <= 0 or food["caloriesPer100g"] <= 0:
                continue
            shares[food["id"]] = (billionths(grams), billionths(food["caloriesPer100g"]))
            for name in {fold(n) for n in [food["name"]] + food.get("aliases", []) + aliases.get(food["id"], [])}:
                owners.setdefault(name, set()).add(food["id"])
    return shares, {name: ids.pop() for name, ids in owners.items() if len(ids) == 1}


SHARES, FOODS = alcohol_shares()


def energy_inconsistent(entry):
    """Stated kcal more than 25 % and 20 kcal from 4·protein + 4·carbohydrates + 9·fat + 7·alcohol:
    the entry's own alcohol ("alcohol", else its micronutrient alcohol_g), else its matched food's
    share of its kcal, else, matched to nothing, the share of the food with alcohol of its name."""
    calories = billionths(entry["calories"])
    own = entry.get("alcohol", entry.get("micronutrients", {}).get("alcohol_g"))
    if own is not None:
        alcohol = billionths(own)
    else:
        matched = entry.get("matchedIngredientID")
        food = matched if matched is not None else FOODS.get(fold(entry["foodName"]))
        share = SHARES.get(food)
        alcohol = calories * share[0] // share[1] if share else 0
    energy = 4 * billionths(entry["protein"]) + 4 * billionths(entry["carbohydrates"])
    energy += 9 * billionths(entry["fat"]) + 7 * alcohol
    difference = abs(calories - energy)
    return 4 * difference > energy and difference > 20 * UNIT


def read_journal(root):
    """Per local date: [entries, needs_review, sums of NUTRIENTS in billionths...]."""
    days = {}
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(files):
            if not DAY_FILE.match(name):
                continue
            with open(os.path.join(folder, name), "rb") as fh:
                for line in fh:
                    if not line.strip():
                        continue
                    entry = json.loads(line, parse_float=Decimal, parse_int=Decimal)
                    day = days.setdefault(entry["timestamp"][:10], [0, 0] + [0] * len(NUTRIENTS))
                    day[0] += 1
                    if not entry.get("reviewed") and (
                        entry["confidence"] < Decimal("0.5") or energy_inconsistent(entry)
                    ):
                        day[1] += 1
                    for index, key in enumerate(NUTRIENTS):
                        day[2 + index] += billionths(entry[key])
    return days


def shortest(value):
    """The shortest decimal of a Fraction's nearest double, never an exponent, no '.0'."""
    number = float(value)
    if number == int(number) and abs(number) < 1e15:
        return str(int(number))
    text = repr(number)
    assert "e" not in text, text
    return text


def rounded_average(total, days):
    magnitude = (abs(total) + days // 2) // days
    return magnitude if total >= 0 else -magnitude


def main():
    parent = sys.argv[1]
    names = sorted(
        (n for n in os.listdir(parent) if not n.startswith(".") and os.path.isdir(os.path.join(parent, n))),
        key=lambda n: n.encode())
    journals = [(n, read_journal(os.path.join(parent, n))) for n in names]
    dates = [dt.date.fromisoformat(d) for _, days in journals for d in days]
    first = min(dates) - dt.timedelta(days=min(dates).weekday())
    last = max(dates)
    out = ["week,journal,row,people_logging,entries,days_logged,needs_review,"
           + ",".join(f"avg_daily_{n},{n}_median,{n}_p10,{n}_p90" for n in NUTRIENTS)]
    monday = first
    while monday <= last:
        iso_year, iso_week, _ = monday.isocalendar()
        label = "%d-W%02d" % (iso_year, iso_week)
        week = [(monday + dt.timedelta(days=i)).isoformat() for i in range(7)]
        people = []
        for name, days in journals:
            logged = [days[d] for d in week if d in days]
            totals = [sum(day[i] for day in logged) for i in range(2 + len(NUTRIENTS))]
            people.append((name, len(logged), totals))
            cells = [label, name, "person", "1" if logged else "0", str(totals[0]), str(len(logged)),
                     str(totals[1])]
            for index in range(len(NUTRIENTS)):
                average = shortest(Fraction(totals[2 + index], UNIT * len(logged))) if logged else ""
                cells += [average, "", "", ""]
            out.append(",".join(cells))
        logging = [p for p in people if p[1] > 0]
        cells = [label, "(cohort)", "cohort", str(len(logging)), str(sum(p[2][0] for p in people)),
                 str(sum(p[1] for p in people)), str(sum(p[2][1] for p in people))]
        for index in range(len(NUTRIENTS)):
            averages = sorted(Fraction(p[2][2 + index], UNIT * p[1]) for p in logging)
            n = len(averages)
            if n == 0:
                cells += ["", "", "", ""]
                continue
            mean = Fraction(sum(rounded_average(p[2][2 + index], p[1]) for p in logging), UNIT * n)
            median = averages[n // 2] if n % 2 else (averages[n // 2 - 1] + averages[n // 2]) / 2
            rank = lambda percent: averages[max(1, math.ceil(Fraction(percent * n, 100))) - 1]
            cells += [shortest(mean), shortest(median), shortest(rank(10)), shortest(rank(90))]
        out.append(",".join(cells))
        monday += dt.timedelta(days=7)
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
