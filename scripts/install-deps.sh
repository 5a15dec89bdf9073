#!/bin/sh
# Install the build and test dependencies that are missing, with apt-get.
# Packages already installed are left alone; nothing is fetched otherwise.
set -eu
pkgs="cmake make gcc pkg-config libyaml-dev libcjson-dev libcmocka-dev python3 python3-yaml valgrind clang clang-tools"
missing=""
for p in $pkgs; do
	if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
		missing="$missing $p"
	fi
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
	if command -v sudo >/dev/null 2>&1; then SUDO=sudo; else
		echo "install-deps: need root to install:$missing" >&2
		exit 1
	fi
else
	SUDO=
fi
echo "install-deps: installing:$missing" >&2
export DEBIAN_FRONTEND=noninteractive
# shellcheck disable=SC2086
$SUDO apt-get install -y --no-install-recommends $missing >/dev/null 2>&1 ||
	{ $SUDO apt-get update >/dev/null && $SUDO apt-get install -y --no-install-recommends $missing >/dev/null; }
