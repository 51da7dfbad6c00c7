# Roamly: the PWA and its API in one image (docs/deploy.md).
#   docker build -t roamly .
#   docker run -p 8080:8080 -e DATABASE_URL=postgres://… -e PUBLIC_URL=https://… -e SMTP_URL=… roamly
# A thin wrapper around `npm run release -- DIR`: the build stage writes the
# release tree (built PWA, compiled server, package.json, lockfile, pruned
# production node_modules) and the final stage is that tree and nothing else,
# run as the unprivileged `node` user. tests/build/release-tree-runs-every-command.test.ts
# runs every documented command inside such a tree on PostgreSQL.
# PostgreSQL-only image without the embedded database (27 MB less):
#   docker build --build-arg RELEASE_FLAGS=--without-pglite -t roamly .

FROM node:22-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
ARG RELEASE_FLAGS=
RUN npm run release -- /release $RELEASE_FLAGS

FROM node:22-bookworm-slim
# HOST opens the public port to the container's network; metrics (METRICS_PORT)
# stay on 127.0.0.1 unless METRICS_HOST is set on purpose.
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/app/data
WORKDIR /app
COPY --from=build /release ./
# DATA_DIR: the embedded database and uploads without DATABASE_URL, or the
# signing secret's file; compose.yaml mounts a volume here.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.PORT+'/api/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Plain node (what `npm start` runs in the release): no npm in the process
# tree, so SIGTERM reaches the server and its graceful shutdown.
CMD ["node", "dist-server/index.js"]
