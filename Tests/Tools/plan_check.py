#!/usr/bin/env python3
"""An independent computation of `demeter-report plan PERIOD` from a journal's files.

    plan_check.py JOURNAL FIRST LAST TODAY REPORT.json

Reads the plan files (plans/*.json), the recipes (recipes/*.json), the ingredients (the journal's
ingredients.jsonl, then the built-in table) and the day files (days counted by the timestamp's own
date), computes planned and eaten kcal, protein, carbohydrates and fat per day and meal with exact
fractions, the adherence figures and the unplanned extras, and compares them with the tool's JSON
report. Prints "ok" and exits 0 when every figure agrees, else prints the differences and exits 1.
None of the tool's code is used.
"""
import glob
import json
import os
import sys
from fractions import Fraction

MEALS = ["breakfast", "lunch", "dinner", "snack"]
KEYS = ["calories", "protein", "carbohydrates", "fat"]
TABLE_KEYS = ["caloriesPer100g", "proteinPer100g", "carbsPer100g", "fatPer100g"]


def exact(text):
    return Fraction(str(text))


def load_ingredients(journal):
    found = {}
    here = os.path.dirname(os.path.abspath(__file__))
    built_in = os.path.join(here, "..", "..", "Sources", "BuiltInIngredients", "Table", "ingredients.jsonl")
    for path in [built_in, os.path.join(journal, "ingredients.jsonl")]:
        if not os.path.exists(path):
            continue
        with open(path, encoding="utf-8") as handle:
            for line in handle:
                if line.strip():
                    record = json.loads(line, parse_float=str, parse_int=str)
                    found[record["id"]] = record  # the journal's own file is read last and wins
    return found


def grams_of(item, ingredients):
    if "grams" in item:
        return exact(item["grams"])
    amount, _, unit = item["portion"].partition(" ")
    record = ingredients[item["ingredient"]]
    for portion in record.get("portions", []):
        if portion["unit"].lower().startswith(unit.lower()):
            return exact(amount) / exact(portion["amount"]) * exact(portion["grams"])
    raise SystemExit("no portion %r of %s" % (item["portion"], item["ingredient"]))


def food_values(item, ingredients, grams):
    if "food" in item:
        return [exact(item["per100g"][key]) * grams / 100 for key in KEYS]
    record = ingredients[item["ingredient"]]
    return [exact(record[key]) * grams / 100 for key in TABLE_KEYS]


def main():
    journal, first, last, today, report_path = sys.argv[1:6]
    ingredients = load_ingredients(journal)
    recipes = {}
    for path in glob.glob(os.path.join(journal, "recipes", "*.json")):
        with open(path, encoding="utf-8") as handle:
            recipe = json.load(handle, parse_float=str, parse_int=str)
        whole = [Fraction(0)] * 4
        for item in recipe["ingredients"]:
            grams = grams_of(item, ingredients)
            whole = [a + b for a, b in zip(whole, food_values(item, ingredients, grams))]
        recipes[recipe["id"]] = [value / exact(recipe["servings"]) for value in whole]

    planned = {}  # (date, meal) -> (items, [4 sums])
    for path in glob.glob(os.path.join(journal, "plans", "*.json")):
        with open(path, encoding="utf-8") as handle:
            plan = json.load(handle, parse_float=str, parse_int=str)
        for date, meals in plan["days"].items():
            if not first <= date <= last:
                continue
            for meal, items in meals.items():
                count, sums = planned.get((date, meal), (0, [Fraction(0)] * 4))
                for item in items:
                    if "recipe" in item:
                        values = [v * exact(item["servings"]) for v in recipes[item["recipe"]]]
                    else:
                        values = food_values(item, ingredients, grams_of(item, ingredients))
                    sums = [a + b for a, b in zip(sums, values)]
                    count += 1
                planned[(date, meal)] = (count, sums)

    eaten = {}
    for path in glob.glob(os.path.join(journal, "**", "*.jsonl"), recursive=True):
        name = os.path.basename(path)
        if name == "ingredients.jsonl":
            continue
        with open(path, encoding="utf-8") as handle:
            for line in handle:
                if not line.strip():
                    continue
                entry = json.loads(line, parse_float=str, parse_int=str)
                date = entry["timestamp"][:10]
                if not first <= date <= last:
                    continue
                key = (date, entry.get("meal"))
                count, sums = eaten.get(key, (0, [Fraction(0)] * 4))
                sums = [a + exact(entry[k]) for a, k in zip(sums, KEYS)]
                eaten[key] = (count + 1, sums)

    with open(report_path, encoding="utf-8") as handle:
        report = json.load(handle)
    tables = {table["id"]: table for table in report["tables"]}
    problems = []

    def check(what, expected, actual):
        if expected != actual:
            problems.append("%s: expected %r, the tool says %r" % (what, expected, actual))

    # Meals: every (day, meal) planned or eaten, in the tool's order.
    keys = set(planned) | set(eaten)
    order = {meal: index for index, meal in enumerate(MEALS)}
    keys = sorted(keys, key=lambda k: (k[0], order.get(k[1], len(MEALS) if k[1] else len(MEALS) + 1), k[1] or ""))
    rows = tables["meals"]["rows"]
    check("meal rows", len(keys), len(rows))
    for key, row in zip(keys, rows):
        cells = [cell["value"] for cell in row["cells"]]
        count, plan_sums = planned.get(key, (0, [Fraction(0)] * 4))
        entries, ate_sums = eaten.get(key, (0, [Fraction(0)] * 4))
        status = "upcoming" if key[0] > today else "extra" if count == 0 else "eaten" if entries else "missed"
        expected = [key[0], key[1] or "unspecified", status, count, entries]
        expected += [float(v) for v in plan_sums] + [float(v) for v in ate_sums]
        check("meal %s %s" % key, expected, [cells[0], cells[1], cells[2]] + [float(c) for c in cells[3:]])

    # Adherence.
    counted = [k for k in planned if k[0] <= today]
    eaten_meals = [k for k in counted if eaten.get(k, (0,))[0] > 0]
    days = sorted({k[0] for k in planned if k[0] <= today})
    within = 0
    for day in days:
        plan_kcal = sum(v[1][0] for k, v in planned.items() if k[0] == day)
        ate_kcal = sum(v[1][0] for k, v in eaten.items() if k[0] == day)
        if plan_kcal > 0 and abs(ate_kcal - plan_kcal) * 10 <= plan_kcal:
            within += 1
    planned_days = len([d for d in days if sum(v[1][0] for k, v in planned.items() if k[0] == d) > 0])
    extras = [k for k in keys if k not in planned and k in eaten]
    summary = {fact["id"]: fact["value"] for fact in report["summary"]}
    check("planned meals", len(counted), summary["planned_meals"])
    check("planned meals eaten", len(eaten_meals), summary["planned_meals_eaten"])
    check("planned days", planned_days, summary["planned_days"])
    check("days within 10 %", within, summary["days_within_10_percent"])
    check("unplanned extras", len(extras), summary["unplanned_extras"])

    if problems:
        print("\n".join(problems))
        sys.exit(1)
    print("ok")


main()
