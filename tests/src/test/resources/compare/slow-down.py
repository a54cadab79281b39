#!/usr/bin/env python3
"""Crafts compare/slow from compare/fast: the same runs as if on a slower datastore.

dvdstore throughput x0.85 (so each phase's application score and score x0.85^(1/3), the tile's
geometric mean), every percentile of dvdstore purchase/order x1.85 and olio AddEvent/AddPerson x2.5,
Storage vMotion and XvMotion durations x1.6. Everything else is left as it was, so the fixture pair
differs only where a slow datastore would show. Run from this directory: ./slow-down.py
"""
import json, os, shutil

THROUGHPUT = 0.85
SCORE = THROUGHPUT ** (1 / 3)
LATENCY = {("dvdstore", "purchase"): 1.85, ("dvdstore", "order"): 1.85,
           ("olio", "AddEvent"): 2.5, ("olio", "AddPerson"): 2.5}
DURATION = {"storage-vmotion": 1.6, "xvmotion": 1.6}


def slow_operations(workload, operations):
    for name, stats in operations.items():
        factor = LATENCY.get((workload, name))
        if factor:
            for key in list(stats):
                if key.endswith("Ms"):
                    stats[key] = round(stats[key] * factor, 3)


def slow_workload(entry):
    if entry["workload"] == "dvdstore":
        entry["throughput"] = round(entry["throughput"] * THROUGHPUT, 3)
        if "normalized" in entry:
            entry["normalized"] = round(entry["normalized"] * THROUGHPUT, 3)
    slow_operations(entry["workload"], entry.get("operations", {}))


shutil.rmtree("slow", ignore_errors=True)
for run in sorted(os.listdir("fast")):
    source, target = os.path.join("fast", run), os.path.join("slow", run + "-slow")
    os.makedirs(target)
    shutil.copy(os.path.join(source, "run.json"), target)
    score = json.load(open(os.path.join(source, "score.json")))
    score["runId"] += "-slow"
    for phase in score["phases"]:
        for key in ("score", "application"):
            phase[key] = round(phase[key] * SCORE, 3)
        for tile in phase["tiles"]:
            tile["score"] = round(tile["score"] * SCORE, 3)
            for entry in tile["workloads"]:
                slow_workload(entry)
    json.dump(score, open(os.path.join(target, "score.json"), "w"), indent=2)
    with open(os.path.join(source, "intervals.jsonl")) as lines, open(os.path.join(target, "intervals.jsonl"), "w") as out:
        for line in lines:
            entry = json.loads(line)
            slow_workload(entry)
            out.write(json.dumps(entry) + "\n")
    with open(os.path.join(source, "infra-ops.jsonl")) as lines, open(os.path.join(target, "infra-ops.jsonl"), "w") as out:
        for line in lines:
            op = json.loads(line)
            op["durationMs"] = round(op["durationMs"] * DURATION.get(op["operation"], 1.0), 3)
            out.write(json.dumps(op) + "\n")
