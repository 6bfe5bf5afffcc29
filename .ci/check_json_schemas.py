#!/usr/bin/env python3
"""Checks the JSON Schema corpus with the reference validator (the `jsonschema` package).

Reads the folder the Swift corpus wrote (MANTLE_SCHEMA_CASES): `schemas/<id>.json` (each model's
complete schema) and `schemas/<id>.strict.json` (its strict structured-output subset), and
`cases.jsonl` (one document a line, with the decoder's verdict). Then:

- every schema must be valid against the draft 2020-12 metaschema;
- every document the decoder accepts must validate against its complete schema;
- every document the decoder refuses for the type of a value or a declared rule, where the
  schema claims to follow the decoder (expectation "invalid"), must fail to validate, and so must
  the documented exception (a set's duplicate elements, which the decoder merges);
- documents refused for reasons a schema cannot state (expectation "either") are counted only;
- no document the decoder refuses for a type or rule reason may validate against the strict subset
  (which admits less), where that subset states every rule the decoder checks as keywords (it says
  some, string lengths among them, only in words).

Prints the agreement figures and every disagreement; exits 1 on any.
Usage: check_json_schemas.py <folder>
"""

import json
import os
import sys

import jsonschema
from jsonschema import Draft202012Validator


def main() -> int:
    folder = sys.argv[1]
    schema_folder = os.path.join(folder, "schemas")
    validators = {}
    invalid_schemas = []
    for name in sorted(os.listdir(schema_folder)):
        with open(os.path.join(schema_folder, name), encoding="utf-8") as file:
            schema = json.load(file)
        try:
            Draft202012Validator.check_schema(schema)
        except jsonschema.exceptions.SchemaError as error:
            invalid_schemas.append(f"{name}: {error.message}")
            continue
        validators[name[: -len(".json")]] = Draft202012Validator(schema)

    with open(os.path.join(folder, "summary.json"), encoding="utf-8") as file:
        summary = json.load(file)

    accepted = accepted_valid = 0
    refused = refused_invalid = 0
    documented = documented_invalid = 0
    either = 0
    strict_valid = strict_valid_accepted = 0
    disagreements = []
    with open(os.path.join(folder, "cases.jsonl"), encoding="utf-8") as file:
        for line in file:
            case = json.loads(line)
            validator = validators.get(case["schema"])
            strict = validators.get(case["schema"] + ".strict")
            if validator is None or strict is None:
                disagreements.append(f"{case['schema']}: no valid schema for {case['label']}")
                continue
            document = case["document"]
            valid = validator.is_valid(document)
            expectation = case["expectation"]
            if expectation == "valid":
                accepted += 1
                if valid:
                    accepted_valid += 1
                else:
                    error = jsonschema.exceptions.best_match(validator.iter_errors(document))
                    disagreements.append(
                        f"ACCEPTED by the decoder, INVALID for the schema: {case['schema']} | {case['label']}\n"
                        f"    {error.message[:300]} at {list(error.absolute_path)}\n"
                        f"    {json.dumps(document)[:300]}")
            elif expectation == "invalid" and case["accepted"]:
                documented += 1
                if not valid:
                    documented_invalid += 1
                else:
                    disagreements.append(
                        f"DOCUMENTED REFUSAL not refused: {case['schema']} | {case['label']} ({case['reason']})")
            elif expectation == "invalid":
                refused += 1
                if not valid:
                    refused_invalid += 1
                else:
                    disagreements.append(
                        f"REFUSED by the decoder, VALID for the schema: {case['schema']} | {case['label']}\n"
                        f"    decoder: {case['reason'][:300]}\n"
                        f"    {json.dumps(document)[:300]}")
            else:
                either += 1
            if strict.is_valid(document):
                strict_valid += 1
                if case["accepted"]:
                    strict_valid_accepted += 1
                elif case["strictRefuses"]:
                    disagreements.append(
                        f"REFUSED by the decoder, VALID for the strict subset: {case['schema']} | {case['label']}\n"
                        f"    decoder: {case['reason'][:300]}")

    complete = sum(1 for name in validators if not name.endswith(".strict"))
    print(f"check-json-schemas: jsonschema {jsonschema_version()}, draft 2020-12")
    print(f"  schemas valid against the metaschema: {len(validators)} of {len(validators) + len(invalid_schemas)}"
          f" ({complete} complete + {len(validators) - complete} strict subsets)")
    print(f"  documents the decoder accepts that validate: {accepted_valid} of {accepted}")
    print(f"  documents the decoder refuses (type or rule) that fail to validate: {refused_invalid} of {refused}")
    print(f"  documents the decoder accepts that the schema refuses as documented (a set's duplicate elements): "
          f"{documented_invalid} of {documented}")
    print(f"  documents not compared (refused by validate(), by a rule said only in words or by a transformer, "
          f"or breaking a constraint this build does not check): {either}")
    print(f"  documents the strict subsets admit: {strict_valid}, of which the decoder accepts {strict_valid_accepted}")
    print(f"  constraints checked while decoding: {'yes' if summary.get('decoderChecksConstraints') else 'no'}"
          + ("" if summary.get("decoderChecksConstraints") else " (mutants breaking constraints are not made)"))
    for problem in invalid_schemas:
        print(f"INVALID SCHEMA: {problem}")
    for problem in disagreements:
        print(problem)
    failed = len(invalid_schemas) + len(disagreements)
    print(f"  disagreements: {failed}")
    return 1 if failed else 0


def jsonschema_version() -> str:
    try:
        from importlib.metadata import version
        return version("jsonschema")
    except Exception:  # noqa: BLE001 - the version is only shown
        return "?"


if __name__ == "__main__":
    sys.exit(main())
