#!/usr/bin/env python3
"""Deterministic generator of Cronometer "Food & Recipe Entries" exports (servings.csv), for measuring
`demeter-report import --from cronometer` on large exports (manual: performance).

The columns are those `Sources/DemeterCore/Import/CronometerImport.swift` reads (Day, Time, Group,
Food Name, Amount, energy, macronutrients, a few minerals and vitamins) plus ones it leaves out
(Net Carbs, Category), in Cronometer's header spelling, with a BOM. Times are written both ways
Cronometer does (08:10 and 3:30 PM) and some rows have none; food names hold commas and quotes.
Same arguments, same bytes.

Usage:
  gen_cronometer.py --rows N [--per-day M] [--start YYYY-MM-DD] [--seed S] > servings.csv
"""
import argparse
import datetime as dt
import random
import sys

FOODS = [
    ("Oats, Rolled, Dry", "cup", 303.6, 10.5, 54.8, 5.2, "Breakfast Cereals"),
    ('Milk, 2%', "ml", 0.51, 0.033, 0.049, 0.02, "Dairy and Egg Products"),
    ('Lasagna, "Family" Tray', "tray", 1234.5, 68.3, 118.2, 52.1, "Meals"),
    ("Apple", "medium", 94.6, 0.5, 25.1, 0.3, "Fruits"),
    ("Coffee, Brewed", "cup", 2.4, 0.3, 0.0, 0.05, "Beverages"),
    ("Bread, Whole Wheat", "slice", 81.0, 4.0, 13.8, 1.1, "Baked Products"),
    ("Egg, Whole, Boiled", "large", 77.5, 6.3, 0.6, 5.3, "Dairy and Egg Products"),
    ("Chicken Breast, Roasted", "g", 1.65, 0.31, 0.0, 0.036, "Poultry Products"),
    ("Rice, White, Cooked", "cup", 205.4, 4.3, 44.5, 0.4, "Cereal Grains and Pasta"),
    ("Banana", "medium", 105.0, 1.3, 27.0, 0.4, "Fruits"),
    ("Crème Brûlée", "serving", 341.0, 5.1, 29.9, 22.6, "Sweets"),
    ("Almonds", "oz", 164.0, 6.0, 6.1, 14.2, "Nut and Seed Products"),
]
GROUPS = [("Breakfast", 8), ("Lunch", 12), ("Dinner", 19), ("Snacks", 15), ("Late Bites", 22)]
HEADER = [
    "Day", "Time", "Group", "Food Name", "Amount", "Energy (kcal)", "Alcohol (g)", "Caffeine (mg)",
    "Vitamin C (mg)", "Calcium (mg)", "Iron (mg)", "Potassium (mg)", "Sodium (mg)", "Carbs (g)",
    "Fiber (g)", "Sugars (g)", "Net Carbs (g)", "Fat (g)", "Saturated (g)", "Protein (g)", "Category",
]


def field(text):
    return '"' + text.replace('"', '""') + '"' if any(c in text for c in ',"\n') else text


def number(value, decimals=1):
    return f"{value:.{decimals}f}"


def time_text(rng, hour):
    minute = rng.randrange(60)
    if rng.random() < 0.1:
        return ""
    if rng.random() < 0.5:
        return f"{hour:02d}:{minute:02d}"
    twelve = hour % 12 or 12
    return f"{twelve}:{minute:02d} {'AM' if hour < 12 else 'PM'}"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rows", type=int, required=True)
    parser.add_argument("--per-day", type=int, default=25)
    parser.add_argument("--start", default="1926-01-01")
    parser.add_argument("--seed", type=int, default=44)
    arguments = parser.parse_args()
    rng = random.Random(arguments.seed)
    out = sys.stdout
    out.write("\ufeff" + ",".join(HEADER) + "\n")
    day = dt.date.fromisoformat(arguments.start)
    for row in range(arguments.rows):
        if row and row % arguments.per_day == 0:
            day += dt.timedelta(days=1)
        name, unit, kcal, protein, carbs, fat, category = rng.choice(FOODS)
        group, hour = rng.choice(GROUPS)
        amount = rng.choice([0.5, 1.0, 1.5, 2.0, 3.0]) if unit not in ("g", "ml") else float(rng.randrange(50, 400))
        factor = amount
        fiber = carbs * factor * 0.1
        values = [
            number(kcal * factor), "0", number(rng.choice([0, 0, 95]), 0), number(rng.random() * 20),
            number(rng.random() * 300, 0), number(rng.random() * 4), number(rng.random() * 600, 0),
            number(rng.random() * 900, 0), number(carbs * factor), number(fiber),
            number(carbs * factor * 0.3), number(carbs * factor - fiber), number(fat * factor),
            number(fat * factor * 0.3), number(protein * factor),
        ]
        cells = [
            day.isoformat(), time_text(rng, hour), group, field(name), f"{amount:.2f} {unit}",
            *values, field(category),
        ]
        out.write(",".join(cells) + "\n")


if __name__ == "__main__":
    main()
