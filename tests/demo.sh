#!/bin/sh
# `make demo`: the documentation's quick start "Record user application
# events" with the real daemons: ./hello waits for Enter, lttng-sessiond
# starts (and spawns lttng-consumerd), lttng list --userspace shows the
# tracepoint, then create, enable-event, start, Enter, destroy, and
# babeltrace2 prints the events. Everything runs in a temporary
# LTTNG_HOME (and LTTNG_RUNDIR for root), so no running daemon is touched.
#
#   usage: sh tests/demo.sh BUILD_DIR
set -eu

build=$(cd "${1:?usage: sh tests/demo.sh BUILD_DIR}" && pwd)
hello="$build/tests/unit/ust/ust-hello-c"
for f in "$hello" "$build/src/bin/lttng/lttng" \
	"$build/src/bin/lttng-sessiond/lttng-sessiond" \
	"$build/src/bin/lttng-consumerd/lttng-consumerd"; do
	if [ ! -x "$f" ]; then
		echo "demo: $f is not built; run make first" >&2
		exit 1
	fi
done

root=$(mktemp -d "${TMPDIR:-/tmp}/lttng-demo.XXXXXX")
export LTTNG_HOME="$root" HOME="$root" LTTNG_RUNDIR="$root/run"
export LD_LIBRARY_PATH="$build/src/lib/lttng-ust"
PATH="$build/src/bin/lttng:$build/src/bin/lttng-sessiond:$PATH"
cleanup() {
	[ -f "$root/run/lttng-sessiond.pid" ] &&
		kill "$(cat "$root/run/lttng-sessiond.pid")" 2>/dev/null
	[ -f "$root/.lttng/lttng-sessiond.pid" ] &&
		kill "$(cat "$root/.lttng/lttng-sessiond.pid")" 2>/dev/null
	true
}
trap cleanup EXIT

cd "$root"
cp "$hello" ./hello
mkfifo enter
echo '$ ./hello world and beyond'
./hello world and beyond <enter &
app=$!
exec 3>enter
sleep 0.2
echo '$ lttng-sessiond --daemonize'
lttng-sessiond --daemonize
tries=0
until lttng list --userspace | grep -q my_first_tracepoint; do
	tries=$((tries + 1))
	[ $tries -lt 50 ] || { echo "demo: ./hello never registered" >&2; exit 1; }
	sleep 0.1
done
echo '$ lttng list --userspace'
lttng list --userspace | grep -v '^      lttng_ust_'
echo '$ lttng create my-user-space-session'
lttng create my-user-space-session
echo '$ lttng enable-event --userspace hello_world:my_first_tracepoint'
lttng enable-event --userspace hello_world:my_first_tracepoint
echo '$ lttng start'
lttng start
echo '(Enter)'
echo >&3
wait $app
echo '$ lttng destroy'
lttng destroy
echo "\$ babeltrace2 $root/lttng-traces/my-user-space-session*"
babeltrace2 "$root"/lttng-traces/my-user-space-session*
