#!/usr/bin/env bash
# The whole test suite, on a fresh machine too: installs the system tools the tests drive
# (Chromium's headless shell, poppler's pdftoppm/pdffonts, zbarimg, a PostgreSQL server for
# the storage tests, nginx and Caddy for the proxy lines of docs/hall.md, a Hangul font for
# the Korean pages) and the project with its test extras, then runs pytest. Extra arguments
# go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
command -v chromium-headless-shell >/dev/null 2>&1 || missing+=(chromium-headless-shell)
command -v pdftoppm >/dev/null 2>&1 || missing+=(poppler-utils)
command -v zbarimg >/dev/null 2>&1 || missing+=(zbar-tools)
compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || missing+=(postgresql)
[ -x /usr/sbin/nginx ] || command -v nginx >/dev/null 2>&1 || missing+=(nginx)
command -v caddy >/dev/null 2>&1 || missing+=(caddy)
# A Hangul font, so the Korean pages' screenshots show letters rather than boxes.
fc-list :lang=ko 2>/dev/null | grep -q . || missing+=(fonts-nanum)
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing ${missing[*]} from Debian's packages"
  sudo_cmd=""
  [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

python3 -m pip install -q --disable-pip-version-check -e '.[test]'

# Compiled modules are kept: with PYTHONDONTWRITEBYTECODE set, every pytest worker and every
# server a test starts compiles its imports again, and pytest rewrites the asserts of each
# plugin package (schemathesis's 300 modules) at every start.
unset PYTHONDONTWRITEBYTECODE

# One pytest worker per core (pytest-xdist), unless the arguments choose (-n, -p no:xdist).
# Tests marked with one xdist_group run on one worker, so a module's costly setup (a played
# evening of a group) is made once, not once per worker; the others spread as they come.
workers=(-n auto --dist loadgroup)
for arg in "$@"; do
  case "$arg" in
    -n|-n*|--numprocesses*|no:xdist) workers=() ;;
  esac
done
exec python3 -m pytest "${workers[@]}" "$@"
