#!/usr/bin/env python3
"""Writes the names-only part of DarwinNames.swift from names.tsv (name, kind, module, evidence).

Run after editing names.tsv: `python3 .ci/darwin-sdk/generate.py`. `.ci/check-darwin-names`
fails when the file is not what this script writes.
"""
import pathlib
import sys

here = pathlib.Path(__file__).resolve().parent
marker = "// MARK: Names only (generated from names.tsv by generate.py; do not edit below this line)\n"
# Declared in the handwritten part above the marker, with Darwin's shape.
handwritten = {"ValueTransformer", "NSValueTransformerName"}  # DarwinFoundation.swift
templates = {
    "struct": "public struct {name} {{}}",
    "class": "open class {name} {{}}",
    "enum": "public enum {name} {{}}",
    "protocol": "public protocol {name} {{}}",
    "typealias": "public typealias {name} = Never",
    "macro": None,  # an attached macro is not a type: type lookup never finds it (see names.tsv)
}


def generated(tsv: str) -> str:
    lines, seen = [], set()
    for number, row in enumerate(tsv.splitlines(), 1):
        if not row.strip() or row.startswith("#"):
            continue
        fields = row.split("\t")
        if len(fields) < 4:
            sys.exit(f"names.tsv:{number}: expected name, kind, module, evidence separated by tabs")
        name, kind, module = fields[0], fields[1], fields[2]
        if kind not in templates:
            sys.exit(f"names.tsv:{number}: unknown kind {kind!r}")
        if name in seen:
            sys.exit(f"names.tsv:{number}: {name} is listed twice")
        seen.add(name)
        if name in handwritten or templates[kind] is None:
            continue
        lines.append(f"{templates[kind].format(name=name)}  // {module}")
    return "\n".join(lines) + "\n"


def main() -> None:
    swift = here / "DarwinNames.swift"
    text = swift.read_text()
    head = text.split(marker)[0]
    expected = head + marker + generated((here / "names.tsv").read_text())
    if "--check" in sys.argv:
        if text != expected:
            sys.exit("DarwinNames.swift is not what generate.py writes from names.tsv: run python3 .ci/darwin-sdk/generate.py")
        return
    swift.write_text(expected)


main()
