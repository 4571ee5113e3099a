# Plotline: one image for the studio/API (the default command) and the transcode workers
# (`node apps/server/dist/worker.js`). See compose.yaml and README ("Docker").

# Build: every dependency, then the studio, the player and the server bundle.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/core/package.json packages/core/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY apps/player/package.json apps/player/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build \
  # Each dist is a symlink to its build (scripts/build.mjs): keep the builds themselves.
  && mkdir -p /out \
  && for app in server web player; do mkdir -p "/out/apps/$app" && cp -rL "apps/$app/dist" "/out/apps/$app/dist"; done

# Run: the server's production dependencies, the built output, and Debian's ffmpeg.
FROM node:24-bookworm-slim
RUN apt-get update \
  && apt-get install -y --no-install-recommends ffmpeg \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 DATA_DIR=/data
COPY package.json package-lock.json ./
COPY packages/core/package.json packages/core/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY apps/player/package.json apps/player/
RUN npm ci --omit=dev --workspace=@plotline/server --no-audit --no-fund && npm cache clean --force
COPY apps/server/content apps/server/content
COPY --from=build /out/apps apps
RUN mkdir /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s \
  CMD node -e "fetch('http://127.0.0.1:' + process.env.PORT + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
CMD ["node", "apps/server/dist/server.js"]
