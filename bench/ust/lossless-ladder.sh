#!/usr/bin/env bash
# Events lost at paced rates into the default user space channel (4 x
# 512 KiB per CPU), the real LTTng 2.13 beside an install of ours: the
# ladder of ../shared/bench/run ("highest lossless rate achieved"), with
# every step repeated and the two implementations alternated step by
# step, so both see the same machine load. Figures, never pass/fail.
#
#   lossless-ladder.sh PREFIX [REPS [RATES]]
#     PREFIX  where `make install PREFIX=...` put ours
#     REPS    runs of each step (default 3)
#     RATES   events per second, one thread (default "1000000 2000000
#             4000000 8000000 16000000")
#
# One line per run: implementation, paced rate, rate achieved (an app
# slower than the pace runs flat out), events lost (emitted minus what
# babeltrace2 reads), the load average; then, per implementation and
# step, the runs that lost events. The application is the kit's
# (../shared/bench/ust), built against each implementation; both run as
# the user nobody with a fresh LTTNG_HOME, as the kit runs them.
set -uo pipefail
[ $# -ge 1 ] || { sed -n '8,12p' "$0" >&2; exit 2; }
prefix=$(cd "$1" && pwd) || exit 2
reps=${2:-3}
rates=${3:-"1000000 2000000 4000000 8000000 16000000"}
kit=${LTTNG_BENCH_KIT:-/work/shared/bench}
anchor=$("$kit/anchor-install") || exit 1
for t in gcc babeltrace2 setpriv; do
	command -v $t >/dev/null || { echo "needs $t" >&2; exit 1; }
done
top=$(mktemp -d /tmp/lossless-ladder.XXXXXX)
chmod 755 "$top"
cleanup() {
	local f
	for f in "$top"/*/.lttng/lttng-sessiond.pid; do
		[ -f "$f" ] && kill "$(cat "$f")" 2>/dev/null
	done
	sleep 1
	rm -rf "$top"
}
trap cleanup EXIT

# use IMPL: W (its LTTNG_HOME), BIN, LIB, and how to build and start it.
use() {
	W=$top/$1
	if [ "$1" = lttng ]; then
		BIN=$anchor/usr/bin LIB=$anchor/usr/lib/x86_64-linux-gnu
		XSD=$anchor/usr/share/xml/lttng
		CFLAGS="-I$anchor/usr/include/x86_64-linux-gnu -I$anchor/usr/include"
		LIBS="-L$LIB -llttng-ust -llttng-ust-common -Wl,-rpath-link,$LIB"
		SESSIOND=("$BIN/lttng-sessiond" --daemonize
			"--consumerd64-path=$LIB/lttng/libexec/lttng-consumerd")
	else
		BIN=$prefix/bin LIB=$prefix/lib XSD=""
		[ -d "$prefix/lib64" ] && LIB=$prefix/lib64
		CFLAGS="-I$prefix/include"
		LIBS="-L$LIB -llttng-ust -Wl,-rpath-link,$LIB"
		SESSIOND=("$BIN/lttng-sessiond" --daemonize)
	fi
}
as_nobody() {
	(cd "$W" && setpriv --reuid=65534 --regid=65534 --clear-groups \
		env -i PATH=/usr/bin:/bin HOME="$W" LTTNG_HOME="$W" \
		LD_LIBRARY_PATH="$LIB" ${XSD:+LTTNG_SESSION_CONFIG_XSD_PATH=$XSD} "$@")
}
lttng() { as_nobody "$BIN/lttng" "$@" >/dev/null 2>>"$W/errors.log"; }
events_read() {
	babeltrace2 "$1" -c sink.utils.counter -p step=+0 2>/dev/null |
		awk '/Event messages?$/ {n = $1} END {print n + 0}'
}

impls="lttng ours"
for impl in $impls; do
	use $impl
	mkdir -p "$W" && chmod 777 "$W"
	gcc -O2 -I"$kit/ust" $CFLAGS -o "$W/app" "$kit/ust/app.c" \
		"$kit/ust/tp.c" $LIBS -ldl -lpthread || exit 1
	as_nobody "${SESSIOND[@]}" >/dev/null 2>>"$W/errors.log" ||
		{ echo "$impl: no session daemon" >&2; exit 1; }
done
sleep 1

declare -A lossy
echo "impl rate achieved_k_ev_s lost load"
for rep in $(seq "$reps"); do
	for rate in $rates; do
		for impl in $impls; do
			use $impl
			n=$((rate * 2))
			lttng create "r$rep-$rate" --output="$W/trace"
			lttng enable-event -u 'bench:*'
			lttng start
			ns=$(as_nobody ./app int "$n" 1 "$rate" |
				sed -n 's/.*ns_per_event=\([0-9.]*\).*/\1/p')
			lttng stop
			lttng destroy
			lost=$((n - $(events_read "$W/trace")))
			rm -rf "${W:?}/trace"
			achieved=$(awk -v ns="${ns:-0}" -v r="$rate" 'BEGIN {
				a = ns > 0 ? 1e6 / ns : 0; if (a > r / 1000) a = r / 1000
				printf "%.0f", a }')
			echo "$impl $rate $achieved $lost $(cut -d' ' -f1 /proc/loadavg)"
			[ "$lost" -ne 0 ] && lossy[$impl,$rate]=$((${lossy[$impl,$rate]:-0} + 1))
		done
	done
done
echo
echo "runs that lost events, of $reps per step:"
for impl in $impls; do
	line="$impl:"
	for rate in $rates; do
		line="$line $((rate / 1000000))M=${lossy[$impl,$rate]:-0}"
	done
	echo "$line"
done
for impl in $impls; do
	use $impl
	[ -s "$W/errors.log" ] && { echo "$impl errors:"; head -5 "$W/errors.log"; }
done
exit 0
