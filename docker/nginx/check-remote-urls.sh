#!/bin/sh
# Runs before the image renders its template (/docker-entrypoint.d, whose entrypoint stops on a failure).
# nginx writes the remote URLs as they are into the page's JSON, the CSP and its own quoted strings, so a
# quote, `$`, a space or a brace in one would break the page or the config: refuse to start, and say why.
# e2e/nginx-stack.mjs runs it the same way. Usage: check-remote-urls.sh [template]
set -eu
template="${1:-/etc/nginx/templates/default.conf.template}"
# Only the shell's template names the remotes; a template that cannot be read is an error, not a pass.
if ! grep -q 'REMOTE_URL' "$template"; then
  [ -r "$template" ] && exit 0
  echo "embark: cannot read the nginx template $template" >&2
  exit 1
fi
# Bytes, not characters: in a UTF-8 locale a bracket expression skips bytes that are not valid UTF-8.
export LC_ALL=C
for name in EMPLOYEE_REMOTE_URL ADMIN_REMOTE_URL; do
  eval "value=\${$name:-}"
  # The origin (scheme, host, port) goes into the CSP through nginx's map: plain host characters only.
  # A path is a remote served from the shell's own origin (the CSP's 'self').
  if ! printf '%s\n' "$value" | grep -Eiq '^(https?://[A-Za-z0-9.-]+(:[0-9]+)?(/.*)?|/([^/].*)?)$'; then
    # printf, not echo: dash's echo would turn a backslash in the value into an escape.
    printf "embark: %s must be an http:// or https:// URL (host, optional port, path), or a path on the shell's origin (got '%s')\n" "$name" "$value" >&2
    exit 1
  fi
  # grep reads line by line, so a line break has to be found apart (wc counts them).
  if [ "$(printf '%s' "$value" | wc -l)" -ne 0 ] || printf '%s' "$value" | grep -q "[^A-Za-z0-9._~:/?#@!&()*+,;=%-]"; then
    printf "embark: %s may hold only letters, digits and . _ ~ : / ? # @ ! & ( ) * + , ; = %% - (percent-encode anything else) (got '%s')\n" "$name" "$value" >&2
    exit 1
  fi
done
