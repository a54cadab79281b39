#!/bin/sh
# Two loop-mounted ext4 "arrays" for `tilemark compare`: DIR/fast and DIR/slow, identical but for
# block-layer write and read limits on the slow one's loop device (cgroup blkio throttle), so PostgreSQL's
# fsync'd commits, its reads past the VM's memory, template copies and Storage vMotions on it are slower.
# 100 read IOPS is about one 7,200-rpm disk's random reads. Needs root.
#   bench/slow-datastore/setup.sh [DIR] [WRITE_IOPS] [SIZE] [READ_IOPS]  (defaults: /tmp/tilemark-arrays 40 4G 100; READ_IOPS 0: no read limit)
#   bench/slow-datastore/teardown.sh [DIR]
set -eu
DIR=${1:-/tmp/tilemark-arrays}
IOPS=${2:-40}
SIZE=${3:-4G}
READ_IOPS=${4:-100}

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
    if [ "$READ_IOPS" -gt 0 ]; then
        echo "$device $READ_IOPS" > /sys/fs/cgroup/blkio/blkio.throttle.read_iops_device
    fi
    echo "slow array: $IOPS write IOPS, ${READ_IOPS} read IOPS (0: unlimited) on $device (cgroup v1 blkio, all processes)"
elif [ -f /sys/fs/cgroup/cgroup.controllers ] && grep -qw io /sys/fs/cgroup/cgroup.controllers; then
    # cgroup v2: io.max exists only below the root; run tilemark from a shell in this group.
    echo +io > /sys/fs/cgroup/cgroup.subtree_control 2>/dev/null || true
    mkdir -p /sys/fs/cgroup/tilemark-slow
    if [ "$READ_IOPS" -gt 0 ]; then
        echo "$device wiops=$IOPS riops=$READ_IOPS" > /sys/fs/cgroup/tilemark-slow/io.max
    else
        echo "$device wiops=$IOPS" > /sys/fs/cgroup/tilemark-slow/io.max
    fi
    echo "slow array: $IOPS write IOPS, ${READ_IOPS} read IOPS (0: unlimited) on $device for processes in /sys/fs/cgroup/tilemark-slow;"
    echo "run: echo \$\$ > /sys/fs/cgroup/tilemark-slow/cgroup.procs   (in the shell that runs tilemark)"
else
    echo "no blkio/io cgroup controller: the slow array is not throttled" >&2
    exit 1
fi
echo "A: -a cluster.local.datastores.app=$DIR/fast/app -a cluster.local.datastores.maintenance=$DIR/fast/maintenance"
echo "B: -b cluster.local.datastores.app=$DIR/slow/app -b cluster.local.datastores.maintenance=$DIR/slow/maintenance"
