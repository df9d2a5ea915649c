# syntax=docker/dockerfile:1
FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npx react-router build && npm prune --omit=dev --no-audit --no-fund && npm install --no-save tsx

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production PORT=3000 FLOTA_DATA_DIR=/data
WORKDIR /app
RUN groupadd --system flota && useradd --system --gid flota --home /app flota && mkdir -p /data && chown flota:flota /data
COPY --from=build --chown=flota:flota /app/node_modules ./node_modules
COPY --from=build --chown=flota:flota /app/build ./build
COPY --chown=flota:flota package.json tsconfig.json ./
COPY --chown=flota:flota server ./server
COPY --chown=flota:flota jobs ./jobs
COPY --chown=flota:flota templates ./templates
COPY --chown=flota:flota locales ./locales
COPY --chown=flota:flota app ./app
USER flota
EXPOSE 3000 5027 5023 5013 5055
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
CMD ["node_modules/.bin/tsx", "server/cli/start.ts", "--no-build"]
