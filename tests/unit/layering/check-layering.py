#!/usr/bin/python3
"""
Checks the layering of the source tree, and exits 1 listing every
breach:

  include/        public headers: include nothing else of the tree
  src/common/X    shared by several binaries and libraries
  src/lib/X       one library: may use include/ and src/common/
  src/bin/X       one program: may use include/ and src/common/

Nothing under src/common/ reaches into src/lib/ or src/bin/; nothing
under src/lib/X or src/bin/X reaches into another src/lib/Y or
src/bin/Y. "Reaches" means: an #include that resolves (a quoted one from the
including file's folder first, then the include directories meson
gives: the unit's own root, src/common, include) to a file there, or a
quoted one found nowhere else but there (a private include directory); a path in
a meson.build (files(), include_directories(), any quoted path) that
resolves there; or a meson.build using an include directory variable
defined by another unit.

Usage: check-layering.py [SOURCE_ROOT] (default: this test's tree).
"""
import os
import re
import sys

INCLUDE_RE = re.compile(r'^\s*#\s*include\s+([<"])([^">]+)[">]', re.M)
MESON_STRING_RE = re.compile(r"'([^'\n]*)'")
INC_VAR_DEF_RE = re.compile(r'^\s*(\w+)\s*=\s*include_directories\(', re.M)
IDENT_RE = re.compile(r'\b(\w+)\b')


def unit_of(root, path):
    """The layering unit of path: ('common', X), ('lib', X),
    ('bin', X), ('include', '') or None (elsewhere: tests, tools)."""
    rel = os.path.relpath(path, root).split(os.sep)
    if rel[0] == 'include':
        return ('include', '')
    if len(rel) >= 3 and rel[0] == 'src' and rel[1] in ('common', 'lib',
                                                       'bin'):
        return (rel[1], rel[2])
    return None


def allowed(src_unit, dst_unit):
    """Whether a file of src_unit may use a file of dst_unit."""
    if dst_unit is None:
        return False  # src/ never reaches into tests/ or elsewhere
    if src_unit[0] == 'include':
        return dst_unit[0] == 'include'  # installed as they are
    if dst_unit == src_unit or dst_unit[0] == 'include':
        return True
    if dst_unit[0] == 'common':
        return True  # src/common/X uses src/common/Y; lib/bin use common
    return False


def unit_root(root, unit):
    return os.path.join(root, 'src', unit[0], unit[1])


def source_files(root):
    for top in ('include', 'src'):
        for dirpath, dirnames, filenames in os.walk(os.path.join(root, top)):
            dirnames.sort()
            for name in sorted(filenames):
                yield os.path.join(dirpath, name)


def private_dirs(root):
    """Every folder of src/lib and src/bin (candidate private include
    directories, searched only to name what an include reached)."""
    for kind in ('lib', 'bin'):
        base = os.path.join(root, 'src', kind)
        if not os.path.isdir(base):
            continue
        for dirpath, dirnames, _ in os.walk(base):
            dirnames.sort()
            yield dirpath


def check_includes(root, path, unit, privates, breaches):
    with open(path, encoding='utf-8', errors='replace') as f:
        text = f.read()
    if unit[0] == 'include':
        search = [os.path.dirname(path), os.path.join(root, 'include')]
    else:
        search = [os.path.dirname(path), unit_root(root, unit),
                  os.path.join(root, 'src', 'common'),
                  os.path.join(root, 'include')]
    for m in INCLUDE_RE.finditer(text):
        quoted, name = m.group(1) == '"', m.group(2)
        line = text.count('\n', 0, m.start()) + 1
        where = f'{os.path.relpath(path, root)}:{line}'
        found = None
        for d in search if quoted else search[1:]:
            candidate = os.path.normpath(os.path.join(d, name))
            if os.path.isfile(candidate):
                found = candidate
                break
        if found:
            if not allowed(unit, unit_of(root, found)):
                breaches.append(f'{where}: #include {name} reaches '
                                f'{os.path.relpath(found, root)}')
            continue
        if not quoted:
            continue  # a system header
        # Not found through the allowed include directories: found only
        # through another unit's private include directory?
        for d in privates:
            candidate = os.path.normpath(os.path.join(d, name))
            if os.path.isfile(candidate) and \
                    not allowed(unit, unit_of(root, candidate)):
                breaches.append(f'{where}: #include {name} is found only '
                                f'in {os.path.relpath(candidate, root)}')
                break


def meson_include_vars(root):
    """Include directory variables and the unit whose meson.build
    defines them (the top-level ones: None, usable everywhere)."""
    owners = {}
    for path in source_files(root):
        if os.path.basename(path) != 'meson.build':
            continue
        with open(path, encoding='utf-8') as f:
            text = f.read()
        for m in INC_VAR_DEF_RE.finditer(text):
            owners[m.group(1)] = unit_of(root, path)
    return owners


def check_meson(root, path, unit, inc_vars, breaches):
    with open(path, encoding='utf-8') as f:
        text = f.read()
    code = '\n'.join(l.split('#', 1)[0] for l in text.split('\n'))
    here = os.path.dirname(path)
    for m in MESON_STRING_RE.finditer(code):
        value = m.group(1)
        if '$' in value or ('/' not in value and value not in ('.', '..')):
            continue  # $ORIGIN rpaths; plain names
        # meson.project_source_root() / 'src/...': from the root
        base = root if re.search(r'source_root\(\)\s*/\s*$',
                                 code[:m.start()]) else here
        target = os.path.normpath(os.path.join(base, value))
        if not os.path.exists(target):
            continue
        if not allowed(unit, unit_of(root, target)):
            line = code.count('\n', 0, m.start()) + 1
            breaches.append(f'{os.path.relpath(path, root)}:{line}: '
                            f"'{value}' reaches "
                            f'{os.path.relpath(target, root)}')
    for m in IDENT_RE.finditer(code):
        owner = inc_vars.get(m.group(1), None)
        if owner is not None and not allowed(unit, owner):
            line = code.count('\n', 0, m.start()) + 1
            breaches.append(f'{os.path.relpath(path, root)}:{line}: uses '
                            f'{m.group(1)}, an include directory of '
                            f'src/{owner[0]}/{owner[1]}')


def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else
                           os.path.join(os.path.dirname(__file__),
                                        '..', '..', '..'))
    privates = list(private_dirs(root))
    inc_vars = meson_include_vars(root)
    breaches = []
    checked = 0
    for path in source_files(root):
        unit = unit_of(root, path)
        if unit is None or (unit[0] == 'include' and
                            os.path.basename(path) == 'meson.build'):
            continue
        if path.endswith(('.c', '.h')):
            check_includes(root, path, unit, privates, breaches)
            checked += 1
        elif os.path.basename(path) == 'meson.build':
            check_meson(root, path, unit, inc_vars, breaches)
            checked += 1
    if checked == 0:
        print(f'check-layering: no source under {root}/src', file=sys.stderr)
        return 1
    for b in breaches:
        print(b)
    print(f'check-layering: {checked} files, {len(breaches)} breaches')
    return 1 if breaches else 0


if __name__ == '__main__':
    sys.exit(main())
