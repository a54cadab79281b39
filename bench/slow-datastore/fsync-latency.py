#!/usr/bin/env python3
"""Mean latency of an 8 KiB write + fsync in each directory given: shows the throttle works."""
import os, sys, time
for directory in sys.argv[1:]:
    path = os.path.join(directory, ".fsync-probe")
    fd = os.open(path, os.O_CREAT | os.O_WRONLY)
    start = time.time()
    for _ in range(50):
        os.write(fd, b"x" * 8192)
        os.fsync(fd)
    os.close(fd)
    os.unlink(path)
    print(f"{directory}: {(time.time() - start) / 50 * 1000:.1f} ms per 8 KiB write + fsync")
