"""The manual pages (doc/man, scdoc sources built into build/doc/man):
every page the toolkit promises exists, every command and every option
that `lttng CMD --list-options` (and `lttng-crash --list-options`)
prints is named in its page, and man-db and groff render each page
without a warning.

Without scdoc at configure time the pages are not built; these tests
then fail and say how to get them (`make deps` installs scdoc)."""
import os
import pathlib
import re
import subprocess

import pytest

SECTION_PAGES = {
    "3": ["lttng-ust", "tracepoint", "tracef", "tracelog",
          "lttng_ust_tracepoint_enabled", "lttng-ust-dl",
          "lttng-ust-cyg-profile", "lttng-health-check"],
    "7": ["lttng-concepts", "lttng-event-rule"],
    "8": ["lttng-sessiond"],
}

# Plain ASCII output, no line breaking: an option is one token.
RENDER_ENV = dict(os.environ, LC_ALL="C", LANG="C", MANWIDTH="4000",
                  MAN_KEEP_FORMATTING="", MANPAGER="cat", PAGER="cat")


def lttng(build_dir, *args):
    proc = subprocess.run([str(build_dir / "src/bin/lttng/lttng"), *args],
                          capture_output=True, text=True, timeout=30)
    assert proc.returncode == 0, (args, proc.stderr)
    return proc.stdout.split()


@pytest.fixture(scope="module")
def man_dir(build_dir):
    path = build_dir / "doc/man"
    if not (path / "man1/lttng.1").exists():
        pytest.fail(f"no manual pages in {path}: scdoc was missing when "
                    "meson configured the build; run `make deps`, then "
                    "`meson setup --reconfigure build`")
    return path


def page_path(man_dir, section, name):
    return man_dir / f"man{section}" / f"{name}.{section}"


def render(path):
    """The page as man-db shows it, with groff's warnings turned on."""
    proc = subprocess.run(["man", "--warnings", "-l", str(path)],
                          capture_output=True, text=True, env=RENDER_ENV,
                          timeout=60)
    assert proc.returncode == 0, (path, proc.stderr)
    assert proc.stderr == "", (path, proc.stderr)
    return proc.stdout


def missing_tokens(text, tokens):
    """The tokens (options, command names) not written in text as a whole
    word: "--all" is not found in "--all-events"."""
    return [t for t in tokens
            if not re.search(r"(?<![\w-])" + re.escape(t) + r"(?![\w-])",
                             text)]


def all_pages(build_dir):
    pages = [("1", "lttng"), ("1", "lttng-crash")]
    pages += [("1", "lttng-" + c) for c in lttng(build_dir,
                                                 "--list-commands")]
    pages += [(s, n) for s, names in SECTION_PAGES.items() for n in names]
    return pages


def test_every_promised_page_is_built(build_dir, man_dir):
    missing = [f"{n}({s})" for s, n in all_pages(build_dir)
               if not page_path(man_dir, s, n).is_file()]
    assert missing == []


def test_every_page_renders_without_warnings(build_dir, man_dir):
    for section, name in all_pages(build_dir):
        path = page_path(man_dir, section, name)
        text = render(path)
        assert f"{name.upper()}({section})" in text
        groff = subprocess.run(["groff", "-man", "-ww", "-z", str(path)],
                               capture_output=True, text=True, timeout=60)
        assert (groff.returncode, groff.stderr) == (0, ""), path


def test_lttng_page_names_every_command_and_general_option(build_dir,
                                                           man_dir):
    text = render(page_path(man_dir, "1", "lttng"))
    commands = lttng(build_dir, "--list-commands")
    assert missing_tokens(text, [f"lttng-{c}(1)" for c in commands]) == []
    assert missing_tokens(text, lttng(build_dir, "--list-options")) == []


def test_each_command_page_names_every_option(build_dir, man_dir):
    missing = {}
    for command in lttng(build_dir, "--list-commands"):
        text = render(page_path(man_dir, "1", "lttng-" + command))
        expected = lttng(build_dir, command, "--list-options")
        # snapshot, regenerate and metadata also have actions.
        if "--list-commands" in expected:
            expected += lttng(build_dir, command, "--list-commands")
        absent = missing_tokens(text, expected)
        if absent:
            missing[command] = absent
    assert missing == {}


def test_crash_page_names_every_option(build_dir, man_dir):
    proc = subprocess.run(
        [str(build_dir / "src/bin/lttng-crash/lttng-crash"),
         "--list-options"], capture_output=True, text=True, timeout=30)
    assert proc.returncode == 0
    text = render(page_path(man_dir, "1", "lttng-crash"))
    assert missing_tokens(text, proc.stdout.split()) == []


def test_missing_option_is_noticed(build_dir, man_dir):
    """The check itself: an option absent from a page is reported."""
    text = render(page_path(man_dir, "1", "lttng-destroy"))
    assert missing_tokens(text, ["--no-wait", "--all", "--bogus-option",
                                 "-Z"]) == ["--bogus-option", "-Z"]
    assert missing_tokens("--all-events", ["--all"]) == ["--all"]
