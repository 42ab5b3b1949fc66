#!/bin/sh
# Runs before the image renders its template (/docker-entrypoint.d, whose entrypoint stops on a failure).
# nginx writes the remote URLs as they are into the page's JSON, the CSP and its own quoted strings, so a
# quote, `$`, a space or a brace in one would break the page or the config: refuse to start, and say why.
# e2e/nginx-stack.mjs runs it the same way. Usage: check-remote-urls.sh [template]
set -eu
template="${1:-/etc/nginx/templates/default.conf.template}"
# Only the shell's template names the remotes.
grep -q 'REMOTE_URL' "$template" || exit 0
for name in EMPLOYEE_REMOTE_URL ADMIN_REMOTE_URL; do
  eval "value=\${$name:-}"
  case "$value" in
    # A path is a remote served from the shell's own origin (the CSP's 'self').
    http://?*|https://?*|/[!/]*) ;;
    *) echo "embark: $name must be an http:// or https:// URL, or a path on the shell's origin (got '$value')" >&2; exit 1 ;;
  esac
  # grep reads line by line, so a line break has to be found apart (wc counts them).
  if [ "$(printf '%s' "$value" | wc -l)" -ne 0 ] || printf '%s' "$value" | grep -q "[^A-Za-z0-9._~:/?#@!&()*+,;=%-]"; then
    echo "embark: $name may hold only a URL's characters, percent-encoded where needed: no quotes, spaces, \$, \\, <, > or braces (got '$value')" >&2
    exit 1
  fi
done
