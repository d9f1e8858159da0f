#!/bin/sh
# Runs the given command with jemalloc as the C allocator when the system has it (Debian: libjemalloc2), else with
# glibc's malloc held to two arenas. With glibc's default of one arena per thread, the memory password hashing and
# compression borrow on libuv's threads is kept, not reused: a 10-minute soak grew RSS by 58 %; with jemalloc it stays
# within 10 % (docs/operations.md). RECOURS_ALLOCATOR=system keeps the environment as it is.
if [ "${RECOURS_ALLOCATOR:-}" != "system" ] && [ -z "${LD_PRELOAD:-}" ]; then
  for library in /usr/lib/x86_64-linux-gnu/libjemalloc.so.2 /usr/lib/aarch64-linux-gnu/libjemalloc.so.2 /usr/lib/libjemalloc.so.2; do
    if [ -r "$library" ]; then
      LD_PRELOAD="$library"
      export LD_PRELOAD
      break
    fi
  done
  if [ -z "${LD_PRELOAD:-}" ]; then
    MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"
    export MALLOC_ARENA_MAX
  fi
fi
exec "$@"
