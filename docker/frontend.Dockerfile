# syntax=docker/dockerfile:1
# One image per front-end bundle (APP = shell | employee-mfe | admin-mfe), each deployed on its own.
# Build context: the repository root.
FROM node:22.22-bookworm-slim AS build
ARG APP
WORKDIR /app
COPY package.json package-lock.json tsconfig.base.json schema.graphql ./
COPY scripts/codegen/ scripts/codegen/
COPY scripts/lib/security-headers.mjs scripts/lib/
COPY gateway/package.json gateway/
COPY shared-ui/package.json shared-ui/
COPY shell/package.json shell/
COPY employee-mfe/package.json employee-mfe/
COPY admin-mfe/package.json admin-mfe/
COPY e2e/package.json e2e/
RUN npm ci --workspace "@embark/${APP}" --workspace @embark/shared-ui --include-workspace-root --ignore-scripts --no-audit --no-fund
COPY shared-ui/ shared-ui/
COPY ${APP}/ ${APP}/
RUN npm run codegen --workspace "@embark/${APP}" && npm run build --workspace "@embark/${APP}"
# The security headers every location includes, with the hashes of this build's inline scripts and styles.
RUN node scripts/lib/security-headers.mjs nginx "${APP}" "${APP}/dist" > security-headers.conf

# nginx-unprivileged runs as a non-root user and listens on 8080. 1.30 is nginx's current stable branch
# (docs/decisions.md, "Runtimes"); the minor pins the branch, and its patch releases come with rebuilds.
FROM nginxinc/nginx-unprivileged:1.30-alpine AS runtime
ARG APP
COPY --from=build /app/${APP}/dist /usr/share/nginx/html
# The official entrypoint renders templates with envsubst at start: runtime config and upstreams come from env.
COPY docker/nginx/${APP}.conf.template /etc/nginx/templates/default.conf.template
# Before the entrypoint's envsubst (20-…): the shell refuses remote URLs it could not write safely.
COPY --chmod=755 docker/nginx/check-remote-urls.sh /docker-entrypoint.d/19-embark-check-remote-urls.sh
COPY --from=build /app/security-headers.conf /etc/nginx/snippets/embark-security-headers.conf
EXPOSE 8080
