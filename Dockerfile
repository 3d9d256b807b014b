# syntax=docker/dockerfile:1
# One image, two entry points: the REST app (default) and the MCP tool server.
#   docker build -t shop-quote .
#   docker run -p 3000:3000 -e DATABASE_URL=postgresql://... shop-quote                            # REST
#   docker run -p 3001:3001 -e DATABASE_URL=postgresql://... shop-quote sh scripts/run-app.sh apps/mcp/dist/server.js  # MCP
# Migrations are applied by each process as it starts (see docs/deploy.md).

FROM node:20-bookworm-slim AS base
ENV CI=true \
    TURBO_TELEMETRY_DISABLED=1
RUN npm install -g pnpm@10.34.9 && npm cache clean --force
WORKDIR /app

FROM base AS build
# better-sqlite3 is compiled from source; node-gyp takes the headers shipped with the image's node.
# hadolint ignore=DL3008
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
ENV npm_config_nodedir=/usr/local
# Packages are fetched from the lockfile alone, so this layer is reused until the lockfile changes.
COPY pnpm-lock.yaml pnpm-workspace.yaml ./
RUN --mount=type=cache,id=pnpm-store,target=/pnpm/store \
    pnpm fetch --frozen-lockfile --store-dir /pnpm/store
COPY . .
RUN --mount=type=cache,id=pnpm-store,target=/pnpm/store \
    pnpm install --frozen-lockfile --offline --store-dir /pnpm/store \
 && pnpm build
# Keep production dependencies only (the Prisma CLI, a development tool, goes). Scripts are not run
# again: better-sqlite3 stays built. A max age of 0 removes the dropped packages
# from node_modules/.pnpm at once (they would otherwise linger there for a week).
RUN --mount=type=cache,id=pnpm-store,target=/pnpm/store \
    pnpm install --prod --frozen-lockfile --offline --ignore-scripts --store-dir /pnpm/store \
      --config.modules-cache-max-age=0
# What the processes read at run time, in the repository's layout (the apps find the repository
# root, and with it prisma/ and data/, three folders above their dist/): the start script,
# every package.json, dist/ and node_modules/, the migrations and the REST app's static files.
RUN mkdir -p /out \
 && mkdir -p /out/scripts && cp -a scripts/run-app.sh /out/scripts/ \
 && cp -a package.json node_modules prisma /out/ \
 && for dir in packages/* apps/*; do \
      mkdir -p "/out/$dir" && cp -a "$dir/package.json" "$dir/dist" "/out/$dir/"; \
      if [ -d "$dir/node_modules" ]; then cp -a "$dir/node_modules" "/out/$dir/"; fi; \
    done \
 && cp -a apps/rest/public /out/apps/rest/ \
 && cp -a apps/console/public /out/apps/console/

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    MCP_PORT=3001
WORKDIR /app
# Code stays owned by root (read-only for the app); only data/ (the SQLite default) is writable.
COPY --from=build /out /app
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000 3001
# The REST app's status route; no curl in the slim image, so node asks. The MCP service overrides
# this in compose.yaml (it has no status route; any HTTP answer on /mcp means it is up).
HEALTHCHECK --interval=15s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/v1/status').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Allocator and V8 settings: scripts/run-app.sh, the start script of every deployment (pnpm start,
# deploy:local and the benches run it too); it execs node, which stays PID 1.
CMD ["sh", "scripts/run-app.sh", "apps/rest/dist/server.js"]
