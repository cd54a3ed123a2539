#!/bin/sh
# `make demo`: writes a small hello-world trace with the CTF writer
# (tests/tools/ctf/ctf-synth) in LTTng's per-user layout and prints it
# with babeltrace2. Later issues replace it with a real recording.
#
#   usage: sh tests/demo.sh BUILD_DIR
set -eu

build=${1:?usage: sh tests/demo.sh BUILD_DIR}
synth="$build/tests/tools/ctf/ctf-synth"
if [ ! -x "$synth" ]; then
	echo "demo: $synth is not built; run make first" >&2
	exit 1
fi

session="demo-$(date +%Y%m%d-%H%M%S)"
root=$(mktemp -d "${TMPDIR:-/tmp}/lttng-demo.XXXXXX")
trace="$root/$session/ust/uid/$(id -u)/64-bit"

"$synth" hello "$trace"
echo "Trace written to $root/$session"
find "$root/$session" -type f | sed "s|^$root/$session/|  |" | sort
echo
babeltrace2 "$root/$session"
