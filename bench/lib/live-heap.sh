# Sourced by bench/report-memory and bench/verify-memory: what a tilemark command kept live at its peak.
# A young collection's "after" figure holds whatever garbage was promoted since the last full one, so the largest of
# those overstates what was live (by 2-3x in these benches); only a full collection's says it. force_full_gcs asks the
# JVM whose command line holds PATTERN for a full collection every PERIOD seconds (jcmd GC.run) until it is killed,
# so the GC log's largest heap after a full collection is the live peak within a period.
force_full_gcs() { # PATTERN [PERIOD (default 10)]
  local pattern=$1 period=${2:-10} pid
  while sleep "$period"; do
    pid=$(pgrep -f -- "$pattern" | head -n 1) || continue
    "$(dirname "$(readlink -f "/proc/$pid/exe")")/jcmd" "$pid" GC.run >/dev/null 2>&1 || true
  done
}

# The largest heap after a full collection in GC_LOG (-Xlog:gc), else after a young one, as words.
live_heap() { # GC_LOG
  local full young
  full=$( (grep 'Pause Full' "$1" 2>/dev/null || true) | grep -o '[0-9]*M->[0-9]*M' | sed 's/.*->//;s/M//' | sort -n | tail -1)
  young=$( (grep -o '[0-9]*M->[0-9]*M' "$1" 2>/dev/null || true) | sed 's/.*->//;s/M//' | sort -n | tail -1)
  if [ -n "$full" ]; then
    echo "$full MB after a full GC"
  else
    echo "${young:-?} MB after a young GC (no full GC)"
  fi
}
