# Roamly: the PWA and its API in one image (docs/deploy.md).
#   docker build -t roamly .
#   docker run -p 8080:8080 -e DATABASE_URL=postgres://… -e PUBLIC_URL=https://… roamly
# Stage 1 builds with every dependency; the final image gets only the runtime
# dependencies (`npm ci --omit=dev`), the built PWA (dist/) and the compiled
# server (dist-server/), and runs as the unprivileged `node` user.

FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:22-bookworm-slim AS runtime-deps
WORKDIR /app
COPY package.json package-lock.json ./
# The pure-JavaScript libraries are bundled into dist-server/vendor by the build.
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

FROM node:22-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/app/data
WORKDIR /app
COPY --from=runtime-deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/dist-server ./dist-server
COPY package.json ./
# DATA_DIR is only used without DATABASE_URL (embedded database, uploads on disk).
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.PORT+'/api/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Plain node: no npm, no tsx in the process tree, so SIGTERM reaches the server
# and its graceful shutdown.
CMD ["node", "dist-server/server/index.js"]
