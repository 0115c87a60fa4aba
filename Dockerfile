# The mock (the default target) and the docs in containers, built from this repository:
#   docker build -t hostapi-mock .                  the mock: docker run --rm -p 4010:4010 hostapi-mock [options]
#   docker build --target docs -t hostapi-docs .    the docs: docker run --rm -p 8080:8080 hostapi-docs
# or both with compose.yaml: docker compose up --build. Options after the image name are the
# mock's (hostapi-mock --help); the port is set with -e PORT=<port>, which the health check reads too.
# No container engine runs in CI: apps/mock/test/container.test.ts checks this file, runs its
# entry and health-check commands outside a container, and checks compose.yaml against it.

# The workspace installed and built on Debian, as CI builds it; only plain JavaScript (the mock's
# and the docs server's runtime dependencies, no native code) goes on to the small images below.
FROM node:24-bookworm-slim AS build
ENV TURBO_TELEMETRY_DISABLED=1 DO_NOT_TRACK=1
RUN npm install --global pnpm@12.21.0
WORKDIR /repo
COPY . .
RUN pnpm install --frozen-lockfile --filter "@hostapi/mock..." --filter "@hostapi/docs..."
RUN pnpm exec turbo run bundle build --filter "@hostapi/mock..." --filter "@hostapi/docs..." --output-logs=errors-only
# Each package with its production dependencies only, in a directory of its own.
RUN pnpm --filter @hostapi/mock deploy --prod /out/mock \
 && pnpm --filter @hostapi/docs deploy --prod /out/docs \
 && rm -rf /out/docs/dist && cp -r apps/docs/dist /out/docs/dist

# The docs: the static site and its server (apps/docs/bin/serve.mjs) on port 8080.
FROM node:24-alpine AS docs
ENV NODE_ENV=production
# Owned by root, run as the image's unprivileged `node` user: the server cannot change its files.
COPY --from=build /out/docs /docs
USER node
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT || 8080}/`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["node", "/docs/bin/serve.mjs", "--host", "0.0.0.0"]

# The mock (apps/mock/bin/mock.mjs, which runs its build in dist/) on port 4010, reachable from outside
# the container.
FROM node:24-alpine AS mock
ENV NODE_ENV=production
COPY --from=build /out/mock /app
USER node
EXPOSE 4010
# Healthy once it answers an operation (any key is accepted; in every mode but the proxy it
# answers without calling anything else).
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT || 4010}/1.5/server/list_images.json?apikey=healthcheck`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["node", "/app/bin/mock.mjs", "--host", "0.0.0.0"]
