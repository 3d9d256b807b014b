#!/bin/sh
# Runs node with the V8 and allocator settings of every deployment: the image's CMD, compose, `pnpm
# start`, `pnpm deploy:local` and the benches all start the apps through this file, e.g.
#   scripts/run-app.sh apps/rest/dist/server.js
# Its arguments are node's (flags, then the entry file); NODE names another node binary. The figures
# behind each setting are in BENCHMARKS.md ("Start settings") and docs/deploy.md says why.

# glibc's malloc gives each allocating thread an arena of its own (up to 8 per core) and keeps what
# each touched; two are enough for one event loop and its helpers.
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"

# V8's old generation grows to 1.5 times the heap that survived the last full collection before the
# next one (its own factor reaches 4 under steady allocation, which took the REST app past 200 MB).
# The young generation keeps V8's default size: a smaller one (the 4 MB once used here) collects a
# request's garbage more often and cost about a quarter of POST /quotes' throughput.
exec "${NODE:-node}" --heap-growing-percent=50 "$@"
