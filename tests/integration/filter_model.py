"""An independent model of LTTng's filter expressions, for tests.

parse(text) turns an expression into a tree; select(tree, event) tells
whether an event (a dict of field values plus "$ctx.NAME" entries)
passes. It follows lttng-event-rule(7): integers are signed 64-bit,
bitwise operators work on the unsigned 64-bit bits, a shift count
outside [0, 63] makes the whole filter false, a string literal with an
unescaped '*' before its end is a glob on either side of == and !=, one
whose only '*' ends it stands for its prefix followed by anything (with
every comparison operator), strings order by their bytes, && and ||
short-circuit, and precedence is
  unary ! ~ - +  >  << >>  >  &  >  ^  >  |  >  < <= > >=  >  == !=
  >  &&  >  ||
A reference the event lacks, an index out of bounds, or a string met
with a number make the whole filter false (the tracer links such a
filter to "never"), whatever the rest of the expression says.
"""
import re

MASK = (1 << 64) - 1


class Never(Exception):
    """The filter is false for this event, whatever the rest says."""


def wrap(v):
    v &= MASK
    return v - (1 << 64) if v >> 63 else v


TOKEN = re.compile(r"""
    (?P<ws>\s+)
  | (?P<float>(\d+\.\d*|\.\d+)([eE][+-]?\d+)?|\d+[eE][+-]?\d+)
  | (?P<int>0[xX][0-9a-fA-F]+|0[0-7]*|[1-9]\d*)[uUlL]*
  | (?P<str>"(\\.|[^"\\])*"|'(\\.|[^'\\])*')
  | (?P<ref>\$ctx\.[A-Za-z_][\w:-]*|\$app\.[A-Za-z_][\w]*:[A-Za-z_][\w]*
            |[A-Za-z_]\w*(\.[A-Za-z_]\w*)*)
  | (?P<op><<|>>|<=|>=|==|!=|&&|\|\||[-+!~<>&|^()\[\]])
""", re.X)

BINARY = [["||"], ["&&"], ["==", "!="], ["<", "<=", ">", ">="], ["|"],
          ["^"], ["&"], ["<<", ">>"]]

ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "a": "\a", "b": "\b",
           "f": "\f", "v": "\v", "\\": "\\", "'": "'", '"': '"', "?": "?"}


def tokenize(text):
    pos, out = 0, []
    while pos < len(text):
        m = TOKEN.match(text, pos)
        if not m:
            raise SyntaxError(f"bad character at {pos}: {text[pos:]!r}")
        pos = m.end()
        kind = m.lastgroup
        if kind != "ws":
            out.append((kind, m.group(kind) if kind != "int" else m.group(0)))
    return out


def string_literal(raw):
    """('str', text, is_glob): '*' globs, '\\*' is a literal star."""
    body, parts, glob, i = raw[1:-1], [], False, 0
    while i < len(body):
        c = body[i]
        if c == "\\":
            nxt = body[i + 1]
            parts.append("\\*" if nxt == "*" else ESCAPES[nxt])
            i += 2
            continue
        if c == "*":
            glob = True
        parts.append(c)
        i += 1
    text = "".join(parts)
    if not glob:
        text = text.replace("\\*", "*")
    return ("str", text, glob)


def int_literal(raw):
    digits = raw.rstrip("uUlL")
    if digits.lower().startswith("0x"):
        return int(digits, 16)
    if digits.startswith("0") and len(digits) > 1:
        return int(digits, 8)
    return int(digits)


class Parser:
    def __init__(self, text):
        self.toks = tokenize(text)
        self.i = 0

    def peek(self):
        return self.toks[self.i] if self.i < len(self.toks) else (None, None)

    def take(self, value=None):
        tok = self.peek()
        if value is not None and tok[1] != value:
            raise SyntaxError(f"expected {value}, got {tok[1]}")
        self.i += 1
        return tok

    def parse(self):
        tree = self.binary(0)
        if self.i != len(self.toks):
            raise SyntaxError(f"trailing {self.peek()[1]}")
        return tree

    def binary(self, level):
        if level == len(BINARY):
            return self.unary()
        left = self.binary(level + 1)
        while self.peek()[0] == "op" and self.peek()[1] in BINARY[level]:
            op = self.take()[1]
            left = ("bin", op, left, self.binary(level + 1))
        return left

    def unary(self):
        kind, value = self.peek()
        if kind == "op" and value in ("!", "~", "-", "+"):
            self.take()
            return ("un", value, self.unary())
        return self.primary()

    def primary(self):
        kind, value = self.take()
        if kind == "op" and value == "(":
            tree = self.binary(0)
            self.take(")")
            return tree
        if kind == "int":
            return ("int", wrap(int_literal(value)))
        if kind == "float":
            return ("float", float(value))
        if kind == "str":
            return string_literal(value)
        if kind == "ref":
            node = ("ref", value)
            while self.peek()[1] == "[":
                self.take()
                index = self.binary(0)
                self.take("]")
                if index[0] != "int":
                    raise SyntaxError("constant index expected")
                node = ("index", node, index[1])
            return node
        raise SyntaxError(f"unexpected {value}")


def parse(text):
    return Parser(text).parse()


def glob_match(pattern, s):
    """'*' matches any run; '\\*' a star."""
    rx, i = "", 0
    while i < len(pattern):
        if pattern.startswith("\\*", i):
            rx += re.escape("*")
            i += 2
        elif pattern[i] == "*":
            rx += ".*"
            i += 1
        else:
            rx += re.escape(pattern[i])
            i += 1
    return re.fullmatch(rx, s, re.S) is not None


def is_str(v):
    return isinstance(v, tuple)


def pattern_prefix(pattern):
    """A pattern's text before its first unescaped '*', and whether
    anything follows that '*' (LTTng's full pattern)."""
    out, i = [], 0
    while i < len(pattern):
        if pattern.startswith("\\*", i):
            out.append("*")
            i += 2
        elif pattern[i] == "*":
            return "".join(out), i + 1 < len(pattern)
        else:
            out.append(pattern[i])
            i += 1
    return "".join(out), False


def string_order(a, a_pat, b, b_pat):
    """LTTng's order of two strings, a star-at-the-end pattern standing
    for its prefix followed by anything: -1, 0 or 1."""
    x = pattern_prefix(a)[0].encode() if a_pat else a.encode()
    y = pattern_prefix(b)[0].encode() if b_pat else b.encode()
    n = 0
    while n < len(x) and n < len(y) and x[n] == y[n]:
        n += 1
    if (a_pat and n == len(x)) or (b_pat and n == len(y)):
        return 0
    if n < len(x) and n < len(y):
        return -1 if x[n] < y[n] else 1
    return (len(x) > len(y)) - (len(x) < len(y))


def compare(op, a, b):
    if is_str(a) != is_str(b):
        raise Never("string against number")
    if is_str(a):
        (sa, ga), (sb, gb) = a, b
        full_a = ga and pattern_prefix(sa)[1]
        full_b = gb and pattern_prefix(sb)[1]
        if full_a or full_b:
            # LTTng's compiler refuses the other cases.
            if op not in ("==", "!=") or (ga and gb):
                raise Never("a full pattern with another operator")
            eq = glob_match(sa, sb) if full_a else glob_match(sb, sa)
            return int(eq == (op == "=="))
        cmp = string_order(sa, ga, sb, gb)
        a, b = cmp, 0
    return int({"<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b,
                "==": a == b, "!=": a != b}[op])


def truth(v):
    if is_str(v):
        raise Never("string as a truth value")
    return v != 0


def as_int(v):
    if is_str(v) or isinstance(v, float):
        raise Never("bitwise operand is not an integer")
    return v


def bitwise(op, a, b):
    a, b = as_int(a) & MASK, as_int(b)
    if op in ("<<", ">>"):
        if b < 0 or b > 63:
            raise Never("shift count out of range")
        return wrap(a << b if op == "<<" else a >> b)
    b &= MASK
    return wrap({"&": a & b, "|": a | b, "^": a ^ b}[op])


def value(node, event):
    kind = node[0]
    if kind == "int" or kind == "float":
        return node[1]
    if kind == "str":
        return (node[1], node[2])
    if kind == "ref":
        if node[1] not in event:
            raise Never(f"no field {node[1]}")
        v = event[node[1]]
        if isinstance(v, list):
            raise Never("array used as a value")
        return (v, False) if isinstance(v, str) else v
    if kind == "index":
        base = event.get(node[1][1])
        if not isinstance(base, list) or not 0 <= node[2] < len(base):
            raise Never("index out of bounds")
        return base[node[2]]
    if kind == "un":
        v = value(node[2], event)
        if node[1] == "!":
            return int(not truth(v))
        if is_str(v):
            raise Never("unary operator on a string")
        if node[1] == "~":
            return wrap(~as_int(v))
        if node[1] == "-":
            return -v if isinstance(v, float) else wrap(-v)
        return v
    op, left, right = node[1], node[2], node[3]
    if op in ("&&", "||"):
        t = truth(value(left, event))
        if t == (op == "||"):
            return int(t)
        return int(truth(value(right, event)))
    a, b = value(left, event), value(right, event)
    if op in ("<<", ">>", "&", "|", "^"):
        return bitwise(op, a, b)
    return compare(op, a, b)


def references(node):
    """Every field and context the expression names (statically)."""
    kind = node[0]
    if kind == "ref":
        return {node[1]}
    if kind == "index":
        return references(node[1])
    if kind == "un":
        return references(node[2])
    if kind == "bin":
        return references(node[2]) | references(node[3])
    return set()


def static_type(node, event):
    """"str", "int", "float" or "num" (unknown number); raises Never for
    operand types the tracer's linker already knows cannot work."""
    kind = node[0]
    if kind in ("int", "float", "str"):
        return kind
    if kind == "ref":
        v = event[node[1]]
        if isinstance(v, list):
            raise Never("array used as a value")
        return "str" if isinstance(v, str) else (
            "float" if isinstance(v, float) else "int")
    if kind == "index":
        return "int"
    if kind == "un":
        t = static_type(node[2], event)
        if t == "str":
            raise Never("unary operator on a string")
        if node[1] == "~" and t == "float":
            raise Never("~ on a float")
        return "int" if node[1] in ("!", "~") else t
    op = node[1]
    a, b = static_type(node[2], event), static_type(node[3], event)
    if op in ("&&", "||"):
        if "str" in (a, b):
            raise Never("string as a truth value")
        return "int"
    if op in ("<<", ">>", "&", "|", "^"):
        if "str" in (a, b) or "float" in (a, b):
            raise Never("bitwise operand is not an integer")
        return "int"
    if (a == "str") != (b == "str"):
        raise Never("string against number")
    return "int"


def select(tree, event):
    """Whether the event passes the filter."""
    if not references(tree) <= set(event):
        return False  # linked to "never": even `missing || 1` is false
    try:
        static_type(tree, event)
        return truth(value(tree, event))
    except Never:
        return False
