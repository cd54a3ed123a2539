"""The UST instrumentation API as an application developer meets it.

Installs the build (meson install --no-rebuild into a temporary
DESTDIR) and builds, with plain gcc and the documented command lines,
the documentation's hello world and the shared bench application
against the installed headers and libraries: the layout, SONAMEs and
pkg-config file must be LTTng's.
"""
import os
import pathlib
import re
import shutil
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
HELLO = ROOT / "tests" / "unit" / "ust" / "hello"
BENCH = ROOT / "tests" / "unit" / "ust" / "bench-app"


@pytest.fixture(scope="module")
def prefix(build_dir, tmp_path_factory):
    """The installed tree: returns PREFIX (DESTDIR + configured prefix)."""
    dest = tmp_path_factory.mktemp("destdir")
    subprocess.run(["meson", "install", "-C", str(build_dir), "--no-rebuild",
                    "--quiet", "--destdir", str(dest)], check=True,
                   capture_output=True)
    libs = list(dest.rglob("liblttng-ust.so.1"))
    assert len(libs) == 1, f"liblttng-ust.so.1 not installed under {dest}"
    return libs[0].parent.parent


def cc(prefix, cwd, *args):
    lib = prefix / "lib"
    cmd = ["gcc", f"-I{prefix / 'include'}", *args]
    if "-c" not in args:
        cmd += [f"-L{lib}", f"-Wl,-rpath-link,{lib}"]
    subprocess.run(cmd, cwd=cwd, check=True)


def run(prefix, argv, cwd):
    env = dict(os.environ, LD_LIBRARY_PATH=str(prefix / "lib"))
    env.pop("LD_PRELOAD", None)
    return subprocess.run(argv, cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=60)


def test_libraries_are_laid_out_as_lttng_ust(prefix):
    lib = prefix / "lib"
    for name in ("liblttng-ust", "liblttng-ust-tracepoint",
                 "liblttng-ust-common"):
        assert os.readlink(lib / f"{name}.so") == f"{name}.so.1"
        assert (lib / f"{name}.so.1").exists()
    for header in ("tracepoint.h", "tracepoint-event.h", "tracef.h",
                   "tracelog.h", "ust-events.h"):
        assert (prefix / "include" / "lttng" / header).exists()


def test_pkg_config_links_the_tracer_and_libdl(prefix):
    out = subprocess.run(
        ["pkg-config", "--libs", str(prefix / "lib" / "pkgconfig" /
                                     "lttng-ust.pc")],
        check=True, capture_output=True, text=True).stdout.split()
    assert "-llttng-ust" in out
    assert "-ldl" in out


def test_documented_hello_world_builds_and_runs_untraced(prefix, tmp_path):
    for name in ("hello-tp.h", "hello-tp.c", "hello.c"):
        shutil.copy(HELLO / name, tmp_path)
    cc(prefix, tmp_path, "-c", "-I.", "hello-tp.c")
    cc(prefix, tmp_path, "-c", "hello.c")
    cc(prefix, tmp_path, "-o", "hello", "hello.o", "hello-tp.o",
       "-llttng-ust", "-ldl")
    proc = run(prefix, ["./hello", "world", "and", "beyond"], tmp_path)
    assert proc.returncode == 0
    assert proc.stdout == ("Hello, World!\nPress Enter to continue...\n"
                           "Quitting now!\n")
    assert proc.stderr == ""


def test_bench_app_builds_against_installed_headers(prefix, tmp_path):
    cc(prefix, tmp_path, "-O2", f"-I{BENCH}", "-o", "app",
       str(BENCH / "app.c"), str(BENCH / "tp.c"), "-llttng-ust", "-ldl",
       "-lpthread")
    proc = run(prefix, ["./app", "wide", "1000", "2"], tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert re.fullmatch(r"kind=wide events=1000 threads=2 "
                        r"ns_per_event=[0-9.]+ mevents_per_s=[0-9.]+\n",
                        proc.stdout)


# The headers LTTng-UST 2.13 installs that programs include on their own
# (each must compile alone, in C and in C++).
LTTNG_UST_HEADERS = (
    "tracepoint.h", "tracepoint-types.h", "tracepoint-event.h",
    "tracepoint-rcu.h", "tracef.h", "tracelog.h", "ust-api-compat.h",
    "ust-arch.h", "ust-clock.h", "ust-compiler.h", "ust-config.h",
    "ust-context-provider.h", "ust-endian.h", "ust-events.h",
    "ust-getcpu.h", "ust-tracer.h", "ust-utils.h", "ust-version.h",
    "ust-thread.h", "ust-fork.h", "ust-cancelstate.h", "ust-error.h",
    "ust-libc-wrapper.h",
    "ust-tracepoint-event-write.h", "ust-tracepoint-event-nowrite.h",
    "tp/lttng-ust-tracef.h", "tp/lttng-ust-tracelog.h",
    "ust-common.h", "ust-sigbus.h", "ust-abi.h", "ust-ringbuffer-context.h",
)


@pytest.mark.parametrize("header", LTTNG_UST_HEADERS)
def test_public_header_is_installed_and_compiles_alone(prefix, tmp_path, header):
    src = tmp_path / "unit.c"
    src.write_text(f"#include <lttng/{header}>\nint unit_dummy;\n")
    cc(prefix, tmp_path, "-c", "-Wall", "-Werror", "-o", "c.o", str(src))
    cxx = tmp_path / "unit.cpp"
    cxx.write_text(src.read_text())
    subprocess.run(["g++", f"-I{prefix / 'include'}", "-c", "-Wall", "-Werror",
                    "-o", "cxx.o", str(cxx)], cwd=tmp_path, check=True)


def test_cmake_find_package_lttngust_configures_and_builds(prefix, tmp_path):
    """CMake's own FindLTTngUST module finds the installed tracer, reads
    its version and tracef/tracelog support, and LTTng::UST links the
    documentation's hello world."""
    if shutil.which("cmake") is None:
        pytest.fail("cmake is missing: `make deps` installs it")
    for name in ("hello-tp.h", "hello-tp.c", "hello.c"):
        shutil.copy(HELLO / name, tmp_path)
    (tmp_path / "CMakeLists.txt").write_text(
        "cmake_minimum_required(VERSION 3.10)\n"
        "project(hello C)\n"
        "find_package(LTTngUST REQUIRED)\n"
        'message(STATUS "version=${LTTNGUST_VERSION_STRING} '
        'tracef=${LTTNGUST_HAS_TRACEF} tracelog=${LTTNGUST_HAS_TRACELOG}")\n'
        "add_executable(hello hello.c hello-tp.c)\n"
        "target_include_directories(hello PRIVATE ${CMAKE_CURRENT_SOURCE_DIR})\n"
        "target_link_libraries(hello LTTng::UST)\n")
    build = tmp_path / "build"
    conf = subprocess.run(["cmake", "-S", str(tmp_path), "-B", str(build),
                           f"-DCMAKE_PREFIX_PATH={prefix}"],
                          capture_output=True, text=True)
    assert conf.returncode == 0, conf.stdout + conf.stderr
    assert "Found LTTngUST: " in conf.stdout
    assert "version=2.13.0 tracef=TRUE tracelog=TRUE" in conf.stdout
    make = subprocess.run(["cmake", "--build", str(build)],
                          capture_output=True, text=True)
    assert make.returncode == 0, make.stdout + make.stderr
    proc = run(prefix, [str(build / "hello"), "a"], tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("Hello, World!\n")


# Headers whose whole content is interface facts (constants, structure
# layouts, declarations): each name LTTng's version defines is defined
# by ours with the same value or size. (ust-ctl.h is not here: it
# declares liblttng-ust-ctl.so.5's API, which this toolkit does not
# build; our daemons speak their own protocol with applications.)
FACT_HEADERS = ("ust-abi.h", "ust-sigbus.h", "ust-ringbuffer-context.h",
                "ust-common.h")


def header_names(text):
    """(integer macros, struct tags, enumerators, functions) of a header."""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    macros = [m for m in re.findall(r"^#define\s+(\w+)[ \t]+\S", text, re.M)
              if not m.startswith("_") and "(" not in m]
    structs = sorted(set(re.findall(r"\bstruct\s+(\w+)\s*\{", text)))
    enums = []
    for body in re.findall(r"\benum\s+\w+\s*\{([^}]*)\}", text):
        enums += re.findall(r"^\s*(\w+)\s*(?:=[^,]*)?,?\s*$", body, re.M)
    funcs = re.findall(r"^(?:extern\s+)?(?:void|int)\s+\**(lttng_ust_\w+)\s*\(",
                       text, re.M)
    return macros, structs, enums, funcs


def layout_program(header, names):
    macros, structs, enums, funcs = names
    lines = [f"#include <lttng/{header}>", "#include <stdio.h>",
             "int main(void)", "{"]
    for m in macros:
        lines.append(f'#if defined({m})\n__builtin_choose_expr('
                     f'__builtin_constant_p({m}), '
                     f'printf("%s %lld\\n", "{m}", (long long)({m})+0), '
                     f'printf("%s\\n", "{m}"));\n#else\n'
                     f'printf("%s missing\\n", "{m}");\n#endif')
    for st in structs:
        lines.append(f'printf("struct {st} %zu\\n", sizeof(struct {st}));')
    for e in enums:
        lines.append(f'printf("%s %lld\\n", "{e}", (long long){e});')
    for f in funcs:
        lines.append(f'printf("%s %d\\n", "{f}", (void (*)(void))&{f} != 0);')
    lines += ["return 0;", "}"]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("header", FACT_HEADERS)
def test_header_has_lttng_s_names_values_and_layouts(prefix, tmp_path, header):
    from ust_anchor import anchor_root
    root = anchor_root()
    if root is None:
        pytest.skip("the real LTTng-UST 2.13 is not extracted "
                    "(../shared/bench/anchor-install)")
    lttng_inc = root / "usr/include/x86_64-linux-gnu"
    names = header_names((lttng_inc / "lttng" / header).read_text())
    assert any(names), f"nothing found in LTTng's {header}"
    src = tmp_path / "layout.c"
    src.write_text(layout_program(header, names))
    out = {}
    for label, incs in (("lttng", [f"-I{lttng_inc}", f"-I{root / 'usr/include'}"]),
                        ("ours", [f"-I{prefix / 'include'}"])):
        exe = tmp_path / f"layout-{label}"
        proc = subprocess.run(["gcc", *incs, "-w", "-o", str(exe), str(src),
                               "-Wl,--unresolved-symbols=ignore-all"],
                              capture_output=True, text=True)
        assert proc.returncode == 0, f"{label}: {proc.stderr}"
        out[label] = subprocess.run([str(exe)], capture_output=True, text=True,
                                    check=True).stdout
    assert out["ours"] == out["lttng"]
