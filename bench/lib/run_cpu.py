#!/usr/bin/env python3
"""CPU of one `tilemark run`'s processes over its measured phases, sampled from /proc every second.

The run's processes are the harness and everything under it (guest JVMs, which it starts) plus every
process working in the checkout (the PostgreSQL servers guests start, which are not their children,
and their backends). Other processes on the machine (another checkout's tests, a build) are left out,
so the figure holds on a busy machine where /proc/stat's (the local platform's cluster CPU) does not.
A process's CPU since its last sample is missed when it exits (at most a second's worth).

Usage: run_cpu.py CONSOLE_LOG CHECKOUT   (returns when the log shows the run's last phase scored)
Prints: the measured window, the run's CPU-seconds and share of all cores, per infrastructure
operation type the CPU it cost in the window (the harness's thread that runs the type's operations, and,
for Deploy, its clones' guests and their PostgreSQL servers), and per role the CPU each guest started
during measurement spent in its first 10 s (a restart by Storage vMotion or XvMotion of a guest that
keeps state, a Deploy's clone).
"""
import collections
import os
import sys
import time

TICKS = os.sysconf("SC_CLK_TCK")
BOOT = next(int(line.split()[1]) for line in open("/proc/stat") if line.startswith("btime"))
FIRST_SECONDS = 10
HARNESS_MAIN = b"org.tilemark.harness.TilemarkApplication"
# The harness runs each type's operations on a thread named infra-b<block>-<type>; Linux keeps 15
# characters of a thread's name, so a name is matched by what is left of it.
OPERATION_TYPES = ("vmotion", "storage-vmotion", "xvmotion", "deploy")


def processes():
    found = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            fields = open(f"/proc/{name}/stat").read().rsplit(")", 1)[1].split()
            cmd = open(f"/proc/{name}/cmdline", "rb").read().split(b"\0")
            found[int(name)] = (int(fields[1]), (int(fields[11]) + int(fields[12])) / TICKS,
                                BOOT + int(fields[19]) / TICKS, cmd)
        except (OSError, IndexError, ValueError):
            pass
    return found


def in_checkout(pid, root):
    try:
        cwd = os.readlink(f"/proc/{pid}/cwd")
    except OSError:
        return False
    return cwd == root or cwd.startswith(root + "/")


def run_processes(found, root):
    roots = {pid for pid, (_, _, _, cmd) in found.items()
             if any(b"tilemark" in part or b"postgres" in part for part in cmd) and in_checkout(pid, root)}
    chosen = set()
    for pid in found:
        walk, depth = pid, 0
        while walk in found and depth < 64:
            if walk in roots:
                chosen.add(pid)
                break
            walk, depth = found[walk][0], depth + 1
    return chosen


def operation_threads(pid):
    """CPU-seconds of the harness's infrastructure threads, by operation type."""
    by_type = collections.Counter()
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return by_type
    for task in tasks:
        try:
            raw = open(f"/proc/{pid}/task/{task}/stat").read()
        except OSError:
            continue
        name = raw[raw.index("(") + 1:raw.rindex(")")]
        if not name.startswith("infra-b"):
            continue
        rest = name.split("-", 2)[2] if name.count("-") >= 2 else ""
        kind = next((t for t in OPERATION_TYPES if rest and t.startswith(rest)), None)
        if kind:
            fields = raw.rsplit(")", 1)[1].split()
            by_type[(kind, task)] = (int(fields[11]) + int(fields[12])) / TICKS
    return by_type


def vm_of(pid, cmd):
    """The VM a run process belongs to: a guest's -Dtilemark.vm, or a database server's directory."""
    vm = guest_vm(cmd)
    if vm:
        return vm
    try:
        cwd = os.readlink(f"/proc/{pid}/cwd")
    except OSError:
        return None
    return next((part for part in cwd.split("/") if part.startswith("deploy-") or part.startswith("tile")), None)


def guest_vm(cmd):
    for part in cmd:
        if part.startswith(b"-Dtilemark.vm="):
            return part[len(b"-Dtilemark.vm="):].decode()
    return None


def role_of(vm):
    """tile1-dvdstore-web2 -> dvdstore-web; deploy-b1-3 -> deploy."""
    if vm.startswith("tile"):
        return vm.split("-", 1)[1].rstrip("0123456789")
    return vm.split("-", 1)[0]


def main(log, root):
    cpu = {}          # pid -> most CPU seen
    vms = {}          # pid -> the VM it belongs to
    threads = {}      # (operation type, thread id) -> most CPU seen
    harness = None
    first = {}        # pid -> (vm, CPU within FIRST_SECONDS of its start)
    marks = {}
    last_scored = None  # "[phase N] score", once the run's banner has said N
    while True:
        found = processes()
        now = time.time()
        for pid in run_processes(found, root):
            _, seconds, started, cmd = found[pid]
            cpu[pid] = max(cpu.get(pid, 0.0), seconds)
            if pid not in vms:
                vms[pid] = vm_of(pid, cmd)
            if harness is None and HARNESS_MAIN in cmd:
                harness = pid
        if harness is not None:
            for key, seconds in operation_threads(harness).items():
                threads[key] = max(threads.get(key, 0.0), seconds)
            vm = guest_vm(cmd)
            if vm and "start" in marks and started >= marks["start"][0] and now - started <= FIRST_SECONDS:
                first[pid] = (vm, seconds)
        try:
            text = open(log).read()
        except OSError:
            text = ""
        if "start" not in marks and "[phase 1/" in text:
            marks["start"] = (now, sum(cpu.values()))
            cpu_at_start, threads_at_start = dict(cpu), dict(threads)
        last_scored = last_scored or last_phase_marker(text)
        if last_scored and last_scored in text:
            marks["end"] = (now, sum(cpu.values()))
            break
        if "Score:" in text or "Infrastructure only" in text or not os.path.exists(log):
            break
        time.sleep(1)
    if "start" not in marks or "end" not in marks:
        print("run-cpu: the run's measured phases were not seen in " + log)
        return
    (begin, cpu_begin), (end, cpu_end) = marks["start"], marks["end"]
    cores = os.cpu_count()
    used = cpu_end - cpu_begin
    print(f"window {end - begin:.0f} s; run processes {used:.1f} CPU-s = {100 * used / (end - begin) / cores:.1f} % of {cores} cores")
    harness_side, guest_side = collections.Counter(), collections.Counter()
    for key, seconds in threads.items():
        harness_side[key[0]] += seconds - threads_at_start.get(key, 0.0)
    for pid, seconds in cpu.items():
        vm = vms.get(pid)
        if vm and role_of(vm) == "deploy":
            guest_side["deploy"] += seconds - cpu_at_start.get(pid, 0.0)
    for kind in OPERATION_TYPES:
        if kind in harness_side or kind in guest_side:
            total = harness_side[kind] + guest_side[kind]
            print(f"operation {kind}: {total:.1f} CPU-s = {100 * total / (end - begin) / cores:.1f} % of {cores} cores"
                  f" (harness thread {harness_side[kind]:.1f}" + (f", its clones' guests and databases {guest_side[kind]:.1f}"
                                                                   if kind == "deploy" else "") + ")")
    by_role = collections.defaultdict(list)
    for vm, seconds in first.values():
        by_role[role_of(vm)].append(seconds)
    for role, starts in sorted(by_role.items()):
        print(f"guest starts {role}: {len(starts)}, {sum(starts) / len(starts):.2f} CPU-s each in their first {FIRST_SECONDS} s")


def last_phase_marker(text):
    """The line that ends the window, from "[measure] warm-up 30s, then 3 phases of 60s" (or "1 phase")."""
    for line in text.splitlines():
        if line.startswith("[measure]") and " phases of " in line:
            return f"[phase {line.split(' phases of ')[0].split()[-1]}] score"
        if line.startswith("[measure]") and " 1 phase " in line:
            return "[phase 1] score"
    return None


if __name__ == "__main__":
    main(sys.argv[1], os.path.realpath(sys.argv[2]))
