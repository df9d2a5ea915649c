# Flota's image. Builds with BuildKit or the classic builder (DOCKER_BUILDKIT=0), from a registry or a local mirror:
#   docker build --build-arg BASE_IMAGE=mirror.example:5000/node:20-bookworm-slim .
ARG BASE_IMAGE=node:20-bookworm-slim

FROM ${BASE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
# the web app (build/) and the server's entry points compiled to JavaScript (dist/; docs/decisions.md "Image")
RUN npx react-router build && node scripts/build-server.mjs && npm prune --omit=dev --no-audit --no-fund

FROM ${BASE_IMAGE} AS runtime
ENV NODE_ENV=production PORT=3000 FLOTA_DATA_DIR=/data NPM_CONFIG_UPDATE_NOTIFIER=false
WORKDIR /app
# The sources stay beside dist/ for `npm run migrate|backup|restore` (tsx).
# PostgreSQL (the embedded database) refuses to run as root: the image runs as its own user, owner of /data.
RUN groupadd --system flota && useradd --system --gid flota --home /app flota && mkdir -p /data && chown flota:flota /data
COPY --from=build --chown=flota:flota /app/node_modules ./node_modules
COPY --from=build --chown=flota:flota /app/build ./build
COPY --from=build --chown=flota:flota /app/dist ./dist
COPY --chown=flota:flota package.json tsconfig.json ./
COPY --chown=flota:flota server ./server
COPY --chown=flota:flota jobs ./jobs
COPY --chown=flota:flota templates ./templates
COPY --chown=flota:flota locales ./locales
COPY --chown=flota:flota app ./app
USER flota
VOLUME ["/data"]
EXPOSE 3000 5027 5027/udp 5023 5013 5055 5232 5004 5015 5039 5001 5046 5020 5011 5034
HEALTHCHECK --interval=30s --timeout=5s --start-period=120s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"
# a young generation of up to 2 × 128 MB: fewer garbage collections per stored position (docs/performance.md)
CMD ["node", "--max-semi-space-size=128", "dist/start.mjs", "--no-build"]
