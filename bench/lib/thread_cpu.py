"""CPU time of a process's threads from /proc, grouped by thread name with the numbers taken out.

  python3 thread_cpu.py snapshot PID FILE     write every thread's name and CPU ticks to FILE
  python3 thread_cpu.py diff BEFORE AFTER     print "group<TAB>CPU seconds" between two snapshots

Exact where JFR samples: every thread the kernel ran, including the JVM's own (GC, JIT, JFR). A thread
that ended between the snapshots is missing from AFTER: its CPU since BEFORE is not counted.
"""
import json, os, re, sys

TICK = os.sysconf("SC_CLK_TCK")


def snapshot(pid):
    threads = {}
    for tid in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{tid}/stat") as f:
                stat = f.read()
        except OSError:
            continue  # the thread ended while listing
        name = stat[stat.index("(") + 1:stat.rindex(")")]
        fields = stat[stat.rindex(")") + 2:].split()
        threads[tid] = [name, int(fields[11]) + int(fields[12])]  # utime + stime
    return threads


def group(name):
    return re.sub(r"\d+", "N", name)


if sys.argv[1] == "snapshot":
    with open(sys.argv[3], "w") as f:
        json.dump(snapshot(sys.argv[2]), f)
else:
    before, after = (json.load(open(p)) for p in sys.argv[2:4])
    groups = {}
    for tid, (name, ticks) in after.items():
        spent = ticks - (before[tid][1] if tid in before else 0)
        groups[group(name)] = groups.get(group(name), 0) + spent
    for name, ticks in sorted(groups.items(), key=lambda g: -g[1]):
        if ticks:
            print(f"{name}\t{ticks / TICK:.2f}")
