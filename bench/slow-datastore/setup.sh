#!/bin/sh
# Two loop-mounted ext4 "arrays" for `tilemark compare`: DIR/fast and DIR/slow, identical but for a
# block-layer write limit on the slow one's loop device (cgroup blkio throttle), so PostgreSQL's
# fsync'd commits, template copies and Storage vMotions on it are slower. Needs root.
#   bench/slow-datastore/setup.sh [DIR] [WRITE_IOPS] [SIZE]      (defaults: /tmp/tilemark-arrays 40 4G)
#   bench/slow-datastore/teardown.sh [DIR]
set -eu
DIR=${1:-/tmp/tilemark-arrays}
IOPS=${2:-40}
SIZE=${3:-4G}

mkdir -p "$DIR"
for array in fast slow; do
    mkdir -p "$DIR/$array"
    if mountpoint -q "$DIR/$array"; then
        echo "$DIR/$array is already mounted"
        continue
    fi
    truncate -s "$SIZE" "$DIR/$array.img"
    loop=$(losetup -f --show "$DIR/$array.img")
    mkfs.ext4 -q -F "$loop"
    mount "$loop" "$DIR/$array"
    mkdir -p "$DIR/$array/app" "$DIR/$array/maintenance"
    echo "$loop" > "$DIR/$array.loop"
done

device=$(lsblk -no MAJ:MIN "$(cat "$DIR/slow.loop")" | tr -d ' ')
if [ -f /sys/fs/cgroup/blkio/blkio.throttle.write_iops_device ]; then
    # cgroup v1: the root group's limit applies to every process writing to this one device.
    echo "$device $IOPS" > /sys/fs/cgroup/blkio/blkio.throttle.write_iops_device
    echo "slow array: $IOPS write IOPS on $device (cgroup v1 blkio, all processes)"
elif [ -f /sys/fs/cgroup/cgroup.controllers ] && grep -qw io /sys/fs/cgroup/cgroup.controllers; then
    # cgroup v2: io.max exists only below the root; run tilemark from a shell in this group.
    echo +io > /sys/fs/cgroup/cgroup.subtree_control 2>/dev/null || true
    mkdir -p /sys/fs/cgroup/tilemark-slow
    echo "$device wiops=$IOPS" > /sys/fs/cgroup/tilemark-slow/io.max
    echo "slow array: $IOPS write IOPS on $device for processes in /sys/fs/cgroup/tilemark-slow;"
    echo "run: echo \$\$ > /sys/fs/cgroup/tilemark-slow/cgroup.procs   (in the shell that runs tilemark)"
else
    echo "no blkio/io cgroup controller: the slow array is not throttled" >&2
    exit 1
fi
echo "A: -a cluster.local.datastores.app=$DIR/fast/app -a cluster.local.datastores.maintenance=$DIR/fast/maintenance"
echo "B: -b cluster.local.datastores.app=$DIR/slow/app -b cluster.local.datastores.maintenance=$DIR/slow/maintenance"
