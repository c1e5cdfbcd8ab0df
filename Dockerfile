# syntax=docker/dockerfile:1
# Build stage: native build tools live here only.
FROM node:20-bookworm-slim AS build
WORKDIR /app
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build && npm prune --omit=dev

# Runtime stage: the build, production dependencies, public files and translations.
FROM node:20-bookworm-slim
# A heap ceiling the container can count on: with none, V8 sizes the heap from the host's memory
# and on a large host lets garbage grow to several times the live data before collecting.
# Raise it together with the container's memory limit (leave ~200 MB for code and native memory).
ENV NODE_ENV=production \
    NODE_OPTIONS=--max-old-space-size=512 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json ./package.json
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/build ./build
COPY --from=build --chown=node:node /app/public ./public
COPY --from=build --chown=node:node /app/locales ./locales
# The embedded backend's seed content (used when API_URL is not set).
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=3s --start-period=10s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "build/server.js"]
