#!/usr/bin/env bash
# Installs the pgvector extension into this machine's PostgreSQL when it lacks it.
#
# Why from source: Debian 12 (bookworm) packages no pgvector for its PostgreSQL 15, and the
# machines here reach only the npm registry and Debian's archive. Debian 13's source package of
# pgvector is in that archive, so its upstream tarball is built here against the installed server
# with PGXS (the extension's own build). The server then finds `vector` in pg_available_extensions
# and 拾念 compares vectors in SQL (server/src/db/pgvector.ts); without it the
# int8 path in the server process is used, so a failure here is not fatal to the app.
#
# Idempotent and quick when done: exits at once when the extension is already available.
set -euo pipefail

VERSION=0.8.0
TARBALL="pgvector_${VERSION}.orig.tar.gz"
URL="http://deb.debian.org/debian/pool/main/p/pgvector/${TARBALL}"
SHA256=867a2c328d4928a5a9d6f052cd3bc78c7d60228a9b914ad32aa3db88e9de27b0

major=$(ls /usr/lib/postgresql 2>/dev/null | sort -n | tail -1)
if [ -z "$major" ]; then
  echo "install-pgvector: no PostgreSQL server installed here; nothing to do" >&2
  exit 0
fi
sharedir="/usr/share/postgresql/${major}/extension"
if [ -f "${sharedir}/vector.control" ]; then
  exit 0
fi

echo "install-pgvector: building pgvector ${VERSION} for PostgreSQL ${major} …"
if ! dpkg -s "postgresql-server-dev-${major}" >/dev/null 2>&1 || ! command -v make >/dev/null ||
  ! command -v gcc >/dev/null || ! command -v curl >/dev/null; then
  # the headers and PGXS (they pull in clang and LLVM, ~30 s to install here; with_llvm=no below)
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    "postgresql-server-dev-${major}" build-essential curl ca-certificates >/dev/null
fi
# that server's own pg_config, not whichever version's comes first on PATH
pg_config_bin="/usr/lib/postgresql/${major}/bin/pg_config"
[ -x "$pg_config_bin" ] || pg_config_bin=$(command -v pg_config || echo pg_config)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
curl -fsS --retry 3 --max-time 120 -o "$work/$TARBALL" "$URL"
echo "${SHA256}  $work/$TARBALL" | sha256sum -c --quiet -
tar -xzf "$work/$TARBALL" -C "$work"
src=$(find "$work" -maxdepth 1 -mindepth 1 -type d | head -1)
# with_llvm=no: no JIT bitcode (needs clang, saves most of the build); OPTFLAGS="": portable
# code rather than -march=native, as the build machine need not be the one that runs it.
make -C "$src" -s -j"$(nproc)" PG_CONFIG="$pg_config_bin" with_llvm=no OPTFLAGS=""
make -C "$src" -s install PG_CONFIG="$pg_config_bin" with_llvm=no OPTFLAGS=""
echo "install-pgvector: done (${sharedir}/vector.control)"
