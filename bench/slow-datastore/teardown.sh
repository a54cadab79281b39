#!/bin/sh
# Undoes setup.sh: lifts the throttle, unmounts both arrays, detaches the loop devices, removes the images.
set -u
DIR=${1:-/tmp/tilemark-arrays}
if [ -f "$DIR/slow.loop" ]; then
    device=$(lsblk -no MAJ:MIN "$(cat "$DIR/slow.loop")" | tr -d ' ')
    [ -f /sys/fs/cgroup/blkio/blkio.throttle.write_iops_device ] \
        && echo "$device 0" > /sys/fs/cgroup/blkio/blkio.throttle.write_iops_device
    [ -f /sys/fs/cgroup/blkio/blkio.throttle.read_iops_device ] \
        && echo "$device 0" > /sys/fs/cgroup/blkio/blkio.throttle.read_iops_device
    [ -f /sys/fs/cgroup/tilemark-slow/io.max ] && echo "$device wiops=max riops=max" > /sys/fs/cgroup/tilemark-slow/io.max
fi
for array in fast slow; do
    mountpoint -q "$DIR/$array" && umount "$DIR/$array"
    [ -f "$DIR/$array.loop" ] && losetup -d "$(cat "$DIR/$array.loop")" && rm -f "$DIR/$array.loop"
    rm -f "$DIR/$array.img"
    rmdir "$DIR/$array" 2>/dev/null
done
rmdir "$DIR" 2>/dev/null
exit 0
