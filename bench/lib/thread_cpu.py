"""CPU time of a process's threads from /proc, grouped by thread name with the numbers taken out.

  python3 thread_cpu.py snapshot PID FILE     write every thread's name and CPU nanoseconds to FILE
  python3 thread_cpu.py diff FIRST ... LAST   print "group<TAB>CPU seconds" between the first and last snapshot

Each thread's run time comes from /proc/PID/task/TID/schedstat: the scheduler's nanoseconds on a CPU,
exact, for every thread the kernel ran, including the JVM's own (GC, JIT, JFR). The stat file's
utime + stime is not used where schedstat exists: it is in 10 ms units, truncated per thread, so a
thread that runs in bursts of tens of microseconds shows none of its first 10 ms (measured here: 3.22
CPU-s of the endpoints' forwarding threads in schedstat against 1.90 in stat over 20 s). A thread that
ended before LAST counts up to the last snapshot it is in: what it spent after that (at most the gap
between snapshots) is missed, as is all of a thread that lived between two snapshots.
"""
import json, os, re, sys

TICK_NS = 1_000_000_000 // os.sysconf("SC_CLK_TCK")


def run_nanos(task):
    try:
        with open(f"{task}/schedstat") as f:
            return int(f.read().split()[0])
    except (OSError, ValueError, IndexError):
        with open(f"{task}/stat") as f:
            stat = f.read()
        fields = stat[stat.rindex(")") + 2:].split()
        return (int(fields[11]) + int(fields[12])) * TICK_NS  # utime + stime


def snapshot(pid):
    threads = {}
    for tid in os.listdir(f"/proc/{pid}/task"):
        task = f"/proc/{pid}/task/{tid}"
        try:
            with open(f"{task}/comm") as f:
                name = f.read().rstrip("\n")
            threads[tid] = [name, run_nanos(task)]
        except OSError:
            continue  # the thread ended while listing
    return threads


def group(name):
    return re.sub(r"\d+", "N", name)


def load(path):
    """A snapshot's threads in nanoseconds; snapshots written before 2026-11-27 hold bare ticks."""
    taken = json.load(open(path))
    if "threads" in taken:
        return taken["threads"]
    return {tid: [name, ticks * TICK_NS] for tid, (name, ticks) in taken.items()}


if sys.argv[1] == "snapshot":
    with open(sys.argv[3], "w") as f:
        json.dump({"unit": "ns", "threads": snapshot(sys.argv[2])}, f)
else:
    first, *later = (load(p) for p in sys.argv[2:])
    # Thread ids are not reused within a run's few minutes: a thread's last sighting is its end value.
    last_seen = {}
    for taken in later:
        last_seen.update(taken)
    groups = {}
    for tid, (name, nanos) in last_seen.items():
        spent = nanos - (first[tid][1] if tid in first else 0)
        groups[group(name)] = groups.get(group(name), 0) + spent
    for name, nanos in sorted(groups.items(), key=lambda g: -g[1]):
        if nanos:
            print(f"{name}\t{nanos / 1e9:.2f}")
