# Passage's production image: the release bundle (`npm run release`) and nothing else, run as the
# unprivileged `node` user. Build: docker build -t passage . — see docs/operations.md.

FROM node:20-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run release

FROM node:20-bookworm-slim
# pg_dump and pg_restore, for backups of a PostgreSQL database (npm run db:backup, BACKUP_INTERVAL_HOURS).
RUN apt-get update \
  && apt-get install -y --no-install-recommends postgresql-client \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data \
    BACKUP_DIR=/data/backups
WORKDIR /app
COPY --from=build --chown=node:node /src/release/ ./
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Ready means the database answers and a file can be stored (503 while draining at a stop).
HEALTHCHECK --interval=15s --timeout=5s --start-period=90s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/readyz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The server drains (readiness off), finishes requests and jobs, closes the database and exits.
STOPSIGNAL SIGTERM
CMD ["node", "server.js"]
