# Top-level entry points; meson + ninja do the building.
#
#   make deps      install every missing Debian package (apt-get)
#   make           build (./build)
#   make check     deps + build + unit tests (plain, ASan+UBSan, TSan)
#                  + integration tests (pytest, babeltrace2 as the reader)
#   make demo      deps + build + record a trace and print it
#   make fuzz      deps + libFuzzer harnesses (clang, ./build-fuzz), each
#                  run for FUZZ_SECONDS (tests/fuzz/README.md)
#   make install PREFIX=/tmp/ours
#
# Python: the integration tests need Debian's python3-bt2 and
# python3-pytest, so they always run with /usr/bin/python3.

PREFIX ?= /usr/local
PYTHON := /usr/bin/python3
MESON_SETUP = meson setup --prefix=$(abspath $(PREFIX)) --libdir=lib -Dpkgconfig.relocatable=true

DEB_PACKAGES := build-essential g++ meson ninja-build pkg-config \
	libcmocka-dev liburcu-dev libpopt-dev libxml2-dev uuid-dev \
	babeltrace2 python3-bt2 python3-pytest util-linux \
	libxml2-utils valgrind cmake scdoc man-db groff-base strace clang \
	libclang-rt-dev llvm

.PHONY: all build deps check unit-check integration-check demo install clean \
	fuzz

all: build

deps:
	@missing=""; for p in $(DEB_PACKAGES); do \
		dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'install ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -z "$$missing" ]; then exit 0; fi; \
	if [ "$$(id -u)" != 0 ]; then \
		echo "make deps: missing Debian packages:$$missing"; \
		echo "run as root: apt-get update && apt-get install -y$$missing"; exit 1; \
	fi; \
	echo "make deps: installing$$missing"; \
	apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y $$missing

build/build.ninja:
	$(MESON_SETUP) build

build-san/build.ninja:
	$(MESON_SETUP) build-san -Db_sanitize=address,undefined -Db_lundef=false

build-tsan/build.ninja:
	$(MESON_SETUP) build-tsan -Db_sanitize=thread -Db_lundef=false

# A build directory set up before pkg-config files were relocatable gets
# the option too (meson applies default options only at setup).
build: build/build.ninja
	@meson introspect build --buildoptions | $(PYTHON) -c 'import json, sys; \
		sys.exit(not any(o["name"] == "pkgconfig.relocatable" and o["value"] \
		for o in json.load(sys.stdin)))' || \
		meson configure build -Dpkgconfig.relocatable=true
	ninja -C build

unit-check: build build-san/build.ninja build-tsan/build.ninja
	ninja -C build-san && ninja -C build-tsan
	-meson test -C build --suite unit --print-errorlogs
	-UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 ASAN_OPTIONS=detect_leaks=1 \
		meson test -C build-san --suite unit --suite fuzz-corpus \
		--print-errorlogs
	-TSAN_OPTIONS=halt_on_error=1 setarch -R meson test -C build-tsan --suite tsan --print-errorlogs

integration-check: build
	-$(PYTHON) -m pytest -q tests/integration --junitxml=build/pytest.xml

check: deps
	@$(MAKE) --no-print-directory build
	@rm -f build/meson-logs/testlog.json build-san/meson-logs/testlog.json \
		build-tsan/meson-logs/testlog.json build/pytest.xml
	@$(MAKE) --no-print-directory unit-check integration-check
	@$(PYTHON) tests/summarize.py build/meson-logs/testlog.json \
		build-san/meson-logs/testlog.json build-tsan/meson-logs/testlog.json \
		build/pytest.xml

demo: deps
	@$(MAKE) --no-print-directory build
	@sh tests/demo.sh build

# Fuzzing: every harness of tests/fuzz built by clang with libFuzzer,
# ASan and UBSan, then run for FUZZ_SECONDS each from its seed corpus
# (new inputs go to build-fuzz/corpus/NAME, crashes to build-fuzz/crashes;
# an input running for a minute counts as a hang).
FUZZ_SECONDS ?= 60
FUZZ_HARNESSES := client-request ust-command ust-notify consumer-request \
	filter-compile filter-bytecode session-xml tracefs-format \
	tracefs-page crash-metadata crash-stream consumer-stream \
	kernel-consumer-request elf-probe

build-fuzz/build.ninja:
	CC=clang CXX=clang++ $(MESON_SETUP) build-fuzz -Dfuzzing=true \
		-Db_sanitize=address,undefined -Db_lundef=false \
		-Dc_args=-fsanitize=fuzzer-no-link

fuzz: deps build-fuzz/build.ninja
	ninja -C build-fuzz $(addprefix tests/fuzz/fuzz-,$(FUZZ_HARNESSES))
	@mkdir -p build-fuzz/crashes
	@failed=""; for h in $(FUZZ_HARNESSES); do \
		mkdir -p build-fuzz/corpus/$$h; \
		echo "make fuzz: $$h for $(FUZZ_SECONDS) s"; \
		UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
		build-fuzz/tests/fuzz/fuzz-$$h -max_total_time=$(FUZZ_SECONDS) \
			-timeout=60 -print_final_stats=1 \
			-artifact_prefix=build-fuzz/crashes/$$h- \
			build-fuzz/corpus/$$h tests/fuzz/corpus/$$h || \
			failed="$$failed $$h"; \
	done; \
	if [ -n "$$failed" ]; then echo "make fuzz: defects found by$$failed"; \
		exit 1; fi

install: build/build.ninja
	meson configure build --prefix=$(abspath $(PREFIX)) --libdir=lib -Dpkgconfig.relocatable=true
	ninja -C build
	meson install -C build --quiet

clean:
	rm -rf build build-san build-tsan build-fuzz
