"""Reading Swift source as text, for the lints in this folder (.ci/lint-32-bit-int,
.ci/lint-availability): each line's code with comments and string literals blanked, and its
comment text."""

import re


def strip(lines):
    """The code of each line with comments and string literals blanked, and each line's comment."""
    code, comments = [], []
    in_block = 0
    in_multiline = False
    for line in lines:
        out, comment, i = [], [], 0
        while i < len(line):
            rest = line[i:]
            if in_block:
                end = rest.find("*/")
                start = rest.find("/*")
                if start != -1 and (end == -1 or start < end):
                    in_block += 1
                    comment.append(rest[:start + 2])
                    i += start + 2
                    continue
                if end == -1:
                    comment.append(rest)
                    break
                in_block -= 1
                comment.append(rest[:end])
                i += end + 2
                continue
            if in_multiline:
                end = rest.find('"""')
                if end == -1:
                    break
                in_multiline = False
                i += end + 3
                continue
            if rest.startswith("//"):
                comment.append(rest[2:])
                break
            if rest.startswith("/*"):
                in_block = 1
                i += 2
                continue
            if rest.startswith('"""'):
                in_multiline = True
                i += 3
                continue
            match = re.match(r'#*"', rest)
            if match:
                hashes = len(match.group(0)) - 1
                closing = '"' + "#" * hashes
                j = len(match.group(0))
                while j < len(rest):
                    if rest[j] == "\\" and hashes == 0:
                        j += 2
                        continue
                    if rest.startswith(closing, j):
                        j += len(closing)
                        break
                    j += 1
                out.append('""')
                i += j
                continue
            out.append(line[i])
            i += 1
        code.append("".join(out))
        comments.append(" ".join(comment))
    return code, comments
