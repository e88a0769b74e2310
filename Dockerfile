# syntax=docker/dockerfile:1
# Hiram's production image: the built server, web app and back office on Node.js 24 LTS (ADR 0060: supported
# to April 2028; development machines may run Node 20.19 or newer), run as an unprivileged user.
# Build: docker build -t hiram .   Run it with PostgreSQL: docker compose up -d (compose.yaml, docs/deploy.md).

# Everything needed to build: all dependencies, the sources, then the server bundle and the web app.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY apps/ops/package.json apps/ops/
COPY packages/contract/package.json packages/contract/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Only the server's runtime dependencies (no tsx, Vite, Vitest or browser driver).
FROM node:24-bookworm-slim AS runtime-deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY apps/ops/package.json apps/ops/
COPY packages/contract/package.json packages/contract/
COPY e2e/package.json e2e/
RUN npm ci --omit=dev --workspace=@hiram/server --no-audit --no-fund && npm cache clean --force

FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=runtime-deps /app/node_modules node_modules
COPY package.json ./
COPY apps/server/package.json apps/server/
# The contract is bundled into the server; its PSGC table is read at run time through node_modules/@hiram/contract.
COPY packages/contract/package.json packages/contract/
COPY packages/contract/src/psgc.generated.json packages/contract/src/
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
# The web app's renderer of Home (self-contained: none of the web app's packages needed) and its CSS.
COPY --from=build /app/apps/web/dist-server apps/web/dist-server
COPY --from=build /app/apps/ops/dist apps/ops/dist
# The embedded database's directory, used when DATABASE_URL is not set; owned by the user the server runs as.
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node itself is the main process: SIGTERM from `docker stop` reaches the server's graceful stop directly.
CMD ["node", "apps/server/dist/main.js"]
